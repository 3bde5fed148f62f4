/**
 * Versioned migrations, run at start. Each runs in its own transaction under an advisory lock, so
 * several instances starting at once over one PostgreSQL apply each version exactly once.
 * Migrations are imported modules (not files found at run time): the release build carries them.
 * The list is the product's modules' migrations (src/platform/modules), in version order.
 */
import type { Knex } from 'knex';
import type { Logger } from '../log/logger.js';
import type { Migration } from './migration.js';

const LOCK_KEY = 7_263_401; // any constant; names this product's migration lock

export async function migrate(knex: Knex, logger: Logger, list: readonly Migration[]): Promise<number[]> {
  await knex.raw(`create table if not exists schema_migrations (
    version integer primary key, name text not null, applied_at timestamptz not null default now())`);
  // One read finds the versions already applied (all of them at a restart) instead of a locked
  // transaction per version; a version applied is never undone, so skipping it needs no lock. Any
  // other version takes the locked path, which checks again (another instance may apply it meanwhile).
  const present = new Set((await knex('schema_migrations').select('version')).map((row: { version: number }) => Number(row.version)));
  const applied: number[] = [];
  for (const migration of [...list].sort((a, b) => a.version - b.version)) {
    if (present.has(migration.version)) continue;
    await knex.transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(?)', [LOCK_KEY]);
      const done = await trx('schema_migrations').where({ version: migration.version }).first();
      if (done) return;
      await migration.up(trx);
      await trx('schema_migrations').insert({ version: migration.version, name: migration.name });
      applied.push(migration.version);
      logger.info('migration applied', { version: migration.version, name: migration.name });
    });
  }
  return applied;
}
