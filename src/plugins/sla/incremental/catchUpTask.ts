/**
 * The worker task `slaCatchUp`: one definition's open period caught up from stored history, off
 * the event loop. In: the `status_intervals` rows and windows of its services as
 * the timeline loader reads them (columns, any order; figures/timelineLoader.ts
 * `loadTimelineColumns`), the period and the instant to catch up to. Out: the services' timeline
 * (the live evaluation seeds its recent history from it) and every service's open-period tallies
 * as of `through` (OpenPeriodAccumulator `exportState`), which the evaluation's accumulators
 * `restore`.
 *
 * The arithmetic is the accumulator's own: `timelineFromColumns`, then one
 * `closeBucketsThrough(timeline, through)` over all services, which gives each service the tallies
 * the shards' walks gave on the event loop (a service's tallies depend on its runs alone). Pure: no
 * I/O, no clock; RangeError on inconsistent input.
 */
import type { Period } from '../../../core/domain/periodArithmetic.js';
import type { StatusTimeline } from '../arithmetic/timeline/statusTimeline.js';
import { timelineFromColumns, type IntervalRowColumns, type WindowRowColumns } from '../arithmetic/timeline/timelineFromColumns.js';
import { OpenPeriodAccumulator } from '../arithmetic/openPeriodAccumulator.js';

export interface SlaCatchUpTask {
  readonly type: 'slaCatchUp';
  readonly rows: IntervalRowColumns;
  readonly windows: WindowRowColumns;
  /** Services numbered 0..services-1 in `rows` and `windows`. */
  readonly services: number;
  readonly period: Period;
  /** A bucket boundary inside the period: the figures are as of it. */
  readonly through: number;
  readonly degradedIsDown: boolean;
}

export interface SlaCatchUpResult {
  readonly type: 'slaCatchUp';
  readonly timeline: StatusTimeline;
  /** SPAN_STATE_SLOTS numbers per service, service by service. */
  readonly state: Float64Array;
}

export function catchUpOpenPeriod(task: SlaCatchUpTask): SlaCatchUpResult {
  const timeline = timelineFromColumns(task.rows, task.services, task.windows);
  const accumulator = new OpenPeriodAccumulator({
    period: { start: task.period.start, end: task.period.end },
    services: task.services,
    degradedIsDown: task.degradedIsDown,
  });
  accumulator.closeBucketsThrough(timeline, task.through);
  return { type: 'slaCatchUp', timeline, state: accumulator.exportState() };
}

/** The task kind, in the platform's registry (the worker threads' entry, src/productWorker.ts, runs its handler). */
declare module '../../../platform/workers/productTasks.js' {
  interface WorkerTaskKinds {
    slaCatchUp: { task: SlaCatchUpTask; result: SlaCatchUpResult };
  }
}
