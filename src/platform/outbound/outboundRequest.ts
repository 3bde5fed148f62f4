import { validateHeaderName, validateHeaderValue } from 'node:http';
import { performance } from 'node:perf_hooks';
import { startAttemptDeadline, type AttemptDeadline } from './attemptDeadline.js';
import { validateDestination } from './destinationCheck.js';
import { discardResponse, readExcerpt, startExchange } from './hopExchange.js';
import type { OutboundConnectionPool } from './connectionPool.js';
import type { OutboundPolicy } from './outboundPolicy.js';
import { planRedirect, type HopRequest, type RedirectMode } from './redirectPlan.js';

export type { OutboundPolicy, ResolvedAddress, Resolver } from './outboundPolicy.js';
export { createConnectionPool, type ConnectionPoolOptions, type OutboundConnectionPool } from './connectionPool.js';
export { systemResolver } from './outboundPolicy.js';

/**
 * Outbound HTTP for webhook deliveries and workflow HTTP_REQUEST steps (SPEC "Outbound address
 * validation"); the rules are written out in docs/outbound.md.
 *
 * Invariants: every hop (the first URL and each redirect) is validated before any socket exists,
 * and the socket connects only to the addresses that validation saw (one DNS lookup per hop).
 * Without `connections`, a call holds no shared state: a fresh socket per hop. With a pool
 * (connectionPool.ts), a hop may reuse an idle keep-alive socket, but only one whose peer is an
 * address validated for that hop; validation still runs first on every hop, and a refusal neither
 * opens nor reuses a socket. Nothing else is shared (no cache of answers or addresses).
 * `sendOutbound` never throws; bad input and refusals come back as `refused`, network trouble as
 * `failed`.
 */

export interface OutboundRequest {
  readonly url: string;
  /** GET, POST, PUT, PATCH or DELETE (any case). */
  readonly method: string;
  /**
   * Sent as given, except the framing headers the client owns (Host, Content-Length,
   * Transfer-Encoding, Connection, Keep-Alive, Upgrade, Expect, TE, Trailer, Proxy-Connection),
   * which are dropped.
   */
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | Buffer;
  /** The whole attempt: DNS, connect, headers and body excerpt of every hop, redirects included. */
  readonly timeoutMs: number;
  /** @default 5 (the SPEC limit; larger values are lowered to 5) */
  readonly maxRedirects?: number;
  /**
   * `'same-request'`: follow only redirects that re-send the same method, body and headers (a 307
   * or 308 to the same origin); any other comes back as the answer with `unfollowedRedirect`.
   * Webhook deliveries use it: a redirect that drops the body or the signature is not a delivery.
   * @default 'any' (redirectPlan.ts)
   */
  readonly redirects?: RedirectMode;
  /** Bytes of the response body kept in `excerpt`. @default 2048 (at most 1 MiB) */
  readonly excerptBytes?: number;
  readonly signal?: AbortSignal;
}

export type OutboundResult =
  | {
      readonly kind: 'response';
      readonly status: number;
      readonly excerpt: string;
      readonly durationMs: number;
      readonly finalUrl: string;
      readonly redirects: number;
      /**
       * The target of a redirect that was not followed: a 307/308 to another origin (the body would
       * have gone there), or with `redirects: 'same-request'` any redirect but a same-origin 307/308.
       */
      readonly unfollowedRedirect?: string;
      /** Why it was not followed, with `unfollowedRedirect`. */
      readonly unfollowedBecause?: string;
    }
  /** The validator refused (the first URL or a redirect hop, named in `url` and `reason`); no socket was opened for it. */
  | { readonly kind: 'refused'; readonly reason: string; readonly durationMs: number; readonly url: string }
  /** Validated, but the network failed, the time-out elapsed, the caller aborted, or there were too many redirects. */
  | { readonly kind: 'failed'; readonly reason: string; readonly durationMs: number; readonly timedOut: boolean };

export const MAX_REDIRECTS = 5;
export const DEFAULT_EXCERPT_BYTES = 2048;
const MAX_EXCERPT_BYTES = 1024 * 1024;
const METHODS: ReadonlySet<string> = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const CLIENT_OWNED_HEADERS: ReadonlySet<string> = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'expect',
  'te',
  'trailer',
  'proxy-connection',
]);

