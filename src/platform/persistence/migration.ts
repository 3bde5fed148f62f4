/**
 * What a migration is, and the helper its SQL runs through. Each module declares its own
 * migrations beside it; migrate.ts runs the product's list. Never edit an applied migration: its
 * id and name are recorded (`module_migrations`; the first 26 in `schema_migrations`).
 *
 * Two kinds of id (docs/adr/0050-modules-declare-everything.md):
 * - a migration with a `namespace` is numbered inside it (`ticketing/1`, `ticketing/2`, ...); the
 *   namespace is its module's name, so a module numbers its own and no number is allocated across
 *   modules. Every new migration is one of these.
 * - a migration without one carries its number in the product-wide sequence used before modules had
 *   namespaces (1 to LAST_GLOBAL_VERSION). Those are applied on every existing database and stay as
 *   they are; no new one is added.
 */
import type { Knex } from 'knex';

export interface Migration {
  /** Inside `namespace` when there is one; else its number in the product-wide sequence (at most LAST_GLOBAL_VERSION). */
  readonly version: number;
  /** The declaring module's name; absent only on the migrations of the product-wide sequence. */
  readonly namespace?: string;
  readonly name: string;
  up(trx: Knex.Transaction): Promise<void>;
}

/** The last number of the product-wide sequence; later migrations are numbered in their module's namespace. */
export const LAST_GLOBAL_VERSION = 26;

/** `ticketing/3` for a namespaced migration, `17` for one of the product-wide sequence. */
export function migrationId(migration: Pick<Migration, 'version' | 'namespace'>): string {
  return migration.namespace === undefined ? String(migration.version) : `${migration.namespace}/${migration.version}`;
}

/**
 * Runs a script statement by statement: PGlite's query path takes one statement at a time.
 * Statements are separated by a semicolon at the end of a line.
 */
export async function runStatements(trx: Knex.Transaction, script: string): Promise<void> {
  const statements = script
    .split(/;\s*\n/)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter((s) => s !== '');
  for (const statement of statements) await trx.raw(statement.replace(/;$/, ''));
}
