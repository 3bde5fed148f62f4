/**
 * SLA arithmetic of DESIGN.md ("SLA arithmetic"): what one service's status history means for one
 * period (5-minute bucket, day, month) against a target of T percent. Pure functions: no I/O, no
 * clock reads (`now` is an argument), inputs are never mutated. The workers and the dashboard call
 * them.
 *
 * Two steps, so a caller can measure once and judge against several targets (or none):
 * - {@link measurePeriod}: the target-free tallies (elapsed, excluded, covered, downtime, incidents);
 * - {@link judgePeriod}: the SPEC "Period result" record against target T.
 * {@link computePeriodResult} does both.
 *
 * Time model. Everything is measured over the ELAPSED part of the period,
 * `[start, min(now, end))`: nothing after `now` is known, so future maintenance windows do not count
 * yet. Inside it, every instant is exactly one of:
 * - excluded: inside a maintenance window, or in status MAINTENANCE (a window and a MAINTENANCE
 *   interval that overlap count once: excluded time is the measure of the union);
 * - covered: not excluded, status OPERATIONAL, DEGRADED or DOWN;
 * - a gap: not excluded, status UNKNOWN or no interval at all (no report).
 * Downtime is covered time in DOWN (and DEGRADED when `degradedIsDown`).
 *
 * Intervals. An interval with `endedAt === null` is still open at `now`. Intervals are taken in
 * `startedAt` order and a later-starting interval supersedes an earlier one from its start (an
 * interval's effective end is the smaller of its own end and the next interval's start), so bad or
 * lagging rows never count the same instant twice.
 *
 * Incidents. An incident is an entry into down: a down interval (DOWN, and DEGRADED when
 * `degradedIsDown`) that does not start exactly where another down interval ended (so DOWN then
 * DEGRADED, both down, is one incident). It counts in the period when it starts inside the elapsed
 * period and outside every maintenance window (a planned restart inside a window is not an incident;
 * its downtime after the window still counts as downtime). It is closed when it ended by
 * `min(now, end)`; MTTR is the mean wall-clock length of the counted, closed incidents (`null` when
 * none), so a past period's result does not change when computed later.
 *
 * Status ({@link periodStatus}): a closed period (fully elapsed) is BREACHED when actual < T, else
 * MET. The open period can still recover, so it is BREACHED only once the error budget is spent
 * (remaining < 0: whatever comes, the period can no longer meet T), AT_RISK when the burn rate is
 * above 1 or less than 25 % of the budget remains, and otherwise MET, unless the coverage so far is
 * below {@link MIN_COVERAGE_PERCENT}: then INSUFFICIENT_DATA instead of MET (too little was seen to
 * say it is on track; BREACHED and AT_RISK stand, as the downtime seen is a lower bound).
 *
 * Edge cases: nothing covered -> `actualValue` null and status `NO_DATA`; nothing assessable
 * (elapsed = excluded, or the period has not started) -> `coveragePercent` null; T = 100 -> budget
 * 0, burn rate 0 without downtime and `null` (unbounded) with any; remaining budget is not clamped
 * at 0.
 *
 * Minutes are fractional (`ms / 60000`) and not rounded here; presentation rounds.
 */
import type { ServiceStatus } from './service.js';

export const MS_PER_MINUTE = 60_000;

/** A half-open period `[start, end)` in epoch ms. */
export interface Period {
  readonly start: number;
  readonly end: number;
}

/** One stretch of time a service spent in one status (a `status_intervals` row). */
export interface StatusInterval {
  readonly status: ServiceStatus;
  /** Epoch ms. */
  readonly startedAt: number;
  /** Epoch ms; `null`: still open at `now`. */
  readonly endedAt: number | null;
}

/** A maintenance window's span `[start, end)` in epoch ms; `end === null`: still active at `now`. */
export type MaintenanceSpan = readonly [start: number, end: number | null];

export interface MeasureInput {
  readonly period: Period;
  /** Epoch ms the computation is "as of". The elapsed part of the period is `[start, min(now, end))`. */
  readonly now: number;
  /** The service's intervals overlapping the period, in any order. */
  readonly intervals: readonly StatusInterval[];
  /** The service's maintenance windows, whose time is excluded; may overlap each other and MAINTENANCE intervals; overlaps count once. @default [] */
  readonly exclusions?: readonly MaintenanceSpan[];
  /** Whether DEGRADED counts as down (downtime and incidents). @default false */
  readonly degradedIsDown?: boolean;
}

