/**
 * Runs the SLA worker tasks (slaBatchTasks.ts) over a loaded timeline: a fleet goes to the worker
 * pool as one task per thread (the timeline sliced by service, each slice's assignments renumbered
 * to it), never one task per service; a timeline of one service is computed on the main thread,
 * where the walk over one service's runs costs microseconds and a thread hop would cost more.
 *
 * Answers come back in the caller's assignment order. The timeline is not used after the call (the
 * pool transfers, and so detaches, the large arrays of whatever it is handed: slices are copies).
 */
import type { PeriodMeasure, PeriodResult } from '../../../core/domain/periodArithmetic.js';
import {
  computePeriodResults,
  computeTrendSeries,
  concatPeriodResults,
  periodMeasureAt,
  periodResultAt,
  seriesCellAt,
  type PeriodResultColumns,
  type SeriesCellFigures,
  type SlaPeriodResultsTask,
  type SlaTrendSeriesTask,
} from '../slaBatchTasks.js';
import type { ProductWorkerPool } from '../../../platform/workers/productTasks.js';
import { serviceCountOf, sliceTimeline, type StatusTimeline } from '../arithmetic/timeline/statusTimeline.js';

/** The part of the product's pool the figures use. */
export type FigurePool = Pick<ProductWorkerPool, 'run' | 'threads'>;

export interface FigureAssignment {
  /** The service's number in the timeline. */
  readonly service: number;
  readonly targetPercent: number;
  readonly degradedIsDown: boolean;
}

export interface PeriodAssignment extends FigureAssignment {
  readonly periodStart: number;
  readonly periodEnd: number;
}

export interface AssignedFigures {
  readonly result: PeriodResult;
  readonly measure: PeriodMeasure;
}

/** Timelines of at most this many services run on the main thread. */
export const MAIN_THREAD_SERVICES = 1;

/** One result and measure per assignment, in order. */
export async function runPeriodResults(
  pool: FigurePool,
  timeline: StatusTimeline,
  now: number,
  assignments: readonly PeriodAssignment[],
): Promise<AssignedFigures[]> {
  if (assignments.length === 0) return [];
  const parts = await Promise.all(
    slicesOf(pool, timeline, assignments).map(async ({ slice, from, members }) => {
      const task: SlaPeriodResultsTask = {
        type: 'slaPeriodResults',
        timeline: slice,
        now,
        assignments: {
          service: Uint32Array.from(members, (a) => assignments[a]!.service - from),
          targetPercent: Float64Array.from(members, (a) => assignments[a]!.targetPercent),
          degradedIsDown: Uint8Array.from(members, (a) => (assignments[a]!.degradedIsDown ? 1 : 0)),
          periodStart: Float64Array.from(members, (a) => assignments[a]!.periodStart),
          periodEnd: Float64Array.from(members, (a) => assignments[a]!.periodEnd),
        },
      };
      const answer = onMainThread(pool, slice) ? computePeriodResults(task) : await pool.run(task);
      return { members, results: answer.results };
    }),
  );
  const out = new Array<AssignedFigures>(assignments.length);
  const joined: PeriodResultColumns = concatPeriodResults(parts.map((p) => p.results));
  let at = 0;
  for (const { members } of parts) {
    for (const a of members) {
      out[a] = { result: periodResultAt(joined, at), measure: periodMeasureAt(joined, at) };
      at += 1;
    }
  }
  return out;
}

/** Per assignment, its figures in each period `[bounds[p], bounds[p + 1])` (periods after `now`: NO_DATA). */
export async function runTrendSeries(
  pool: FigurePool,
  timeline: StatusTimeline,
  now: number,
  assignments: readonly FigureAssignment[],
  bounds: Float64Array,
): Promise<SeriesCellFigures[][]> {
  if (assignments.length === 0) return [];
  const out = new Array<SeriesCellFigures[]>(assignments.length);
  await Promise.all(
    slicesOf(pool, timeline, assignments).map(async ({ slice, from, members }) => {
      const task: SlaTrendSeriesTask = {
        type: 'slaTrendSeries',
        timeline: slice,
        now,
        bounds: Float64Array.from(bounds),
        assignments: {
          service: Uint32Array.from(members, (a) => assignments[a]!.service - from),
          targetPercent: Float64Array.from(members, (a) => assignments[a]!.targetPercent),
          degradedIsDown: Uint8Array.from(members, (a) => (assignments[a]!.degradedIsDown ? 1 : 0)),
        },
      };
      const series = onMainThread(pool, slice) ? computeTrendSeries(task) : await pool.run(task);
      members.forEach((a, i) => {
        out[a] = Array.from({ length: series.periods }, (_, p) => seriesCellAt(series, i, p));
      });
    }),
  );
  return out;
}

function onMainThread(pool: FigurePool, slice: StatusTimeline): boolean {
  return pool.threads === 0 || serviceCountOf(slice) <= MAIN_THREAD_SERVICES;
}

interface Slice {
  readonly slice: StatusTimeline;
  /** The first service of the slice (its service 0). */
  readonly from: number;
  /** The caller's assignment indexes whose service is in the slice. */
  readonly members: number[];
}

/** One slice per thread (at least one), each a run of consecutive services with their assignments. */
function slicesOf(pool: FigurePool, timeline: StatusTimeline, assignments: readonly FigureAssignment[]): Slice[] {
  const services = serviceCountOf(timeline);
  const count = Math.max(1, Math.min(pool.threads, services));
  const size = Math.ceil(services / count);
  const members: number[][] = Array.from({ length: count }, () => []);
  assignments.forEach((a, i) => {
    if (!(Number.isInteger(a.service) && a.service >= 0 && a.service < services))
      throw new RangeError(`assignment ${i} names service ${a.service}, but the timeline has ${services}`);
    members[Math.floor(a.service / size)]!.push(i);
  });
  const slices: Slice[] = [];
  for (let s = 0; s < count; s += 1) {
    if (members[s]!.length === 0) continue;
    const from = s * size;
    slices.push({
      slice: count === 1 ? timeline : sliceTimeline(timeline, from, Math.min(services, from + size)),
      from,
      members: members[s]!,
    });
  }
  return slices;
}
