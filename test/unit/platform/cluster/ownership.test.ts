/**
 * The ownership reconciler against a real nats-server, several instances in this process, each on its own NATS
 * connection: convergence, a member joining, a kill -9 and a graceful stop. Short timings (TTL 1.5 s, rounds
 * every 0.4 s) on real time, since NATS's TTL is real time; the bounds asserted are computed from them. Each
 * test has a cluster name (buckets) of its own.
 */
import assert from 'node:assert/strict';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { after, afterEach, before, describe, it } from 'node:test';
import { RENEWAL_SLICES } from '../../../../src/platform/cluster/ownership.js';
import { desiredShards } from '../../../../src/platform/cluster/placement.js';
import { checkLeaseTimings, type LeaseTimings } from '../../../../src/platform/cluster/timings.js';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { HookLog, type TestInstance, type TestInstanceOptions, testInstance } from '../../../support/clusterOwnership.js';
import { natsServerAvailable, startNatsServer, type NatsServer } from '../../../support/natsServer.js';
import { eventually, until } from '../../../support/polling.js';

const TIMINGS: LeaseTimings = checkLeaseTimings({ ttlMs: 1_500, renewIntervalMs: 400, safetyMarginMs: 300 });
const SHARDS = 64;
/** The bound for one shard's handoff (p99); here every shard's. */
const HANDOFF_MS = 500;
const ALL = [...Array(SHARDS).keys()];

