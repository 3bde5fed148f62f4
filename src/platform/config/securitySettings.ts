/**
 * Who may reach the server and how hard: the request rate limit (`SVC_RATE_LIMIT_*`) and the `SVC_SECURITY_*`
 * settings (the operator key, the CORS origins, where webhooks may go), and the proxies whose
 * `X-Forwarded-For` is believed (`SVC_TRUSTED_PROXIES`). Their own module because they guard the same
 * surface and share its production rule: nothing here may be opened wide in production.
 */
import { parseAddressRange, type AddressRange } from '../gateway/addressRange.js';
import type { Environment } from './settings.js';
import { boolean, integer, list, type EnvSource, type ReadSetting } from './settingValues.js';

export interface SecurityConfig {
  /** Empty string: machine endpoints are open (a warning is logged at start). */
  readonly operatorApiKey: string;
  readonly corsAllowedOrigins: readonly string[];
  readonly webhookHostAllowlist: readonly string[];
  readonly allowPrivateWebhooks: boolean;
  /** Peers whose `X-Forwarded-For` is believed. Anyone else is identified by the socket address. */
  readonly trustedProxies: readonly AddressRange[];
}

export interface RateLimitConfig {
  /** `0` disables the limiter; only allowed outside production. */
  readonly requestsPerSecond: number;
  readonly burst: number;
}

export function rateLimitSettings(read: ReadSetting, env: Environment, problems: string[]): RateLimitConfig {
  const requestsPerSecond = integer(read('SVC_RATE_LIMIT_RPS'), 'SVC_RATE_LIMIT_RPS', { min: 0, max: 1_000_000, fallback: 10 }, problems);
  const burst = integer(read('SVC_RATE_LIMIT_BURST'), 'SVC_RATE_LIMIT_BURST', { min: 1, max: 1_000_000, fallback: 20 }, problems);
  if (env === 'production' && requestsPerSecond === 0) {
    problems.push('SVC_RATE_LIMIT_RPS=0 (limiter off) is refused in production; the rate limit is always on there');
  }
  return { requestsPerSecond, burst };
}

export function securitySettings(read: ReadSetting, source: EnvSource, env: Environment, problems: string[]): SecurityConfig {
  const corsAllowedOrigins = list(read('SVC_SECURITY_CORS_ALLOWED_ORIGINS'));
  for (const origin of corsAllowedOrigins) {
    if (!isOrigin(origin)) {
      problems.push(
        `SVC_SECURITY_CORS_ALLOWED_ORIGINS: "${origin}" is not an origin like https://ops.example.com (credentials are allowed, so "*" is refused)`,
      );
    }
  }
  const allowPrivateWebhooks = boolean(read('SVC_SECURITY_ALLOW_PRIVATE_WEBHOOKS'), 'SVC_SECURITY_ALLOW_PRIVATE_WEBHOOKS', problems);
  if (allowPrivateWebhooks && env === 'production') {
    problems.push(
      'SVC_SECURITY_ALLOW_PRIVATE_WEBHOOKS=true is for development only; in production name the hosts in SVC_SECURITY_WEBHOOK_HOST_ALLOWLIST',
    );
  }
  const trustedProxies: AddressRange[] = [];
  for (const entry of list(read('SVC_TRUSTED_PROXIES'))) {
    const range = parseAddressRange(entry);
    if (range === undefined) problems.push(`SVC_TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
    else trustedProxies.push(range);
  }

  return {
    operatorApiKey: source['SVC_SECURITY_OPERATOR_API_KEY'] ?? '',
    corsAllowedOrigins,
    webhookHostAllowlist: list(read('SVC_SECURITY_WEBHOOK_HOST_ALLOWLIST')).map((h) => h.toLowerCase()),
    allowPrivateWebhooks,
    trustedProxies,
  };
}

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value.replace(/\/$/, '');
  } catch {
    return false;
  }
}
