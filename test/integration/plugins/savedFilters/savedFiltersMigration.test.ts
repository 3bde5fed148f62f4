/**
 * The saved filters' table moved from the agent keys' migration 0022 into the saved filters' own
 * migration saved-filters/1. A database migrated before the move (0022 created both tables) must upgrade by
 * applying saved-filters/1 alone, keep its filters, and end with the same schema as a database created after it.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import type { PGlite } from '@electric-sql/pglite';
import type { Knex } from 'knex';
import { productModules } from '../../../../src/plugins/productModules.js';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { openDatabase, type Database } from '../../../../src/platform/persistence/database.js';
import { migrate } from '../../../../src/platform/persistence/migrate.js';
import { runStatements, type Migration } from '../../../../src/platform/persistence/migration.js';
import { savedFiltersMigration } from '../../../../src/plugins/savedFilters/migrations/0001_saved_filters.js';
import { emptyPGlite, testBackends, type Backend, type TestStore } from '../../../support/backends.js';

/** Migration 0022 as databases created before the move applied it: agent keys and saved filters. */
const agentKeysAndSavedFiltersBefore: Migration = {
  version: 22,
  name: 'identity: scoped agent keys and saved filters',
  async up(trx) {
    await runStatements(
      trx,
      `
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
      create index saved_filters_by_owner on saved_filters (owner_id, resource);
    `,
    );
  },
};

const current = productModules().migrations();
/** The product's migrations as they were before the move: the old 0022, no saved-filters/1. */
const before = current.filter((m) => m !== savedFiltersMigration).map((m) => (m.version === 22 ? agentKeysAndSavedFiltersBefore : m));

interface Opened {
  readonly db: Database;
  readonly store: TestStore | undefined;
  readonly pglite: PGlite | undefined;
}

/** An empty database (not the migrated template the other suites load). */
async function emptyDatabase(backend: Backend): Promise<Opened> {
  if (backend.name === 'embedded') {
    const pglite = await emptyPGlite();
    return { db: await openDatabase({ url: undefined, dataDir: '', pglite }), store: undefined, pglite };
  }
  const store = await backend.createStore();
  return { db: await openDatabase({ url: store.url, dataDir: '' }), store, pglite: undefined };
}

/** A database created after the move, as every other suite gets one (embedded: the migrated template). */
async function newDatabase(backend: Backend): Promise<Opened> {
  const store = await backend.createStore();
  const db = await openDatabase({ url: store.url, dataDir: '', ...(store.pglite ? { pglite: store.pglite } : {}) });
  await migrate(db.knex, createMemoryLogger(), current);
  return { db, store, pglite: store.pglite };
}

/** The saved filters' table as the catalog describes it: columns, constraints and indexes. */
async function savedFiltersShape(knex: Knex): Promise<unknown> {
  const columns = await knex.raw(`select column_name, data_type, is_nullable from information_schema.columns
    where table_schema = current_schema() and table_name = 'saved_filters' order by column_name`);
  const constraints = await knex.raw(`select conname, pg_get_constraintdef(oid) as definition from pg_constraint
    where conrelid = 'saved_filters'::regclass order by conname`);
  const indexes = await knex.raw(`select indexname, regexp_replace(indexdef, ' ON \\S+\\.', ' ON ') as definition from pg_indexes
    where schemaname = current_schema() and tablename = 'saved_filters' order by indexname`);
  return { columns: columns.rows, constraints: constraints.rows, indexes: indexes.rows };
}

for (const backend of testBackends()) {
  describe(`saved filters' own migration (${backend.name})`, () => {
    it('upgrades a database migrated before the move by applying saved-filters/1 alone, keeping its filters', async () => {
      const upgraded = await emptyDatabase(backend);
      const fresh = await newDatabase(backend);
      const db = upgraded.db;
      try {
        const logger = createMemoryLogger();
        await migrate(db.knex, logger, before);
        const now = '2026-11-01T00:00:00Z';
        const userId = randomUUID();
        await db.knex('users').insert({ id: userId, username: 'ana', role: 'user', created_at: now, updated_at: now });
        const filter = {
          id: randomUUID(),
          owner_id: userId,
          name: 'mine',
          resource: 'services',
          filter: JSON.stringify({ status: ['DOWN'] }),
          shared_with: '[]',
          is_default: true,
          created_at: now,
          updated_at: now,
        };
        await db.knex('saved_filters').insert(filter);

        assert.deepEqual(
          await migrate(db.knex, logger, current),
          ['saved-filters/1'],
          'only the new migration runs; 0022 is not run again',
        );
        assert.deepEqual(await migrate(db.knex, logger, current), [], 'a restart applies nothing');
        const kept = await db.knex('saved_filters').select('id', 'name', 'is_default');
        assert.deepEqual(kept, [{ id: filter.id, name: 'mine', is_default: true }]);

        assert.deepEqual(
          await savedFiltersShape(db.knex),
          await savedFiltersShape(fresh.db.knex),
          'upgraded and new databases have the same table',
        );
        const versions = async (knex: Knex) =>
          (await knex('schema_migrations').select('version').orderBy('version')).map((row: { version: number }) => Number(row.version));
        assert.deepEqual(await versions(db.knex), await versions(fresh.db.knex));
      } finally {
        for (const opened of [upgraded, fresh]) {
          await opened.db.close();
          await opened.store?.dispose();
          if (opened.pglite && !opened.pglite.closed) await opened.pglite.close();
        }
      }
    });
  });
}
