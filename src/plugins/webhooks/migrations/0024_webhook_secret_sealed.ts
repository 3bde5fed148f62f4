import { runStatements, type Migration } from '../../../platform/persistence/migration.js';

export const webhookSecretSealedSchema: Migration = {
  version: 24,
  name: 'webhook secrets sealed at rest',
  async up(trx) {
    await runStatements(
      trx,
      `
      -- A webhook's signing secret, sealed (src/platform/config/secretBox.ts: AES-256-GCM under
      -- SVC_AUTH_SECRET_KEY, the webhook id as additional data). The clear column "secret" is only
      -- read from now on: the webhooks module seals what it holds at its next start and empties it.
      alter table webhooks add column secret_sealed text;
    `,
    );
  },
};
