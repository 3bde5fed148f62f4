/**
 * `/api/v1/dev/*`: shortcuts for people building UIs and tests against a development server.
 * Mounted only with SVC_ENV=development (the release build does not contain this module), hence
 * `auth: 'none'`. Every change goes through the product's services: real actors, real commits.
 *
 * - `GET  /api/v1/dev/info`  -> environment, version and counts of what the server holds.
 * - `POST /api/v1/dev/seed`  `{"services": n, "nodeId"?: "dev/demo", "historyDays"?: d}` -> n demo services (n <= 5000);
 *   with `historyDays` (1..90) they join SLA group `demo` and get d days of status history, maintenance windows
 *   and a demo SLA (demoSlaSeed.ts).
 * - `POST /api/v1/dev/token` `{"username": "..."}` -> a session for that user, no password needed.
 */
import type { ServiceStatus } from '../../core/domain/service.js';
import { errorReply, jsonReply } from '../../platform/gateway/http.js';
import { KiB, type Route } from '../../platform/gateway/routes.js';
import type { DevServices } from './devServices.js';
import { badRequest, nodePath, parseJsonObject, Warnings } from '../../core/protocol/fields.js';
import { DEMO_SLA_GROUP, MAX_HISTORY_DAYS, seedDemoSla, type SeededService } from './demoSlaSeed.js';

export const MAX_SEED_SERVICES = 5000;
export const DEFAULT_SEED_NODE = 'dev/demo';
/** createService calls in flight at once: they share group commits instead of waiting one by one. */
const SEED_CONCURRENCY = 250;
const DEMO_STATUSES: readonly ServiceStatus[] = ['OPERATIONAL', 'OPERATIONAL', 'OPERATIONAL', 'DEGRADED', 'DOWN', 'MAINTENANCE', 'UNKNOWN'];

export function devApiRoutes(app: DevServices): Route[] {
  return [
    devRoute('GET', '/api/v1/dev/info', async () => jsonReply(200, info(app))),
    devRoute('POST', '/api/v1/dev/seed', async ({ body }) => {
      const input = readBody(body, ['services', 'nodeId', 'historyDays']);
      const count = input['services'];
      if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_SEED_SERVICES) {
        throw badRequest(`field "services" must be a whole number from 1 to ${MAX_SEED_SERVICES}`);
      }
      const days = input['historyDays'];
      if (days !== undefined && (typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > MAX_HISTORY_DAYS)) {
        throw badRequest(`field "historyDays" must be a whole number from 1 to ${MAX_HISTORY_DAYS}`);
      }
      const nodeId = input['nodeId'] === undefined ? DEFAULT_SEED_NODE : nodePath(input['nodeId'], 'nodeId', new Warnings());
      const created = await seedServices(app, nodeId, count, days === undefined ? null : DEMO_SLA_GROUP);
      const ids = created.map((service) => service.id);
      if (days === undefined) return jsonReply(201, { created: ids.length, nodeId, ids });
      const history = await seedDemoSla(app, created, days);
      return jsonReply(201, { created: ids.length, nodeId, ids, history: { days, slaGroup: DEMO_SLA_GROUP, ...history } });
    }),
    devRoute('POST', '/api/v1/dev/token', async ({ body, head, clientAddress }) => {
      const username = readBody(body, ['username'])['username'];
      if (typeof username !== 'string' || username.trim() === '') throw badRequest('field "username" is required');
      const user = app.users.byName(username.trim());
      if (!user) return errorReply(404, `no user named ${username.trim()}`);
      const signedIn = await app.auth.signInWithoutPassword(user.id, {
        address: clientAddress,
        userAgent: head.headers['user-agent'] ?? null,
      });
      return jsonReply(200, {
        accessToken: signedIn.accessToken,
        refreshToken: signedIn.refreshToken,
        expiresAt: new Date(signedIn.expiresAt).toISOString(),
        refreshExpiresAt: new Date(signedIn.refreshExpiresAt).toISOString(),
        sessionId: signedIn.sessionId,
        user: { id: signedIn.user.id, username: signedIn.user.username, role: signedIn.user.role },
      });
    }),
  ];
}

function devRoute(method: Route['method'], path: string, handle: Route['handle']): Route {
  return { method, path, auth: 'none', rateLimited: true, bodyLimit: method === 'POST' ? 4 * KiB : 0, handle };
}

/** The JSON object body with only the `allowed` fields (a typo is a 400, not silently ignored). */
function readBody(body: Buffer, allowed: readonly string[]): Record<string, unknown> {
  const input = parseJsonObject(body);
  const unknown = Object.keys(input).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) throw badRequest(`unknown field "${unknown[0]}"; this endpoint takes ${allowed.map((f) => `"${f}"`).join(', ')}`);
  return input;
}

function info(app: DevServices) {
  const now = app.clock.now();
  let openSessions = 0;
  for (const user of app.users.all()) openSessions += app.sessions.openSessionsOf(user.id, now).length;
  return {
    // This module is mounted only in development.
    env: 'development',
    version: app.version,
    counts: {
      services: app.fleet.services.size,
      nodes: app.fleet.nodes.size,
      users: app.users.size,
      groups: app.groups.size,
      openSessions,
    },
  };
}

/** `count` new services under `nodeId`, named demo-1, demo-2, ... skipping names already taken. */
async function seedServices(app: DevServices, nodeId: string, count: number, slaGroup: string | null): Promise<SeededService[]> {
  const names: string[] = [];
  for (let n = 1; names.length < count; n += 1) {
    const name = `demo-${n}`;
    if (!app.fleet.services.find(nodeId, name)) names.push(name);
  }
  const created: SeededService[] = [];
  for (let start = 0; start < names.length; start += SEED_CONCURRENCY) {
    const batch = names.slice(start, start + SEED_CONCURRENCY).map((name, i) => {
      const n = start + i;
      return app.serviceCommands.createService({
        name,
        nodePath: nodeId,
        displayName: `Demo service ${name.slice('demo-'.length)}`,
        status: DEMO_STATUSES[n % DEMO_STATUSES.length]!,
        statusMessage: null,
        criticality: ['low', 'medium', 'high', 'critical'][n % 4]!,
        serviceType: ['api', 'database', 'queue', 'cache', 'worker'][n % 5]!,
        tags: ['demo'],
        slaGroup,
        metadata: { seeded: true },
        ownerId: null,
        teamId: null,
        dependencies: [],
      });
    });
    for (const service of await Promise.all(batch)) created.push({ id: service.id, name: service.name, createdAt: service.statusSince });
  }
  return created;
}
