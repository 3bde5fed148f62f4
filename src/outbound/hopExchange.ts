import type { IncomingMessage, RequestOptions } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import type { ResolvedAddress } from './outboundPolicy.js';
import { createPinnedLookup } from './pinnedLookup.js';
import type { HopRequest } from './redirectPlan.js';

/**
 * One HTTP exchange with a destination the validator allowed. The only file that opens sockets.
 * Each hop gets its own socket (`agent: false`): a pooled connection could have been opened to
 * another host's validated address, and webhook calls are too rare for reuse to matter.
 */

export interface PinnedDestination {
  readonly url: URL;
  /** Normalized host name or address literal (no brackets). */
  readonly host: string;
  readonly addresses: readonly ResolvedAddress[];
}

export type ExchangeOutcome =
  | { readonly kind: 'answered'; readonly status: number; readonly location: string | undefined; readonly response: IncomingMessage }
  | { readonly kind: 'failed'; readonly reason: string };

export type ExcerptOutcome = { readonly kind: 'read'; readonly excerpt: string } | { readonly kind: 'failed'; readonly reason: string };

/** Sends the request and settles when the status line and headers have arrived (or it fails). */
export function startExchange(destination: PinnedDestination, hop: HopRequest, signal: AbortSignal): Promise<ExchangeOutcome> {
  return new Promise((settle) => {
    if (signal.aborted) {
      settle({ kind: 'failed', reason: abortReason(signal) });
      return;
    }
    const { url, host } = destination;
    const secure = url.protocol === 'https:';
    const headers: Record<string, string> = { ...hop.headers };
    if (hop.body !== undefined) headers['content-length'] = String(hop.body.length);
    const options: RequestOptions & { servername?: string } = {
      host,
      port: url.port === '' ? (secure ? 443 : 80) : Number(url.port),
      path: `${url.pathname}${url.search}`,
      method: hop.method,
      headers,
      agent: false,
      lookup: createPinnedLookup(destination.addresses),
    };
    // TLS verifies the certificate against the name we validated; SNI may not carry an address.
    if (secure && isIP(host) === 0) options.servername = host;

    const request = (secure ? httpsRequest : httpRequest)(options);
    const onAbort = (): void => {
      request.destroy();
      settle({ kind: 'failed', reason: abortReason(signal) });
    };
    signal.addEventListener('abort', onAbort, { once: true });
    request.once('response', (response) => {
      signal.removeEventListener('abort', onAbort);
      const location = response.headers.location;
      settle({ kind: 'answered', status: response.statusCode ?? 0, location, response });
    });
    // Stays attached after the answer: a reset while the body is read must not go unhandled.
    request.on('error', (error) => {
      signal.removeEventListener('abort', onAbort);
      settle({ kind: 'failed', reason: `request to ${url.origin} failed: ${error.message}` });
    });
    request.end(hop.body);
  });
}

/**
 * Reads at most `limit` bytes of the body as UTF-8 (a character cut at the limit becomes U+FFFD),
 * then destroys the response and its socket: a receiver streaming gigabytes costs us `limit` bytes.
 * A body cut short by the receiver still yields what arrived; the time-out yields `failed`.
 */
export function readExcerpt(response: IncomingMessage, limit: number, signal: AbortSignal): Promise<ExcerptOutcome> {
  return new Promise((settle) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let finished = false;
    const finish = (outcome: ExcerptOutcome): void => {
      if (finished) return;
      finished = true;
      signal.removeEventListener('abort', onAbort);
      response.removeListener('data', onData);
      response.destroy();
      settle(outcome);
    };
    const done = (): void => finish({ kind: 'read', excerpt: Buffer.concat(chunks).toString('utf8') });
    const onAbort = (): void => finish({ kind: 'failed', reason: abortReason(signal) });
    const onData = (chunk: Buffer): void => {
      const taken = chunk.subarray(0, limit - size);
      chunks.push(taken);
      size += taken.length;
      if (size >= limit) done();
    };
    if (signal.aborted) return onAbort();
    if (limit <= 0) return done();
    signal.addEventListener('abort', onAbort, { once: true });
    response.on('data', onData);
    response.once('end', done);
    response.once('close', done);
    response.once('error', done);
  });
}

/** Stops a response we will not read (a redirect we follow), closing its socket. */
export function discardResponse(response: IncomingMessage): void {
  response.on('error', () => undefined);
  response.destroy();
}

function abortReason(signal: AbortSignal): string {
  return signal.reason instanceof Error ? signal.reason.message : 'aborted';
}
