/**
 * The trend figures of many SLA assignments over a series of consecutive periods (5-minute buckets,
 * days, months): the common core of `slaSnapshotTrend` and `slaTrendData`, and what the worker task
 * computes. Each (assignment, period) is measured on its own, as a period of its own (an incident
 * counts in the period it begins in), and judged against the assignment's target.
 */
import { judgePeriod, type PeriodMeasure, type PeriodResult } from '../../../../core/domain/periodArithmetic.js';
import { measureTimelinePeriod } from '../periods/measureTimeline.js';
import type { StatusTimeline } from '../timeline/statusTimeline.js';

/** One service measured against one SLA definition. */
export interface SlaAssignment {
  /** The service's index in the timeline. */
  readonly service: number;
  readonly targetPercent: number;
  /** @default false */
  readonly degradedIsDown?: boolean;
}

export interface SeriesCell {
  readonly measure: PeriodMeasure;
  readonly result: PeriodResult;
}

/**
 * `bounds` are the periods' edges, increasing: period p is `[bounds[p], bounds[p + 1])`. Answers
 * one row per assignment, one cell per period; periods that begin after `now` are left out.
 */
export function trendSeries(
  timeline: StatusTimeline,
  assignments: readonly SlaAssignment[],
  bounds: ArrayLike<number>,
  now: number,
): SeriesCell[][] {
  for (let p = 1; p < bounds.length; p += 1) {
    if (!(bounds[p]! > bounds[p - 1]!)) throw new RangeError(`period bounds must increase: ${bounds[p - 1]} then ${bounds[p]}`);
  }
  return assignments.map((assignment) => {
    const row: SeriesCell[] = [];
    for (let p = 0; p + 1 < bounds.length && bounds[p]! <= now; p += 1) {
      const measure = measureTimelinePeriod(timeline, assignment.service, {
        period: { start: bounds[p]!, end: bounds[p + 1]! },
        now,
        degradedIsDown: assignment.degradedIsDown ?? false,
      });
      row.push({ measure, result: judgePeriod(measure, assignment.targetPercent) });
    }
    return row;
  });
}
