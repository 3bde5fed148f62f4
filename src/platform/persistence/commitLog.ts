/**
 * What the group commit tells an operator: one `info` line per commit (never one per request: a
 * commit carries the writes of every request that arrived during the one before it), failures at
 * most once a minute with their count (a database that is down fails every commit), and, once
 * commits succeed again, that they recovered and after how many failures. A commit the cluster
 * fence refused is a warning of its own, at most once a minute too.
 */
import type { Clock } from '../scheduler/index.js';
import type { Logger } from '../log/logger.js';
import { createRateLimitedLog } from '../log/rateLimitedLog.js';

export const COMMIT_MESSAGE = 'group commit';
export const COMMIT_FAILED_MESSAGE = 'group commit failed; requests of this batch and the next are answered 503';
export const COMMIT_RECOVERED_MESSAGE = 'group commits recovered';
export const COMMIT_SETTLED_MESSAGE = 'the connection was lost during a group commit; the database says it committed';
export const COMMIT_FENCED_MESSAGE =
  'the cluster fence refused a commit (its shards moved); requests of this batch and the next are answered 503';

export interface CommitLog {
  committed(rows: number, waiting: number, ms: number): void;
  failed(cause: unknown, rows: number, queuedRows: number): void;
  /** The cluster fence refused the commit (src/platform/persistence/batchFence.ts): another instance owns `shards` now. */
  fenced(shards: readonly number[], rows: number, queuedRows: number): void;
  /** The connection was lost mid-commit and the database, asked afterwards, says the commit happened (commitOutcome.ts). */
  settled(rows: number): void;
}

export function createCommitLog(logger: Logger, clock: Clock): CommitLog {
  const failures = createRateLimitedLog({ logger, clock, level: 'error', message: COMMIT_FAILED_MESSAGE, countField: 'failures' });
  const recoveries = createRateLimitedLog({ logger, clock, level: 'info', message: COMMIT_RECOVERED_MESSAGE, countField: 'recoveries' });
  // A handoff is expected cluster life, not a database fault: a warning, and no "recovered" after it.
  const refusals = createRateLimitedLog({ logger, clock, level: 'warn', message: COMMIT_FENCED_MESSAGE, countField: 'refusals' });
  let failing: { since: number; count: number } | undefined;
  let batch = 0;
  return {
    committed(rows, waiting, ms) {
      // A batch of after-commit effects only wrote nothing: no line, and no proof the database is back.
      if (rows === 0) return;
      batch += 1;
      if (logger.enabled('info')) logger.info(COMMIT_MESSAGE, { batch, rows, waiting, ms: Math.round(ms * 100) / 100 });
      if (failing === undefined) return;
      recoveries.note('commit', { failedCommits: failing.count, failingForMs: clock.now() - failing.since });
      failing = undefined;
    },
    failed(cause, rows, queuedRows) {
      if (failing === undefined) failing = { since: clock.now(), count: 0 };
      failing.count += 1;
      failures.note('commit', { error: cause, rows, queuedRows });
    },
    fenced(shards, rows, queuedRows) {
      refusals.note('fence', { shards, rows, queuedRows });
    },
    settled(rows) {
      logger.warn(COMMIT_SETTLED_MESSAGE, { rows });
    },
  };
}
