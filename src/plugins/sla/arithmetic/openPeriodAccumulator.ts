/**
 * Keeps the open period's figures current for many services without recomputing the period: a
 * fixed-size state per service (timeline/spanTally.ts: six tallies and the down spell in progress)
 * to which each closed 5-minute bucket adds its span. After the bucket `[b, b + 5 min)` closed, a
 * service's measure equals periods/measureTimeline.ts's (and so periodArithmetic.ts's) with
 * `now = b + 5 min`, as long as the history of closed buckets does not change (late data or a
 * changed window: compute the period again with {@link OpenPeriodAccumulator.restart} and replay).
 *
 * The timeline handed to {@link OpenPeriodAccumulator.closeBucket} must hold each service's runs
 * that overlap the bucket (the run covering its start, those that begin in it and those that begin
 * exactly at its end) and its windows; on the first bucket also the run before the period start. A
 * timeline of the last hour, rebuilt as statuses change, is enough; so is the whole period's.
 * Service `i` of the accumulator is service `i` of the timeline.
 *
 * Cost: one binary search and a few comparisons per service per bucket (bench/sla.ts measures it).
 */
import { judgePeriod, type Period, type PeriodMeasure, type PeriodResult } from '../../../core/domain/periodArithmetic.js';
import { BUCKET_MS } from './periods/calendarPeriods.js';
import { assertPeriod, measureFromState } from './periods/measureTimeline.js';
import { resetSpanState, SPAN_STATE_SLOTS, tallySpan } from './timeline/spanTally.js';
import type { StatusTimeline } from './timeline/statusTimeline.js';

export interface OpenPeriodAccumulatorOptions {
  readonly period: Period;
  readonly services: number;
  /** Per service, whether DEGRADED counts as down; one value for all, or one per service. @default false */
  readonly degradedIsDown?: boolean | Uint8Array;
}

export class OpenPeriodAccumulator {
  readonly period: Period;
  readonly services: number;
  private readonly state: Float64Array;
  private readonly degraded: Uint8Array;
  /** The end of the last closed bucket: the figures are as of this instant. */
  private through: number;

  constructor(options: OpenPeriodAccumulatorOptions) {
    assertPeriod(options.period, options.period.start);
    if (options.period.start % BUCKET_MS !== 0 || options.period.end % BUCKET_MS !== 0) {
      throw new RangeError(
        `a period kept by 5-minute buckets must begin and end on a bucket boundary: [${options.period.start}, ${options.period.end})`,
      );
    }
    if (!Number.isInteger(options.services) || options.services < 0)
      throw new RangeError(`services must be a count, got ${options.services}`);
    this.period = options.period;
    this.services = options.services;
    this.state = new Float64Array(options.services * SPAN_STATE_SLOTS);
    const degraded = options.degradedIsDown ?? false;
    if (degraded instanceof Uint8Array && degraded.length !== options.services)
      throw new RangeError(`degradedIsDown has ${degraded.length} entries for ${options.services} services`);
    this.degraded = degraded instanceof Uint8Array ? degraded : new Uint8Array(options.services).fill(degraded ? 1 : 0);
    this.through = options.period.start;
    this.restart();
  }

  /** Forgets every tally: the period starts again from its first bucket. */
  restart(): void {
    for (let i = 0; i < this.services; i += 1) resetSpanState(this.state, i * SPAN_STATE_SLOTS);
    this.through = this.period.start;
  }

  /** The instant the figures are as of: the end of the last closed bucket (the period start before any). */
  get asOf(): number {
    return this.through;
  }

  /**
   * Adds the bucket `[bucketStart, bucketStart + 5 min)` of every service. Buckets must come in
   * order, without holes, inside the period: the next is always the one beginning at {@link asOf}.
   */
  closeBucket(timeline: StatusTimeline, bucketStart: number): void {
    if (bucketStart !== this.through || bucketStart >= this.period.end) {
      throw new RangeError(
        `expected the bucket at ${new Date(this.through).toISOString()} (period ends ${new Date(this.period.end).toISOString()}), got ${new Date(bucketStart).toISOString()}`,
      );
    }
    if (timeline.offsets.length - 1 !== this.services)
      throw new RangeError(`the timeline has ${timeline.offsets.length - 1} services, the accumulator ${this.services}`);
    const end = bucketStart + BUCKET_MS;
    const periodStart = this.period.start;
    for (let i = 0; i < this.services; i += 1) {
      tallySpan(timeline, i, periodStart, bucketStart, end, this.degraded[i] === 1, this.state, i * SPAN_STATE_SLOTS);
    }
    this.through = end;
  }

  /**
   * Closes every bucket from {@link asOf} up to `end` (a bucket boundary inside the period) at once,
   * as one span: the tallies of consecutive spans add up (timeline/spanTally.ts), so the state is
   * the one {@link closeBucket} would reach bucket by bucket, in one walk over the runs. How a
   * period is caught up from stored history (start-up, replay after late data) or over buckets a
   * blocked timer missed. `end === asOf` closes nothing.
   */
  closeBucketsThrough(timeline: StatusTimeline, end: number): void {
    if (end % BUCKET_MS !== 0 || end < this.through || end > this.period.end) {
      throw new RangeError(
        `cannot close buckets through ${new Date(end).toISOString()}: the figures are as of ${new Date(this.through).toISOString()}, the period ends ${new Date(this.period.end).toISOString()}`,
      );
    }
    if (end === this.through) return;
    if (timeline.offsets.length - 1 !== this.services)
      throw new RangeError(`the timeline has ${timeline.offsets.length - 1} services, the accumulator ${this.services}`);
    const from = this.through;
    const periodStart = this.period.start;
    for (let i = 0; i < this.services; i += 1) {
      tallySpan(timeline, i, periodStart, from, end, this.degraded[i] === 1, this.state, i * SPAN_STATE_SLOTS);
    }
    this.through = end;
  }

  /**
   * A copy of every service's tallies (SPAN_STATE_SLOTS numbers each, service by service): with
   * {@link restore}, how a catch-up computed on a worker thread (incremental/catchUpTask.ts) comes
   * back to the accumulator the event loop keeps.
   */
  exportState(): Float64Array {
    return this.state.slice();
  }

  /**
   * Takes over tallies another accumulator of the same period and DEGRADED rule reached, as of
   * `through` (from {@link exportState}, or a slice of it for a run of its services).
   */
  restore(state: Float64Array, through: number): void {
    if (state.length !== this.state.length)
      throw new RangeError(`the state holds ${state.length / SPAN_STATE_SLOTS} services, the accumulator ${this.services}`);
    if (through % BUCKET_MS !== 0 || through < this.period.start || through > this.period.end) {
      throw new RangeError(
        `cannot take figures as of ${new Date(through).toISOString()} for the period [${new Date(this.period.start).toISOString()}, ${new Date(this.period.end).toISOString()})`,
      );
    }
    this.state.set(state);
    this.through = through;
  }

  /** Service `service`'s measure as of {@link asOf}. */
  measure(service: number): PeriodMeasure {
    if (!(service >= 0 && service < this.services)) throw new RangeError(`service ${service} is not kept here (${this.services} services)`);
    return measureFromState(this.state, service * SPAN_STATE_SLOTS, this.period.end - this.period.start, this.through - this.period.start);
  }

  /** Service `service`'s period result against target T, as of {@link asOf}. */
  result(service: number, targetPercent: number): PeriodResult {
    return judgePeriod(this.measure(service), targetPercent);
  }
}
