import type { Knex } from 'knex';

/** The SQL of every query `knex` sends while `body` runs. */
export async function queriesDuring(knex: Knex, body: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const listener = (query: { sql: string }) => seen.push(query.sql);
  knex.on('query', listener);
  try {
    await body();
  } finally {
    knex.off('query', listener);
  }
  return seen;
}
