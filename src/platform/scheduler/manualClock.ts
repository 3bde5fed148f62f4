/**
 * A clock tests move by hand. Time stands still until the test calls `set`, `advance`,
 * `advanceAsync` or `runDue`; then the timers that fall due fire, in due order.
 *
 * Firing is synchronous: `advance(ms)` returns after every timer due by then has run, each with
 * `now()` at its own due instant, including timers those callbacks set within the advanced span;
 * then `now()` is the target. Synchronous because that is what a test that moves the clock and
 * asserts at once needs, and because rules arm timers from synchronous code. A callback that
 * starts asynchronous work (a commit, an HTTP attempt) has started it when `advance` returns; the
 * test awaits its effect as it awaits any other. `advanceAsync` instead lets promise continuations
 * and ready I/O callbacks run (one `setImmediate` turn) after each timer, for a chain of timers
 * whose next one is set only after a promise settles.
 *
 * A repeating timer crossed by a long advance fires once, at the last instant of its period that
 * the advance reaches (so it sees the newest time), and keeps its phase; missed periods are
 * skipped as behind a blocked event loop: a 30-day advance runs an hourly prune once, not 720
 * times. Moving the clock back (`set` to an earlier instant, a negative `advance`) fires nothing;
 * pending timers keep their due instants. A callback that throws does not stop the others; the
 * first error is thrown out of `advance` once the clock has reached its target.
 */
import { timerDelay, timerPeriod, type Clock, type TimerHandle } from './clock.js';
import { TimerQueue, type QueuedTimer } from './timerQueue.js';

export interface ManualClock extends Clock {
  /** Moves to `ms` (epoch ms); moving forward fires what falls due on the way, as `advance` does. */
  set(ms: number): void;
  /** Moves by `ms` (negative: back) and fires what falls due on the way. */
  advance(ms: number): void;
  /** As `advance`, but yields one event-loop turn after each timer fired. */
  advanceAsync(ms: number): Promise<void>;
  /** Fires the timers due now (set with a delay of 0 since the clock last moved); returns how many. */
  runDue(): number;
  /** Timers waiting to fire. */
  readonly pendingTimers: number;
}

const DEFAULT_START = Date.parse('2026-01-01T00:00:00Z');

export function createManualClock(start = DEFAULT_START): ManualClock {
  let current = start;
  const queue = new TimerQueue();
  const handles = new WeakMap<object, QueuedTimer>();
  let moving = false;

  const handleOf = (timer: QueuedTimer): TimerHandle => {
    const handle = Object.freeze({});
    handles.set(handle, timer);
    return handle as unknown as TimerHandle;
  };

  /**
   * Fires the next timer due by `target`, if any. A repeating timer whose due instant lies more
   * than a period before `target` moves to the last instant of its period at or before `target`
   * first, without firing: missed periods are skipped, and it fires in order at that instant.
   */
  const fireNext = (target: number, errors: unknown[]): boolean => {
    for (;;) {
      const next = queue.peek();
      if (next === undefined || next.dueAt > target) return false;
      queue.take();
      const firesAt = next.dueAt;
      if (next.periodMs !== null) {
        const latest = firesAt + Math.floor((target - firesAt) / next.periodMs) * next.periodMs;
        if (latest > firesAt) {
          queue.reschedule(next, latest);
          continue;
        }
        // Back in the queue before it runs: the callback may clear it.
        queue.reschedule(next, firesAt + next.periodMs);
      } else {
        queue.done(next);
      }
      // A timer set with a delay of 0 is due at the instant it was set; the clock does not go back for it.
      if (firesAt > current) current = firesAt;
      try {
        next.callback();
      } catch (error) {
        errors.push(error);
      }
      return true;
    }
  };

  const begin = (what: string): void => {
    if (moving) throw new Error(`manual clock: ${what} called while the clock is moving (from a timer callback, or during advanceAsync)`);
    moving = true;
  };

  const moveTo = (target: number): void => {
    begin('set/advance');
    const errors: unknown[] = [];
    try {
      while (fireNext(target, errors));
      current = target;
    } finally {
      moving = false;
    }
    if (errors.length > 0) throw errors[0];
  };

  return {
    now: () => current,
    setTimer(delayMs, callback) {
      return handleOf(queue.add({ dueAt: current + timerDelay(delayMs), periodMs: null, callback }));
    },
    setRepeatingTimer(periodMs, callback) {
      const period = timerPeriod(periodMs);
      return handleOf(queue.add({ dueAt: current + period, periodMs: period, callback }));
    },
    clearTimer(handle) {
      if (handle === undefined) return;
      const timer = handles.get(handle as unknown as object);
      if (timer === undefined) throw new TypeError('clearTimer: this handle belongs to another clock');
      queue.clear(timer);
    },
    set: (ms) => moveTo(ms),
    advance: (ms) => moveTo(current + ms),
    async advanceAsync(ms) {
      const target = current + ms;
      begin('advanceAsync');
      const errors: unknown[] = [];
      try {
        while (fireNext(target, errors)) await new Promise<void>((resolve) => setImmediate(resolve));
        current = target;
      } finally {
        moving = false;
      }
      if (errors.length > 0) throw errors[0];
    },
    runDue() {
      begin('runDue');
      const errors: unknown[] = [];
      let fired = 0;
      try {
        while (fireNext(current, errors)) fired += 1;
      } finally {
        moving = false;
      }
      if (errors.length > 0) throw errors[0];
      return fired;
    },
    get pendingTimers() {
      return queue.size;
    },
  };
}
