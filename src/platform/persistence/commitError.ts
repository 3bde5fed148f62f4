/**
 * The two ways a group commit is refused (batchWriter.ts). Both are the catalog's `Unavailable` (503 with
 * `Retry-After: 1`, GraphQL `UNAVAILABLE` with `retryAfterSeconds`, close 1013), so every API maps them the
 * way it maps any other catalog error, and a client retries: nothing of the batch was written.
 */
import { AppError, ErrorCode } from '../errors/catalog.js';

/** A group commit failed. The message is safe for clients; `cause` (SQL, driver text) goes to the log only. */
export class CommitError extends AppError {
  constructor(
    override readonly cause: unknown,
    message = 'the database did not commit the change; nothing was applied, retry',
  ) {
    super(ErrorCode.Unavailable, message, { 'retry-after': '1' });
    this.name = 'CommitError';
  }
}

/**
 * The cluster fence refused the commit (batchFence.ts): the epoch stored for these shards is not the one
 * this instance holds, so another instance owns them now. Retryable like any failed commit; a router that
 * sees it sends the retry to the shards' new owner instead of back here. The wire code stays `UNAVAILABLE`:
 * to a client a shard that moves is a short unavailability, not a new kind of answer.
 */
export class ShardMovedError extends CommitError {
  constructor(
    /** The refused shards, ascending. */
    readonly shards: readonly number[],
    cause: unknown,
  ) {
    super(cause, 'the entity moved to another instance while this change was being committed; nothing was applied, retry');
    this.name = 'ShardMovedError';
  }
}

/**
 * The connection to the database was lost while the commit ran and the database could not be asked afterwards
 * whether it committed (commitOutcome.ts): the change may have been applied. Retryable; a retry with an
 * `Idempotency-Key` applies at most once.
 */
export class CommitOutcomeUnknownError extends CommitError {
  constructor(cause: unknown) {
    super(
      cause,
      'the connection to the database was lost while the change was being committed; it may have been applied: retry with an Idempotency-Key to apply it at most once',
    );
    this.name = 'CommitOutcomeUnknownError';
  }
}
