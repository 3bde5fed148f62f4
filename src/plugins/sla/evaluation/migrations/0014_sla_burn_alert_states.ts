import { runStatements, type Migration } from '../../../../platform/persistence/migration.js';

export const slaBurnAlertStatesSchema: Migration = {
  version: 14,
  name: 'sla: burn-rate alert states',
  async up(trx) {
    await runStatements(
      trx,
      `
      -- The hysteresis state of each open burn-rate alert (burnRate.ts BurnAlertState): a row while
      -- the alert of (definition, service, severity) is open, deleted when it resolves, so the hold
      -- survives a restart. service_id has no foreign key (as sla_alerts): the evaluator drops the
      -- rows of services no longer covered.
      create table sla_burn_alert_states (
        definition_id uuid not null references sla_definitions (id) on delete cascade,
        service_id uuid not null,
        severity text not null,
        last_firing_at timestamptz not null,
        primary key (definition_id, service_id, severity)
      );
    `,
    );
  },
};
