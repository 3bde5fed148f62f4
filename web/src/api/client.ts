/**
 * The console's one GraphQL client: queries and mutations over POST /graphql, subscriptions over
 * graphql-ws at /graphql/ws, both with the session's access token. Every operation first asks the
 * session for a token that is not about to expire (which refreshes it silently when needed); an
 * answer of UNAUTHENTICATED anyway (a laptop that slept through the refresh) refreshes once more
 * and, when that is refused, ends the session.
 *
 * Only the public API: nothing here knows a private endpoint.
 */
import { Client, fetchExchange, subscriptionExchange, type Exchange, type Operation } from '@urql/core';
import { createClient as createWsClient, type Client as WsClient } from 'graphql-ws';
import { fromPromise, map, mergeMap, pipe, tap } from 'wonka';
import type { SessionStore } from '../session/sessionStore';
import { LiveConnectionStore } from './liveConnection';
import { reconnectWait } from './reconnect';

export interface ApiClient {
  readonly urql: Client;
  readonly ws: WsClient;
  /** Whether live updates flow, and how often they came back after a loss. */
  readonly live: LiveConnectionStore;
  dispose(): void;
}

export function apiUrls(location: Pick<Location, 'protocol' | 'host'>): { http: string; ws: string } {
  const wsProtocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return { http: `${location.protocol}//${location.host}/graphql`, ws: `${wsProtocol}//${location.host}/graphql/ws` };
}

export function createApiClient(session: SessionStore, urls = apiUrls(window.location)): ApiClient {
  const live = new LiveConnectionStore();
  const ws = createWsClient({
    url: urls.ws,
    lazy: true,
    // A connection lost (server restart, network) comes back by itself, with a fresh token: no cap on
    // attempts, jittered waits of at most 5 s (reconnect.ts); screens catch up on what they missed
    // (useOnLiveRecovered).
    retryAttempts: Number.POSITIVE_INFINITY,
    retryWait: reconnectWait,
    shouldRetry: () => session.current() !== null,
    connectionParams: async () => ({ token: (await session.accessToken()) ?? '' }),
    on: {
      connecting: () => live.record({ type: 'connecting' }),
      connected: () => live.record({ type: 'connected' }),
      closed: (event) => live.record({ type: 'closed', code: (event as CloseEvent | undefined)?.code ?? 1006 }),
    },
  });
  const urql = new Client({
    url: urls.http,
    requestPolicy: 'cache-and-network',
    // @urql/core sends queries as GET by default; the server's /graphql answers POST only (405 otherwise).
    preferGetMethod: false,
    exchanges: [
      authExchange(session),
      fetchExchange,
      subscriptionExchange({
        forwardSubscription(request) {
          const input = { ...request, query: request.query ?? '' };
          return {
            subscribe(sink) {
              const unsubscribe = ws.subscribe(input, sink);
              return { unsubscribe };
            },
          };
        },
      }),
    ],
  });
  return {
    urql,
    ws,
    live,
    // dispose() awaits the last connection attempt and rethrows how it ended (a CloseEvent when the server
    // refused it, as after a sign-out elsewhere): the client is going away, so that is not an error.
    dispose: () => void Promise.resolve(ws.dispose()).catch(() => undefined),
  };
}

/** Puts a fresh bearer token on every HTTP operation; on UNAUTHENTICATED, refreshes (or ends the session). */
function authExchange(session: SessionStore): Exchange {
  return ({ forward }) =>
    (operations$) => {
      const withToken$ = pipe(
        operations$,
        mergeMap((operation: Operation) =>
          pipe(
            fromPromise(session.accessToken()),
            map((token) => withBearer(operation, token)),
          ),
        ),
      );
      return pipe(
        forward(withToken$),
        tap((result) => {
          const unauthenticated = result.error?.graphQLErrors.some((e) => e.extensions?.['code'] === 'UNAUTHENTICATED');
          if (unauthenticated && session.current()) void session.refreshNow();
        }),
      );
    };
}

function withBearer(operation: Operation, token: string | null): Operation {
  if (!token || operation.kind === 'subscription' || operation.kind === 'teardown') return operation;
  const fetchOptions =
    typeof operation.context.fetchOptions === 'function' ? operation.context.fetchOptions() : (operation.context.fetchOptions ?? {});
  return {
    ...operation,
    context: {
      ...operation.context,
      fetchOptions: {
        ...fetchOptions,
        headers: { ...(fetchOptions.headers as Record<string, string> | undefined), authorization: `Bearer ${token}` },
      },
    },
  };
}
