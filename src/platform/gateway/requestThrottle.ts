/**
 * Which bucket a request is counted in, and the log of refusals. A request is counted against its
 * client address (SPEC.md: 10 requests a second, burst 20, by default), unless it is authenticated
 * with an agent key that has a request budget of its own (src/plugins/agentKeys): then against that key's
 * bucket only, wherever it comes from (many agents behind one address, a NAT). Every refusal goes
 * to the throttle log (throttleLog.ts).
 *
 * `take(address)` is the per-address decision alone, so the WebSocket endpoint uses it as it used
 * the plain limiter.
 */
import type { Clock } from '../scheduler/index.js';
import type { Logger } from '../log/logger.js';
import { createRateLimiter, type RateBudget, type RateDecision } from './rateLimiter.js';
import { createThrottleLog } from './throttleLog.js';

/** An agent key with a budget of its own. */
export interface BudgetedKey {
  readonly id: string;
  readonly name: string;
  readonly budget: RateBudget;
}

export interface RequestThrottle {
  /** Counts the request against its client address's bucket. */
  take(address: string): RateDecision;
  /** Addresses tracked. */
  readonly size: number;
  /** Counts the request against the key's own bucket. */
  takeForKey(key: BudgetedKey): RateDecision;
  stop(): void;
}

export interface RequestThrottleOptions {
  /** Per client address. */
  readonly perAddress: RateBudget;
  readonly clock: Clock;
  readonly logger: Logger;
}

export function createRequestThrottle(options: RequestThrottleOptions): RequestThrottle {
  const { perAddress, clock } = options;
  const addresses = createRateLimiter({ ...perAddress, now: clock.now });
  // Keys are few (an admin makes each one) and the table is bounded all the same.
  const keys = createRateLimiter({ ...perAddress, maxClients: 100_000, now: clock.now });
  const log = createThrottleLog({ logger: options.logger, clock });
  return {
    get size() {
      return addresses.size;
    },
    take(address) {
      const decision = addresses.take(address);
      if (!decision.allowed) log.refused({ key: `address ${address}`, fields: { address, ...perAddress } });
      return decision;
    },
    takeForKey(key) {
      const decision = keys.take(key.id, key.budget);
      if (!decision.allowed) log.refused({ key: `agent key ${key.id}`, fields: { agentKeyId: key.id, agentKey: key.name, ...key.budget } });
      return decision;
    },
    stop() {
      log.stop();
    },
  };
}
