/**
 * Waiting for a promise no longer than a bound on the injected clock: how a handoff waits for the host's
 * `beforeRelease` (shardTenures.ts). The promise is never rejected unhandled: its error is the answer.
 */
import type { Clock } from '../scheduler/index.js';

/** 'done' when `promise` resolved within `ms`, its error when it rejected, 'timeout' when `ms` passed first. */
export function settleWithin(clock: Clock, promise: Promise<unknown>, ms: number): Promise<'done' | 'timeout' | Error> {
  return new Promise((resolve) => {
    const timer = clock.setTimer(ms, () => resolve('timeout'));
    promise.then(
      () => {
        clock.clearTimer(timer);
        resolve('done');
      },
      (error: unknown) => {
        clock.clearTimer(timer);
        resolve(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
