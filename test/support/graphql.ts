/**
 * GraphQL over real HTTP for tests: `gql` posts a document (with a bearer token when given),
 * `signIn` logs in, `personWithRole` creates a user of a role through the API (as the bootstrap
 * admin) and signs them in.
 */
import assert from 'node:assert/strict';
import { call, type TestResponse, type TestServer } from './testServer.js';

export const ADMIN_USERNAME = 'admin';
export const ADMIN_PASSWORD = 'bootstrap-admin-password';
/** Env for startTestServer so the bootstrap admin has a known password. */
export const BOOTSTRAP_ENV = { SVC_BOOTSTRAP_ADMIN_USERNAME: ADMIN_USERNAME, SVC_BOOTSTRAP_ADMIN_PASSWORD: ADMIN_PASSWORD };

export interface GqlResponse extends TestResponse {
  readonly data: any;
  readonly errors: any[] | undefined;
  /** `extensions.code` of each error, in order. */
  readonly codes: string[];
}

export async function gql(
  server: TestServer,
  query: string,
  variables?: Record<string, unknown>,
  token?: string,
  headers: Record<string, string> = {},
): Promise<GqlResponse> {
  const response = await call(
    server.url,
    'POST',
    '/graphql',
    { query, ...(variables ? { variables } : {}) },
    {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
  );
  const errors = response.json?.errors as any[] | undefined;
  return { ...response, data: response.json?.data, errors, codes: (errors ?? []).map((e) => e.extensions?.code) };
}

export interface SignedIn {
  readonly accessToken: string;
  readonly refreshToken: string;
  readonly sessionId: string;
  readonly userId: string;
}

export async function signIn(server: TestServer, username: string, password: string): Promise<SignedIn> {
  const res = await gql(
    server,
    'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { accessToken refreshToken sessionId user { id } } }',
    { u: username, p: password },
  );
  assert.equal(res.errors, undefined, `login of ${username} failed: ${res.text}`);
  const login = res.data.login;
  return { accessToken: login.accessToken, refreshToken: login.refreshToken, sessionId: login.sessionId, userId: login.user.id };
}

export function signInAdmin(server: TestServer): Promise<SignedIn> {
  return signIn(server, ADMIN_USERNAME, ADMIN_PASSWORD);
}

let counter = 0;

/** A new user with `role` (ADMIN, OPERATOR or USER), created by the admin, signed in. */
export async function personWithRole(
  server: TestServer,
  admin: SignedIn,
  role: 'ADMIN' | 'OPERATOR' | 'USER',
  name = `${role.toLowerCase()}-${++counter}`,
): Promise<SignedIn & { username: string; password: string }> {
  const password = `password-of-${name}`;
  const res = await gql(
    server,
    'mutation($i: CreateUserInput!) { createUser(input: $i) { id } }',
    { i: { username: name, email: `${name}@example.com`, password, role } },
    admin.accessToken,
  );
  assert.equal(res.errors, undefined, `createUser ${name} failed: ${res.text}`);
  return { ...(await signIn(server, name, password)), username: name, password };
}
