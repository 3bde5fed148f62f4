import { isIP } from 'node:net';
import { IPV6_GLOBAL_UNICAST, SPECIAL_ADDRESS_RANGES, type AddressStanding } from './specialAddressRanges.js';

/**
 * Classifies a parsed IP address against the special-purpose ranges. Works on the bytes of the
 * address, never on its text: `::ffff:7f00:1`, `0:0:0:0:0:ffff:127.0.0.1` and `127.0.0.1` are
 * the same loopback address, and a string prefix test would miss two of them.
 */

export interface AddressClass {
  readonly standing: AddressStanding;
  /** Which range decided it, for the refusal text, e.g. `loopback 127.0.0.0/8`. */
  readonly range: string;
}

interface CompiledRange {
  readonly bytes: Uint8Array;
  readonly bits: number;
  readonly standing: Exclude<AddressStanding, 'public'>;
  readonly label: string;
}

const IPV4_MAPPED_PREFIX = new Uint8Array([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff]);

const COMPILED_RANGES: readonly CompiledRange[] = SPECIAL_ADDRESS_RANGES.map((range) => {
  const { bytes, bits } = compileCidr(range.cidr);
  return { bytes, bits, standing: range.standing, label: range.label };
}).sort((a, b) => b.bits - a.bits); // most specific first, so the first match decides

const GLOBAL_UNICAST = compileCidr(IPV6_GLOBAL_UNICAST);

/** `undefined` when the text is not an IP address (a host name is classified by hostNames.ts). */
export function classifyAddress(text: string): AddressClass | undefined {
  const bytes = parseIpAddress(text);
  if (bytes === undefined) return undefined;
  return classifyBytes(bytes);
}

function classifyBytes(bytes: Uint8Array): AddressClass {
  if (bytes.length === 16 && startsWith(bytes, IPV4_MAPPED_PREFIX, 96)) {
    // The socket would reach the embedded IPv4 address, so that address decides.
    const inner = classifyBytes(bytes.subarray(12));
    return { standing: inner.standing, range: `IPv4-mapped ${inner.range}` };
  }
  for (const range of COMPILED_RANGES) {
    if (range.bytes.length === bytes.length && startsWith(bytes, range.bytes, range.bits)) {
      return { standing: range.standing, range: range.label };
    }
  }
  if (bytes.length === 16 && !startsWith(bytes, GLOBAL_UNICAST.bytes, GLOBAL_UNICAST.bits)) {
    return { standing: 'forbidden', range: 'IPv6 outside global unicast 2000::/3' };
  }
  return { standing: 'public', range: 'public' };
}

/**
 * 4 bytes for IPv4, 16 for IPv6; `undefined` for anything else. Accepts only the strict forms
 * `net.isIP` accepts (dotted decimal, standard IPv6 text), optionally with an IPv6 zone
 * (`fe80::1%eth0`, as dns.lookup may answer) that does not change the classification.
 */
export function parseIpAddress(text: string): Uint8Array | undefined {
  const version = isIP(text);
  if (version === 4) return new Uint8Array(text.split('.').map(Number));
  const zoneless = text.split('%')[0] ?? '';
  if (version !== 6 || isIP(zoneless) !== 6) return undefined;
  const groups = ipv6Groups(zoneless);
  const bytes = new Uint8Array(16);
  groups.forEach((group, i) => {
    bytes[i * 2] = group >> 8;
    bytes[i * 2 + 1] = group & 0xff;
  });
  return bytes;
}

/** The eight 16-bit groups of an IPv6 address already checked by `net.isIP`. */
function ipv6Groups(text: string): number[] {
  const parseSide = (side: string): number[] =>
    side === ''
      ? []
      : side.split(':').flatMap((part) => {
          if (!part.includes('.')) return [parseInt(part, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = part.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const gap = text.indexOf('::');
  if (gap === -1) return parseSide(text);
  const head = parseSide(text.slice(0, gap));
  const tail = parseSide(text.slice(gap + 2));
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

function compileCidr(cidr: string): { bytes: Uint8Array; bits: number } {
  const [address = '', bits = ''] = cidr.split('/');
  const bytes = parseIpAddress(address);
  if (bytes === undefined) throw new Error(`bad range in the special address table: ${cidr}`);
  return { bytes, bits: Number(bits) };
}

function startsWith(bytes: Uint8Array, prefix: Uint8Array, bits: number): boolean {
  const whole = bits >> 3;
  for (let i = 0; i < whole; i++) if (bytes[i] !== prefix[i]) return false;
  const rest = bits & 7;
  if (rest === 0) return true;
  const mask = (0xff << (8 - rest)) & 0xff;
  return ((bytes[whole] ?? 0) & mask) === ((prefix[whole] ?? 0) & mask);
}
