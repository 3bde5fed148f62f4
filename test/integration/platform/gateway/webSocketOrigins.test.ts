/**
 * Which pages may open the WebSocket when SVC_SECURITY_CORS_ALLOWED_ORIGINS is set (issue 27,
 * item 1): the server's own origin always (the console it serves at /app/), the listed ones, and no
 * other. Before, only listed origins passed: the console the server serves itself was refused 403
 * and never got live updates. Behind a proxy that rewrites Host, X-Forwarded-Host names the public
 * host, believed only from SVC_TRUSTED_PROXIES. A CORS preflight follows the same rule. The upgrade
 * goes over a bare socket so the test sees the exact answer; the rules do not depend on the
 * database: one backend is enough.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { embeddedBackend } from '../../../support/backends.js';
import { RawConnection, upgradeRequest, type RawResponse } from '../../../support/rawHttp.js';
import { call, startTestServer, type TestServer } from '../../../support/testServer.js';

const LISTED = 'https://ops.example.com';

async function upgrade(t: TestServer, headers: Record<string, string>): Promise<RawResponse> {
  const connection = await RawConnection.open(t.server.port);
  try {
    await connection.write(upgradeRequest('/graphql/ws', { host: `127.0.0.1:${t.server.port}`, ...headers }));
    return await connection.response();
  } finally {
    connection.close();
  }
}

describe(`WebSocket upgrades and preflights with SVC_SECURITY_CORS_ALLOWED_ORIGINS=${LISTED}`, () => {
  let t: TestServer;
  before(async () => {
    t = await startTestServer(embeddedBackend, { env: { SVC_SECURITY_CORS_ALLOWED_ORIGINS: LISTED } });
  });
  after(() => t.close());

  it("an upgrade from the server's own origin (the console it serves) is accepted, though not listed", async () => {
    const res = await upgrade(t, { origin: `http://127.0.0.1:${t.server.port}` });
    assert.equal(res.status, 101, res.body);
  });

  it('an upgrade from a listed origin is accepted', async () => {
    assert.equal((await upgrade(t, { origin: LISTED })).status, 101);
  });

  it('an upgrade without Origin (an agent, a script) is accepted, as before', async () => {
    assert.equal((await upgrade(t, {})).status, 101);
  });

  const refused: Array<[string, string]> = [
    ['another host', 'https://evil.example.net'],
    ['the same host on another port', 'http://127.0.0.1:1'],
    ['a host that only starts like a listed one', 'https://ops.example.com.evil.net'],
    ['an opaque origin', 'null'],
  ];
  for (const [what, origin] of refused) {
    it(`an upgrade from an origin neither own nor listed (${what}) is still refused 403, naming the host it was sent to`, async () => {
      const res = await upgrade(t, { origin });
      assert.equal(res.status, 403);
      assert.match(
        JSON.parse(res.body).error,
        new RegExp(`origin ${origin.replace(/[.]/g, '\\.')} is not allowed.*host 127\\.0\\.0\\.1:${t.server.port}`),
      );
    });
  }

  it('a refused upgrade is logged as a warning naming the origin and the host, once per pair', async () => {
    const origin = 'https://logged.example.net';
    await upgrade(t, { origin });
    await upgrade(t, { origin });
    const lines = t.logs.filter((line) => line['origin'] === origin);
    assert.equal(lines.length, 1, JSON.stringify(lines));
    assert.equal(lines[0]!['level'], 'warn');
    assert.equal(lines[0]!['host'], `127.0.0.1:${t.server.port}`);
  });

  it("an X-Forwarded-Host from a peer that is not a trusted proxy does not make a page the server's own", async () => {
    const res = await upgrade(t, { origin: 'https://evil.example.net', 'x-forwarded-host': 'evil.example.net' });
    assert.equal(res.status, 403);
  });

  it("a CORS preflight from the server's own origin is allowed like a listed one; another origin's is still 403", async () => {
    const preflight = (origin: string) =>
      call(t.url, 'OPTIONS', '/graphql', undefined, {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      });
    const own = await preflight(`http://127.0.0.1:${t.server.port}`);
    assert.equal(own.status, 204);
    assert.equal(own.headers.get('access-control-allow-origin'), `http://127.0.0.1:${t.server.port}`);
    assert.equal((await preflight('https://evil.example.net')).status, 403);
  });
});

describe('behind a trusted proxy (SVC_TRUSTED_PROXIES) that rewrites Host', () => {
  let t: TestServer;
  before(async () => {
    t = await startTestServer(embeddedBackend, { env: { SVC_SECURITY_CORS_ALLOWED_ORIGINS: LISTED, SVC_TRUSTED_PROXIES: '127.0.0.1' } });
  });
  after(() => t.close());

  it("X-Forwarded-Host names the public host: the console's public origin is the server's own", async () => {
    const res = await upgrade(t, {
      host: '10.0.0.9:8080',
      'x-forwarded-host': 'console.example.com',
      origin: 'https://console.example.com',
    });
    assert.equal(res.status, 101, res.body);
  });

  it('another origin is still refused there', async () => {
    const res = await upgrade(t, { host: '10.0.0.9:8080', 'x-forwarded-host': 'console.example.com', origin: 'https://evil.example.net' });
    assert.equal(res.status, 403);
    assert.match(JSON.parse(res.body).error, /host console\.example\.com/);
  });
});
