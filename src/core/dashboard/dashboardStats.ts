/**
 * The dashboard's SLA summary (SPEC.md "Dashboard stats") for the current UTC calendar month to
 * date. The main thread numbers the fleet's services (serviceNumbering.ts) and reads the month's
 * status intervals page by page into typed arrays (uptimeQuery.ts, intervalColumns.ts), letting the
 * event loop go between slices; the SLA arithmetic of every service then runs as ONE task on the
 * worker pool (dashboardTask.ts), never one per service.
 *
 * Concurrency: results are cached for `cacheMs` of the injected clock, and concurrent calls while a
 * computation runs share it (one read, one task), so dashboards polling together cost one
 * computation per cache period. A failed computation is not cached; the next call tries again.
 *
 * Bounded waits (docs/adr/0081): at a million services a computation takes many seconds. When the
 * previous computation of the same figures took at least `slowMs` (real time), a call past the cache
 * period waits for the new figures at most `answerWithinMs` and then answers the previous ones (if
 * younger than `maxStaleMs` of the clock); the computation goes on for the calls after it. Figures
 * that come quickly are always waited for, as before. The whole fleet's slow figures are kept in
 * `dashboard_figures` (dashboardFiguresTable.ts), so a restarted process answers from them too.
 *
 * Warm at start (docs/adr/0087): with no previous figures to answer, the first dashboard of a large fleet would
 * wait for a whole computation (seconds at a million services), so the core module calls `warm()` once the server
 * is ready and that computation runs before anyone asks; a call while it runs shares it.
 *
 * Environments (src/plugins/policy): a viewer's place gate (auth/roles.ts `placeGate`) filters the services
 * numbered, so the task only sees what the viewer may; results are cached per gate key (a profile
 * and the policy's generation), the unfiltered figures under their own key. No gate: as before.
 */
import type { Knex } from 'knex';
import type { PlaceGate } from '../auth/roles.js';
import type { ServiceRecord } from '../domain/service.js';
import { type Clock, nextTurn } from '../../platform/scheduler/index.js';
import type { ServiceRegistry } from '../fleet/serviceRegistry.js';
import type { SlaGroupStore } from '../fleet/slaGroupStore.js';
import { monthPeriod } from '../domain/periodArithmetic.js';
import type { DashboardStatsResult, DashboardStatsTask } from './dashboardTask.js';
import type { DashboardFigureStore, DashboardStats, StoredFigures } from './dashboardFigures.js';

export type { DashboardStats } from './dashboardFigures.js';
import { ServiceNumbering } from './serviceNumbering.js';
import { readUptimeIntervals } from './uptimeQuery.js';

/** The parts of the fleet the stats read. */
export interface DashboardFleet {
  readonly services: Pick<ServiceRegistry, 'all' | 'size'>;
  readonly slaGroups: Pick<SlaGroupStore, 'get'>;
}

/** The part of the worker pool the stats use (any pool that runs the dashboard task: the product's runs more kinds). */
export interface DashboardWorkerPool {
  run(input: DashboardStatsTask): Promise<DashboardStatsResult>;
}

export interface DashboardStatsOptions {
  readonly knex: Knex;
  readonly fleet: DashboardFleet;
  readonly clock: Clock;
  /** Where the SLA arithmetic runs: worker threads in the product, in process in tests. */
  readonly pool: DashboardWorkerPool;
  /** How long a result is served before it is computed again, in ms of `clock`. @default 15000 */
  readonly cacheMs?: number;
  /** Heap blocks of status intervals read per query (see `defaultPageBlocks` in uptimeQuery.ts). @default 12 */
  readonly pageBlocks?: number;
  /**
   * Figures whose last computation took at least this long (real ms) are answered from the previous ones when the
   * new ones are late; quicker ones are always waited for. @default 1000
   */
  readonly slowMs?: number;
  /** How long a call waits for late new figures before it answers the previous ones (real ms). @default 40 */
  readonly answerWithinMs?: number;
  /** Previous figures older than this (ms of `clock`) are never answered: the call waits. @default 10 minutes */
  readonly maxStaleMs?: number;
  /** Where the whole fleet's last slow figures outlive the process (dashboardFiguresTable.ts); none: kept in memory only. */
  readonly stored?: DashboardFigureStore;
  /** `warm()` computes the whole fleet's figures only for a fleet of at least this many services. @default 100000 */
  readonly warmFromServices?: number;
}

