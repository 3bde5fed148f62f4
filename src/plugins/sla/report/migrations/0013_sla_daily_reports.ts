import { runStatements, type Migration } from '../../../../platform/persistence/migration.js';

export const slaDailyReportsSchema: Migration = {
  version: 13,
  name: 'sla: daily reports',
  async up(trx) {
    await runStatements(
      trx,
      `
      -- One report per UTC day; generating again that day replaces it. scheduled_at records the
      -- day's scheduled run, so it happens once a day even across restarts.
      create table sla_daily_reports (
        day text primary key,
        generated_at timestamptz not null,
        trigger text not null,
        scheduled_at timestamptz,
        sla_count integer not null,
        met_count integer not null,
        at_risk_count integer not null,
        breached_count integer not null,
        no_data_count integer not null,
        report jsonb not null
      );
    `,
    );
  },
};