/** Target-free tallies of one service over one period, in ms. */
export interface PeriodMeasure {
  readonly periodMs: number;
  /** `min(now, end) - start`, never negative. */
  readonly elapsedMs: number;
  readonly excludedMs: number;
  readonly coveredMs: number;
  readonly downtimeMs: number;
  /** Entries into down within the elapsed period, outside maintenance windows. */
  readonly incidentCount: number;
  /** Of those, the ones that ended by `min(now, end)`. */
  readonly closedIncidentCount: number;
  /** Total wall-clock length of the closed incidents. */
  readonly closedIncidentMs: number;
}

/**
 * `NO_DATA`: no covered time in the period, so there is no actual value to judge.
 * `INSUFFICIENT_DATA`: the open period's coverage so far is too low to call it on track (see {@link periodStatus}).
 * (Statuses cross the worker boundary as their index here: append, never reorder.)
 */
export const PERIOD_STATUSES = ['MET', 'AT_RISK', 'BREACHED', 'NO_DATA', 'INSUFFICIENT_DATA'] as const;
export type PeriodStatus = (typeof PERIOD_STATUSES)[number];

/** SPEC.md "Period result", plus `coveredMinutes` and `status`. */
export interface PeriodResult {
  /** `100 x (covered - downtime) / covered`; `null` when nothing is covered (no data). */
  readonly actualValue: number | null;
  /** `100 x covered / (elapsed - excluded)`; `null` when all elapsed time is excluded (or none elapsed). */
  readonly coveragePercent: number | null;
  readonly coveredMinutes: number;
  readonly downtimeMinutes: number;
  readonly excludedMinutes: number;
  /** `(1 - T/100) x (period minutes - excluded)`; 0 when T = 100. */
  readonly errorBudgetMinutes: number;
  /** = downtime. */
  readonly errorBudgetUsedMinutes: number;
  /** `budget - used`; negative once the budget is overspent (not clamped). */
  readonly errorBudgetRemainingMinutes: number;
  /**
   * `(used / budget) / (elapsed / period)`. 0 when nothing is used (also when nothing has elapsed
   * or the budget is 0); `null` when the budget is 0 and some is used (unbounded).
   */
  readonly burnRate: number | null;
  readonly incidentCount: number;
  /** Mean wall-clock length of the incidents that closed; `null` when none closed. */
  readonly mttrMinutes: number | null;
  /** `(covered - downtime) / incidentCount`; `null` when there were no incidents. */
  readonly mtbfMinutes: number | null;
  readonly status: PeriodStatus;
}

export interface PeriodInput extends MeasureInput {
  /** Target T in percent, 0..100. */
  readonly targetPercent: number;
}

/** Comparisons at the status thresholds forgive this much floating-point noise (ties are not breaches). */
const TOLERANCE = 1e-10;

/**
 * Below this coverage (percent of the assessable time elapsed so far) the open period is not judged
 * MET: INSUFFICIENT_DATA instead (docs/adr/0034-sla-arithmetic-and-statuses.md).
 */
export const MIN_COVERAGE_PERCENT = 50;

/** Below this share of the budget left, the open period is AT_RISK. */
export const AT_RISK_BUDGET_SHARE = 0.25;

/** What {@link periodStatus} judges; minutes or ms alike, as long as budget and remaining share the unit. */
export interface StatusInputs {
  /** The period has fully elapsed (`now >= end`). */
  readonly closed: boolean;
  readonly targetPercent: number;
  /** Null: nothing covered. */
  readonly actualValue: number | null;
  /** Null: nothing assessable. */
  readonly coveragePercent: number | null;
  readonly budget: number;
  readonly remaining: number;
  /** Null: unbounded (budget 0, some downtime). */
  readonly burnRate: number | null;
}

/**
 * The status of a period (DESIGN.md "SLA arithmetic"): NO_DATA without covered time; a closed
 * period BREACHED when actual < T, else MET; the open one BREACHED only when the budget is spent,
 * AT_RISK when the burn rate is above 1 or less than 25 % of the budget is left, else MET, or
 * INSUFFICIENT_DATA instead of MET while coverage is below {@link MIN_COVERAGE_PERCENT}. Exactly at
 * a threshold is not past it (actual = T is met, remaining 0 is not spent, burn rate 1 is on track).
 */
