/**
 * People's tokens (SPEC.md "Authentication"): HS256 JWTs with issuer `svc-v3`, signed with
 * SVC_JWT_SECRET. Only HS256 is accepted (an `alg: none`, RS256 or HS512 header is refused, so
 * no algorithm confusion), and the header `typ` says what a token is for: `at+jwt` for access
 * tokens (RFC 9068), `rt+jwt` for refresh tokens, so a refresh token is never taken for an access
 * token. Time comes from the injected clock. Verification failures are values, not exceptions.
 */
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../platform/scheduler/index.js';

export const TOKEN_ISSUER = 'svc-v3';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

export type TokenKind = 'access' | 'refresh';
const TYP: Record<TokenKind, string> = { access: 'at+jwt', refresh: 'rt+jwt' };

export interface TokenSubject {
  /** User id. */
  readonly userId: string;
  /** Session the token belongs to: revoking the session ends its tokens. */
  readonly sessionId: string;
  /** Refresh tokens: the id of this token in its session's rotation (reuse detection). */
  readonly tokenId?: string;
}

export interface IssuedToken {
  readonly token: string;
  /** Epoch ms. */
  readonly expiresAt: number;
}

export type TokenRejection = 'expired' | 'invalid';
export type VerifiedToken =
  | { readonly ok: true; readonly userId: string; readonly sessionId: string; readonly tokenId: string | null; readonly expiresAt: number }
  | { readonly ok: false; readonly reason: TokenRejection };

export interface TokenServiceOptions {
  readonly secret: string;
  readonly clock: Clock;
  /** @default 900 (15 minutes) */
  readonly accessTtlSeconds?: number;
  /** @default 604800 (7 days) */
  readonly refreshTtlSeconds?: number;
}

export interface TokenService {
  issue(kind: TokenKind, subject: TokenSubject): Promise<IssuedToken>;
  verify(kind: TokenKind, token: string): Promise<VerifiedToken>;
}

export function createTokenService(options: TokenServiceOptions): TokenService {
  const key = new TextEncoder().encode(options.secret);
  const ttl: Record<TokenKind, number> = {
    access: options.accessTtlSeconds ?? ACCESS_TOKEN_TTL_SECONDS,
    refresh: options.refreshTtlSeconds ?? REFRESH_TOKEN_TTL_SECONDS,
  };
  return {
    async issue(kind, subject) {
      const issuedAt = Math.floor(options.clock.now() / 1000);
      const expiresAtSeconds = issuedAt + ttl[kind];
      const jwt = new SignJWT({ sid: subject.sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: TYP[kind] })
        .setIssuer(TOKEN_ISSUER)
        .setSubject(subject.userId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAtSeconds);
      if (subject.tokenId !== undefined) jwt.setJti(subject.tokenId);
      return { token: await jwt.sign(key), expiresAt: expiresAtSeconds * 1000 };
    },
    async verify(kind, token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: TOKEN_ISSUER,
          typ: TYP[kind],
          currentDate: new Date(options.clock.now()),
          requiredClaims: ['sub', 'exp', 'iat', 'sid'],
        });
        if (typeof payload.sub !== 'string' || typeof payload['sid'] !== 'string' || typeof payload.exp !== 'number') {
          return { ok: false, reason: 'invalid' };
        }
        return { ok: true, userId: payload.sub, sessionId: payload['sid'], tokenId: payload.jti ?? null, expiresAt: payload.exp * 1000 };
      } catch (error) {
        return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}
