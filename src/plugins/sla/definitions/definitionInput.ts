/**
 * The GraphQL inputs of definitions, targets and assignments, validated once into typed requests.
 * Enum values arrive as the schema's names (`MONTH`, `SERVICE`), which are the product's names too.
 */
import { AppError, ErrorCode } from '../../../platform/errors/catalog.js';
import { isUuid } from '../slaIds.js';
import {
  burnRates,
  definitionName,
  description,
  scopeValue,
  targetPercent,
  ticketCatalogItem,
  timeZone,
  type BurnRateRules,
  type BurnRatesInput,
  type SlaPeriod,
  type SlaTargetScope,
} from './slaDefinition.js';

export interface CreateSlaDefinitionInput {
  readonly name: string;
  readonly description?: string | null;
  readonly targetPercent: number;
  readonly period: SlaPeriod;
  readonly degradedCountsAsDown?: boolean | null;
  readonly timeZone?: string | null;
  readonly burnRates?: BurnRatesInput | null;
  readonly raiseTicket?: boolean | null;
  readonly ticketCatalogItem?: string | null;
}

export interface NewDefinitionRequest {
  readonly name: string;
  readonly description: string | null;
  readonly targetPercent: number;
  readonly period: SlaPeriod;
  readonly degradedCountsAsDown: boolean;
  readonly timeZone: string | null;
  readonly burnRates: BurnRateRules;
  readonly raiseTicket: boolean;
  readonly ticketCatalogItem: string | null;
}

export function readCreateDefinition(input: CreateSlaDefinitionInput): NewDefinitionRequest {
  return {
    name: definitionName(input.name),
    description: description(input.description),
    targetPercent: targetPercent(input.targetPercent),
    period: input.period,
    degradedCountsAsDown: input.degradedCountsAsDown ?? false,
    timeZone: timeZone(input.timeZone),
    burnRates: burnRates(input.burnRates),
    raiseTicket: input.raiseTicket ?? false,
    ticketCatalogItem: ticketCatalogItem(input.ticketCatalogItem),
  };
}

/** GraphQL passes null for a field sent as null. */
export type UpdateSlaDefinitionInput = { readonly [K in keyof CreateSlaDefinitionInput]?: CreateSlaDefinitionInput[K] | null };

/**
 * The fields to change: absent (or null, for the required ones) leaves a field as it is; for the
 * optional `description` and `timeZone`, an empty string clears it. Burn-rate rules merge with the
 * definition's current ones, so `{fast: {threshold: 10}}` keeps every window.
 */
export interface DefinitionChanges {
  readonly name?: string;
  readonly description?: string | null;
  readonly targetPercent?: number;
  readonly period?: SlaPeriod;
  readonly degradedCountsAsDown?: boolean;
  readonly timeZone?: string | null;
  readonly burnRates?: BurnRatesInput;
  readonly raiseTicket?: boolean;
  readonly ticketCatalogItem?: string | null;
}

export function readUpdateDefinition(input: UpdateSlaDefinitionInput): DefinitionChanges {
  const changes: { -readonly [K in keyof DefinitionChanges]: DefinitionChanges[K] } = {};
  if (input.name != null) changes.name = definitionName(input.name);
  if (input.description !== undefined) changes.description = description(input.description);
  if (input.targetPercent != null) changes.targetPercent = targetPercent(input.targetPercent);
  if (input.period != null) changes.period = input.period;
  if (input.degradedCountsAsDown != null) changes.degradedCountsAsDown = input.degradedCountsAsDown;
  if (input.timeZone !== undefined) changes.timeZone = timeZone(input.timeZone);
  if (input.burnRates != null) changes.burnRates = input.burnRates;
  if (input.raiseTicket != null) changes.raiseTicket = input.raiseTicket;
  if (input.ticketCatalogItem !== undefined) changes.ticketCatalogItem = ticketCatalogItem(input.ticketCatalogItem);
  return changes;
}

export interface CreateSlaTargetInput {
  readonly definitionId: string;
  readonly scope: SlaTargetScope;
  readonly scopeValue: string;
  readonly targetPercent: number;
}

export interface TargetRequest {
  readonly definitionId: string;
  readonly scope: SlaTargetScope;
  readonly scopeValue: string;
  readonly targetPercent: number;
}

export function readCreateTarget(input: CreateSlaTargetInput): TargetRequest {
  const value = scopeValue(input.scopeValue);
  return {
    definitionId: input.definitionId,
    scope: input.scope,
    scopeValue: input.scope === 'SERVICE' ? value.toLowerCase() : value,
    targetPercent: targetPercent(input.targetPercent),
  };
}

export interface AssignSlaInput {
  readonly definitionId: string;
  readonly serviceId?: string | null;
  readonly slaGroup?: string | null;
}

export type AssignmentRequest =
  | { readonly definitionId: string; readonly serviceId: string; readonly groupName: null }
  | { readonly definitionId: string; readonly serviceId: null; readonly groupName: string };

export function readAssign(input: AssignSlaInput): AssignmentRequest {
  const hasService = input.serviceId != null;
  const hasGroup = input.slaGroup != null;
  if (hasService === hasGroup)
    throw new AppError(ErrorCode.BadRequest, 'give exactly one of serviceId (one service) or slaGroup (every member of an SLA group)');
  if (hasService) return { definitionId: input.definitionId, serviceId: input.serviceId!.toLowerCase(), groupName: null };
  const group = input.slaGroup!.trim();
  if (group === '') throw new AppError(ErrorCode.BadRequest, 'slaGroup must name an SLA group');
  return { definitionId: input.definitionId, serviceId: null, groupName: group };
}

/** An id argument that names something of the plugin; a malformed one names nothing. */
export function knownId(id: string): string | null {
  return isUuid(id) ? id.toLowerCase() : null;
}
