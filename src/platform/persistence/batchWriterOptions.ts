/**
 * What a `BatchWriter` is built with (batchWriter.ts): its connection, the commit window and batch bounds,
 * the observers the metrics and tracing read, and cluster mode's fence, routing and seal. A module of its own
 * so the settings and their defaults read as one table, apart from the commit loop that applies them.
 */
import type { Knex } from 'knex';
import type { Clock } from '../scheduler/index.js';
import type { Logger } from '../log/logger.js';
import type { CommitFence } from './batchFence.js';
import type { CommitSeal } from './batchSeal.js';
import type { ShardRouting } from './shardRouting.js';
import type { StatementRunner } from './statementRunner.js';
import type { Tracing } from '../tracing/tracing.js';

export interface BatchWriterOptions {
  readonly knex: Knex;
  /** How a commit's statement is sent: `Database.statements` (prepared on PostgreSQL). @default through knex */
  readonly statements?: StatementRunner;
  readonly logger: Logger;
  /**
   * Commit window: at least this long between the starts of two commits, so at moderate load a
   * batch gathers a few milliseconds of writes instead of a handful. Under heavy load commits take
   * longer than this and run back to back, so it adds nothing there. @default 0
   */
  readonly commitWindowMs?: number;
  /** Commit orders derived for tables declared without one (the module list's `tableOrder()`). */
  readonly tableOrder?: ReadonlyMap<string, number>;
  /** A batch this size starts committing at once. @default 5000 */
  readonly maxBatchRows?: number;
  /** Above this many rows waiting, `overloaded` is true and the gateway sheds load. @default 200000 */
  readonly maxPendingRows?: number;
  /** The longest a request in `runHeld` may hold the open batch (heldCommit.ts). @default 1000 */
  readonly maxHoldMs?: number;
  /** Observer called as a batch starts committing (metrics, tracing, tests). */
  readonly onBatchStart?: (rows: number) => void;
  /** Observer called once a batch committed or failed: its rows and the seconds it was in flight (metrics). */
  readonly onBatchEnd?: (rows: number, seconds: number, ok: boolean) => void;
  /** Cluster mode: commits check the epochs of the shards they touch (`touchShard`). Absent: no check at all. */
  readonly fence?: CommitFence;
  /** Cluster mode: which shards this instance owns (`admit`); absent (single process): every key is admitted. */
  readonly routing?: ShardRouting;
  /** The clock of the failure log's "once a minute" (commitLog.ts). @default systemClock */
  readonly clock?: Clock;
  /**
   * Cluster mode's replication (batchSeal.ts): sees each batch's rows as its commit begins and stages what
   * announces them into the same commit. Absent (single-process mode): nothing is looked at.
   */
  readonly seal?: CommitSeal;
  /** OpenTelemetry tracing (src/platform/tracing): a span per commit a recorded command waits on. @default NO_TRACING */
  readonly tracing?: Tracing;
}
