/**
 * Which routes honour `Idempotency-Key`, and whose key it is: every state-changing route whose body
 * is read whole (POST, PUT, PATCH, DELETE) and that knows its caller. A machine request's key belongs
 * to the agent key it came with (`agent:<key id>`) or else to the shared operator key (`operator`);
 * a person's to their user (`person:<user id>`), on `auth: 'jwt'` routes and on POST /graphql (whose
 * bearer token is checked here only when the header is present). Streamed uploads and public routes
 * are left as they are.
 */
import type { GatewayRoute, Route } from '../gateway/routes.js';
import { bearerToken, checkPerson, type PersonAuthenticator } from '../gateway/personAuth.js';
import { idempotentRoute, type IdempotencyDeps, type ScopeOf } from './idempotentRoute.js';

const CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const GRAPHQL_PATH = '/graphql';

const machineScope: ScopeOf = async (request) => ({
  scope: request.agentKey === null ? 'operator' : `agent:${request.agentKey.id}`,
});

const viewerScope: ScopeOf = async (request) =>
  request.viewer === null ? { refusal: 'Idempotency-Key needs a signed-in caller' } : { scope: `person:${request.viewer.userId}` };

function bearerScope(auth: PersonAuthenticator): ScopeOf {
  return async (request) => {
    const token = bearerToken(request.head);
    if ('refusal' in token) return { refusal: 'Idempotency-Key needs a signed-in caller: send Authorization: Bearer <accessToken>' };
    const person = await checkPerson(auth, token.token);
    // An invalid token is refused by the executor itself with its usual 401; no key is involved.
    return person.ok ? { scope: `person:${person.viewer.userId}` } : { scope: `unauthenticated:${token.token}` };
  };
}

export function keyedRoutes(
  routes: readonly GatewayRoute[],
  deps: IdempotencyDeps & { readonly personAuth: PersonAuthenticator },
): GatewayRoute[] {
  const graphql = bearerScope(deps.personAuth);
  return routes.map((route) => {
    if (route.body === 'stream' || !CHANGING.has(route.method)) return route;
    const buffered = route as Route;
    if (route.auth === 'machine') return idempotentRoute(buffered, deps, machineScope);
    if (route.auth === 'jwt') return idempotentRoute(buffered, deps, viewerScope);
    if (route.path === GRAPHQL_PATH) return idempotentRoute(buffered, deps, graphql);
    return route;
  });
}
