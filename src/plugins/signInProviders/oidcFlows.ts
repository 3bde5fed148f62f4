/**
 * Server-side state of OpenID Connect sign-ins under way, in memory: the pending authorization
 * (state -> provider, PKCE verifier, nonce; 10 minutes) and the one-time sign-in code the callback
 * hands to the console (SHA-256 of it -> user; 60 seconds), which the console exchanges for the
 * product's tokens through GraphQL. Each is used once. Expiry is product time (the injected clock);
 * both maps are bounded so unauthenticated starts cannot grow memory without limit. A restart
 * forgets them: a sign-in under way then starts again (docs/adr/0014-sign-in-providers.md).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '../../platform/scheduler/index.js';

export const PENDING_TTL_MS = 10 * 60_000;
export const SIGN_IN_CODE_TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

export interface PendingSignIn {
  readonly providerId: string;
  readonly codeVerifier: string;
  readonly nonce: string;
  /**
   * SHA-256 of a random value set as a cookie on the browser that started the sign-in: the callback
   * must come from that browser, so nobody can make another person's browser finish a sign-in as
   * them (login CSRF).
   */
  readonly browserBinding: string;
  readonly expiresAt: number;
}

export interface IssuedSignIn {
  readonly userId: string;
  readonly providerId: string;
  readonly expiresAt: number;
}

export const hash = (code: string) => createHash('sha256').update(code).digest('base64url');

export class OidcFlows {
  private readonly pending = new Map<string, PendingSignIn>();
  private readonly codes = new Map<string, IssuedSignIn>();

  constructor(private readonly clock: Pick<Clock, 'now'>) {}

  begin(state: string, entry: Omit<PendingSignIn, 'expiresAt'>): void {
    this.bound(this.pending);
    this.pending.set(state, { ...entry, expiresAt: this.clock.now() + PENDING_TTL_MS });
  }

  /** The pending sign-in of `state`, removed: a state works once. Undefined when unknown or expired. */
  take(state: string): PendingSignIn | undefined {
    const entry = this.pending.get(state);
    this.pending.delete(state);
    return entry && entry.expiresAt > this.clock.now() ? entry : undefined;
  }

  issueCode(userId: string, providerId: string): { code: string; expiresAt: number } {
    this.bound(this.codes);
    const code = randomBytes(32).toString('base64url');
    const expiresAt = this.clock.now() + SIGN_IN_CODE_TTL_MS;
    this.codes.set(hash(code), { userId, providerId, expiresAt });
    return { code, expiresAt };
  }

  redeemCode(code: string): IssuedSignIn | undefined {
    const key = hash(code);
    const entry = this.codes.get(key);
    this.codes.delete(key);
    return entry && entry.expiresAt > this.clock.now() ? entry : undefined;
  }

  prune(): void {
    const now = this.clock.now();
    for (const map of [this.pending, this.codes] as Map<string, { expiresAt: number }>[]) {
      for (const [key, entry] of map) if (entry.expiresAt <= now) map.delete(key);
    }
  }

  private bound(map: Map<string, { expiresAt: number }>): void {
    if (map.size < MAX_ENTRIES) return;
    this.prune();
    // Still full: the oldest goes (insertion order).
    while (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value!);
  }
}
