import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { SlaGroupStore, type SlaGroupRecord } from '../../../../src/core/fleet/slaGroupStore.js';
import { createManualClock, type ManualClock } from '../../../../src/platform/scheduler/index.js';
import {
  createDashboardStats,
  type DashboardFleet,
  type DashboardStatsOptions,
  type DashboardWorkerPool,
} from '../../../../src/core/dashboard/dashboardStats.js';
import type { DashboardStatsResult, DashboardStatsTask } from '../../../../src/core/dashboard/dashboardTask.js';
import { dashboardFigureStore } from '../../../../src/core/dashboard/dashboardFiguresTable.js';
import { newServiceRecord, type ServiceRecord, type ServiceStatus } from '../../../../src/core/domain/service.js';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { BatchWriter } from '../../../../src/platform/persistence/batchWriter.js';
import { openDatabase, type Database } from '../../../../src/platform/persistence/database.js';
import { productModules } from '../../../../src/plugins/productModules.js';
import { migrate } from '../../../../src/platform/persistence/migrate.js';
import { createInProcessPool } from '../../../../src/platform/workers/inProcessPool.js';
import { productTasks } from '../../../../src/productWorker.js';
import { testBackends, type TestStore } from '../../../support/backends.js';
import { eventually } from '../../../support/polling.js';
import { iso } from '../../../support/time.js';

// "Now" is 30 days into March 2026 (31 days): elapsed 43,200 minutes. A 99 % target has a month
// budget of 0.01 x 44,640 = 446.4 minutes; AT_RISK below 25 % of it remaining (more than 334.8
// minutes down), BREACHED above 432 minutes down (1 % of 43,200 covered minutes).
const NOW = Date.parse('2026-03-31T00:00:00Z');
const MARCH = Date.parse('2026-03-01T00:00:00Z');
const MIN = 60_000;
const NODE = 'dash';

type Span = readonly [status: ServiceStatus, from: number, to: number | null];
/** OPERATIONAL all month (open since February) except `downMinutes` DOWN starting on March 10. */
const upExcept = (downMinutes: number): Span[] => {
  if (downMinutes === 0) return [['OPERATIONAL', MARCH - 86_400_000, null]];
  const down = Date.parse('2026-03-10T00:00:00Z');
  return [
    ['OPERATIONAL', MARCH - 86_400_000, down],
    ['DOWN', down, down + downMinutes * MIN],
    ['OPERATIONAL', down + downMinutes * MIN, null],
  ];
};

