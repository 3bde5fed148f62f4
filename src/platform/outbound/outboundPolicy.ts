import { lookup } from 'node:dns/promises';

/** What an outbound call may reach; built once from the security configuration. */
export interface OutboundPolicy {
  /** SVC_SECURITY_ALLOW_PRIVATE_WEBHOOKS: internal names and addresses become callable (development). */
  readonly allowPrivate: boolean;
  /**
   * SVC_SECURITY_WEBHOOK_HOST_ALLOWLIST. Empty: any host with only public addresses. Non-empty: only
   * these hosts (exact, case-insensitive match), and internal addresses are allowed for them.
   */
  readonly hostAllowlist: readonly string[];
  /** Injectable DNS, for tests. @default system resolver: dns.lookup({ all: true, verbatim: true }) */
  readonly resolve?: Resolver;
}

export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** All addresses of a host name. Throws (or rejects) when the name does not resolve. */
export type Resolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

/**
 * getaddrinfo through libuv, as http.request would use by default: /etc/hosts and the search
 * domains apply, so what we validate is what a plain request would have reached.
 */
export const systemResolver: Resolver = async (hostname) => {
  const answers = await lookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }));
};
