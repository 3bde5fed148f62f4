/**
 * The sign-in calls, made with plain fetch before (or outside) the GraphQL client: the client itself
 * needs the session these calls create. Public API only: POST /graphql and GET /api/v1/auth/providers.
 */
import { RefreshRefusedError, type AuthPayload } from '../session/sessionStore';

const PAYLOAD = 'accessToken refreshToken expiresAt refreshExpiresAt user { id username displayName role }';

export interface SignInProvider {
  readonly id: string;
  readonly type: 'local' | 'ldap' | 'oidc';
  readonly name: string;
  readonly loginMethod: 'password' | 'redirect';
  readonly startUrl?: string;
}

/** A refused sign-in or refresh: the server's own message, for the person to read. */
export class SignInError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

async function authMutation(query: string, variables: Record<string, unknown>, field: string): Promise<AuthPayload> {
  let response: Response;
  try {
    response = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
  } catch {
    throw new SignInError('The server could not be reached. Check the connection and try again.', 'NETWORK');
  }
  const body = (await response.json().catch(() => null)) as {
    data?: Record<string, AuthPayload> | null;
    errors?: { message: string; extensions?: { code?: string } }[];
  } | null;
  const payload = body?.data?.[field];
  if (payload) return payload;
  const error = body?.errors?.[0];
  throw new SignInError(error?.message ?? `The server answered ${response.status}.`, error?.extensions?.code ?? 'INTERNAL');
}

export function login(login: string, password: string): Promise<AuthPayload> {
  const byEmail = login.includes('@');
  return authMutation(
    `mutation Login($login: String!, $password: String!) { login(${byEmail ? 'email' : 'username'}: $login, password: $password) { ${PAYLOAD} } }`,
    { login, password },
    'login',
  );
}

export function loginWithProvider(provider: string, username: string, password: string): Promise<AuthPayload> {
  return authMutation(
    `mutation LoginWithProvider($provider: String!, $username: String!, $password: String!) { loginWithProvider(provider: $provider, username: $username, password: $password) { ${PAYLOAD} } }`,
    { provider, username, password },
    'loginWithProvider',
  );
}

export function completeProviderSignIn(signInToken: string): Promise<AuthPayload> {
  return authMutation(
    `mutation CompleteProviderSignIn($signInToken: String!) { completeProviderSignIn(signInToken: $signInToken) { ${PAYLOAD} } }`,
    { signInToken },
    'completeProviderSignIn',
  );
}

/** Exchanges the refresh token; a refusal (used, revoked, expired) is a `RefreshRefusedError`. */
export async function refreshSession(refreshToken: string): Promise<AuthPayload> {
  try {
    return await authMutation(
      `mutation Refresh($refreshToken: String!) { refreshToken(refreshToken: $refreshToken) { ${PAYLOAD} } }`,
      { refreshToken },
      'refreshToken',
    );
  } catch (error) {
    if (error instanceof SignInError && error.code !== 'NETWORK' && error.code !== 'RATE_LIMITED' && error.code !== 'UNAVAILABLE') {
      throw new RefreshRefusedError(error.message);
    }
    throw error;
  }
}

/** Ends the session on the server; the console forgets it either way. */
export async function logout(accessToken: string): Promise<void> {
  await fetch('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ query: 'mutation Logout { logout }' }),
  }).catch(() => undefined);
}

export async function signInProviders(): Promise<SignInProvider[]> {
  const response = await fetch('/api/v1/auth/providers');
  if (!response.ok) throw new SignInError(`The sign-in providers could not be listed (HTTP ${response.status}).`, 'INTERNAL');
  const body = (await response.json()) as { providers: SignInProvider[] };
  return body.providers;
}
