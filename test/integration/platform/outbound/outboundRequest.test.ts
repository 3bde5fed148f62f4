import assert from 'node:assert/strict';
import { once } from 'node:events';
import { describe, it } from 'node:test';
import { sendOutbound, type OutboundPolicy, type OutboundRequest } from '../../../../src/platform/outbound/outboundRequest.js';
import { scriptedResolver, watchOutgoing } from '../../../support/outbound.js';
import { useReceivers } from '../../../support/receiver.js';

// Real receivers on loopback; the policy lets 127.0.0.1 through (allowlist or allowPrivate) where a
// test needs a connection. "No socket" is proven twice: the receiver counts accepted connections,
// and node's diagnostics channels count every client request and socket this process creates.

const startReceiver = useReceivers();

const LOOPBACK_ONLY: OutboundPolicy = { allowPrivate: false, hostAllowlist: ['127.0.0.1'] };
const STRICT: OutboundPolicy = { allowPrivate: false, hostAllowlist: [] };
const post = (url: string, extra: Partial<OutboundRequest> = {}): OutboundRequest => ({
  url,
  method: 'POST',
  headers: { 'Content-Type': 'application/json', 'X-Svc-Signature': 'sha256=00' },
  body: '{"id":"1"}',
  timeoutMs: 2000,
  ...extra,
});

