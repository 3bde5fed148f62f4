/**
 * CORS for the origins in SVC_SECURITY_CORS_ALLOWED_ORIGINS: credentials allowed, preflight cached
 * 300 s. With no origins configured no CORS header is ever sent (same-origin only). A request from
 * an origin not on the list is not refused (servers and agents send no Origin); it just gets no
 * CORS headers, so a browser will not hand the answer to the page. A preflight from such an origin
 * is answered 403.
 */
import { ErrorCode } from '../errors/catalog.js';
import { catalogReply, type Reply, type RequestHead } from './http.js';

export const PREFLIGHT_MAX_AGE_SECONDS = 300;
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
const ALLOWED_HEADERS = 'Authorization, Content-Type, X-API-Key';

export interface Cors {
  /** A reply when `head` is a preflight, else `undefined`. */
  preflight(head: RequestHead): Reply | undefined;
  /** Headers to add to an actual response. */
  responseHeaders(head: RequestHead): Readonly<Record<string, string>> | undefined;
}

export function createCors(allowedOrigins: readonly string[]): Cors {
  const allowed = new Set(allowedOrigins.map((o) => o.replace(/\/$/, '').toLowerCase()));
  const isAllowed = (origin: string | undefined): origin is string => origin !== undefined && allowed.has(origin.toLowerCase());
  return {
    preflight(head) {
      if (head.method !== 'OPTIONS' || head.headers['access-control-request-method'] === undefined) return undefined;
      const origin = head.headers['origin'];
      if (!isAllowed(origin)) return catalogReply(ErrorCode.Forbidden, `origin ${origin ?? '(none)'} is not allowed; add it to SVC_SECURITY_CORS_ALLOWED_ORIGINS`);
      return {
        status: 204,
        body: '',
        headers: {
          'access-control-allow-origin': origin,
          'access-control-allow-credentials': 'true',
          'access-control-allow-methods': ALLOWED_METHODS,
          'access-control-allow-headers': ALLOWED_HEADERS,
          'access-control-max-age': String(PREFLIGHT_MAX_AGE_SECONDS),
          vary: 'Origin',
        },
      };
    },
    responseHeaders(head) {
      const origin = head.headers['origin'];
      if (!isAllowed(origin)) return undefined;
      return { 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true', vary: 'Origin' };
    },
  };
}
