/**
 * The realtime module: the fan-out hub and the realtime core (subscriptions, presence, edit
 * locks). It hears committed domain events on the bus, and hands the composition root (app.ts) the
 * graphql-ws endpoint that feeds it connections, mounted beside POST /graphql.
 */
import type { Viewer } from '../../core/auth/roles.js';
import type { CoreServices, GraphQLContext } from '../../platform/graphql/context.js';
import type { ProductModule } from '../../platform/modules/module.js';
import type { PolicyServices } from '../policy/policySchema.js';
import { FanoutHub } from './fanoutHub.js';
import { createGraphQLWsEndpoint } from './graphqlWsEndpoint.js';
import { realtimeSchema, type RealtimeServices } from './realtimeSchema.js';
import { RealtimeService } from './realtimeService.js';

export type RealtimeModuleServices = Omit<RealtimeServices, 'fleet'>;

/** The policy (when the product has it) hides protected fields in payloads and decides who hears of which service. */
export const realtimeModule: ProductModule<Pick<CoreServices, 'sessions' | 'users' | 'fleet' | 'auth'> & Partial<PolicyServices>, RealtimeModuleServices> = {
  name: 'realtime',
  schema: [realtimeSchema],
  create(kit, { sessions, users, auth, policy }) {
    const hub = new FanoutHub({
      schema: kit.graphql.schema,
      formatError: kit.graphql.formatError,
      onExecutionFailure: (error) => kit.logger.error('a subscription payload failed to execute', { error }),
      ...(policy ? { resultFilter: policy.filterResult } : {}),
    });
    const realtime = new RealtimeService({
      hub,
      entityTypes: kit.entityTypes,
      sessions,
      users,
      clock: kit.clock,
      logger: kit.logger,
      plugins: kit.plugins,
      streams: kit.streams,
      contextFor: (viewer: Viewer): GraphQLContext<object> => ({ viewer, client: { address: '', userAgent: null }, app: kit.services() }),
      ...(policy ? { redactEntityData: (viewer: Viewer | null, entityType: string, data: unknown) => policy.redactEntityData(viewer, entityType, data) } : {}),
    });
    return {
      services: { realtime, entityTypes: kit.entityTypes },
      busHandlers: { committed: (event) => realtime.hear(event) },
      // GET /graphql/ws (graphql-ws), beside POST /graphql: the entry point's edge, this module's connections.
      webSocket: (edge) =>
        createGraphQLWsEndpoint({
          schema: edge.schema,
          documents: edge.documents,
          auth,
          realtime,
          hub,
          app: kit.services(),
          limits: { ...kit.config.realtime, maxMessageBytes: edge.maxMessageBytes, connectionInitTimeoutMs: edge.connectionInitTimeoutMs },
          origins: edge.origins,
          rateLimiter: edge.rateLimiter,
          isTrustedProxy: edge.isTrustedProxy,
          formatError: edge.formatError,
          logger: edge.logger,
        }),
      start: () => realtime.start(),
      stop: () => realtime.stop(),
    };
  },
};
