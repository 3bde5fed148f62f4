/**
 * Group commit. Actors stage rows here; the writer commits everything staged since the previous
 * commit in ONE transaction and only then resolves the requests that wait on it and publishes the
 * domain events of that batch ("acknowledge after commit", DESIGN.md).
 *
 * Concurrency model: one commit at a time. While a commit is in flight, new rows gather in the next
 * batch, so the batch size follows the load by itself (thousands of rows under load). Two commits
 * start at least `commitWindowMs` apart, so at moderate load a batch gathers a few milliseconds of
 * writes; an idle writer commits at once. A batch also starts at once when it reaches
 * `maxBatchRows`. Rows are upserted by primary key and the last staged version of a row wins, so an
 * entity changed ten times in one batch is written once (batchStaging.ts). A batch without deletes is ONE SQL
 * statement: one `json_to_recordset` insert per table (or `values` with a parameter per value, for
 * a table that asks for it), chained as data-modifying CTEs in foreign-key order
 * (batchStatements.ts). A single statement is atomic without BEGIN/COMMIT, so a commit costs one
 * round trip. A batch with deletes (rare: users, groups, services, nodes going away; `deleteWhere`
 * for rows known only by a column, such as a person's notifications) runs in one
 * transaction instead: first one `delete ... using json_to_recordset` per table in DESCENDING order
 * (children before parents), then that same upsert/insert statement. Deletes run before upserts,
 * so within a batch upsert-then-delete writes nothing and delete-then-upsert replaces the row.
 *
 * Failure: a failed commit rejects every request of that batch AND of the batch queued behind it
 * (whose rows were computed from the failed state), and calls their rollback hooks, so actors go
 * back to their last committed state: memory stays equal to the database. Nothing is retried
 * behind the client's back; the client got 503 and may retry. Cluster mode adds the fence (`touchShard`).
 */
import { systemClock, systemDeadlineClock } from '../scheduler/index.js';
import { Batch } from './batch.js';
import { BatchExecutor } from './batchExecution.js';
import { BatchStaging, type DeleteOptions, type StageHooks } from './batchStaging.js';
import { outcomeUnknown, settleUnknownCommit } from './commitOutcome.js';
import { fencedShards, touch } from './batchFence.js';
import { sealedBatch } from './batchSeal.js';
import type { BatchWriterOptions } from './batchWriterOptions.js';
import { CommitError, CommitOutcomeUnknownError, ShardMovedError } from './commitError.js';
import { ShardElsewhereError } from '../errors/shardElsewhere.js';
import type { ShardRouting } from './shardRouting.js';
import { NO_TRACING, type Tracing } from '../tracing/tracing.js';
import { createCommitLog, type CommitLog } from './commitLog.js';
import { HeldRequests, type HeldOutcome } from './heldCommit.js';
import type { Row, TableSpec } from './tableSpec.js';

export type { ColumnSpec, TableSpec } from './tableSpec.js';

export type { Row } from './tableSpec.js';

export type { DeleteOptions, PurgeSpec, StageHooks } from './batchStaging.js';
export type { CommitFence } from './batchFence.js';
export type { CommitSeal, SealedBatch, SealedRow } from './batchSeal.js';
export { CommitError, CommitOutcomeUnknownError, ShardMovedError } from './commitError.js';
export type { BatchWriterOptions } from './batchWriterOptions.js';

const NO_ORDER: ReadonlyMap<string, number> = new Map();

export class BatchWriter {
  private open = new Batch();
  private inFlight: Batch | undefined;
  private scheduled = false;
  private readonly commitWindowMs: number;
  private lastCommitStart = -Infinity;
  private readonly maxBatchRows: number;
  private readonly maxPendingRows: number;
  /**
   * Committed batches and rows since start (for metrics and benchmarks), and the milliseconds a
   * commit was in flight: its share of a period is how busy the commit path was (the webhook pacer).
   */
  readonly stats = { batches: 0, rows: 0, failures: 0, busyMs: 0 };

  private acknowledgeHook: (() => void) | undefined;
  private readonly held: HeldRequests;
  private readonly executor: BatchExecutor;
  private readonly staging: BatchStaging;
  private readonly log: CommitLog;
  /** Tracing (off by default); the command layer's spans come from here too (src/core/commands). */
  readonly tracing: Tracing;

