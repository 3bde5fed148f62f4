/**
 * `/graphql/ws`: the graphql-ws protocol server. Authentication happens at `connection_init` (the
 * access token in the connection parameters, or the upgrade request's `Authorization: Bearer`; see
 * connectionToken.ts for the spellings read). Only
 * subscriptions travel here: queries and mutations go to POST /graphql, where the rate limit,
 * overload shedding and audit apply. Documents pass the same cache, validation and bounds as on
 * HTTP; each connection may hold a bounded number of subscriptions.
 */
import { GraphQLError, type ExecutionArgs, type GraphQLSchema } from 'graphql';
import type { Context } from 'graphql-ws';
import type { AuthService } from '../../core/auth/authService.js';
import { ErrorCode, toCloseCode } from '../../platform/errors/catalog.js';
import type { Logger } from '../../platform/log/logger.js';
import { resolveClientAddress } from '../../platform/gateway/clientAddress.js';
import { catalogReply, type Reply } from '../../platform/gateway/http.js';
import type { OriginPolicy } from '../../platform/gateway/originPolicy.js';
import type { RateLimiter } from '../../platform/gateway/rateLimiter.js';
import type { TopicPublisher, UpgradeHead, WebSocketEndpoint } from '../../platform/gateway/webSocket.js';
import type { GraphQLContext } from '../../platform/graphql/context.js';
import { operationOf, type DocumentCache } from '../../platform/graphql/documentCache.js';
import type { FormattedError } from '../../platform/graphql/errors.js';
import type { FanoutHub } from './fanoutHub.js';
import type { RealtimeConnection } from './connections.js';
import type { RealtimeService } from './realtimeService.js';
import type { SubscriptionScope } from './subscriptionScope.js';
import { connectionToken, MISSING_TOKEN } from './connectionToken.js';
import { startSubscription } from './startSubscription.js';

export const GRAPHQL_WS_PATH = '/graphql/ws';

/** Distinct refused (origin, host) pairs logged before the log goes quiet about them. */
const MAX_LOGGED_ORIGIN_REFUSALS = 100;

export interface RealtimeLimits {
  /** Open subscriptions per connection. */
  readonly maxSubscriptionsPerConnection: number;
  /** Unsent bytes a client may let pile up before it is disconnected as too slow. */
  readonly maxBufferedBytes: number;
  /** Largest client message (a subscribe with its document). */
  readonly maxMessageBytes: number;
  /** A connection that sends no `connection_init` within this is closed (4408). */
  readonly connectionInitTimeoutMs: number;
}

export interface GraphQLWsEndpointOptions {
  readonly schema: GraphQLSchema;
  readonly documents: DocumentCache;
  readonly auth: AuthService;
  readonly realtime: RealtimeService;
  readonly hub: FanoutHub;
  /** Every module's services: `ctx.app` of subscription resolvers. */
  readonly app: object;
  readonly limits: RealtimeLimits;
  /**
   * Which pages may open the socket: with SVC_SECURITY_CORS_ALLOWED_ORIGINS set, the server's own
   * origin and the listed ones; without it, any (the socket is signed in with a token, never a cookie).
   */
  readonly origins: OriginPolicy;
  readonly rateLimiter: RateLimiter;
  readonly isTrustedProxy: (address: string) => boolean;
  readonly formatError: (error: GraphQLError) => FormattedError;
  readonly logger: Logger;
}

/** The GraphQL context of a subscription: the usual one and the subscription it serves, in one object. */
export interface SubscriptionContext extends GraphQLContext<object>, SubscriptionScope {}

