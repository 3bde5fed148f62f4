/**
 * The development module: the GraphQL playground at `/` and the `/api/v1/dev/*` endpoints.
 * src/main.ts loads it only with SVC_ENV=development, by a specifier the compiler does not follow;
 * tsconfig.build.json excludes src/plugins/dev, so the release build (dist/, the Docker image) has none of it.
 */
import type { Route } from '../../platform/gateway/routes.js';
import type { DevServices } from './devServices.js';
import { devApiRoutes } from './devRoutes.js';
import { playgroundRoute } from './playground.js';

export function devRoutes(app: DevServices): Route[] {
  return [playgroundRoute(), ...devApiRoutes(app)];
}