describe('shard ownership on NATS', {
  skip: natsServerAvailable() ? false : 'nats-server is not installed (apt-get install -y nats-server)',
}, () => {
  let server: NatsServer;
  let clusters = 0;
  const open: TestInstance[] = [];

  before(async () => {
    server = await startNatsServer();
  });
  // Each test's instances stop with it: the next test's timings are not shared with them.
  afterEach(async () => {
    await Promise.all(open.splice(0).map((instance) => instance.close()));
  });
  after(async () => {
    await server?.stop();
  });

  /** A fresh cluster: `start(id)` starts an instance of it and resolves once it has joined. */
  const cluster = () => {
    const name = `owners${++clusters}`;
    const log = new HookLog();
    const start = async (id: string, options: Partial<TestInstanceOptions> = {}): Promise<TestInstance> => {
      const instance = await testInstance({ url: server.url, cluster: name, id, shards: SHARDS, timings: TIMINGS, log, ...options });
      open.push(instance);
      await instance.ownership.start();
      return instance;
    };
    return { log, start };
  };

  const ownersOf = (instances: readonly TestInstance[], shard: number): string[] =>
    instances.filter((instance) => instance.ownership.owned().has(shard)).map((instance) => instance.id);

  /** Every shard owned by exactly one of `instances`, each owning what placement gives it among them. */
  const converged = (instances: readonly TestInstance[]): boolean => {
    const ids = instances.map((instance) => instance.id);
    return (
      ALL.every((shard) => ownersOf(instances, shard).length === 1) &&
      instances.every((instance) => sameSet(instance.ownership.owned(), desiredShards(instance.id, ids, SHARDS)))
    );
  };

  const describeOwners = (instances: readonly TestInstance[]) => () =>
    instances.map((instance) => `${instance.id}: ${instance.ownership.owned().size}`).join(', ');

  it('three instances converge to a disjoint cover of every shard, each owning what placement gives it', async () => {
    const { log, start } = cluster();
    const instances = [await start('node-1'), await start('node-2'), await start('node-3')];
    await log.until(() => converged(instances), describeOwners(instances));
    await Promise.all(instances.map((instance) => instance.ownership.ready));
    for (const instance of instances) {
      assert.equal(instance.ownership.isReady, true);
      for (const shard of instance.ownership.owned()) {
        const epoch = instance.ownership.epochOf(shard);
        assert.ok(epoch !== undefined && epoch > 0);
        assert.deepEqual(instance.ownership.ownerOf(shard), { owner: instance.id, epoch });
      }
    }
    // Every instance routes every shard to its owner (the lease records reach each through its watch).
    await until(
      () =>
        instances.every((router) =>
          ALL.every((shard) => {
            const [owner] = ownersOf(instances, shard);
            return router.ownership.ownerOf(shard)?.owner === owner;
          }),
        ),
      'every instance knows the owner of every shard',
    );
  });

  it('a fourth instance takes what placement moves to it (at most a quarter plus 5 %), handed off within 500 ms a shard', async (t) => {
    const { log, start } = cluster();
    const three = [await start('node-1'), await start('node-2'), await start('node-3')];
    await log.until(() => converged(three), describeOwners(three));
    const before = new Map(three.map((instance) => [instance.id, new Set(instance.ownership.owned())]));
    const since = new Map(three.map((instance) => [instance.id, instance.events.length]));
    const newer = (instance: TestInstance) => instance.events.slice(since.get(instance.id));

    const four = [...three];
    const { result: fourth, lateMs } = await withDelay(async () => {
      const joining = await start('node-4');
      four.push(joining);
      await log.until(() => converged(four), describeOwners(four));
      await joining.ownership.ready;
      return joining;
    });
    // The old owner's release and the new owner's pass each wait for the event loop.
    const boundMs = HANDOFF_MS + 2 * lateMs;

    const moved = [...fourth.ownership.owned()];
    assert.ok(moved.length > 0);
    assert.ok(moved.length <= SHARDS * (0.25 + 0.05), `moved ${moved.length} of ${SHARDS}`);
    for (const instance of three) {
      const kept = instance.ownership.owned();
      assert.ok(
        [...kept].every((shard) => before.get(instance.id)?.has(shard)),
        `${instance.id} gained nothing`,
      );
      const gaveUp = [...(before.get(instance.id) ?? [])].filter((shard) => !kept.has(shard));
      assert.deepEqual(
        newer(instance)
          .flatMap((event) => (event.kind === 'beforeRelease' ? [event.shard] : []))
          .sort(byNumber),
        gaveUp.sort(byNumber),
        `${instance.id} handed off exactly the shards it gave up`,
      );
      assert.deepEqual(instance.of('dropped'), [], `${instance.id} dropped nothing`);
    }
    const handoffs: number[] = [];
    for (const shard of moved) {
      const released = three.flatMap((instance) => instance.of('beforeRelease')).findLast((event) => event.shard === shard);
      const acquired = fourth.of('acquired').find((event) => event.shard === shard);
      assert.ok(released !== undefined && acquired !== undefined, `shard ${shard} handed off`);
      const ms = acquired.at - released.at;
      handoffs.push(ms);
      assert.ok(
        ms < boundMs,
        `shard ${shard} unavailable ${ms.toFixed(1)} ms from beforeRelease to the new owner's acquire (bound ${boundMs.toFixed(0)} ms)`,
      );
    }
    t.diagnostic(
      `${moved.length} of ${SHARDS} shards moved; the slowest handoff took ${Math.max(...handoffs).toFixed(1)} ms (bound ${boundMs.toFixed(0)} ms: 500 + 2 x ${lateMs.toFixed(0)} ms of event-loop delay)`,
    );
  });

  it('hands shards to a joining member through the watches alone: no round runs while its clocks stand still', async () => {
    const { log, start } = cluster();
    // Manual clocks that never move: no round, no timer; only NATS's answers and the watches' events drive them.
    const first = await start('node-1', { clock: createManualClock() });
    await first.ownership.ready;
    const joining = await start('node-2', { clock: createManualClock() });
    await log.until(() => converged([first, joining]), describeOwners([first, joining]));
    await joining.ownership.ready;
    assert.ok(joining.ownership.owned().size > 0);
    assert.deepEqual(
      first
        .of('beforeRelease')
        .map((event) => event.shard)
        .sort(byNumber),
      [...joining.ownership.owned()].sort(byNumber),
    );
  });

  it('renews its leases a slice per tick over the renew interval, not all at once, and each once per interval', async () => {
    const { start } = cluster();
    const clock = createManualClock();
    const solo = await start('node-1', { clock });
    await solo.ownership.ready;
    assert.equal(solo.ownership.owned().size, SHARDS);
    const revisions = async () => Promise.all(ALL.map(async (shard) => (await solo.buckets.leases.get(String(shard)))!.revision));
    const renewedSince = async (before: number[]) => {
      const now = await revisions();
      return ALL.filter((shard) => now[shard]! > before[shard]!);
    };
    const tickMs = TIMINGS.renewIntervalMs / RENEWAL_SLICES;
    const start0 = await revisions();
    clock.advance(tickMs);
    const firstSlice = ALL.filter((shard) => shard % RENEWAL_SLICES === 0);
    await eventually(async () => ((await renewedSince(start0)).length >= firstSlice.length ? true : undefined), 'the first slice renewed');
    assert.deepEqual(await renewedSince(start0), firstSlice, 'one tick renewed one slice, nothing else');
    for (let tick = 1; tick < RENEWAL_SLICES; tick++) clock.advance(tickMs);
    await eventually(
      async () => ((await renewedSince(start0)).length === SHARDS ? true : undefined),
      'every shard renewed within one interval',
    );
    assert.equal(solo.ownership.owned().size, SHARDS, 'nothing lost on the way');
  });

  it('tells routing listeners at each change: the new holder as the lease watch sees it, then the owner once it loaded the shard', async () => {
    const { start } = cluster();
    // Manual clocks: every change below comes from a watch or a tenure, never from a round.
    const first = await start('node-1', { clock: createManualClock() });
    await first.ownership.ready;
    let load!: () => void;
    const loaded = new Promise<void>((resolve) => (load = resolve));
    // At each change, the shards node-1 then routes to node-2 (which shard moves is known only once node-2's acquire
    // runs, and node-1's watch may see the lease before that).
    const toNode2AtEachChange: Array<Set<number>> = [];
    const watched = first.ownership.onRoutingChange(() =>
      toNode2AtEachChange.push(new Set(ALL.filter((shard) => first.ownership.ownerOf(shard)?.owner === 'node-2'))),
    );
    let movedShard: number | undefined;
    const joining = await start('node-2', {
      clock: createManualClock(),
      acquire: async (shard) => {
        movedShard ??= shard;
        await loaded;
      },
    });
    try {
      // Polled: a routing change is not a hook event, which is what the log's waits look at.
      await until(() => movedShard !== undefined && first.ownership.ownerOf(movedShard)?.owner === 'node-2', 'node-1 routes to node-2');
      const shard = movedShard!;
      assert.ok(
        toNode2AtEachChange.some((shards) => shards.has(shard)),
        `node-1 was told of ${toNode2AtEachChange.length} changes, none routing shard ${shard} to node-2`,
      );
      // node-2 holds the lease and loads the shard: not its own to route to yet, but `acquiring`.
      assert.equal(joining.ownership.acquiring(shard), true);
      assert.equal(joining.ownership.ownerOf(shard), undefined);
      let toldOwned = false;
      const off = joining.ownership.onRoutingChange(() => {
        if (joining.ownership.ownerOf(shard)?.owner === 'node-2') toldOwned = true;
      });
      load();
      await until(() => toldOwned, 'node-2 told its listeners once it owned the shard');
      assert.equal(joining.ownership.acquiring(shard), false);
      off();
    } finally {
      load();
      watched();
    }
  });

  it('takes every shard of a killed instance (no release, no leave) within TTL + two renew intervals', async (t) => {
    const { log, start } = cluster();
    const instances = [await start('node-1'), await start('node-2'), await start('node-3')];
    await log.until(() => converged(instances), describeOwners(instances));
    const [a, b, victim] = instances as [TestInstance, TestInstance, TestInstance];
    const orphaned = [...victim.ownership.owned()];
    assert.ok(orphaned.length > 0);

    // Two steps wait for the event loop: the survivors' expiry check (or round), then the pass's continuation.
    const killedAt = performance.now();
    const { lateMs } = await withDelay(async () => {
      await victim.kill();
      await log.until(() => converged([a, b]), describeOwners([a, b]));
    });
    const tookMs = performance.now() - killedAt;
    const boundMs = TIMINGS.ttlMs + 2 * TIMINGS.renewIntervalMs + 2 * lateMs;
    t.diagnostic(
      `${orphaned.length} shards taken ${tookMs.toFixed(0)} ms after the kill (bound ${boundMs.toFixed(0)} ms: TTL + 2 rounds + 2 x ${lateMs.toFixed(0)} ms of event-loop delay)`,
    );
    assert.ok(
      tookMs <= boundMs,
      `all ${orphaned.length} shards taken ${tookMs.toFixed(0)} ms after the kill (bound ${boundMs.toFixed(0)} ms)`,
    );
    for (const shard of orphaned) {
      const [taker] = [a, b].filter((instance) => instance.ownership.owned().has(shard));
      const epoch = taker?.of('acquire').findLast((event) => event.shard === shard)?.epoch;
      const old = victim.of('acquire').findLast((event) => event.shard === shard)?.epoch;
      assert.ok(epoch !== undefined && old !== undefined && epoch > old, `shard ${shard}: epoch ${epoch} follows ${old}`);
    }
    // Cut off, the killed instance self-fenced: it stopped counting its shards as owned, and told its host.
    assert.deepEqual(victim.ownership.owned(), new Set(), 'past its self-fence deadline');
    await log.until(() => victim.of('dropped').length === orphaned.length, 'the killed instance told its host');
    assert.deepEqual(
      victim
        .of('dropped')
        .map((event) => event.shard)
        .sort(byNumber),
      orphaned.sort(byNumber),
    );
  });

  it('a graceful stop leaves the membership and hands every shard to the others within 500 ms a shard', async (t) => {
    const { log, start } = cluster();
    const instances = [await start('node-1'), await start('node-2'), await start('node-3')];
    await log.until(() => converged(instances), describeOwners(instances));
    const [a, b, leaving] = instances as [TestInstance, TestInstance, TestInstance];
    const handed = [...leaving.ownership.owned()];
    const since = leaving.events.length;

    const began = performance.now();
    const { lateMs } = await withDelay(async () => {
      await leaving.ownership.stop({ handoff: true });
      await log.until(() => converged([a, b]), describeOwners([a, b]));
    });
    const totalMs = performance.now() - began;
    const boundMs = HANDOFF_MS + 2 * lateMs;
    t.diagnostic(`${handed.length} shards handed off in ${totalMs.toFixed(0)} ms (a shard's bound ${boundMs.toFixed(0)} ms)`);

    assert.deepEqual(leaving.ownership.owned(), new Set());
    assert.deepEqual(leaving.of('dropped'), [], 'nothing dropped: every shard was handed off');
    const releases = leaving.events.slice(since).flatMap((event) => (event.kind === 'beforeRelease' ? [event] : []));
    assert.deepEqual(releases.map((event) => event.shard).sort(byNumber), handed.sort(byNumber));
    for (const shard of handed) {
      const released = releases.find((event) => event.shard === shard);
      const acquired = [a, b].flatMap((instance) => instance.of('acquired')).findLast((event) => event.shard === shard);
      assert.ok(released !== undefined && acquired !== undefined);
      const ms = acquired.at - released.at;
      assert.ok(ms < boundMs, `shard ${shard} unavailable ${ms.toFixed(1)} ms (bound ${boundMs.toFixed(0)} ms)`);
    }
    // Moved by the handoff, not by expiry: before any lease could have lapsed.
    assert.ok(totalMs < TIMINGS.ttlMs, `${handed.length} shards handed off in ${totalMs.toFixed(0)} ms`);
    assert.ok(!a.ownership.live.includes(leaving.id) && !b.ownership.live.includes(leaving.id), 'it left the membership');
  });
});

const byNumber = (x: number, y: number): number => x - y;

/**
 * The worst delay of this process's event loop while `run` runs, in ms. The bounds asserted hold for timers and
 * callbacks that run on time; on a loaded machine they run late, and the tests add this delay (once for each
 * step on the path that waits for the event loop) rather than widen the bounds for every run.
 */
async function withDelay<T>(run: () => Promise<T>): Promise<{ readonly result: T; readonly lateMs: number }> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  try {
    const result = await run();
    return { result, lateMs: delay.max / 1e6 };
  } finally {
    delay.disable();
  }
}

function sameSet(set: ReadonlySet<number>, list: readonly number[]): boolean {
  return set.size === list.length && list.every((value) => set.has(value));
}
