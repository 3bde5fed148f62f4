/**
 * The SLA plugin's tables as the batch writer sees them (migrations/0011_sla.ts creates them).
 * Commit orders 600-680: definitions before the rows that reference them.
 */
import type { TableSpec } from '../../platform/persistence/batchWriter.js';
import { cols } from '../../core/storage/tables.js';

export const slaDefinitionsTable: TableSpec = {
  name: 'sla_definitions',
  key: ['id'],
  order: 600,
  mode: 'upsert',
  columns: cols({
    id: 'uuid',
    name: 'text',
    description: 'text',
    target_percent: 'float8',
    period: 'text',
    degraded_counts_as_down: 'boolean',
    time_zone: 'text',
    burn_rates: 'jsonb',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
    // Added by migration 0023 (src/plugins/ticketing/slaLink/migrations): the SLA link's option.
    raise_ticket: 'boolean',
    ticket_catalog_item: 'text',
  }),
};

export const slaTargetsTable: TableSpec = {
  name: 'sla_targets',
  key: ['id'],
  order: 610,
  mode: 'upsert',
  columns: cols({
    id: 'uuid',
    definition_id: 'uuid',
    scope_type: 'text',
    scope_value: 'text',
    target_percent: 'float8',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  }),
};

export const slaAssignmentsTable: TableSpec = {
  name: 'sla_assignments',
  key: ['id'],
  order: 620,
  mode: 'upsert',
  columns: cols({ id: 'uuid', definition_id: 'uuid', service_id: 'uuid', group_name: 'text', created_at: 'timestamptz' }),
};

export const slaGroupSettingsTable: TableSpec = {
  name: 'sla_group_settings',
  key: ['group_name'],
  order: 630,
  mode: 'upsert',
  columns: cols({ group_name: 'text', target_overrides: 'jsonb', updated_at: 'timestamptz' }),
};

export const slaIncidentsTable: TableSpec = {
  name: 'sla_incidents',
  key: ['id'],
  order: 640,
  mode: 'upsert',
  columns: cols({
    id: 'uuid',
    service_id: 'uuid',
    definition_ids: 'jsonb',
    source: 'text',
    title: 'text',
    description: 'text',
    severity: 'text',
    started_at: 'timestamptz',
    ended_at: 'timestamptz',
    resolution: 'text',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  }),
};

export const slaAlertsTable: TableSpec = {
  name: 'sla_alerts',
  key: ['id'],
  order: 650,
  mode: 'upsert',
  columns: cols({
    id: 'uuid',
    kind: 'text',
    condition_key: 'text',
    definition_id: 'uuid',
    service_id: 'uuid',
    group_name: 'text',
    message: 'text',
    details: 'jsonb',
    raised_at: 'timestamptz',
    acknowledged_at: 'timestamptz',
    acknowledged_by: 'uuid',
    resolved_at: 'timestamptz',
  }),
};

export const slaEventsTable: TableSpec = {
  name: 'sla_events',
  key: ['id'],
  order: 660,
  mode: 'insert',
  columns: cols({
    id: 'uuid',
    at: 'timestamptz',
    kind: 'text',
    origin: 'text',
    actor_id: 'uuid',
    definition_id: 'uuid',
    service_id: 'uuid',
    group_name: 'text',
    incident_id: 'uuid',
    alert_id: 'uuid',
    data: 'jsonb',
  }),
};

/** Stored period results, keyed by (definition, subject, period); the computation writes them. */
export const slaPeriodResultsTable: TableSpec = {
  name: 'sla_period_results',
  key: ['definition_id', 'subject_type', 'subject_id', 'period_key'],
  order: 670,
  mode: 'upsert',
  columns: cols({
    definition_id: 'uuid',
    subject_type: 'text',
    subject_id: 'text',
    period_key: 'text',
    period_start: 'timestamptz',
    period_end: 'timestamptz',
    target_value: 'float8',
    actual_value: 'float8',
    coverage_percent: 'float8',
    downtime_minutes: 'float8',
    excluded_minutes: 'float8',
    error_budget_minutes: 'float8',
    error_budget_used_minutes: 'float8',
    error_budget_remaining_minutes: 'float8',
    burn_rate: 'float8',
    incident_count: 'integer',
    mttr_minutes: 'float8',
    mtbf_minutes: 'float8',
    status: 'text',
    final: 'boolean',
    computed_at: 'timestamptz',
  }),
};

export const slaTables: readonly TableSpec[] = [
  slaDefinitionsTable,
  slaTargetsTable,
  slaAssignmentsTable,
  slaGroupSettingsTable,
  slaIncidentsTable,
  slaAlertsTable,
  slaEventsTable,
  slaPeriodResultsTable,
];
