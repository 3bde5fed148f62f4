/**
 * Multi-window burn-rate alerting (the SRE workbook's scheme), as pure functions:
 * - {@link evaluateBurnRates}: the burn rate of one assignment over each window ending at `now`
 *   (each window measured as a period of its own, fully elapsed: burn rate = downtime / budget of the
 *   window = the share of assessable time down / (1 - T/100); a 100 % target with downtime is
 *   unbounded, `Infinity` here), and whether each severity fires: BOTH its long and its short window
 *   above its threshold (the long one says enough budget burnt, the short one that it is still burning).
 * - {@link stepBurnAlert}: whether an alert of one severity opens, stays or resolves, with hysteresis:
 *   it opens when it fires; it resolves only after it has not fired for `holdMs` (default three short
 *   windows), so a burn that dips under the threshold for one evaluation does not resolve and reopen
 *   (docs/adr/0034-sla-arithmetic-and-statuses.md).
 * Defaults: fast 1 h and 5 min above 14.4x (2 % of a 30-day budget in an hour), slow 6 h and 30 min
 * above 6x (5 % in six hours); a definition may set its own.
 */
import { judgePeriod } from '../../../core/domain/periodArithmetic.js';
import { measureTimelinePeriod } from './periods/measureTimeline.js';
import type { StatusTimeline } from './timeline/statusTimeline.js';
import type { SlaAssignment } from './trends/trendSeries.js';

export const BURN_SEVERITIES = ['fast', 'slow'] as const;
export type BurnSeverity = (typeof BURN_SEVERITIES)[number];

export interface BurnWindowRule {
  readonly longMs: number;
  readonly shortMs: number;
  /** Fires when both windows burn faster than this (strictly above). */
  readonly threshold: number;
  /** An open alert resolves after not firing for this long. */
  readonly holdMs: number;
}

export type BurnRatePolicy = Readonly<Record<BurnSeverity, BurnWindowRule>>;

const MINUTE = 60_000;

export const DEFAULT_BURN_RATE_POLICY: BurnRatePolicy = {
  fast: { longMs: 60 * MINUTE, shortMs: 5 * MINUTE, threshold: 14.4, holdMs: 15 * MINUTE },
  slow: { longMs: 360 * MINUTE, shortMs: 30 * MINUTE, threshold: 6, holdMs: 90 * MINUTE },
};

export interface BurnWindowEvaluation {
  /** Burn rate over the long window; `Infinity` for downtime against a zero budget. */
  readonly long: number;
  readonly short: number;
  readonly firing: boolean;
}

export type BurnEvaluation = Readonly<Record<BurnSeverity, BurnWindowEvaluation>>;

/** Throws a RangeError naming the bad field of a policy (windows positive, short shorter than long, threshold > 0). */
export function assertBurnRatePolicy(policy: BurnRatePolicy): void {
  for (const severity of BURN_SEVERITIES) {
    const rule = policy[severity];
    const ok =
      rule.longMs > 0 &&
      rule.shortMs > 0 &&
      rule.shortMs < rule.longMs &&
      rule.threshold > 0 &&
      Number.isFinite(rule.threshold) &&
      rule.holdMs >= 0;
    if (!ok)
      throw new RangeError(`burn-rate policy ${severity}: ${JSON.stringify(rule)} (windows > 0, short < long, threshold > 0, hold >= 0)`);
  }
}

/** The burn rate of the window `[now - length, now)`. */
export function windowBurnRate(timeline: StatusTimeline, assignment: SlaAssignment, now: number, length: number): number {
  const measure = measureTimelinePeriod(timeline, assignment.service, {
    period: { start: now - length, end: now },
    now,
    degradedIsDown: assignment.degradedIsDown ?? false,
  });
  return judgePeriod(measure, assignment.targetPercent).burnRate ?? Number.POSITIVE_INFINITY;
}

export function evaluateBurnRates(
  timeline: StatusTimeline,
  assignment: SlaAssignment,
  now: number,
  policy: BurnRatePolicy = DEFAULT_BURN_RATE_POLICY,
): BurnEvaluation {
  const evaluate = (rule: BurnWindowRule): BurnWindowEvaluation => {
    const long = windowBurnRate(timeline, assignment, now, rule.longMs);
    const short = windowBurnRate(timeline, assignment, now, rule.shortMs);
    return { long, short, firing: long > rule.threshold && short > rule.threshold };
  };
  return { fast: evaluate(policy.fast), slow: evaluate(policy.slow) };
}

/** One severity's alert of one assignment: kept by the caller between evaluations (and persisted). */
export interface BurnAlertState {
  readonly open: boolean;
  /** The last evaluation at which it fired (epoch ms); NaN: never. */
  readonly lastFiringAt: number;
}

export const CLOSED_BURN_ALERT: BurnAlertState = { open: false, lastFiringAt: Number.NaN };

export interface BurnAlertStep {
  readonly state: BurnAlertState;
  /** `opened` / `resolved` at this evaluation (raise or resolve the SLA alert), `null`: nothing changes. */
  readonly change: 'opened' | 'resolved' | null;
}

export function stepBurnAlert(state: BurnAlertState, firing: boolean, now: number, rule: BurnWindowRule): BurnAlertStep {
  if (firing) return { state: { open: true, lastFiringAt: now }, change: state.open ? null : 'opened' };
  if (state.open && !(now - state.lastFiringAt < rule.holdMs))
    return { state: { open: false, lastFiringAt: state.lastFiringAt }, change: 'resolved' };
  return { state, change: null };
}
