/**
 * What an operator needs to know about sign-ins: failures and throttled attempts, each at most one
 * line a minute per account and address with the count since the last (src/platform/log/rateLimitedLog.ts),
 * so a password-guessing run shows up without flooding the log. A decorator of the sign-in throttle,
 * which every sign-in path already calls (`check`, then `failed` or `succeeded`): no path can skip it.
 * The account is the name a person typed (or null: a reset-token redemption); never a password.
 */
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import type { Logger } from '../../platform/log/logger.js';
import { createRateLimitedLog } from '../../platform/log/rateLimitedLog.js';
import type { Clock } from '../../platform/scheduler/index.js';
import type { LoginThrottle } from './loginThrottle.js';

export const SIGN_IN_FAILED_MESSAGE = 'sign-in failed';
export const SIGN_IN_THROTTLED_MESSAGE = 'sign-in refused by the sign-in throttle';

export function loggedLoginThrottle(throttle: LoginThrottle, logger: Logger, clock: Clock): LoginThrottle {
  const failures = createRateLimitedLog({ logger, clock, level: 'warn', message: SIGN_IN_FAILED_MESSAGE, countField: 'failures' });
  const throttled = createRateLimitedLog({ logger, clock, level: 'warn', message: SIGN_IN_THROTTLED_MESSAGE, countField: 'refused' });
  const key = (account: string | null, address: string) => `${account ?? ''}\u0000${address}`;
  return {
    async check(account, address) {
      try {
        await throttle.check(account, address);
      } catch (error) {
        if (error instanceof AppError && error.code === ErrorCode.RateLimited) throttled.note(key(account, address), { account, address });
        throw error;
      }
    },
    async failed(account, address) {
      await throttle.failed(account, address);
      failures.note(key(account, address), { account, address });
    },
    succeeded: (account, address) => throttle.succeeded(account, address),
  };
}
