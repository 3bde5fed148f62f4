import { isIP } from 'node:net';

/**
 * Rules on the host NAME of an outbound URL, applied before any DNS lookup. They catch names whose
 * only purpose is to reach this machine, its local network or its cloud metadata service, whatever
 * a resolver would answer for them (a name such as `localhost` may not even go through DNS).
 *
 * - `forbidden`: cloud metadata names. Never callable.
 * - `internal`: `localhost` and `*.localhost` (RFC 6761), `*.local` (mDNS), `*.internal` (ICANN's
 *   private-use TLD), `*.home.arpa` (RFC 8375), `*.localdomain`. Callable only when the host is on
 *   the allowlist or private destinations are allowed, exactly like a private address.
 * - `ordinary`: everything else; its resolved addresses decide.
 */

export type NameStanding = 'ordinary' | 'internal' | 'forbidden';

export interface NameClass {
  readonly standing: NameStanding;
  readonly rule: string;
}

const METADATA_NAMES: ReadonlySet<string> = new Set([
  'metadata.google.internal',
  'metadata.goog',
  'metadata',
  'instance-data',
  'instance-data.ec2.internal',
]);

const INTERNAL_NAMES: ReadonlySet<string> = new Set(['localhost', 'localhost.localdomain']);

const INTERNAL_SUFFIXES: readonly string[] = ['.localhost', '.local', '.internal', '.home.arpa', '.localdomain'];

/**
 * The host as the rules compare it: lower case, without IPv6 brackets, without trailing dots
 * (`localhost.` is `localhost`: the trailing dot only marks the name as fully qualified).
 */
export function normalizeHostName(hostname: string): string {
  let host = hostname.toLowerCase();
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  return host.replace(/\.+$/, '');
}

export function classifyHostName(normalizedName: string): NameClass {
  if (METADATA_NAMES.has(normalizedName)) return { standing: 'forbidden', rule: 'cloud metadata host name' };
  if (INTERNAL_NAMES.has(normalizedName)) return { standing: 'internal', rule: 'local host name' };
  const suffix = INTERNAL_SUFFIXES.find((s) => normalizedName.endsWith(s));
  if (suffix !== undefined) return { standing: 'internal', rule: `local-network name (*${suffix})` };
  return { standing: 'ordinary', rule: 'ordinary name' };
}

/**
 * One SVC_SECURITY_WEBHOOK_HOST_ALLOWLIST entry in the form `normalizeHostName` gives a parsed URL
 * host, so `Example.COM.` matches `https://example.com/`, `::1` and `[::1]` match `http://[::1]/`,
 * and an internationalised name matches its punycode. An entry that is not a bare host (a port, a
 * path, credentials) matches nothing: an allowlist should not silently widen to a guess.
 */
export function canonicalAllowlistEntry(entry: string): string | undefined {
  const trimmed = entry.trim();
  if (trimmed === '') return undefined;
  const hostText = isIP(trimmed) === 6 ? `[${trimmed}]` : trimmed;
  try {
    const url = new URL(`http://${hostText}/`);
    const bare =
      url.username === '' && url.password === '' && url.port === '' && url.pathname === '/' && url.search === '' && url.hash === '';
    return bare ? normalizeHostName(url.hostname) : undefined;
  } catch {
    return undefined;
  }
}
