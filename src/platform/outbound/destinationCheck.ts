import { isIP } from 'node:net';
import { classifyAddress, type AddressClass } from './addressClassification.js';
import { canonicalAllowlistEntry, classifyHostName, normalizeHostName } from './hostNames.js';
import { systemResolver, type OutboundPolicy, type ResolvedAddress } from './outboundPolicy.js';

/**
 * Decides whether one URL (the first request or a redirect hop) may be called, and pins the
 * addresses the connection may use. Order: URL shape, never-allowed names and literals, allowlist,
 * internal names, then every address (the literal, or every answer of ONE lookup). Nothing here
 * opens a socket.
 */

export type DestinationVerdict =
  | {
      readonly kind: 'allowed';
      readonly url: URL;
      /** Normalized host: lower case, no brackets, no trailing dot. */
      readonly host: string;
      /** The validated addresses; the connection must use these and nothing else. */
      readonly addresses: readonly ResolvedAddress[];
    }
  | { readonly kind: 'refused'; readonly reason: string }
  /** The signal fired while DNS was answering; the caller knows whether that was its time-out. */
  | { readonly kind: 'interrupted' };

export type UrlVerdict =
  | { readonly kind: 'checked'; readonly url: URL; readonly host: string; readonly listed: boolean }
  | { readonly kind: 'refused'; readonly reason: string };

const ALLOWED_SCHEMES: ReadonlySet<string> = new Set(['http:', 'https:']);

/** The checks that need no DNS: scheme, credentials, never-allowed names and literals, allowlist, host name. */
export function checkUrl(urlText: string, policy: OutboundPolicy): UrlVerdict {
  let url: URL;
  try {
    url = new URL(urlText);
  } catch {
    return refused(`"${urlText}" is not a valid absolute URL`);
  }
  if (!ALLOWED_SCHEMES.has(url.protocol)) return refused(`scheme ${url.protocol} is not allowed (http and https only)`);
  // Credentials in a URL end up in logs and execution history, and `https://trusted@evil/` reads
  // as the wrong host to a person; receivers that need a secret take it in a header.
  if (url.username !== '' || url.password !== '') return refused('URLs with credentials (user:password@) are not allowed');
  const host = normalizeHostName(url.hostname);
  if (host === '') return refused('the URL has no host');

  // What is never allowed is named as such first, so the reason does not blame the allowlist.
  const literal = isIP(host) !== 0;
  const name = literal ? undefined : classifyHostName(host);
  if (name?.standing === 'forbidden') return refused(`host ${host} is a ${name.rule}`);
  if (literal && classifyAddress(host)?.standing === 'forbidden') return refused(addressRefusal(host, undefined, false, policy) ?? '');

  const allowlist = new Set(policy.hostAllowlist.map(canonicalAllowlistEntry).filter((e) => e !== undefined));
  const listed = allowlist.has(host);
  if (policy.hostAllowlist.length > 0 && !listed) return refused(`host ${host} is not on the webhook host allowlist`);
  if (name?.standing === 'internal' && !listed && !policy.allowPrivate) {
    return refused(`host ${host} is a ${name.rule}; private destinations are not allowed`);
  }
  return { kind: 'checked', url, host, listed };
}

export async function validateDestination(urlText: string, policy: OutboundPolicy, signal: AbortSignal): Promise<DestinationVerdict> {
  const checked = checkUrl(urlText, policy);
  if (checked.kind === 'refused') return checked;
  const { url, host, listed } = checked;

  const literalFamily = isIP(host);
  if (literalFamily !== 0) {
    const refusal = addressRefusal(host, undefined, listed, policy);
    if (refusal !== undefined) return refused(refusal);
    return { kind: 'allowed', url, host, addresses: [{ address: host, family: literalFamily === 6 ? 6 : 4 }] };
  }

  const answer = await resolveOnce(host, policy, signal);
  if (answer.kind !== 'resolved') return answer;
  for (const { address } of answer.addresses) {
    const refusal = addressRefusal(address, host, listed, policy);
    if (refusal !== undefined) return refused(refusal);
  }
  return { kind: 'allowed', url, host, addresses: answer.addresses };
}

/** `undefined` when the address may be called under this policy, else why not. */
export function addressRefusal(
  address: string,
  resolvedFrom: string | undefined,
  listed: boolean,
  policy: OutboundPolicy,
): string | undefined {
  const classification: AddressClass | undefined = classifyAddress(address);
  const subject = resolvedFrom === undefined ? `address ${address}` : `host ${resolvedFrom} resolves to ${address}, which`;
  if (classification === undefined) return `${subject} is not an IP address`;
  switch (classification.standing) {
    case 'public':
      return undefined;
    case 'internal':
      return listed || policy.allowPrivate ? undefined : `${subject} is ${classification.range}; private destinations are not allowed`;
    case 'forbidden':
      return `${subject} is ${classification.range}, never allowed`;
  }
}

type ResolveOutcome =
  | { readonly kind: 'resolved'; readonly addresses: readonly ResolvedAddress[] }
  | { readonly kind: 'refused'; readonly reason: string }
  | { readonly kind: 'interrupted' };

/** One lookup per hop. A DNS failure refuses the call; it is never retried here. */
async function resolveOnce(host: string, policy: OutboundPolicy, signal: AbortSignal): Promise<ResolveOutcome> {
  if (signal.aborted) return { kind: 'interrupted' };
  const resolve = policy.resolve ?? systemResolver;
  let onAbort: (() => void) | undefined;
  const interrupted = new Promise<{ kind: 'interrupted' }>((settle) => {
    onAbort = () => settle({ kind: 'interrupted' });
    signal.addEventListener('abort', onAbort, { once: true });
  });
  const lookup = (async (): Promise<ResolveOutcome> => {
    try {
      return acceptAnswers(host, await resolve(host));
    } catch (error) {
      return refused(`DNS lookup of ${host} failed (${describeDnsError(error)})`);
    }
  })();
  try {
    return await Promise.race([lookup, interrupted]);
  } finally {
    if (onAbort !== undefined) signal.removeEventListener('abort', onAbort);
  }
}

function acceptAnswers(host: string, answers: readonly ResolvedAddress[]): ResolveOutcome {
  const addresses = new Map<string, ResolvedAddress>();
  for (const answer of answers) {
    const family = isIP(answer.address);
    if (family === 0) return refused(`DNS lookup of ${host} answered "${answer.address}", not an IP address`);
    addresses.set(answer.address, { address: answer.address, family: family === 6 ? 6 : 4 });
  }
  if (addresses.size === 0) return refused(`DNS lookup of ${host} returned no addresses`);
  return { kind: 'resolved', addresses: [...addresses.values()] };
}

function describeDnsError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === undefined ? error.message : code;
  }
  return String(error);
}

function refused(reason: string): { readonly kind: 'refused'; readonly reason: string } {
  return { kind: 'refused', reason };
}
