/**
 * What a migration is, and the helper its SQL runs through. Each module declares its own
 * migrations beside it; migrate.ts runs the product's list. Never edit an applied migration: its
 * version and name are recorded in `schema_migrations`.
 */
import type { Knex } from 'knex';

export interface Migration {
  readonly version: number;
  readonly name: string;
  up(trx: Knex.Transaction): Promise<void>;
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
