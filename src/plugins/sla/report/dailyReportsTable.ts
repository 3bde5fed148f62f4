import { cols } from '../../../core/storage/tables.js';
import type { TableSpec } from '../../../platform/persistence/tableSpec.js';

export const slaDailyReportsTable: TableSpec = {
  name: 'sla_daily_reports',
  key: ['day'],
  order: 590,
  mode: 'upsert',
  // One row a day with a large jsonb: sent as its own parameter, not parsed twice as JSON.
  bind: 'values',
  columns: cols({
    day: 'text',
    generated_at: 'timestamptz',
    trigger: 'text',
    scheduled_at: 'timestamptz',
    sla_count: 'integer',
    met_count: 'integer',
    at_risk_count: 'integer',
    breached_count: 'integer',
    no_data_count: 'integer',
    report: 'jsonb',
  }),
};
