import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { after, describe, it } from 'node:test';
import {
  createConnectionPool,
  sendOutbound,
  type ConnectionPoolOptions,
  type OutboundConnectionPool,
  type OutboundPolicy,
  type OutboundRequest,
} from '../../../../src/platform/outbound/outboundRequest.js';
import { scriptedResolver, watchOutgoing } from '../../../support/outbound.js';
import { until } from '../../../support/polling.js';
import { useReceivers } from '../../../support/receiver.js';

// The keep-alive pool (src/platform/outbound/connectionPool.ts) against real receivers on loopback. Each
// receiver counts the TCP connections it accepted and the ones that were closed, and records which
// connection carried each request, so "reused" and "not reused" are what the receiver saw.

const startReceiver = useReceivers();
const pools: OutboundConnectionPool[] = [];
after(async () => {
  for (const pool of pools) pool.close();
});

function pool(options?: ConnectionPoolOptions): OutboundConnectionPool {
  const created = createConnectionPool(options);
  pools.push(created);
  return created;
}

const LOOPBACK: OutboundPolicy = { allowPrivate: false, hostAllowlist: ['127.0.0.1'] };
const post = (url: string, extra: Partial<OutboundRequest> = {}): OutboundRequest => ({
  url,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: '{"id":"1"}',
  timeoutMs: 2000,
  ...extra,
});

describe('connection reuse', () => {
  it('sends several sequential deliveries to one validated address over ONE connection', async () => {
    const receiver = await startReceiver();
    const connections = pool();
    const outgoing = watchOutgoing();
    for (let i = 0; i < 5; i += 1) {
      const result = await sendOutbound(post(`${receiver.url}/hook/${i}`), LOOPBACK, connections);
      assert.deepEqual(result.kind === 'response' && [result.status, result.excerpt], [200, 'ok']);
    }
    outgoing.stop();
    assert.equal(receiver.connections, 1);
    assert.deepEqual(
      receiver.requests.map((r) => r.connection),
      [1, 1, 1, 1, 1],
    );
    assert.deepEqual([outgoing.requests, outgoing.sockets], [5, 1]);
  });

  it('does not reuse a socket when the name now resolves to another validated address, and does again when it resolves back', async () => {
    const first = await startReceiver((_, res) => res.end('first'));
    const second = await startReceiver((_, res) => res.end('second'), { host: '127.0.0.2', port: first.port });
    const resolve = scriptedResolver((_, call) => [{ address: call === 2 ? '127.0.0.2' : '127.0.0.1', family: 4 }]);
    const policy: OutboundPolicy = { allowPrivate: false, hostAllowlist: ['moving.example.test'], resolve };
    const connections = pool();
    const url = `http://moving.example.test:${first.port}/`;
    const excerpts: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const result = await sendOutbound(post(url), policy, connections);
      excerpts.push(result.kind === 'response' ? result.excerpt : result.kind);
    }
    assert.deepEqual(excerpts, ['first', 'second', 'first']);
    assert.equal(resolve.calls.length, 3, 'every attempt resolves and validates first');
    assert.deepEqual([first.connections, second.connections], [1, 1]);
    assert.deepEqual(
      first.requests.map((r) => r.connection),
      [1, 1],
    );
  });

  it('reuses nothing and opens nothing when validation refuses, even with an idle socket to the old address', async () => {
    const receiver = await startReceiver();
    // First the name answers loopback (allowlisted), then the metadata address (never allowed).
    const resolve = scriptedResolver((_, call) => [{ address: call === 1 ? '127.0.0.1' : '169.254.169.254', family: 4 }]);
    const policy: OutboundPolicy = { allowPrivate: false, hostAllowlist: ['rebind.example.test'], resolve };
    const connections = pool();
    const url = `http://rebind.example.test:${receiver.port}/`;
    assert.equal((await sendOutbound(post(url), policy, connections)).kind, 'response');
    const outgoing = watchOutgoing();
    const refused = await sendOutbound(post(url), policy, connections);
    // The same idle socket, with a policy that no longer allows the host at all.
    const unlisted = await sendOutbound(post(`${receiver.url}/`), { allowPrivate: false, hostAllowlist: [] }, connections);
    outgoing.stop();
    assert.deepEqual([refused.kind, unlisted.kind], ['refused', 'refused']);
    assert.deepEqual([outgoing.requests, outgoing.sockets], [0, 0]);
    assert.deepEqual([receiver.connections, receiver.requests.length], [1, 1]);
  });

  it('keeps the rebinding guarantee: one lookup per hop, the connection goes where that lookup said', async () => {
    const legit = await startReceiver((_, res) => res.end('legit'));
    const attacker = await startReceiver((_, res) => res.end('attacker'), { host: '127.0.0.2', port: legit.port });
    const resolve = scriptedResolver((_, call) => [{ address: call === 1 ? '127.0.0.1' : '127.0.0.2', family: 4 }]);
    const policy: OutboundPolicy = { allowPrivate: false, hostAllowlist: ['rebind.example.test'], resolve };
    const result = await sendOutbound(post(`http://rebind.example.test:${legit.port}/`), policy, pool());
    assert.equal(result.kind === 'response' && result.excerpt, 'legit');
    assert.deepEqual(resolve.calls, ['rebind.example.test']);
    assert.deepEqual([legit.connections, attacker.connections], [1, 0]);
  });

  it('keeps sockets per host name: the same address under another name gets its own connection', async () => {
    const receiver = await startReceiver();
    const resolve = scriptedResolver(() => [{ address: '127.0.0.1', family: 4 }]);
    const policy: OutboundPolicy = { allowPrivate: true, hostAllowlist: [], resolve };
    const connections = pool();
    for (const host of ['127.0.0.1', 'localhost', '127.0.0.1', 'localhost']) {
      assert.equal((await sendOutbound(post(`http://${host}:${receiver.port}/`), policy, connections)).kind, 'response');
    }
    assert.equal(receiver.connections, 2);
    assert.deepEqual(
      receiver.requests.map((r) => r.connection),
      [1, 2, 1, 2],
    );
  });
});

