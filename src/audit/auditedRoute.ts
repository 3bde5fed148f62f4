/** A state-changing REST route (every POST) run inside an audit scope. GETs change nothing and are not recorded. */
import type { Route } from '../gateway/routes.js';
import type { AuditTrail } from './auditTrail.js';

/** Bodies up to this size are summarised in the record (redacted, bounded); larger ones by size only. */
const SUMMARISED_BODY_BYTES = 64 * 1024;

export function auditedRoute(route: Route, audit: AuditTrail): Route {
  if (route.method !== 'POST') return route;
  return {
    ...route,
    handle: (request) =>
      audit.run(
        {
          kind: 'rest',
          action: `POST ${route.path}`,
          actorId: null,
          actor: route.auth === 'machine' ? 'api-key' : null,
          sourceAddress: request.clientAddress,
          detail: () => summary(request.body),
        },
        () => route.handle(request),
      ),
  };
}

function summary(body: Buffer): unknown {
  if (body.length > SUMMARISED_BODY_BYTES) return { bytes: body.length };
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return { bytes: body.length };
  }
}
