/**
 * The scheduler seam: the current time and timers behind one interface. Rules never read the wall
 * clock or start a bare `setTimeout`; they are given a `Clock`, so a test drives them with a manual
 * clock (manualClock.ts) and never sleeps.
 *
 * Which clock a timer uses is decided per timer (docs/adr/0027-scheduler-product-time-and-real-time.md):
 *
 * - **Product time**: the instant is part of a rule a person can observe: a webhook retry's due
 *   time, a licence's or an edit lock's expiry, history and session pruning, session expiry
 *   checks. These use the injected `Clock` (app.ts's `clock`), the same one `now()` stamps rows
 *   with, so a manual clock fires them when a test moves it.
 * - **Real time**: the timer bounds or paces I/O, or measures the machine: socket and database
 *   time-outs, a webhook attempt's deadline, the batch writer's commit window, the shutdown drain,
 *   the delivery pacer's load sampling, the outbox page sweep and the backlog read retry (windows
 *   that batch or retry database work). These use `systemClock` or `systemDeadlineClock`
 *   (systemClock.ts) directly, never the injected clock: a test that freezes product time must not
 *   freeze a socket time-out or a commit.
 *
 * Semantics both implementations keep: a timer fires once, no earlier than `delayMs` after it was
 * set (a negative delay counts as 0); timers due at the same instant fire in the order they were
 * set; a repeating timer that fell behind by several periods fires once, not once per missed
 * period (as an interval behind a blocked event loop does); clearing a timer that fired or was
 * cleared already does nothing. A callback that throws is the caller's bug: the system clock lets
 * it reach `uncaughtException` as a bare timer would, the manual clock throws it out of `advance`.
 */
declare const timerHandle: unique symbol;

/** What `setTimer` returns: only good for `clearTimer` of the same clock. */
export interface TimerHandle {
  readonly [timerHandle]: true;
}

export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
  /** Calls `callback` once, `delayMs` from now. */
  setTimer(delayMs: number, callback: () => void): TimerHandle;
  /** Calls `callback` every `periodMs` (more than 0), first `periodMs` from now, until cleared. */
  setRepeatingTimer(periodMs: number, callback: () => void): TimerHandle;
  /** Cancels a timer; nothing happens for one that fired already, was cleared, or is undefined. */
  clearTimer(handle: TimerHandle | undefined): void;
}

/** A delay as both implementations take it: finite, at least 0. */
export function timerDelay(delayMs: number): number {
  if (Number.isNaN(delayMs) || delayMs === Infinity)
    throw new RangeError(`a timer delay must be a finite number of milliseconds, not ${delayMs}`);
  return Math.max(0, delayMs);
}

/** A repeating timer's period: finite, more than 0. */
export function timerPeriod(periodMs: number): number {
  if (!Number.isFinite(periodMs) || periodMs <= 0)
    throw new RangeError(`a repeating timer's period must be a finite number of milliseconds above 0, not ${periodMs}`);
  return periodMs;
}
