import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createSecureContext } from 'node:tls';
import { after, before, describe, it } from 'node:test';
import {
  createConnectionPool,
  sendOutbound,
  type OutboundPolicy,
  type ResolvedAddress,
} from '../../../../src/platform/outbound/outboundRequest.js';

// The connection goes to a pinned address, but TLS must still check the certificate against the
// host NAME: the ClientHello carries the name as SNI, and verification stays on. This self-signed
// certificate for receiver.test (valid until 2126) is not trusted, so every handshake must fail
// with a certificate error; what the server saw of the handshake shows which name was asked for.
// (Node 20 cannot add a trusted CA at run time, so the positive case is not tested here.)

const KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg64L3gsYkR3uh7dwa
rlg3+SRCikbXMar7vO1d+DMpsL2hRANCAAR5LEEooMj7boMFqIXtn53yQ7HyfrU0
39xjrJpGMQFO4YclbhxOt78pFpmixsGwHqIib5Z7N3xucuz0PKSt+fFZ
-----END PRIVATE KEY-----`;
const CERT = `-----BEGIN CERTIFICATE-----
MIIBoTCCAUegAwIBAgIUAUdTJ6cZTbFhlAle4Dn3ICneICwwCgYIKoZIzj0EAwIw
GDEWMBQGA1UEAwwNcmVjZWl2ZXIudGVzdDAgFw0yNjExMjIxNzU2NThaGA8yMTI2
MTAyOTE3NTY1OFowGDEWMBQGA1UEAwwNcmVjZWl2ZXIudGVzdDBZMBMGByqGSM49
AgEGCCqGSM49AwEHA0IABHksQSigyPtugwWohe2fnfJDsfJ+tTTf3GOsmkYxAU7h
hyVuHE63vykWmaLGwbAeoiJvlns3fG5y7PQ8pK358VmjbTBrMB0GA1UdDgQWBBTz
Kbt9RJdlwYCAdaCR3Xc4CVZlejAfBgNVHSMEGDAWgBTzKbt9RJdlwYCAdaCR3Xc4
CVZlejAPBgNVHRMBAf8EBTADAQH/MBgGA1UdEQQRMA+CDXJlY2VpdmVyLnRlc3Qw
CgYIKoZIzj0EAwIDSAAwRQIhAL2zFjdP41bg3KuIeiAr60Gwh45wj2b3yAJ9FQZF
Vx2HAiB8w9t4PDO2Qy/wHAXATQdXvjCr8xB4Y/6cGHMCgah3qg==
-----END CERTIFICATE-----`;

const serverNames: (string | undefined)[] = [];
let answered = 0;
const server = createServer(
  {
    key: KEY,
    cert: CERT,
    SNICallback: (name, done) => {
      serverNames.push(name);
      done(null, createSecureContext({ key: KEY, cert: CERT }));
    },
  },
  (_, res) => {
    answered += 1;
    res.end('should not be reached');
  },
);
let port = 0;
before(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});
after(() => {
  server.closeAllConnections();
  server.close();
});

const toLoopback = async (): Promise<readonly ResolvedAddress[]> => [{ address: '127.0.0.1', family: 4 }];
const post = (url: string) => ({ url, method: 'POST', headers: {}, body: '{}', timeoutMs: 3000 });

describe('https through a pinned address', () => {
  it('sends the host name as SNI and refuses the untrusted certificate', async () => {
    const policy: OutboundPolicy = { allowPrivate: false, hostAllowlist: ['receiver.test'], resolve: toLoopback };
    const result = await sendOutbound(post(`https://receiver.test:${port}/hook`), policy);
    assert.equal(result.kind, 'failed');
    assert.match(result.kind === 'failed' ? result.reason : '', /self[- ]signed certificate/);
    assert.deepEqual(serverNames, ['receiver.test']);
    assert.equal(answered, 0);
  });

  it('sends no SNI for an address literal, and still verifies the certificate', async () => {
    serverNames.length = 0;
    const result = await sendOutbound(post(`https://127.0.0.1:${port}/hook`), { allowPrivate: false, hostAllowlist: ['127.0.0.1'] });
    assert.equal(result.kind, 'failed');
    assert.match(result.kind === 'failed' ? result.reason : '', /self[- ]signed certificate/);
    assert.deepEqual(serverNames, []);
    assert.equal(answered, 0);
  });

  it('does the same through the keep-alive pool (the pool dials TCP, TLS goes on top with the name)', async () => {
    serverNames.length = 0;
    const connections = createConnectionPool();
    const policy: OutboundPolicy = { allowPrivate: false, hostAllowlist: ['receiver.test'], resolve: toLoopback };
    for (let i = 0; i < 2; i += 1) {
      const result = await sendOutbound(post(`https://receiver.test:${port}/hook`), policy, connections);
      assert.equal(result.kind, 'failed');
      assert.match(result.kind === 'failed' ? result.reason : '', /self[- ]signed certificate/);
    }
    connections.close();
    // Each attempt handshook anew: a socket that failed verification is never kept.
    assert.deepEqual(serverNames, ['receiver.test', 'receiver.test']);
    assert.equal(answered, 0);
  });
});
