/**
 * Staging: how a change lands in the open batch (batch.ts) before its commit. A staged row replaces the one
 * staged before it for its key (the last version wins), a patch folds into its key's full row, a delete drops
 * the rows staged for its key (and, with `purge`, the child rows staged for it), so the batch a commit writes
 * holds each row once and never a key's patch beside its full row. A module of its own because these rules
 * are about the batch's content alone: batchWriter.ts keeps when a batch commits, who waits on it and what a
 * failure undoes.
 */
import { type Batch, keyOf } from './batch.js';
import type { Row, TableSpec } from './tableSpec.js';

export interface StageHooks {
  /** Runs after the batch holding this row committed (the row is now the committed state). */
  readonly onCommit?: () => void;
  /** Runs when the row's batch failed: restore the last committed state. Deduplicated by identity. */
  readonly onRollback?: () => void;
}

/** A column of another staged table that references the key of a row being deleted. */
export interface PurgeSpec {
  readonly table: TableSpec;
  readonly column: string;
}

export interface DeleteOptions extends StageHooks {
  /**
   * Child rows to drop from the open batch along with the deleted row: every upsert AND insert
   * staged so far (before this delete) in `table` whose `column` equals the deleted row's key
   * (the deleted table must have a single-column key). Deletes run before upserts, so without this
   * a child row staged for the deleted parent (say a status interval of a service being deleted)
   * would be written after its parent is gone and fail the whole batch on its foreign key. One
   * level only: grandchildren need their own delete or purge. Rows staged after the delete are
   * kept. Their `onCommit` hooks are dropped (they never commit; the owner forgets them in memory
   * too); `onRollback` hooks stay.
   */
  readonly purge?: readonly PurgeSpec[];
}

/** What the writer lends: its open batch (a new one once a commit starts or a batch is dropped), and scheduling its commit. */
export interface StagingWriter {
  open(): Batch;
  schedule(): void;
}

/** The staging side of `BatchWriter` (`upsert`, `delete`, `deleteWhere`, `insert`); their contracts are documented there. */
export class BatchStaging {
  private readonly patchesOf = new Map<TableSpec, Set<TableSpec>>();

  constructor(private readonly writer: StagingWriter) {}

  /** `BatchWriter.upsert`. A patch folded into its staged full row schedules nothing: that row already did. */
  upsert(table: TableSpec, row: Row, hooks: StageHooks): void {
    const batch = this.writer.open();
    if (table.patches) {
      const full = batch.upserts.get(table.patches)?.get(keyOf(table, row));
      if (full) {
        full.row = { ...full.row, ...row };
        if (hooks.onRollback) batch.rollbacks.add(hooks.onRollback);
        return;
      }
      this.patchSpecs(table.patches).add(table);
    } else if (table.mode === 'upsert') {
      this.dropPatches(batch, table, keyOf(table, row));
    }
    let rows = batch.upserts.get(table);
    if (!rows) {
      rows = new Map();
      batch.upserts.set(table, rows);
    }
    const key = keyOf(table, row);
    const previous = rows.get(key);
    if (previous) {
      previous.row = row;
      previous.onCommit = hooks.onCommit;
    } else {
      rows.set(key, { row, onCommit: hooks.onCommit });
      batch.rowCount += 1;
    }
    if (hooks.onRollback) batch.rollbacks.add(hooks.onRollback);
    this.writer.schedule();
  }

  /** `BatchWriter.delete`, once the writer checked that it can delete from `table`. */
  delete(table: TableSpec, key: Row, options: DeleteOptions): void {
    if (table.key.some((k) => key[k] === undefined || key[k] === null)) throw new Error(`delete from ${table.name}: incomplete key`);
    const batch = this.writer.open();
    const id = keyOf(table, key);
    if (batch.upserts.get(table)?.delete(id)) batch.rowCount -= 1;
    this.dropPatches(batch, table, id);
    this.drop(batch, table, (row) => keyOf(table, row) === id, false);
    if (options.purge && options.purge.length > 0) {
      if (table.key.length !== 1) throw new Error(`purge needs a single-column key; ${table.name} has ${table.key.length}`);
      const value = String(key[table.key[0]!]);
      for (const { table: child, column } of options.purge) this.drop(batch, child, (row) => String(row[column]) === value, true);
    }
    let rows = batch.deletes.get(table);
    if (!rows) {
      rows = new Map();
      batch.deletes.set(table, rows);
    }
    if (!rows.has(id)) batch.rowCount += 1;
    rows.set(id, { row: Object.fromEntries(table.key.map((k) => [k, key[k]])), onCommit: options.onCommit });
    if (options.onRollback) batch.rollbacks.add(options.onRollback);
    this.writer.schedule();
  }

  /** `BatchWriter.deleteWhere`, once the writer checked that `column` of `table` can be deleted by. */
  deleteWhere(table: TableSpec, column: string, value: string): void {
    const batch = this.writer.open();
    this.drop(batch, table, (row) => String(row[column]) === value, true);
    let byColumn = batch.deletesWhere.get(table);
    if (!byColumn) {
      byColumn = new Map();
      batch.deletesWhere.set(table, byColumn);
    }
    let values = byColumn.get(column);
    if (!values) {
      values = new Set();
      byColumn.set(column, values);
    }
    if (!values.has(value)) {
      values.add(value);
      batch.rowCount += 1;
    }
    this.writer.schedule();
  }

  /** `BatchWriter.insert`. */
  insert(table: TableSpec, row: Row): void {
    const batch = this.writer.open();
    let rows = batch.inserts.get(table);
    if (!rows) {
      rows = [];
      batch.inserts.set(table, rows);
    }
    rows.push(row);
    batch.rowCount += 1;
    this.writer.schedule();
  }

  /** The patch specs seen for `table`, so a full row or a delete of a key can drop its staged patches. */
  private patchSpecs(table: TableSpec): Set<TableSpec> {
    let specs = this.patchesOf.get(table);
    if (!specs) this.patchesOf.set(table, (specs = new Set()));
    return specs;
  }

  private dropPatches(batch: Batch, table: TableSpec, id: string): void {
    const specs = this.patchesOf.get(table);
    if (!specs) return;
    for (const spec of specs) if (batch.upserts.get(spec)?.delete(id)) batch.rowCount -= 1;
  }

  /** Drop the inserts (and with `upserts`, the upserts) of `table` staged in `batch` that `matches`. */
  private drop(batch: Batch, table: TableSpec, matches: (row: Row) => boolean, upserts: boolean): void {
    const staged = upserts ? batch.upserts.get(table) : undefined;
    if (staged) {
      for (const [id, { row }] of staged) {
        if (!matches(row)) continue;
        staged.delete(id);
        batch.rowCount -= 1;
      }
    }
    const inserts = batch.inserts.get(table);
    if (!inserts) return;
    const kept = inserts.filter((row) => !matches(row));
    if (kept.length === inserts.length) return;
    batch.rowCount -= inserts.length - kept.length;
    batch.inserts.set(table, kept);
  }
}
