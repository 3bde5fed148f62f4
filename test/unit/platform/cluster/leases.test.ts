/**
 * Shard leases against a real nats-server (JetStream, 2.9 here): compare-and-set, epochs, expiry by the bucket's
 * TTL and the self-fence. Each test has a cluster name (buckets) of its own. TTLs are short (1 s) so that the tests
 * that wait for NATS to expire a lease wait about a second; the self-fence runs on a manual clock.
 */
import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import type { NatsConnection } from '@nats-io/transport-node';
import { connect } from '@nats-io/transport-node';
import { openClusterBuckets, type ClusterBuckets } from '../../../../src/platform/cluster/buckets.js';
import { ShardLeases, type ShardLoss } from '../../../../src/platform/cluster/leases.js';
import { isRefusedBySequence } from '../../../../src/platform/cluster/records.js';
import { checkLeaseTimings, type LeaseTimings } from '../../../../src/platform/cluster/timings.js';
import { createLogger } from '../../../../src/platform/log/logger.js';
import { createManualClock, systemClock, type Clock } from '../../../../src/platform/scheduler/index.js';
import { natsServerAvailable, startNatsServer, type NatsServer } from '../../../support/natsServer.js';
import { eventually } from '../../../support/polling.js';

const TIMINGS: LeaseTimings = checkLeaseTimings({ ttlMs: 1_000, renewIntervalMs: 250, safetyMarginMs: 200 });
const SHARDS = 16;
const logger = createLogger({ level: 'error', write: () => undefined });

