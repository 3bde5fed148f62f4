/**
 * What the server answers while it loads (it listens before the migrations and the modules' state,
 * so orchestrators see it alive and not ready, instead of a refused connection): the probes, through
 * a gateway application of their own (`probes`), and everything else 503 `UNAVAILABLE` with
 * `Retry-After`, in the shape the path's clients read (`shapeOf`). A WebSocket upgrade is a GET like
 * any other until the endpoint is mounted, so it gets the same 503. `listenWhileLoading` is the server
 * listening with it, before anything loads; the product's application replaces it once composed.
 */
import { ErrorCode } from '../errors/catalog.js';
import { createGatewayApplication } from '../gateway/gatewayApplication.js';
import type { GatewayParts } from '../gateway/gatewayParts.js';
import { refusalReply, type HttpApplication, type RefusalShape } from '../gateway/http.js';
import { Router, type GatewayRoute } from '../gateway/routes.js';
import type { SocketStats } from '../gateway/socketStats.js';
import { startHttpServer, type HttpServerOptions, type RunningHttpServer } from '../gateway/uws.js';
import type { Logger } from '../log/logger.js';
import { PROBE_PATHS, RETRY_AFTER_SECONDS } from './probeRoutes.js';

export function startingApplication(probes: HttpApplication, shapeOf: (path: string) => RefusalShape): HttpApplication {
  const retry = { 'retry-after': RETRY_AFTER_SECONDS };
  return {
    onRequest(head) {
      if (PROBE_PATHS.has(head.path)) return probes.onRequest(head);
      return {
        kind: 'reply',
        reply: refusalReply(shapeOf(head.path), ErrorCode.Unavailable, 'the server is starting; retry shortly', retry),
      };
    },
    headersFor: (head, reply) => probes.headersFor(head, reply),
    onUnexpectedError: (head, error) => probes.onUnexpectedError(head, error),
    refusal: (head, code, message, headers) => refusalReply(shapeOf(head.path), code, message, headers),
  };
}

/** Not signed in while the product loads: only the probes are served then, and they need no one. */
const NO_PERSON_YET = { authenticate: async () => ({ ok: false as const, reason: 'invalid' as const }) };

export interface LoadingListenerOptions {
  readonly host: string;
  readonly port: number;
  /** The pipeline's parts the product's application shares later (one throttle). */
  readonly gateway: GatewayParts;
  readonly probes: readonly GatewayRoute[];
  /** The refusal shape of a path's clients (`startingApplication`'s `shapeOf`). */
  readonly shapeOf: (path: string) => RefusalShape;
  readonly logger: Logger;
  readonly sockets?: SocketStats;
  readonly tracing: HttpServerOptions['tracing'];
}

/** Listens at once with the probes alone: an orchestrator sees the server alive and not ready while it loads. */
export async function listenWhileLoading(options: LoadingListenerOptions): Promise<RunningHttpServer> {
  const { host, port, gateway, probes, logger, tracing } = options;
  const server = await startHttpServer({
    host,
    port,
    application: startingApplication(
      createGatewayApplication({ ...gateway, router: new Router(probes), personAuth: NO_PERSON_YET }),
      options.shapeOf,
    ),
    logger,
    ...(options.sockets ? { sockets: options.sockets } : {}),
    ...(tracing ? { tracing } : {}),
  });
  logger.info('probes answer while the state loads', { url: `http://${host}:${server.port}` });
  return server;
}
