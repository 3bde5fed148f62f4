/**
 * The request pipeline every REST route goes through, in this order: client address (trusted
 * proxies only) -> route match -> machine key (on machine routes) -> rate limit (per address, or
 * per agent key with a budget of its own) -> CORS preflight -> route errors (404, 405, path
 * parameters) -> refusal of a bad machine key, or a person's token -> bounded body -> a scoped agent
 * key's target check -> handler -> error mapping -> response headers (security headers in
 * production, CORS). Refusals happen before the
 * body is read, except that target check, which needs it (and a person's token is verified
 * asynchronously: on a streaming route before the handler reads a byte, on a buffered one once the
 * capped body is in). Handlers hold no cross-cutting logic.
 */
import { AppError, ErrorCode } from '../errors/catalog.js';
import { ShardElsewhereError } from '../errors/shardElsewhere.js';
import type { Logger } from '../log/logger.js';
import { resolveClientAddress } from './clientAddress.js';
import type { Cors } from './cors.js';
import {
  catalogReply,
  refusalReply,
  type Decision,
  type HttpApplication,
  type RefusalShape,
  type Reply,
  type RequestHead,
} from './http.js';
import type { MachineAuth, MachineScope } from './machineAuth.js';
import { bearerToken, checkPerson, type PersonAuthenticator } from './personAuth.js';
import type { RequestStats } from './requestStats.js';
import type { RequestThrottle } from './requestThrottle.js';
import { HeaderBlock } from './headerBlock.js';
import { formatBytes, RequestAbortedError } from './requestBody.js';
import type { RestRequest, Route, Router } from './routes.js';
import { PRODUCTION_SECURITY_HEADERS } from './securityHeaders.js';
import type { Viewer } from './viewer.js';

export interface GatewayOptions {
  readonly router: Router;
  /** The per-address limit and agent keys' own budgets (requestThrottle.ts). */
  readonly throttle: RequestThrottle;
  readonly machineAuth: MachineAuth;
  /** Verifies a person's access token on `auth: 'jwt'` routes. */
  readonly personAuth: PersonAuthenticator;
  readonly cors: Cors;
  readonly isTrustedProxy: (address: string) => boolean;
  readonly production: boolean;
  readonly logger: Logger;
  /** Answers tallied by route template and status class (metrics); absent: nothing is timed. */
  readonly requestStats?: RequestStats;
  /**
   * Cluster mode: a handler refused with `ShardElsewhereError` (the entity is owned by another instance, and
   * nothing was applied): the request as received goes to the owner, and its answer is this request's
   * (src/platform/cluster/forwarding.ts). Absent (a single process, or a request forwarded here): the refusal is
   * answered as it is, 503 with `Retry-After`. Buffered bodies only: a streamed upload is not forwarded.
   */
  readonly elsewhere?: (head: RequestHead, body: Buffer, error: ShardElsewhereError) => Promise<Reply>;
}

const NO_STORE = { 'cache-control': 'no-store' };

