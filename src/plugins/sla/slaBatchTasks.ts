/**
 * The SLA computation as worker tasks (src/platform/workers/productTasks.ts): many services in one task,
 * typed-array columns in and out, so a fleet's month crosses the thread boundary as a few buffers.
 *
 * - `slaPeriodResults`: one period result per assignment (a service measured against one SLA
 *   definition over one period; each assignment has its own period, target and DEGRADED rule).
 * - `slaTrendSeries`: per assignment, the figures of each period of one series of consecutive
 *   periods (5-minute buckets, days, months): what `slaSnapshotTrend` and `slaTrendData` are made of.
 *
 * Results are columns (NaN for null; status as its index in PERIOD_STATUSES); {@link periodResultAt},
 * {@link seriesCellAt} read one entry back as a plain record. Handlers are pure; they throw a
 * RangeError on inconsistent columns.
 */
import {
  judgePeriod,
  PERIOD_STATUSES,
  type PeriodMeasure,
  type PeriodResult,
  type PeriodStatus,
} from '../../core/domain/periodArithmetic.js';
import { measureTimelinePeriod } from './arithmetic/periods/measureTimeline.js';
import { assertTimeline, type StatusTimeline } from './arithmetic/timeline/statusTimeline.js';

export interface AssignmentColumns {
  /** The service's index in the timeline. */
  readonly service: Uint32Array;
  readonly targetPercent: Float64Array;
  /** 1: DEGRADED counts as down. */
  readonly degradedIsDown: Uint8Array;
}

export interface PeriodAssignmentColumns extends AssignmentColumns {
  /** Epoch ms, per assignment. */
  readonly periodStart: Float64Array;
  readonly periodEnd: Float64Array;
}

export interface SlaPeriodResultsTask {
  readonly type: 'slaPeriodResults';
  readonly timeline: StatusTimeline;
  readonly now: number;
  readonly assignments: PeriodAssignmentColumns;
}

/** Every PeriodResult field as a column, one entry per assignment; NaN is null. */
export interface PeriodResultColumns {
  readonly actualValue: Float64Array;
  readonly coveragePercent: Float64Array;
  readonly coveredMinutes: Float64Array;
  readonly downtimeMinutes: Float64Array;
  readonly excludedMinutes: Float64Array;
  readonly errorBudgetMinutes: Float64Array;
  readonly errorBudgetUsedMinutes: Float64Array;
  readonly errorBudgetRemainingMinutes: Float64Array;
  readonly burnRate: Float64Array;
  readonly incidentCount: Float64Array;
  readonly mttrMinutes: Float64Array;
  readonly mtbfMinutes: Float64Array;
  /** Index in PERIOD_STATUSES. */
  readonly status: Uint8Array;
  /** The measures behind each result (exact ms), so the caller can pool services: {@link periodMeasureAt}. */
  readonly measures: MeasureColumns;
}

/** Every PeriodMeasure field as a column, one entry per assignment. */
export interface MeasureColumns {
  readonly periodMs: Float64Array;
  readonly elapsedMs: Float64Array;
  readonly excludedMs: Float64Array;
  readonly coveredMs: Float64Array;
  readonly downtimeMs: Float64Array;
  readonly incidentCount: Float64Array;
  readonly closedIncidentCount: Float64Array;
  readonly closedIncidentMs: Float64Array;
}

export interface SlaPeriodResultsResult {
  readonly type: 'slaPeriodResults';
  readonly results: PeriodResultColumns;
}

export interface SlaTrendSeriesTask {
  readonly type: 'slaTrendSeries';
  readonly timeline: StatusTimeline;
  readonly now: number;
  readonly assignments: AssignmentColumns;
  /** Period edges, increasing: period p is `[bounds[p], bounds[p + 1])`. */
  readonly bounds: Float64Array;
}

/** Entry `a * periods + p` is assignment a's period p; periods that begin after `now` are NaN / NO_DATA. */
export interface SlaTrendSeriesResult {
  readonly type: 'slaTrendSeries';
  readonly periods: number;
  readonly actualValue: Float64Array;
  readonly coveredMs: Float64Array;
  readonly downtimeMs: Float64Array;
  readonly incidentCount: Float64Array;
  readonly status: Uint8Array;
}

