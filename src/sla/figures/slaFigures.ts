/**
 * The SLA figures the plugin serves, in one place: what the GraphQL fields and the daily report
 * call, and what keeps stored closed periods true (late data, windows).
 *
 * Late data: a status change whose instant lies before now (a status interval starting in the
 * past; the product's own reports start at now) invalidates the stored periods of the definitions
 * covering the service that end after it. A window that starts, stops, expires or is deleted
 * invalidates the stored periods its span `[start, end)` overlaps. Both in the batch of the change
 * (staged), so a stored result and what invalidated it commit together; the fleet's cached figures
 * are dropped as well.
 */
import type { ServiceStatusChangedEvent } from '../../events/domainEvents.js';
import type { SnapshotTrendPoint } from '../trends/snapshotTrend.js';
import type { TrendDataPoint } from '../trends/trendData.js';
import type { MaintenanceWindowChangedEvent } from '../windows/maintenanceWindowEvents.js';
import { definitionPeriods, periodLimit, type DefinitionPeriod } from './definitionPeriods.js';
import { definitionPeriodAt, type FigureDeps } from './figureDeps.js';
import { FleetFigureCache, type FleetFigures, type GroupFigures } from './fleetFigures.js';
import { serviceSnapshotTrend, trendFigures, type TrendFilter } from './trendFigures.js';

/** A status change stamped this long before now may be late data (below it: the change as it happens). */
const LATE_AFTER_MS = 1000;

export class SlaFigures {
  private readonly fleetCache: FleetFigureCache;

  constructor(private readonly deps: FigureDeps) {
    this.fleetCache = new FleetFigureCache(deps);
  }

  periodResults(definitionId: string, limit: number | null): Promise<DefinitionPeriod[]> {
    return definitionPeriods(this.deps, definitionId, periodLimit(limit));
  }

  snapshotTrend(serviceId: string, hoursBack: number, definitionId: string | null): Promise<SnapshotTrendPoint[]> {
    return serviceSnapshotTrend(this.deps, serviceId, hoursBack, definitionId);
  }

  trendData(filter: TrendFilter): Promise<TrendDataPoint[]> {
    return trendFigures(this.deps, filter);
  }

  /** Dashboard stats and every group's figures, cached for a few seconds of product time. */
  fleet(): Promise<FleetFigures> {
    return this.fleetCache.get();
  }

  async group(name: string): Promise<GroupFigures> {
    // A group declared since the cached computation has no figures until the next one.
    return (await this.fleet()).groups.get(name) ?? { status: 'NO_DATA', currentUptime: null };
  }

  /**
   * Staged, in the batch of the status change. Only a change that lands in a closed period of a
   * covering definition is late data; the ingest path (a change at now) returns at the first test.
   */
  onStatusChanged(event: ServiceStatusChangedEvent): void {
    const now = this.deps.clock.now();
    if (event.at >= now - LATE_AFTER_MS) return;
    const service = this.deps.fleet.services.get(event.service.id);
    let late = false;
    for (const definition of this.deps.catalog.coveringDefinitions(event.service.id, service?.slaGroup ?? null)) {
      if (event.at >= definitionPeriodAt(definition, now).start) continue;
      this.deps.store.invalidate(definition.id, event.at, Number.POSITIVE_INFINITY);
      late = true;
    }
    if (late) this.deps.writer.afterCommit(() => this.fleetCache.clear());
  }

  /** Staged, in the batch of the window's change. */
  onWindowChanged(event: MaintenanceWindowChangedEvent): void {
    const { window } = event;
    this.historyChanged(window.serviceId, window.startedAt, window.endedAt ?? Number.POSITIVE_INFINITY);
  }

  /**
   * Status history of a service was written after the fact for `[from, to)` (the dev seed; an
   * import): the stored periods it lands in are computed again. Call it in the batch of the write.
   */
  historyChanged(serviceId: string, from: number, to: number): void {
    const service = this.deps.fleet.services.get(serviceId);
    for (const definition of this.deps.catalog.coveringDefinitions(serviceId, service?.slaGroup ?? null)) {
      this.deps.store.invalidate(definition.id, from, to);
    }
    this.deps.writer.afterCommit(() => this.fleetCache.clear());
  }
}
