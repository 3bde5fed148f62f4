/**
 * `slaSnapshotTrend` and `slaTrendData` from stored history.
 *
 * Snapshot trend: one service, 5-minute buckets, judged against one of the definitions covering it:
 * the one asked for, else the strictest (highest target that applies to the service). A service no
 * definition covers has no target to judge against: BAD_USER_INPUT saying so. One service's buckets
 * are computed on the main thread (at most 2,016 walks over one service's runs).
 *
 * Trend data: daily or monthly points pooled over (service x definition) pairs: a definition's
 * services, one service's definitions, a group's members' definitions, or every covered service's
 * (no subject given). Calendar days and months are in the definition's zone when one definition is
 * asked for, else in UTC. Computed in the worker pool (one task per thread).
 */
import type { PlaceGate } from '../../../core/auth/roles.js';
import type { ServiceRecord } from '../../../core/domain/service.js';
import { AppError, ErrorCode } from '../../../platform/errors/catalog.js';
import { worseStatus } from '../arithmetic/trends/pooledMeasure.js';
import type { SlaDefinition } from '../definitions/slaDefinition.js';
import type { PeriodStatus } from '../../../core/domain/periodArithmetic.js';
import { snapshotBounds, snapshotTrend, type SnapshotTrendPoint } from '../arithmetic/trends/snapshotTrend.js';
import { trendPeriods, TREND_PERIOD_TYPES, type TrendDataPoint, type TrendPeriodType } from '../arithmetic/trends/trendData.js';
import { definitionOrThrow } from './definitionPeriods.js';
import { runTrendSeries, type FigureAssignment } from './figureBatches.js';
import { coveredServices, serviceTarget, zoneOf, type FigureDeps } from './figureDeps.js';
import { loadTimeline } from './timelineLoader.js';

const bad = (message: string) => new AppError(ErrorCode.BadRequest, message);

/** A service outside the viewer's environments (`gate`) is as unknown as one that does not exist. */
function serviceOrThrow(deps: Pick<FigureDeps, 'fleet'>, id: string, gate: PlaceGate | null): ServiceRecord {
  const service = deps.fleet.services.get(id);
  if (!service || (gate !== null && !gate.admits(service.nodePath))) throw new AppError(ErrorCode.NotFound, `service ${id} not found`);
  return service;
}

export async function serviceSnapshotTrend(
  deps: FigureDeps,
  serviceId: string,
  hoursBack: number,
  definitionId: string | null,
  gate: PlaceGate | null = null,
): Promise<SnapshotTrendPoint[]> {
  const service = serviceOrThrow(deps, serviceId, gate);
  const now = deps.clock.now();
  let bounds: Float64Array;
  try {
    bounds = snapshotBounds(now, hoursBack);
  } catch (error) {
    throw bad((error as Error).message);
  }
  const covering = deps.catalog.coveringDefinitions(service.id, service.slaGroup);
  let chosen: { definition: SlaDefinition; target: number } | undefined;
  if (definitionId !== null) {
    const definition = definitionOrThrow(deps, definitionId);
    if (!covering.some((d) => d.id === definition.id))
      throw bad(`SLA definition "${definition.name}" does not cover service ${service.name}`);
    chosen = { definition, target: serviceTarget(deps, definition, service) };
  } else {
    for (const definition of [...covering].sort((a, b) => a.name.localeCompare(b.name))) {
      const target = serviceTarget(deps, definition, service);
      if (!chosen || target > chosen.target) chosen = { definition, target };
    }
  }
  if (!chosen) throw bad(`service ${service.name} is covered by no SLA definition: assign one (assignSLAToService) to judge its trend`);
  const loaded = await loadTimeline(deps.timelines, [service.id], { start: bounds[0]!, end: now });
  return snapshotTrend(
    loaded.timeline,
    { service: 0, targetPercent: chosen.target, degradedIsDown: chosen.definition.degradedCountsAsDown },
    now,
    hoursBack,
  );
}

export interface TrendFilter {
  readonly periodType: TrendPeriodType;
  readonly monthsBack: number;
  readonly slaDefinitionId: string | null;
  readonly serviceId: string | null;
  readonly group: string | null;
}

interface Pair {
  readonly service: ServiceRecord;
  readonly definition: SlaDefinition;
}

/** `gate`: the viewer's place gate; the pairs are of the services it admits (null: every service). */
export async function trendFigures(deps: FigureDeps, filter: TrendFilter, gate: PlaceGate | null = null): Promise<TrendDataPoint[]> {
  if (!(TREND_PERIOD_TYPES as readonly string[]).includes(filter.periodType))
    throw bad(`periodType must be one of ${TREND_PERIOD_TYPES.join(', ')}`);
  const now = deps.clock.now();
  const only = filter.slaDefinitionId === null ? null : definitionOrThrow(deps, filter.slaDefinitionId);
  let periods: ReturnType<typeof trendPeriods>;
  try {
    periods = trendPeriods({ periodType: filter.periodType, monthsBack: filter.monthsBack }, now, only === null ? 'UTC' : zoneOf(only));
  } catch (error) {
    throw bad((error as Error).message);
  }
  const pairs = pairsOf(deps, filter, only, gate);
  if (periods.length === 0) return [];
  const bounds = Float64Array.from([...periods.map((p) => p.start), periods[periods.length - 1]!.end]);
  const ids = [...new Set(pairs.map((p) => p.service.id))];
  const loaded = await loadTimeline(deps.timelines, ids, { start: bounds[0]!, end: Math.max(bounds[0]!, now) });
  const assignments: FigureAssignment[] = pairs.map(({ service, definition }) => ({
    service: loaded.indexOf(service.id),
    targetPercent: serviceTarget(deps, definition, service),
    degradedIsDown: definition.degradedCountsAsDown,
  }));
  const rows = await runTrendSeries(deps.pool, loaded.timeline, now, assignments, bounds);
  return periods.map((period, p) => {
    let covered = 0;
    let down = 0;
    let status: PeriodStatus = 'NO_DATA';
    for (const row of rows) {
      const cell = row[p]!;
      covered += cell.coveredMs;
      down += cell.downtimeMs;
      status = worseStatus(status, cell.status);
    }
    return {
      periodKey: period.key,
      periodStart: period.start,
      actualValue: covered > 0 ? (100 * (covered - down)) / covered : null,
      status,
    };
  });
}

/** The (service, definition) pairs a filter names. */
function pairsOf(deps: FigureDeps, filter: TrendFilter, only: SlaDefinition | null, gate: PlaceGate | null): Pair[] {
  const { services, slaGroups } = deps.fleet;
  let subjects: ServiceRecord[];
  if (filter.serviceId !== null) subjects = [serviceOrThrow(deps, filter.serviceId, gate)];
  else if (filter.group !== null) {
    if (slaGroups.get(filter.group) === undefined && services.inSlaGroup(filter.group).length === 0)
      throw new AppError(ErrorCode.NotFound, `SLA group ${filter.group} not found`);
    subjects = services.inSlaGroup(filter.group);
  } else if (only !== null) subjects = coveredServices(deps, only.id);
  else subjects = [...services.all()];
  if (gate !== null) subjects = subjects.filter((s) => gate.admits(s.nodePath));
  const pairs: Pair[] = [];
  for (const service of subjects.sort((a, b) => a.id.localeCompare(b.id))) {
    for (const definition of deps.catalog.coveringDefinitions(service.id, service.slaGroup)) {
      if (only === null || definition.id === only.id) pairs.push({ service, definition });
    }
  }
  return pairs;
}