const RESULT_FIELDS = [
  'actualValue',
  'coveragePercent',
  'coveredMinutes',
  'downtimeMinutes',
  'excludedMinutes',
  'errorBudgetMinutes',
  'errorBudgetUsedMinutes',
  'errorBudgetRemainingMinutes',
  'burnRate',
  'incidentCount',
  'mttrMinutes',
  'mtbfMinutes',
] as const;

const MEASURE_FIELDS = [
  'periodMs',
  'elapsedMs',
  'excludedMs',
  'coveredMs',
  'downtimeMs',
  'incidentCount',
  'closedIncidentCount',
  'closedIncidentMs',
] as const;

export function computePeriodResults(task: SlaPeriodResultsTask): SlaPeriodResultsResult {
  const { timeline, now, assignments } = task;
  assertTimeline(timeline);
  const n = assertAssignments(assignments, timeline);
  if (assignments.periodStart.length !== n || assignments.periodEnd.length !== n) {
    throw new RangeError(
      `assignment columns differ in length: ${n} services, ${assignments.periodStart.length} period starts, ${assignments.periodEnd.length} period ends`,
    );
  }
  const columns = Object.fromEntries(RESULT_FIELDS.map((field) => [field, new Float64Array(n)])) as unknown as Record<
    (typeof RESULT_FIELDS)[number],
    Float64Array
  >;
  const status = new Uint8Array(n);
  const measures = Object.fromEntries(MEASURE_FIELDS.map((field) => [field, new Float64Array(n)])) as unknown as Record<
    (typeof MEASURE_FIELDS)[number],
    Float64Array
  >;
  for (let a = 0; a < n; a += 1) {
    const measure = measureTimelinePeriod(timeline, assignments.service[a]!, {
      period: { start: assignments.periodStart[a]!, end: assignments.periodEnd[a]! },
      now,
      degradedIsDown: assignments.degradedIsDown[a] === 1,
    });
    const result = judgePeriod(measure, assignments.targetPercent[a]!);
    for (const field of RESULT_FIELDS) columns[field][a] = result[field] ?? Number.NaN;
    for (const field of MEASURE_FIELDS) measures[field][a] = measure[field];
    status[a] = PERIOD_STATUSES.indexOf(result.status);
  }
  return { type: 'slaPeriodResults', results: { ...columns, status, measures } };
}

export function computeTrendSeries(task: SlaTrendSeriesTask): SlaTrendSeriesResult {
  const { timeline, now, assignments, bounds } = task;
  assertTimeline(timeline);
  const n = assertAssignments(assignments, timeline);
  for (let p = 1; p < bounds.length; p += 1) {
    if (!(bounds[p]! > bounds[p - 1]!)) throw new RangeError(`period bounds must increase: ${bounds[p - 1]} then ${bounds[p]}`);
  }
  const periods = Math.max(0, bounds.length - 1);
  const size = n * periods;
  const out = {
    actualValue: new Float64Array(size).fill(Number.NaN),
    coveredMs: new Float64Array(size),
    downtimeMs: new Float64Array(size),
    incidentCount: new Float64Array(size),
    status: new Uint8Array(size).fill(PERIOD_STATUSES.indexOf('NO_DATA')),
  };
  for (let a = 0; a < n; a += 1) {
    for (let p = 0; p < periods && bounds[p]! <= now; p += 1) {
      const measure: PeriodMeasure = measureTimelinePeriod(timeline, assignments.service[a]!, {
        period: { start: bounds[p]!, end: bounds[p + 1]! },
        now,
        degradedIsDown: assignments.degradedIsDown[a] === 1,
      });
      const result = judgePeriod(measure, assignments.targetPercent[a]!);
      const at = a * periods + p;
      out.actualValue[at] = result.actualValue ?? Number.NaN;
      out.coveredMs[at] = measure.coveredMs;
      out.downtimeMs[at] = measure.downtimeMs;
      out.incidentCount[at] = measure.incidentCount;
      out.status[at] = PERIOD_STATUSES.indexOf(result.status);
    }
  }
  return { type: 'slaTrendSeries', periods, ...out };
}

