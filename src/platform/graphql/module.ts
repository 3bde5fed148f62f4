/** A capability's part of the GraphQL schema: its SDL and its resolvers, kept next to its rules. */
import type { IResolvers } from '@graphql-tools/utils';
import type { GraphQLContext } from './context.js';

/**
 * `App` is the slice of the product's services its resolvers read from `ctx.app` (the core's are
 * `CoreServices`, src/core/coreServices.ts); at run time `ctx.app` holds every module's services, so
 * any slice is satisfied.
 */
export interface SchemaModule<App extends object = object> {
  readonly typeDefs: string;
  readonly resolvers: IResolvers<unknown, GraphQLContext<App>>;
  /**
   * Mutations that change nothing durable (ping, edit locks): interceptors that record changes
   * (the audit trail) pass them by.
   */
  readonly ephemeralMutations?: readonly string[];
}