describe('sockets that must not go back to the pool', () => {
  it('destroys the socket on a time-out and reuses nothing afterwards', async () => {
    const receiver = await startReceiver((req, res) => {
      if (req.url !== '/hang') res.end('ok');
    });
    const connections = pool();
    assert.equal((await sendOutbound(post(`${receiver.url}/warm`), LOOPBACK, connections)).kind, 'response');
    const timedOut = await sendOutbound(post(`${receiver.url}/hang`, { timeoutMs: 150 }), LOOPBACK, connections);
    assert.deepEqual(timedOut.kind === 'failed' && timedOut.timedOut, true);
    await until(() => receiver.closed === 1, 'receiver saw 1 connection closed'); // we hung up on the socket the time-out hit
    const after = await sendOutbound(post(`${receiver.url}/after`), LOOPBACK, connections);
    assert.equal(after.kind, 'response');
    assert.deepEqual(
      receiver.requests.map((r) => [r.url, r.connection]),
      [
        ['/warm', 1],
        ['/hang', 1],
        ['/after', 2],
      ],
    );
  });

  it('destroys the socket when the body is cut at the excerpt, reuses it when the body was read to the end', async () => {
    const receiver = await startReceiver((req, res) => res.end(req.url === '/big' ? 'z'.repeat(64 * 1024) : 'small'));
    const connections = pool();
    const big = await sendOutbound(post(`${receiver.url}/big`, { excerptBytes: 100 }), LOOPBACK, connections);
    assert.equal(big.kind === 'response' && big.excerpt.length, 100);
    await until(() => receiver.closed === 1, 'receiver saw 1 connection closed');
    for (const path of ['/small', '/small'])
      assert.equal((await sendOutbound(post(`${receiver.url}${path}`), LOOPBACK, connections)).kind, 'response');
    assert.deepEqual(
      receiver.requests.map((r) => r.connection),
      [1, 2, 2],
    );
  });

  it('closes the socket of a redirect instead of keeping it, and validates the next hop', async () => {
    const target = await startReceiver((_, res) => res.end('arrived'));
    const start = await startReceiver((_, res) => res.writeHead(302, { location: `${target.url}/in` }).end('moved'));
    const connections = pool();
    const result = await sendOutbound(post(`${start.url}/`), LOOPBACK, connections);
    assert.deepEqual(result.kind === 'response' && [result.excerpt, result.redirects], ['arrived', 1]);
    await until(() => start.closed === 1, 'start saw 1 connection closed');
    // The target's socket was read to the end: pooled, and used by a direct call.
    assert.equal((await sendOutbound(post(`${target.url}/again`), LOOPBACK, connections)).kind, 'response');
    assert.deepEqual([target.connections, start.connections], [1, 1]);
  });

  it('replaces a kept socket the receiver dropped, once, within the same attempt', async () => {
    // The receiver answers the first request on each connection and drops the connection on the second.
    const receiver = await startReceiver((req, res, { nthOnConnection: nth }) => {
      if (nth === 1) res.end('ok');
      else req.socket.destroy();
    });
    const connections = pool();
    assert.equal((await sendOutbound(post(`${receiver.url}/1`), LOOPBACK, connections)).kind, 'response');
    const second = await sendOutbound(post(`${receiver.url}/2`), LOOPBACK, connections);
    assert.deepEqual(second.kind === 'response' && second.excerpt, 'ok');
    assert.deepEqual(
      receiver.requests.map((r) => [r.url, r.connection]),
      [
        ['/1', 1],
        ['/2', 1],
        ['/2', 2],
      ],
    );
  });
});