export function createGatewayApplication(options: GatewayOptions): HttpApplication {
  const { router, throttle, machineAuth, personAuth, cors, logger, elsewhere } = options;
  // Joined once: an answer writes them with one call (headerBlock.ts).
  const baseHeaders = new HeaderBlock(options.production ? { ...PRODUCTION_SECURITY_HEADERS, ...NO_STORE } : NO_STORE);

  const fail = (error: unknown, head: RequestHead, shape: RefusalShape = refusalsAt(head)): Reply => {
    // The client went away mid-body: nobody reads this reply, and it is not a server fault.
    if (error instanceof RequestAbortedError) return refusalReply(shape, ErrorCode.BadRequest, error.message);
    // Commit failures arrive here as catalog errors too (CommitError is `Unavailable`).
    if (error instanceof AppError) return refusalReply(shape, error.code, error.message, error.headers);
    logger.error('unexpected error in request handler', { method: head.method, path: head.path, error });
    return refusalReply(shape, ErrorCode.Internal, 'internal error; the server log has the details');
  };
  /** The shape refusals take on this request's path (`{"errors"}` on /graphql, `{"error"}` elsewhere). */
  const refusalsAt = (head: RequestHead): RefusalShape => shapeOf(router.match(head.method, head.path), head.path);
  /** A path serves one kind of client: a method it lacks is refused as its routes refuse. */
  const shapeOf = (match: ReturnType<Router['match']>, path: string): RefusalShape => {
    if (match === undefined || 'invalid' in match) return 'rest';
    if ('route' in match) return match.route.refusals ?? 'rest';
    const other = match.allowed[0] === undefined ? undefined : router.match(match.allowed[0], path);
    return other !== undefined && 'route' in other ? (other.route.refusals ?? 'rest') : 'rest';
  };

  const { requestStats } = options;
  return {
    // The route is matched again here rather than carried: an exact path is a map lookup, and the edge stays unaware of metrics.
    ...(requestStats && {
      answered(head: RequestHead, status: number, seconds: number) {
        const match = router.match(head.method, head.path);
        requestStats.record(match !== undefined && 'route' in match ? match.route : undefined, head.method, status, seconds);
      },
    }),
    routeOf(head: RequestHead) {
      const match = router.match(head.method, head.path);
      return match !== undefined && 'route' in match ? match.route.path : undefined;
    },
    onRequest(head): Decision {
      const clientAddress = resolveClientAddress(head.peerAddress, head.headers['x-forwarded-for'], options.isTrustedProxy);
      const match = router.match(head.method, head.path);
      // A machine route's key is checked first (a hash and a map lookup): a request with an agent key
      // that has a budget of its own is counted against that key, not its address.
      const matched = match !== undefined && 'route' in match ? match.route : undefined;
      const shape = shapeOf(match, head.path);
      const auth = matched?.auth === 'machine' ? machineAuth.check(head) : undefined;
      // Everything counts against the limit (404s, 405s, preflights, bad keys too) except exempt probes.
      if (matched === undefined || matched.rateLimited) {
        const keyScope = auth?.ok === true ? auth.scope : undefined;
        const key = keyScope?.budget ? { id: keyScope.keyId, name: keyScope.keyName, budget: keyScope.budget } : undefined;
        const decision = key ? throttle.takeForKey(key) : throttle.take(clientAddress);
        if (!decision.allowed) {
          const who = key ? `agent key "${key.name}"` : clientAddress;
          return {
            kind: 'reply',
            reply: refusalReply(
              shape,
              ErrorCode.RateLimited,
              `rate limit exceeded for ${who}; retry after ${decision.retryAfterSeconds} s`,
              { 'retry-after': String(decision.retryAfterSeconds) },
            ),
          };
        }
      }
      const preflight = cors.preflight(head);
      if (preflight) return { kind: 'reply', reply: preflight };
      if (match === undefined) return { kind: 'reply', reply: catalogReply(ErrorCode.NotFound, `no endpoint ${head.method} ${head.path}`) };
      if ('allowed' in match) {
        const allow = match.allowed.join(', ');
        return { kind: 'reply', reply: refusalReply(shape, ErrorCode.MethodNotAllowed, `${head.path} accepts ${allow}`, { allow }) };
      }
      if ('invalid' in match) return { kind: 'reply', reply: catalogReply(ErrorCode.BadRequest, match.invalid) };
      const { route, params } = match;
      let scope: MachineScope | undefined;
      let token: string | undefined;
      if (auth !== undefined) {
        if (!auth.ok) {
          return {
            kind: 'reply',
            reply: auth.forbidden
              ? catalogReply(ErrorCode.Forbidden, auth.reason)
              : catalogReply(ErrorCode.Unauthenticated, auth.reason, { 'www-authenticate': 'Bearer' }),
          };
        }
        scope = auth.scope;
      } else if (route.auth === 'jwt') {
        const bearer = bearerToken(head);
        if ('refusal' in bearer)
          return { kind: 'reply', reply: catalogReply(ErrorCode.Unauthenticated, bearer.refusal, { 'www-authenticate': 'Bearer' }) };
        token = bearer.token;
      }
      if (
        route.method === 'POST' &&
        route.auth !== 'jwt' &&
        head.headers['origin'] !== undefined &&
        !isJson(head.headers['content-type'])
      ) {
        // A browser sends form and text/plain bodies cross-site without a CORS preflight; refusing
        // them keeps a web page from driving machine endpoints (which may have no key) from a
        // visitor's browser. Agents and scripts send no Origin and are not affected. A `jwt` route
        // is exempt (its uploads are multipart): a browser attaches no bearer token by itself, and
        // a page that sets Authorization cross-site must pass a CORS preflight first.
        return {
          kind: 'reply',
          reply: refusalReply(shape, ErrorCode.UnsupportedMediaType, 'a request from a browser must send Content-Type: application/json'),
        };
      }
      const query = new URLSearchParams(head.query);
      const tooLarge = () =>
        refusalReply(
          shape,
          ErrorCode.PayloadTooLarge,
          `request body is larger than the ${formatBytes(route.bodyLimit)} limit of ${route.path}`,
        );
      // The person is known before the handler runs; on a streaming route it has not read a byte yet.
      const agentKey = scope === undefined ? null : { id: scope.keyId, name: scope.keyName };
      const run = async <B>(
        body: B,
        handle: (request: {
          head: RequestHead;
          clientAddress: string;
          query: URLSearchParams;
          params: Readonly<Record<string, string>>;
          viewer: Viewer | null;
          agentKey: { id: string; name: string } | null;
          body: B;
        }) => Promise<Reply>,
      ): Promise<Reply> => {
        let viewer: Viewer | null = null;
        if (token !== undefined) {
          const person = await checkPerson(personAuth, token);
          if (!person.ok) return catalogReply(ErrorCode.Unauthenticated, person.reason, { 'www-authenticate': person.header });
          viewer = person.viewer;
        }
        return handle({ head, clientAddress, query, params, viewer, agentKey, body });
      };
      if (route.body === 'stream') {
        // A scoped key's target is in the body, which a streaming handler reads once, as it arrives.
        if (scope !== undefined)
          return { kind: 'reply', reply: catalogReply(ErrorCode.Forbidden, `an agent key limited to a subtree cannot call ${route.path}`) };
        return {
          kind: 'stream-body',
          limit: route.bodyLimit,
          handle: (body) => run(body, (request) => route.handle(request)).catch((error: unknown) => fail(error, head, shape)),
          tooLarge,
        };
      }
      return {
        kind: 'read-body',
        limit: route.bodyLimit,
        handle: (body) => {
          // Only scoped keys pay for the check; a refusal throws FORBIDDEN before the handler runs.
          const handled = run(body, (request) => (scope === undefined ? route.handle(request) : admitted(scope, route, request)));
          return handled.catch((error: unknown) =>
            error instanceof ShardElsewhereError && elsewhere !== undefined
              ? elsewhere(head, body, error).catch((failure: unknown) => fail(failure, head, shape))
              : fail(error, head, shape),
          );
        },
        tooLarge,
      };
    },
    headersFor(head, reply) {
      const corsHeaders = cors.responseHeaders(head);
      if (corsHeaders === undefined && !baseHeaders.overlaps(reply.headers)) return baseHeaders;
      return baseHeaders.with(corsHeaders, reply.headers);
    },
    onUnexpectedError(head, error) {
      return fail(error, head);
    },
    refusal(head, code, message, headers) {
      return refusalReply(refusalsAt(head), code, message, headers);
    },
  };
}

async function admitted(scope: MachineScope, route: Route, request: RestRequest): Promise<Reply> {
  scope.admit({ path: route.path, query: request.query, body: request.body });
  return route.handle(request);
}

function isJson(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const type = contentType.split(';', 1)[0]!.trim().toLowerCase();
  return type === 'application/json' || type.endsWith('+json');
}
