/**
 * How a group commit's statement reaches the database (batchExecution.ts). Two ways, same SQL:
 *
 * - `knexStatements`: through `knex.raw` (the embedded database, PGlite, whose one connection knex
 *   holds; and anything inside a knex transaction).
 * - `preparedStatements`: straight to the pg driver on a pooled connection, as a named prepared
 *   statement. A batch's statement text depends only on which tables it writes (the rows travel as
 *   parameters), so there are a handful of texts: PostgreSQL parses and plans each once per
 *   connection instead of once per commit, and the commit skips knex's query builder (runner,
 *   binding formatter, events), which cost the server more CPU than the statement's own bytes.
 */
import type { Knex } from 'knex';
import type pg from 'pg';

export interface StatementRunner {
  /** Run `sql` (parameters written `?`, as knex writes them) with `bindings`. */
  run(sql: string, bindings: readonly Knex.RawBinding[]): Promise<void>;
}

export function knexStatements(knex: Knex): StatementRunner {
  return {
    async run(sql, bindings) {
      await knex.raw(sql, bindings as Knex.RawBinding[]);
    },
  };
}

/** Distinct texts that get a name; beyond, a text (a `values` statement of an unusual row count) runs unnamed. */
const MAX_NAMED_STATEMENTS = 100;

interface Prepared {
  readonly text: string;
  readonly name: string | undefined;
}

/** The part of knex's pg client the runner uses: its connection pool. */
interface PooledClient {
  acquireConnection(): Promise<pg.Client>;
  releaseConnection(connection: pg.Client): Promise<unknown>;
}

export function preparedStatements(knex: Knex): StatementRunner {
  const pool = knex.client as unknown as PooledClient;
  const prepared = new Map<string, Prepared>();
  const statement = (sql: string): Prepared => {
    let found = prepared.get(sql);
    if (found === undefined) {
      const name = prepared.size < MAX_NAMED_STATEMENTS ? `svc_batch_${prepared.size + 1}` : undefined;
      found = { text: numberedParameters(sql), name };
      if (name !== undefined) prepared.set(sql, found);
    }
    return found;
  };
  return {
    async run(sql, bindings) {
      const { text, name } = statement(sql);
      // Observers of knex's `query` event (debug logging, tests) still see every commit.
      if (knex.listenerCount('query') > 0) knex.emit('query', { method: 'raw', sql, bindings });
      const connection = await pool.acquireConnection();
      try {
        await connection.query({ text, values: bindings as unknown[], ...(name !== undefined ? { name } : {}) });
      } finally {
        await pool.releaseConnection(connection);
      }
    },
  };
}

/**
 * `?` placeholders as PostgreSQL's `$1, $2, ...`. The writer's statements have no other `?` (no
 * jsonb `?` operators, no quoted question marks), which batchStatements.ts keeps true.
 */
export function numberedParameters(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${(n += 1)}`);
}
