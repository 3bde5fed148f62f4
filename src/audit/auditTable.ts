/** The audit table, for the batch writer (append-only). */
import type { ColumnSpec, TableSpec } from '../persistence/batchWriter.js';

const cols = (spec: Record<string, string>): ColumnSpec[] => Object.entries(spec).map(([name, type]) => ({ name, type }));

export const auditEventsTable: TableSpec = {
  name: 'audit_events',
  key: ['id'],
  order: 300,
  mode: 'insert',
  columns: cols({
    id: 'uuid', at: 'timestamptz', kind: 'text', action: 'text', actor_id: 'uuid', actor: 'text', source_address: 'text',
    outcome: 'text', error_code: 'text', error_message: 'text', detail: 'jsonb',
  }),
};
