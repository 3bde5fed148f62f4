/**
 * One definition's open period, kept current bucket by bucket: its covered services in shards (an
 * OpenPeriodAccumulator each, so one shard's work is one short turn of the event loop), the status
 * of each (definition, service) and of the definition pooled, and the burn-rate evaluation of each
 * service. No I/O: the evaluator (slaEvaluator.ts) hands it timelines and applies what it reports.
 */
import {
  evaluateBurnRates,
  stepBurnAlert,
  BURN_SEVERITIES,
  type BurnAlertState,
  type BurnRatePolicy,
  type BurnSeverity,
  type BurnWindowEvaluation,
} from '../arithmetic/burnRate.js';
import { OpenPeriodAccumulator } from '../arithmetic/openPeriodAccumulator.js';
import {
  judgePeriod,
  PERIOD_STATUSES,
  type PeriodMeasure,
  type PeriodResult,
  type PeriodStatus,
} from '../../../core/domain/periodArithmetic.js';
import { calendarPeriodAt, type CalendarPeriod, type CalendarPeriodType } from '../arithmetic/periods/calendarPeriods.js';
import type { StatusTimeline } from '../arithmetic/timeline/statusTimeline.js';
import { EMPTY_MEASURE } from '../arithmetic/trends/pooledMeasure.js';
import type { SlaDefinition } from '../definitions/slaDefinition.js';
import { burnRatePolicyOf } from './statusRules.js';
import type { Coverage } from './coverage.js';

/** A service's status not known yet (first evaluation since start, no active alert saying otherwise). */
const UNKNOWN = 255;

export interface Shard {
  readonly serviceIds: readonly string[];
  accumulator: OpenPeriodAccumulator;
  /** Index in PERIOD_STATUSES per service, or UNKNOWN. */
  readonly statuses: Uint8Array;
}

export interface StatusMove {
  /** null: the definition pooled. */
  readonly serviceId: string | null;
  readonly previous: PeriodStatus | null;
  readonly status: PeriodStatus;
  readonly targetPercent: number;
  readonly result: PeriodResult;
}

export interface BurnStep {
  readonly serviceId: string;
  readonly severity: BurnSeverity;
  readonly state: BurnAlertState;
  readonly change: 'opened' | 'resolved' | null;
  readonly evaluation: BurnWindowEvaluation | null;
}

/** What the evaluator needs to know per service at a tick, beside the timeline. */
export interface TickInputs {
  /** The end of the last closed bucket: the figures are as of it. */
  readonly asOf: number;
  readonly targetOf: (serviceId: string) => number;
  readonly burnStateOf: (serviceId: string, severity: BurnSeverity) => BurnAlertState;
  /** Services with an open burn-rate alert under this definition. */
  readonly burning: ReadonlySet<string>;
  /** When the service was last down by the definition's rule (Infinity: it is now): one calm for the longest window burns nothing. */
  readonly lastDownAt: (serviceId: string, degradedIsDown: boolean) => number;
}

export interface ShardOutcome {
  readonly moves: StatusMove[];
  readonly burn: BurnStep[];
  readonly measure: PeriodMeasure;
}

const PERIOD_TYPE: Readonly<Record<SlaDefinition['period'], CalendarPeriodType>> = {
  DAY: 'day',
  WEEK: 'week',
  MONTH: 'month',
  QUARTER: 'quarter',
  YEAR: 'year',
};

/** The calendar period holding the bucket that ends at `asOf`. */
export function periodEndingBucketAt(definition: Pick<SlaDefinition, 'period' | 'timeZone'>, asOf: number): CalendarPeriod {
  return calendarPeriodAt(PERIOD_TYPE[definition.period], asOf - 1, definition.timeZone ?? 'UTC');
}

export class DefinitionEvaluation {
  readonly shards: Shard[] = [];
  readonly policy: BurnRatePolicy;
  readonly longestWindowMs: number;
  period: CalendarPeriod;
  pooledStatus: PeriodStatus | null = null;
  /** The definition pooled as of the last evaluation. */
  pooledResult: PeriodResult | null = null;

  /** Service i is kept in shard `i / shardSize` at index `i % shardSize`. */
  private readonly shardSize: number;
  /** Whether `serviceIds` are in code-unit order, each once (the evaluator's are): then a service is found by halving. */
  private ordered = true;
  /** Where each service is, for services in another order (tests): made at the first look-up. */
  private unorderedPlaces: Map<string, number> | null = null;