describe('sendOutbound to an allowed receiver', () => {
  it('delivers method, headers and body, and returns status and excerpt', async () => {
    const receiver = await startReceiver((_, res) => res.writeHead(202).end('accepted'));
    const result = await sendOutbound(post(`${receiver.url}/hook?x=1`), LOOPBACK_ONLY);
    assert.equal(result.kind, 'response');
    assert.deepEqual(result.kind === 'response' && { ...result, durationMs: 0 }, {
      kind: 'response',
      status: 202,
      excerpt: 'accepted',
      durationMs: 0,
      finalUrl: `${receiver.url}/hook?x=1`,
      redirects: 0,
    });
    const [seen] = receiver.requests;
    assert.equal(seen?.method, 'POST');
    assert.equal(seen?.url, '/hook?x=1');
    assert.equal(seen?.body, '{"id":"1"}');
    assert.equal(seen?.headers['content-type'], 'application/json');
    assert.equal(seen?.headers['content-length'], '10');
    assert.equal(seen?.headers['x-svc-signature'], 'sha256=00');
    assert.equal(seen?.headers.host, `127.0.0.1:${receiver.port}`);
  });

  it('reaches an IPv6 literal, with the bracketed host in Host', async () => {
    const receiver = await startReceiver((_, res) => res.end('six'), { host: '::1' });
    const result = await sendOutbound(post(`http://[::1]:${receiver.port}/`), { allowPrivate: false, hostAllowlist: ['::1'] });
    assert.equal(result.kind === 'response' && result.excerpt, 'six');
    assert.equal(receiver.requests[0]?.headers.host, `[::1]:${receiver.port}`);
  });

  it('keeps at most excerptBytes of an endless body and closes the connection', async () => {
    let responseClosed: Promise<unknown> = Promise.resolve();
    const receiver = await startReceiver((_, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      responseClosed = once(res, 'close');
      const pump = (): void => {
        while (!res.destroyed && res.write('x'.repeat(16 * 1024)));
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
    });
    const result = await sendOutbound(post(receiver.url, { excerptBytes: 100 }), LOOPBACK_ONLY);
    assert.equal(result.kind, 'response');
    assert.equal(result.kind === 'response' && result.excerpt, 'x'.repeat(100));
    await responseClosed; // the receiver sees us hang up instead of reading on
  });

  it('caps the excerpt at 2048 bytes by default', async () => {
    const receiver = await startReceiver((_, res) => res.end('y'.repeat(5000)));
    const result = await sendOutbound(post(receiver.url), LOOPBACK_ONLY);
    assert.equal(result.kind === 'response' && result.excerpt.length, 2048);
  });

  it('treats a time-out beyond the timer range as long, not as immediate', async () => {
    const receiver = await startReceiver((_, res) => setImmediate(() => res.end('late but fine')));
    const result = await sendOutbound(post(receiver.url, { timeoutMs: 2 ** 40 }), LOOPBACK_ONLY);
    assert.equal(result.kind === 'response' && result.excerpt, 'late but fine');
  });

  it('fails with timedOut when the receiver never answers', async () => {
    const receiver = await startReceiver(() => undefined);
    const result = await sendOutbound(post(receiver.url, { timeoutMs: 150 }), LOOPBACK_ONLY);
    assert.equal(result.kind, 'failed');
    assert.equal(result.kind === 'failed' && result.timedOut, true);
    assert.ok(result.durationMs >= 140, String(result.durationMs));
  });

  it('fails with timedOut when the body stalls after the headers', async () => {
    const receiver = await startReceiver((_, res) => {
      res.writeHead(200);
      res.write('partial');
    });
    const result = await sendOutbound(post(receiver.url, { timeoutMs: 150 }), LOOPBACK_ONLY);
    assert.deepEqual(result.kind === 'failed' && result.timedOut, true);
  });

  it('fails without timedOut when the caller aborts', async () => {
    const receiver = await startReceiver(() => undefined);
    const controller = new AbortController();
    const pending = sendOutbound(post(receiver.url, { signal: controller.signal }), LOOPBACK_ONLY);
    while (receiver.requests.length === 0) await new Promise((r) => setImmediate(r)); // until the request arrived
    controller.abort();
    const result = await pending;
    assert.deepEqual(result.kind === 'failed' && [result.timedOut, result.reason], [false, 'aborted by the caller']);
  });

  it('fails (not refused) when the validated receiver refuses the connection', async () => {
    const receiver = await startReceiver(() => undefined);
    await receiver.close();
    const result = await sendOutbound(post(receiver.url), LOOPBACK_ONLY);
    assert.equal(result.kind, 'failed');
    assert.match(result.kind === 'failed' ? result.reason : '', /ECONNREFUSED/);
  });
});

describe('refusals open no socket', () => {
  it('refuses a name that resolves to loopback, before connecting', async () => {
    const receiver = await startReceiver((_, res) => res.end('should not be reached'));
    const resolve = scriptedResolver(() => [{ address: '127.0.0.1', family: 4 }]);
    const outgoing = watchOutgoing();
    const result = await sendOutbound(post(`http://receiver.example.com:${receiver.port}/`), { ...STRICT, resolve });
    outgoing.stop();
    assert.equal(result.kind, 'refused');
    assert.match(result.kind === 'refused' ? result.reason : '', /receiver\.example\.com resolves to 127\.0\.0\.1.*loopback/);
    assert.deepEqual([receiver.connections, outgoing.requests, outgoing.sockets, resolve.calls.length], [0, 0, 0, 1]);
  });

  it('refuses loopback literals, in any spelling, under the default policy', async () => {
    const receiver = await startReceiver((_, res) => res.end('should not be reached'));
    const outgoing = watchOutgoing();
    for (const host of ['127.0.0.1', '2130706433', '0177.0.0.1', '0x7f.1', '[::ffff:127.0.0.1]', 'localhost']) {
      const result = await sendOutbound(post(`http://${host}:${receiver.port}/`), STRICT);
      assert.equal(result.kind, 'refused', host);
    }
    outgoing.stop();
    assert.deepEqual([receiver.connections, outgoing.requests, outgoing.sockets], [0, 0, 0]);
  });

  it('refuses on DNS failure, without retrying', async () => {
    const resolve = scriptedResolver(() => {
      throw Object.assign(new Error('queryA ENOTFOUND'), { code: 'ENOTFOUND' });
    });
    const outgoing = watchOutgoing();
    const result = await sendOutbound(post('http://gone.example.com/'), { ...STRICT, resolve });
    outgoing.stop();
    assert.deepEqual(result.kind === 'refused' && [result.reason, result.url], [
      'DNS lookup of gone.example.com failed (ENOTFOUND)',
      'http://gone.example.com/',
    ]);
    assert.deepEqual([resolve.calls.length, outgoing.requests], [1, 0]);
  });

  it('refuses when the system resolver cannot resolve a name', async () => {
    const result = await sendOutbound(post('http://no-such-host.invalid/', { timeoutMs: 3000 }), STRICT);
    assert.equal(result.kind, 'refused');
    assert.match(result.kind === 'refused' ? result.reason : '', /DNS lookup of no-such-host\.invalid/);
  });

  it('refuses when DNS does not answer within the time-out', async () => {
    const resolve = async (): Promise<never> => new Promise(() => undefined);
    const result = await sendOutbound(post('http://slow-dns.example.com/', { timeoutMs: 100 }), { ...STRICT, resolve });
    assert.deepEqual(result.kind === 'refused' && result.reason, 'DNS lookup of slow-dns.example.com did not answer within 100 ms');
  });

  it('refuses bad input instead of throwing', async () => {
    const outgoing = watchOutgoing();
    const cases: OutboundRequest[] = [
      post('http://8.8.8.8/', { method: 'TRACE' }),
      post('http://8.8.8.8/', { headers: { 'X-Bad': 'line\r\nbreak' } }),
      post('http://8.8.8.8/', { headers: { 'Bad Name': 'x' } }),
      post('http://8.8.8.8/', { timeoutMs: 0 }),
      post('gopher://8.8.8.8/'),
      post('::not a url::'),
    ];
    for (const request of cases) assert.equal((await sendOutbound(request, STRICT)).kind, 'refused', JSON.stringify(request));
    outgoing.stop();
    assert.equal(outgoing.requests, 0);
  });
});

describe('the connection goes to the validated address', () => {
  it('uses the one lookup of the hop even if DNS would answer differently later (rebinding)', async () => {
    // A legitimate receiver on 127.0.0.1 and an "attacker" on 127.0.0.2, same port. The name is
    // allowlisted (so loopback is allowed for it) and does not exist in real DNS: had anything
    // looked it up again, the request would fail or reach 127.0.0.2.
    const legit = await startReceiver((_, res) => res.end('legit'));
    const attacker = await startReceiver((_, res) => res.end('attacker'), { host: '127.0.0.2', port: legit.port });
    const resolve = scriptedResolver((_, call) => [{ address: call === 1 ? '127.0.0.1' : '127.0.0.2', family: 4 }]);
    const policy: OutboundPolicy = { allowPrivate: false, hostAllowlist: ['rebind.example.test'], resolve };
    const result = await sendOutbound(post(`http://rebind.example.test:${legit.port}/`), policy);
    assert.equal(result.kind === 'response' && result.excerpt, 'legit');
    assert.deepEqual(resolve.calls, ['rebind.example.test']);
    assert.deepEqual([legit.connections, attacker.connections], [1, 0]);
    assert.equal(legit.requests[0]?.headers.host, `rebind.example.test:${legit.port}`);
  });
});

describe('allowlist and allowPrivate', () => {
  it('refuses an unlisted host, even a public literal', async () => {
    const outgoing = watchOutgoing();
    const result = await sendOutbound(post('http://8.8.8.8/'), { allowPrivate: false, hostAllowlist: ['hooks.example.com'] });
    outgoing.stop();
    assert.deepEqual(result.kind === 'refused' && result.reason, 'host 8.8.8.8 is not on the webhook host allowlist');
    assert.equal(outgoing.requests, 0);
  });

  it('calls a listed host whose name resolves to a private address', async () => {
    const receiver = await startReceiver((_, res) => res.end('ok'));
    const resolve = scriptedResolver(() => [{ address: '127.0.0.1', family: 4 }]);
    const policy: OutboundPolicy = { allowPrivate: false, hostAllowlist: ['HOOKS.internal.'], resolve };
    const result = await sendOutbound(post(`http://hooks.internal:${receiver.port}/`), policy);
    assert.deepEqual(result.kind === 'response' && [result.status, result.excerpt], [200, 'ok']);
  });

  it('allowPrivate reaches loopback by name and address, but never the metadata address', async () => {
    const receiver = await startReceiver((_, res) => res.end('ok'));
    const resolve = scriptedResolver((hostname) => [{ address: hostname === 'localhost' ? '127.0.0.1' : '169.254.169.254', family: 4 }]);
    const policy: OutboundPolicy = { allowPrivate: true, hostAllowlist: [], resolve };
    assert.equal((await sendOutbound(post(`http://127.0.0.1:${receiver.port}/`), policy)).kind, 'response');
    assert.equal((await sendOutbound(post(`http://localhost:${receiver.port}/`), policy)).kind, 'response');
    const outgoing = watchOutgoing();
    const metadata = await sendOutbound(post('http://169.254.169.254/latest/meta-data/'), policy);
    const byName = await sendOutbound(post('http://metadata.example.com/'), policy);
    const unspecified = await sendOutbound(post(`http://0.0.0.0:${receiver.port}/`), policy);
    outgoing.stop();
    assert.deepEqual([metadata.kind, byName.kind, unspecified.kind, outgoing.requests], ['refused', 'refused', 'refused', 0]);
  });
});
