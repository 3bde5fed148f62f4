/** GraphQL documents and helpers the sign-in provider suites share. */
import assert from 'node:assert/strict';
import { gql, type SignedIn } from './graphql.js';
import type { TestServer } from './testServer.js';

export const PROVIDER_FIELDS = `id type name displayName enabled defaultRole hasSecret secretError userCount startUrl createdAt updatedAt
  ldap { url startTls tlsVerify hasTlsCa bindDn userBaseDn userFilter usernameAttribute emailAttribute nameAttribute uniqueIdAttribute groupMembership groupBaseDn groupFilter groupMemberAttribute connectTimeoutMs timeoutMs }
  oidc { issuer clientId redirectUri scopes usernameClaim emailClaim nameClaim groupsClaim postLoginRedirectUri allowInsecureHttp timeoutMs }`;
export const CREATE_PROVIDER = `mutation($i: CreateAuthProviderInput!) { createAuthProvider(input: $i) { ${PROVIDER_FIELDS} } }`;
export const UPDATE_PROVIDER = `mutation($id: ID!, $i: UpdateAuthProviderInput!) { updateAuthProvider(id: $id, input: $i) { ${PROVIDER_FIELDS} } }`;
export const PROVIDER_STATUS = `mutation($id: ID!, $e: Boolean!) { updateAuthProviderStatus(id: $id, enabled: $e) { ${PROVIDER_FIELDS} } }`;
export const LIST_PROVIDERS = `{ authProviders { ${PROVIDER_FIELDS} } authProviderTypes { type description loginMethod secretFields } }`;
export const ONE_PROVIDER = `query($id: ID!) { authProvider(id: $id) { ${PROVIDER_FIELDS} } }`;
export const TEST_PROVIDER =
  'mutation($id: ID!, $u: String) { testAuthProvider(id: $id, username: $u) { success failedStep message steps { step ok message } } }';
export const LOGIN_WITH_PROVIDER =
  'mutation($p: String!, $u: String!, $pw: String!) { loginWithProvider(provider: $p, username: $u, password: $pw) { accessToken refreshToken sessionId user { id username email displayName role authSource } } }';
export const COMPLETE_SIGN_IN =
  'mutation($t: String!) { completeProviderSignIn(signInToken: $t) { accessToken refreshToken user { id username email displayName role authSource } } }';
export const ME = '{ me { id username email displayName role authSource authProvider { id name } groups { name } } }';

export function ok(res: { errors: unknown; text: string; data: any }): any {
  assert.equal(res.errors, undefined, res.text);
  return res.data;
}

export async function createProvider(t: TestServer, admin: SignedIn, input: Record<string, unknown>): Promise<any> {
  const res = await gql(t, CREATE_PROVIDER, { i: input }, admin.accessToken);
  assert.equal(res.errors, undefined, res.text);
  return res.data.createAuthProvider;
}

export async function newGroup(t: TestServer, admin: SignedIn, name: string): Promise<string> {
  const res = await gql(t, 'mutation($i: CreateGroupInput!) { createGroup(input: $i) { id } }', { i: { name } }, admin.accessToken);
  assert.equal(res.errors, undefined, res.text);
  return res.data.createGroup.id;
}

/** Every text the server answered, for scanning: no secret may appear in any of them. */
export function assertNoSecret(texts: readonly string[], secrets: readonly string[]): void {
  for (const text of texts)
    for (const secret of secrets) assert.ok(!text.includes(secret), `a secret appears in an answer: ${text.slice(0, 300)}`);
}
