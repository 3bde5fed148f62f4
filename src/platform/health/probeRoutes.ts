/**
 * The probes, unauthenticated, served from the moment the server listens (while the modules still
 * load: startingApplication.ts) until it exits:
 *
 * - `/livez`: the process answers; no I/O, never rate limited. Passes while loading and draining
 *   (an orchestrator must not kill a process that is loading or finishing its work).
 * - `/readyz`: `application/health+json` with every readiness check (readiness.ts), answered from
 *   cached checks (no database round trip per probe), never rate limited; 503 while loading,
 *   draining, or when a check fails.
 * - `/health` and `/ready`: SPEC.md's shapes. `/health` touches nothing and is never rate limited;
 *   `/ready` makes a database round trip per call, so it counts against the caller's rate limit,
 *   and answers 503 while loading or draining too.
 */
import { errorReply, jsonReply, type Reply } from '../gateway/http.js';
import type { Route } from '../gateway/routes.js';
import type { Database } from '../persistence/database.js';
import type { Readiness } from './readiness.js';

export interface ProbeContext {
  readonly readiness: Readiness;
  readonly database: Pick<Database, 'kind' | 'ping'>;
  /** The product's version (`releaseId` in health+json, `version` in SPEC's shapes). */
  readonly version: string;
}

export const HEALTH_JSON = 'application/health+json';
/** A client refused while the server loads or drains tries again after this many seconds (or elsewhere). */
export const RETRY_AFTER_SECONDS = '1';

const probe = (path: string, rateLimited: boolean, handle: () => Promise<Reply>): Route => ({
  method: 'GET',
  path,
  auth: 'none',
  rateLimited,
  bodyLimit: 0,
  handle,
});

/** The paths of the probes: the only ones served while the server loads. */
export const PROBE_PATHS: ReadonlySet<string> = new Set(['/livez', '/readyz', '/health', '/ready']);

export function probeRoutes(ctx: ProbeContext): Route[] {
  const { readiness, database, version } = ctx;
  const healthJson = { 'content-type': HEALTH_JSON };
  return [
    probe('/livez', false, async () => jsonReply(200, { status: 'pass', releaseId: version }, healthJson)),
    probe('/readyz', false, async () => {
      const report = readiness.report();
      const ready = report.status !== 'fail';
      return jsonReply(
        ready ? 200 : 503,
        { status: report.status, releaseId: version, checks: report.checks },
        ready ? healthJson : { ...healthJson, 'retry-after': RETRY_AFTER_SECONDS },
      );
    }),
    probe('/health', false, async () => jsonReply(200, { status: 'healthy', version })),
    probe('/ready', true, async () => {
      const notYet = !readiness.isLoaded
        ? 'not ready: the server is loading its state'
        : readiness.isDraining
          ? 'not ready: the server is shutting down'
          : undefined;
      if (notYet !== undefined) return errorReply(503, notYet, { 'retry-after': RETRY_AFTER_SECONDS });
      const started = performance.now();
      try {
        await database.ping();
      } catch (error) {
        return errorReply(503, `not ready: database check failed (${error instanceof Error ? error.message : String(error)})`);
      }
      return jsonReply(200, {
        status: 'ready',
        version,
        checks: { database: { status: 'up', kind: database.kind, latencyMs: Math.round((performance.now() - started) * 100) / 100 } },
      });
    }),
  ];
}
