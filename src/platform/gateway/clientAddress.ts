import { isIP } from 'node:net';
import { normalizeAddress } from './addressRange.js';

/**
 * The client's address: the socket peer, unless the peer is a trusted proxy, in which case the
 * `X-Forwarded-For` chain is walked from the right, skipping trusted proxies, and the first
 * untrusted address is the client. Entries a client wrote itself (further left) are never believed.
 */
export function resolveClientAddress(peer: string, forwardedFor: string | undefined, isTrustedProxy: (address: string) => boolean): string {
  if (forwardedFor === undefined || !isTrustedProxy(peer)) return peer;
  const hops = forwardedFor.split(',');
  for (let i = hops.length - 1; i >= 0; i -= 1) {
    const hop = normalizeAddress(hops[i]!.trim());
    if (isIP(hop) === 0) return peer;
    if (!isTrustedProxy(hop)) return hop;
  }
  return peer;
}
