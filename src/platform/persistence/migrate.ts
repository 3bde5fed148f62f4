/**
 * Versioned migrations, run at start. Each runs in its own transaction under an advisory lock, so
 * several instances starting at once over one PostgreSQL apply each one exactly once.
 * Migrations are imported modules (not files found at run time): the release build carries them.
 * The list is the product's modules' migrations (src/platform/modules).
 *
 * Two records (migration.ts): the product-wide sequence of before namespaces in `schema_migrations`
 * (version), exactly as every existing database has it, and namespaced migrations in
 * `module_migrations` (namespace, version). A database migrated before namespaces existed upgrades by
 * running what it lacks: its `schema_migrations` rows are the same ids as before, so nothing runs
 * twice, and nothing recorded is rewritten or dropped.
 *
 * Order: the product-wide sequence first, in version order (every one of them predates every
 * namespaced migration); then the namespaced ones in the order of the list given (module order),
 * each namespace in version order.
 */
import type { Knex } from 'knex';
import type { Logger } from '../log/logger.js';
import { migrationId, type Migration } from './migration.js';

const LOCK_KEY = 7_263_401; // any constant; names this product's migration lock

/** Runs what is not applied yet; returns the ids applied now (`12`, `ticketing/1`). */
export async function migrate(knex: Knex, logger: Logger, list: readonly Migration[]): Promise<string[]> {
  await knex.raw(`create table if not exists schema_migrations (
    version integer primary key, name text not null, applied_at timestamptz not null default now())`);
  const ordered = runOrder(list);
  const namespaced = ordered.some((m) => m.namespace !== undefined);
  if (namespaced) {
    await knex.raw(`create table if not exists module_migrations (
      namespace text not null, version integer not null, name text not null, applied_at timestamptz not null default now(),
      primary key (namespace, version))`);
  }
  // One read finds the migrations already applied (all of them at a restart) instead of a locked
  // transaction per migration; one applied is never undone, so skipping it needs no lock. Any
  // other takes the locked path, which checks again (another instance may apply it meanwhile).
  const present = new Set<string>(
    (await knex('schema_migrations').select('version')).map((row: { version: number }) => String(Number(row.version))),
  );
  if (namespaced) {
    for (const row of (await knex('module_migrations').select('namespace', 'version')) as { namespace: string; version: number }[]) {
      present.add(migrationId({ namespace: row.namespace, version: Number(row.version) }));
    }
  }
  const applied: string[] = [];
  for (const migration of ordered) {
    const id = migrationId(migration);
    if (present.has(id)) continue;
    await knex.transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(?)', [LOCK_KEY]);
      const done =
        migration.namespace === undefined
          ? await trx('schema_migrations').where({ version: migration.version }).first()
          : await trx('module_migrations').where({ namespace: migration.namespace, version: migration.version }).first();
      if (done) return;
      await migration.up(trx);
      if (migration.namespace === undefined) await trx('schema_migrations').insert({ version: migration.version, name: migration.name });
      else await trx('module_migrations').insert({ namespace: migration.namespace, version: migration.version, name: migration.name });
      applied.push(id);
      logger.info('migration applied', {
        ...(migration.namespace === undefined ? {} : { namespace: migration.namespace }),
        version: migration.version,
        name: migration.name,
      });
    });
  }
  return applied;
}

/** The product-wide sequence in version order, then each namespace (in order of first appearance) in version order. */
export function runOrder(list: readonly Migration[]): Migration[] {
  const global = list.filter((m) => m.namespace === undefined).sort((a, b) => a.version - b.version);
  const first = new Map<string, number>();
  for (const m of list) if (m.namespace !== undefined && !first.has(m.namespace)) first.set(m.namespace, first.size);
  const namespaced = list
    .filter((m) => m.namespace !== undefined)
    .sort((a, b) => first.get(a.namespace!)! - first.get(b.namespace!)! || a.version - b.version);
  return [...global, ...namespaced];
}
