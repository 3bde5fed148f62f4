/**
 * Building a definition's evaluation from stored history (slaEvaluator.ts builds one at start, when its services,
 * period rule, counting rule or burn rules change, and after late data): the shards made in slices, the period so
 * far loaded (rows read in pages by the timeline loader), caught up to the last closed bucket on the worker pool
 * (`slaCatchUp`, incremental/catchUpTask.ts) or, for a loader that built the timeline itself, on the event loop a
 * shard per turn; then the recent history seeded. A definition over a quarter of a million services held the event
 * loop 2.2 s in one turn before it went in steps; the steps are slices of the clock (platform/scheduler/timeSlice.ts).
 */
import type { PeriodStatus } from '../../../core/domain/periodArithmetic.js';
import { type Clock, nextTurn, timeSlice } from '../../../platform/scheduler/index.js';
import type { BatchWriter } from '../../../platform/persistence/batchWriter.js';
import { BUCKET_MS } from '../arithmetic/periods/calendarPeriods.js';
import { SPAN_STATE_SLOTS } from '../arithmetic/timeline/spanTally.js';
import { sliceTimeline, type StatusTimeline } from '../arithmetic/timeline/statusTimeline.js';
import type { IntervalRowColumns, WindowRowColumns } from '../arithmetic/timeline/timelineFromColumns.js';
import type { SlaDefinition } from '../definitions/slaDefinition.js';
import { catchUpOpenPeriod, type SlaCatchUpResult, type SlaCatchUpTask } from '../incremental/catchUpTask.js';
import { DefinitionEvaluation, periodEndingBucketAt } from './definitionEvaluation.js';
import type { LiveHistory } from './liveHistory.js';

/**
 * Stored history of some services over `[start, end)`: service i is `serviceIds[i]`. Either the
 * rows and windows as read (the product's loader: the timeline is built and the period caught up
 * on the worker pool), or a built timeline (tests, benches: the catch-up walks it on the event loop,
 * one shard per turn).
 */
export type HistoryLoader = (
  serviceIds: readonly string[],
  range: { readonly start: number; readonly end: number },
) => Promise<LoadedHistory>;

export type LoadedHistory = (
  | { readonly timeline: StatusTimeline }
  | { readonly rows: IntervalRowColumns; readonly windows: WindowRowColumns }
) & {
  indexOf(serviceId: string): number;
  /** Service i of the history, when the loader lists them: the numbering checked by identity, not looked up. */
  readonly serviceIds?: readonly string[];
};

/** The part of the worker pool the catch-up uses (any pool that runs the `slaCatchUp` task: the product's runs more kinds). */
export interface CatchUpPool {
  run(input: SlaCatchUpTask): Promise<SlaCatchUpResult>;
}

export interface DefinitionBuildDeps {
  readonly writer: Pick<BatchWriter, 'settled'>;
  readonly clock: Clock;
  readonly loadHistory: HistoryLoader;
  /** Where loaded rows become a caught-up period: the product's worker pool. Without it, on the event loop. */
  readonly workers?: CatchUpPool;
  /** The evaluator's recent history, seeded with the loaded runs. */
  readonly live: LiveHistory;
  readonly shardSize: number;
}

export interface DefinitionBuild {
  readonly definition: SlaDefinition;
  /** The services covered, in id order (service i of the loaded history). */
  readonly serviceIds: readonly string[];
  /** The end of the last closed bucket: the period is caught up to it. */
  readonly asOf: number;
  /** The status a service (null: the definition pooled) had before, carried over so a rebuild announces no move. */
  previousOf(serviceId: string | null): PeriodStatus | null;
  /** How far back the recent history must reach for every definition's burn windows. */
  readonly retentionMs: number;
  /**
   * The earliest instant the next step of any other evaluation reads the recent history from (`timelineFrom`): stored
   * runs that neither it nor this evaluation's burn windows need are not seeded.
   */
  readonly historyFrom: number;
}

