/**
 * A delete that says how many rows it removed, the same on both databases: the drivers disagree on what a
 * knex delete returns (a count from pg, the rows from PGlite), so the rows are counted in SQL.
 */
import type { Knex } from 'knex';

/** Runs `deleteSql` (a `delete from ... where ...` without `returning`) and returns how many rows it removed. */
export async function deleteCounted(knex: Knex, deleteSql: string, bindings: readonly Knex.RawBinding[] = []): Promise<number> {
  const result = (await knex.raw(
    `with gone as (${deleteSql} returning 1) select count(*) as n from gone`,
    bindings as Knex.RawBinding[],
  )) as {
    rows: Array<{ n: unknown }>;
  };
  return Number(result.rows[0]?.n ?? 0);
}
