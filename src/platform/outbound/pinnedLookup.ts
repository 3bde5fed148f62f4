import type { LookupAddress, LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';
import type { ResolvedAddress } from './outboundPolicy.js';

/**
 * A `lookup` for http.request/https.request that answers with the addresses the validator
 * already checked, whatever host name it is asked about. The socket therefore connects to a
 * validated address without a second DNS query, so a name that answers a public address to the
 * validator and a private one a moment later (DNS rebinding) cannot redirect the connection.
 * The request still carries the real host name in `Host` and as the TLS servername, so the
 * certificate is verified against the name, not the address.
 */
export function createPinnedLookup(addresses: readonly ResolvedAddress[]): LookupFunction {
  return (_hostname: string, options: LookupOptions, callback) => {
    const wanted = familyNumber(options.family);
    const usable: LookupAddress[] = addresses
      .filter((a) => wanted === 0 || a.family === wanted)
      .map((a) => ({ address: a.address, family: a.family }));
    const first = usable[0];
    if (first === undefined) {
      const error: NodeJS.ErrnoException = new Error(`no validated IPv${wanted} address`);
      error.code = 'ENOTFOUND';
      process.nextTick(callback, error, '', 0);
      return;
    }
    // net calls lookup with `all: true` when it races addresses (autoSelectFamily).
    if (options.all === true) process.nextTick(callback, null, usable);
    else process.nextTick(callback, null, first.address, first.family);
  };
}

function familyNumber(family: LookupOptions['family']): 0 | 4 | 6 {
  if (family === 4 || family === 'IPv4') return 4;
  if (family === 6 || family === 'IPv6') return 6;
  return 0;
}