  constructor(
    /** The definition as last seen (name and target may change without a rebuild). */
    public definition: SlaDefinition,
    /**
     * In code-unit order, each once, as the evaluator gives them: a service is then found by halving this list. A map
     * of a quarter of a million ids held the event loop 50 ms at each of its growths while a definition was built
     * (ADR 0093).
     */
    readonly serviceIds: readonly string[],
    period: CalendarPeriod,
    shardSize: number,
    previousOf: (serviceId: string | null) => PeriodStatus | null,
    /** Internal (`inSlices`): the shards are built by the caller, from `shardsOf`. */
    shardsLater = false,
  ) {
    this.period = period;
    this.shardSize = Math.max(1, shardSize);
    this.policy = burnRatePolicyOf(definition.burnRates);
    this.longestWindowMs = Math.max(this.policy.fast.longMs, this.policy.slow.longMs);
    if (!shardsLater) for (const _ of this.shardsOf(previousOf));
  }

  /**
   * The same evaluation as `new`, its shards built in slices of the event loop (`due` says when a slice is over,
   * `pause` lets the loop go): a definition over a quarter of a million services held the event loop about 270 ms in
   * one turn.
   */
  static async inSlices(
    definition: SlaDefinition,
    serviceIds: readonly string[],
    period: CalendarPeriod,
    shardSize: number,
    previousOf: (serviceId: string | null) => PeriodStatus | null,
    pause: () => Promise<void>,
    due: () => boolean,
  ): Promise<DefinitionEvaluation> {
    const evaluation = new DefinitionEvaluation(definition, serviceIds, period, shardSize, previousOf, true);
    for (const _ of evaluation.shardsOf(previousOf)) if (due()) await pause();
    return evaluation;
  }

  /** Builds the shards one at a time (yields after each), then the pooled status. */
  private *shardsOf(previousOf: (serviceId: string | null) => PeriodStatus | null): Generator<void> {
    const { serviceIds, shardSize } = this;
    for (let at = 0; at < serviceIds.length || (at === 0 && this.shards.length === 0); at += shardSize) {
      const ids = serviceIds.slice(at, at + shardSize);
      for (let i = Math.max(at, 1); this.ordered && i < at + ids.length; i += 1)
        if (!(serviceIds[i - 1]! < serviceIds[i]!)) this.ordered = false;
      const statuses = Uint8Array.from(ids, (id) => {
        const known = previousOf(id);
        return known === null ? UNKNOWN : PERIOD_STATUSES.indexOf(known);
      });
      const shard: Shard = { serviceIds: ids, accumulator: this.accumulatorFor(ids.length), statuses };
      this.shards.push(shard);
      yield;
    }
    this.pooledStatus = previousOf(null);
  }

  /** The figures are as of this instant. */
  get asOf(): number {
    return this.shards[0]!.accumulator.asOf;
  }

  /** Whether this evaluation still fits the definition (same services, period rule, counting rule and burn rules). */
  fits(definition: SlaDefinition, serviceIds: Coverage): boolean {
    const d = this.definition;
    if (d.period !== definition.period || d.timeZone !== definition.timeZone || d.degradedCountsAsDown !== definition.degradedCountsAsDown)
      return false;
    if (JSON.stringify(d.burnRates) !== JSON.stringify(definition.burnRates)) return false;
    // As many, each of them covered: the same services (this evaluation's are each once).
    if (serviceIds.size !== this.serviceIds.length) return false;
    for (const id of this.serviceIds) if (!serviceIds.has(id)) return false;
    return true;
  }

  /**
   * Moves to the period holding the bucket that ends at `asOf` when the open one is over (every
   * shard starts it empty); answers whether it did. The buckets of the new period are then closed
   * from its start.
   */
  rollOver(asOf: number): boolean {
    if (asOf <= this.period.end) return false;
    this.period = periodEndingBucketAt(this.definition, asOf);
    for (const shard of this.shards) shard.accumulator = this.accumulatorFor(shard.serviceIds.length);
    return true;
  }

  /** From which instant a shard's timeline must hold runs for the step to `asOf`. */
  timelineFrom(asOf: number): number {
    return Math.min(this.asOf, asOf - this.longestWindowMs);
  }

