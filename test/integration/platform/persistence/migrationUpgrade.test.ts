/**
 * A database migrated before migrations had namespaces upgrades cleanly (docs/adr/0050-modules-declare-everything.md):
 * its `schema_migrations` rows are kept as they are, nothing it has runs again, nothing it holds is
 * lost, and what it lacks (the rest of the product-wide sequence, then namespaced migrations) runs
 * once. Both databases: the embedded one on a data directory, and PostgreSQL when
 * SVC_TEST_DATABASE_URL is set.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import type { Knex } from 'knex';
import { productModules } from '../../../../src/plugins/productModules.js';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { migrate } from '../../../../src/platform/persistence/migrate.js';
import { migrationId, type Migration } from '../../../../src/platform/persistence/migration.js';
import { openDatabase, type Database } from '../../../../src/platform/persistence/database.js';
import { emptyTemplate, postgresBackend, seededDataDir, type TestStore } from '../../../support/backends.js';
import { checklistsModule } from '../../../fixtures/checklists/checklistsModule.js';

/** The runner as it was before namespaces (commit 9892eb2), kept verbatim in what it writes: the old scheme. */
async function migrateTheOldWay(knex: Knex, list: readonly Migration[]): Promise<void> {
  await knex.raw(`create table if not exists schema_migrations (
    version integer primary key, name text not null, applied_at timestamptz not null default now())`);
  for (const migration of [...list].sort((a, b) => a.version - b.version)) {
    await knex.transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(?)', [7_263_401]);
      if (await trx('schema_migrations').where({ version: migration.version }).first()) return;
      await migration.up(trx);
      await trx('schema_migrations').insert({ version: migration.version, name: migration.name });
    });
  }
}

const product = productModules().migrations();
const productWide = product.filter((m) => m.namespace === undefined);
/** The product's own namespaced migrations (saved filters' table, for one), in module order. */
const productNamespaced = product.filter((m) => m.namespace !== undefined).map(migrationId);
/** What `module_migrations` holds once the product and the fixture plugin ran: ordered by namespace. */
const namespacedRecorded = [...productNamespaced, 'checklists/1'].sort();
const withChecklists = productModules().with(checklistsModule).migrations();

interface Store {
  open(): Promise<Database>;
  dispose(): Promise<void>;
}

async function embeddedStore(): Promise<Store> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-upgrade-'));
  await seededDataDir(dir, emptyTemplate());
  return {
    // Each open is a new process's view of the data directory, as a restart after an upgrade is.
    open: async () => openDatabase({ url: undefined, dataDir: '', pglite: new PGlite(dir) }),
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

async function postgresStore(url: string): Promise<Store> {
  const store: TestStore = await postgresBackend(url).createStore();
  return { open: () => openDatabase({ url: store.url, dataDir: '' }), dispose: () => store.dispose() };
}

const backends: Array<[string, () => Promise<Store>]> = [['embedded', embeddedStore]];
const url = process.env['SVC_TEST_DATABASE_URL'];
if (url) backends.push(['postgres', () => postgresStore(url)]);

const recorded = async (knex: Knex) => ({
  global: (await knex('schema_migrations').select('version', 'name', 'applied_at').orderBy('version')).map(
    (r: { version: number; name: string; applied_at: Date }) => `${r.version} ${r.name} ${new Date(r.applied_at).toISOString()}`,
  ),
  namespaced:
    (await knex.raw(`select to_regclass('module_migrations') as t`)).rows[0].t === null
      ? []
      : (await knex('module_migrations').select('namespace', 'version').orderBy(['namespace', 'version'])).map(
          (r: { namespace: string; version: number }) => `${r.namespace}/${r.version}`,
        ),
});

for (const [name, createStore] of backends) {
  describe(`a database migrated before namespaces upgrades cleanly (${name})`, () => {
    const stores: Store[] = [];
    after(async () => {
      for (const store of stores) await store.dispose();
    });

    it('keeps its history and data, runs nothing twice, and runs the namespaced migrations once', async () => {
      const store = await createStore();
      stores.push(store);
      const old = await store.open();
      await migrateTheOldWay(old.knex, productWide);
      await old.knex('nodes').insert({ path: 'eu', parent_path: null, name: 'eu', depth: 0, created_at: '2026-11-01T00:00:00Z' });
      const before = await recorded(old.knex);
      assert.deepEqual(before.namespaced, []);
      assert.equal(before.global.length, productWide.length);
      await old.close();

      const upgraded = await store.open();
      assert.deepEqual(await migrate(upgraded.knex, createMemoryLogger(), withChecklists), [...productNamespaced, 'checklists/1']);
      const after = await recorded(upgraded.knex);
      assert.deepEqual(after.global, before.global, 'the old records are kept as they were');
      assert.deepEqual(after.namespaced, namespacedRecorded);
      assert.deepEqual(await upgraded.knex('nodes').pluck('path'), ['eu']);
      assert.deepEqual(
        await upgraded
          .knex('checklists')
          .count({ n: '*' })
          .then((r) => Number(r[0]!['n'])),
        0,
      );
      await upgraded.close();

      const restarted = await store.open();
      assert.deepEqual(await migrate(restarted.knex, createMemoryLogger(), withChecklists), [], 'a restart runs nothing');
      assert.deepEqual(await recorded(restarted.knex), after);
      await restarted.close();
    });

    it('an older database gets the rest of the product-wide sequence first, then the namespaced ones', async () => {
      const store = await createStore();
      stores.push(store);
      const old = await store.open();
      await migrateTheOldWay(
        old.knex,
        productWide.filter((m) => m.version <= 20),
      );
      await old.close();

      const upgraded = await store.open();
      const applied = await migrate(upgraded.knex, createMemoryLogger(), withChecklists);
      assert.deepEqual(applied, [
        ...productWide.filter((m) => m.version > 20).map((m) => String(m.version)),
        ...productNamespaced,
        'checklists/1',
      ]);
      assert.deepEqual(
        (await recorded(upgraded.knex)).global.map((r) => Number(r.split(' ')[0])),
        productWide.map((m) => m.version),
      );
      await upgraded.close();
    });

    it('a new database gets every migration, the product-wide sequence first', async () => {
      const store = await createStore();
      stores.push(store);
      const db = await store.open();
      const applied = await migrate(db.knex, createMemoryLogger(), withChecklists);
      assert.deepEqual(applied, [...productWide.map((m) => String(m.version)), ...productNamespaced, 'checklists/1']);
      assert.deepEqual((await recorded(db.knex)).namespaced, namespacedRecorded);
      await db.close();
    });
  });
}

it('the product declares every migration of the product-wide sequence, and no other without a namespace', () => {
  assert.deepEqual(
    productWide.map((m) => m.version),
    Array.from({ length: 26 }, (_, i) => i + 1),
  );
});
