/**
 * Issue 18, items 4 and 5: scoped agent keys and saved filters. One migration version was assigned
 * to both, so both tables are created here; each module declares its own table spec
 * (src/plugins/agentKeys, src/plugins/savedFilters) and the agent keys module declares this migration.
 */
import { runStatements, type Migration } from '../../../platform/persistence/migration.js';

export const agentKeysAndSavedFiltersSchema: Migration = {
  version: 22,
  name: 'identity: scoped agent keys and saved filters',
  async up(trx) {
    await runStatements(trx, `
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
      -- owner_id: the person the filter belongs to; deleting the person deletes their filters.
      -- shared_with: group ids (a deleted group simply stops matching).
      create table saved_filters (
        id uuid primary key,
        owner_id uuid not null references users (id) on delete cascade,
        name text not null,
        resource text not null,
        filter jsonb not null,
        shared_with jsonb not null,
        is_default boolean not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      -- One default per person per resource is kept by the server, not by a unique index: moving the
      -- default writes two rows in one batch, and a unique index would refuse one order of them.
      create index saved_filters_by_owner on saved_filters (owner_id, resource);
    `);
  },
};