describe('bounds and shutdown', () => {
  it('keeps at most maxFreePerKey idle sockets per key and closes the rest', async () => {
    const held: ServerResponse[] = [];
    const receiver = await startReceiver((req, res) => {
      if (!req.url?.startsWith('/concurrent')) return void res.end('ok');
      held.push(res); // three requests in flight at once: three connections
      if (held.length === 3) for (const r of held.splice(0)) r.end('ok');
    });
    const connections = pool({ maxFreePerKey: 1 });
    const results = await Promise.all([1, 2, 3].map((i) => sendOutbound(post(`${receiver.url}/concurrent/${i}`), LOOPBACK, connections)));
    assert.deepEqual(
      results.map((r) => r.kind),
      ['response', 'response', 'response'],
    );
    await until(() => receiver.closed === 2, 'receiver saw 2 connections closed');
    for (const i of [1, 2])
      assert.equal((await sendOutbound(post(`${receiver.url}/sequential/${i}`), LOOPBACK, connections)).kind, 'response');
    assert.deepEqual([receiver.connections, receiver.closed], [3, 2]);
    const [kept, ...rest] = receiver.requests.filter((r) => r.url.startsWith('/sequential')).map((r) => r.connection);
    assert.deepEqual(rest, [kept]);
  });

  it('closes idle sockets after idleMs', async () => {
    const receiver = await startReceiver();
    const connections = pool({ idleMs: 100 });
    assert.equal((await sendOutbound(post(receiver.url), LOOPBACK, connections)).kind, 'response');
    await until(() => receiver.closed === 1, 'receiver saw 1 connection closed');
    assert.equal((await sendOutbound(post(receiver.url), LOOPBACK, connections)).kind, 'response');
    assert.equal(receiver.connections, 2);
  });

  it('close() hangs up every idle socket; later calls still work, on one-off sockets', async () => {
    const receiver = await startReceiver();
    const connections = pool();
    assert.equal((await sendOutbound(post(receiver.url), LOOPBACK, connections)).kind, 'response');
    connections.close();
    await until(() => receiver.closed === 1, 'receiver saw 1 connection closed');
    assert.equal((await sendOutbound(post(receiver.url), LOOPBACK, connections)).kind, 'response');
    await until(() => receiver.closed === 2, 'receiver saw 2 connections closed');
    assert.equal(receiver.connections, 2);
  });
});
