/**
 * POST /graphql on the gateway: the body cap of SPEC.md (256 KiB) is enforced while reading; the
 * gateway's own refusals here (405, 413, 415, 429) are GraphQL-shaped `{"errors": [...]}`.
 */
import { KiB, type Route } from '../gateway/routes.js';
import type { createGraphQLExecutor } from './executor.js';

export const GRAPHQL_BODY_LIMIT = 256 * KiB;

export function graphqlRoute(executor: ReturnType<typeof createGraphQLExecutor>): Route {
  return {
    method: 'POST',
    path: '/graphql',
    auth: 'none',
    rateLimited: true,
    bodyLimit: GRAPHQL_BODY_LIMIT,
    refusals: 'graphql',
    handle: (request) => executor.handle(request),
  };
}