  constructor(private readonly options: BatchWriterOptions) {
    this.tracing = options.tracing ?? NO_TRACING;
    this.executor = new BatchExecutor(options.knex, options.statements, options.tableOrder);
    const lent = { open: () => this.open, schedule: () => this.schedule() };
    this.held = new HeldRequests(lent, options.maxHoldMs);
    this.staging = new BatchStaging(lent);
    this.commitWindowMs = options.commitWindowMs ?? 0;
    this.maxBatchRows = options.maxBatchRows ?? 5000;
    this.maxPendingRows = options.maxPendingRows ?? 200_000;
    this.log = createCommitLog(options.logger, options.clock ?? systemClock);
  }

  /**
   * Stage a full snapshot of a row; within one batch the last one staged for a key wins. For a patch
   * spec (`mode: 'update'`, tableSpec.ts `patchSpec`) the row holds the key and the patched columns:
   * it folds into the full row of its key if one is staged in this batch, and a full row staged later
   * replaces it, so a key's patch and full row never meet in one statement.
   */
  upsert(table: TableSpec, row: Row, hooks: StageHooks = {}): void {
    this.staging.upsert(table, row, hooks);
  }

  /**
   * Stage the delete of the row whose key columns `key` holds. It drops the upsert (and any insert)
   * staged for the same key in this batch, so upsert-then-delete writes nothing; an upsert staged
   * after it stays and, as deletes run first, replaces the row. Repeated deletes of a key are
   * written once (the last one's `onCommit` runs). `options.purge` also drops staged child rows.
   */
  delete(table: TableSpec, key: Row, options: DeleteOptions = {}): void {
    this.executor.deleteStatementFor(table); // a table the writer cannot delete from fails here, not in a commit
    this.staging.delete(table, key, options);
  }

  /**
   * Stage the delete of every row of `table` whose `column` equals `value`: the committed ones, and
   * the upserts and inserts of `table` staged so far in this batch (dropped, with their `onCommit`).
   * For rows nobody holds in memory, so their keys are unknown (a person's notifications, deleted in
   * the commit that deletes the person). It runs with the keyed deletes: before every upsert and
   * insert of the batch, children before parents; a row staged after it is written.
   */
  deleteWhere(table: TableSpec, column: string, value: string): void {
    this.executor.deleteWhereStatementFor(table, column); // a column without a spec fails here, not in a commit
    this.staging.deleteWhere(table, column, value);
  }

  /** Stage an append-only row. */
  insert(table: TableSpec, row: Row): void {
    this.staging.insert(table, row);
  }

  /**
   * The identity of the batch that stages take place in now: it changes when that batch starts
   * committing or is dropped. A stager that folds many changes into one row per commit (the
   * webhook outbox page) keeps adding to its row while this stays the same.
   */
  get openBatch(): object {
    return this.open;
  }

  /**
   * Hooks on the open batch without a row of their own: an owner whose change is spread over rows
   * it does not stage itself (an entity host) learns when the batch commits or fails.
   */
  track(hooks: StageHooks): void {
    if (hooks.onCommit) this.open.afterCommit.push(hooks.onCommit);
    if (hooks.onRollback) this.open.rollbacks.add(hooks.onRollback);
    this.schedule();
  }

  /**
   * Cluster mode (batchFence.ts): the open batch writes entities of `shard`, held here at `epoch`; its commit
   * is refused (`ShardMovedError`, then `fence.onFenced`) unless that is still the shard's stored epoch. Call
   * it in the same synchronous turn as the stages it covers (a batch commits on a later turn). Needs a `fence`.
   */
  touchShard(shard: number, epoch: number): void {
    if (this.options.fence === undefined) throw new Error('touchShard: this writer has no fence (cluster mode gives it one)');
    touch((this.open.shards ??= new Map()), shard, epoch);
  }

  /** Cluster mode's routing (shardRouting.ts), undefined in a single process. */
  get routing(): ShardRouting | undefined {
    return this.options.routing;
  }

  /**
   * Cluster mode: the change about to be staged is to the entity with shard key `key`. Not owned here: throws
   * `ShardElsewhereError` (call it before changing anything). Owned: touches its shard at the held epoch, for
   * the fence. Without routing (a single process) it does nothing.
   */
  admit(key: string): void {
    const routing = this.options.routing;
    if (routing === undefined) return;
    const shard = routing.shardOf(key);
    const epoch = routing.epochOf(shard);
    if (epoch === undefined) throw new ShardElsewhereError([shard]);
    this.touchShard(shard, epoch);
  }

