/**
 * Liveness and readiness probes, unauthenticated. `/health` touches nothing and is never rate
 * limited; `/ready` reaches the database, so it counts against the caller's rate limit.
 */
import { errorReply, jsonReply } from '../../platform/gateway/http.js';
import type { Route } from '../../platform/gateway/routes.js';
import type { RestContext } from './context.js';

export function probeRoutes(ctx: RestContext): Route[] {
  return [
    {
      method: 'GET',
      path: '/health',
      auth: 'none',
      rateLimited: false,
      bodyLimit: 0,
      handle: async () => jsonReply(200, { status: 'healthy', version: ctx.version }),
    },
    {
      method: 'GET',
      path: '/ready',
      auth: 'none',
      rateLimited: true,
      bodyLimit: 0,
      handle: async () => {
        const started = performance.now();
        try {
          await ctx.database.ping();
        } catch (error) {
          return errorReply(503, `not ready: database check failed (${error instanceof Error ? error.message : String(error)})`);
        }
        return jsonReply(200, {
          status: 'ready',
          version: ctx.version,
          checks: { database: { status: 'up', kind: ctx.database.kind, latencyMs: Math.round((performance.now() - started) * 100) / 100 } },
        });
      },
    },
  ];
}
