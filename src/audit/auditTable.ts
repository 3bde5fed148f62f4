/** The audit table, for the batch writer (append-only). */
import type { TableSpec } from '../persistence/batchWriter.js';
import { cols } from '../persistence/tables.js';

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
