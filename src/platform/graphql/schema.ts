// biome-ignore-all lint/suspicious/noExplicitAny: `any` here is the existential type argument of a list of generic modules, sources or streams (each with its own type); `unknown` breaks their contravariant positions
/**
 * The executable schema, assembled from the schema modules the product's modules declare (see
 * src/platform/modules: the composer gates and wraps them first). `root` declares `Query` and `Mutation`;
 * every other module uses `extend type Query/Mutation`, keeping its operations next to its resolvers.
 */
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import type { SchemaModule } from './module.js';
import { DateTime, scalarTypeDefs } from './scalars.js';

export const rootSchema: SchemaModule<{ readonly version: string }> = {
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
  ephemeralMutations: ['ping'],
};

/** `modules` must include `rootSchema` (first), which the others extend. */
export function buildSchema(modules: readonly SchemaModule<any>[]): GraphQLSchema {
  return makeExecutableSchema({
    typeDefs: modules.map((m) => m.typeDefs),
    resolvers: modules.map((m) => m.resolvers),
    inheritResolversFromInterfaces: true,
    // The schema was just built from the SDL and nobody else holds it: setting the resolvers on it
    // gives the same schema as the default (a copy of every type made to carry them) for much
    // less CPU at start (docs/adr/0031-release-build-and-runtime-flags.md).
    updateResolversInPlace: true,
  });
}