export interface DashboardStatsSource {
  /** `gate`: the viewer's place gate; null or absent: the whole fleet. */
  get(gate?: PlaceGate | null): Promise<DashboardStats>;
  /**
   * Computes the whole fleet's figures now when the first dashboard would otherwise wait seconds for them
   * (docs/adr/0087): a fleet of at least `warmFromServices` with no previous figures to answer (none kept, or
   * older than `maxStaleMs`). True once they landed, false when nothing was needed; rejects as the computation does.
   */
  warm(): Promise<boolean>;
}

export const DEFAULT_SLOW_MS = 1000;
export const DEFAULT_ANSWER_WITHIN_MS = 40;
export const DEFAULT_MAX_STALE_MS = 10 * 60 * 1000;
/** About where the whole fleet's figures take a second to compute (ADR 0081: 0.6 s at 50,000 services). */
export const DEFAULT_WARM_FROM_SERVICES = 100_000;

/** Distinct gates (profiles) whose figures are kept; beyond it the oldest entries go. */
const MAX_CACHED_GATES = 256;

/** A computation of figures under way, and when it started (real ms). */
interface UnderWay {
  readonly running: Promise<DashboardStats>;
  readonly startedAt: number;
}

export function createDashboardStats(options: DashboardStatsOptions): DashboardStatsSource {
  const { knex, fleet, clock, pool } = options;
  const cacheMs = options.cacheMs ?? 15_000;
  const pageBlocks = options.pageBlocks ?? 12;
  const slowMs = options.slowMs ?? DEFAULT_SLOW_MS;
  const answerWithinMs = options.answerWithinMs ?? DEFAULT_ANSWER_WITHIN_MS;
  const maxStaleMs = options.maxStaleMs ?? DEFAULT_MAX_STALE_MS;
  const warmFromServices = options.warmFromServices ?? DEFAULT_WARM_FROM_SERVICES;
  const cache = new Map<string, StoredFigures>();
  /** Each computation under way, and when it started (real ms): how much of a slow one is left. */
  const inFlight = new Map<string, UnderWay>();

  const compute = async (now: number, gate: PlaceGate | null): Promise<DashboardStats> => {
    // Not in the turn of the call that started it: a call answered from the previous figures goes out first (the
    // numbering's tables, tens of MB at a million services, may bring a collection with them).
    await nextTurn();
    const period = monthPeriod(now);
    const services = await numberServices(fleet, gate);
    const intervals = await readUptimeIntervals(knex, period, services.numbering, pageBlocks);
    const result = await pool.run({ type: 'dashboardStats', period, now, targets: services.targets, intervals });
    return {
      totalServices: gate === null ? fleet.services.size : services.targets.length,
      servicesWithSla: result.servicesWithSla,
      metCount: result.metCount,
      atRiskCount: result.atRiskCount,
      breachedCount: result.breachedCount,
      averageUptime: result.averageUptime,
    };
  };

  /** The computation of `key`'s figures under way, or a new one. */
  const computation = (key: string, now: number, gate: PlaceGate | null): UnderWay => {
    const underWay = inFlight.get(key);
    if (underWay !== undefined) return underWay;
    const started = performance.now();
    const running = compute(now, gate).then(
      (stats) => {
        const figures: StoredFigures = { at: now, stats, computeMs: performance.now() - started };
        cache.delete(key);
        if (cache.size >= MAX_CACHED_GATES) cache.delete(cache.keys().next().value!);
        cache.set(key, figures);
        inFlight.delete(key);
        // Slow figures are kept for the next process; a failed write only makes its first dashboards wait.
        if (key === '' && figures.computeMs >= slowMs) options.stored?.save(figures).catch(() => undefined);
        return stats;
      },
      (error: unknown) => {
        inFlight.delete(key);
        throw error;
      },
    );
    const underWayNow: UnderWay = { running, startedAt: started };
    inFlight.set(key, underWayNow);
    return underWayNow;
  };

  /** The stored figures, read once, at the first whole-fleet call: the previous figures until this process has its own. */
  let storedRead: Promise<void> | undefined;
  const readStored = (): Promise<void> =>
    (storedRead ??= (options.stored?.load() ?? Promise.resolve(undefined)).then(
      (stored) => {
        if (stored !== undefined && !cache.has('')) cache.set('', stored);
      },
      () => undefined,
    ));

  const answer = (gate: PlaceGate | null): Promise<DashboardStats> => {
    const now = clock.now();
    // '' is the whole fleet; a gate key always has a profile in it, so the two never meet.
    const key = gate === null ? '' : gate.key;
    const cached = cache.get(key);
    if (cached && youngerThan(cached, now, cacheMs)) return Promise.resolve(cached.stats);
    const { running, startedAt } = computation(key, now, gate);
    if (cached === undefined || cached.computeMs < slowMs || !youngerThan(cached, now, maxStaleMs)) return running;
    // A computation that will still take longer than the budget (by the last one's time) is not waited for at all.
    const left = cached.computeMs - (performance.now() - startedAt);
    if (left > answerWithinMs) {
      running.catch(() => undefined);
      return Promise.resolve(cached.stats);
    }
    return withinBudget(running, cached.stats, answerWithinMs);
  };

  return {
    get(gate = null) {
      if (gate !== null || storedRead !== undefined || options.stored === undefined) return answer(gate);
      return readStored().then(() => answer(null));
    },
    async warm() {
      if (fleet.services.size < warmFromServices) return false;
      await readStored();
      const now = clock.now();
      // Figures a call may be answered with while new ones compute (ADR 0081): nothing to warm.
      const cached = cache.get('');
      if (cached && youngerThan(cached, now, maxStaleMs)) return false;
      await computation('', now, null).running;
      return true;
    },
  };
}

