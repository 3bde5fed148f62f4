/**
 * A compact status timeline: the status history and maintenance windows of many services in one set
 * of typed-array columns (no row objects), so a whole fleet crosses to a worker thread as a handful
 * of transferable buffers.
 *
 * Runs. Service `i` owns runs `offsets[i] .. offsets[i + 1]` of `starts` / `codes`, in time order;
 * run `k` lasts from `starts[k]` until the next run of the same service starts (the last run lasts
 * for ever: it is clipped to "now" by whoever measures). A status code is the 1-based index of the
 * status in SERVICE_STATUSES; {@link GAP_CODE} (0) is "no report" (an interval that ended before
 * the next one started leaves a gap run at its end). Runs may be empty (two runs with the same
 * start): they are kept, because an empty DOWN row still enters (and leaves) an incident in the row
 * arithmetic (periodArithmetic.ts), and the timeline must mean exactly what the rows mean.
 *
 * Windows. Service `i` owns maintenance windows `windowOffsets[i] .. windowOffsets[i + 1]` of
 * `windowStarts` / `windowEnds`, sorted by start, possibly overlapping; an end of NaN is "still
 * active" (it lasts until now).
 *
 * Built once per computation from `status_intervals` rows ({@link TimelineBuilder}); read by
 * periods/measureTimeline.ts and incremental/openPeriodAccumulator.ts.
 */
import { SERVICE_STATUSES, type ServiceStatus } from '../../../../core/domain/service.js';
import type { MaintenanceSpan, StatusInterval } from '../../../../core/domain/periodArithmetic.js';

export interface StatusTimeline {
  /** `serviceCount + 1` entries: service i's runs are `offsets[i] .. offsets[i + 1]`. */
  readonly offsets: Uint32Array;
  /** Epoch ms at which each run begins, non-decreasing within a service. */
  readonly starts: Float64Array;
  /** Status code of each run: {@link statusCode}; {@link GAP_CODE} for no report. */
  readonly codes: Uint8Array;
  /** `serviceCount + 1` entries: service i's windows are `windowOffsets[i] .. windowOffsets[i + 1]`. */
  readonly windowOffsets: Uint32Array;
  /** Epoch ms, sorted within a service. */
  readonly windowStarts: Float64Array;
  /** Epoch ms; NaN: still active. */
  readonly windowEnds: Float64Array;
}

/** No report: the time after an interval ended and before the next began. Measured like UNKNOWN. */
export const GAP_CODE = 0;
export const OPERATIONAL_CODE = 1;
export const DEGRADED_CODE = 2;
export const DOWN_CODE = 3;
export const MAINTENANCE_CODE = 4;
export const UNKNOWN_CODE = 5;

/** The 1-based index in SERVICE_STATUSES (the code dashboard/intervalColumns.ts also uses). */
export function statusCode(status: ServiceStatus): number {
  return SERVICE_STATUSES.indexOf(status) + 1;
}

export function serviceCountOf(timeline: StatusTimeline): number {
  return timeline.offsets.length - 1;
}

/**
 * Checks a timeline that came from elsewhere (over a thread boundary, from a caller) once, at the
 * edge: column lengths, offsets that never go back, every code a known one, runs and windows of a
 * service in start order. Throws a RangeError naming what is wrong. One pass over the runs.
 */
