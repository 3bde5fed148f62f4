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
import type { ServiceStatusChangedEvent } from '../../../core/coreEvents.js';
import type { PlaceGate } from '../../../core/auth/roles.js';
import type { SnapshotTrendPoint } from '../arithmetic/trends/snapshotTrend.js';
import type { TrendDataPoint } from '../arithmetic/trends/trendData.js';
import type { MaintenanceWindowChangedEvent } from '../windows/maintenanceWindowEvents.js';
import { definitionPeriods, periodLimit, type DefinitionPeriod } from './definitionPeriods.js';
import { definitionPeriodAt, type FigureDeps } from './figureDeps.js';
import { FleetFigureCache, type FleetFigures, type GroupFigures } from './fleetFigures.js';
import type { DailyReportRow } from '../report/dailyReport.js';
import { figuresReportSource } from './reportSource.js';
import { serviceSnapshotTrend, trendFigures, type TrendFilter } from './trendFigures.js';

/** A status change stamped this long before now may be late data (below it: the change as it happens). */
const LATE_AFTER_MS = 1000;

/** Viewer-specific report rows kept (by gate key and report instant); beyond it the oldest go. */
const MAX_CACHED_REPORT_ROWS = 64;

export class SlaFigures {
  private readonly fleetCache: FleetFigureCache;
  private readonly reportRowCache = new Map<string, Promise<readonly DailyReportRow[]>>();

  constructor(private readonly deps: FigureDeps) {
    this.fleetCache = new FleetFigureCache(deps);
  }

  // `gate` everywhere: the viewer's place gate (auth/roles.ts `placeGate`); the figures are made of the
  // services it admits. Null: the whole fleet, as before environments.

  periodResults(definitionId: string, limit: number | null, gate: PlaceGate | null = null): Promise<DefinitionPeriod[]> {
    return definitionPeriods(this.deps, definitionId, periodLimit(limit), gate);
  }

  snapshotTrend(
    serviceId: string,
    hoursBack: number,
    definitionId: string | null,
    gate: PlaceGate | null = null,
  ): Promise<SnapshotTrendPoint[]> {
    return serviceSnapshotTrend(this.deps, serviceId, hoursBack, definitionId, gate);
  }

  trendData(filter: TrendFilter, gate: PlaceGate | null = null): Promise<TrendDataPoint[]> {
    return trendFigures(this.deps, filter, gate);
  }

  /** Dashboard stats and every group's figures, cached for a few seconds of product time (per gate). */
  fleet(gate: PlaceGate | null = null): Promise<FleetFigures> {
    return this.fleetCache.get(gate);
  }

  async group(name: string, gate: PlaceGate | null = null): Promise<GroupFigures> {
    // A group declared since the cached computation has no figures until the next one.
    return (await this.fleet(gate)).groups.get(name) ?? { status: 'NO_DATA', currentUptime: null };
  }

  /**
   * A stored daily report's rows as a viewer with a place gate sees them: the same definitions, each
   * pooled over the services the gate admits, as of the report's instant `at`. Kept per (gate key,
   * at): the key changes with the policy, so one profile's rows are never served to another.
   */
  reportRows(at: number, gate: PlaceGate): Promise<readonly DailyReportRow[]> {
    const key = `${gate.key}|${at}`;
    let rows = this.reportRowCache.get(key);
    if (rows === undefined) {
      rows = figuresReportSource(this.deps, gate).rows(at);
      rows.catch(() => this.reportRowCache.delete(key));
      if (this.reportRowCache.size >= MAX_CACHED_REPORT_ROWS) this.reportRowCache.delete(this.reportRowCache.keys().next().value!);
      this.reportRowCache.set(key, rows);
    }
    return rows;
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
    if (late) this.deps.writer.afterCommit(() => this.cleared());
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
    this.deps.writer.afterCommit(() => this.cleared());
  }

  private cleared(): void {
    this.fleetCache.clear();
    this.reportRowCache.clear();
  }
}