/** `connections`: a keep-alive pool to reuse sockets from (see connectionPool.ts); without it, a fresh socket per hop. */
export async function sendOutbound(
  request: OutboundRequest,
  policy: OutboundPolicy,
  connections?: OutboundConnectionPool,
): Promise<OutboundResult> {
  const started = performance.now();
  const elapsed = (): number => Math.round(performance.now() - started);
  const firstHop = toFirstHop(request);
  if (typeof firstHop === 'string') return { kind: 'refused', reason: firstHop, durationMs: elapsed(), url: String(request.url) };

  const deadline = startAttemptDeadline(request.timeoutMs, request.signal);
  try {
    return await followHops(firstHop, request, policy, deadline, elapsed, connections);
  } catch (error) {
    // Not expected: every known failure is a value. Kept so a caller's loop can never crash on us.
    return {
      kind: 'failed',
      reason: `unexpected error: ${error instanceof Error ? error.message : String(error)}`,
      durationMs: elapsed(),
      timedOut: false,
    };
  } finally {
    deadline.dispose();
  }
}

async function followHops(
  firstHop: HopRequest,
  request: OutboundRequest,
  policy: OutboundPolicy,
  deadline: AttemptDeadline,
  elapsed: () => number,
  connections: OutboundConnectionPool | undefined,
): Promise<OutboundResult> {
  const maxRedirects = clampInteger(request.maxRedirects, MAX_REDIRECTS, 0, MAX_REDIRECTS);
  const excerptBytes = clampInteger(request.excerptBytes, DEFAULT_EXCERPT_BYTES, 0, MAX_EXCERPT_BYTES);
  const failed = (reason: string): OutboundResult => ({ kind: 'failed', reason, durationMs: elapsed(), timedOut: deadline.timedOut() });
  let hop = firstHop;
  let redirects = 0;

  for (;;) {
    const destination = await validateDestination(hop.url, policy, deadline.signal);
    if (destination.kind === 'interrupted') {
      if (!deadline.timedOut()) return failed('aborted by the caller');
      const host = safeHost(hop.url);
      return refusedHop(hop.url, redirects, `DNS lookup of ${host} did not answer within ${request.timeoutMs} ms`, elapsed);
    }
    if (destination.kind === 'refused') return refusedHop(hop.url, redirects, destination.reason, elapsed);

    const exchange = await startExchange(destination, hop, deadline.signal, connections);
    if (exchange.kind === 'failed') return failed(exchange.reason);

    const plan = planRedirect(hop, exchange.status, exchange.location, request.redirects ?? 'any');
    if (plan.kind === 'follow') {
      discardResponse(exchange.response);
      if (redirects >= maxRedirects)
        return failed(`too many redirects (more than ${maxRedirects}); the last one pointed to ${plan.next.url}`);
      redirects += 1;
      hop = plan.next;
      continue;
    }
    const body = await readExcerpt(exchange.response, excerptBytes, deadline.signal);
    if (body.kind === 'failed') return failed(body.reason);
    return {
      kind: 'response',
      status: exchange.status,
      excerpt: body.excerpt,
      durationMs: elapsed(),
      finalUrl: destination.url.href,
      redirects,
      ...(plan.kind === 'unfollowed' ? { unfollowedRedirect: plan.location, unfollowedBecause: plan.why } : {}),
    };
  }
}

function refusedHop(url: string, redirects: number, reason: string, elapsed: () => number): OutboundResult {
  const text = redirects === 0 ? reason : `redirect ${redirects} to ${url} refused: ${reason}`;
  return { kind: 'refused', reason: text, durationMs: elapsed(), url };
}

/** The request as the first hop, or why the input itself is refused. */
function toFirstHop(request: OutboundRequest): HopRequest | string {
  if (typeof request.url !== 'string') return 'the URL must be a string';
  const method = typeof request.method === 'string' ? request.method.toUpperCase() : '';
  if (!METHODS.has(method)) return `method "${String(request.method)}" is not supported (GET, POST, PUT, PATCH, DELETE)`;
  if (typeof request.timeoutMs !== 'number' || !Number.isFinite(request.timeoutMs) || request.timeoutMs <= 0) {
    return 'timeoutMs must be a positive number';
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    try {
      validateHeaderName(name);
      validateHeaderValue(name, value);
    } catch {
      return `header "${name}" has an invalid name or value`;
    }
    const lower = name.toLowerCase();
    if (!CLIENT_OWNED_HEADERS.has(lower)) headers[lower] = value;
  }
  const body =
    request.body === undefined ? undefined : Buffer.isBuffer(request.body) ? request.body : Buffer.from(String(request.body), 'utf8');
  return { url: request.url, method, headers, body };
}

function clampInteger(value: number | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.floor(value)));
}

function safeHost(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}