export function periodStatus(input: StatusInputs): PeriodStatus {
  const { actualValue, targetPercent, budget, remaining, burnRate, coveragePercent } = input;
  if (actualValue === null) return 'NO_DATA';
  if (input.closed) return actualValue < targetPercent - TOLERANCE ? 'BREACHED' : 'MET';
  const noise = TOLERANCE * Math.max(budget, 1);
  if (remaining < -noise) return 'BREACHED';
  if (burnRate === null || burnRate > 1 + TOLERANCE || remaining < AT_RISK_BUDGET_SHARE * budget - noise) return 'AT_RISK';
  if (coveragePercent !== null && coveragePercent < MIN_COVERAGE_PERCENT - TOLERANCE) return 'INSUFFICIENT_DATA';
  return 'MET';
}

/** The UTC calendar month containing `now`. */
export function monthPeriod(now: number): Period {
  const date = new Date(now);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  return { start: Date.UTC(year, month, 1), end: Date.UTC(year, month + 1, 1) };
}

export function measurePeriod(input: MeasureInput): PeriodMeasure {
  const { period, now } = input;
  const { start, end } = period;
  if (!(Number.isFinite(start) && Number.isFinite(end) && end > start)) throw new RangeError(`invalid period [${start}, ${end})`);
  if (!Number.isFinite(now)) throw new RangeError(`invalid now ${now}`);
  const degradedIsDown = input.degradedIsDown ?? false;
  const until = Math.min(Math.max(now, start), end);
  const windows = mergeWindows(input.exclusions ?? [], start, until, now);
  const intervals = sortedByStart(input.intervals);
  const isDown = (status: ServiceStatus) => status === 'DOWN' || (degradedIsDown && status === 'DEGRADED');

  let maintenanceMs = 0;
  let maintenanceInWindowsMs = 0;
  let coveredMs = 0;
  let downtimeMs = 0;
  let incidentCount = 0;
  let closedIncidentCount = 0;
  let closedIncidentMs = 0;
  // The down run being followed: its start, whether it counts as an incident of this period.
  let runStart = 0;
  let runCounted = false;
  let previousDownEnd: number | null = null;
  const overlap = windowOverlap(windows);

  for (let i = 0; i < intervals.length; i += 1) {
    const interval = intervals[i]!;
    const next = intervals[i + 1];
    const ownEnd = interval.endedAt ?? now;
    const effectiveEnd = next === undefined ? ownEnd : Math.min(ownEnd, next.startedAt);
    // Its real end: its own, or the next interval's start, whichever comes first (an open interval
    // followed by one that starts after `now` really ends there, not at `now`).
    const realEnd = Math.min(interval.endedAt ?? Number.POSITIVE_INFINITY, next === undefined ? Number.POSITIVE_INFINITY : next.startedAt);
    // Closed: it has a real end by the end of the elapsed period.
    const closed = realEnd <= until;

    const from = Math.max(interval.startedAt, start);
    const to = Math.min(effectiveEnd, until);
    if (to > from) {
      const status = interval.status;
      if (status === 'MAINTENANCE') {
        maintenanceMs += to - from;
        maintenanceInWindowsMs += overlap(from, to);
      } else if (status === 'OPERATIONAL' || status === 'DEGRADED' || status === 'DOWN') {
        const counted = to - from - overlap(from, to);
        coveredMs += counted;
        if (isDown(status)) downtimeMs += counted;
      }
    }

    if (isDown(interval.status)) {
      // A down interval that starts where the previous down one ended continues the same incident.
      if (previousDownEnd === null || previousDownEnd !== interval.startedAt) {
        runStart = interval.startedAt;
        runCounted = runStart >= start && runStart < until && !insideWindows(windows, runStart);
        if (runCounted) incidentCount += 1;
      }
      const continues = next !== undefined && isDown(next.status) && realEnd === next.startedAt;
      if (!continues && runCounted && closed) {
        closedIncidentCount += 1;
        closedIncidentMs += realEnd - runStart;
      }
      previousDownEnd = realEnd;
    } else {
      previousDownEnd = null;
    }
  }

  let windowsMs = 0;
  for (const [from, to] of windows) windowsMs += to - from;

  return {
    periodMs: end - start,
    elapsedMs: until - start,
    excludedMs: windowsMs + maintenanceMs - maintenanceInWindowsMs,
    coveredMs,
    downtimeMs,
    incidentCount,
    closedIncidentCount,
    closedIncidentMs,
  };
}

/** `100 x (covered - downtime) / covered`, or `null` when nothing is covered. */
export function actualValueOf(measure: Pick<PeriodMeasure, 'coveredMs' | 'downtimeMs'>): number | null {
  return measure.coveredMs > 0 ? (100 * (measure.coveredMs - measure.downtimeMs)) / measure.coveredMs : null;
}

