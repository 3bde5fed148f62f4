/**
 * SLA definitions, targets and assignments as the plugin holds them, and the pure rules over them:
 * validation of people's input into typed values (once, at the edge), the burn-rate defaults, and
 * which target applies to a service. docs/adr/0035-sla-plugin-model.md has the why.
 */
import { AppError, ErrorCode } from '../../../platform/errors/catalog.js';

export const SLA_PERIODS = ['DAY', 'WEEK', 'MONTH', 'QUARTER', 'YEAR'] as const;
export type SlaPeriod = (typeof SLA_PERIODS)[number];

/** One multi-window burn-rate rule: the rate must exceed `threshold` over both windows. */
export interface BurnRateRule {
  readonly threshold: number;
  readonly longWindowMinutes: number;
  readonly shortWindowMinutes: number;
}

export interface BurnRateRules {
  readonly fast: BurnRateRule;
  readonly slow: BurnRateRule;
}

/** The usual multi-window defaults: 2 % of a 30-day budget in an hour (fast), 5 % in six hours (slow). */
export const DEFAULT_BURN_RATES: BurnRateRules = Object.freeze({
  fast: Object.freeze({ threshold: 14.4, longWindowMinutes: 60, shortWindowMinutes: 5 }),
  slow: Object.freeze({ threshold: 6, longWindowMinutes: 360, shortWindowMinutes: 30 }),
});

export interface SlaDefinition {
  readonly id: string;
  readonly name: string;
  readonly description: string | null;
  readonly targetPercent: number;
  readonly period: SlaPeriod;
  readonly degradedCountsAsDown: boolean;
  /** IANA zone the calendar periods are aligned in; null means UTC. */
  readonly timeZone: string | null;
  readonly burnRates: BurnRateRules;
  /** An outage under this definition raises an INCIDENT ticket (the ticketing plugin's SLA link, src/plugins/ticketing/slaLink). */
  readonly raiseTicket: boolean;
  /** The catalog item such a ticket is raised under (an INCIDENT item); null: none. Checked when the ticket is raised. */
  readonly ticketCatalogItem: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export const SLA_TARGET_SCOPES = ['SERVICE', 'GROUP', 'TIER'] as const;
export type SlaTargetScope = (typeof SLA_TARGET_SCOPES)[number];

/** A definition's target value for one scope: a service (by id), an SLA group (by name) or a tier (by name). */
export interface SlaTarget {
  readonly id: string;
  readonly definitionId: string;
  readonly scope: SlaTargetScope;
  readonly scopeValue: string;
  readonly targetPercent: number;
  readonly createdAt: number;
  readonly updatedAt: number;
}

/** A definition covers one service, or every member of one SLA group (whoever the members are now). */
export interface SlaAssignment {
  readonly id: string;
  readonly definitionId: string;
  readonly serviceId: string | null;
  readonly groupName: string | null;
  readonly createdAt: number;
}

const bad = (message: string) => new AppError(ErrorCode.BadRequest, message);

export const MAX_NAME_LENGTH = 200;
export const MAX_DESCRIPTION_LENGTH = 4000;
/** A window must fit the longest period the rules look at; a week of minutes is plenty. */
export const MAX_BURN_WINDOW_MINUTES = 7 * 24 * 60;

export function definitionName(value: string): string {
  const name = value.trim();
  if (name.length === 0 || name.length > MAX_NAME_LENGTH) throw bad(`name must be 1 to ${MAX_NAME_LENGTH} characters (not only spaces)`);
  return name;
}

export function description(value: string | null | undefined): string | null {
  if (value == null) return null;
  if (value.length > MAX_DESCRIPTION_LENGTH) throw bad(`description must be at most ${MAX_DESCRIPTION_LENGTH} characters`);
  return value.trim() === '' ? null : value;
}

/** A catalog item's name as given (trimmed); null or empty means none. Whether it exists is the ticketing plugin's to know. */
export function ticketCatalogItem(value: string | null | undefined): string | null {
  if (value == null || value.trim() === '') return null;
  const name = value.trim();
  if (name.length > MAX_NAME_LENGTH) throw bad(`ticketCatalogItem must be at most ${MAX_NAME_LENGTH} characters`);
  return name;
}

/** A target T percent: 0 < T <= 100 (100 leaves no error budget at all). */
export function targetPercent(value: number, field = 'targetPercent'): number {
  if (!Number.isFinite(value) || value <= 0 || value > 100)
    throw bad(`${field} must be a percentage above 0 and at most 100, got ${value}`);
  return value;
}

/** An IANA time zone name as Intl knows it (`Europe/Berlin`, `UTC`), canonicalised; null or empty means UTC. */
export function timeZone(value: string | null | undefined): string | null {
  if (value == null || value.trim() === '') return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value.trim() }).resolvedOptions().timeZone;
  } catch {
    throw bad(`timeZone must be an IANA time zone such as "Europe/Berlin" or "UTC", got "${value}"`);
  }
}

