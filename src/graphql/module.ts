/** A capability's part of the GraphQL schema: its SDL and its resolvers, kept next to its rules. */
import type { IResolvers } from '@graphql-tools/utils';
import type { GraphQLContext } from './context.js';

export interface SchemaModule {
  readonly typeDefs: string;
  readonly resolvers: IResolvers<unknown, GraphQLContext>;
}
