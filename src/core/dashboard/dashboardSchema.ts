/** `dashboardStats` over GraphQL: month-to-date figures of the whole fleet (see dashboardStats.ts). */
import type { CoreServices } from '../coreServices.js';
import { authorize, placeGate } from '../auth/roles.js';
import type { StorageProblem } from '../fleet/storageIndex.js';
import type { GraphQLContext } from '../../platform/graphql/context.js';
import type { SchemaModule } from '../../platform/graphql/module.js';

export const dashboardSchema: SchemaModule<CoreServices> = {
  typeDefs: /* GraphQL */ `
    type DashboardStats {
      totalServices: Int!
      "Services in an SLA group that declares an uptime target."
      servicesWithSla: Int!
      metCount: Int!
      atRiskCount: Int!
      breachedCount: Int!
      "Mean month-to-date uptime percent of the services with status data."
      averageUptime: Float!
      "Services whose latest storage report is warning (10 % to 30 % free), whatever their status. Counted now, not cached."
      storageWarningCount: Int!
      "Services whose latest storage report is critical (less than 10 % free), whatever their status. Counted now, not cached."
      storageCriticalCount: Int!
    }

    extend type Query {
      dashboardStats: DashboardStats!
    }
  `,
  resolvers: {
    // Read from the registry's storage index at each request (a set's size; through the viewer's gate, its few members).
    DashboardStats: {
      storageWarningCount: (_stats: unknown, _args: unknown, ctx: GraphQLContext<CoreServices>) => storageCount(ctx, 'warning'),
      storageCriticalCount: (_stats: unknown, _args: unknown, ctx: GraphQLContext<CoreServices>) => storageCount(ctx, 'critical'),
    },
    Query: {
      // Services outside the viewer's environments are not counted (src/plugins/policy).
      dashboardStats: (_root, _args, ctx) => (authorize(ctx.viewer, 'dashboard:read'), ctx.app.dashboard.get(placeGate(ctx.viewer))),
    },
  },
};

function storageCount(ctx: GraphQLContext<CoreServices>, problem: StorageProblem): number {
  const { services } = ctx.app.fleet;
  const gate = placeGate(ctx.viewer);
  const ids = services.withStorageProblem(problem);
  if (gate === null) return ids.size;
  let n = 0;
  for (const id of ids) if (gate.admits(services.get(id)!.nodePath)) n += 1;
  return n;
}