export interface BurnRateRuleInput {
  readonly threshold?: number | null;
  readonly longWindowMinutes?: number | null;
  readonly shortWindowMinutes?: number | null;
}

/** A rule from input: missing fields keep `base`'s; the short window is shorter than the long one. */
export function burnRateRule(input: BurnRateRuleInput | null | undefined, base: BurnRateRule, field: string): BurnRateRule {
  if (input == null) return base;
  const threshold = input.threshold ?? base.threshold;
  const longWindowMinutes = input.longWindowMinutes ?? base.longWindowMinutes;
  const shortWindowMinutes = input.shortWindowMinutes ?? base.shortWindowMinutes;
  if (!Number.isFinite(threshold) || threshold <= 0 || threshold > 1000)
    throw bad(`${field}.threshold must be a burn rate above 0 and at most 1000, got ${threshold}`);
  for (const [name, minutes] of [
    ['longWindowMinutes', longWindowMinutes],
    ['shortWindowMinutes', shortWindowMinutes],
  ] as const) {
    if (!Number.isInteger(minutes) || minutes < 5 || minutes > MAX_BURN_WINDOW_MINUTES || minutes % 5 !== 0) {
      throw bad(`${field}.${name} must be a whole number of 5-minute buckets from 5 to ${MAX_BURN_WINDOW_MINUTES}, got ${minutes}`);
    }
  }
  if (shortWindowMinutes >= longWindowMinutes)
    throw bad(`${field}.shortWindowMinutes (${shortWindowMinutes}) must be shorter than longWindowMinutes (${longWindowMinutes})`);
  return { threshold, longWindowMinutes, shortWindowMinutes };
}

export interface BurnRatesInput {
  readonly fast?: BurnRateRuleInput | null;
  readonly slow?: BurnRateRuleInput | null;
}

/** Both rules from input over `base`; the fast rule must alert at a higher rate than the slow one. */
export function burnRates(input: BurnRatesInput | null | undefined, base: BurnRateRules = DEFAULT_BURN_RATES): BurnRateRules {
  if (input == null) return base;
  const fast = burnRateRule(input.fast, base.fast, 'burnRates.fast');
  const slow = burnRateRule(input.slow, base.slow, 'burnRates.slow');
  if (fast.threshold <= slow.threshold)
    throw bad(`burnRates.fast.threshold (${fast.threshold}) must be above burnRates.slow.threshold (${slow.threshold})`);
  return { fast, slow };
}

/** A scope value for a target: a service id, a group name or a tier name, as given (trimmed). */
export function scopeValue(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_NAME_LENGTH) throw bad(`scopeValue must be 1 to ${MAX_NAME_LENGTH} characters`);
  return trimmed;
}

/** What the target resolution needs to know of a service: its id and the group (and that group's tier). */
export interface TargetSubject {
  readonly serviceId: string;
  readonly groupName: string | null;
  readonly tier: string | null;
}

/**
 * The target that applies to a service under a definition: the most specific target of the
 * definition wins (service, then its SLA group, then its group's tier), else the definition's own.
 */
export function effectiveTarget(
  definition: Pick<SlaDefinition, 'targetPercent'>,
  targets: readonly Pick<SlaTarget, 'scope' | 'scopeValue' | 'targetPercent'>[],
  subject: TargetSubject,
): number {
  const find = (scope: SlaTargetScope, value: string | null) =>
    value === null ? undefined : targets.find((t) => t.scope === scope && t.scopeValue === value);
  return (
    (find('SERVICE', subject.serviceId) ?? find('GROUP', subject.groupName) ?? find('TIER', subject.tier))?.targetPercent ??
    definition.targetPercent
  );
}
