/** The licensing tables, for the batch writer. */
import type { TableSpec } from '../../platform/persistence/batchWriter.js';
import { cols } from '../../core/storage/tables.js';

export const licenseActivationsTable: TableSpec = {
  name: 'license_activations',
  key: ['id'],
  order: 200,
  mode: 'insert',
  columns: cols({
    id: 'uuid',
    token: 'text',
    license_id: 'text',
    customer: 'text',
    plugins: 'jsonb',
    issued_at: 'timestamptz',
    expires_at: 'timestamptz',
    activated_at: 'timestamptz',
    source: 'text',
    activated_by: 'text',
  }),
};

export const pluginSettingsTable: TableSpec = {
  name: 'plugin_settings',
  key: ['name'],
  order: 210,
  mode: 'upsert',
  columns: cols({ name: 'text', enabled: 'boolean', updated_at: 'timestamptz', updated_by: 'text' }),
};