export function assertTimeline(timeline: StatusTimeline): void {
  const { offsets, starts, codes, windowOffsets, windowStarts, windowEnds } = timeline;
  if (offsets.length < 1 || windowOffsets.length !== offsets.length) {
    throw new RangeError(
      `timeline offsets: ${offsets.length} run offsets and ${windowOffsets.length} window offsets (both must be services + 1)`,
    );
  }
  if (starts.length !== codes.length || offsets[0] !== 0 || offsets[offsets.length - 1] !== starts.length) {
    throw new RangeError(
      `timeline runs: ${starts.length} starts, ${codes.length} codes, offsets from ${offsets[0]} to ${offsets[offsets.length - 1]}`,
    );
  }
  if (
    windowStarts.length !== windowEnds.length ||
    windowOffsets[0] !== 0 ||
    windowOffsets[windowOffsets.length - 1] !== windowStarts.length
  ) {
    throw new RangeError(
      `timeline windows: ${windowStarts.length} starts, ${windowEnds.length} ends, offsets from ${windowOffsets[0]} to ${windowOffsets[windowOffsets.length - 1]}`,
    );
  }
  for (let i = 0; i + 1 < offsets.length; i += 1) {
    const lo = offsets[i]!;
    const hi = offsets[i + 1]!;
    if (hi < lo) throw new RangeError(`timeline offsets go back at service ${i}`);
    for (let k = lo; k < hi; k += 1) {
      if (codes[k]! > UNKNOWN_CODE) throw new RangeError(`run ${k} of service ${i} has status code ${codes[k]}`);
      if (!(k === lo ? Number.isFinite(starts[k]!) : starts[k]! >= starts[k - 1]!))
        throw new RangeError(`run ${k} of service ${i} starts at ${starts[k]}, not in order`);
    }
    const wLo = windowOffsets[i]!;
    const wHi = windowOffsets[i + 1]!;
    if (wHi < wLo) throw new RangeError(`timeline window offsets go back at service ${i}`);
    for (let w = wLo; w < wHi; w += 1) {
      if (!(w === wLo ? Number.isFinite(windowStarts[w]!) : windowStarts[w]! >= windowStarts[w - 1]!))
        throw new RangeError(`window ${w} of service ${i} starts at ${windowStarts[w]}, not in order`);
    }
  }
}

/**
 * Builds a timeline service by service from `status_intervals` rows (in any order) and maintenance
 * windows. `add` returns the service's index (0, 1, ...). Columns grow by doubling; `build()` trims.
 *
 * Reading rows as runs: rows are taken in `startedAt` order (stable for equal starts, as
 * periodArithmetic.ts sorts them); each row becomes a run at its start; a row with an end before
 * the next row's start (or the last row, when it has ended) adds a gap run at its end. A row that
 * ends before it starts is read as ending where it starts (an empty run), the one refinement over
 * the row arithmetic, which would give it a negative length (docs/adr/0034-sla-arithmetic-and-statuses.md).
 */
export class TimelineBuilder {
  private services = 0;
  private runs = 0;
  private windows = 0;
  private offsets = new Uint32Array(1024);
  private windowOffsets = new Uint32Array(1024);
  private starts = new Float64Array(4096);
  private codes = new Uint8Array(4096);
  private windowStarts = new Float64Array(256);
  private windowEnds = new Float64Array(256);

  get serviceCount(): number {
    return this.services;
  }

  add(intervals: readonly StatusInterval[], exclusions: readonly MaintenanceSpan[] = []): number {
    const sorted = isSortedByStart(intervals) ? intervals : [...intervals].sort((a, b) => a.startedAt - b.startedAt);
    for (let i = 0; i < sorted.length; i += 1) {
      const row = sorted[i]!;
      this.pushRun(row.startedAt, statusCode(row.status));
      if (row.endedAt === null) continue;
      const nextStart = i + 1 < sorted.length ? sorted[i + 1]!.startedAt : Number.POSITIVE_INFINITY;
      if (row.endedAt < nextStart) this.pushRun(Math.max(row.endedAt, row.startedAt), GAP_CODE);
    }
    const windows = [...exclusions].sort((a, b) => a[0] - b[0]);
    for (const [start, end] of windows) this.pushWindow(start, end ?? Number.NaN);
    return this.closeService();
  }

  /**
   * Adds a service already in run form (e.g. from another timeline): `starts` non-decreasing,
   * codes as {@link statusCode} or {@link GAP_CODE}; windows sorted by start, end NaN while active.
   */
  addRuns(
    starts: ArrayLike<number>,
    codes: ArrayLike<number>,
    windowStarts: ArrayLike<number> = [],
    windowEnds: ArrayLike<number> = [],
  ): number {
    if (starts.length !== codes.length || windowStarts.length !== windowEnds.length) {
      throw new RangeError(
        `runs: ${starts.length} starts and ${codes.length} codes; windows: ${windowStarts.length} starts and ${windowEnds.length} ends`,
      );
    }
    for (let i = 0; i < starts.length; i += 1) {
      if (i > 0 && !(starts[i]! >= starts[i - 1]!)) throw new RangeError(`run ${i} starts at ${starts[i]}, before the run before it`);
      if (!(codes[i]! >= GAP_CODE && codes[i]! <= UNKNOWN_CODE)) throw new RangeError(`run ${i} has status code ${codes[i]}`);
      this.pushRun(starts[i]!, codes[i]!);
    }
    for (let i = 0; i < windowStarts.length; i += 1) {
      if (i > 0 && !(windowStarts[i]! >= windowStarts[i - 1]!))
        throw new RangeError(`window ${i} starts at ${windowStarts[i]}, before the window before it`);
      this.pushWindow(windowStarts[i]!, windowEnds[i]!);
    }
    return this.closeService();
  }

