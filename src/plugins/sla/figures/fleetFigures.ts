/**
 * The fleet's SLA figures in one computation: `slaDashboardStats` (and `dashboardStats.slaStats`)
 * and every SLA group's `status` and `currentUptime`. One timeline load of the whole fleet, one
 * batch per worker thread, cached for {@link FLEET_CACHE_MS} of product time; concurrent readers
 * share one computation. A thousand groups asking for their figures in one GraphQL response cost
 * one computation, not a thousand.
 *
 * Per service: its actual value this calendar month (UTC) to date, as the core dashboard measures
 * it; its SLA status, the worst of its covering definitions' current-period statuses (each against
 * the target that applies to it); `null` when no definition covers it.
 * Per group: `currentUptime` is its members' month-to-date measures pooled; `status` is that pooled
 * figure judged against the group's uptime target (override, else declared), or, for a group
 * without a target, the worst SLA status of its members (NO_DATA when none has one).
 *
 * Environments (src/plugins/policy): a viewer's place gate filters the services before the load, so the
 * figures (the pools of groups included) are made of what they may see; each gate key has its own
 * cache entry, the whole fleet's under ''. No gate: as before.
 */
import type { PlaceGate } from '../../../core/auth/roles.js';
import { visibleServices } from '../../../core/auth/placeGate.js';
import { groupUptimeTarget } from '../groups/groupMembers.js';
import { actualValueOf, judgePeriod, monthPeriod, type PeriodMeasure, type PeriodStatus } from '../../../core/domain/periodArithmetic.js';
import { addMeasures, EMPTY_MEASURE, worseStatus } from '../arithmetic/trends/pooledMeasure.js';
import { slaDashboardStats, type ServiceSlaFigure, type SlaDashboardStats } from '../arithmetic/trends/slaDashboardStats.js';
import { runPeriodResults, type PeriodAssignment } from './figureBatches.js';
import { definitionPeriodAt, serviceTarget, type FigureDeps } from './figureDeps.js';
import { loadTimeline } from './timelineLoader.js';

export const FLEET_CACHE_MS = 15_000;

export interface GroupFigures {
  readonly status: PeriodStatus;
  readonly currentUptime: number | null;
}

export interface FleetFigures {
  readonly at: number;
  readonly dashboard: SlaDashboardStats;
  /** By group name, every declared group. */
  readonly groups: ReadonlyMap<string, GroupFigures>;
}

/** Distinct gates (profiles) whose figures are kept; beyond it the oldest entries go. */
const MAX_CACHED_GATES = 256;

export class FleetFigureCache {
  private readonly cached = new Map<string, FleetFigures>();
  private readonly inFlight = new Map<string, Promise<FleetFigures>>();

  constructor(
    private readonly deps: FigureDeps,
    private readonly cacheMs = FLEET_CACHE_MS,
  ) {}

  /** `gate`: the viewer's place gate; null: the whole fleet. */
  get(gate: PlaceGate | null = null): Promise<FleetFigures> {
    const now = this.deps.clock.now();
    const key = gate === null ? '' : gate.key;
    const cached = this.cached.get(key);
    if (cached && now >= cached.at && now - cached.at < this.cacheMs) return Promise.resolve(cached);
    let running = this.inFlight.get(key);
    if (running === undefined) {
      running = computeFleetFigures(this.deps, now, gate).then(
        (figures) => {
          this.cached.delete(key);
          if (this.cached.size >= MAX_CACHED_GATES) this.cached.delete(this.cached.keys().next().value!);
          this.cached.set(key, figures);
          this.inFlight.delete(key);
          return figures;
        },
        (error: unknown) => {
          this.inFlight.delete(key);
          throw error;
        },
      );
      this.inFlight.set(key, running);
    }
    return running;
  }

  /** The next read computes again (a window or late data changed what the figures were made of). */
  clear(): void {
    this.cached.clear();
  }
}

export async function computeFleetFigures(deps: FigureDeps, now: number, gate: PlaceGate | null = null): Promise<FleetFigures> {
  const services = gate === null ? [...deps.fleet.services.all()] : visibleServices(gate, deps.fleet.services.all());
  const month = monthPeriod(now);
  const assignments: PeriodAssignment[] = [];
  /** Per service: where its month assignment is, and where its definitions' are. */
  const slots: Array<{ month: number; definitions: number[] }> = [];
  let from = month.start;
  for (const service of services) {
    for (const definition of deps.catalog.coveringDefinitions(service.id, service.slaGroup))
      from = Math.min(from, definitionPeriodAt(definition, now).start);
  }
  const loaded = await loadTimeline(
    deps.timelines,
    services.map((s) => s.id),
    { start: from, end: Math.max(from, now) },
  );
  for (const service of services) {
    const number = loaded.indexOf(service.id);
    const slot = { month: assignments.length, definitions: [] as number[] };
    assignments.push({ service: number, targetPercent: 100, degradedIsDown: false, periodStart: month.start, periodEnd: month.end });
    for (const definition of deps.catalog.coveringDefinitions(service.id, service.slaGroup)) {
      const period = definitionPeriodAt(definition, now);
      slot.definitions.push(assignments.length);
      assignments.push({
        service: number,
        targetPercent: serviceTarget(deps, definition, service),
        degradedIsDown: definition.degradedCountsAsDown,
        periodStart: period.start,
        periodEnd: period.end,
      });
    }
    slots.push(slot);
  }
  const figures = await runPeriodResults(deps.pool, loaded.timeline, now, assignments);
  const perService: ServiceSlaFigure[] = [];
  const monthMeasure = new Map<string, PeriodMeasure>();
  const slaStatus = new Map<string, PeriodStatus | null>();
  services.forEach((service, i) => {
    const slot = slots[i]!;
    const measure = figures[slot.month]!.measure;
    let status: PeriodStatus | null = null;
    for (const a of slot.definitions) status = worseStatus(status ?? 'NO_DATA', figures[a]!.result.status);
    perService.push({ actualValue: actualValueOf(measure), slaStatus: status });
    monthMeasure.set(service.id, measure);
    slaStatus.set(service.id, status);
  });
  const groups = new Map<string, GroupFigures>();
  for (const group of deps.fleet.slaGroups.list()) {
    const members = deps.fleet.services.inSlaGroup(group.name);
    let pooled = EMPTY_MEASURE;
    let worst: PeriodStatus = 'NO_DATA';
    for (const member of members) {
      if (gate !== null && !gate.admits(member.nodePath)) continue;
      // A member created after the load began has no figures yet: it counts from the next computation.
      const measure = monthMeasure.get(member.id);
      if (measure) pooled = addMeasures(pooled, measure);
      worst = worseStatus(worst, slaStatus.get(member.id) ?? 'NO_DATA');
    }
    const target = groupUptimeTarget(group, deps.groupSettings.overridesOf(group.name));
    const currentUptime = actualValueOf(pooled);
    const status = target === null ? worst : currentUptime === null ? 'NO_DATA' : judgePeriod(pooled, target).status;
    groups.set(group.name, { status, currentUptime });
  }
  return { at: now, dashboard: slaDashboardStats(perService), groups };
}
