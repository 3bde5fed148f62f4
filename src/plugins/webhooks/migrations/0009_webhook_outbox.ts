import { runStatements, type Migration } from '../../../platform/persistence/migration.js';

export const webhookOutboxSchema: Migration = {
  version: 9,
  name: 'webhook outbox pages: one row per commit holds every delivery that commit owes',
  async up(trx) {
    await runStatements(
      trx,
      `
      -- The outbox (src/plugins/webhooks/outboxPage.ts): a commit that owes webhook deliveries writes ONE row
      -- listing them all (bodies shared between deliveries of one event), instead of a row and two
      -- index entries per delivery. webhook_deliveries now holds a delivery's state once it has
      -- been attempted (or cancelled); a page row goes when every delivery on it is settled.
      create table webhook_outbox (
        id uuid primary key,
        deliveries text not null,
        created_at timestamptz not null
      );
      -- Out of line without compression: compressing each page cost PostgreSQL more than the bytes saved.
      alter table webhook_outbox alter column deliveries set storage external;
    `,
    );
  },
};
