/**
 * Per-client token bucket. Tokens refill continuously at `requestsPerSecond` up to `burst`.
 * The table is bounded: past `maxClients` the least recently seen client is forgotten (it starts
 * again with a full bucket, which only ever errs towards letting a request through).
 * Time comes from the injected clock.
 *
 * A call may bring its own budget (an agent key's, src/plugins/agentKeys): that bucket refills at that
 * rate up to that burst instead of the limiter's, so a budget changed at runtime applies from the
 * next request on.
 */
export interface RateBudget {
  readonly requestsPerSecond: number;
  readonly burst: number;
}

export interface RateLimiterOptions extends RateBudget {
  /** @default 100_000 */
  readonly maxClients?: number;
  readonly now: () => number;
}

export type RateDecision = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number };

export interface RateLimiter {
  /** `budget`: this client's own rate and burst instead of the limiter's. */
  take(clientKey: string, budget?: RateBudget): RateDecision;
  readonly size: number;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

const ALLOWED: RateDecision = { allowed: true };

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { now } = options;
  const maxClients = options.maxClients ?? 100_000;
  const buckets = new Map<string, Bucket>();
  return {
    get size() {
      return buckets.size;
    },
    take(clientKey, budget = options) {
      const { requestsPerSecond: rate, burst } = budget;
      if (rate === 0) return ALLOWED;
      const at = now();
      let bucket = buckets.get(clientKey);
      if (bucket === undefined) {
        if (buckets.size >= maxClients) buckets.delete(buckets.keys().next().value!);
        bucket = { tokens: burst, updatedAt: at };
      } else {
        // Re-insert so Map order stays least-recently-seen first.
        buckets.delete(clientKey);
        // A clock stepping back (an NTP correction) refills nothing, instead of locking every client out.
        bucket.tokens = Math.min(burst, bucket.tokens + (Math.max(0, at - bucket.updatedAt) / 1000) * rate);
        bucket.updatedAt = at;
      }
      buckets.set(clientKey, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return ALLOWED;
      }
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / rate)) };
    },
  };
}
