/**
 * A request whose answer must commit with its change (src/platform/idempotency). While it runs inside
 * `BatchWriter.runHeld`, the open batch its first change is handed over in (`acknowledge`, the way every
 * command hands its change over) is held: it does not start committing until the request has produced
 * its answer and staged the rows that record it. From then on the request's waits for a commit
 * (`acknowledge`, `committed`, `settled`) return at once; when it is done the batch is released and the
 * request waits for that one commit. A wait before the request changed anything (a read) is as usual.
 * The scope follows the request across awaits (AsyncLocalStorage); with no held request under way (the
 * usual case) no scope is looked up at all.
 *
 * A batch doomed while the request ran (the batch ahead of it failed, so the writer dropped it) is no
 * longer the open one: the answer is not staged anywhere, and the request's wait rejects with the
 * batch's `CommitError`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Batch } from './batch.js';

interface HeldScope {
  /** The batch the scope's first change was staged in (held until the scope ends); none: nothing staged. */
  batch: Batch | undefined;
}

/** What `runHeld` resolves with: the request's value, and whether it staged a change (and so its record). */
export interface HeldOutcome<T> {
  readonly value: T;
  readonly staged: boolean;
}

/** What the writer lends: its open batch, and a way to schedule its commit once a hold ends. */
export interface HeldWriter {
  open(): Batch;
  schedule(): void;
}

export class HeldRequests {
  private readonly scopes = new AsyncLocalStorage<HeldScope>();
  /** Requests running inside `run` now. */
  private running = 0;

  constructor(private readonly writer: HeldWriter) {}

  async run<T>(request: () => Promise<T>, record: (value: T) => void): Promise<HeldOutcome<T>> {
    const scope: HeldScope = { batch: undefined };
    let value: T;
    this.running += 1;
    try {
      value = await this.scopes.run(scope, request);
    } catch (error) {
      this.release(scope.batch);
      throw error;
    } finally {
      this.running -= 1;
    }
    const batch = scope.batch;
    if (batch === undefined) return { value, staged: false };
    if (this.writer.open() === batch) record(value);
    this.release(batch);
    await batch.promise();
    return { value, staged: true };
  }

  /**
   * Inside `run`, once the scope holds its batch: resolved at once (waiting for the held batch would
   * never end). `take` (a request's change was just staged: `acknowledge`): the scope holds the open
   * batch from now on. Otherwise (outside `run`, or a plain `committed`/`settled` before the request
   * changed anything, such as a read): undefined, and the caller waits as usual.
   */
  wait(take: boolean): Promise<void> | undefined {
    if (this.running === 0) return undefined;
    const scope = this.scopes.getStore();
    if (scope === undefined) return undefined;
    if (scope.batch !== undefined) return Promise.resolve();
    const open = this.writer.open();
    if (!take || open.empty) return undefined;
    scope.batch = open;
    open.holds += 1;
    return Promise.resolve();
  }

  private release(batch: Batch | undefined): void {
    if (batch === undefined) return;
    batch.holds -= 1;
    if (batch.holds === 0 && this.writer.open() === batch) this.writer.schedule();
  }
}
