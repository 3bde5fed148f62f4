/**
 * How the batch writer sees a table: its columns, key, commit order and write mode. A file of its
 * own so that batchStatements.ts (which builds the SQL) and batchWriter.ts (which uses it) both read
 * it without importing each other; batchWriter.ts re-exports it for its callers.
 */

export interface ColumnSpec {
  readonly name: string;
  /** PostgreSQL type used to read the column from the JSON batch, e.g. `uuid`, `timestamptz`, `jsonb`. */
  readonly type: string;
}

export interface TableSpec {
  readonly name: string;
  readonly key: readonly string[];
  readonly columns: readonly ColumnSpec[];
  /** Commit order: a table is written after those with a lower order (foreign keys). */
  readonly order: number;
  /** `upsert`: rows are full snapshots keyed by `key`; `insert`: append-only. */
  readonly mode: 'upsert' | 'insert';
  /**
   * How rows reach PostgreSQL. `recordset` (default): every row of the table in one JSON array
   * parameter. `values`: each value its own parameter (`values (?, ?), ...`), for a table with a row
   * or two per batch that carry a large text: PostgreSQL takes the text as it is instead of parsing
   * it as JSON twice (the cast, then `json_to_recordset`). A value that is an object is sent as its
   * JSON text, produced when the batch is written.
   */
  readonly bind?: 'recordset' | 'values';
}
