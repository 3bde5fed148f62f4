/**
 * An agent key's own request budget. Both columns null: the key's requests count
 * against their client address (the default, and every key made before this version).
 */
import { runStatements, type Migration } from '../../../platform/persistence/migration.js';

export const agentKeyBudgetsSchema: Migration = {
  version: 25,
  name: 'agent keys: request budgets',
  async up(trx) {
    await runStatements(
      trx,
      `
      alter table agent_keys add column budget_requests_per_second double precision;
      alter table agent_keys add column budget_burst integer;
      alter table agent_keys add constraint agent_keys_budget_whole check ((budget_requests_per_second is null) = (budget_burst is null));
    `,
    );
  },
};
