/**
 * The databases every integration suite runs against: the embedded PGlite always, and PostgreSQL
 * when SVC_TEST_DATABASE_URL is set (CI sets it). Each server gets a fresh, isolated store:
 * PGlite loaded from a migrated template (cached on disk across test files), PostgreSQL in a new
 * schema selected through the connection's search_path and dropped afterwards.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import knexFactory from 'knex';
import { productModules } from '../../src/app.js';
import { openDatabase } from '../../src/platform/persistence/database.js';
import { migrate } from '../../src/platform/persistence/migrate.js';
import { createMemoryLogger } from '../../src/platform/log/logger.js';

export interface TestStore {
  /** SVC_DATABASE_URL for a server (undefined: embedded). */
  readonly url: string | undefined;
  /** An open PGlite for an in-process embedded server. */
  readonly pglite: PGlite | undefined;
  dispose(): Promise<void>;
}

export interface Backend {
  readonly name: 'embedded' | 'postgres';
  /** A fresh store. */
  createStore(): Promise<TestStore>;
}

const migrations = productModules().migrations();

/** Changes whenever a migration is added or its SQL changes (each module declares its own, in its folder). */
function templateKey(): string {
  const hash = createHash('sha256');
  for (const migration of migrations) hash.update(`${migration.version}\n${migration.name}\n${migration.up.toString()}\n`);
  return hash.digest('hex').slice(0, 16);
}

let templatePromise: Promise<Blob> | undefined;

/** A migrated PGlite data dir as a tarball, built once per migration set and kept in the temp dir. */
export function embeddedTemplate(): Promise<Blob> {
  templatePromise ??= (async () => {
    const file = join(tmpdir(), `svc-pglite-template-${templateKey()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const pglite = new PGlite();
    const db = await openDatabase({ url: undefined, dataDir: '', pglite });
    await migrate(db.knex, createMemoryLogger(), migrations);
    const dump = await pglite.dumpDataDir('none');
    await db.close();
    const temp = `${file}.${process.pid}`;
    writeFileSync(temp, Buffer.from(await dump.arrayBuffer()));
    renameSync(temp, file);
    return dump;
  })();
  return templatePromise;
}

export const embeddedBackend: Backend = {
  name: 'embedded',
  async createStore() {
    const pglite = new PGlite({ loadDataDir: await embeddedTemplate() });
    await pglite.waitReady;
    return {
      url: undefined,
      pglite,
      async dispose() {
        if (!pglite.closed) await pglite.close().catch(() => undefined);
      },
    };
  },
};

export function postgresBackend(baseUrl: string): Backend {
  return {
    name: 'postgres',
    async createStore() {
      const schema = `test_${randomBytes(6).toString('hex')}`;
      const admin = knexFactory({ client: 'pg', connection: baseUrl, pool: { min: 0, max: 1 } });
      await admin.raw(`create schema "${schema}"`);
      await admin.destroy();
      return {
        url: withSearchPath(baseUrl, schema),
        pglite: undefined,
        async dispose() {
          const cleanup = knexFactory({ client: 'pg', connection: baseUrl, pool: { min: 0, max: 1 } });
          await cleanup.raw(`drop schema if exists "${schema}" cascade`);
          await cleanup.destroy();
        },
      };
    },
  };
}

export function withSearchPath(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.toString();
}

/** Embedded always; PostgreSQL too when SVC_TEST_DATABASE_URL is set. */
export function testBackends(): Backend[] {
  const url = process.env['SVC_TEST_DATABASE_URL'];
  return url ? [embeddedBackend, postgresBackend(url)] : [embeddedBackend];
}

/**
 * A data directory on disk holding the migrated template, as a server that has started once leaves it
 * (what the child-process tests start from too, support/childServer.ts). Seeding costs one open of the
 * template, about 1 s of CPU; an empty directory would cost an initdb and every migration, about 4 s.
 */
export async function seededDataDir(dir: string): Promise<void> {
  const seeded = new PGlite(dir, { loadDataDir: await embeddedTemplate() });
  await seeded.waitReady;
  await seeded.close();
}

/**
 * A store that outlives a server. PostgreSQL: one schema used by both runs. Embedded: the server
 * closes its PGlite on shutdown, so each run opens a new PGlite on the same data directory (seeded
 * from the migrated template, like every other store), which is what a restart of the real embedded
 * server does.
 */
export async function durableStore(backend: Backend): Promise<{ forRun(): TestStore; dispose(): Promise<void> }> {
  if (backend.name === 'postgres') {
    const store = await backend.createStore();
    return { forRun: () => store, dispose: () => store.dispose() };
  }
  const dir = mkdtempSync(join(tmpdir(), 'svc-restart-'));
  await seededDataDir(dir);
  const opened: PGlite[] = [];
  return {
    forRun() {
      const pglite = new PGlite(dir);
      opened.push(pglite);
      return { url: undefined, pglite, dispose: async () => undefined };
    },
    async dispose() {
      for (const pglite of opened) if (!pglite.closed) await pglite.close().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
