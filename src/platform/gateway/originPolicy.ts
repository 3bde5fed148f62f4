/**
 * Which browser origins may use the server: its own, always, and the ones listed in
 * SVC_SECURITY_CORS_ALLOWED_ORIGINS. The server's own origin is the one whose host and port equal
 * the host the request was sent to (what browsers' same-origin policy means, and gorilla/websocket's
 * default `CheckOrigin`): the console the server serves at `/app/` is same-origin with it, listed or
 * not. The list only adds other origins.
 *
 * The host the request was sent to is its `Host` header, or, when the connection comes from a
 * trusted proxy (SVC_TRUSTED_PROXIES) that sends one, the first value of `X-Forwarded-Host`: a proxy
 * that rewrites `Host` to its upstream's address names the public host there. Anyone else's
 * `X-Forwarded-Host` is ignored, like their `X-Forwarded-For`. (`Forwarded: host=` is not read;
 * behind such a proxy keep `Host` as the client sent it.)
 *
 * Used by the WebSocket upgrade (src/plugins/realtime/graphqlWsEndpoint.ts) and CORS (cors.ts).
 */
import type { RequestHead } from './http.js';

/** How a request's `Origin` relates to the server. */
export type OriginStanding =
  /** No `Origin` header: not a browser page (agents, scripts, curl). */
  | 'absent'
  /** The server's own page (`Origin` names the host and port the request was sent to). */
  | 'same-origin'
  /** Another origin on SVC_SECURITY_CORS_ALLOWED_ORIGINS. */
  | 'listed'
  /** Another origin, not listed (or not an http(s) origin at all, such as `null`). */
  | 'other';

export interface OriginPolicy {
  /** True when SVC_SECURITY_CORS_ALLOWED_ORIGINS names at least one origin. */
  readonly hasList: boolean;
  standing(head: Pick<RequestHead, 'headers' | 'peerAddress'>): OriginStanding;
  /** The host the request was sent to, as `standing` compares it (for messages); undefined without one. */
  requestHost(head: Pick<RequestHead, 'headers' | 'peerAddress'>): string | undefined;
}

export function createOriginPolicy(allowedOrigins: readonly string[], isTrustedProxy: (address: string) => boolean): OriginPolicy {
  const listed = new Set(allowedOrigins.map((o) => o.replace(/\/$/, '').toLowerCase()));
  const requestHost = (head: Pick<RequestHead, 'headers' | 'peerAddress'>): string | undefined => {
    const forwarded = head.headers['x-forwarded-host'];
    if (forwarded !== undefined && isTrustedProxy(head.peerAddress)) {
      const first = forwarded.split(',', 1)[0]!.trim();
      if (first !== '') return first;
    }
    return head.headers['host'];
  };
  return {
    hasList: listed.size > 0,
    requestHost,
    standing(head) {
      const origin = head.headers['origin'];
      if (origin === undefined) return 'absent';
      const host = requestHost(head);
      if (host !== undefined && isSameOrigin(origin, host)) return 'same-origin';
      return listed.has(origin.toLowerCase()) ? 'listed' : 'other';
    },
  };
}

const DEFAULT_PORTS: Readonly<Record<string, string>> = { 'http:': '80', 'https:': '443' };

/**
 * `origin` (an `Origin` header: `scheme://host[:port]`) names the same host and port as `host` (a
 * `Host` header: `host[:port]`). A port left out is the default port of the origin's scheme (80 for
 * http, 443 for https), on both sides: `https://ops.example.com` is `ops.example.com` and
 * `ops.example.com:443`, not `ops.example.com:80`. Host names compare without case. Anything that is
 * not an http(s) origin (`null`, a path, user info) or not a plain host is not the same origin.
 */
export function isSameOrigin(origin: string, host: string): boolean {
  const own = parseOrigin(origin);
  if (own === undefined || host === '' || /[/\\?#@\s]/.test(host)) return false;
  let target: URL;
  try {
    target = new URL(`${own.protocol}//${host}`);
  } catch {
    return false;
  }
  return target.hostname === own.hostname && (target.port || DEFAULT_PORTS[own.protocol]) === own.port;
}

/** An Origin is a scheme and an authority only: no user info, path, query or fragment. */
const ORIGIN_SHAPE = /^https?:\/\/[^/\\?#@\s]+$/i;

function parseOrigin(origin: string): { protocol: string; hostname: string; port: string } | undefined {
  if (!ORIGIN_SHAPE.test(origin)) return undefined;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return undefined;
  }
  return { protocol: url.protocol, hostname: url.hostname, port: url.port || DEFAULT_PORTS[url.protocol]! };
}
