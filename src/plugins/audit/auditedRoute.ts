/** A state-changing REST route (every POST) run inside an audit scope. GETs change nothing and are not recorded. */
import type { GatewayRoute, RestRequest, Route, StreamingRestRequest, StreamingRoute } from '../../platform/gateway/routes.js';
import type { AuditTrail } from './auditTrail.js';

/** Bodies up to this size are summarised in the record (redacted, bounded); larger ones by size only. */
const SUMMARISED_BODY_BYTES = 64 * 1024;

export function auditedRoute(route: GatewayRoute, audit: AuditTrail): GatewayRoute {
  if (route.method !== 'POST') return route;
  const call = (request: RestRequest | StreamingRestRequest, detail: () => unknown) => ({
    kind: 'rest' as const,
    action: `POST ${route.path}`,
    actorId: request.viewer?.userId ?? null,
    actor: route.auth === 'machine' ? machineActor(request.agentKey) : (request.viewer?.username ?? null),
    sourceAddress: request.clientAddress,
    detail,
  });
  if (route.body === 'stream') {
    // A streamed body (an upload) is read by its handler, once: the record names the path's parameters, not the bytes.
    const streaming: StreamingRoute = route;
    return {
      ...streaming,
      handle: (request: StreamingRestRequest) =>
        audit.run(
          call(request, () => ({ params: { ...request.params } })),
          () => streaming.handle(request),
        ),
    } satisfies StreamingRoute;
  }
  const buffered: Route = route;
  return {
    ...buffered,
    handle: (request) =>
      audit.run(
        call(request, () => summary(request.body)),
        () => buffered.handle(request),
      ),
  };
}

/** The shared operator key is `api-key`; an agent key is named with its id (names need not be unique). */
function machineActor(agentKey: { readonly id: string; readonly name: string } | null): string {
  return agentKey === null ? 'api-key' : `agent-key "${agentKey.name}" (${agentKey.id})`;
}

function summary(body: Buffer): unknown {
  if (body.length > SUMMARISED_BODY_BYTES) return { bytes: body.length };
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return { bytes: body.length };
  }
}
