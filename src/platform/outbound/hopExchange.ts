import type { ClientRequest, IncomingMessage, RequestOptions } from 'node:http';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect, isIP, type Socket } from 'node:net';
import { poolKey, type OutboundConnectionPool, type PinnedRequestOptions } from './connectionPool.js';
import type { ResolvedAddress } from './outboundPolicy.js';
import { createPinnedLookup } from './pinnedLookup.js';
import type { HopRequest } from './redirectPlan.js';

/**
 * One HTTP exchange with a destination the validator allowed. With connectionPool.ts, the only
 * code that opens sockets.
 *
 * Without a pool, each hop gets its own socket (`agent: false`) pinned to the validated addresses.
 * With a pool (connectionPool.ts), the hop first looks for an idle socket under the key of each of
 * ITS OWN validated addresses (so a reused socket's peer is always one of them); failing that it
 * connects afresh, racing the validated addresses as before, and files the socket under the address
 * it actually connected to. A reused socket that fails before any answer (the receiver closed it
 * while it idled) is replaced once by a fresh connection within the same hop and deadline.
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

type HopOptions = RequestOptions & { servername?: string };

/** Sends the request and settles when the status line and headers have arrived (or it fails). */
export async function startExchange(
  destination: PinnedDestination,
  hop: HopRequest,
  signal: AbortSignal,
  pool?: OutboundConnectionPool,
): Promise<ExchangeOutcome> {
  if (signal.aborted) return { kind: 'failed', reason: abortReason(signal) };
  const { url, host } = destination;
  const secure = url.protocol === 'https:';
  const headers: Record<string, string> = { ...hop.headers };
  if (hop.body !== undefined) headers['content-length'] = String(hop.body.length);
  const options: HopOptions = {
    host,
    port: url.port === '' ? (secure ? 443 : 80) : Number(url.port),
    path: `${url.pathname}${url.search}`,
    method: hop.method,
    headers,
  };
  // TLS verifies the certificate against the name we validated; SNI may not carry an address.
  if (secure && isIP(host) === 0) options.servername = host;

  const agent = pool?.agent(secure);
  if (agent === undefined) {
    const outcome = await exchange(
      url,
      { ...options, agent: false, lookup: createPinnedLookup(destination.addresses) },
      hop,
      signal,
      undefined,
    );
    return outcome.kind === 'stale' ? { kind: 'failed', reason: outcome.reason } : outcome;
  }

  const validated = new Map(destination.addresses.map((a) => [canonicalAddress(a.address), a.family] as const));
  const keyFor = (address: string): string => poolKey(url.protocol, host, Number(options.port), address, options.servername ?? '');
  const pinnedTo = (address: string, family: 4 | 6) => ({ agent, lookup: createPinnedLookup([{ address, family }]) });

  // 1. An idle socket to one of the addresses validated for THIS hop, in the validator's order.
  for (const [address, family] of validated) {
    const pinKey = keyFor(address);
    if (!agent.hasIdle(pinKey)) continue;
    const outcome = await exchange(url, { ...options, ...pinnedTo(address, family), pinKey }, hop, signal, validated);
    if (outcome.kind !== 'stale') return outcome;
    break; // the receiver had closed it: one fresh connection instead
  }

  // 2. A fresh connection over the validated addresses, filed under the one it reached.
  const connected = await connectPinned(destination, Number(options.port), signal);
  if (connected.kind === 'failed') return connected;
  const { socket } = connected;
  const address = canonicalAddress(socket.remoteAddress ?? '');
  const family = validated.get(address);
  if (family === undefined) {
    socket.destroy();
    return {
      kind: 'failed',
      reason: `request to ${url.origin} failed: connected to ${socket.remoteAddress ?? 'an unknown address'}, which was not validated`,
    };
  }
  const pinned: PinnedRequestOptions = { pinKey: keyFor(address), preconnected: socket };
  const outcome = await exchange(url, { ...options, ...pinnedTo(address, family), ...pinned }, hop, signal, validated);
  return outcome.kind === 'stale' ? { kind: 'failed', reason: outcome.reason } : outcome;
}

type AttemptOutcome = ExchangeOutcome | { readonly kind: 'stale'; readonly reason: string };