  /** `admit` for every key of one command: all owned here, or `ShardElsewhereError` naming every missing shard and nothing touched. */
  admitAll(keys: Iterable<string>): void {
    const routing = this.options.routing;
    if (routing === undefined) return;
    const held = new Map<number, number>();
    const missing = new Set<number>();
    for (const key of keys) {
      const shard = routing.shardOf(key);
      if (held.has(shard) || missing.has(shard)) continue;
      const epoch = routing.epochOf(shard);
      if (epoch === undefined) missing.add(shard);
      else held.set(shard, epoch);
    }
    if (missing.size > 0)
      throw new ShardElsewhereError(
        [...missing].sort((a, b) => a - b),
        [...held.keys()].sort((a, b) => a - b),
      );
    for (const [shard, epoch] of held) this.touchShard(shard, epoch);
  }

  /** Run `effect` once the rows staged so far are committed (domain events, notifications). */
  afterCommit(effect: () => void): void {
    this.open.afterCommit.push(effect);
    this.schedule();
  }

  /**
   * A request's change is staged and the request now waits for its commit: first the
   * acknowledge hook stages what belongs in the same commit as any change (the audit record),
   * then it resolves like `committed()`.
   */
  acknowledge(): Promise<void> {
    this.acknowledgeHook?.();
    if (this.tracing.enabled) {
      const parent = this.tracing.parent();
      if (parent !== undefined) (this.open.traced ??= []).push(parent);
    }
    return this.held.wait(true) ?? this.committed();
  }

  /**
   * Runs `request` so that what it changes and the rows `record` stages from its answer commit in ONE
   * batch (heldCommit.ts). Resolves after that commit; rejects with `CommitError` when it failed.
   */
  runHeld<T>(request: () => Promise<T>, record: (value: T) => void): Promise<HeldOutcome<T>> {
    return this.held.run(request, record);
  }

  /** Set once at composition (the audit trail); see `acknowledge`. */
  setAcknowledgeHook(hook: () => void): void {
    this.acknowledgeHook = hook;
  }

  /**
   * Resolves when everything staged so far is committed; rejects with `CommitError` when it was
   * not. With nothing staged it still waits for a commit in flight, so a reply never shows state
   * the database does not have yet.
   */
  committed(): Promise<void> {
    const held = this.held.wait(false);
    if (held !== undefined) return held;
    if (!this.open.empty) return this.open.promise();
    if (this.inFlight) return this.inFlight.promise();
    return Promise.resolve();
  }

  /**
   * Resolves (never rejects) once everything staged so far is settled, committed or rolled back:
   * a read after it sees only committed state.
   */
  settled(): Promise<void> {
    return this.committed().catch(() => undefined);
  }

  /**
   * A commit is in flight, or changes wait for the next one. Not just "in flight": after-commit
   * effects run between two commits, when nothing is in flight even under full load, and the
   * changes that arrived during the last commit are already waiting.
   */
  get busy(): boolean {
    return this.inFlight !== undefined || this.open.rowCount > 0;
  }

  get pendingRows(): number {
    return this.open.rowCount + (this.inFlight?.rowCount ?? 0);
  }

  /** True when the database is not keeping up; the gateway answers 503 instead of queueing more. */
  get overloaded(): boolean {
    return this.pendingRows > this.maxPendingRows;
  }

