/**
 * Password guessing is slowed per client address and per account: every attempt (a `login`,
 * each aliased `login` in one document, a `changePassword`) takes a token from both buckets. A
 * reset-token redemption names no account (the token is unguessable; one shared bucket would let
 * anyone block every redemption on the server), so it takes a token from the address bucket only.
 * This is separate from, and tighter than, the gateway's request limit.
 */
import { AppError, ErrorCode } from '../errors/catalog.js';
import { createRateLimiter } from '../gateway/rateLimiter.js';

export interface LoginThrottleOptions {
  /** Attempts per minute per client address. @default 30 */
  readonly perAddressPerMinute: number;
  /** Attempts per minute per account name. @default 10 */
  readonly perAccountPerMinute: number;
  readonly now: () => number;
}

export interface LoginThrottle {
  /** Throws RATE_LIMITED when either bucket is empty; `account` null: the address bucket only. */
  attempt(clientAddress: string, account: string | null): void;
}

export function createLoginThrottle(options: LoginThrottleOptions): LoginThrottle {
  const limiter = (perMinute: number) =>
    perMinute <= 0 ? undefined : createRateLimiter({ requestsPerSecond: perMinute / 60, burst: Math.max(1, Math.ceil(perMinute / 3)), now: options.now });
  const byAddress = limiter(options.perAddressPerMinute);
  const byAccount = limiter(options.perAccountPerMinute);
  return {
    attempt(clientAddress, account) {
      for (const [bucket, key] of [[byAddress, clientAddress], [byAccount, account?.toLowerCase() ?? null]] as const) {
        const decision = key === null ? undefined : bucket?.take(key);
        if (decision && !decision.allowed) {
          throw new AppError(ErrorCode.RateLimited, `too many sign-in attempts; retry after ${decision.retryAfterSeconds} s`, { 'retry-after': String(decision.retryAfterSeconds) });
        }
      }
    },
  };
}
