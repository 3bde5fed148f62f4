/**
 * The clock on real time: `Date.now()` and Node timers. Two instances, one difference:
 *
 * - `systemClock`: its timers never keep the process alive (unref'd). Product-time timers
 *   (retries, expiry, pruning, housekeeping) and real-time background work (pacing, page sweeps)
 *   use it: none of them is a reason for a process to stay up.
 * - `systemDeadlineClock`: its timers keep the process alive while they wait, as a bare
 *   `setTimeout` does. For real-time windows and deadlines whose callback finishes work that
 *   someone awaits (the batch writer's commit window, a database or outbound time-out, the
 *   shutdown drain): with an unref'd timer, a process with nothing else to do would exit before
 *   the commit it waits for.
 */
import { timerDelay, timerPeriod, type Clock, type TimerHandle } from './clock.js';

/** The longest delay one Node timer takes; a longer one is re-armed when this elapses. */
const LONGEST_NODE_TIMER_MS = 2 ** 31 - 1;

class SystemTimer {
  timeout: NodeJS.Timeout | undefined;
}

export interface SystemClockOptions {
  /** Timers keep the process alive while they wait. @default false */
  readonly keepProcessAlive?: boolean;
}

export function createSystemClock(options: SystemClockOptions = {}): Clock {
  const keepAlive = options.keepProcessAlive ?? false;
  const started = (timeout: NodeJS.Timeout): NodeJS.Timeout => (keepAlive ? timeout : timeout.unref());
  const arm = (timer: SystemTimer, dueAt: number, callback: () => void): void => {
    const wait = dueAt - Date.now();
    if (wait > LONGEST_NODE_TIMER_MS) {
      timer.timeout = started(setTimeout(() => arm(timer, dueAt, callback), LONGEST_NODE_TIMER_MS));
      return;
    }
    timer.timeout = started(
      setTimeout(
        () => {
          timer.timeout = undefined;
          callback();
        },
        Math.max(0, wait),
      ),
    );
  };
  return {
    now: () => Date.now(),
    setTimer(delayMs, callback) {
      const delay = timerDelay(delayMs);
      const timer = new SystemTimer();
      if (delay <= LONGEST_NODE_TIMER_MS) {
        // The common case (every deadline and window) without the re-arming closure.
        timer.timeout = started(
          setTimeout(() => {
            timer.timeout = undefined;
            callback();
          }, delay),
        );
      } else {
        arm(timer, Date.now() + delay, callback);
      }
      return timer as unknown as TimerHandle;
    },
    setRepeatingTimer(periodMs, callback) {
      const period = timerPeriod(periodMs);
      if (period > LONGEST_NODE_TIMER_MS) throw new RangeError(`a repeating timer's period is at most ${LONGEST_NODE_TIMER_MS} ms`);
      const timer = new SystemTimer();
      timer.timeout = started(setInterval(callback, period));
      return timer as unknown as TimerHandle;
    },
    clearTimer(handle) {
      if (handle === undefined) return;
      if (!((handle as unknown) instanceof SystemTimer)) throw new TypeError('clearTimer: this handle belongs to another clock');
      const timer = handle as unknown as SystemTimer;
      // clearTimeout clears an interval too.
      clearTimeout(timer.timeout);
      timer.timeout = undefined;
    },
  };
}

/** Real time; timers never keep the process alive. The product's clock unless a test injects one. */
export const systemClock: Clock = createSystemClock();

/** Real time; timers keep the process alive while they wait (I/O deadlines and windows). */
export const systemDeadlineClock: Clock = createSystemClock({ keepProcessAlive: true });
