/**
 * Signing in to the console through the sign-in providers, in a real browser: an LDAP directory
 * (Debian's slapd) chosen on the form, and an OpenID Connect provider (oidc-provider) whose sign-in
 * comes back to /app/signin/callback (web/src/session/ProviderCallback.tsx).
 */
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { embeddedBackend } from '../support/backends.js';
import { assertNoPageProblems, describeInBrowser, launchBrowser, openConsolePage, saveScreenshot, signIn, VIEWER_NAME, waitForText, type ConsolePage } from '../support/browser.js';
import { startConsoleServer, type ConsoleServer } from '../support/consoleServer.js';
import { signInAdmin, type SignedIn } from '../support/graphql.js';
import { GROUPS_DN, LDAP_READER_DN, LDAP_READER_PASSWORD, PEOPLE_DN, SEED_PEOPLE, slapdAvailable, startLdapServer, type LdapServer } from '../support/ldapServer.js';
import { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, startOidcProvider, type OidcTestProvider } from '../support/oidcProvider.js';
import { createProvider } from '../support/signInProviders.js';

const OIDC_CALLBACK = '/api/v1/auth/oidc/callback';

describeInBrowser('signing in to the console through sign-in providers', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let admin: SignedIn;
  const opened: ConsolePage[] = [];

  before(async () => {
    [server, browser] = await Promise.all([startConsoleServer(embeddedBackend), launchBrowser()]);
    admin = await signInAdmin(server);
  });
  after(async () => {
    await Promise.all(opened.map((p) => p.close()));
    await browser?.close();
    await server?.close();
  });

  const open = async (): Promise<ConsolePage> => {
    const page = await openConsolePage(browser);
    opened.push(page);
    return page;
  };

  describe('LDAP', { skip: slapdAvailable() ? false : 'slapd is not installed (apt-get install -y slapd ldap-utils)' }, () => {
    let ldap: LdapServer;
    before(async () => {
      ldap = await startLdapServer();
      await createProvider(server, admin, {
        type: 'LDAP',
        name: 'corp',
        displayName: 'Corporate directory',
        enabled: true,
        ldap: { url: ldap.url, bindDn: LDAP_READER_DN, bindPassword: LDAP_READER_PASSWORD, userBaseDn: PEOPLE_DN, groupBaseDn: GROUPS_DN, connectTimeoutMs: 1000, timeoutMs: 3000 },
      });
    });
    after(async () => {
      await ldap?.close();
    });

    it('a directory person chooses the directory on the form and is signed in under their directory name', async () => {
      const alice = SEED_PEOPLE.find((p) => p.uid === 'alice')!;
      const { page, problems } = await open();
      await signIn(page, server.consoleUrl, alice.uid, alice.password, { provider: 'Corporate directory' });
      await waitForText(page.locator(VIEWER_NAME), alice.cn);
      await saveScreenshot(page, 'shell-ldap-signed-in');
      assertNoPageProblems(problems);
    });

    it("a wrong directory password shows the server's message", async () => {
      const { page, problems } = await open();
      await page.goto(server.consoleUrl);
      await page.getByRole('radio', { name: 'Corporate directory' }).check();
      await page.getByLabel('Username or email').fill('bob');
      await page.getByLabel('Password', { exact: true }).fill('not-bobs-password');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await waitForText(page.getByRole('alert'), 'invalid username or password');
      assertNoPageProblems(problems);
    });
  });

  describe('OpenID Connect', () => {
    let op: OidcTestProvider;
    before(async () => {
      op = await startOidcProvider(`${server.url}${OIDC_CALLBACK}`, [{ sub: 'sub-dana', preferred_username: 'dana', email: 'dana@example.org', name: 'Dana Doe', groups: [] }]);
      await createProvider(server, admin, {
        type: 'OIDC',
        name: 'sso',
        displayName: 'Company SSO',
        enabled: true,
        oidc: { issuer: op.issuer, clientId: OIDC_CLIENT_ID, clientSecret: OIDC_CLIENT_SECRET, redirectUri: `${server.url}${OIDC_CALLBACK}`, postLoginRedirectUri: `${server.consoleUrl}signin/callback`, allowInsecureHttp: true, timeoutMs: 3000 },
      });
    });
    after(async () => {
      await op?.close();
    });

    it("the provider's button leads through its sign-in back to the console, signed in", async () => {
      const { page, problems } = await open();
      await page.goto(server.consoleUrl);
      await page.getByRole('link', { name: 'Company SSO' }).click();
      // oidc-provider's development login and consent pages.
      await page.locator('input[name=login]').fill('sub-dana');
      await page.locator('input[name=password]').fill('any');
      await page.getByRole('button', { name: 'Sign-in' }).click();
      await page.getByRole('button', { name: 'Continue' }).click();
      await waitForText(page.locator(VIEWER_NAME), 'Dana Doe');
      await page.waitForURL((url) => url.pathname === '/app/' && url.hash === '', { timeout: 15_000 });
      await saveScreenshot(page, 'shell-oidc-signed-in');
      assertNoPageProblems(problems);
    });
  });
});
