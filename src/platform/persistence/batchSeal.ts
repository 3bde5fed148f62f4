/**
 * The moment a batch stops gathering and starts committing, seen from outside the writer: cluster mode's
 * replication (src/platform/cluster/replication.ts) reads every row the commit writes and stages, into the same
 * commit, the history rows that announce them (docs/adr/0065). A file of its own so that batchWriter.ts only
 * calls the hook; nothing here runs without one (single-process mode).
 */
import type { Batch } from './batch.js';
import type { CommitCheck } from './commitOutcome.js';
import { touch } from './batchFence.js';
import { commitOrder, type Row, type TableSpec } from './tableSpec.js';

/** One row a commit writes: a full row or a patch (`table.mode === 'update'`), an append, or a keyed delete. */
export interface SealedRow {
  readonly table: TableSpec;
  readonly kind: 'upsert' | 'insert' | 'delete';
  /** For a delete: the key columns alone. */
  readonly row: Row;
}

/** A batch as its commit begins: what it writes, and staging into it (the same commit). */
export interface SealedBatch {
  /** The batch's identity: what `writer.openBatch` was while it gathered. */
  readonly identity: object;
  /**
   * Every row, in the order the commit applies them: deletes first (children before parents), then upserts and
   * inserts (parents before children), each table's rows in staging order. `deleteWhere` rows are not listed
   * (their keys are unknown here; only tables nobody holds in memory use it).
   */
  rows(): SealedRow[];
  /** The shards touched with `touchShard` and their epochs; undefined when none was (or no fence). */
  readonly shards: ReadonlyMap<number, number> | undefined;
  /** The writer has a fence (cluster mode's commits check the epochs of the shards they touch). */
  readonly fenced: boolean;
  /** Cluster mode: the commit checks `shard`'s epoch too (the fence). Throws without a fence. */
  touchShard(shard: number, epoch: number): void;
  insert(table: TableSpec, row: Row): void;
  track(hooks: { readonly onCommit?: () => void; readonly onRollback?: () => void }): void;
  afterCommit(effect: () => void): void;
  /**
   * A lookup that tells whether this commit happened (a row it writes is there), used when the connection is lost
   * while it runs (commitOutcome.ts): the commit is then settled by the database's answer instead of failed blind.
   */
  confirmBy(check: CommitCheck): void;
}

/** Called once per batch, in commit order, right before its commit; a throw fails the batch (rolled back). */
export type CommitSeal = (batch: SealedBatch) => void;

export function sealedBatch(batch: Batch, tableOrder: ReadonlyMap<string, number>, fenced: boolean): SealedBatch {
  const order = (table: TableSpec) => commitOrder(table, tableOrder);
  return {
    identity: batch,
    rows() {
      const out: SealedRow[] = [];
      const deletes = [...batch.deletes].sort(([a], [b]) => order(b) - order(a));
      for (const [table, rows] of deletes) for (const { row } of rows.values()) out.push({ table, kind: 'delete', row });
      const tables = [...new Set([...batch.upserts.keys(), ...batch.inserts.keys()])].sort((a, b) => order(a) - order(b));
      for (const table of tables) {
        for (const { row } of batch.upserts.get(table)?.values() ?? []) out.push({ table, kind: 'upsert', row });
        for (const row of batch.inserts.get(table) ?? []) out.push({ table, kind: 'insert', row });
      }
      return out;
    },
    fenced,
    get shards() {
      return batch.shards;
    },
    touchShard(shard, epoch) {
      if (!fenced) throw new Error('touchShard: this writer has no fence (cluster mode gives it one)');
      touch((batch.shards ??= new Map()), shard, epoch);
    },
    insert(table, row) {
      let rows = batch.inserts.get(table);
      if (!rows) batch.inserts.set(table, (rows = []));
      rows.push(row);
      batch.rowCount += 1;
    },
    track(hooks) {
      if (hooks.onCommit) batch.afterCommit.push(hooks.onCommit);
      if (hooks.onRollback) batch.rollbacks.add(hooks.onRollback);
    },
    afterCommit(effect) {
      batch.afterCommit.push(effect);
    },
    confirmBy(check) {
      batch.committedCheck ??= check;
    },
  };
}

/** One seal that runs each given one in order (cluster mode: the read model's, then the shared state's); undefined for none. */
export function combineSeals(...seals: readonly (CommitSeal | undefined)[]): CommitSeal | undefined {
  const present = seals.filter((seal): seal is CommitSeal => seal !== undefined);
  if (present.length <= 1) return present[0];
  return (batch) => {
    for (const seal of present) seal(batch);
  };
}
