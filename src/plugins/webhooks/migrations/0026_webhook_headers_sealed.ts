import { runStatements, type Migration } from '../../../platform/persistence/migration.js';

export const webhookHeadersSealedSchema: Migration = {
  version: 26,
  name: 'webhook header values sealed at rest',
  async up(trx) {
    await runStatements(
      trx,
      `
      -- A webhook's custom headers with their values sealed like the signing secret (0024;
      -- src/platform/config/secretBox.ts, the webhook id and the header name as additional data): a list of
      -- {name, sealed}. The clear column "headers" is only read from now on: the webhooks module
      -- seals what it holds at its next start and empties it. Null: not sealed yet.
      alter table webhooks add column headers_sealed jsonb;
    `,
    );
  },
};
