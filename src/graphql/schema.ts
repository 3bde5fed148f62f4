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
import { operationsSchema } from '../operations/operationsSchema.js';
import { peopleSchema } from '../people/peopleSchema.js';
import { searchSchema } from '../search/searchSchema.js';
import { servicesSchema } from '../services/servicesSchema.js';
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

export const coreModules: readonly SchemaModule[] = [root, authSchema, peopleSchema, servicesSchema, operationsSchema, dashboardSchema, searchSchema, licenseSchema];

export function buildSchema(modules: readonly SchemaModule[] = coreModules): GraphQLSchema {
  return makeExecutableSchema({
    typeDefs: modules.map((m) => m.typeDefs),
    resolvers: modules.map((m) => m.resolvers),
    inheritResolversFromInterfaces: true,
  });
}
