/**
 * A person's access token on a REST route (`auth: 'jwt'`), checked the way POST /graphql checks it:
 * `Authorization: Bearer <accessToken>`, verified by the auth service (signature, expiry, an open
 * session, an active user). The gateway is handed the check; it does not know how tokens are made.
 */
import type { Viewer } from './viewer.js';
import type { RequestHead } from './http.js';

export type PersonAuthentication =
  | { readonly ok: true; readonly viewer: Viewer }
  | { readonly ok: false; readonly reason: 'invalid' | 'expired' | 'revoked' };

/** What the gateway needs of the auth service (src/core/auth/authService.ts implements it). */
export interface PersonAuthenticator {
  authenticate(accessToken: string): Promise<PersonAuthentication>;
}

export type PersonCheck =
  | { readonly ok: true; readonly viewer: Viewer }
  | { readonly ok: false; readonly reason: string; readonly header: string };

const MISSING = 'sign in first: send Authorization: Bearer <accessToken> from the login mutation';
const REASONS = {
  invalid: 'access token is not valid; sign in again',
  expired: 'access token expired; use refreshToken to get a new one',
  revoked: 'session has ended; sign in again',
} as const;

/** The bearer token of `head`, or why there is none (checked before the body is read). */
export function bearerToken(head: RequestHead): { readonly token: string } | { readonly refusal: string } {
  const header = head.headers['authorization'];
  if (header === undefined || header === '') return { refusal: MISSING };
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? { token: match[1]! } : { refusal: 'Authorization must be "Bearer <accessToken>"' };
}

export async function checkPerson(auth: PersonAuthenticator, token: string): Promise<PersonCheck> {
  const result = await auth.authenticate(token);
  if (result.ok) return result;
  return { ok: false, reason: REASONS[result.reason], header: 'Bearer error="invalid_token"' };
}
