/** The audit table, for the batch writer (append-only). */
import type { TableSpec } from '../../platform/persistence/batchWriter.js';
import { cols } from '../../core/storage/tables.js';

export const auditEventsTable: TableSpec = {
  name: 'audit_events',
  key: ['id'],
  order: 300,
  mode: 'insert',
  columns: cols({
    id: 'uuid',
    at: 'timestamptz',
    kind: 'text',
    action: 'text',
    actor_id: 'uuid',
    actor: 'text',
    source_address: 'text',
    outcome: 'text',
    error_code: 'text',
    error_message: 'text',
    detail: 'jsonb',
    request_id: 'text',
  }),
};
