/** Mapping between definitions, targets, assignments and their rows (written through the batch writer, read at start). */
import type { Row } from '../../../platform/persistence/batchWriter.js';
import { epoch, iso, jsonColumn, textOrNull } from '../../../core/storage/tables.js';
import {
  DEFAULT_BURN_RATES,
  type BurnRateRules,
  type SlaAssignment,
  type SlaDefinition,
  type SlaPeriod,
  type SlaTarget,
  type SlaTargetScope,
} from './slaDefinition.js';

export function definitionToRow(d: SlaDefinition): Row {
  return {
    id: d.id,
    name: d.name,
    description: d.description,
    target_percent: d.targetPercent,
    period: d.period,
    degraded_counts_as_down: d.degradedCountsAsDown,
    time_zone: d.timeZone,
    burn_rates: d.burnRates,
    raise_ticket: d.raiseTicket,
    ticket_catalog_item: d.ticketCatalogItem,
    created_at: iso(d.createdAt),
    updated_at: iso(d.updatedAt),
  };
}

/** Rows are the plugin's own writes: enums and rules are trusted as stored. */
export function rowToDefinition(row: Record<string, unknown>): SlaDefinition {
  return {
    id: String(row['id']),
    name: String(row['name']),
    description: textOrNull(row['description']),
    targetPercent: Number(row['target_percent']),
    period: String(row['period']) as SlaPeriod,
    degradedCountsAsDown: Boolean(row['degraded_counts_as_down']),
    timeZone: textOrNull(row['time_zone']),
    burnRates: jsonColumn<BurnRateRules>(row['burn_rates'], DEFAULT_BURN_RATES),
    // Columns of migration 0023 (src/plugins/ticketing/slaLink/migrations).
    raiseTicket: row['raise_ticket'] === true,
    ticketCatalogItem: textOrNull(row['ticket_catalog_item']),
    createdAt: epoch(row['created_at'])!,
    updatedAt: epoch(row['updated_at'])!,
  };
}

export function targetToRow(t: SlaTarget): Row {
  return {
    id: t.id,
    definition_id: t.definitionId,
    scope_type: t.scope,
    scope_value: t.scopeValue,
    target_percent: t.targetPercent,
    created_at: iso(t.createdAt),
    updated_at: iso(t.updatedAt),
  };
}

export function rowToTarget(row: Record<string, unknown>): SlaTarget {
  return {
    id: String(row['id']),
    definitionId: String(row['definition_id']),
    scope: String(row['scope_type']) as SlaTargetScope,
    scopeValue: String(row['scope_value']),
    targetPercent: Number(row['target_percent']),
    createdAt: epoch(row['created_at'])!,
    updatedAt: epoch(row['updated_at'])!,
  };
}

export function assignmentToRow(a: SlaAssignment): Row {
  return { id: a.id, definition_id: a.definitionId, service_id: a.serviceId, group_name: a.groupName, created_at: iso(a.createdAt) };
}

export function rowToAssignment(row: Record<string, unknown>): SlaAssignment {
  return {
    id: String(row['id']),
    definitionId: String(row['definition_id']),
    serviceId: textOrNull(row['service_id']),
    groupName: textOrNull(row['group_name']),
    createdAt: epoch(row['created_at'])!,
  };
}
