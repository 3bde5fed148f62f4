import { BlockList, isIP } from 'node:net';

/** An IP address or CIDR range, as given in SVC_TRUSTED_PROXIES. */
export interface AddressRange {
  readonly address: string;
  readonly prefix: number;
  readonly family: 'ipv4' | 'ipv6';
}

export function parseAddressRange(text: string): AddressRange | undefined {
  const [address = '', prefixText] = text.split('/');
  const version = isIP(address);
  if (version === 0) return undefined;
  const family = version === 4 ? 'ipv4' : 'ipv6';
  const maxPrefix = version === 4 ? 32 : 128;
  if (prefixText === undefined) return { address, prefix: maxPrefix, family };
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > maxPrefix) return undefined;
  return { address, prefix: Number(prefixText), family };
}

/** Membership test over a set of ranges; an IPv4-mapped IPv6 address is tested as IPv4. */
export function createAddressMatcher(ranges: readonly AddressRange[]): (address: string) => boolean {
  if (ranges.length === 0) return () => false;
  const list = new BlockList();
  for (const range of ranges) list.addSubnet(range.address, range.prefix, range.family);
  return (address) => {
    const normalized = normalizeAddress(address);
    const version = isIP(normalized);
    return version !== 0 && list.check(normalized, version === 4 ? 'ipv4' : 'ipv6');
  };
}

/**
 * Canonical text of a peer address: IPv4-mapped IPv6 (`::ffff:10.0.0.1`, or uWS's fully expanded
 * `0000:...:ffff:0a00:0001`) becomes plain IPv4, so rate-limit buckets and proxy checks see one
 * identity per client.
 */
export function normalizeAddress(address: string): string {
  const lower = address.toLowerCase();
  if (isIP(lower) === 4) return lower;
  const mappedDotted = /^(?:0{1,4}:){5}ffff:(\d+\.\d+\.\d+\.\d+)$|^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mappedDotted) return (mappedDotted[1] ?? mappedDotted[2])!;
  const mappedHex = /^(?:(?:0{1,4}:){5}|::)ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (mappedHex) {
    const high = parseInt(mappedHex[1]!, 16);
    const low = parseInt(mappedHex[2]!, 16);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return lower;
}
