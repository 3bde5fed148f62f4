/**
 * The machine API's start and stop of a maintenance window (POST START_PATH and STOP_PATH of
 * publicNames.ts; SPEC.md "Exclusion windows"), API key, both variants; start always answers
 * `windowId` (DESIGN.md). Each handler: parse -> command (apply, await commit) -> reply. Bodies are
 * capped as push bodies (64 KiB).
 */
import type { ServiceRegistry } from '../../../core/fleet/serviceRegistry.js';
import { jsonReply } from '../../../platform/gateway/http.js';
import type { Route } from '../../../platform/gateway/routes.js';
import { parseJsonObject } from '../../../core/protocol/fields.js';
import { BODY_LIMITS } from '../../../core/rest/machineRoutes.js';
import { API_KEY_ACTOR, type MaintenanceWindow } from './maintenanceWindow.js';
import { parseStartWindow, parseStopWindow } from './maintenanceWindowBodies.js';
import type { MaintenanceWindowService } from './maintenanceWindowService.js';
import { START_PATH, STOP_PATH } from './publicNames.js';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function maintenanceWindowRoutes(windows: MaintenanceWindowService, services: ServiceRegistry): Route[] {
  const describe = (w: MaintenanceWindow) => {
    const service = services.get(w.serviceId);
    return {
      windowId: w.id,
      serviceId: w.serviceId,
      serviceName: service?.name ?? null,
      nodeId: service?.nodePath ?? null,
      reason: w.reason,
      startedAt: iso(w.startedAt),
      expectedEndAt: iso(w.expectedEndAt),
      endedAt: iso(w.endedAt),
      active: w.endedAt === null,
      serviceStatus: service?.status ?? null,
    };
  };
  return [
    {
      method: 'POST',
      path: START_PATH,
      auth: 'machine',
      rateLimited: true,
      bodyLimit: BODY_LIMITS.push,
      async handle({ body }) {
        const { value, warnings } = parseStartWindow(parseJsonObject(body));
        const window = await windows.start(value, API_KEY_ACTOR);
        return jsonReply(200, { success: true, ...describe(window), warnings });
      },
    },
    {
      method: 'POST',
      path: STOP_PATH,
      auth: 'machine',
      rateLimited: true,
      bodyLimit: BODY_LIMITS.push,
      async handle({ body }) {
        const { value, warnings } = parseStopWindow(parseJsonObject(body));
        const window = await windows.stop(value, API_KEY_ACTOR);
        return jsonReply(200, { success: true, ...describe(window), warnings });
      },
    },
  ];
}
