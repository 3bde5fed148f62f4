import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, it } from 'node:test';
import { sendOutbound, type OutboundPolicy, type OutboundRequest } from '../../../../src/platform/outbound/outboundRequest.js';
import { watchOutgoing } from '../../../support/outbound.js';
import { useReceivers, type HttpReceiver } from '../../../support/receiver.js';

// Redirect rules against real receivers on 127.0.0.1 (allowlisted). Two receivers on different
// ports are different origins, which is how the cross-origin rules are exercised.

const startReceiver = useReceivers();

function redirectTo(status: number, location: string) {
  return (_: IncomingMessage, res: ServerResponse): void => void res.writeHead(status, { location }).end('moved');
}

const POLICY: OutboundPolicy = { allowPrivate: false, hostAllowlist: ['127.0.0.1'] };
const signedPost = (url: string, extra: Partial<OutboundRequest> = {}): OutboundRequest => ({
  url,
  method: 'POST',
  headers: {
    'Content-Type': 'application/json',
    'X-Svc-Signature': 'sha256=00',
    Authorization: 'Bearer t',
    'X-Custom': 'c',
    'User-Agent': 'svc-test',
  },
  body: '{"id":"1"}',
  timeoutMs: 3000,
  ...extra,
});

/** /hop/N answers 302 to /hop/N-1; /hop/0 answers 200. */
async function startChain(): Promise<HttpReceiver> {
  return startReceiver((req, res) => {
    const left = Number(req.url?.split('/')[2]);
    if (left > 0) res.writeHead(302, { location: `/hop/${left - 1}` }).end();
    else res.end('arrived');
  });
}

describe('redirect limits', () => {
  it('follows five redirects', async () => {
    const chain = await startChain();
    const result = await sendOutbound(signedPost(`${chain.url}/hop/5`), POLICY);
    assert.deepEqual(result.kind === 'response' && [result.status, result.redirects, result.excerpt, result.finalUrl], [
      200,
      5,
      'arrived',
      `${chain.url}/hop/0`,
    ]);
  });

  it('fails on the sixth, without calling its target', async () => {
    const chain = await startChain();
    const result = await sendOutbound(signedPost(`${chain.url}/hop/6`), POLICY);
    assert.equal(result.kind, 'failed');
    assert.deepEqual(result.kind === 'failed' && [result.timedOut, result.reason], [
      false,
      `too many redirects (more than 5); the last one pointed to ${chain.url}/hop/0`,
    ]);
    assert.equal(chain.requests.length, 6); // the first request and five followed hops
  });

  it('never follows more than five, even when asked to', async () => {
    const chain = await startChain();
    const result = await sendOutbound(signedPost(`${chain.url}/hop/6`, { maxRedirects: 50 }), POLICY);
    assert.equal(result.kind, 'failed');
  });

  it('follows fewer when maxRedirects says so', async () => {
    const chain = await startChain();
    const result = await sendOutbound(signedPost(`${chain.url}/hop/2`, { maxRedirects: 1 }), POLICY);
    assert.match(result.kind === 'failed' ? result.reason : '', /too many redirects \(more than 1\)/);
  });
});

describe('every hop is validated again', () => {
  it('refuses a chain that ends at the metadata address, after exactly the allowed hops', async () => {
    const metadata = 'http://169.254.169.254/latest/meta-data/iam/security-credentials/';
    const second = await startReceiver(redirectTo(302, metadata));
    const first = await startReceiver(redirectTo(302, `${second.url}/next`));
    const outgoing = watchOutgoing();
    const result = await sendOutbound(signedPost(`${first.url}/start`), POLICY);
    outgoing.stop();
    assert.equal(result.kind, 'refused');
    assert.equal(result.kind === 'refused' && result.url, metadata);
    assert.equal(
      result.kind === 'refused' && result.reason,
      `redirect 2 to ${metadata} refused: address 169.254.169.254 is cloud metadata endpoint, never allowed`,
    );
    assert.deepEqual([first.connections, second.connections, outgoing.requests], [1, 1, 2]);
  });

  it('refuses a hop to a host that is not on the allowlist, and a hop to another scheme', async () => {
    const toLocalhost = await startReceiver(redirectTo(302, 'http://localhost/admin'));
    const toFile = await startReceiver(redirectTo(301, 'file:///etc/passwd'));
    const byName = await sendOutbound(signedPost(toLocalhost.url), POLICY);
    const byScheme = await sendOutbound(signedPost(toFile.url), POLICY);
    assert.equal(
      byName.kind === 'refused' && byName.reason,
      'redirect 1 to http://localhost/admin refused: host localhost is not on the webhook host allowlist',
    );
    assert.equal(
      byScheme.kind === 'refused' && byScheme.reason,
      'redirect 1 to file:///etc/passwd refused: scheme file: is not allowed (http and https only)',
    );
  });
});