/**
 * One request on whatever socket the options lead to. `validated` (pooled requests): the socket the
 * agent hands over must be connected to one of these addresses, or the request is destroyed before
 * a byte is written. `stale`: a reused socket failed before any answer.
 */
function exchange(
  url: URL,
  options: HopOptions & Partial<PinnedRequestOptions>,
  hop: HopRequest,
  signal: AbortSignal,
  validated: ReadonlyMap<string, 4 | 6> | undefined,
): Promise<AttemptOutcome> {
  return new Promise((settle) => {
    const secure = url.protocol === 'https:';
    const request: ClientRequest = (secure ? httpsRequest : httpRequest)(options);
    const preconnected = options.preconnected;
    const onAbort = (): void => {
      request.destroy();
      preconnected?.destroy();
      settle({ kind: 'failed', reason: abortReason(signal) });
    };
    signal.addEventListener('abort', onAbort, { once: true });
    request.once('socket', (socket: Socket) => {
      // The agent found an idle socket with the same key in the meantime: ours is not needed. (Otherwise
      // the agent took ours: `socket` is it, or for https the TLS socket on top of it.)
      if (preconnected !== undefined && request.reusedSocket) preconnected.destroy();
      if (validated !== undefined && request.reusedSocket && !validated.has(canonicalAddress(socket.remoteAddress ?? ''))) {
        request.destroy(
          new Error(`pooled connection to ${socket.remoteAddress ?? 'an unknown address'}, which was not validated for this request`),
        );
      }
    });
    request.once('response', (response) => {
      signal.removeEventListener('abort', onAbort);
      const location = response.headers.location;
      settle({ kind: 'answered', status: response.statusCode ?? 0, location, response });
    });
    // Stays attached after the answer: a reset while the body is read must not go unhandled.
    request.on('error', (error) => {
      signal.removeEventListener('abort', onAbort);
      preconnected?.destroy();
      const reason = `request to ${url.origin} failed: ${error.message}`;
      settle(request.reusedSocket && !signal.aborted ? { kind: 'stale', reason } : { kind: 'failed', reason });
    });
    request.end(hop.body);
  });
}

/** A TCP connection to one of the validated addresses (raced as http.request would), or why not. */
function connectPinned(
  destination: PinnedDestination,
  port: number,
  signal: AbortSignal,
): Promise<{ readonly kind: 'connected'; readonly socket: Socket } | { readonly kind: 'failed'; readonly reason: string }> {
  return new Promise((settle) => {
    const socket = connect({
      host: destination.host,
      port,
      lookup: createPinnedLookup(destination.addresses),
      noDelay: true,
      keepAlive: true,
      keepAliveInitialDelay: 1000,
    });
    const finish = (
      outcome: { readonly kind: 'connected'; readonly socket: Socket } | { readonly kind: 'failed'; readonly reason: string },
    ): void => {
      signal.removeEventListener('abort', onAbort);
      socket.removeListener('error', onError);
      socket.removeListener('connect', onConnect);
      if (outcome.kind === 'failed') socket.destroy();
      settle(outcome);
    };
    const onAbort = (): void => finish({ kind: 'failed', reason: abortReason(signal) });
    const onError = (error: Error): void =>
      finish({ kind: 'failed', reason: `request to ${destination.url.origin} failed: ${error.message}` });
    const onConnect = (): void => finish({ kind: 'connected', socket });
    signal.addEventListener('abort', onAbort, { once: true });
    socket.once('error', onError);
    socket.once('connect', onConnect);
  });
}

/**
 * The text form sockets report (`remoteAddress`) for an address: IPv6 compressed and lower-case
 * (WHATWG's serializer, as the validator parses URLs), IPv4 as is. Only used to compare addresses;
 * a spelling it cannot normalize just never matches a pooled socket.
 */
function canonicalAddress(address: string): string {
  if (isIP(address) !== 6) return address;
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return address.toLowerCase();
  }
}

/**
 * Reads at most `limit` bytes of the body as UTF-8 (a character cut at the limit becomes U+FFFD),
 * then destroys the response: a receiver streaming gigabytes costs us `limit` bytes. A response read
 * to its end leaves its socket to the pool (if any); one cut at the limit, timed out or failed takes
 * its socket down with it (Node destroys the socket of an incomplete response), so no socket goes
 * back with body bytes unread.
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
