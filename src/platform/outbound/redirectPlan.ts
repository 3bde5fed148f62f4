/**
 * What to do with a redirect answer: pure, so the rules are tested without sockets.
 *
 * - 301, 302, 303: follow as GET without a body; the headers that describe or sign the body go
 *   with it (`Content-*`, `Digest`, any header whose name contains `signature`).
 * - 307, 308 to the same origin (scheme, host and port): follow with the same method, body and
 *   headers.
 * - 307, 308 to another origin: followed only when the request has no body. With a body the
 *   redirect is NOT followed: the 3xx is the final answer (a webhook counts it as a failure),
 *   because re-sending a signed payload to a server its owner did not configure would hand the
 *   payload and a valid signature to whoever controls the redirect.
 * - Any hop to another origin keeps only `User-Agent`, `Accept` and `Accept-Language` of the
 *   caller's headers, for that hop and every later one (even back on the first origin):
 *   `Authorization`, signatures and custom headers are meant for the configured receiver only.
 * - Other statuses, a missing or unparseable `Location`: not a redirect we follow.
 *
 * With `'same-request'` (what webhook deliveries ask for), a redirect is followed only when the
 * next hop is the very request that was sent: a 307 or 308 to the same origin. A 301, 302 or 303
 * (which would turn the request into a bodyless, unsigned GET) and any hop to another origin come
 * back `unfollowed` with their target, so the caller sees the redirect instead of a success from a
 * hop that never got the event.
 */

export interface HopRequest {
  readonly url: string;
  readonly method: string;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Buffer | undefined;
}

/** `'any'`: the rules above. `'same-request'`: follow only a hop that re-sends the same method, body and headers. */
export type RedirectMode = 'any' | 'same-request';

export type RedirectPlan =
  | { readonly kind: 'final' }
  | { readonly kind: 'follow'; readonly next: HopRequest }
  | { readonly kind: 'unfollowed'; readonly location: string; readonly why: string };

const CROSS_ORIGIN_HEADERS: ReadonlySet<string> = new Set(['user-agent', 'accept', 'accept-language']);

export function planRedirect(hop: HopRequest, status: number, location: string | undefined, mode: RedirectMode = 'any'): RedirectPlan {
  if (![301, 302, 303, 307, 308].includes(status) || location === undefined || location === '') return { kind: 'final' };
  let current: URL;
  let target: URL;
  try {
    current = new URL(hop.url);
    target = new URL(location, current);
  } catch {
    return { kind: 'final' };
  }
  const sameOrigin = target.origin === current.origin;
  if (mode === 'same-request') {
    if (status !== 307 && status !== 308)
      return { kind: 'unfollowed', location: target.href, why: `a ${status} would re-send the request as a GET without its body` };
    if (!sameOrigin)
      return {
        kind: 'unfollowed',
        location: target.href,
        why: `the request, its body and its signature go only to the origin it was sent to`,
      };
  }
  const headers = sameOrigin ? hop.headers : keepOnly(hop.headers, (name) => CROSS_ORIGIN_HEADERS.has(name));

  if (status === 307 || status === 308) {
    if (!sameOrigin && hop.body !== undefined) {
      return { kind: 'unfollowed', location: target.href, why: `a ${status} to another origin would re-send the request body` };
    }
    return { kind: 'follow', next: { url: target.href, method: hop.method, headers, body: hop.body } };
  }
  const bodyless = keepOnly(headers, (name) => !describesBody(name));
  return { kind: 'follow', next: { url: target.href, method: 'GET', headers: bodyless, body: undefined } };
}

function describesBody(lowerName: string): boolean {
  return lowerName.startsWith('content-') || lowerName === 'digest' || lowerName.includes('signature');
}

function keepOnly(headers: Readonly<Record<string, string>>, keep: (lowerName: string) => boolean): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => keep(name)));
}
