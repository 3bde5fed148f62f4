import { runStatements, type Migration } from '../../../platform/persistence/migration.js';

export const webhookClaimsSchema: Migration = {
  namespace: 'webhooks',
  version: 1,
  name: 'webhook delivery claims: each outbox page attempted by the instance that claims it, while that instance is alive',
  async up(trx) {
    await runStatements(
      trx,
      `
      -- Who attempts a page's deliveries (src/plugins/webhooks/deliveryClaims.ts): the instance that committed it, or
      -- the one that took it over after its claimant's lease in webhook_dispatchers ran out. Null: nobody yet
      -- (pages written before claims, or given back at a graceful stop): the next instance that looks takes it.
      alter table webhook_outbox add column claimed_by text;
      create index webhook_outbox_claimed_by_idx on webhook_outbox (claimed_by);
      -- One row per instance sending deliveries: its pages are its own until alive_until (product time), which it
      -- moves forward every third of its lease; a graceful stop deletes the row and gives its pages back.
      create table webhook_dispatchers (
        instance_id text primary key,
        alive_until timestamptz not null
      );
    `,
    );
  },
};