/** Assignment a's result as the plain record judgePeriod gives. */
export function periodResultAt(columns: PeriodResultColumns, a: number): PeriodResult {
  const nullable = (value: number) => (Number.isNaN(value) ? null : value);
  return {
    actualValue: nullable(columns.actualValue[a]!),
    coveragePercent: nullable(columns.coveragePercent[a]!),
    coveredMinutes: columns.coveredMinutes[a]!,
    downtimeMinutes: columns.downtimeMinutes[a]!,
    excludedMinutes: columns.excludedMinutes[a]!,
    errorBudgetMinutes: columns.errorBudgetMinutes[a]!,
    errorBudgetUsedMinutes: columns.errorBudgetUsedMinutes[a]!,
    errorBudgetRemainingMinutes: columns.errorBudgetRemainingMinutes[a]!,
    burnRate: nullable(columns.burnRate[a]!),
    incidentCount: columns.incidentCount[a]!,
    mttrMinutes: nullable(columns.mttrMinutes[a]!),
    mtbfMinutes: nullable(columns.mtbfMinutes[a]!),
    status: statusOfIndex(columns.status[a]!),
  };
}

/** The results of consecutive slices of one batch (one task per thread) as one set of columns, in order. */
export function concatPeriodResults(parts: readonly PeriodResultColumns[]): PeriodResultColumns {
  const joined = <T extends Float64Array | Uint8Array>(arrays: readonly T[], make: (n: number) => T): T => {
    const out = make(arrays.reduce((sum, array) => sum + array.length, 0));
    let at = 0;
    for (const array of arrays) {
      out.set(array, at);
      at += array.length;
    }
    return out;
  };
  const floats = (pick: (part: PeriodResultColumns) => Float64Array) => joined(parts.map(pick), (n) => new Float64Array(n));
  const columns = Object.fromEntries(RESULT_FIELDS.map((field) => [field, floats((p) => p[field])]));
  const measures = Object.fromEntries(MEASURE_FIELDS.map((field) => [field, floats((p) => p.measures[field])]));
  return {
    ...columns,
    status: joined(
      parts.map((p) => p.status),
      (n) => new Uint8Array(n),
    ),
    measures,
  } as unknown as PeriodResultColumns;
}

/** Assignment a's measure (what its result was judged from). */
export function periodMeasureAt(columns: PeriodResultColumns, a: number): PeriodMeasure {
  const m = columns.measures;
  return {
    periodMs: m.periodMs[a]!,
    elapsedMs: m.elapsedMs[a]!,
    excludedMs: m.excludedMs[a]!,
    coveredMs: m.coveredMs[a]!,
    downtimeMs: m.downtimeMs[a]!,
    incidentCount: m.incidentCount[a]!,
    closedIncidentCount: m.closedIncidentCount[a]!,
    closedIncidentMs: m.closedIncidentMs[a]!,
  };
}

export interface SeriesCellFigures {
  readonly actualValue: number | null;
  readonly coveredMs: number;
  readonly downtimeMs: number;
  readonly incidentCount: number;
  readonly status: PeriodStatus;
}

/** Assignment a's figures in period p. */
export function seriesCellAt(series: SlaTrendSeriesResult, a: number, p: number): SeriesCellFigures {
  const at = a * series.periods + p;
  const actual = series.actualValue[at]!;
  return {
    actualValue: Number.isNaN(actual) ? null : actual,
    coveredMs: series.coveredMs[at]!,
    downtimeMs: series.downtimeMs[at]!,
    incidentCount: series.incidentCount[at]!,
    status: statusOfIndex(series.status[at]!),
  };
}

function statusOfIndex(index: number): PeriodStatus {
  const status = PERIOD_STATUSES[index];
  if (status === undefined) throw new RangeError(`period status index ${index}`);
  return status;
}

function assertAssignments(assignments: AssignmentColumns, timeline: StatusTimeline): number {
  const n = assignments.service.length;
  if (assignments.targetPercent.length !== n || assignments.degradedIsDown.length !== n) {
    throw new RangeError(
      `assignment columns differ in length: ${n} services, ${assignments.targetPercent.length} targets, ${assignments.degradedIsDown.length} DEGRADED flags`,
    );
  }
  const services = timeline.offsets.length - 1;
  for (let a = 0; a < n; a += 1) {
    if (assignments.service[a]! >= services)
      throw new RangeError(`assignment ${a} names service ${assignments.service[a]}, but the timeline has ${services}`);
  }
  return n;
}

/** The task kind, in the platform's registry (the worker threads' entry, src/productWorker.ts, runs its handler). */
declare module '../../platform/workers/productTasks.js' {
  interface WorkerTaskKinds {
    slaPeriodResults: { task: SlaPeriodResultsTask; result: SlaPeriodResultsResult };
    slaTrendSeries: { task: SlaTrendSeriesTask; result: SlaTrendSeriesResult };
  }
}
