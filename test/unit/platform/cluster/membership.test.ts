/**
 * Membership against a real nats-server: joining, heartbeats, leaving, a dead instance removed by the bucket's TTL,
 * an instance id in use, and the desired shards computed from the live members. Each test has a cluster name of
 * its own; TTLs are 1 s.
 */
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { openClusterBuckets } from '../../../../src/platform/cluster/buckets.js';
import { InstanceIdInUseError, Membership } from '../../../../src/platform/cluster/membership.js';
import { desiredShards } from '../../../../src/platform/cluster/placement.js';
import { checkLeaseTimings, type LeaseTimings } from '../../../../src/platform/cluster/timings.js';
import { createLogger } from '../../../../src/platform/log/logger.js';
import { createManualClock, systemClock, type Clock } from '../../../../src/platform/scheduler/index.js';
import { natsServerAvailable, startNatsServer, type NatsServer } from '../../../support/natsServer.js';
import { eventually, until } from '../../../support/polling.js';

const TIMINGS: LeaseTimings = checkLeaseTimings({ ttlMs: 1_000, renewIntervalMs: 250, safetyMarginMs: 200 });
const SHARDS = 64;
const logger = createLogger({ level: 'error', write: () => undefined });

describe('membership on NATS', {
  skip: natsServerAvailable() ? false : 'nats-server is not installed (apt-get install -y nats-server)',
}, () => {
  let server: NatsServer;
  let nc: NatsConnection;
  let clusters = 0;

  before(async () => {
    server = await startNatsServer();
    nc = await connect({ servers: server.url });
  });
  after(async () => {
    await nc?.close();
    await server?.stop();
  });

  const cluster = async () => {
    const buckets = await openClusterBuckets(nc, { name: `members${++clusters}`, shards: SHARDS, timings: TIMINGS });
    return (instanceId: string, clock: Clock = createManualClock()) =>
      new Membership({ kv: buckets.members, instanceId, clock, timings: TIMINGS, logger });
  };

  it('lists the instances that joined, and tells listeners when they change', async () => {
    const member = await cluster();
    const a = member('a');
    const b = member('b');
    const seen: (readonly string[])[] = [];
    a.onChange((live) => seen.push(live));
    await a.join();
    assert.equal(a.joined, true);
    assert.deepEqual(await a.refresh(), ['a']);
    await b.join();
    assert.deepEqual(await a.refresh(), ['a', 'b']);
    assert.deepEqual(await a.refresh(), ['a', 'b']);
    assert.deepEqual(seen, [['a'], ['a', 'b']], 'one notification per change');
    assert.deepEqual(a.live, ['a', 'b']);
  });

  it('removes an instance that leaves at once', async () => {
    const member = await cluster();
    const a = member('a');
    const b = member('b');
    await a.join();
    await b.join();
    await b.leave();
    assert.equal(b.joined, false);
    assert.deepEqual(await a.refresh(), ['a']);
  });

  it('removes an instance that stopped heartbeating once the TTL has passed (kill -9)', async () => {
    const member = await cluster();
    const a = member('a', systemClock);
    const dead = member('dead');
    await a.join();
    await dead.join();
    a.start();
    try {
      await until(() => a.live.length === 2, 'a sees both');
      const started = Date.now();
      await until(() => a.live.length === 1, 'the dead instance is gone');
      const gone = Date.now() - started;
      assert.deepEqual(a.live, ['a'], 'and a, heartbeating, is still there');
      assert.ok(gone <= TIMINGS.ttlMs + 2 * TIMINGS.renewIntervalMs + 500, `gone after ${gone} ms`);
    } finally {
      a.stop();
    }
  });

  it('keeps a heartbeating instance past the TTL', async () => {
    const member = await cluster();
    const a = member('a', systemClock);
    const observer = member('observer');
    await a.join();
    a.start();
    try {
      await delay(2.5 * TIMINGS.ttlMs);
      assert.deepEqual(await observer.refresh(), ['a']);
    } finally {
      await a.leave();
    }
  });

  it('joins again at the next heartbeat after its record lapsed (a paused instance)', async () => {
    const member = await cluster();
    const a = member('a');
    const observer = member('observer');
    await a.join();
    // Wait, as a paused process would, until the TTL removed the record (each look re-reads the bucket).
    await eventually(async () => ((await observer.refresh()).length === 0 ? true : await delay(50)), 'the record lapsed');
    await a.heartbeat();
    assert.equal(a.joined, true);
    assert.deepEqual(await observer.refresh(), ['a']);
  });

  it('refuses an instance id that another live instance holds', async () => {
    const member = await cluster();
    const first = member('web-1');
    const second = member('web-1');
    await first.join();
    await assert.rejects(second.join(0), InstanceIdInUseError);
    assert.equal(second.joined, false);
  });

  it("waits for a dead predecessor's record to expire before joining under its id", async () => {
    const member = await cluster();
    const predecessor = member('web-1');
    await predecessor.join(); // then killed: no heartbeat, no leave
    const started = Date.now();
    const successor = member('web-1', systemClock);
    await successor.join();
    assert.equal(successor.joined, true);
    assert.ok(Date.now() - started >= TIMINGS.ttlMs - 100, 'after the TTL removed the predecessor');
  });

  it('gives each live instance its shards by placement; a leaving instance moves only its own', async () => {
    const member = await cluster();
    const instances = ['a', 'b', 'c'].map((id) => member(id));
    for (const instance of instances) await instance.join();
    const live = await instances[0]!.refresh();
    const before = instances.map((instance) => desiredShards(instance.instanceId, live, SHARDS));
    assert.deepEqual(
      before.flat().sort((x, y) => x - y),
      [...Array(SHARDS).keys()],
      'every shard desired by exactly one',
    );

    await instances[2]!.leave();
    const remaining = await instances[0]!.refresh();
    assert.deepEqual(remaining, ['a', 'b']);
    const afterLeave = instances.slice(0, 2).map((instance) => desiredShards(instance.instanceId, remaining, SHARDS));
    assert.deepEqual(
      afterLeave.flat().sort((x, y) => x - y),
      [...Array(SHARDS).keys()],
    );
    for (const [i, shards] of afterLeave.entries()) {
      const gained = shards.filter((shard) => !before[i]!.includes(shard));
      assert.ok(
        gained.every((shard) => before[2]!.includes(shard)),
        `${instances[i]!.instanceId} gained only c's shards`,
      );
      assert.ok(
        before[i]!.every((shard) => shards.includes(shard)),
        `${instances[i]!.instanceId} kept its own`,
      );
    }
    assert.deepEqual(desiredShards('c', remaining, SHARDS), [], 'an instance not live desires nothing');
  });
});