export function createGraphQLWsEndpoint(options: GraphQLWsEndpointOptions): WebSocketEndpoint {
  const { realtime, limits } = options;
  const { origins } = options;
  // The operator learns why a console is not live from the log (the browser does not show the 403's
  // body): once per origin and host, for a bounded number of them.
  const loggedRefusals = new Set<string>();
  const refusedOrigin = (origin: string, host: string) => {
    const key = `${origin} ${host}`;
    if (loggedRefusals.has(key) || loggedRefusals.size >= MAX_LOGGED_ORIGIN_REFUSALS) return;
    loggedRefusals.add(key);
    options.logger.warn(
      "WebSocket upgrade refused: the origin is neither this server's own nor in SVC_SECURITY_CORS_ALLOWED_ORIGINS (logged once per origin and host)",
      { origin, host },
    );
  };
  const connections = new WeakMap<object, RealtimeConnection>();
  const codedError = (message: string, code: string) => new GraphQLError(message, { extensions: { code } });

  /**
   * Ends a running subscription from the server's side (its plugin went inactive) the way one
   * refused at its start is answered: a `next` frame with the coded error, then `complete`; the
   * client may reuse the id at once. Nothing is sent when it already ended.
   */
  const endSubscription = (ctx: Pick<Context, 'subscriptions'>, id: string, connection: RealtimeConnection, error: Error): void => {
    if (connection.closed || !(id in ctx.subscriptions)) return;
    const stream = ctx.subscriptions[id];
    delete ctx.subscriptions[id];
    const formatted = options.formatError(new GraphQLError(error.message, { originalError: error }));
    connection.socket.send(JSON.stringify({ id, type: 'next', payload: { errors: [formatted] } }));
    connection.socket.send(JSON.stringify({ id, type: 'complete' }));
    if (stream !== null) void (stream as AsyncIterator<unknown>).return?.(undefined);
  };

  return {
    path: GRAPHQL_WS_PATH,
    maxMessageBytes: limits.maxMessageBytes,
    maxBufferedBytes: limits.maxBufferedBytes,
    idleTimeoutSeconds: 60,
    connectionInitTimeoutMs: limits.connectionInitTimeoutMs,
    attach(publisher: TopicPublisher) {
      options.hub.attach(publisher);
    },
    admit(head: UpgradeHead): Reply | null {
      // Browsers always send Origin on a WebSocket upgrade; agents and scripts send none. The
      // server's own page (the console at /app/) always passes; the list adds other origins.
      if (origins.hasList && origins.standing(head) === 'other') {
        const host = origins.requestHost(head) ?? '(none)';
        refusedOrigin(head.headers['origin'] ?? '', host);
        return catalogReply(
          ErrorCode.Forbidden,
          `origin ${head.headers['origin']} is not allowed: it is neither this server's own origin (the request was sent to host ${host}) nor listed in SVC_SECURITY_CORS_ALLOWED_ORIGINS`,
        );
      }
      const address = resolveClientAddress(head.peerAddress, head.headers['x-forwarded-for'], options.isTrustedProxy);
      const decision = options.rateLimiter.take(address);
      if (!decision.allowed)
        return catalogReply(ErrorCode.RateLimited, `rate limit exceeded for ${address}; retry after ${decision.retryAfterSeconds} s`, {
          'retry-after': String(decision.retryAfterSeconds),
        });
      return null;
    },
    server: {
      schema: options.schema,
      subscribe: startSubscription,
      // The gateway's socket runs this timer (see GatewaySocketExtra.initialised).
      connectionInitWaitTimeout: 0,
      async onConnect(ctx) {
        const client = ctx.extra;
        const headers = client.headers;
        client.initialised();
        const token = connectionToken(ctx.connectionParams, headers['authorization']);
        if (token === null) {
          client.close(toCloseCode(ErrorCode.Unauthenticated), MISSING_TOKEN);
          return false;
        }
        const result = await options.auth.authenticate(token);
        if (!result.ok) {
          client.close(toCloseCode(ErrorCode.Forbidden), `Forbidden: ${REFUSALS[result.reason]}`);
          return false;
        }
        if (client.closed) return false;
        const info = {
          address: resolveClientAddress(client.peerAddress, headers['x-forwarded-for'], options.isTrustedProxy),
          userAgent: headers['user-agent'] ?? null,
        };
        connections.set(ctx, realtime.connect(result.viewer, client, info));
        // The token is not needed again (the session is checked by id): do not keep it per connection.
        (ctx as { connectionParams?: unknown }).connectionParams = undefined;
        return true;
      },
      onSubscribe(ctx, id, payload) {
        const connection = connections.get(ctx);
        if (!connection || connection.closed) return [codedError('the connection is not signed in', 'UNAUTHENTICATED')];
        // graphql-ws has already counted this subscription.
        if (Object.keys(ctx.subscriptions).length > limits.maxSubscriptionsPerConnection) {
          return [
            codedError(
              `at most ${limits.maxSubscriptionsPerConnection} subscriptions may be open on one connection; complete one first or open another connection`,
              'LIMIT_EXCEEDED',
            ),
          ];
        }
        if (typeof payload.query !== 'string') return [codedError('subscribe needs a "query" string', 'BAD_USER_INPUT')];
        const prepared = options.documents.prepare(payload.query);
        if (!prepared.ok) return prepared.errors.map((e) => codedError(e.message, String(e.extensions?.['code'] ?? 'BAD_USER_INPUT')));
        const operationName = payload.operationName ?? null;
        const operation = operationOf(prepared.document, operationName);
        if (typeof operation === 'string') return [codedError(operation, 'BAD_USER_INPUT')];
        if (operation.operation !== 'subscription') {
          return [
            codedError(
              `${operation.operation === 'query' ? 'queries' : 'mutations'} are not sent over ${GRAPHQL_WS_PATH}; send them to POST /graphql`,
              'BAD_USER_INPUT',
            ),
          ];
        }
        const variables = (payload.variables ?? null) as Record<string, unknown> | null;
        const contextValue: SubscriptionContext = {
          viewer: connection.viewer,
          client: connection.client,
          app: options.app,
          connection,
          subscriptionId: id,
          document: prepared.document,
          documentKey: payload.query,
          operationName,
          variables,
          owners: [],
          end: (error) => endSubscription(ctx, id, connection, error),
        };
        const args: ExecutionArgs = {
          schema: options.schema,
          document: prepared.document,
          operationName,
          variableValues: variables,
          contextValue,
        };
        return args;
      },
      // A subscription refused when it starts (forbidden, unknown entity) answers with coded errors.
      onNext(_ctx, _id, _payload, _args, result) {
        if (!result.errors) return undefined;
        return {
          ...(result.data !== undefined ? { data: result.data } : {}),
          errors: result.errors.map((e) => options.formatError(e as GraphQLError)),
        } as never;
      },
      onClose(ctx) {
        const connection = connections.get(ctx);
        if (connection) realtime.disconnect(connection);
      },
    },
  };
}

const REFUSALS = {
  invalid: 'access token is not valid; sign in again',
  expired: 'access token expired; use refreshToken to get a new one and reconnect',
  revoked: 'session has ended; sign in again',
} as const;
