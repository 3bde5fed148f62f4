/**
 * A request whose answer must commit with its change (src/platform/idempotency): while it runs inside
 * `BatchWriter.runHeld`, its waits for the commit (`acknowledge`, `committed`, `settled`) return at once
 * and the open batch its first change was staged in is held: it does not start committing until the
 * request has produced its answer and staged the rows that record it. Then the batch is released and
 * the request waits for that one commit. The scope follows the request across awaits (AsyncLocalStorage).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Batch } from './batch.js';

export interface HeldScope {
  /** The batch the scope's first change was staged in (held until the scope ends); none: nothing staged. */
  batch: Batch | undefined;
}

export const heldScopes = new AsyncLocalStorage<HeldScope>();

/** What `runHeld` resolves with: the request's value, and whether it staged a change (and so its record). */
export interface HeldOutcome<T> {
  readonly value: T;
  readonly staged: boolean;
}
