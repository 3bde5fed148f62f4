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
  /**
   * Commit order: a table is written after those with a lower order (foreign keys), and deleted from
   * before them. Absent: derived from the module list (moduleList.ts `tableOrder`): after every
   * table with an order, in module order and declaration order, and after the tables in `references`.
   */
  readonly order?: number;
  /** The tables its foreign keys point at (checked to commit before it when its order is derived). */
  readonly references?: readonly TableSpec[];
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
export function patchSpec(
  table: TableSpec,
  columns: readonly string[],
  order = table.order === undefined ? undefined : table.order + 1,
): TableSpec {
  if (table.mode !== 'upsert') throw new Error(`${table.name}: only an upsert table can be patched`);
  const specs = [...table.key, ...columns.filter((c) => !table.key.includes(c))].map((name) => {
    const column = table.columns.find((c) => c.name === name);
    if (!column) throw new Error(`${table.name}: no column ${name} to patch`);
    return column;
  });
  return { name: table.name, key: table.key, columns: specs, ...(order === undefined ? {} : { order }), mode: 'update', patches: table };
}

/**
 * The commit order of a table: its own, else the one derived for it (`derived`, by table name), a
 * patch right after the table it patches.
 */
export function commitOrder(table: TableSpec, derived: ReadonlyMap<string, number>): number {
  if (table.order !== undefined) return table.order;
  if (table.mode === 'update' && table.patches) return commitOrder(table.patches, derived) + 0.5;
  const order = derived.get(table.name);
  if (order === undefined) throw new Error(`table ${table.name} has no commit order: give it one, or declare it in its module's tables`);
  return order;
}

/**
 * How the committed rows of a table reach the memory of an instance that did not write them (cluster mode's read
 * model, docs/adr/0065): the row-to-memory code hydration uses, for one row at a time. Declared by the module that
 * holds the table's state in memory (`ModuleInstance.replicas`), beside its hydration, because it needs that
 * module's running stores (a `TableSpec` is a constant shared by every instance). A table nobody holds in memory
 * (status history, audit records) declares none: its rows are read from the database, where they already are.
 *
 * On the instance that applies them nothing is staged, no action runs and no timer is armed: the owner did all that.
 */
export interface ReplicaTable {
  /** The table's name: its full rows and its patches (`patchSpec`) both arrive under it. */
  readonly table: string;
  /**
   * The entity a row belongs to, as the string its shard is hashed from (`shardOf`), on the instance that wrote it;
   * null: the singletons' shard 0. A delete's row holds the key columns alone; a patch's the key and its columns.
   */
  shardKey(row: Row, kind: 'upsert' | 'patch' | 'insert' | 'delete'): string | null;
  /** A full row (`patch` false) or a patch of some columns (`patch` true) committed elsewhere. */
  apply(row: Row, patch: boolean): void;
  /** The row with this key was deleted elsewhere. */
  remove(key: Row): void;
}
