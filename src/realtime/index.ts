/** The realtime part as composed at start: fan-out hub, realtime core and the graphql-ws endpoint. */
import type { GraphQLError, GraphQLSchema } from 'graphql';
import type { Viewer } from '../auth/roles.js';
import type { SessionStore } from '../auth/sessionStore.js';
import type { Clock } from '../clock.js';
import type { Logger } from '../log/logger.js';
import type { UserDirectory } from '../people/userDirectory.js';
import type { AppServices, GraphQLContext } from '../graphql/context.js';
import type { FormattedError } from '../graphql/errors.js';
import type { EntityTypeRegistry } from './entityTypes.js';
import { FanoutHub } from './fanoutHub.js';
import { RealtimeService } from './realtimeService.js';

export { createGraphQLWsEndpoint, GRAPHQL_WS_PATH } from './graphqlWsEndpoint.js';

export interface RealtimeParts {
  readonly hub: FanoutHub;
  readonly realtime: RealtimeService;
  /** Called once the AppServices exist (they include the realtime service). */
  bind(app: AppServices): void;
}

export function createRealtimeCore(deps: {
  readonly schema: GraphQLSchema;
  readonly formatError: (error: GraphQLError) => FormattedError;
  readonly entityTypes: EntityTypeRegistry;
  readonly sessions: SessionStore;
  readonly users: UserDirectory;
  readonly clock: Clock;
  readonly logger: Logger;
}): RealtimeParts {
  let app: AppServices | undefined;
  const hub = new FanoutHub({
    schema: deps.schema,
    formatError: deps.formatError,
    onExecutionFailure: (error) => deps.logger.error('a subscription payload failed to execute', { error }),
  });
  const realtime = new RealtimeService({
    hub,
    entityTypes: deps.entityTypes,
    sessions: deps.sessions,
    users: deps.users,
    clock: deps.clock,
    logger: deps.logger,
    contextFor: (viewer: Viewer): GraphQLContext => {
      if (!app) throw new Error('realtime used before the application was composed');
      return { viewer, client: { address: '', userAgent: null }, app };
    },
  });
  return {
    hub,
    realtime,
    bind(composed) {
      app = composed;
    },
  };
}
