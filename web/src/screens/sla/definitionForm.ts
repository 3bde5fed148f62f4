/**
 * The definition form as text fields, checked before anything is sent: the same limits the server
 * enforces (schema: CreateSLADefinitionInput), so a person sees every mistake at once, by its field.
 */
import { enumValues } from '../../ui/kit/enumValues';
import type { SlaDefinition, SlaPeriod } from './slaTypes';
import type { CreateSlaDefinitionInput, UpdateSlaDefinitionInput } from '../../gql/graphql';

export const PERIODS = enumValues<SlaPeriod>({ DAY: true, WEEK: true, MONTH: true, QUARTER: true, YEAR: true });

export interface RuleFields {
  threshold: string;
  longWindowMinutes: string;
  shortWindowMinutes: string;
}

export interface DefinitionFields {
  name: string;
  description: string;
  targetPercent: string;
  period: SlaPeriod;
  degradedCountsAsDown: boolean;
  timeZone: string;
  fast: RuleFields;
  slow: RuleFields;
  raiseTicket: boolean;
  ticketCatalogItem: string;
}

export type FieldErrors = Partial<Record<string, string>>;

export interface DefinitionInput {
  name: string;
  description: string;
  targetPercent: number;
  period: SlaPeriod;
  degradedCountsAsDown: boolean;
  timeZone: string;
  burnRates: { fast: RuleInput; slow: RuleInput };
  raiseTicket: boolean;
  ticketCatalogItem: string;
}

interface RuleInput {
  threshold: number;
  longWindowMinutes: number;
  shortWindowMinutes: number;
}

export const NEW_DEFINITION: DefinitionFields = {
  name: '',
  description: '',
  targetPercent: '99.9',
  period: 'MONTH',
  degradedCountsAsDown: false,
  timeZone: '',
  // The server's defaults (README "SLA"): 14.4x over 60/5 minutes, 6x over 360/30 minutes.
  fast: { threshold: '14.4', longWindowMinutes: '60', shortWindowMinutes: '5' },
  slow: { threshold: '6', longWindowMinutes: '360', shortWindowMinutes: '30' },
  raiseTicket: false,
  ticketCatalogItem: '',
};

export function fieldsOf(definition: SlaDefinition): DefinitionFields {
  const rule = (r: SlaDefinition['burnRates']['fast']): RuleFields => ({
    threshold: String(r.threshold),
    longWindowMinutes: String(r.longWindowMinutes),
    shortWindowMinutes: String(r.shortWindowMinutes),
  });
  return {
    name: definition.name,
    description: definition.description ?? '',
    targetPercent: String(definition.targetPercent),
    period: definition.period,
    degradedCountsAsDown: definition.degradedCountsAsDown,
    timeZone: definition.timeZone ?? '',
    fast: rule(definition.burnRates.fast),
    slow: rule(definition.burnRates.slow),
    raiseTicket: definition.raiseTicket,
    ticketCatalogItem: definition.ticketCatalogItem ?? '',
  };
}

/** A percent target: above 0, at most 100. */
export function parseTargetPercent(text: string): number | string {
  const value = Number(text.trim().replace(',', '.'));
  if (text.trim() === '' || Number.isNaN(value)) return 'Enter a percentage, for example 99.9.';
  if (value <= 0 || value > 100) return 'A target is above 0 and at most 100.';
  return value;
}

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The fields as the mutation's input, or the errors by field name (`fast.threshold` for nested ones). */
export function validateDefinition(fields: DefinitionFields): { input: DefinitionInput } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const name = fields.name.trim();
  if (name === '') errors['name'] = 'Give the definition a name.';
  else if (name.length > 200) errors['name'] = 'A name has at most 200 characters.';
  const target = parseTargetPercent(fields.targetPercent);
  if (typeof target === 'string') errors['targetPercent'] = target;
  const timeZone = fields.timeZone.trim();
  if (timeZone !== '' && !isTimeZone(timeZone))
    errors['timeZone'] = 'Use an IANA time zone such as Europe/Berlin, or leave it empty for UTC.';
  const fast = parseRule('fast', fields.fast, errors);
  const slow = parseRule('slow', fields.slow, errors);
  if (fast && slow && !(fast.threshold > slow.threshold)) errors['fast.threshold'] = 'The fast threshold must be above the slow one.';
  if (Object.keys(errors).length > 0 || typeof target === 'string' || !fast || !slow) return { errors };
  return {
    input: {
      name,
      description: fields.description.trim(),
      targetPercent: target,
      period: fields.period,
      degradedCountsAsDown: fields.degradedCountsAsDown,
      timeZone,
      burnRates: { fast, slow },
      raiseTicket: fields.raiseTicket,
      ticketCatalogItem: fields.ticketCatalogItem.trim(),
    },
  };
}

function parseRule(prefix: string, rule: RuleFields, errors: FieldErrors): RuleInput | null {
  const threshold = Number(rule.threshold);
  const long = Number(rule.longWindowMinutes);
  const short = Number(rule.shortWindowMinutes);
  let ok = true;
  if (rule.threshold.trim() === '' || !(threshold > 0 && threshold <= 1000)) {
    errors[`${prefix}.threshold`] = 'A threshold is above 0 and at most 1000.';
    ok = false;
  }
  for (const [key, value, text] of [
    ['longWindowMinutes', long, rule.longWindowMinutes],
    ['shortWindowMinutes', short, rule.shortWindowMinutes],
  ] as const) {
    if (text.trim() === '' || !Number.isInteger(value) || value < 5 || value > 10_080 || value % 5 !== 0) {
      errors[`${prefix}.${key}`] = 'Whole 5-minute steps, from 5 to 10080 minutes.';
      ok = false;
    }
  }
  if (ok && !(long > short)) {
    errors[`${prefix}.longWindowMinutes`] = 'The long window must be longer than the short one.';
    ok = false;
  }
  return ok ? { threshold, longWindowMinutes: long, shortWindowMinutes: short } : null;
}

/** The create mutation leaves out empty optional text (the server's own defaults apply). */
export function createInputOf(input: DefinitionInput): CreateSlaDefinitionInput {
  const { description, timeZone, ticketCatalogItem, ...rest } = input;
  return {
    ...rest,
    ...(description ? { description } : {}),
    ...(timeZone ? { timeZone } : {}),
    ...(ticketCatalogItem ? { ticketCatalogItem } : {}),
  };
}

/** The update mutation sends every field: an empty description, time zone or catalog item clears it. */
export function updateInputOf(input: DefinitionInput): UpdateSlaDefinitionInput {
  return { ...input };
}
