/**
 * The dashboard's SLA summary (SPEC.md "Dashboard stats") for the current UTC calendar month to
 * date: one query for the month's status intervals, then the pure SLA arithmetic per service.
 *
 * Concurrency: results are cached for `cacheMs` of the injected clock, and concurrent calls while a
 * computation runs share it (one query, one pass), so dashboards polling together cost one
 * computation per cache period. A failed computation is not cached; the next call tries again.
 */
import type { Knex } from 'knex';
import type { ServiceRecord } from '../domain/service.js';
import type { Clock } from '../clock.js';
import type { ServiceRegistry } from '../actors/serviceRegistry.js';
import type { SlaGroupStore } from '../actors/slaGroupStore.js';
import { actualValueOf, judgePeriod, measurePeriod, monthPeriod, type Period, type PeriodStatus, type StatusInterval } from '../sla/periodArithmetic.js';
import { queryUptimeIntervals } from './uptimeQuery.js';

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

export interface DashboardStatsOptions {
  readonly knex: Knex;
  readonly fleet: DashboardFleet;
  readonly clock: Clock;
  /** How long a result is served before it is computed again, in ms of `clock`. @default 15000 */
  readonly cacheMs?: number;
}

export interface DashboardStatsSource {
  get(): Promise<DashboardStats>;
}

export function createDashboardStats(options: DashboardStatsOptions): DashboardStatsSource {
  const { knex, fleet, clock } = options;
  const cacheMs = options.cacheMs ?? 15_000;
  let cached: { readonly at: number; readonly stats: DashboardStats } | undefined;
  let inFlight: Promise<DashboardStats> | undefined;

  const compute = async (now: number): Promise<DashboardStats> => {
    const period = monthPeriod(now);
    const intervals = await queryUptimeIntervals(knex, period);
    return summarize(fleet, intervals, period, now);
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

/** The stats from the month's intervals grouped by service id (pure; exported for the workers and tests). */
export function summarize(
  fleet: DashboardFleet,
  intervals: ReadonlyMap<string, readonly StatusInterval[]>,
  period: Period,
  now: number,
): DashboardStats {
  let servicesWithSla = 0;
  let metCount = 0;
  let atRiskCount = 0;
  let breachedCount = 0;
  let uptimeSum = 0;
  let withData = 0;
  for (const service of fleet.services.all()) {
    const target = targetOf(fleet, service);
    const own = intervals.get(service.id);
    const measure = own === undefined ? undefined : measurePeriod({ period, now, intervals: own });
    const actual = measure === undefined ? null : actualValueOf(measure);
    if (actual !== null) {
      uptimeSum += actual;
      withData += 1;
    }
    if (target === null) continue;
    servicesWithSla += 1;
    if (measure === undefined) continue;
    const status: PeriodStatus = judgePeriod(measure, target).status;
    if (status === 'MET') metCount += 1;
    else if (status === 'AT_RISK') atRiskCount += 1;
    else if (status === 'BREACHED') breachedCount += 1;
  }
  return {
    totalServices: fleet.services.size,
    servicesWithSla,
    metCount,
    atRiskCount,
    breachedCount,
    averageUptime: withData === 0 ? 0 : Math.round((uptimeSum / withData) * 1000) / 1000,
  };
}

function targetOf(fleet: DashboardFleet, service: ServiceRecord): number | null {
  if (service.slaGroup === null) return null;
  const uptime = fleet.slaGroups.get(service.slaGroup)?.targets?.uptime;
  return typeof uptime === 'number' && Number.isFinite(uptime) && uptime >= 0 && uptime <= 100 ? uptime : null;
}
