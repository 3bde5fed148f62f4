/**
 * A commit whose outcome is unknown: the connection to PostgreSQL was lost while the statement ran (a database
 * restart, a network cut), so it may or may not have committed. Answering its requests "nothing was applied" could be
 * false, and putting memory back could leave it behind the database. A commit that stages a row it can look up later
 * (cluster mode's history row: `SealedBatch.confirmBy`) is settled by asking, once the database answers again,
 * whether that row is there. Without such a row (single-process mode) the commit fails as before.
 *
 * Concurrency: the writer awaits `settleUnknownCommit` with the batch still in flight (one commit at a time), so the
 * next batch waits behind it, as it does behind any commit. Real time: the retries pace I/O.
 */
import type { Knex } from 'knex';
import { systemDeadlineClock } from '../scheduler/index.js';

/** Asks the database whether a commit happened (true: its marker row is there). */
export type CommitCheck = (knex: Knex) => Promise<boolean>;

/** How long a commit's outcome is asked for before it is reported unknown. */
export const SETTLE_WITHIN_MS = 30_000;
const RETRY_EVERY_MS = 200;

/** SQLSTATE: the server answered with an error, so the statement did not commit. */
const SQLSTATE = /^[0-9A-Z]{5}$/;
/** The connection broke after it was open: what was sent may have run. */
const CUT = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT']);
/** The client never reached the server: nothing was sent. */
const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * True when the error says the connection went away with the statement possibly sent: neither an answer from the
 * server (a SQLSTATE) nor a failure to connect.
 */
export function outcomeUnknown(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    // Socket errors first: EPIPE has a SQLSTATE's shape.
    if (CUT.has(code)) return true;
    if (NEVER_SENT.has(code) || SQLSTATE.test(code)) return false;
  }
  const message = error instanceof Error ? error.message : String(error);
  if (/timeout.*(acquir|connect)/i.test(message)) return false;
  return /connection terminated|socket|closed/i.test(message);
}

/** 'committed' or 'rolledBack' as the database tells, or 'unknown' when it did not answer within `withinMs`. */
export async function settleUnknownCommit(
  knex: Knex,
  check: CommitCheck,
  withinMs = SETTLE_WITHIN_MS,
): Promise<'committed' | 'rolledBack' | 'unknown'> {
  const deadline = performance.now() + withinMs;
  for (;;) {
    try {
      return (await check(knex)) ? 'committed' : 'rolledBack';
    } catch {
      if (performance.now() >= deadline) return 'unknown';
      await new Promise<void>((resolve) => systemDeadlineClock.setTimer(RETRY_EVERY_MS, resolve));
    }
  }
}
