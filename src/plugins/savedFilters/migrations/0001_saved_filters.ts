/**
 * The saved filters' table, created by the saved filters' own module (`saved-filters/1`, the first of
 * its own namespace). Until this migration the agent keys' migration 0022 created it (one version had
 * been assigned to both), so a database migrated before has it already: every statement here creates
 * only what is missing, and such a database records this migration without any change.
 */
import { runStatements, type Migration } from '../../../platform/persistence/migration.js';

export const savedFiltersMigration: Migration = {
  namespace: 'saved-filters',
  version: 1,
  name: 'saved filters: their table (present already where 0022 created it)',
  async up(trx) {
    await runStatements(
      trx,
      `
      -- owner_id: the person the filter belongs to; deleting the person deletes their filters.
      -- shared_with: group ids (a deleted group simply stops matching).
      create table if not exists saved_filters (
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
      create index if not exists saved_filters_by_owner on saved_filters (owner_id, resource);
    `,
    );
  },
};