  /** Commit everything staged; used at shutdown. Resolves even when the last commit failed. */
  async flush(): Promise<void> {
    while (!this.open.empty || this.inFlight) {
      await this.committed().catch(() => undefined);
    }
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight) return;
    this.scheduled = true;
    // The commit window is real time (it paces I/O; src/platform/scheduler/clock.ts) on a timer that keeps
    // the process alive: someone awaits this commit.
    if (this.open.rowCount >= this.maxBatchRows) queueMicrotask(() => void this.run());
    else this.afterWindow();
  }

  /**
   * Runs the next commit once the window since the last commit's start has passed. A Node timer may
   * fire up to a millisecond early (its base is the event loop's cached time), so a timer that comes
   * back early waits again for what is left, on a timer: what is left of a millisecond is not waited
   * out with `setImmediate`, which spins the event loop (a tenth of the server's CPU at a paced load
   * once went into those turns, and a tenth of its garbage).
   */
  private afterWindow(): void {
    const wait = this.lastCommitStart + this.commitWindowMs - performance.now();
    if (wait > 0)
      systemDeadlineClock.setTimer(Math.max(1, wait), () =>
        this.open.rowCount >= this.maxBatchRows ? void this.run() : this.afterWindow(),
      );
    else setImmediate(() => void this.run());
  }

  private async run(): Promise<void> {
    this.scheduled = false;
    if (this.inFlight || this.open.empty || this.open.holds > 0) return;
    const batch = this.open;
    this.open = new Batch();
    this.inFlight = batch;
    this.lastCommitStart = performance.now();
    this.options.onBatchStart?.(batch.rowCount);
    const failuresBefore = this.stats.failures;
    const span = batch.traced && this.tracing.batch('group commit', batch.traced, { 'svc.commit.rows': batch.rowCount });
    try {
      if (this.options.seal) this.options.seal(sealedBatch(batch, this.options.tableOrder ?? NO_ORDER, this.options.fence !== undefined));
      if (batch.rowCount > 0) await this.executor.execute(batch);
      this.stats.batches += 1;
      this.stats.rows += batch.rowCount;
      this.inFlight = undefined;
      this.log.committed(batch.rowCount, batch.waiting, performance.now() - this.lastCommitStart);
      // Traced: what the commit sets off (the fan-out) is the commit span's child.
      if (span) span.run(() => this.completed(batch));
      else this.completed(batch);
    } catch (cause) {
      // The connection went away mid-commit: ask the database what happened, where the batch left a way to ask.
      const outcome =
        batch.committedCheck !== undefined && outcomeUnknown(cause)
          ? await settleUnknownCommit(this.options.knex, batch.committedCheck)
          : 'rolledBack';
      this.inFlight = undefined;
      if (outcome === 'committed') {
        this.log.settled(batch.rowCount);
        this.stats.batches += 1;
        this.stats.rows += batch.rowCount;
        if (span) span.run(() => this.completed(batch));
        else this.completed(batch);
      } else {
        this.stats.failures += 1;
        span?.fail(cause);
        this.failed(batch, outcome === 'unknown' ? new CommitOutcomeUnknownError(cause) : cause);
      }
    }
    span?.end({ 'svc.commit.waiting': batch.waiting });
    const busyMs = performance.now() - this.lastCommitStart;
    this.stats.busyMs += busyMs;
    if (this.options.onBatchEnd)
      this.guard(() => this.options.onBatchEnd!(batch.rowCount, busyMs / 1000, this.stats.failures === failuresBefore));
    if (!this.open.empty) this.schedule();
  }

  private completed(batch: Batch): void {
    // Deletes first, as they ran: a delete-then-upsert of a key ends with the upsert's hook.
    for (const staging of [batch.deletes, batch.upserts]) {
      for (const rows of staging.values()) for (const staged of rows.values()) if (staged.onCommit) this.guard(staged.onCommit);
    }
    for (const effect of batch.afterCommit) this.guard(effect);
    batch.settle({ ok: true });
  }

  private failed(batch: Batch, cause: unknown): void {
    const fenced = this.options.fence === undefined ? undefined : fencedShards(cause);
    const error =
      cause instanceof CommitOutcomeUnknownError
        ? cause
        : fenced === undefined
          ? new CommitError(cause)
          : new ShardMovedError(fenced, cause);
    // The queued batch was computed on top of the failed one: it cannot commit alone.
    const dependent = this.open;
    this.open = new Batch();
    if (fenced === undefined) this.log.failed(cause, batch.rowCount, dependent.rowCount);
    else this.log.fenced(fenced, batch.rowCount, dependent.rowCount);
    for (const doomed of [dependent, batch]) for (const rollback of doomed.rollbacks) this.guard(rollback);
    // Before the waiters hear of it: a retry finds the shards dropped here, not still served by a stale owner.
    if (fenced !== undefined) this.guard(() => this.options.fence!.onFenced(fenced));
    for (const doomed of [dependent, batch]) doomed.settle({ ok: false, error });
  }

  private guard(effect: () => void): void {
    try {
      effect();
    } catch (error) {
      this.options.logger.error('after-commit effect failed', { error });
    }
  }
}