for (const backend of testBackends()) {
  describe(`dashboard stats (${backend.name})`, () => {
    let store: TestStore;
    let db: Database;
    let groups: SlaGroupStore;
    const pool = createInProcessPool(productTasks);

    before(async () => {
      store = await backend.createStore();
      db = await openDatabase({ url: store.url, dataDir: '', ...(store.pglite ? { pglite: store.pglite } : {}) });
      await migrate(db.knex, createMemoryLogger(), productModules().migrations()); // the PostgreSQL store is an empty schema; the embedded one is already migrated
      await db.knex('nodes').insert({ path: NODE, parent_path: null, name: NODE, depth: 1, created_at: new Date(MARCH).toISOString() });
      groups = new SlaGroupStore(new BatchWriter({ knex: db.knex, logger: createMemoryLogger() }), randomUUID);
      const group = (name: string, targets: SlaGroupRecord['targets']) =>
        groups.load({ id: randomUUID(), name, displayName: null, tier: null, targets, createdAt: MARCH, updatedAt: MARCH });
      group('gold', { uptime: 99 });
      group('undeclared', null);
    });
    after(async () => {
      await pool.close();
      await db.close();
      await store.dispose();
    });

    /** A service with its rows in the database and its record for the fleet. */
    async function service(name: string, slaGroup: string | null, spans: readonly Span[]): Promise<ServiceRecord> {
      const record = newServiceRecord(randomUUID(), { nodePath: NODE, name: `${name}-${randomUUID()}`, slaGroup }, MARCH);
      await db.knex('services').insert({
        id: record.id,
        node_path: NODE,
        name: record.name,
        status: spans.at(-1)?.[0] ?? 'UNKNOWN',
        status_since: iso(MARCH),
        status_seq: Math.max(spans.length, 1),
        sla_group: slaGroup,
        created_at: iso(MARCH),
        updated_at: iso(MARCH),
      });
      if (spans.length > 0) {
        await db.knex('status_intervals').insert(
          spans.map(([status, from, to], i) => ({
            service_id: record.id,
            seq: i + 1,
            status,
            message: null,
            started_at: iso(from),
            ended_at: to === null ? null : iso(to),
          })),
        );
      }
      return record;
    }

    const fleetOf = (records: ServiceRecord[]): DashboardFleet & { allCalls: number } => {
      const fleet = {
        allCalls: 0,
        services: {
          all: () => {
            fleet.allCalls += 1;
            return records.values();
          },
          get size() {
            return records.length;
          },
        },
        slaGroups: groups,
      };
      return fleet;
    };

    const statsFor = (records: ServiceRecord[], now = NOW) =>
      createDashboardStats({ knex: db.knex, fleet: fleetOf(records), clock: createManualClock(now), pool }).get();

    it('is all zeros when there are no services', async () => {
      assert.deepEqual(await statsFor([]), {
        totalServices: 0,
        servicesWithSla: 0,
        metCount: 0,
        atRiskCount: 0,
        breachedCount: 0,
        averageUptime: 0,
      });
    });

    it('averages the uptime of services without an SLA too', async () => {
      const records = [await service('plain-up', null, upExcept(0)), await service('plain-down', null, upExcept(4320))];
      // 100 and 100 x (43,200 - 4,320) / 43,200 = 90.
      assert.deepEqual(await statsFor(records), {
        totalServices: 2,
        servicesWithSla: 0,
        metCount: 0,
        atRiskCount: 0,
        breachedCount: 0,
        averageUptime: 95,
      });
    });

    it('counts met, at-risk and breached services against their group target', async () => {
      const records = [
        await service('met', 'gold', upExcept(100)),
        await service('at-risk', 'gold', upExcept(400)),
        await service('breached', 'gold', upExcept(500)),
      ];
      const stats = await statsFor(records);
      assert.deepEqual(
        { ...stats, averageUptime: undefined },
        {
          totalServices: 3,
          servicesWithSla: 3,
          metCount: 1,
          atRiskCount: 1,
          breachedCount: 1,
          averageUptime: undefined,
        },
      );
      // (100 x 43,100 + 100 x 42,800 + 100 x 42,700) / 43,200 / 3 = 99.228 (3 decimals).
      assert.equal(stats.averageUptime, 99.228);
    });

    it('counts an SLA only for a declared group with an uptime target', async () => {
      const records = [
        await service('no-target', 'undeclared', upExcept(0)),
        await service('no-group', 'missing', upExcept(0)),
        await service('gold', 'gold', upExcept(0)),
      ];
      const stats = await statsFor(records);
      assert.equal(stats.servicesWithSla, 1);
      assert.equal(stats.metCount, 1);
    });

    it('leaves a service without data this month out of the average and the status counts', async () => {
      const february = MARCH - 10 * 86_400_000;
      const records = [
        await service('gone-quiet', 'gold', [['DOWN', february, MARCH - 1]]),
        await service('never-reported', 'gold', []),
        await service('up', null, upExcept(0)),
      ];
      assert.deepEqual(await statsFor(records), {
        totalServices: 3,
        servicesWithSla: 2,
        metCount: 0,
        atRiskCount: 0,
        breachedCount: 0,
        averageUptime: 100,
      });
    });

    it('takes a status it does not know in the database for a gap', async () => {
      const records = [await service('odd', null, [['OPERATIONAL', MARCH - 86_400_000, null]])];
      await db.knex('status_intervals').where({ service_id: records[0]!.id }).update({ status: 'SOMETHING_ELSE' });
      assert.equal((await statsFor(records)).averageUptime, 0);
    });

    it('measures the month to date of the clock, not the whole month', async () => {
      // Ten days into March, 500 minutes down out of 14,400 covered: 96.528 and BREACHED.
      const records = [await service('early', 'gold', upExcept(500))];
      const stats = await statsFor(records, Date.parse('2026-03-11T00:00:00Z'));
      assert.equal(stats.averageUptime, 96.528);
      assert.equal(stats.breachedCount, 1);
    });

    it('serves the cached result until cacheMs of the injected clock have passed', async () => {
      const records = [await service('cached', null, upExcept(0))];
      const clock = createManualClock(NOW);
      const stats = createDashboardStats({ knex: db.knex, fleet: fleetOf(records), clock, cacheMs: 1000, pool });
      assert.equal((await stats.get()).totalServices, 1);
      records.push(await service('added', null, upExcept(0)));
      clock.advance(999);
      assert.equal((await stats.get()).totalServices, 1, 'still cached');
      clock.advance(1);
      assert.equal((await stats.get()).totalServices, 2, 'computed again');
    });

    /** The test pool, whose tasks wait while it is held (a computation that takes as long as a test wants). */
    const holdablePool = () => {
      let gate: Promise<void> | undefined;
      let open: () => void = () => undefined;
      const state = { waiting: 0 };
      return {
        state,
        pool: {
          run: async (input: DashboardStatsTask): Promise<DashboardStatsResult> => {
            if (gate !== undefined) {
              state.waiting += 1;
              await gate;
            }
            return pool.run(input);
          },
        } satisfies DashboardWorkerPool,
        hold: () => void (gate = new Promise<void>((resolve) => (open = resolve))),
        release: () => {
          gate = undefined;
          open();
        },
      };
    };

    /** The dashboard over `records` on `clock` with the held pool, and `options` beside the shared ones. */
    const statsWith = (
      records: ServiceRecord[],
      clock: ManualClock,
      work: { pool: DashboardWorkerPool },
      options: Omit<DashboardStatsOptions, 'knex' | 'fleet' | 'clock' | 'pool'>,
    ) => createDashboardStats({ knex: db.knex, fleet: fleetOf(records), clock, pool: work.pool, ...options });

    it('answers the previous figures when new ones are not there within answerWithinMs, and the new ones once they land', async () => {
      const records = [await service('bounded', null, upExcept(0))];
      const clock = createManualClock(NOW);
      const work = holdablePool();
      const stats = statsWith(records, clock, work, { cacheMs: 1000, slowMs: 0, answerWithinMs: 20 });
      assert.equal((await stats.get()).totalServices, 1);
      records.push(await service('bounded-added', null, upExcept(0)));
      clock.advance(1000);
      work.hold();
      const started = performance.now();
      assert.equal((await stats.get()).totalServices, 1, 'the previous figures');
      assert.ok(performance.now() - started < 1000, 'answered within the budget, not after the computation');
      // Under way: it reads the month from the database first (on a busy machine longer than the budget), then waits at the held pool.
      await eventually(() => (work.state.waiting === 1 ? true : undefined), 'the new computation is under way');
      work.release();
      await eventually(async () => ((await stats.get()).totalServices === 2 ? true : undefined), 'the new figures once they landed');
    });

    it('answers the previous figures at once when the computation under way will take longer than the budget', async () => {
      const records = [await service('at-once', null, upExcept(0))];
      const clock = createManualClock(NOW);
      const work = holdablePool();
      const stats = statsWith(records, clock, work, { cacheMs: 1000, slowMs: 0, answerWithinMs: 50 });
      // A first computation held 200 ms: the next one is expected to take about as long, four budgets.
      work.hold();
      const first = stats.get();
      setTimeout(() => work.release(), 200);
      await first;
      records.push(await service('at-once-added', null, upExcept(0)));
      clock.advance(1000);
      work.hold();
      let answered: number | undefined;
      void stats.get().then((figures) => (answered = figures.totalServices));
      // Resolved before any timer could fire: no budget was waited.
      await new Promise((resolve) => setImmediate(resolve));
      assert.equal(answered, 1, 'the previous figures, answered without waiting');
      work.release();
      await eventually(async () => ((await stats.get()).totalServices === 2 ? true : undefined), 'the new figures once they landed');
    });

    it('makes the first call wait for its figures however long they take: there is nothing to answer before them', async () => {
      const clock = createManualClock(NOW);
      const work = holdablePool();
      const stats = createDashboardStats({
        knex: db.knex,
        fleet: fleetOf([await service('first', null, upExcept(0))]),
        clock,
        answerWithinMs: 1,
        pool: work.pool,
      });
      work.hold();
      let answered = false;
      const first = stats.get().then((figures) => ((answered = true), figures));
      await eventually(() => (work.state.waiting === 1 ? true : undefined), 'the computation started');
      await new Promise((resolve) => setTimeout(resolve, 30));
      assert.equal(answered, false, 'still waiting, past the budget');
      work.release();
      assert.equal((await first).totalServices, 1);
    });

    it('waits for new figures when the previous ones are older than maxStaleMs', async () => {
      const records = [await service('too-old', null, upExcept(0))];
      const clock = createManualClock(NOW);
      const work = holdablePool();
      const stats = statsWith(records, clock, work, { cacheMs: 1000, slowMs: 0, answerWithinMs: 1, maxStaleMs: 5000 });
      await stats.get();
      records.push(await service('too-old-added', null, upExcept(0)));
      clock.advance(5000);
      // Slower than the budget, and still waited for.
      work.hold();
      setTimeout(() => work.release(), 30);
      assert.equal((await stats.get()).totalServices, 2, 'figures 5 s old with maxStaleMs 5 s: the call waited for new ones');
    });

    it('waits for new figures past the budget when the previous ones came quicker than slowMs', async () => {
      const records = [await service('quick', null, upExcept(0))];
      const clock = createManualClock(NOW);
      const work = holdablePool();
      const stats = statsWith(records, clock, work, { cacheMs: 1000, slowMs: 60_000, answerWithinMs: 1 });
      await stats.get();
      records.push(await service('quick-added', null, upExcept(0)));
      clock.advance(1000);
      work.hold();
      setTimeout(() => work.release(), 30);
      assert.equal((await stats.get()).totalServices, 2, 'waited for the new figures, as before');
    });

    it('keeps slow whole-fleet figures for the next process, which answers them within the budget while it computes', async () => {
      await db.knex('dashboard_figures').del();
      const records = [await service('kept', null, upExcept(0))];
      const clock = createManualClock(NOW);
      const stored = dashboardFigureStore(db.knex);
      const before = createDashboardStats({ knex: db.knex, fleet: fleetOf(records), clock, slowMs: 0, stored, pool });
      const figures = await before.get();
      await eventually(async () => ((await stored.load()) !== undefined ? true : undefined), 'the figures stored');
      assert.deepEqual((await stored.load())?.stats, figures);
      records.push(await service('kept-added', null, upExcept(0)));
      clock.advance(20_000);
      const work = holdablePool();
      work.hold();
      const restarted = createDashboardStats({
        knex: db.knex,
        fleet: fleetOf(records),
        clock,
        stored,
        slowMs: 0,
        answerWithinMs: 20,
        pool: work.pool,
      });
      assert.deepEqual(await restarted.get(), figures, "the previous process's figures, not a wait");
      work.release();
      await eventually(async () => ((await restarted.get()).totalServices === 2 ? true : undefined), 'then its own');
      // Its own are stored too, in the background: wait, so that the write does not land in the next test's table.
      await eventually(async () => ((await stored.load())?.stats.totalServices === 2 ? true : undefined), 'its own stored');
    });

    it('answers the previous figures before the new computation has touched the fleet', async () => {
      await db.knex('dashboard_figures').del();
      const stored = dashboardFigureStore(db.knex);
      const kept = { totalServices: 9, servicesWithSla: 0, metCount: 0, atRiskCount: 0, breachedCount: 0, averageUptime: 100 };
      await stored.save({ at: NOW - 60_000, stats: kept, computeMs: 5000 });
      const fleet = fleetOf([await service('answered-first', null, upExcept(0))]);
      const stats = createDashboardStats({ knex: db.knex, fleet, clock: createManualClock(NOW), stored, pool });
      assert.deepEqual(await stats.get(), kept);
      assert.equal(fleet.allCalls, 0, 'the new computation had not begun numbering the fleet');
      await eventually(async () => ((await stats.get()).totalServices === 1 ? true : undefined), 'then the new figures');
      // Those came quicker than slowMs: not stored, so no write of them can land in the next test's table.
      await db.knex('dashboard_figures').del();
    });

    it('does not keep figures that came quicker than slowMs', async () => {
      await db.knex('dashboard_figures').del();
      const stored = dashboardFigureStore(db.knex);
      const stats = createDashboardStats({
        knex: db.knex,
        fleet: fleetOf([await service('not-kept', null, upExcept(0))]),
        clock: createManualClock(NOW),
        slowMs: 60_000,
        stored,
        pool,
      });
      await stats.get();
      assert.equal(await stored.load(), undefined);
    });

    it('coalesces concurrent calls into one computation', async () => {
      const fleet = fleetOf([await service('coalesced', null, upExcept(0))]);
      const stats = createDashboardStats({ knex: db.knex, fleet, clock: createManualClock(NOW), pool });
      const [a, b, c] = await Promise.all([stats.get(), stats.get(), stats.get()]);
      assert.equal(fleet.allCalls, 1);
      assert.equal(a, b);
      assert.equal(b, c);
    });

    it('reads the month page by page with the same result whatever the page size', async () => {
      // 3 x 160 intervals fill several heap blocks (about 100 rows each), so small pages split them.
      const flapping = (downEvery: number): Span[] =>
        Array.from({ length: 160 }, (_, i) => {
          const from = MARCH + i * 4 * 3_600_000;
          return [i % downEvery === 1 ? 'DOWN' : 'OPERATIONAL', from, i === 159 ? null : from + 4 * 3_600_000] as const;
        });
      const records = [
        await service('paged-a', 'gold', flapping(40)),
        await service('paged-b', 'gold', flapping(7)),
        await service('paged-c', null, flapping(3)),
      ];
      const size = await db.knex.raw(`select pg_relation_size('status_intervals') / current_setting('block_size')::bigint as blocks`);
      assert.ok(Number(size.rows[0].blocks) > 3, 'the intervals fill more blocks than the largest page below');
      const expected = await statsFor(records);
      assert.equal(expected.servicesWithSla, 2);
      for (const pageBlocks of [1, 2, 3]) {
        const stats = createDashboardStats({ knex: db.knex, fleet: fleetOf(records), clock: createManualClock(NOW), pool, pageBlocks });
        assert.deepEqual(await stats.get(), expected, `${pageBlocks} block(s) a page`);
      }
    });

    it('runs the SLA arithmetic of the whole fleet as one task on the pool', async () => {
      const records = [
        await service('batch-a', 'gold', upExcept(0)),
        await service('batch-b', null, upExcept(10)),
        await service('batch-c', 'gold', []),
      ];
      const tasks: string[] = [];
      const counting: typeof pool = { ...pool, run: (input) => (tasks.push(input.type), pool.run(input)) };
      const stats = createDashboardStats({
        knex: db.knex,
        fleet: fleetOf(records),
        clock: createManualClock(NOW),
        pool: counting,
        pageBlocks: 1,
      });
      assert.equal((await stats.get()).totalServices, 3);
      assert.deepEqual(tasks, ['dashboardStats']);
    });

    it('numbers services the fleet gained after its size was read', async () => {
      const records = [await service('gained-a', 'gold', upExcept(0)), await service('gained-b', 'gold', upExcept(0))];
      const fleet = fleetOf(records);
      // The size read before the walk, as when services are created between two of its slices.
      Object.defineProperty(fleet.services, 'size', { get: () => 1 });
      const stats = await createDashboardStats({ knex: db.knex, fleet, clock: createManualClock(NOW), pool }).get();
      assert.equal(stats.servicesWithSla, 2);
      assert.equal(stats.metCount, 2);
    });

    describe('warm at start (ADR 0087)', () => {
      /** The pool with its tasks counted. */
      const countingPool = () => {
        const counted = { tasks: 0 };
        const work: DashboardWorkerPool = { run: (input) => ((counted.tasks += 1), pool.run(input)) };
        return { counted, work };
      };

      it("computes a large fleet's figures at warm(), so that its first dashboard finds them", async () => {
        const records = [await service('warm-a', 'gold', upExcept(0)), await service('warm-b', null, upExcept(0))];
        const { counted, work } = countingPool();
        const stats = createDashboardStats({
          knex: db.knex,
          fleet: fleetOf(records),
          clock: createManualClock(NOW),
          pool: work,
          warmFromServices: 2,
        });
        assert.equal(await stats.warm(), true);
        assert.equal(counted.tasks, 1);
        assert.equal((await stats.get()).totalServices, 2);
        assert.equal(counted.tasks, 1, 'the first dashboard computed nothing');
      });

      it('computes nothing for a fleet smaller than warmFromServices', async () => {
        const { counted, work } = countingPool();
        const stats = createDashboardStats({
          knex: db.knex,
          fleet: fleetOf([await service('warm-small', null, upExcept(0))]),
          clock: createManualClock(NOW),
          pool: work,
          warmFromServices: 2,
        });
        assert.equal(await stats.warm(), false);
        assert.equal(counted.tasks, 0);
      });

      it('computes nothing when kept figures can answer the first dashboard, and computes when they are too old', async () => {
        await db.knex('dashboard_figures').del();
        const stored = dashboardFigureStore(db.knex);
        const kept = { totalServices: 7, servicesWithSla: 0, metCount: 0, atRiskCount: 0, breachedCount: 0, averageUptime: 100 };
        await stored.save({ at: NOW - 60_000, stats: kept, computeMs: 5000 });
        const records = [await service('warm-kept', null, upExcept(0))];
        const { counted, work } = countingPool();
        const options = { knex: db.knex, fleet: fleetOf(records), pool: work, stored, warmFromServices: 1, maxStaleMs: 120_000 };
        const fresh = createDashboardStats({ ...options, clock: createManualClock(NOW) });
        assert.equal(await fresh.warm(), false, 'kept figures a minute old');
        assert.equal(counted.tasks, 0);
        const late = createDashboardStats({ ...options, clock: createManualClock(NOW + 60_000) });
        assert.equal(await late.warm(), true, 'kept figures two minutes old, maxStaleMs two minutes');
        assert.equal(counted.tasks, 1);
        assert.equal((await late.get()).totalServices, 1);
        await db.knex('dashboard_figures').del();
      });

      it('lets a dashboard asked while the fleet is warmed share that computation', async () => {
        const records = [await service('warm-shared', null, upExcept(0))];
        const work = holdablePool();
        work.hold();
        const stats = statsWith(records, createManualClock(NOW), work, { warmFromServices: 1 });
        const warming = stats.warm();
        await eventually(() => (work.state.waiting === 1 ? true : undefined), 'the computation started');
        const asked = stats.get();
        work.release();
        assert.equal(await warming, true);
        assert.equal((await asked).totalServices, 1);
        assert.equal(work.state.waiting, 1, 'one computation');
      });
    });
  });
}
