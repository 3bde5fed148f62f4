/**
 * Closing a connection whose client is still sending a body (RFC 9112 section 9.6). Closing at once
 * with unread bytes in the socket makes the kernel send a reset, and a client that is still writing
 * gets a broken pipe (EPIPE, ECONNRESET) instead of the answer it was sent. So after such an answer
 * the server keeps reading and discarding what arrives, for a bounded time and number of bytes, and
 * only then stops reading; the client has read the whole answer by then.
 *
 * This file holds the policy (when to stop); `uws.ts` does the reading and the writing.
 */
import { systemClock, type TimerHandle } from '../clock.js';
import { MiB } from './routes.js';

export interface LingeringCloseOptions {
  /** Body bytes read and discarded after the answer, at most. @default 8 MiB */
  readonly maxBytes: number;
  /** Time spent reading after the answer, at most. @default 5000 */
  readonly maxMs: number;
  /** Nothing arrived for this long: the client has stopped sending. @default 500 */
  readonly quietMs: number;
}

export const DEFAULT_LINGERING_CLOSE: LingeringCloseOptions = Object.freeze({ maxBytes: 8 * MiB, maxMs: 5000, quietMs: 500 });

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
    private readonly onEnd: (why: LingerEnd) => void,
  ) {
    // Real time: socket deadlines (src/scheduler/clock.ts); unref'd, they never hold the process up.
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
    if (this.drained > this.options.maxBytes) {
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
