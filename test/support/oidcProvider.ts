/**
 * A real OpenID Connect provider for tests: the `oidc-provider` package in this process on a free
 * port, with one confidential client, PKCE required, its development login and consent pages, and
 * accounts whose claims (name, email, preferred_username, groups) the test sets and changes.
 * `browserSignIn` plays the browser: it follows the redirects with a cookie jar and fills the login
 * and consent forms with plain HTTP requests, and stops at the redirect back to our callback, handing
 * back the cookie our server set at the start (the browser binding the callback checks).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export const OIDC_CLIENT_ID = 'svc-console';
export const OIDC_CLIENT_SECRET = 'oidc-client-secret-for-tests-0123456789';

export interface OidcAccount {
  readonly sub: string;
  preferred_username: string;
  email: string;
  name: string;
  groups: string[];
}

export interface OidcTestProvider {
  readonly issuer: string;
  readonly accounts: Map<string, OidcAccount>;
  close(): Promise<void>;
}

export async function startOidcProvider(redirectUri: string, accounts: readonly OidcAccount[]): Promise<OidcTestProvider> {
  const byId = new Map(accounts.map((a) => [a.sub, a]));
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT_ID,
        client_secret: OIDC_CLIENT_SECRET,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username', 'groups'] },
    pkce: { required: () => true },
    cookies: { keys: ['oidc-test-cookie-key-0123456789'] },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx: unknown, id: string) {
      const account = byId.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: async () => ({ ...account, sub: id, email_verified: true }) };
    },
  });
  provider.on('server_error', () => undefined);
  server.on('request', provider.callback());
  return {
    issuer,
    accounts: byId,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface BrowserOptions {
  /** Changes the authorization URL before the browser goes there (an attacker's tampering). */
  readonly tamper?: (authorizationUrl: URL) => void;
}

/**
 * From our `/api/v1/auth/oidc/start?...` to the provider's redirect back to our callback, signed in
 * as `login`. Returns the callback URL (not yet requested) and the authorization URL we were sent to.
 */
export async function browserSignIn(
  startUrl: string,
  login: string,
  callbackPrefix: string,
  options: BrowserOptions = {},
): Promise<{ callbackUrl: string; authorizationUrl: URL; cookie: string }> {
  const cookies = new Map<string, string>();
  const start = await fetch(startUrl, { redirect: 'manual' });
  if (start.status !== 302) throw new Error(`start answered ${start.status}: ${await start.text()}`);
  // Our server's cookie, sent back with the callback as the browser would (its path covers the callback).
  const cookie = start.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ');
  const authorizationUrl = new URL(start.headers.get('location')!);
  options.tamper?.(authorizationUrl);
  let next: { url: string; init: RequestInit } = { url: authorizationUrl.href, init: {} };
  for (let hop = 0; hop < 20; hop++) {
    if (next.url.startsWith(callbackPrefix)) return { callbackUrl: next.url, authorizationUrl, cookie };
    const res = await fetch(next.url, {
      ...next.init,
      redirect: 'manual',
      headers: { ...(next.init.headers as Record<string, string>), cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    if (res.status >= 300 && res.status < 400) {
      next = { url: new URL(res.headers.get('location')!, next.url).href, init: {} };
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`the provider answered ${res.status}: ${html.slice(0, 500)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`no form on the provider's page: ${html.slice(0, 500)}`);
    const body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
    next = {
      url: new URL(action.replace(/&amp;/g, '&'), next.url).href,
      init: { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    };
  }
  throw new Error('too many hops in the provider sign-in');
}