  /**
   * Closes the shard's buckets through `inputs.asOf` (within the open period: call {@link rollOver}
   * first), then judges each service and steps its burn-rate alerts at that instant. `timeline`:
   * the shard's services, from {@link timelineFrom}.
   */
  step(shard: Shard, timeline: StatusTimeline, inputs: TickInputs): ShardOutcome {
    const { asOf } = inputs;
    shard.accumulator.closeBucketsThrough(timeline, Math.min(asOf, this.period.end));
    const moves: StatusMove[] = [];
    const burn: BurnStep[] = [];
    // The shard's measures added up in place (one object per service is plenty).
    const pooled = { ...EMPTY_MEASURE };
    const degradedIsDown = this.definition.degradedCountsAsDown;
    const calmBefore = asOf - this.longestWindowMs;
    for (let i = 0; i < shard.serviceIds.length; i += 1) {
      const serviceId = shard.serviceIds[i]!;
      const targetPercent = inputs.targetOf(serviceId);
      const measure = shard.accumulator.measure(i);
      pooled.periodMs += measure.periodMs;
      pooled.elapsedMs += measure.elapsedMs;
      pooled.excludedMs += measure.excludedMs;
      pooled.coveredMs += measure.coveredMs;
      pooled.downtimeMs += measure.downtimeMs;
      pooled.incidentCount += measure.incidentCount;
      pooled.closedIncidentCount += measure.closedIncidentCount;
      pooled.closedIncidentMs += measure.closedIncidentMs;
      const result = judgePeriod(measure, targetPercent);
      const code = PERIOD_STATUSES.indexOf(result.status);
      if (code !== shard.statuses[i]) {
        const previous = shard.statuses[i] === UNKNOWN ? null : PERIOD_STATUSES[shard.statuses[i]!]!;
        moves.push({ serviceId, previous, status: result.status, targetPercent, result });
        shard.statuses[i] = code;
      }
      const calm = inputs.lastDownAt(serviceId, degradedIsDown) < calmBefore;
      if (calm && !inputs.burning.has(serviceId)) continue;
      const evaluation = calm ? null : evaluateBurnRates(timeline, { service: i, targetPercent, degradedIsDown }, asOf, this.policy);
      for (const severity of BURN_SEVERITIES) {
        const state = inputs.burnStateOf(serviceId, severity);
        const next = stepBurnAlert(state, evaluation?.[severity].firing ?? false, asOf, this.policy[severity]);
        if (next.state !== state)
          burn.push({ serviceId, severity, state: next.state, change: next.change, evaluation: evaluation?.[severity] ?? null });
      }
    }
    return { moves, burn, measure: pooled };
  }

  /** The definition pooled (its services' measures added) against its own target, once every shard stepped. */
  judgePooled(measure: PeriodMeasure): StatusMove | null {
    const result = judgePeriod(measure, this.definition.targetPercent);
    this.pooledResult = result;
    if (result.status === this.pooledStatus) return null;
    const move: StatusMove = {
      serviceId: null,
      previous: this.pooledStatus,
      status: result.status,
      targetPercent: this.definition.targetPercent,
      result,
    };
    this.pooledStatus = result.status;
    return move;
  }

  covers(serviceId: string): boolean {
    return this.placeOf(serviceId) >= 0;
  }

  /** The status of a service as last evaluated (null: not known yet, or not covered). */
  statusOf(serviceId: string): PeriodStatus | null {
    const place = this.placeOf(serviceId);
    const code = place < 0 ? undefined : this.shards[Math.floor(place / this.shardSize)]!.statuses[place % this.shardSize];
    return code === undefined || code === UNKNOWN ? null : PERIOD_STATUSES[code]!;
  }

  /** Every known status, the pooled one under null: carried into a rebuilt evaluation. */
  knownStatuses(): Map<string | null, PeriodStatus> {
    const known = new Map<string | null, PeriodStatus>();
    for (const shard of this.shards)
      shard.serviceIds.forEach((id, i) => {
        if (shard.statuses[i] !== UNKNOWN) known.set(id, PERIOD_STATUSES[shard.statuses[i]!]!);
      });
    if (this.pooledStatus !== null) known.set(null, this.pooledStatus);
    return known;
  }

  /** Where `serviceId` is in `serviceIds` (-1: not covered). */
  private placeOf(serviceId: string): number {
    const ids = this.serviceIds;
    if (!this.ordered) {
      this.unorderedPlaces ??= new Map(ids.map((id, i) => [id, i]));
      return this.unorderedPlaces.get(serviceId) ?? -1;
    }
    let low = 0;
    let high = ids.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (ids[middle]! < serviceId) low = middle + 1;
      else high = middle;
    }
    return low < ids.length && ids[low] === serviceId ? low : -1;
  }

  private accumulatorFor(services: number): OpenPeriodAccumulator {
    return new OpenPeriodAccumulator({ period: this.period, services, degradedIsDown: this.definition.degradedCountsAsDown });
  }
}
