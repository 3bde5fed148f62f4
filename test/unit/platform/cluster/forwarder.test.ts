/**
 * The edge of a forward (src/platform/cluster/forwarder.ts) against a real NATS server, with owners played by plain
 * subscribers: when nobody listens on the owner's subject the request surely never arrived ("nothing was applied");
 * when the owner received it and no answer came back it may have been applied, and the answer gives the
 * Idempotency-Key a retry applies it at most once with. The owner's side (keyed replay) is test/cluster/forwarding.test.ts.
 * Routing by the leases watch: a real leases bucket, its watch feeding the real LeaseDirectory, and a manual clock
 * that never moves, so an attempt that went out can only have been sent by a routing change, never by a pause.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import type { KV } from '@nats-io/kv';
import { BucketWatch } from '../../../../src/platform/cluster/bucketWatch.js';
import { openClusterBuckets } from '../../../../src/platform/cluster/buckets.js';
import { decodeRequest, encodeAnswer, forwardSubject } from '../../../../src/platform/cluster/forwardWire.js';
import { RequestForwarder } from '../../../../src/platform/cluster/forwarder.js';
import { LeaseDirectory } from '../../../../src/platform/cluster/leaseDirectory.js';
import { encodeRecord } from '../../../../src/platform/cluster/records.js';
import { RoutingChanges } from '../../../../src/platform/cluster/routingChanges.js';
import { checkLeaseTimings } from '../../../../src/platform/cluster/timings.js';
import { ErrorCode } from '../../../../src/platform/errors/catalog.js';
import { ShardElsewhereError } from '../../../../src/platform/errors/shardElsewhere.js';
import type { Reply, RequestHead } from '../../../../src/platform/gateway/http.js';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { type Clock, createManualClock, systemDeadlineClock } from '../../../../src/platform/scheduler/index.js';
import { until } from '../../../support/polling.js';
import { natsServerAvailable, startNatsServer, type NatsServer } from '../../../support/natsServer.js';

const CLUSTER = 'fwd';
const OWNER = 'owner-1';
const HEAD: RequestHead = {
  method: 'POST',
  path: '/api/v1/health/report',
  query: '',
  headers: { 'content-type': 'application/json', 'x-api-key': 'k' },
  peerAddress: '127.0.0.1',
};
const refuse = (_head: RequestHead, code: ErrorCode, message: string, headers?: Readonly<Record<string, string>>): Reply => ({
  status: code === ErrorCode.Unavailable ? 503 : 400,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify({ error: message }),
});

describe('the forwarding edge', {
  skip: natsServerAvailable() ? false : 'nats-server is not installed (apt-get install -y nats-server)',
}, () => {
  let server: NatsServer;
  let edge: NatsConnection;
  let owner: NatsConnection;
  before(async () => {
    server = await startNatsServer();
    edge = await connect({ servers: server.url });
    owner = await connect({ servers: server.url });
  });
  after(async () => {
    await edge?.close();
    await owner?.close();
    await server?.stop();
  });

  const forwarder = () =>
    new RequestForwarder({
      nc: edge,
      cluster: CLUSTER,
      ownerOf: () => ({ owner: OWNER, epoch: 1 }),
      clock: systemDeadlineClock,
      logger: createMemoryLogger(),
      deadlineMs: 600,
    });
  const body = (reply: Reply) => JSON.parse(String(reply.body)) as { error: string };

  it('says nothing was applied when no owner listened, and gives no key', async () => {
    const reply = await forwarder().forward(HEAD, Buffer.from('{}'), new ShardElsewhereError([3]), refuse);
    assert.equal(reply.status, 503);
    assert.equal(reply.headers?.['retry-after'], '1');
    assert.equal(reply.headers?.['idempotency-key'], undefined);
    assert.match(body(reply).error, /nothing was applied, retry/);
  });

  it('sends no attempt too late for even a no-responders answer, so a request that never arrived is not called maybe-applied', async () => {
    // Each pause takes the deadline to 25 ms before its end: the next attempt would have 25 ms for its answer.
    const manual = createManualClock();
    const hurried: Clock = {
      ...manual,
      now: () => manual.now(),
      setTimer: (ms, callback) => {
        const timer = manual.setTimer(ms, callback);
        setImmediate(() => manual.advance(575));
        return timer;
      },
      clearTimer: (handle) => manual.clearTimer(handle),
    };
    const late = new RequestForwarder({
      nc: edge,
      cluster: CLUSTER,
      ownerOf: () => ({ owner: OWNER, epoch: 1 }),
      clock: hurried,
      logger: createMemoryLogger(),
      deadlineMs: 600,
    });
    const reply = await late.forward(HEAD, Buffer.from('{}'), new ShardElsewhereError([3]), refuse);
    assert.equal(late.stats.sent, 1, 'the attempt with 25 ms left was not sent');
    assert.equal(reply.headers?.['idempotency-key'], undefined);
    assert.match(body(reply).error, /nothing was applied, retry/);
  });

  it('says the request may have been applied when the owner got it and no answer came, with the key every attempt carried', async () => {
    const keys: string[] = [];
    const fresh: boolean[] = [];
    const silent = owner.subscribe(forwardSubject(CLUSTER, OWNER), {
      callback: (_error, message) => {
        const request = decodeRequest(message.data);
        keys.push(request.head.headers['idempotency-key']!);
        fresh.push(request.freshKey === true);
      },
    });
    await owner.flush();
    try {
      const reply = await forwarder().forward(HEAD, Buffer.from('{}'), new ShardElsewhereError([3]), refuse);
      assert.equal(reply.status, 503);
      assert.equal(reply.headers?.['retry-after'], '1');
      const key = reply.headers?.['idempotency-key'];
      assert.ok(key?.startsWith('fwd-'), `a key made at the edge: ${key}`);
      assert.ok(keys.length >= 1 && keys.every((sent) => sent === key), `every attempt carried the same key: ${keys.join(', ')}`);
      assert.deepEqual(
        fresh,
        keys.map((_, i) => i === 0),
        'the first attempt says its key is fresh (the owner skips the lookup), no later one does',
      );
      assert.equal(
        body(reply).error,
        `the instance that owns this entity did not answer within 0.6 s; the request may have been applied: retry it with the header Idempotency-Key: ${key} to apply it at most once and get its answer`,
      );
    } finally {
      silent.unsubscribe();
    }
  });

  it("keeps the client's own key and relays the owner's answer as it is", async () => {
    let attempts = 0;
    const late = owner.subscribe(forwardSubject(CLUSTER, OWNER), {
      callback: (_error, message) => {
        attempts += 1;
        const request = decodeRequest(message.data);
        assert.equal(request.freshKey, undefined, "a client's own key is never fresh: it may be a retry");
        const key = request.head.headers['idempotency-key'];
        message.respond(
          encodeAnswer({
            kind: 'reply',
            status: 200,
            headers: { 'idempotent-replayed': 'true', 'x-key': String(key) },
            body: Buffer.from('{}'),
          }),
        );
      },
    });
    await owner.flush();
    try {
      const reply = await new RequestForwarder({
        nc: edge,
        cluster: CLUSTER,
        ownerOf: () => ({ owner: OWNER, epoch: 1 }),
        clock: systemDeadlineClock,
        logger: createMemoryLogger(),
        deadlineMs: 3_000,
      }).forward(
        { ...HEAD, headers: { ...HEAD.headers, 'idempotency-key': 'client-key-1' } },
        Buffer.from('{}'),
        new ShardElsewhereError([3]),
        refuse,
      );
      assert.equal(reply.status, 200);
      assert.equal(reply.headers?.['x-key'], 'client-key-1');
      assert.equal(attempts, 1);
    } finally {
      late.unsubscribe();
    }
  });
  it('refuses a command whose other shards the edge owns as split across owners, without sending it', async () => {
    let sent = 0;
    const counting = owner.subscribe(forwardSubject(CLUSTER, OWNER), { callback: () => void (sent += 1) });
    await owner.flush();
    try {
      const reply = await new RequestForwarder({
        nc: edge,
        cluster: CLUSTER,
        ownerOf: (shard) => (shard === 4 ? { owner: 'the-edge', epoch: 2 } : { owner: OWNER, epoch: 1 }),
        clock: systemDeadlineClock,
        logger: createMemoryLogger(),
      }).forward(HEAD, Buffer.from('{}'), new ShardElsewhereError([3], [4]), refuse);
      assert.equal(reply.status, 503);
      assert.equal(reply.headers?.['retry-after'], '1');
      assert.match(body(reply).error, /owned by 2 different instances \(shards 3, 4\); send them in separate requests/);
      assert.equal(sent, 0);
    } finally {
      counting.unsubscribe();
    }
  });

  describe('routed by the leases watch', () => {
    let leases: KV;
    let watch: BucketWatch;
    let buckets = 0;
    const directory = new LeaseDirectory(16);
    const changes = new RoutingChanges(createMemoryLogger());
    const clock = createManualClock();

    before(async () => {
      const timings = checkLeaseTimings({ ttlMs: 3_000, renewIntervalMs: 1_000, safetyMarginMs: 500 });
      ({ leases } = await openClusterBuckets(edge, { name: `fwdleases${++buckets}`, shards: 16, timings }));
      watch = new BucketWatch(
        leases,
        'leases',
        (entry) => {
          directory.apply(entry);
          changes.emit();
        },
        createMemoryLogger(),
      );
      await watch.start();
    });
    after(() => watch?.stop());

    const routed = () =>
      new RequestForwarder({
        nc: edge,
        cluster: CLUSTER,
        ownerOf: (shard) => directory.get(shard),
        onRoutingChange: (listener) => changes.on(listener),
        clock,
        logger: createMemoryLogger(),
      });
    const take = (shard: number, owner: string) => leases.create(String(shard), encodeRecord({ owner, incarnation: 'test' }));
    /** An owner answering 200 and keeping the keys it was sent. */
    const answering = async (id: string, keys: string[], fresh: boolean[] = []) => {
      const subscription = owner.subscribe(forwardSubject(CLUSTER, id), {
        callback: (_error, message) => {
          const request = decodeRequest(message.data);
          keys.push(request.head.headers['idempotency-key']!);
          fresh.push(request.freshKey === true);
          message.respond(encodeAnswer({ kind: 'reply', status: 200, headers: {}, body: Buffer.from('{}') }));
        },
      });
      await owner.flush();
      return subscription;
    };

    it('sends a request waiting for its shard the moment the lease watch sees the new owner, with no pause passed', async () => {
      const keys: string[] = [];
      const subscription = await answering('owner-5', keys);
      try {
        const forwarder = routed();
        const reply = forwarder.forward(HEAD, Buffer.from('{}'), new ShardElsewhereError([5]), refuse);
        await until(() => changes.size === 1, 'the request waits for the routing');
        const at = clock.now();
        await take(5, 'owner-5');
        assert.equal((await reply).status, 200);
        assert.equal(clock.now(), at, 'the clock never moved: no pause let it go');
        assert.equal(keys.length, 1, 'one attempt reached the owner');
        assert.equal(changes.size, 0, 'nothing left listening');
      } finally {
        subscription.unsubscribe();
      }
    });

    it('sends a request under way to an owner whose lease moved to the new owner at once, with the same idempotency key', async () => {
      const lost: string[] = [];
      const lostFresh: boolean[] = [];
      const silent = owner.subscribe(forwardSubject(CLUSTER, 'owner-dead'), {
        callback: (_error, message) => {
          const request = decodeRequest(message.data);
          lost.push(request.head.headers['idempotency-key']!);
          lostFresh.push(request.freshKey === true);
        },
      });
      const keys: string[] = [];
      const fresh: boolean[] = [];
      const subscription = await answering('owner-new', keys, fresh);
      try {
        const revision = await take(7, 'owner-dead');
        await until(() => directory.get(7)?.owner === 'owner-dead', 'the watch saw the first owner');
        const forwarder = routed();
        const reply = forwarder.forward(HEAD, Buffer.from('{}'), new ShardElsewhereError([7]), refuse);
        await until(() => lost.length === 1, 'the first owner got the request (and never answers)');
        await leases.delete('7', { previousSeq: revision });
        await take(7, 'owner-new');
        const answer = await reply;
        assert.equal(answer.status, 200);
        assert.equal(forwarder.stats.resent, 1);
        assert.deepEqual(keys, lost, 'the new owner got the same idempotency key');
        assert.deepEqual(lostFresh, [true], 'the first attempt said its key was fresh');
        assert.deepEqual(fresh, [false], 'the re-sent one did not: the new owner looks the key up');
        assert.ok(lost[0]?.startsWith('fwd-'));
      } finally {
        silent.unsubscribe();
        subscription.unsubscribe();
      }
    });
  });
});
