/** `dashboardStats` over GraphQL: month-to-date figures of the whole fleet (see dashboardStats.ts). */
import { authorize, placeGate } from '../auth/roles.js';
import type { SchemaModule } from '../graphql/module.js';

export const dashboardSchema: SchemaModule = {
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
    }

    extend type Query {
      dashboardStats: DashboardStats!
    }
  `,
  resolvers: {
    Query: {
      // Services outside the viewer's environments are not counted (src/policy).
      dashboardStats: (_root, _args, ctx) => (authorize(ctx.viewer, 'dashboard:read'), ctx.app.dashboard.get(placeGate(ctx.viewer))),
    },
  },
};
