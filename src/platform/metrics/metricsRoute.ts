/**
 * `GET /metrics`: the exposition in the format the scraper asks for (exposition.ts), behind
 * SVC_METRICS_TOKEN when one is set. The token is compared as the operator key is (machineAuth.ts):
 * both sides hashed, then `timingSafeEqual`, so neither its value nor its length leaks through timing.
 */
import { hash, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '../errors/catalog.js';
import { catalogReply } from '../gateway/http.js';
import { bearerToken } from '../gateway/personAuth.js';
import type { Route } from '../gateway/routes.js';
import { CONTENT_TYPES, negotiateFormat } from './exposition.js';
import type { MetricsRegistry } from './metricsRegistry.js';

export const METRICS_PATH = '/metrics';

export interface MetricsRouteOptions {
  readonly metrics: MetricsRegistry;
  /** The bearer token asked for; undefined: none (the route is only on its own listener then). */
  readonly token: string | undefined;
  /** On the main port the per-address limit applies as to any route; a listener of its own has none. */
  readonly rateLimited: boolean;
}

const digest = (value: string): Buffer => hash('sha256', value, 'buffer');

export function metricsRoute(options: MetricsRouteOptions): Route {
  const { metrics } = options;
  const expected = options.token === undefined ? undefined : digest(options.token);
  const refuse = (why: string) =>
    catalogReply(ErrorCode.Unauthenticated, `${why}: GET ${METRICS_PATH} needs "Authorization: Bearer <SVC_METRICS_TOKEN>"`, {
      'www-authenticate': 'Bearer realm="metrics"',
    });
  return {
    method: 'GET',
    path: METRICS_PATH,
    auth: 'none',
    rateLimited: options.rateLimited,
    bodyLimit: 0,
    async handle({ head }) {
      if (expected !== undefined) {
        const bearer = bearerToken(head);
        if ('refusal' in bearer) return refuse('no bearer token');
        if (!timingSafeEqual(digest(bearer.token), expected)) return refuse('the bearer token is not SVC_METRICS_TOKEN');
      }
      const format = negotiateFormat(head.headers['accept']);
      const body = await metrics.exposition(format);
      return { status: 200, headers: { 'content-type': CONTENT_TYPES[format] }, body };
    },
  };
}
