/**
 * The ownership reconciler's hooks and faults against a real nats-server: the fence's report, a host that refuses
 * a shard, a lease another still holds, a handoff the host does not finish, a stop without handoff, and an owner
 * that stood still past its lease (its clock stopped, or its event loop blocked). Where NATS's TTL is not
 * involved the rounds run on a manual clock; where it is, on real time (TTL 1.5 s).
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { connect } from '@nats-io/transport-node';
import { openClusterBuckets } from '../../../../src/platform/cluster/buckets.js';
import { ShardLeases } from '../../../../src/platform/cluster/leases.js';
import { InstanceIdInUseError } from '../../../../src/platform/cluster/membership.js';
import { desiredShards } from '../../../../src/platform/cluster/placement.js';
import { checkLeaseTimings, type LeaseTimings } from '../../../../src/platform/cluster/timings.js';
import { createLogger } from '../../../../src/platform/log/logger.js';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { HookLog, type TestInstance, type TestInstanceOptions, testInstance } from '../../../support/clusterOwnership.js';
import { natsServerAvailable, startNatsServer, type NatsServer } from '../../../support/natsServer.js';
import { eventually } from '../../../support/polling.js';

const TIMINGS: LeaseTimings = checkLeaseTimings({ ttlMs: 1_500, renewIntervalMs: 400, safetyMarginMs: 300 });
const SHARDS = 8;
const ALL = [...Array(SHARDS).keys()];

describe('shard ownership: hooks and faults', {
  skip: natsServerAvailable() ? false : 'nats-server is not installed (apt-get install -y nats-server)',
}, () => {
  let server: NatsServer;
  let clusters = 0;
  const open: TestInstance[] = [];
  const cleanups: (() => Promise<void>)[] = [];

  before(async () => {
    server = await startNatsServer();
  });
  // Each test's instances stop with it: the next test's timings are not shared with them.
  afterEach(async () => {
    await Promise.all(open.splice(0).map((instance) => instance.close()));
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });
  after(async () => {
    await server?.stop();
  });

  const cluster = () => {
    const name = `faults${++clusters}`;
    const log = new HookLog();
    const start = async (id: string, options: Partial<TestInstanceOptions> = {}): Promise<TestInstance> => {
      const instance = await testInstance({ url: server.url, cluster: name, id, shards: SHARDS, timings: TIMINGS, log, ...options });
      open.push(instance);
      await instance.ownership.start();
      return instance;
    };
    return { name, log, start };
  };

  /** Resolves once the lease of `shard` is not in the bucket (released, or removed by the TTL). */
  const leaseGone = (instance: TestInstance, shard: number) =>
    eventually(
      async () => ((await instance.buckets.leases.get(String(shard)))?.operation === 'PUT' ? undefined : true),
      `shard ${shard}'s lease is gone`,
    );

  const converged = (instances: readonly TestInstance[]): boolean => {
    const ids = instances.map((instance) => instance.id);
    return instances.every((instance) => {
      const owned = instance.ownership.owned();
      const desired = desiredShards(instance.id, ids, SHARDS);
      return owned.size === desired.length && desired.every((shard) => owned.has(shard));
    });
  };

  it('drops a fenced shard at once, releases its lease, and takes it again at a later round with a higher epoch', async () => {
    const { log, start } = cluster();
    const solo = await start('solo', { clock: createManualClock() });
    await solo.ownership.ready;
    const epoch = solo.ownership.epochOf(3);
    assert.ok(epoch !== undefined);

    assert.equal(solo.ownership.fenced(3, epoch - 1), false, 'the refusal of an earlier tenure drops nothing');
    assert.equal(solo.ownership.fenced(3, epoch), true);
    assert.deepEqual(
      solo.of('dropped').map(({ shard, reason }) => ({ shard, reason })),
      [{ shard: 3, reason: 'fenced' }],
      'dropped at once',
    );
    assert.equal(solo.ownership.epochOf(3), undefined);
    assert.equal(solo.ownership.owned().has(3), false);
    assert.equal(solo.ownership.fenced(3, epoch), false, 'a tenure ends once');
    await leaseGone(solo, 3);
    assert.equal(solo.of('acquire').filter((event) => event.shard === 3).length, 1, 'not taken again between rounds');

    await solo.ownership.round();
    await log.until(() => solo.ownership.owned().has(3), 'shard 3 is taken again');
    const again = solo.ownership.epochOf(3);
    assert.ok(again !== undefined && again > epoch, `epoch ${again} follows ${epoch}`);
    assert.equal(solo.of('acquire').findLast((event) => event.shard === 3)?.epoch, again);
  });

  it('releases the lease of a shard the host refused, and acquires it again at the next round', async () => {
    const { log, start } = cluster();
    let refusals = 1;
    const solo = await start('solo', {
      clock: createManualClock(),
      acquire: async (shard) => {
        if (shard === 5 && refusals-- > 0) throw new Error('the database is away');
      },
    });
    await log.until(() => solo.of('acquireFailed').length === 1 && solo.ownership.owned().size === SHARDS - 1, 'all but 5 acquired');
    await leaseGone(solo, 5);
    assert.equal(solo.ownership.isReady, false, 'not ready while a desired shard is not owned');

    await solo.ownership.round();
    await solo.ownership.ready;
    const [refused, accepted] = solo.of('acquire').filter((event) => event.shard === 5);
    assert.ok(refused !== undefined && accepted !== undefined && accepted.epoch > refused.epoch);
    assert.equal(solo.ownership.epochOf(5), accepted.epoch);
    assert.deepEqual(solo.of('dropped'), [], 'a refused acquire is no drop: the host had nothing');
  });

  it('tries a shard another still holds again every round, and takes it once the TTL freed it', async () => {
    const { name, log, start } = cluster();
    // Another process took shard 6 and then stood still (no renewals, not a member).
    const nc = await connect({ servers: server.url });
    cleanups.push(() => nc.close());
    const buckets = await openClusterBuckets(nc, { name, shards: SHARDS, timings: TIMINGS });
    const logger = createLogger({ level: 'error', write: () => undefined });
    const ghost = new ShardLeases({
      kv: buckets.leases,
      instanceId: 'ghost',
      shards: SHARDS,
      clock: createManualClock(),
      timings: TIMINGS,
      logger,
    });
    const takenAt = performance.now();
    const ghostEpoch = await ghost.take(6);
    assert.ok(ghostEpoch !== undefined);

    const solo = await start('solo');
    await log.until(() => solo.ownership.owned().size === SHARDS - 1, 'every shard but 6 owned');
    assert.equal(solo.ownership.owned().has(6), false, 'refused while the lease is held');
    assert.equal(solo.ownership.ownerOf(6), undefined, 'its holder is no live member: nobody to route to');
    assert.equal(solo.ownership.isReady, false);

    // The TTL removes the lease and no event tells anyone: a round's take finds it free.
    await solo.ownership.ready;
    const ms = performance.now() - takenAt;
    const bound = TIMINGS.ttlMs + 2 * TIMINGS.renewIntervalMs;
    assert.ok(
      ms >= TIMINGS.ttlMs - 100 && ms <= bound,
      `taken ${ms.toFixed(0)} ms after the other's last write (TTL ${TIMINGS.ttlMs}, bound ${bound})`,
    );
    assert.ok((solo.ownership.epochOf(6) ?? 0) > ghostEpoch);
    assert.deepEqual(solo.of('dropped'), []);
  });

  it('releases a shard whose beforeRelease does not finish once the handoff timeout passes', async () => {
    const { log, start } = cluster();
    const handoffTimeoutMs = 200;
    const stuck = await start('node-1', { handoffTimeoutMs, beforeRelease: () => new Promise<void>(() => undefined) });
    await stuck.ownership.ready;
    const joining = await start('node-2');
    await log.until(() => converged([stuck, joining]), 'the shards moved to node-2');
    for (const shard of joining.ownership.owned()) {
      const released = stuck.of('beforeRelease').find((event) => event.shard === shard);
      const acquired = joining.of('acquire').find((event) => event.shard === shard);
      assert.ok(released !== undefined && acquired !== undefined);
      const ms = acquired.at - released.at;
      assert.ok(ms >= handoffTimeoutMs - 1 && ms < TIMINGS.ttlMs, `shard ${shard} moved after ${ms.toFixed(0)} ms`);
    }
    assert.deepEqual(stuck.of('dropped'), []);
  });

  it('stops without a handoff: every shard dropped at once, the leases released for the others to take', async () => {
    const { log, start } = cluster();
    const a = await start('node-1');
    const b = await start('node-2');
    await log.until(() => converged([a, b]), 'both own their shards');
    const dropped = [...b.ownership.owned()].sort((x, y) => x - y);
    assert.ok(dropped.length > 0);

    const began = performance.now();
    const stopping = b.ownership.stop({ handoff: false });
    assert.deepEqual(b.ownership.owned(), new Set());
    assert.deepEqual(
      b.of('dropped').map(({ shard, reason }) => ({ shard, reason })),
      dropped.map((shard) => ({ shard, reason: 'stopped' })),
    );
    assert.deepEqual(b.of('beforeRelease'), [], 'nothing flushed');
    await stopping;
    await log.until(() => converged([a]), 'node-1 owns every shard');
    const ms = performance.now() - began;
    assert.ok(ms < TIMINGS.ttlMs, `taken over ${ms.toFixed(0)} ms after the stop: released, not expired`);
  });

  it('fails to start under an instance id another live instance holds, and its ready is refused', async () => {
    const { log, start } = cluster();
    const first = await start('node-1');
    await first.ownership.ready;
    const began = performance.now();
    await assert.rejects(start('node-1'), InstanceIdInUseError);
    assert.ok(performance.now() - began >= TIMINGS.ttlMs, 'after waiting a TTL for a dead predecessor to expire');
    const second = open.at(-1);
    assert.ok(second !== undefined && second !== first);
    await assert.rejects(second.ownership.ready, /stopped before it was ready/);
    assert.deepEqual(second.events, [], 'it took nothing');
    await log.until(() => first.ownership.owned().size === SHARDS, 'the first keeps every shard');
  });

  it('an instance whose clock stood still past its lease drops its shards when it moves on, and joins again', async () => {
    const { log, start } = cluster();
    // The paused instance's timers run on a manual clock that follows real time until the pause.
    const clock = createManualClock(Date.now());
    let running = true;
    const pump = setInterval(() => {
      if (running) clock.set(Math.max(clock.now(), Date.now()));
    }, 10);
    cleanups.push(async () => clearInterval(pump));
    const paused = await start('node-1', { clock });
    const steady = await start('node-2');
    await log.until(() => converged([paused, steady]), 'both own their shards');
    const held = new Map([...paused.ownership.owned()].map((shard) => [shard, paused.ownership.epochOf(shard) ?? 0]));
    assert.ok(held.size > 0);

    running = false;
    await log.until(() => converged([steady]), 'node-2 took every shard');
    assert.deepEqual(paused.ownership.owned(), new Set(held.keys()), 'standing still, it cannot know (the fence in PostgreSQL can)');

    clock.set(Date.now()); // it wakes: its self-fence deadlines have passed
    assert.deepEqual(paused.ownership.owned(), new Set());
    // In the order their self-fence deadlines fall (renewals go in slices, ADR 0080), not necessarily by shard.
    const byShard = (x: { shard: number }, y: { shard: number }) => x.shard - y.shard;
    assert.deepEqual(
      paused
        .of('dropped')
        .map(({ shard, reason }) => ({ shard, reason }))
        .sort(byShard),
      [...held.keys()].map((shard) => ({ shard, reason: 'expired' })).sort(byShard),
    );
    running = true;
    await log.until(() => converged([paused, steady]), 'node-1 joined again and took its shards back');
    for (const shard of paused.ownership.owned()) {
      const epoch = paused.ownership.epochOf(shard) ?? 0;
      assert.ok(epoch > (held.get(shard) ?? 0), `shard ${shard}: epoch ${epoch} follows ${held.get(shard)}`);
    }
  });

  it('an instance whose event loop was blocked past its self-fence stops owning at once, drops its shards and takes them back', async () => {
    const { log, start } = cluster();
    const solo = await start('solo');
    await solo.ownership.ready;
    const held = new Map(ALL.map((shard) => [shard, solo.ownership.epochOf(shard) ?? 0]));

    blockFor(TIMINGS.ttlMs + TIMINGS.renewIntervalMs); // no timer, no I/O meanwhile: a GC pause, a SIGSTOP
    assert.deepEqual(solo.ownership.owned(), new Set(), 'not owned from the first instruction after the pause');
    assert.ok(ALL.every((shard) => solo.ownership.epochOf(shard) === undefined));

    await log.until(() => solo.of('dropped').length === SHARDS, 'every shard dropped');
    assert.ok(solo.of('dropped').every((event) => event.reason === 'expired' || event.reason === 'refused'));
    await log.until(() => solo.ownership.owned().size === SHARDS, 'every shard taken back');
    for (const shard of ALL) assert.ok((solo.ownership.epochOf(shard) ?? 0) > (held.get(shard) ?? 0));
  });
});

/** Keeps the event loop busy for `ms` (real time). */
function blockFor(ms: number): void {
  const until = performance.now() + ms;
  let spins = 0;
  while (performance.now() < until) spins += 1;
  assert.ok(spins > 0);
}
