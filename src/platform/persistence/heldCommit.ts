/**
 * A request whose answer must commit with its change (src/platform/idempotency). While it runs inside
 * `BatchWriter.runHeld`, the open batch its first change is handed over in (`acknowledge`, the way every
 * command hands its change over) is held: it does not start committing until the request has produced
 * its answer and staged the rows that record it. From then on the request's waits for a commit
 * (`acknowledge`, `committed`, `settled`) return at once; when it is done the batch is released and the
 * request waits for that one commit. A wait before the request changed anything (a read) is as usual.
 * The scope follows the request across awaits (a slot of the request context's AsyncLocalStorage,
 * src/platform/requestContext: one storage for the process); with no held request under way (the usual
 * case) no scope is looked up at all.
 *
 * A batch doomed while the request ran (the batch ahead of it failed, so the writer dropped it) is no
 * longer the open one: the answer is not staged anywhere, and the request's wait rejects with the
 * batch's `CommitError`.
 */
import { createContextSlot } from '../requestContext/requestContext.js';
import { systemDeadlineClock, type TimerHandle } from '../scheduler/index.js';
import type { Batch } from './batch.js';

interface HeldScope {
  /** The batch the scope's first change was staged in (held until the scope ends); none: nothing staged. */
  batch: Batch | undefined;
  /** The hold's bound (real time: it paces I/O, like the commit window). */
  timer: TimerHandle | undefined;
  /** The request outlived its hold: its batch went on without the answer, which is then not recorded. */
  expired: boolean;
}

/**
 * The longest a request may hold the open batch: every other request's commit waits meanwhile. Handlers build
 * their answer from memory right after their change (microseconds); one that awaits slow I/O after its change
 * (an outbound call in a later field of a mutation) loses the guarantee instead of stalling everyone.
 */
export const MAX_HOLD_MS = 1000;

/** What `runHeld` resolves with: the request's value, and whether it staged a change (and so its record). */
export interface HeldOutcome<T> {
  readonly value: T;
  readonly staged: boolean;
  /** Its answer was staged with its change (false: nothing staged, or the hold expired first). */
  readonly recorded: boolean;
}

/** What the writer lends: its open batch, and a way to schedule its commit once a hold ends. */
export interface HeldWriter {
  open(): Batch;
  schedule(): void;
}

export class HeldRequests {
  // Not a storage of its own: Node 20 runs a hook per enabled storage on every promise of the process.
  private readonly scopes = createContextSlot<HeldScope>('held commit');
  /** Requests running inside `run` now. */
  private running = 0;

  constructor(
    private readonly writer: HeldWriter,
    private readonly maxHoldMs = MAX_HOLD_MS,
  ) {}

  async run<T>(request: () => Promise<T>, record: (value: T) => void): Promise<HeldOutcome<T>> {
    const scope: HeldScope = { batch: undefined, timer: undefined, expired: false };
    let value: T;
    this.running += 1;
    try {
      value = await this.scopes.run(scope, request);
    } catch (error) {
      this.release(scope);
      throw error;
    } finally {
      this.running -= 1;
    }
    const batch = scope.batch;
    if (batch === undefined) return { value, staged: false, recorded: false };
    const recorded = !scope.expired && this.writer.open() === batch;
    if (recorded) record(value);
    this.release(scope);
    await batch.promise();
    return { value, staged: true, recorded };
  }

  /**
   * Inside `run`, once the scope holds its batch: resolved at once (waiting for the held batch would
   * never end). `take` (a request's change was just staged: `acknowledge`): the scope holds the open
   * batch from now on. Otherwise (outside `run`, or a plain `committed`/`settled` before the request
   * changed anything, such as a read): undefined, and the caller waits as usual.
   */
  wait(take: boolean): Promise<void> | undefined {
    if (this.running === 0) return undefined;
    const scope = this.scopes.get();
    if (scope === undefined) return undefined;
    if (scope.batch !== undefined) return Promise.resolve();
    const open = this.writer.open();
    if (!take || open.empty) return undefined;
    scope.batch = open;
    open.holds += 1;
    scope.timer = systemDeadlineClock.setTimer(this.maxHoldMs, () => {
      scope.expired = true;
      this.release(scope);
    });
    return Promise.resolve();
  }

  /** Ends the scope's hold (once: at its end, or when it expired). */
  private release(scope: HeldScope): void {
    const batch = scope.batch;
    if (batch === undefined || scope.timer === undefined) return;
    systemDeadlineClock.clearTimer(scope.timer);
    scope.timer = undefined;
    batch.holds -= 1;
    if (batch.holds === 0 && this.writer.open() === batch) this.writer.schedule();
  }
}
