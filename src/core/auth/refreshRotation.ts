/**
 * Refresh-token rotation for one session (a "token family"), as a pure function: the session
 * store and the `refreshToken` mutation apply its outcome.
 *
 * - The current refresh token is exchanged for a new one (rotation); the old one becomes
 *   `previous`.
 * - The previous token presented again within the grace interval is a concurrent refresh from
 *   the same client (two tabs, a retried request): it gets the current token again, not a logout.
 * - Any other token of the family (the previous one after the grace interval, or an older one) is
 *   a replay of a stolen token: the whole session is revoked, so thief and victim both lose it.
 */
export const REFRESH_GRACE_MS = 10_000;

export type SessionEndReason = 'logout' | 'revoked' | 'reuse-detected' | 'user-deactivated' | 'password-changed' | 'expired';

export interface SessionTokens {
  readonly currentTokenId: string;
  readonly previousTokenId: string | null;
  /** Epoch ms when `previousTokenId` was replaced. */
  readonly rotatedAt: number | null;
  /** Epoch ms; each rotation moves it to now + the refresh lifetime. */
  readonly expiresAt: number;
  readonly endedAt: number | null;
  readonly endReason: SessionEndReason | null;
}

export type RefreshOutcome =
  | { readonly kind: 'rotated'; readonly session: SessionTokens; readonly tokenId: string }
  | { readonly kind: 'concurrent'; readonly session: SessionTokens; readonly tokenId: string }
  | { readonly kind: 'reuse-detected'; readonly session: SessionTokens }
  | { readonly kind: 'refused'; readonly reason: 'ended' | 'expired' };

export interface RotationInput {
  readonly presentedTokenId: string;
  readonly now: number;
  /** The id for the next refresh token, made by the caller (the function stays pure). */
  readonly nextTokenId: string;
  readonly refreshLifetimeMs: number;
  /** @default REFRESH_GRACE_MS */
  readonly graceMs?: number;
}

export function rotateRefreshToken(session: SessionTokens, input: RotationInput): RefreshOutcome {
  if (session.endedAt !== null) return { kind: 'refused', reason: 'ended' };
  if (input.now >= session.expiresAt) return { kind: 'refused', reason: 'expired' };
  if (input.presentedTokenId === session.currentTokenId) {
    return {
      kind: 'rotated',
      tokenId: input.nextTokenId,
      session: {
        ...session,
        currentTokenId: input.nextTokenId,
        previousTokenId: session.currentTokenId,
        rotatedAt: input.now,
        expiresAt: input.now + input.refreshLifetimeMs,
      },
    };
  }
  const grace = input.graceMs ?? REFRESH_GRACE_MS;
  if (input.presentedTokenId === session.previousTokenId && session.rotatedAt !== null && input.now - session.rotatedAt <= grace) {
    return { kind: 'concurrent', tokenId: session.currentTokenId, session };
  }
  return { kind: 'reuse-detected', session: { ...session, endedAt: input.now, endReason: 'reuse-detected' } };
}
