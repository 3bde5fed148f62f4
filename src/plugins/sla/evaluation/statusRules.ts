/**
 * What a move of an SLA status means (docs/adr/0038-sla-live-evaluation.md), and the
 * burn-rate policy of a definition. Pure.
 *
 * - Into BREACHED: the BREACHED alert is raised, an AT_RISK one resolved; webhook `sla.breached`.
 * - Into AT_RISK: the AT_RISK alert is raised, a BREACHED one resolved; webhook `sla.at_risk`.
 * - Into MET: both resolve; webhook `sla.met` only from AT_RISK or BREACHED (a recovery), not from
 *   NO_DATA or an unknown status (a period's first bucket, a restart), which would say nothing new.
 * - Into NO_DATA (nothing covered, e.g. all of a new period in MAINTENANCE so far) or INSUFFICIENT_DATA
 *   (the open period's coverage too low to call it on track): both resolve, no webhook (nothing is
 *   known to be wrong, and nothing is known to be fine).
 */
import { MIN_COVERAGE_PERCENT, type PeriodResult, type PeriodStatus } from '../../../core/domain/periodArithmetic.js';
import type { BurnRatePolicy } from '../arithmetic/burnRate.js';
import type { AlertKind } from '../alerts/alertRules.js';
import type { BurnRateRules } from '../definitions/slaDefinition.js';

export const SLA_STATUS_WEBHOOKS = { BREACHED: 'sla.breached', AT_RISK: 'sla.at_risk', MET: 'sla.met' } as const;
export type SlaStatusWebhook = (typeof SLA_STATUS_WEBHOOKS)[keyof typeof SLA_STATUS_WEBHOOKS];

export interface MoveEffects {
  readonly raise: AlertKind | null;
  readonly resolve: readonly AlertKind[];
  /** The webhook the move contributes to, if any. */
  readonly webhook: SlaStatusWebhook | null;
}

/** `previous` null: not known (first evaluation since start, with no active alert saying otherwise). */
export function moveEffects(previous: PeriodStatus | null, status: PeriodStatus): MoveEffects | null {
  if (previous === status) return null;
  switch (status) {
    case 'BREACHED':
      return { raise: 'BREACHED', resolve: ['AT_RISK'], webhook: 'sla.breached' };
    case 'AT_RISK':
      return { raise: 'AT_RISK', resolve: ['BREACHED'], webhook: 'sla.at_risk' };
    case 'MET':
      return {
        raise: null,
        resolve: ['BREACHED', 'AT_RISK'],
        webhook: previous === 'BREACHED' || previous === 'AT_RISK' ? 'sla.met' : null,
      };
    case 'NO_DATA':
    case 'INSUFFICIENT_DATA':
      return { raise: null, resolve: ['BREACHED', 'AT_RISK'], webhook: null };
  }
}

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * The text of a BREACHED or AT_RISK alert of the open period, in the words of the status rule:
 * BREACHED says the budget is spent (by how much), AT_RISK what is left and how fast it burns, and
 * either names the coverage when too little of the period was seen to judge the attained figure.
 */
export function statusAlertMessage(
  subject: string,
  kind: 'BREACHED' | 'AT_RISK',
  targetPercent: number,
  periodKey: string,
  result: Pick<PeriodResult, 'actualValue' | 'coveragePercent' | 'errorBudgetMinutes' | 'errorBudgetRemainingMinutes' | 'burnRate'>,
): string {
  const figure = result.actualValue === null ? 'no data' : `${round(result.actualValue, 4)} % available`;
  const coverage =
    result.coveragePercent !== null && result.coveragePercent < MIN_COVERAGE_PERCENT
      ? ` (insufficient data: ${round(result.coveragePercent, 1)} % of the period so far seen)`
      : '';
  if (kind === 'BREACHED') {
    const over = -result.errorBudgetRemainingMinutes;
    return (
      `${subject} can no longer meet its target of ${targetPercent} % in ${periodKey}: the error budget of ${round(result.errorBudgetMinutes, 1)} min is spent` +
      `${over > 0 ? ` (${round(over, 1)} min over)` : ''}, ${figure}${coverage}`
    );
  }
  const burn = result.burnRate === null ? 'unbounded' : `${round(result.burnRate, 1)}x`;
  return `${subject} is at risk of missing its target of ${targetPercent} % in ${periodKey}: ${round(Math.max(0, result.errorBudgetRemainingMinutes), 1)} of ${round(result.errorBudgetMinutes, 1)} min of error budget left, burn rate ${burn}, ${figure}${coverage}`;
}

/** Hold before a burn-rate alert resolves: three short windows (15 min for the fast default, 90 for the slow). */
export const BURN_HOLD_SHORT_WINDOWS = 3;

/** A definition's burn-rate rules as the pure alerting takes them. */
export function burnRatePolicyOf(rules: BurnRateRules): BurnRatePolicy {
  const rule = (r: BurnRateRules['fast']) => ({
    longMs: r.longWindowMinutes * 60_000,
    shortMs: r.shortWindowMinutes * 60_000,
    threshold: r.threshold,
    holdMs: BURN_HOLD_SHORT_WINDOWS * r.shortWindowMinutes * 60_000,
  });
  return { fast: rule(rules.fast), slow: rule(rules.slow) };
}
