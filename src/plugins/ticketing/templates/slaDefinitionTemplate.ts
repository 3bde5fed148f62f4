/**
 * SLA definitions as a template carries them: the definition's own fields, without ids, targets
 * or assignments (those name services and groups of one installation). Read with the SLA
 * plugin's own field rules (src/plugins/sla/definitions/slaDefinition.ts), so a template admits exactly
 * what `createSlaDefinition` admits.
 */
import { AppError, ErrorCode } from '../../../platform/errors/catalog.js';
import {
  burnRates,
  definitionName,
  description,
  DEFAULT_BURN_RATES,
  SLA_PERIODS,
  targetPercent,
  ticketCatalogItem,
  timeZone,
  type SlaDefinition,
} from '../../sla/definitions/slaDefinition.js';
import type { NewDefinitionRequest } from '../../sla/definitions/definitionInput.js';
import type { IssueList, IssuePath } from '../inputIssues.js';

/** A template's SLA definition is exactly what `createSlaDefinition` admits. */
export type SlaDefinitionTemplate = NewDefinitionRequest;

const FIELDS = [
  'name',
  'description',
  'targetPercent',
  'period',
  'degradedCountsAsDown',
  'timeZone',
  'burnRates',
  'raiseTicket',
  'ticketCatalogItem',
];

export function readSlaDefinition(input: unknown, path: IssuePath, issues: IssueList): SlaDefinitionTemplate {
  const f = issues.record(input, path, FIELDS);
  const placeholder: SlaDefinitionTemplate = {
    name: '',
    description: null,
    targetPercent: 100,
    period: 'MONTH',
    degradedCountsAsDown: false,
    timeZone: null,
    burnRates: DEFAULT_BURN_RATES,
    raiseTicket: false,
    ticketCatalogItem: null,
  };
  if (!f) return placeholder;
  const field = <T>(name: string, read: (value: unknown) => T, fallback: T): T => {
    try {
      return read(f[name]);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      issues.add([...path, name], error.message);
      return fallback;
    }
  };
  const text = (value: unknown, what: string) => {
    if (typeof value !== 'string') throw new AppError(ErrorCode.BadRequest, `${what} must be a string`);
    return value;
  };
  const degraded = f['degradedCountsAsDown'];
  if (degraded !== undefined && typeof degraded !== 'boolean') issues.add([...path, 'degradedCountsAsDown'], 'must be true or false');
  const raise = f['raiseTicket'];
  if (raise !== undefined && typeof raise !== 'boolean') issues.add([...path, 'raiseTicket'], 'must be true or false');
  return {
    name: field('name', (v) => definitionName(text(v, 'name')), ''),
    description: field('description', (v) => description(v === undefined || v === null ? null : text(v, 'description')), null),
    targetPercent: field(
      'targetPercent',
      (v) => {
        if (typeof v !== 'number')
          throw new AppError(ErrorCode.BadRequest, 'targetPercent must be a number (a percentage above 0 and at most 100)');
        return targetPercent(v);
      },
      100,
    ),
    period: issues.oneOf(f['period'], [...path, 'period'], SLA_PERIODS),
    degradedCountsAsDown: degraded === true,
    timeZone: field('timeZone', (v) => timeZone(v === undefined || v === null ? null : text(v, 'timeZone')), null),
    burnRates: field(
      'burnRates',
      (v) => {
        if (v === undefined || v === null) return burnRates(null);
        if (typeof v !== 'object' || Array.isArray(v)) throw new AppError(ErrorCode.BadRequest, 'burnRates must be a mapping {fast, slow}');
        return burnRates(v as never);
      },
      DEFAULT_BURN_RATES,
    ),
    raiseTicket: raise === true,
    ticketCatalogItem: field(
      'ticketCatalogItem',
      (v) => ticketCatalogItem(v === undefined || v === null ? null : text(v, 'ticketCatalogItem')),
      null,
    ),
  };
}

export function slaDefinitionTemplate(d: SlaDefinition): SlaDefinitionTemplate {
  return {
    name: d.name,
    description: d.description,
    targetPercent: d.targetPercent,
    period: d.period,
    degradedCountsAsDown: d.degradedCountsAsDown,
    timeZone: d.timeZone,
    burnRates: d.burnRates,
    raiseTicket: d.raiseTicket,
    ticketCatalogItem: d.ticketCatalogItem,
  };
}
