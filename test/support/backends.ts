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
import { productModules } from '../../src/plugins/productModules.js';
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

/** Bump when the way a template is made changes, so one made the older way is not loaded from the temp dir. */
const TEMPLATE_FORMAT = 2;

/**
 * A template as PGlite reads it: `loadDataDir` calls `arrayBuffer()` once per database, and Node's Blob
 * copies its bytes through a stream on every call (about 65 ms of CPU for the 43 MB of a migrated data
 * dir). PGlite only reads the buffer (it copies each file out of it), so every load can share one.
 */
class TemplateTarball extends Blob {
  readonly #bytes: ArrayBuffer;
  constructor(bytes: Uint8Array) {
    super([bytes], { type: 'application/x-tar' });
    this.#bytes = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }
  override async arrayBuffer(): Promise<ArrayBuffer> {
    return this.#bytes;
  }
}

const templates = new Map<string, Promise<Blob>>();

/**
 * A PGlite data dir made once by `build` (on a fresh database: what initdb leaves) and kept in the temp dir
 * as a tarball named after `name` (written under a scratch name and renamed, so a process beside this one
 * sees none or a whole one). It is dumped after a checkpoint, so a database loaded from it starts without
 * replaying the WAL of what `build` did.
 */
function dataDirTemplate(name: string, build: (pglite: PGlite) => Promise<{ close(): Promise<void> } | undefined>): Promise<Blob> {
  let template = templates.get(name);
  if (template === undefined) {
    template = (async () => {
      const file = join(tmpdir(), `svc-pglite-${name}-f${TEMPLATE_FORMAT}.tar`);
      if (!existsSync(file)) {
        const pglite = new PGlite();
        const built = await build(pglite);
        await pglite.exec('checkpoint');
        const dump = await pglite.dumpDataDir('none');
        await (built ?? pglite).close();
        const temp = `${file}.${process.pid}`;
        writeFileSync(temp, Buffer.from(await dump.arrayBuffer()));
        renameSync(temp, file);
      }
      return new TemplateTarball(readFileSync(file));
    })();
    templates.set(name, template);
  }
  return template;
}

/** A migrated PGlite data dir as a tarball, built once per migration set and kept in the temp dir. */
export function embeddedTemplate(): Promise<Blob> {
  return dataDirTemplate(`template-${templateKey()}`, async (pglite) => {
    const db = await openDatabase({ url: undefined, dataDir: '', pglite });
    await migrate(db.knex, createMemoryLogger(), migrations);
    return db;
  });
}

/**
 * A PGlite data dir as initdb leaves it, before any migration (for the tests of migrating): loading it
 * costs about 0.5 s of CPU, running initdb about 3.5 s.
 */
export function emptyTemplate(): Promise<Blob> {
  return dataDirTemplate('initdb', async () => undefined);
}

/** A new in-memory embedded database before any migration. */
export async function emptyPGlite(): Promise<PGlite> {
  const pglite = new PGlite({ loadDataDir: await emptyTemplate() });
  await pglite.waitReady;
  return pglite;
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
 * A data directory on disk holding the migrated template (or `template`), as a server that has started once
 * leaves it (what the child-process tests start from too, support/childServer.ts). Seeding costs one open of
 * the template, about 1 s of CPU; an empty directory would cost an initdb and every migration, about 4 s.
 */
export async function seededDataDir(dir: string, template: Promise<Blob> = embeddedTemplate()): Promise<void> {
  const seeded = new PGlite(dir, { loadDataDir: await template });
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
