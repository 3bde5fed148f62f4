/**
 * The executable schema, assembled from each capability's module. A new capability (SLA,
 * ticketing, webhooks) adds its module to the list; `extend type Query/Mutation` keeps each one's
 * operations next to its resolvers.
 */
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import { authSchema } from '../auth/authSchema.js';
import { dashboardSchema } from '../dashboard/dashboardSchema.js';
import { licenseSchema } from '../license/licenseSchema.js';
import { auditSchema } from '../audit/auditSchema.js';
import type { GraphQLFieldResolver } from 'graphql';
import type { GraphQLContext } from './context.js';
import { agentCommandSchema } from '../operations/agentCommandSchema.js';
import { operationsSchema } from '../operations/operationsSchema.js';
import { peopleSchema } from '../people/peopleSchema.js';
import { searchSchema } from '../search/searchSchema.js';
import { servicesSchema } from '../services/servicesSchema.js';
import { notificationSchema } from '../notifications/notificationSchema.js';
import { realtimeSchema, UNAUDITED_MUTATIONS } from '../realtime/realtimeSchema.js';
import { webhookSchema } from '../webhooks/webhookSchema.js';
import type { SchemaModule } from './module.js';
import { DateTime, scalarTypeDefs } from './scalars.js';

const root: SchemaModule = {
  typeDefs: /* GraphQL */ `
    ${scalarTypeDefs}
    type Query {
      "The running product version."
      serverVersion: String!
    }
    type Mutation {
      "Does nothing; lets a client check that it may send mutations."
      ping: Boolean!
    }
  `,
  resolvers: {
    DateTime,
    Query: { serverVersion: (_root, _args, ctx) => ctx.app.version },
    Mutation: { ping: () => true },
  },
};

export const coreModules: readonly SchemaModule[] = [root, authSchema, peopleSchema, servicesSchema, operationsSchema, dashboardSchema, searchSchema, licenseSchema, auditSchema, notificationSchema, realtimeSchema, webhookSchema, agentCommandSchema];

/** Mutations that change nothing durable (`ping`, edit locks) are not audited. */
const UNAUDITED = new Set(['ping', ...UNAUDITED_MUTATIONS]);

export function buildSchema(modules: readonly SchemaModule[] = coreModules): GraphQLSchema {
  return makeExecutableSchema({
    typeDefs: modules.map((m) => m.typeDefs),
    resolvers: modules.map(audited),
    inheritResolversFromInterfaces: true,
  });
}

type Resolver = GraphQLFieldResolver<unknown, GraphQLContext, Record<string, unknown>>;

/** Every mutation of every module runs inside an audit scope, except those in UNAUDITED. */
function audited(module: SchemaModule): SchemaModule['resolvers'] {
  const mutations = module.resolvers['Mutation'] as Record<string, Resolver> | undefined;
  if (!mutations) return module.resolvers;
  const wrapped: Record<string, Resolver> = {};
  for (const [name, resolve] of Object.entries(mutations)) {
    wrapped[name] = UNAUDITED.has(name) ? resolve : (root, args, ctx, info) =>
      ctx.app.audit.run(
        {
          kind: 'graphql',
          action: name,
          actorId: ctx.viewer?.userId ?? null,
          actor: ctx.viewer?.username ?? signInName(args),
          sourceAddress: ctx.client.address,
          detail: () => args,
        },
        async () => resolve(root, args, ctx, info),
      );
  }
  return { ...module.resolvers, Mutation: wrapped };
}

/** Who a sign-in attempt claims to be, for the trail of failed sign-ins. */
function signInName(args: Record<string, unknown>): string | null {
  const name = args['username'] ?? args['email'];
  return typeof name === 'string' ? name : null;
}
