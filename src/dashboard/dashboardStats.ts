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
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Knex } from 'knex';
import type { ServiceRecord } from '../domain/service.js';
import type { Clock } from '../clock.js';
import type { ServiceRegistry } from '../actors/serviceRegistry.js';
import type { SlaGroupStore } from '../actors/slaGroupStore.js';
import { monthPeriod } from '../sla/periodArithmetic.js';
import type { DashboardStatsResult, DashboardStatsTask } from './dashboardTask.js';
import { ServiceNumbering } from './serviceNumbering.js';
import { readUptimeIntervals } from './uptimeQuery.js';

export interface DashboardStats {
  readonly totalServices: number;
  /** Services whose `slaGroup` names a declared group with an uptime target. */
  readonly servicesWithSla: number;
  /** Status counts of those services' month results; a service without data this month is in none. */
  readonly metCount: number;
  readonly atRiskCount: number;
  readonly breachedCount: number;
  /** Mean month-to-date actual value over every service with covered time (SLA or not), 3 decimals; 0 when none has data. */
  readonly averageUptime: number;
}

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
}

export interface DashboardStatsSource {
  get(): Promise<DashboardStats>;
}

export function createDashboardStats(options: DashboardStatsOptions): DashboardStatsSource {
  const { knex, fleet, clock, pool } = options;
  const cacheMs = options.cacheMs ?? 15_000;
  const pageBlocks = options.pageBlocks ?? 12;
  let cached: { readonly at: number; readonly stats: DashboardStats } | undefined;
  let inFlight: Promise<DashboardStats> | undefined;

  const compute = async (now: number): Promise<DashboardStats> => {
    const period = monthPeriod(now);
    const services = await numberServices(fleet);
    const intervals = await readUptimeIntervals(knex, period, services.numbering, pageBlocks);
    const result = await pool.run({ type: 'dashboardStats', period, now, targets: services.targets, intervals });
    return {
      totalServices: fleet.services.size,
      servicesWithSla: result.servicesWithSla,
      metCount: result.metCount,
      atRiskCount: result.atRiskCount,
      breachedCount: result.breachedCount,
      averageUptime: result.averageUptime,
    };
  };

  return {
    get() {
      const now = clock.now();
      if (cached && now - cached.at < cacheMs && now >= cached.at) return Promise.resolve(cached.stats);
      inFlight ??= compute(now).then(
        (stats) => {
          cached = { at: now, stats };
          inFlight = undefined;
          return stats;
        },
        (error: unknown) => {
          inFlight = undefined;
          throw error;
        },
      );
      return inFlight;
    },
  };
}

/** Services numbered one slice at a time before the event loop is let go again. */
const SERVICES_PER_SLICE = 5000;

/**
 * Numbers the fleet's services in the order it lists them, with each one's uptime target (NaN: no
 * SLA), letting the event loop go every {@link SERVICES_PER_SLICE}.
 */
async function numberServices(fleet: DashboardFleet): Promise<{ numbering: ServiceNumbering; targets: Float64Array }> {
  const numbering = new ServiceNumbering();
  const targets: number[] = [];
  let slice = 0;
  for (const service of fleet.services.all()) {
    if (numbering.add(service.id) === targets.length) targets.push(targetOf(fleet, service) ?? Number.NaN);
    if (++slice === SERVICES_PER_SLICE) {
      slice = 0;
      await nextTurn();
    }
  }
  return { numbering, targets: Float64Array.from(targets) };
}

function targetOf(fleet: DashboardFleet, service: ServiceRecord): number | null {
  if (service.slaGroup === null) return null;
  const uptime = fleet.slaGroups.get(service.slaGroup)?.targets?.uptime;
  return typeof uptime === 'number' && Number.isFinite(uptime) && uptime >= 0 && uptime <= 100 ? uptime : null;
}
