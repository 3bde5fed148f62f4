/**
 * The realtime module: the fan-out hub and the realtime core (subscriptions, presence, edit
 * locks). It hears committed domain events on the bus; the graphql-ws endpoint that feeds it
 * connections is mounted by the composition root (app.ts) beside POST /graphql.
 */
import type { Viewer } from '../../core/auth/roles.js';
import type { CoreServices, GraphQLContext } from '../../platform/graphql/context.js';
import type { ProductModule } from '../../platform/modules/module.js';
import type { PolicyServices } from '../policy/policySchema.js';
import { FanoutHub } from './fanoutHub.js';
import { realtimeSchema, type RealtimeServices } from './realtimeSchema.js';
import { RealtimeService } from './realtimeService.js';

export interface RealtimeModuleServices extends Omit<RealtimeServices, 'fleet'> {
  /** Where the graphql-ws endpoint attaches its topic publisher. */
  readonly realtimeHub: FanoutHub;
}

/** The policy (when the product has it) hides protected fields in payloads and decides who hears of which service. */
export const realtimeModule: ProductModule<Pick<CoreServices, 'sessions' | 'users' | 'fleet'> & Partial<PolicyServices>, RealtimeModuleServices> = {
  name: 'realtime',
  schema: [realtimeSchema],
  create(kit, { sessions, users, policy }) {
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
      services: { realtime, entityTypes: kit.entityTypes, realtimeHub: hub },
      busHandlers: { committed: (event) => realtime.hear(event) },
      start: () => realtime.start(),
      stop: () => realtime.stop(),
    };
  },
};
