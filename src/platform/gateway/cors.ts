/**
 * CORS for the origins in SVC_SECURITY_CORS_ALLOWED_ORIGINS: credentials allowed, preflight cached
 * 300 s. With no origins configured no CORS header is ever sent on an answer (same-origin only). A
 * request from an origin not on the list is not refused (servers and agents send no Origin); it just
 * gets no CORS headers, so a browser will not hand the answer to the page. A preflight from such an
 * origin is answered 403; one from the server's own origin (originPolicy.ts) is allowed like a listed
 * one, listed or not (browsers do not send those, but the rule is the same everywhere).
 */
import { ErrorCode } from '../errors/catalog.js';
import { catalogReply, type Reply, type RequestHead } from './http.js';
import type { OriginPolicy } from './originPolicy.js';

export const PREFLIGHT_MAX_AGE_SECONDS = 300;
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
const ALLOWED_HEADERS = 'Authorization, Content-Type, X-API-Key';

export interface Cors {
  /** A reply when `head` is a preflight, else `undefined`. */
  preflight(head: RequestHead): Reply | undefined;
  /** Headers to add to an actual response. */
  responseHeaders(head: RequestHead): Readonly<Record<string, string>> | undefined;
}

export function createCors(origins: OriginPolicy): Cors {
  return {
    preflight(head) {
      if (head.method !== 'OPTIONS' || head.headers['access-control-request-method'] === undefined) return undefined;
      const origin = head.headers['origin'];
      const standing = origins.standing(head);
      if (origin === undefined || (standing !== 'listed' && standing !== 'same-origin'))
        return catalogReply(
          ErrorCode.Forbidden,
          `origin ${origin ?? '(none)'} is not allowed; add it to SVC_SECURITY_CORS_ALLOWED_ORIGINS`,
        );
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
      // A same-origin answer needs no CORS header; only listed origins get them.
      if (origin === undefined || !origins.hasList || origins.standing(head) !== 'listed') return undefined;
      return { 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true', vary: 'Origin' };
    },
  };
}
