/**
 * Closing a connection whose client is still sending a body (RFC 9112 section 9.6). Closing at once
 * with unread bytes in the socket makes the kernel send a reset, and a client that is still writing
 * gets a broken pipe (EPIPE, ECONNRESET) instead of the answer it was sent; a reset also throws away
 * what the client had received and not yet read (the end of the answer). So after such an answer
 * the server keeps reading and discarding what arrives, for a bounded time and number of bytes, and
 * only then stops reading; the client has read the whole answer by then.
 *
 * The bounds are chosen so that an ordinary client that sends its whole body anyway (Node's `http`,
 * most libraries) finishes cleanly: a body of up to twice its route's limit is read to its end
 * (an attachment upload of 24 MiB against 12 MiB), and a sender that pauses between pieces is not
 * taken for one that stopped unless it stays silent for `quietMs`. Only a body beyond that, a
 * sender slower than `maxMs` allows, or one silent for longer, is cut (and may see a reset).
 *
 * This file holds the policy (when to stop); `uws.ts` does the reading and the writing.
 */
import { systemClock, type TimerHandle } from '../scheduler/index.js';
import { MiB } from './routes.js';

export interface LingeringCloseOptions {
  /** Body bytes read and discarded after the answer, at least (see `limitMultiple`). @default 8 MiB */
  readonly maxBytes: number;
  /**
   * A body of up to this many times its route's limit is read to its end, however much of it came
   * before the answer (when that is more than `maxBytes` after the answer). @default 2
   */
  readonly limitMultiple: number;
  /** Time spent reading after the answer, at most. @default 30000 */
  readonly maxMs: number;
  /**
   * Nothing arrived for this long: the client has stopped sending. Long enough for a client that
   * writes in pieces with pauses between them (or is slowed by a busy machine); a client that stops
   * sending gets the end of the answer this much later. @default 2000
   */
  readonly quietMs: number;
}

export const DEFAULT_LINGERING_CLOSE: LingeringCloseOptions = Object.freeze({
  maxBytes: 8 * MiB,
  limitMultiple: 2,
  maxMs: 30_000,
  quietMs: 2000,
});

/**
 * Bytes to read and discard after an answer given when `received` body bytes of a route capped at
 * `limit` had arrived: the rest of a body of up to `limitMultiple` times the limit, and never less
 * than `maxBytes`.
 */
export function lingerBudget(options: LingeringCloseOptions, limit: number, received: number): number {
  return Math.max(options.maxBytes, options.limitMultiple * limit - received);
}

/**
 * Why the reading stopped: the body ended (the connection is at a message boundary), or one of the
 * bounds (the client went quiet, the time or byte budget ran out) and the rest is not read.
 */
export type LingerEnd = 'body-ended' | 'quiet' | 'deadline' | 'budget';

/**
 * Counts what arrives after the answer and calls `onEnd` once, when reading should stop. The timers
 * are socket housekeeping (like uWS's own idle timeout), not product rules: they do not hold the
 * process open.
 */
export class Linger {
  private drained = 0;
  private ended = false;
  private quiet: TimerHandle;
  private readonly deadline: TimerHandle;

  constructor(
    private readonly options: LingeringCloseOptions,
    /** Bytes to read and discard, at most (`lingerBudget`). */
    private readonly budget: number,
    private readonly onEnd: (why: LingerEnd) => void,
  ) {
    // Real time: socket deadlines (src/platform/scheduler/clock.ts); unref'd, they never hold the process up.
    this.quiet = systemClock.setTimer(options.quietMs, () => this.end('quiet'));
    this.deadline = systemClock.setTimer(options.maxMs, () => this.end('deadline'));
  }

  /** Body bytes arrived (and were discarded). */
  data(bytes: number, isLast: boolean): void {
    if (this.ended) return;
    if (isLast) {
      this.end('body-ended');
      return;
    }
    this.drained += bytes;
    if (this.drained > this.budget) {
      this.end('budget');
      return;
    }
    systemClock.clearTimer(this.quiet);
    this.quiet = systemClock.setTimer(this.options.quietMs, () => this.end('quiet'));
  }

  /** The connection is gone: nothing more to do. */
  cancel(): void {
    this.ended = true;
    this.clearTimers();
  }

  private end(why: LingerEnd): void {
    if (this.ended) return;
    this.ended = true;
    this.clearTimers();
    this.onEnd(why);
  }

  private clearTimers(): void {
    systemClock.clearTimer(this.quiet);
    systemClock.clearTimer(this.deadline);
  }
}
