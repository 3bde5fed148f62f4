/**
 * A test-only module gated by a plugin (`ticketing`, which has no module in the product yet),
 * registered through startServer's `extraModules`; nothing of it ships. It has one of each thing
 * the gate covers: a REST route, a query, a mutation, a field added to core's `Service`, a
 * subscription of its own, and an entity type whose events reach the generic `entityEvents`
 * subscription. None of it checks the
 * licence itself: the composer's gate (src/platform/modules/pluginGate.ts) does.
 */
import type { AppServices } from '../../src/plugins/productModules.js';
import { jsonReply } from '../../src/platform/gateway/http.js';
import type { ProductModule } from '../../src/platform/modules/module.js';
import { scopeOf } from '../../src/plugins/realtime/realtimeSchema.js';

export const GATED_PLUGIN = 'ticketing';
export const GATED_ROUTE = '/test/gated-module';
export const GATED_ENTITY_TYPE = 'gated-thing';
/** The channel of its own subscription field, `gatedTicks`. */
export const GATED_CHANNEL = 'gated-ticks';

export const gatedModule: ProductModule<Pick<AppServices, 'realtime' | 'clock'>> = {
  name: 'gated-test-module',
  plugin: GATED_PLUGIN,
  schema: [
    {
      typeDefs: /* GraphQL */ `
        extend type Query {
          gatedGreeting: String!
        }
        extend type Mutation {
          "Publishes an event about a gated thing on its entityEvents channel."
          pokeGatedThing(id: ID!): Boolean!
        }
        extend type Service {
          gatedLabel: String!
        }
        extend type Subscription {
          "Events published on the gated module's own channel."
          gatedTicks: String!
        }
      `,
      resolvers: {
        Query: { gatedGreeting: () => 'hello from a gated module' },
        Mutation: {
          pokeGatedThing(_root, args: { id: string }, ctx) {
            ctx.app.realtime.publishEntityEvent(GATED_ENTITY_TYPE, args.id, 'gated:poked', { id: args.id }, ctx.app.clock.now());
            return true;
          },
        },
        Service: { gatedLabel: (service: { name: string }) => `gated ${service.name}` },
        Subscription: {
          gatedTicks: {
            subscribe: (_root: unknown, _args: unknown, ctx) => ctx.app.realtime.channelStream(scopeOf(ctx), GATED_CHANNEL, 'service:read'),
          },
        },
      },
    },
  ],
  create: () => ({
    services: {},
    routes: [
      {
        method: 'GET',
        path: GATED_ROUTE,
        auth: 'none',
        rateLimited: false,
        bodyLimit: 0,
        handle: async () => jsonReply(200, { gated: 'open' }),
      },
    ],
    entityTypes: [{ name: GATED_ENTITY_TYPE, read: 'service:read', write: 'service:write', exists: () => true }],
  }),
};
