/**
 * The tables the batch writer writes, with the column types it reads them back with from JSON.
 * `order` follows the foreign keys. The schema itself lives in migrations/.
 */
import { isoTime } from '../../platform/scheduler/isoTime.js';
import { patchSpec, type ColumnSpec, type TableSpec } from '../../platform/persistence/tableSpec.js';

/** Column specs from `{ name: 'postgres type' }`, in order. */
export const cols = (spec: Record<string, string>): ColumnSpec[] => Object.entries(spec).map(([name, type]) => ({ name, type }));

export const nodesTable: TableSpec = {
  name: 'nodes',
  key: ['path'],
  order: 10,
  mode: 'upsert',
  columns: cols({ path: 'text', parent_path: 'text', name: 'text', depth: 'integer', created_at: 'timestamptz' }),
};

export const servicesTable: TableSpec = {
  name: 'services',
  key: ['id'],
  order: 20,
  mode: 'upsert',
  columns: cols({
    id: 'uuid',
    node_path: 'text',
    name: 'text',
    display_name: 'text',
    status: 'text',
    status_message: 'text',
    status_since: 'timestamptz',
    status_seq: 'integer',
    criticality: 'text',
    service_type: 'text',
    tags: 'jsonb',
    metadata: 'jsonb',
    namespace: 'text',
    workload_type: 'text',
    workload_name: 'text',
    replicas: 'integer',
    ready_replicas: 'integer',
    available_replicas: 'integer',
    images: 'jsonb',
    sla_group: 'text',
    backup_expected: 'boolean',
    backup_max_age_days: 'integer',
    last_backup_at: 'timestamptz',
    last_backup_status: 'text',
    last_backup_size_bytes: 'bigint',
    last_backup_message: 'text',
    last_backup_taken_at: 'timestamptz',
    storage: 'jsonb',
    owner_id: 'uuid',
    team_id: 'uuid',
    dependencies: 'jsonb',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  }),
};

/** A service's status columns alone: what a health push changes (6 of the row's 33 columns). */
export const serviceStatusTable: TableSpec = patchSpec(servicesTable, [
  'status',
  'status_message',
  'status_since',
  'status_seq',
  'updated_at',
]);

export const statusIntervalsTable: TableSpec = {
  name: 'status_intervals',
  key: ['service_id', 'seq'],
  order: 30,
  mode: 'upsert',
  columns: cols({
    service_id: 'uuid',
    seq: 'integer',
    status: 'text',
    message: 'text',
    started_at: 'timestamptz',
    ended_at: 'timestamptz',
  }),
};

export const backupReportsTable: TableSpec = {
  name: 'backup_reports',
  key: ['id'],
  order: 40,
  mode: 'insert',
  columns: cols({
    id: 'uuid',
    service_id: 'uuid',
    status: 'text',
    size_bytes: 'bigint',
    message: 'text',
    mode: 'text',
    reported_at: 'timestamptz',
  }),
};

export const agentsTable: TableSpec = {
  name: 'agents',
  key: ['node_id'],
  order: 50,
  mode: 'upsert',
  columns: cols({
    node_id: 'text',
    version: 'text',
    operator_version: 'text',
    watched_services: 'integer',
    healthy_services: 'integer',
    unhealthy_services: 'integer',
    last_heartbeat_at: 'timestamptz',
    last_status_sync_at: 'timestamptz',
    created_at: 'timestamptz',
  }),
};

export const agentCommandsTable: TableSpec = {
  name: 'agent_commands',
  key: ['id'],
  order: 60,
  mode: 'upsert',
  columns: cols({
    id: 'uuid',
    node_id: 'text',
    type: 'text',
    payload: 'jsonb',
    status: 'text',
    created_at: 'timestamptz',
    delivered_at: 'timestamptz',
    completed_at: 'timestamptz',
    result: 'jsonb',
    expires_at: 'timestamptz',
    requested_by: 'uuid',
    cancelled_by: 'uuid',
  }),
};

export const slaGroupsTable: TableSpec = {
  name: 'sla_groups',
  key: ['name'],
  order: 70,
  mode: 'upsert',
  columns: cols({
    name: 'text',
    id: 'uuid',
    display_name: 'text',
    tier: 'text',
    targets: 'jsonb',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
  }),
};

// Column readers and writers shared by the row mappings and hydration. Both drivers are read the
// same way: pg gives Dates and parsed jsonb, PGlite may give strings.
export const iso = (ms: number | null): string | null => (ms === null ? null : isoTime(ms));
export const epoch = (value: unknown): number | null =>
  value === null || value === undefined ? null : typeof value === 'number' ? value : new Date(value as string | Date).getTime();
export const textOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));
export const numberOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
export function jsonColumn<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  return typeof value === 'string' ? (JSON.parse(value) as T) : (value as T);
}
