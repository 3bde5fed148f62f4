/**
 * How the batch writer sees a table: its columns, key, commit order and write mode. A file of its
 * own so that batchStatements.ts (which builds the SQL) and batchWriter.ts (which uses it) both read
 * it without importing each other; batchWriter.ts re-exports it for its callers.
 */

/** A row as staged: column name to value. */
export type Row = Readonly<Record<string, unknown>>;

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
  /**
   * `upsert`: rows are full snapshots keyed by `key`; `insert`: append-only; `update`: a patch of
   * some columns of existing rows of the table named in `patches` (see `PatchSpec`).
   */
  readonly mode: 'upsert' | 'insert' | 'update';
  /** For `update` specs: the upsert table whose rows this patches (same name, key and column names). */
  readonly patches?: TableSpec;
  /**
   * How rows reach PostgreSQL. `recordset` (default): every row of the table in one JSON array
   * parameter. `values`: each value its own parameter (`values (?, ?), ...`), for a table with a row
   * or two per batch that carry a large text: PostgreSQL takes the text as it is instead of parsing
   * it as JSON twice (the cast, then `json_to_recordset`). A value that is an object is sent as its
   * JSON text, produced when the batch is written.
   */
  readonly bind?: 'recordset' | 'values';
}

/**
 * A patch of some columns of an upsert table, for a change that touches few of many columns (a
 * service's status: 6 of 33). Cheaper to build, send and apply than the full snapshot. Within one
 * batch the writer keeps a key's rows consistent: a patch staged after the full row of its key folds
 * into that row, and a full row staged after a patch replaces it.
 */
export function patchSpec(table: TableSpec, columns: readonly string[], order = table.order + 1): TableSpec {
  if (table.mode !== 'upsert') throw new Error(`${table.name}: only an upsert table can be patched`);
  const specs = [...table.key, ...columns.filter((c) => !table.key.includes(c))].map((name) => {
    const column = table.columns.find((c) => c.name === name);
    if (!column) throw new Error(`${table.name}: no column ${name} to patch`);
    return column;
  });
  return { name: table.name, key: table.key, columns: specs, order, mode: 'update', patches: table };
}