/** A definition's evaluation caught up to `asOf` from stored history, the recent history seeded. */
export async function buildFromHistory(deps: DefinitionBuildDeps, build: DefinitionBuild): Promise<DefinitionEvaluation> {
  const { writer, clock, loadHistory, live } = deps;
  const { definition, serviceIds, asOf } = build;
  // What each step holds the event loop: a definition over a quarter of a million services took 2.2 s in one turn.
  await nextTurn();
  const evaluation = await DefinitionEvaluation.inSlices(
    definition,
    serviceIds,
    periodEndingBucketAt(definition, asOf),
    deps.shardSize,
    (serviceId) => build.previousOf(serviceId),
    nextTurn,
    timeSlice(),
  );
  await nextTurn();
  await writer.settled();
  const cutOff = clock.now();
  const from = Math.min(evaluation.period.start, asOf - Math.max(evaluation.longestWindowMs, build.retentionMs) - BUCKET_MS);
  const loaded = await loadHistory(serviceIds, { start: from, end: Math.max(cutOff, from) });
  const timeline =
    'timeline' in loaded
      ? await catchUpOnEventLoop(evaluation, loaded.timeline, asOf)
      : await catchUpOnPool(deps.workers, evaluation, loaded.rows, loaded.windows, asOf);
  // The recent history from the stored runs, in slices (a month of a fleet is millions of runs).
  // The check by the loader's list where it gives one: looking every id up (lower-cased, in a map) was a fifth of this
  // loop's time over a quarter of a million services.
  const listed = loaded.serviceIds;
  // What the tick after this build prunes anyway: a month of runs copied for a few hours kept was most of a build's
  // garbage (ADR 0093).
  const keepFrom = Math.min(build.historyFrom, asOf - Math.max(evaluation.longestWindowMs, build.retentionMs)) - BUCKET_MS;
  const due = timeSlice({ every: 16 });
  for (let i = 0; i < serviceIds.length; i += 1) {
    if (due()) await nextTurn();
    if (listed?.[i] !== serviceIds[i] && loaded.indexOf(serviceIds[i]!) !== i)
      throw new Error(`the history loader numbered ${serviceIds[i]} ${loaded.indexOf(serviceIds[i]!)}, expected ${i}`);
    live.seed(serviceIds[i]!, timeline, i, cutOff, keepFrom);
  }
  return evaluation;
}

/** The period caught up to `asOf` on the worker pool (in process without one): the timeline built there too. */
async function catchUpOnPool(
  workers: CatchUpPool | undefined,
  evaluation: DefinitionEvaluation,
  rows: IntervalRowColumns,
  windows: WindowRowColumns,
  asOf: number,
): Promise<StatusTimeline> {
  const task: SlaCatchUpTask = {
    type: 'slaCatchUp',
    rows,
    windows,
    services: evaluation.serviceIds.length,
    period: { start: evaluation.period.start, end: evaluation.period.end },
    through: asOf,
    degradedIsDown: evaluation.definition.degradedCountsAsDown,
  };
  // A definition without services is no work to send anywhere.
  const { timeline, state } = workers && task.services > 0 ? await workers.run(task) : catchUpOpenPeriod(task);
  let at = 0;
  for (const shard of evaluation.shards) {
    const n = shard.serviceIds.length;
    shard.accumulator.restore(state.subarray(at * SPAN_STATE_SLOTS, (at + n) * SPAN_STATE_SLOTS), asOf);
    at += n;
  }
  return timeline;
}

/** The period caught up to `asOf` on the event loop, one shard per turn (a loader that built the timeline itself). */
async function catchUpOnEventLoop(evaluation: DefinitionEvaluation, timeline: StatusTimeline, asOf: number): Promise<StatusTimeline> {
  let at = 0;
  for (const shard of evaluation.shards) {
    shard.accumulator.closeBucketsThrough(sliceTimeline(timeline, at, at + shard.serviceIds.length), asOf);
    at += shard.serviceIds.length;
    if (evaluation.shards.length > 1) await nextTurn();
  }
  return timeline;
}
