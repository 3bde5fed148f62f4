/**
 * One abort signal for a whole outbound attempt (DNS, connect, headers, body, every redirect hop):
 * it fires when the time-out elapses or when the caller's own signal aborts, and remembers which.
 */
import { systemDeadlineClock } from '../scheduler/index.js';

export interface AttemptDeadline {
  readonly signal: AbortSignal;
  /** True when the signal fired because the time-out elapsed (not because the caller aborted). */
  timedOut(): boolean;
  /** Clears the timer and the listener on the caller's signal; call when the attempt settles. */
  dispose(): void;
}

/** Real time (src/platform/scheduler/clock.ts): it bounds network I/O, whatever clock the rules run on. */
export function startAttemptDeadline(timeoutMs: number, callerSignal: AbortSignal | undefined): AttemptDeadline {
  const controller = new AbortController();
  let expired = false;
  const timer = systemDeadlineClock.setTimer(timeoutMs, () => {
    if (controller.signal.aborted) return;
    expired = true;
    controller.abort(new Error(`timed out after ${timeoutMs} ms`));
  });
  const onCallerAbort = (): void => controller.abort(new Error('aborted by the caller'));
  if (callerSignal?.aborted === true) onCallerAbort();
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => expired,
    dispose: () => {
      systemDeadlineClock.clearTimer(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    },
  };
}
