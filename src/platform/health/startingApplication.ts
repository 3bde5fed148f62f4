/**
 * What the server answers while it loads (it listens before the migrations and the modules' state,
 * so orchestrators see it alive and not ready, instead of a refused connection): the probes, through
 * a gateway application of their own (`probes`), and everything else 503 `UNAVAILABLE` with
 * `Retry-After`, in the shape the path's clients read (`shapeOf`). A WebSocket upgrade is a GET like
 * any other until the endpoint is mounted, so it gets the same 503.
 */
import { ErrorCode } from '../errors/catalog.js';
import { refusalReply, type HttpApplication, type RefusalShape } from '../gateway/http.js';
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