describe('shard leases on NATS', {
  skip: natsServerAvailable() ? false : 'nats-server is not installed (apt-get install -y nats-server)',
}, () => {
  let server: NatsServer;
  // One connection per instance, as two processes would have.
  let ncA: NatsConnection;
  let ncB: NatsConnection;
  let clusters = 0;

  before(async () => {
    server = await startNatsServer();
    ncA = await connect({ servers: server.url });
    ncB = await connect({ servers: server.url });
  });
  after(async () => {
    await ncA?.close();
    await ncB?.close();
    await server?.stop();
  });

  /** A fresh cluster: instance a on connection A, instance b on connection B. */
  const cluster = async (name = `leases${++clusters}`) => {
    const bucketsA = await openClusterBuckets(ncA, { name, shards: SHARDS, timings: TIMINGS });
    const bucketsB = await openClusterBuckets(ncB, { name, shards: SHARDS, timings: TIMINGS });
    const instance = (buckets: ClusterBuckets, instanceId: string, clock: Clock = createManualClock()) =>
      new ShardLeases({ kv: buckets.leases, instanceId, shards: SHARDS, clock, timings: TIMINGS, logger });
    return { bucketsA, a: (clock?: Clock) => instance(bucketsA, 'a', clock), b: (clock?: Clock) => instance(bucketsB, 'b', clock) };
  };

  const lossesOf = (leases: ShardLeases): ShardLoss[] => {
    const losses: ShardLoss[] = [];
    leases.onLost((loss) => losses.push(loss));
    return losses;
  };

  /** Tries to take the shard until it is free (the TTL freeing it is real time); resolves to the epoch. */
  const takeOnceFree = (leases: ShardLeases, shard: number) =>
    eventually(async () => {
      const epoch = await leases.take(shard);
      if (epoch === undefined) await delay(20);
      return epoch;
    }, `${leases.instanceId} takes shard ${shard}`);

  it('takes a free shard; the epoch is the revision of its create', async () => {
    const { bucketsA, a } = await cluster();
    const leases = a();
    const epoch = await leases.take(3);
    assert.ok(epoch !== undefined && epoch > 0);
    assert.equal(leases.held(3), epoch);
    assert.deepEqual(leases.heldShards(), new Map([[3, epoch]]));
    assert.equal((await bucketsA.leases.get('3'))?.revision, epoch);
    assert.deepEqual(await leases.holderOf(3), { owner: 'a', epoch });
    assert.equal(await leases.take(3), epoch, 'taking a held shard again answers its epoch');
  });

  it('renews by compare-and-set, keeping the epoch', async () => {
    const { bucketsA, a } = await cluster();
    const leases = a();
    const epoch = await leases.take(5);
    assert.equal(await leases.renew(5), true);
    const entry = await bucketsA.leases.get('5');
    assert.ok(entry !== null && entry.revision > epoch!, 'a renewal is a new revision');
    assert.equal(leases.held(5), epoch);
    assert.deepEqual(await leases.holderOf(5), { owner: 'a', epoch });
    assert.equal(await leases.renew(6), false, 'a shard not held is not renewed');
  });

  it('renews one slice of its shards at a time (shard modulo the slices), each keeping its epoch', async () => {
    const { bucketsA, a } = await cluster();
    const leases = a();
    const held = [1, 2, 4, 7];
    for (const shard of held) await leases.take(shard);
    const revisions = async () =>
      new Map(await Promise.all(held.map(async (shard) => [shard, (await bucketsA.leases.get(String(shard)))!.revision] as const)));
    const before = await revisions();
    await leases.renewSlice(1, 3);
    const after = await revisions();
    assert.deepEqual(
      held.filter((shard) => after.get(shard)! > before.get(shard)!),
      [1, 4, 7],
      'only the shards of slice 1 of 3 got a new revision',
    );
    for (const shard of held) assert.equal(leases.held(shard), before.get(shard), `shard ${shard} keeps its epoch`);
  });

  it("refuses another instance's take while the lease is held", async () => {
    const { a, b } = await cluster();
    const leaseA = a();
    const leaseB = b();
    const epoch = await leaseA.take(7);
    assert.equal(await leaseB.take(7), undefined);
    assert.equal(leaseB.held(7), undefined);
    assert.deepEqual(await leaseB.holderOf(7), { owner: 'a', epoch });
  });

  it('refuses an update with a stale revision', async () => {
    const { bucketsA, a } = await cluster();
    const leases = a();
    const epoch = await leases.take(2);
    await leases.renew(2);
    await assert.rejects(bucketsA.leases.update('2', 'stolen', epoch!), (error) => isRefusedBySequence(error));
    await assert.rejects(bucketsA.leases.create('2', 'stolen'), (error) => isRefusedBySequence(error));
    assert.deepEqual(await leases.holderOf(2), { owner: 'a', epoch });
  });

  it('lets another instance take the shard once the TTL has removed the lease, with a higher epoch', async () => {
    const { a, b } = await cluster();
    const leaseA = a(); // a manual clock that never moves: a paused owner, renewing nothing
    const epochA = await leaseA.take(9);
    const started = Date.now();
    const leaseB = b();
    const epochB = await takeOnceFree(leaseB, 9);
    const waited = Date.now() - started;
    assert.ok(epochB > epochA!, `epoch ${epochB} follows ${epochA}`);
    assert.ok(waited >= TIMINGS.ttlMs - 100, `taken ${waited} ms after the last write (TTL ${TIMINGS.ttlMs} ms)`);
    assert.deepEqual(await leaseB.holderOf(9), { owner: 'b', epoch: epochB });
  });

  it('drops the shard when its renewal is refused after another instance took it (a paused owner wakes up)', async () => {
    const { a, b } = await cluster();
    const leaseA = a();
    const losses = lossesOf(leaseA);
    const epochA = await leaseA.take(4);
    await takeOnceFree(b(), 4);
    assert.equal(leaseA.held(4), epochA, 'its clock stood still: it still believes it owns the shard');
    assert.equal(await leaseA.renew(4), false);
    assert.equal(leaseA.held(4), undefined);
    assert.deepEqual(losses, [{ shard: 4, epoch: epochA, reason: 'refused' }]);
  });

  it('self-fences on its own clock strictly before the TTL could free the lease', async () => {
    const { a, b } = await cluster();
    const clock = createManualClock();
    const leaseA = a(clock);
    const losses = lossesOf(leaseA);
    const sentAt = clock.now();
    const epoch = await leaseA.take(1);
    clock.advance(TIMINGS.ttlMs - TIMINGS.safetyMarginMs - 1);
    assert.equal(leaseA.held(1), epoch);
    assert.deepEqual(losses, []);
    clock.advance(1);
    assert.equal(leaseA.held(1), undefined);
    assert.deepEqual(losses, [{ shard: 1, epoch, reason: 'expired' }]);
    assert.ok(clock.now() < sentAt + TIMINGS.ttlMs, 'held no longer before the TTL after the write was sent');
    assert.equal(await b().take(1), undefined, 'and nobody else could take it yet');
  });

  it('moves the self-fence deadline to a confirmed renewal’s send time + TTL - margin', async () => {
    const { a } = await cluster();
    const clock = createManualClock();
    const leases = a(clock);
    const epoch = await leases.take(8);
    clock.advance(600);
    const renewedAt = clock.now();
    assert.equal(await leases.renew(8), true);
    clock.set(renewedAt + TIMINGS.ttlMs - TIMINGS.safetyMarginMs - 1);
    assert.equal(leases.held(8), epoch);
    clock.advance(1);
    assert.equal(leases.held(8), undefined);
  });

  it('lets another instance take a released shard at once, with a higher epoch', async () => {
    const { a, b } = await cluster();
    const leaseA = a();
    const losses = lossesOf(leaseA);
    const epochA = await leaseA.take(11);
    const released = leaseA.release(11);
    assert.equal(leaseA.held(11), undefined, 'not held from the call on');
    await released;
    const epochB = await b().take(11);
    assert.ok(epochB !== undefined && epochB > epochA!, `epoch ${epochB} follows ${epochA}`);
    assert.deepEqual(losses, [], 'a release is no loss');
  });

  it('takes its own lease of an ended tenure again with a new epoch', async () => {
    const { a } = await cluster();
    const clock = createManualClock();
    const leases = a(clock);
    const first = await leases.take(12);
    clock.advance(TIMINGS.ttlMs);
    assert.equal(leases.held(12), undefined);
    const second = await leases.take(12);
    assert.ok(second !== undefined && second > first!, `epoch ${second} follows ${first}`);
    assert.deepEqual(await leases.holderOf(12), { owner: 'a', epoch: second });
  });

  it('keeps its shards past the TTL while it renews on real time, and gives them up when it stops', async () => {
    const { a, b } = await cluster();
    const leaseA = a(systemClock);
    const losses = lossesOf(leaseA);
    const epochs = [await leaseA.take(13), await leaseA.take(14)];
    leaseA.start();
    try {
      // Real time must pass for NATS's TTL to matter: more than two TTLs, across several renewals.
      await delay(2.5 * TIMINGS.ttlMs);
      assert.deepEqual(
        leaseA.heldShards(),
        new Map([
          [13, epochs[0]],
          [14, epochs[1]],
        ]),
      );
      assert.equal(await b().take(13), undefined);
      assert.deepEqual(losses, []);
    } finally {
      leaseA.stop();
      await leaseA.releaseAll();
    }
    assert.deepEqual(leaseA.heldShards(), new Map());
  });

  it('cannot see or touch the leases of a cluster of another name', async () => {
    const alpha = await cluster();
    const beta = await cluster();
    const ours = alpha.a();
    const theirs = beta.b();
    const epoch = await ours.take(0);
    assert.equal(await theirs.holderOf(0), undefined, 'the other cluster sees no lease on shard 0');
    assert.ok((await theirs.take(0)) !== undefined, 'and takes its own shard 0');
    await theirs.release(0);
    assert.deepEqual(await ours.holderOf(0), { owner: 'a', epoch });
    assert.equal(await ours.renew(0), true);
  });

  it('refuses a shard number outside the count', async () => {
    const { a } = await cluster();
    const leases = a();
    for (const shard of [-1, SHARDS, 1.5]) assert.throws(() => leases.take(shard), RangeError);
  });
});

describe('lease timings', () => {
  it('accept the defaults and refuse timings that would drop every shard at one lost renewal', () => {
    assert.doesNotThrow(() => checkLeaseTimings({ ttlMs: 3_000, renewIntervalMs: 1_000, safetyMarginMs: 500 }));
    assert.throws(() => checkLeaseTimings({ ttlMs: 3_000, renewIntervalMs: 1_500, safetyMarginMs: 500 }), /two renew intervals/);
    assert.throws(() => checkLeaseTimings({ ttlMs: 3_000, renewIntervalMs: 1_000, safetyMarginMs: 0 }), /safetyMarginMs must be/);
  });
});
