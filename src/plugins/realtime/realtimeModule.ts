/**
 * The realtime module: the fan-out hub and the realtime core (subscriptions, presence, edit
 * locks). It hears committed domain events on the bus, and hands the composition root (app.ts) the
 * graphql-ws endpoint that feeds it connections, mounted beside POST /graphql.
 */
import type { CoreServices } from '../../core/coreServices.js';
import type { Action, Viewer } from '../../core/auth/roles.js';
import type { GraphQLContext } from '../../platform/graphql/context.js';
import type { SharedChannelServices, SharedChannels } from '../../platform/graphql/sharedChannels.js';
import type { ProductModule } from '../../platform/modules/module.js';
import { systemClock } from '../../platform/scheduler/index.js';
import { FanoutHub, type FanoutHubOptions } from './fanoutHub.js';
import { createGraphQLWsEndpoint } from './graphqlWsEndpoint.js';
import { NodeCountsFeed } from './nodeCountsFeed.js';
import type { PresenceStore } from './presenceStore.js';
import { realtimeSchema, scopeOf, type RealtimeServices } from './realtimeSchema.js';
import { RealtimeService } from './realtimeService.js';

export interface RealtimeModuleServices extends Omit<RealtimeServices, 'fleet'>, SharedChannelServices<Action> {}

/**
 * What live updates take of the access policy when the product has one (the policy plugin's service
 * `policy`, src/plugins/policy): declared here, so this plugin depends on no other.
 */
export interface LiveUpdatesPolicy {
  /** Fields the viewer may not read become null in every payload. */
  readonly filterResult: NonNullable<FanoutHubOptions['resultFilter']>;
  /** An entity event's data as the viewer may see it. */
  redactEntityData(viewer: Viewer | null, entityType: string, data: unknown): unknown;
}

export interface RealtimeModuleOptions {
  /**
   * Where viewers and edit locks are kept: this process's memory when absent; in cluster mode the NATS store that
   * shares them between instances (natsPresenceStore.ts, `openNatsPresenceStore`). The module stops it.
   */
  readonly presence?: PresenceStore;
  /** How long node status counts gather before their frame goes out (nodeCountsFeed.ts). @default 250 */
  readonly nodeCountsWindowMs?: number;
}

type RealtimeModule = ProductModule<
  Pick<CoreServices, 'sessions' | 'users' | 'fleet' | 'auth'> & { readonly policy?: LiveUpdatesPolicy },
  RealtimeModuleServices
>;

/** The policy (when the product has it) hides protected fields in payloads and decides who hears of which service. */
export function realtimeModule(options: RealtimeModuleOptions = {}): RealtimeModule {
  return {
    name: 'realtime',
    schema: [realtimeSchema],
    metrics: [
      { name: 'svc_ws_subscriptions', kind: 'gauge', help: 'graphql-ws subscriptions open now (every channel)' },
      { name: 'svc_ws_subscriptions_started_total', kind: 'counter', help: 'graphql-ws subscriptions started since start' },
    ],
    create(kit, { sessions, users, auth, policy, fleet }) {
      const hub = new FanoutHub({
        schema: kit.graphql.schema,
        formatError: kit.graphql.formatError,
        onExecutionFailure: (error) => kit.logger.error('a subscription payload failed to execute', { error }),
        ...(policy ? { resultFilter: policy.filterResult } : {}),
        tracing: kit.tracing,
      });
      // Dashboards' per-node counts, coalesced per window: pacing of frames, so real time (clock.ts).
      const nodeCounts = new NodeCountsFeed({
        publish: (channel, root) => hub.publish(channel, root),
        countsUnder: (path) => fleet.services.statusCountsUnder(path),
        childrenOf: (path) => fleet.nodes.childrenOf(path),
        clock: systemClock,
        ...(options.nodeCountsWindowMs === undefined ? {} : { windowMs: options.nodeCountsWindowMs }),
      });
      const realtime = new RealtimeService({
        hub,
        nodeCounts,
        entityTypes: kit.entityTypes,
        sessions,
        users,
        clock: kit.clock,
        logger: kit.logger,
        plugins: kit.plugins,
        streams: kit.streams,
        ...(options.presence ? { presence: options.presence } : {}),
        contextFor: (viewer: Viewer): GraphQLContext<object> => ({ viewer, client: { address: '', userAgent: null }, app: kit.services() }),
        ...(policy
          ? {
              redactEntityData: (viewer: Viewer | null, entityType: string, data: unknown) =>
                policy.redactEntityData(viewer, entityType, data),
            }
          : {}),
      });
      kit.metrics.collect('svc_ws_subscriptions', () => hub.subscriptions);
      kit.metrics.collect('svc_ws_subscriptions_started_total', () => hub.subscriptionsStarted);
      // The platform's contract for modules that announce on channels of their own (agent commands).
      const channels: SharedChannels<Action> = {
        publishShared: (channel, root) => realtime.publishShared(channel, root),
        channelStream: (ctx, channel, read) => realtime.channelStream(scopeOf(ctx), channel, read),
      };
      return {
        services: { realtime, entityTypes: kit.entityTypes, channels },
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
            limits: {
              ...kit.config.realtime,
              maxMessageBytes: edge.maxMessageBytes,
              connectionInitTimeoutMs: edge.connectionInitTimeoutMs,
            },
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
}
