/**
 * One group commit's content as the batch writer gathers it: rows staged per table (upserts keyed,
 * inserts appended, deletes keyed or by column), the effects to run after it commits, the rollback
 * hooks to run if it fails, the shards it touches (cluster mode only), and the promise its waiting
 * requests share.
 */
import type { SpanParent } from '../tracing/tracing.js';
import type { Row, TableSpec } from './tableSpec.js';
import type { CommitCheck } from './commitOutcome.js';

export interface StagedRow {
  row: Row;
  onCommit: (() => void) | undefined;
}

/** The identity of a row within its table: its key values joined. */
export function keyOf(table: TableSpec, row: Row): string {
  return table.key.length === 1 ? String(row[table.key[0]!]) : table.key.map((k) => String(row[k])).join('\u0000');
}

export class Batch {
  readonly deletes = new Map<TableSpec, Map<string, StagedRow>>();
  /** `deleteWhere`: per table, per column, the values whose rows go. */
  readonly deletesWhere = new Map<TableSpec, Map<string, Set<string>>>();
  readonly upserts = new Map<TableSpec, Map<string, StagedRow>>();
  readonly inserts = new Map<TableSpec, Row[]>();
  readonly afterCommit: Array<() => void> = [];
  readonly rollbacks = new Set<() => void>();
  /** The shards this batch touches and the epoch held for each (batchFence.ts); undefined without a fence. */
  shards: Map<number, number> | undefined = undefined;
  /** How to tell, after the connection was lost during its commit, whether it committed (commitOutcome.ts). */
  committedCheck: CommitCheck | undefined = undefined;
  rowCount = 0;
  /** Requests whose answer must join this batch (heldCommit.ts): it does not start while above 0. */
  holds = 0;
  /** Calls that waited on this commit (each request's acknowledgement, and the server's own waits). */
  waiting = 0;
  /** Tracing on: the recorded spans of the commands that wait on it (the commit's span hangs from them). */
  traced: SpanParent[] | undefined = undefined;
  private deferred: { promise: Promise<void>; resolve: () => void; reject: (e: unknown) => void } | undefined;
  private outcome: { ok: true } | { ok: false; error: unknown } | undefined;

  get empty(): boolean {
    return this.rowCount === 0 && this.afterCommit.length === 0;
  }

  promise(): Promise<void> {
    this.waiting += 1;
    if (this.outcome) return this.outcome.ok ? Promise.resolve() : Promise.reject(this.outcome.error);
    if (!this.deferred) {
      let resolve!: () => void;
      let reject!: (e: unknown) => void;
      const promise = new Promise<void>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      this.deferred = { promise, resolve, reject };
    }
    return this.deferred.promise;
  }

  settle(outcome: { ok: true } | { ok: false; error: unknown }): void {
    this.outcome = outcome;
    if (!this.deferred) return;
    if (outcome.ok) this.deferred.resolve();
    else this.deferred.reject(outcome.error);
  }
}
