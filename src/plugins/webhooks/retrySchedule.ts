/**
 * The retry policy of a webhook as pure functions. A delivery is tried once and retried up to
 * `retryMax` times; the wait before retry n (n = 1 after the first failed attempt) is
 *
 * - FIXED: `retryDelayMs`
 * - LINEAR: `retryDelayMs × n`
 * - EXPONENTIAL: `retryDelayMs × 2^(n-1)`
 *
 * capped at `MAX_RETRY_WAIT_MS` (24 hours).
 */
export const RETRY_BACKOFFS = ['FIXED', 'LINEAR', 'EXPONENTIAL'] as const;
export type RetryBackoff = (typeof RETRY_BACKOFFS)[number];

export const MAX_RETRY_WAIT_MS = 24 * 60 * 60 * 1000;

export interface RetryPolicy {
  readonly retryMax: number;
  readonly retryDelayMs: number;
  readonly retryBackoff: RetryBackoff;
}

/** Wait before retry `n` (1-based). */
export function retryWaitMs(policy: RetryPolicy, n: number): number {
  const factor = policy.retryBackoff === 'FIXED' ? 1 : policy.retryBackoff === 'LINEAR' ? n : 2 ** (n - 1);
  return Math.min(policy.retryDelayMs * factor, MAX_RETRY_WAIT_MS);
}

/**
 * After attempt `attempt` (1-based) failed at `failedAt`: when to try again, or null when the
 * delivery has used every attempt.
 */
export function nextAttemptAt(policy: RetryPolicy, attempt: number, failedAt: number): number | null {
  if (attempt > policy.retryMax) return null;
  return failedAt + retryWaitMs(policy, attempt);
}

/** Offsets from the first attempt of every attempt, when each fails at once (for docs and tests). */
export function attemptOffsets(policy: RetryPolicy): number[] {
  const out = [0];
  for (let n = 1; n <= policy.retryMax; n += 1) out.push(out[n - 1]! + retryWaitMs(policy, n));
  return out;
}
