/**
 * The parts of the request pipeline that every gateway application of one server shares, built once from the
 * security and rate-limit settings: the machine key, the throttle, the trusted proxies, the origin policy and CORS.
 * Its own module because one server builds several applications on them (the probes' while it loads, the
 * product's, cluster mode's for forwarded requests, the metrics listener's), and they must share one throttle:
 * a client's budget is the same whichever of them answers it.
 */
import type { Logger } from '../log/logger.js';
import type { Clock } from '../scheduler/index.js';
import { createAddressMatcher, type AddressRange } from './addressRange.js';
import { createCors } from './cors.js';
import type { GatewayOptions } from './gatewayApplication.js';
import { createMachineAuth } from './machineAuth.js';
import { createOriginPolicy, type OriginPolicy } from './originPolicy.js';
import type { RateBudget } from './rateLimiter.js';
import type { RequestStats } from './requestStats.js';
import { createRequestThrottle } from './requestThrottle.js';

/** What a gateway application takes besides its router, who signs people in and where cluster mode forwards. */
export type GatewayParts = Omit<GatewayOptions, 'router' | 'personAuth' | 'elsewhere'>;

export interface GatewayPartsOptions {
  /** The security settings (`Config.security`). */
  readonly security: {
    readonly operatorApiKey: string;
    readonly trustedProxies: readonly AddressRange[];
    readonly corsAllowedOrigins: readonly string[];
  };
  /** Per client address (`Config.rateLimit`). */
  readonly rateLimit: RateBudget;
  readonly production: boolean;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Answers tallied by route template and status class (metrics); absent: nothing is timed. */
  readonly requestStats?: RequestStats;
}

/** The shared parts, and the origin policy the WebSocket upgrade checks too. */
export function createGatewayParts(options: GatewayPartsOptions): { gateway: GatewayParts; origins: OriginPolicy } {
  const { security, production, clock, logger } = options;
  const machineAuth = createMachineAuth(security.operatorApiKey);
  const throttle = createRequestThrottle({ perAddress: options.rateLimit, clock, logger });
  const isTrustedProxy = createAddressMatcher(security.trustedProxies);
  const origins = createOriginPolicy(security.corsAllowedOrigins, isTrustedProxy);
  const cors = createCors(origins);
  const gateway = {
    throttle,
    machineAuth,
    cors,
    isTrustedProxy,
    production,
    logger,
    ...(options.requestStats ? { requestStats: options.requestStats } : {}),
  };
  return { gateway, origins };
}