  build(): StatusTimeline {
    return {
      offsets: this.offsets.slice(0, this.services + 1),
      starts: this.starts.slice(0, this.runs),
      codes: this.codes.slice(0, this.runs),
      windowOffsets: this.windowOffsets.slice(0, this.services + 1),
      windowStarts: this.windowStarts.slice(0, this.windows),
      windowEnds: this.windowEnds.slice(0, this.windows),
    };
  }

  private closeService(): number {
    const index = this.services;
    this.services += 1;
    if (this.services + 1 > this.offsets.length) {
      this.offsets = grow(this.offsets, this.offsets.length * 2);
      this.windowOffsets = grow(this.windowOffsets, this.windowOffsets.length * 2);
    }
    this.offsets[this.services] = this.runs;
    this.windowOffsets[this.services] = this.windows;
    return index;
  }

  private pushRun(start: number, code: number): void {
    if (!Number.isFinite(start)) throw new RangeError(`a status interval starts at ${start}`);
    if (this.runs === this.starts.length) {
      this.starts = grow(this.starts, this.runs * 2);
      this.codes = grow(this.codes, this.runs * 2);
    }
    this.starts[this.runs] = start;
    this.codes[this.runs] = code;
    this.runs += 1;
  }

  private pushWindow(start: number, end: number): void {
    if (!Number.isFinite(start) || !(Number.isNaN(end) || Number.isFinite(end)))
      throw new RangeError(`a maintenance window [${start}, ${end})`);
    if (this.windows === this.windowStarts.length) {
      this.windowStarts = grow(this.windowStarts, this.windows * 2);
      this.windowEnds = grow(this.windowEnds, this.windows * 2);
    }
    this.windowStarts[this.windows] = start;
    this.windowEnds[this.windows] = end;
    this.windows += 1;
  }
}

/**
 * Services `from .. to` of a timeline as a timeline of their own (copied; service `from` becomes
 * 0): how a fleet is split into one batch per worker thread.
 */
export function sliceTimeline(timeline: StatusTimeline, from: number, to: number): StatusTimeline {
  const services = timeline.offsets.length - 1;
  if (!(Number.isInteger(from) && Number.isInteger(to) && from >= 0 && from <= to && to <= services)) {
    throw new RangeError(`cannot slice services [${from}, ${to}) of a timeline of ${services}`);
  }
  const runFrom = timeline.offsets[from]!;
  const runTo = timeline.offsets[to]!;
  const windowFrom = timeline.windowOffsets[from]!;
  const windowTo = timeline.windowOffsets[to]!;
  return {
    offsets: timeline.offsets.slice(from, to + 1).map((offset) => offset - runFrom),
    starts: timeline.starts.slice(runFrom, runTo),
    codes: timeline.codes.slice(runFrom, runTo),
    windowOffsets: timeline.windowOffsets.slice(from, to + 1).map((offset) => offset - windowFrom),
    windowStarts: timeline.windowStarts.slice(windowFrom, windowTo),
    windowEnds: timeline.windowEnds.slice(windowFrom, windowTo),
  };
}

/** One timeline from each service's rows and windows, in the order given. */
export function timelineOf(
  services: ReadonlyArray<{ readonly intervals: readonly StatusInterval[]; readonly exclusions?: readonly MaintenanceSpan[] }>,
): StatusTimeline {
  const builder = new TimelineBuilder();
  for (const service of services) builder.add(service.intervals, service.exclusions ?? []);
  return builder.build();
}

function isSortedByStart(intervals: readonly StatusInterval[]): boolean {
  for (let i = 1; i < intervals.length; i += 1) if (intervals[i]!.startedAt < intervals[i - 1]!.startedAt) return false;
  return true;
}

function grow<T extends Uint32Array | Uint8Array | Float64Array>(array: T, size: number): T {
  const bigger = new (array.constructor as new (n: number) => T)(size);
  bigger.set(array);
  return bigger;
}