describe('methods, bodies and headers across redirects', () => {
  it('turns a 303 into a GET without body or body headers', async () => {
    const receiver = await startReceiver((req, res) => {
      if (req.url === '/in') res.writeHead(303, { location: '/done' }).end();
      else res.end('done');
    });
    const result = await sendOutbound(signedPost(`${receiver.url}/in`), POLICY);
    assert.equal(result.kind === 'response' && result.excerpt, 'done');
    const hop = receiver.requests[1];
    assert.deepEqual([hop?.method, hop?.url, hop?.body], ['GET', '/done', '']);
    assert.deepEqual(
      [hop?.headers['content-type'], hop?.headers['content-length'], hop?.headers['x-svc-signature']],
      [undefined, undefined, undefined],
    );
    assert.equal(hop?.headers.authorization, 'Bearer t'); // same origin: the caller's other headers stay
  });

  it('re-sends method, body and signature on a same-origin 307', async () => {
    const receiver = await startReceiver((req, res) => {
      if (req.url === '/in') res.writeHead(307, { location: '/v2/in' }).end();
      else res.end('v2');
    });
    const result = await sendOutbound(signedPost(`${receiver.url}/in`), POLICY);
    assert.equal(result.kind === 'response' && result.redirects, 1);
    const hop = receiver.requests[1];
    assert.deepEqual([hop?.method, hop?.url, hop?.body, hop?.headers['x-svc-signature']], ['POST', '/v2/in', '{"id":"1"}', 'sha256=00']);
  });

  it('does not re-send the body on a 307 to another origin: the 307 is the answer', async () => {
    const elsewhere = await startReceiver((_, res) => res.end('should not be reached'));
    const receiver = await startReceiver(redirectTo(307, `${elsewhere.url}/steal`));
    const result = await sendOutbound(signedPost(receiver.url), POLICY);
    assert.deepEqual(result.kind === 'response' && [result.status, result.redirects, result.unfollowedRedirect, result.excerpt], [
      307,
      0,
      `${elsewhere.url}/steal`,
      'moved',
    ]);
    assert.equal(elsewhere.connections, 0);
  });

  it('strips credentials, signature and custom headers on a hop to another origin', async () => {
    const elsewhere = await startReceiver((_, res) => res.end('landed'));
    const receiver = await startReceiver(redirectTo(302, `${elsewhere.url}/landing`));
    const result = await sendOutbound(signedPost(receiver.url), POLICY);
    assert.equal(result.kind === 'response' && result.excerpt, 'landed');
    const hop = elsewhere.requests[0];
    assert.deepEqual([hop?.method, hop?.body, hop?.headers['user-agent']], ['GET', '', 'svc-test']);
    for (const name of ['authorization', 'x-svc-signature', 'x-custom', 'content-type']) assert.equal(hop?.headers[name], undefined, name);
  });

  it('returns a 3xx without Location as the answer', async () => {
    const receiver = await startReceiver((_, res) => res.writeHead(302).end('no location'));
    const result = await sendOutbound(signedPost(receiver.url), POLICY);
    assert.deepEqual(result.kind === 'response' && [result.status, result.excerpt, result.redirects], [302, 'no location', 0]);
  });
});
