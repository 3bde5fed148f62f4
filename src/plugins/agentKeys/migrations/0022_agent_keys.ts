/**
 * Scoped agent keys' table. Databases migrated before the saved filters had a migration of their
 * own got the saved filters' table here too; the saved filters' migration (saved-filters/1, in
 * src/plugins/savedFilters/migrations) creates it only where it is missing, so both kinds of database
 * end with the same schema and no version runs twice.
 */
import { runStatements, type Migration } from '../../../platform/persistence/migration.js';

export const agentKeysSchema: Migration = {
  version: 22,
  // Recorded in schema_migrations with the version: databases migrated already hold this text, so it stays as written.
  name: 'identity: scoped agent keys and saved filters',
  async up(trx) {
    await runStatements(
      trx,
      `
      -- id: the key id, the public part of the key (svcak_<id>_<secret>); secret_hash: SHA-256 of the
      -- secret, hex. The secret itself is never stored. Revoked keys stay for the record.
      -- created_by, revoked_by: a person's id (no foreign key: deleting a person never fails a batch).
      create table agent_keys (
        id text primary key,
        name text not null,
        secret_hash text not null,
        node_path text not null,
        endpoints jsonb not null,
        created_at timestamptz not null,
        created_by uuid,
        last_used_at timestamptz,
        revoked_at timestamptz,
        revoked_by uuid
      );
    `,
    );
  },
};