/** Whether `figures` were computed less than `ms` of the clock before `now` (and not after it: a clock set back). */
function youngerThan(figures: StoredFigures, now: number, ms: number): boolean {
  const age = now - figures.at;
  return age >= 0 && age < ms;
}

/**
 * `running`'s figures if they come within `ms` (real time), else `previous`; `running` goes on (its failure after
 * the budget is left to the next call, which starts another).
 */
function withinBudget(running: Promise<DashboardStats>, previous: DashboardStats, ms: number): Promise<DashboardStats> {
  running.catch(() => undefined);
  return new Promise<DashboardStats>((resolve, reject) => {
    const budget = setTimeout(() => resolve(previous), ms);
    budget.unref();
    running.then(
      (stats) => {
        clearTimeout(budget);
        resolve(stats);
      },
      (error: unknown) => {
        clearTimeout(budget);
        reject(error);
      },
    );
  });
}

/** Services numbered one slice at a time before the event loop is let go again. */
const SERVICES_PER_SLICE = 5000;

/**
 * Numbers the fleet's services the gate admits in the order it lists them, with each one's uptime target (NaN: no
 * SLA), letting the event loop go every {@link SERVICES_PER_SLICE}.
 */
async function numberServices(
  fleet: DashboardFleet,
  gate: PlaceGate | null,
): Promise<{ numbering: ServiceNumbering; targets: Float64Array }> {
  const size = fleet.services.size;
  const numbering = new ServiceNumbering(size);
  // Sized once: a growing array of a million targets, then its copy, were garbage left for the next full collection.
  let targets: Float64Array = new Float64Array(size);
  let slice = 0;
  for (const service of fleet.services.all()) {
    if (gate !== null && !gate.admits(service.nodePath)) continue;
    const number = numbering.add(service.id);
    if (number === numbering.size - 1) {
      if (number === targets.length) targets = grown(targets);
      targets[number] = targetOf(fleet, service) ?? Number.NaN;
    }
    if (++slice === SERVICES_PER_SLICE) {
      slice = 0;
      await nextTurn();
    }
  }
  return { numbering, targets: numbering.size === targets.length ? targets : targets.slice(0, numbering.size) };
}

/** Services created while the fleet is numbered (between slices) need room past its size at the start. */
function grown(targets: Float64Array): Float64Array {
  const more = new Float64Array(Math.max(16, targets.length * 2));
  more.set(targets);
  return more;
}

function targetOf(fleet: DashboardFleet, service: ServiceRecord): number | null {
  if (service.slaGroup === null) return null;
  const uptime = fleet.slaGroups.get(service.slaGroup)?.targets?.uptime;
  return typeof uptime === 'number' && Number.isFinite(uptime) && uptime >= 0 && uptime <= 100 ? uptime : null;
}
