/**
 * `slaTrendData(filter {periodType, monthsBack})` (SPEC.md "Trend data point"): daily or monthly
 * points over the given SLA assignments (a definition's services, or every assignment), from the
 * start of the month `monthsBack` months before `now`'s month through the period holding `now`,
 * calendar-aligned in the zone. A point pools its assignments (trends/pooledMeasure.ts): the actual
 * value is `100 x sum(covered - downtime) / sum(covered)`, the status the worst of the assignments'
 * statuses in that period (one BREACHED service makes the day BREACHED).
 */
import { actualValueOf, type PeriodStatus } from '../../../../core/domain/periodArithmetic.js';
import { calendarPeriodAt, calendarPeriodsBetween, type CalendarPeriod } from '../periods/calendarPeriods.js';
import type { StatusTimeline } from '../timeline/statusTimeline.js';
import { addMeasures, EMPTY_MEASURE, worseStatus } from './pooledMeasure.js';
import { trendSeries, type SlaAssignment } from './trendSeries.js';

export const TREND_PERIOD_TYPES = ['DAILY', 'MONTHLY'] as const;
export type TrendPeriodType = (typeof TREND_PERIOD_TYPES)[number];

export interface TrendDataFilter {
  readonly periodType: TrendPeriodType;
  /** 0: the current month only. At most {@link MAX_MONTHS_BACK}. */
  readonly monthsBack: number;
}

export interface TrendDataPoint {
  /** `2026-11-25` (DAILY) or `2026-11` (MONTHLY). */
  readonly periodKey: string;
  /** Epoch ms. */
  readonly periodStart: number;
  readonly actualValue: number | null;
  readonly status: PeriodStatus;
}

export const MAX_MONTHS_BACK = 36;

/** The calendar periods of a trend: oldest first, through the one holding `now`. */
export function trendPeriods(filter: TrendDataFilter, now: number, timeZone = 'UTC'): CalendarPeriod[] {
  if (!(Number.isInteger(filter.monthsBack) && filter.monthsBack >= 0 && filter.monthsBack <= MAX_MONTHS_BACK)) {
    throw new RangeError(`monthsBack must be a whole number 0..${MAX_MONTHS_BACK}, got ${filter.monthsBack}`);
  }
  let month = calendarPeriodAt('month', now, timeZone);
  for (let i = 0; i < filter.monthsBack; i += 1) month = calendarPeriodAt('month', month.start - 1, timeZone);
  const current = calendarPeriodAt('month', now, timeZone);
  return calendarPeriodsBetween(filter.periodType === 'DAILY' ? 'day' : 'month', month.start, Math.min(current.end, now + 1), timeZone);
}

export function trendData(
  timeline: StatusTimeline,
  assignments: readonly SlaAssignment[],
  filter: TrendDataFilter,
  now: number,
  timeZone = 'UTC',
): TrendDataPoint[] {
  const periods = trendPeriods(filter, now, timeZone);
  if (periods.length === 0) return [];
  const bounds = [...periods.map((p) => p.start), periods[periods.length - 1]!.end];
  const rows = trendSeries(timeline, assignments, bounds, now);
  return periods.map((period, p) => {
    let pooled = EMPTY_MEASURE;
    let status: PeriodStatus = 'NO_DATA';
    for (const row of rows) {
      const cell = row[p];
      if (cell === undefined) continue;
      pooled = addMeasures(pooled, cell.measure);
      status = worseStatus(status, cell.result.status);
    }
    return { periodKey: period.key, periodStart: period.start, actualValue: actualValueOf(pooled), status };
  });
}
