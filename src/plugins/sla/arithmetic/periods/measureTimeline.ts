/**
 * The SLA figures of one period over a compact timeline (timeline/statusTimeline.ts): the same
 * {@link PeriodMeasure} as periodArithmetic.ts's `measurePeriod` over the rows the timeline was
 * built from, judged by the same `judgePeriod`. One span walk (timeline/spanTally.ts) from the
 * period start to `min(now, end)`.
 */
import { judgePeriod, type Period, type PeriodMeasure, type PeriodResult } from '../../../../core/domain/periodArithmetic.js';
import {
  resetSpanState,
  SLOT_CLOSED_INCIDENT_MS,
  SLOT_CLOSED_INCIDENTS,
  SLOT_COVERED_MS,
  SLOT_DOWNTIME_MS,
  SLOT_EXCLUDED_MS,
  SLOT_INCIDENTS,
  SPAN_STATE_SLOTS,
  tallySpan,
} from '../timeline/spanTally.js';
import type { StatusTimeline } from '../timeline/statusTimeline.js';

export interface TimelinePeriodOptions {
  readonly period: Period;
  /** Epoch ms the figures are "as of"; the elapsed part of the period is `[start, min(now, end))`. */
  readonly now: number;
  /** @default false */
  readonly degradedIsDown?: boolean;
}

/** The state of the one span a period measure walks: reused, read out before the next call. */
const scratch = new Float64Array(SPAN_STATE_SLOTS);

export function assertPeriod(period: Period, now: number): void {
  const { start, end } = period;
  if (!(Number.isFinite(start) && Number.isFinite(end) && end > start)) throw new RangeError(`invalid period [${start}, ${end})`);
  if (!Number.isFinite(now)) throw new RangeError(`invalid now ${now}`);
}

/** The target-free tallies of service `service` over the period. */
export function measureTimelinePeriod(timeline: StatusTimeline, service: number, options: TimelinePeriodOptions): PeriodMeasure {
  const { period, now } = options;
  assertPeriod(period, now);
  if (!(service >= 0 && service < timeline.offsets.length - 1))
    throw new RangeError(`service ${service} is not in the timeline (${timeline.offsets.length - 1} services)`);
  const until = Math.min(Math.max(now, period.start), period.end);
  resetSpanState(scratch, 0);
  tallySpan(timeline, service, period.start, period.start, until, options.degradedIsDown ?? false, scratch, 0);
  return measureFromState(scratch, 0, period.end - period.start, until - period.start);
}

/** {@link measureTimelinePeriod} judged against target T (percent). */
export function timelinePeriodResult(
  timeline: StatusTimeline,
  service: number,
  options: TimelinePeriodOptions & { readonly targetPercent: number },
): PeriodResult {
  return judgePeriod(measureTimelinePeriod(timeline, service, options), options.targetPercent);
}

/** A span state's tallies as a PeriodMeasure (spanTally.ts slots). */
export function measureFromState(state: Float64Array, at: number, periodMs: number, elapsedMs: number): PeriodMeasure {
  return {
    periodMs,
    elapsedMs,
    excludedMs: state[at + SLOT_EXCLUDED_MS]!,
    coveredMs: state[at + SLOT_COVERED_MS]!,
    downtimeMs: state[at + SLOT_DOWNTIME_MS]!,
    incidentCount: state[at + SLOT_INCIDENTS]!,
    closedIncidentCount: state[at + SLOT_CLOSED_INCIDENTS]!,
    closedIncidentMs: state[at + SLOT_CLOSED_INCIDENT_MS]!,
  };
}