/**
 * The SPEC "Period result" of a measure against target T, its status by {@link periodStatus} (the
 * period is closed when its whole length has elapsed).
 */
export function judgePeriod(measure: PeriodMeasure, targetPercent: number): PeriodResult {
  if (!(Number.isFinite(targetPercent) && targetPercent >= 0 && targetPercent <= 100)) {
    throw new RangeError(`target must be a percentage 0..100, got ${targetPercent}`);
  }
  const { periodMs, elapsedMs, excludedMs, coveredMs, downtimeMs, incidentCount } = measure;
  const actualValue = actualValueOf(measure);
  const assessable = elapsedMs - excludedMs;
  const budgetMs = ((100 - targetPercent) / 100) * (periodMs - excludedMs);
  const remainingMs = budgetMs - downtimeMs;
  let burnRate: number | null;
  if (downtimeMs === 0) burnRate = 0;
  else if (budgetMs === 0) burnRate = null;
  else burnRate = downtimeMs / budgetMs / (elapsedMs / periodMs);

  const coveragePercent = assessable > 0 ? (100 * coveredMs) / assessable : null;
  const closed = elapsedMs >= periodMs;
  const status = periodStatus({ closed, targetPercent, actualValue, coveragePercent, budget: budgetMs, remaining: remainingMs, burnRate });

  return {
    actualValue,
    coveragePercent,
    coveredMinutes: coveredMs / MS_PER_MINUTE,
    downtimeMinutes: downtimeMs / MS_PER_MINUTE,
    excludedMinutes: excludedMs / MS_PER_MINUTE,
    errorBudgetMinutes: budgetMs / MS_PER_MINUTE,
    errorBudgetUsedMinutes: downtimeMs / MS_PER_MINUTE,
    errorBudgetRemainingMinutes: remainingMs / MS_PER_MINUTE,
    burnRate,
    incidentCount,
    mttrMinutes: measure.closedIncidentCount > 0 ? measure.closedIncidentMs / measure.closedIncidentCount / MS_PER_MINUTE : null,
    mtbfMinutes: incidentCount > 0 ? (coveredMs - downtimeMs) / incidentCount / MS_PER_MINUTE : null,
    status,
  };
}

/** {@link measurePeriod} then {@link judgePeriod}. */
export function computePeriodResult(input: PeriodInput): PeriodResult {
  return judgePeriod(measurePeriod(input), input.targetPercent);
}

/** The windows clipped to `[start, until)`, sorted and merged into disjoint ranges. */
function mergeWindows(exclusions: readonly MaintenanceSpan[], start: number, until: number, now: number): Array<[number, number]> {
  if (exclusions.length === 0) return [];
  const clipped: Array<[number, number]> = [];
  for (const [from, to] of exclusions) {
    const a = Math.max(from, start);
    const b = Math.min(to ?? now, until);
    if (b > a) clipped.push([a, b]);
  }
  clipped.sort((x, y) => x[0] - y[0]);
  const merged: Array<[number, number]> = [];
  for (const range of clipped) {
    const last = merged[merged.length - 1];
    if (last !== undefined && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push(range);
  }
  return merged;
}

/**
 * How much of `[from, to)` lies inside the merged windows. Calls must come with non-decreasing,
 * non-overlapping ranges (intervals in start order), so a cursor walks the windows once.
 */
function windowOverlap(windows: ReadonlyArray<readonly [number, number]>): (from: number, to: number) => number {
  if (windows.length === 0) return () => 0;
  let cursor = 0;
  return (from, to) => {
    while (cursor < windows.length && windows[cursor]![1] <= from) cursor += 1;
    let total = 0;
    for (let i = cursor; i < windows.length; i += 1) {
      const [a, b] = windows[i]!;
      if (a >= to) break;
      total += Math.min(b, to) - Math.max(a, from);
    }
    return total;
  };
}

function insideWindows(windows: ReadonlyArray<readonly [number, number]>, at: number): boolean {
  for (const [a, b] of windows) if (at >= a && at < b) return true;
  return false;
}

function sortedByStart(intervals: readonly StatusInterval[]): readonly StatusInterval[] {
  for (let i = 1; i < intervals.length; i += 1) {
    if (intervals[i]!.startedAt < intervals[i - 1]!.startedAt) return [...intervals].sort((a, b) => a.startedAt - b.startedAt);
  }
  return intervals;
}
