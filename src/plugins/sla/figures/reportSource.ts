/**
 * The daily report's rows (report/dailyReports.ts `ReportSource`): one per SLA definition, by name,
 * with its current period as of the report's instant, its covered services pooled (the same figure
 * as `slaPeriodResults`' first entry), and the last {@link REPORT_CHART_DAYS} UTC days' pooled actual
 * values for the chart (oldest first, today so far last). Per definition: one timeline load, one
 * batch through the worker pool.
 *
 * With a place gate (a viewer's environments, src/plugins/policy), the rows are of the services it admits:
 * what a person who may not see every service is shown instead of the stored report's rows.
 */
import { visibleServices } from '../../../core/auth/placeGate.js';
import type { PlaceGate } from '../../../core/auth/roles.js';
import type { SlaDefinition } from '../definitions/slaDefinition.js';
import { judgePeriod, type PeriodMeasure } from '../../../core/domain/periodArithmetic.js';
import { REPORT_CHART_DAYS, reportDayOf, startOfReportDay, type DailyReportRow, type DailyValue } from '../report/dailyReport.js';
import type { ReportSource } from '../report/dailyReports.js';
import { serviceCountOf, sliceTimeline } from '../arithmetic/timeline/statusTimeline.js';
import { addMeasures, EMPTY_MEASURE } from '../arithmetic/trends/pooledMeasure.js';
import { runPeriodResults, runTrendSeries } from './figureBatches.js';
import { coveredServices, definitionPeriodAt, serviceTarget, type FigureDeps } from './figureDeps.js';
import { loadTimeline } from './timelineLoader.js';

const DAY_MS = 86_400_000;

export function figuresReportSource(deps: FigureDeps, gate: PlaceGate | null = null): ReportSource {
  return {
    async rows(at) {
      const rows: DailyReportRow[] = [];
      for (const definition of deps.catalog.allDefinitions()) rows.push(await reportRow(deps, definition, at, gate));
      return rows;
    },
  };
}

async function reportRow(deps: FigureDeps, definition: SlaDefinition, at: number, gate: PlaceGate | null): Promise<DailyReportRow> {
  const period = definitionPeriodAt(definition, at);
  const firstDay = startOfReportDay(reportDayOf(at)) - (REPORT_CHART_DAYS - 1) * DAY_MS;
  const days = Float64Array.from({ length: REPORT_CHART_DAYS + 1 }, (_, i) => firstDay + i * DAY_MS);
  const services = gate === null ? coveredServices(deps, definition.id) : visibleServices(gate, coveredServices(deps, definition.id));
  const from = Math.min(period.start, firstDay);
  const loaded = await loadTimeline(
    deps.timelines,
    services.map((s) => s.id),
    { start: from, end: Math.max(from, at) },
  );
  const assignments = services.map((s) => ({
    service: loaded.indexOf(s.id),
    targetPercent: serviceTarget(deps, definition, s),
    degradedIsDown: definition.degradedCountsAsDown,
    periodStart: period.start,
    periodEnd: period.end,
  }));
  const [figures, series] = await Promise.all([
    // A copy for the first task: a task handed to a thread takes (detaches) the arrays it is given.
    runPeriodResults(deps.pool, sliceTimeline(loaded.timeline, 0, serviceCountOf(loaded.timeline)), at, assignments),
    runTrendSeries(deps.pool, loaded.timeline, at, assignments, days),
  ]);
  let pooled: PeriodMeasure =
    services.length === 0
      ? { ...EMPTY_MEASURE, periodMs: period.end - period.start, elapsedMs: Math.max(0, Math.min(at, period.end) - period.start) }
      : EMPTY_MEASURE;
  for (const { measure } of figures) pooled = addMeasures(pooled, measure);
  const daily: DailyValue[] = [];
  for (let d = 0; d < REPORT_CHART_DAYS; d += 1) {
    let covered = 0;
    let down = 0;
    for (const row of series) {
      covered += row[d]!.coveredMs;
      down += row[d]!.downtimeMs;
    }
    daily.push({ day: reportDayOf(days[d]!), actualValue: covered > 0 ? (100 * (covered - down)) / covered : null });
  }
  return {
    slaId: definition.id,
    slaName: definition.name,
    targetPercent: definition.targetPercent,
    periodType: definition.period,
    periodKey: period.key,
    serviceCount: services.length,
    result: judgePeriod(pooled, definition.targetPercent),
    daily,
  };
}
