/**
 * Signing in to the console through the sign-in providers, in a real browser: an LDAP directory
 * (Debian's slapd) chosen on the form, and an OpenID Connect provider (oidc-provider) whose sign-in
 * comes back to /app/signin/callback (web/src/session/ProviderCallback.tsx).
 */
import { after, before, describe, it } from 'node:test';
import { assertNoPageProblems, describeInBrowser, saveScreenshot, signIn, VIEWER_NAME, waitForText } from '../support/browser.js';
import { consoleSuite } from '../support/consoleSuite.js';
import { signInAdmin, type SignedIn } from '../support/graphql.js';
import {
  GROUPS_DN,
  LDAP_READER_DN,
  LDAP_READER_PASSWORD,
  PEOPLE_DN,
  SEED_PEOPLE,
  slapdAvailable,
  startLdapServer,
  type LdapServer,
} from '../support/ldapServer.js';
import { OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, startOidcProvider, type OidcTestProvider } from '../support/oidcProvider.js';
import { createProvider } from '../support/signInProviders.js';

const OIDC_CALLBACK = '/api/v1/auth/oidc/callback';

describeInBrowser('signing in to the console through sign-in providers', () => {
  const suite = consoleSuite();
  let admin: SignedIn;

  before(async () => {
    admin = await signInAdmin(suite.server);
  });

  const open = () => suite.open();

  describe('LDAP', { skip: slapdAvailable() ? false : 'slapd is not installed (apt-get install -y slapd ldap-utils)' }, () => {
    let ldap: LdapServer;
    before(async () => {
      ldap = await startLdapServer();
      await createProvider(suite.server, admin, {
        type: 'LDAP',
        name: 'corp',
        displayName: 'Corporate directory',
        enabled: true,
        ldap: {
          url: ldap.url,
          bindDn: LDAP_READER_DN,
          bindPassword: LDAP_READER_PASSWORD,
          userBaseDn: PEOPLE_DN,
          groupBaseDn: GROUPS_DN,
          connectTimeoutMs: 1000,
          timeoutMs: 3000,
        },
      });
    });
    after(async () => {
      await ldap?.close();
    });

    it('a directory person chooses the directory on the form and is signed in under their directory name', async () => {
      const alice = SEED_PEOPLE.find((p) => p.uid === 'alice')!;
      const { page, problems } = await open();
      await signIn(page, suite.server.consoleUrl, alice.uid, alice.password, { provider: 'Corporate directory' });
      await waitForText(page.locator(VIEWER_NAME), alice.cn);
      await saveScreenshot(page, 'shell-ldap-signed-in');
      assertNoPageProblems(problems);
    });

    it("a wrong directory password shows the server's message", async () => {
      const { page, problems } = await open();
      await page.goto(suite.server.consoleUrl);
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
      op = await startOidcProvider(`${suite.server.url}${OIDC_CALLBACK}`, [
        { sub: 'sub-dana', preferred_username: 'dana', email: 'dana@example.org', name: 'Dana Doe', groups: [] },
      ]);
      await createProvider(suite.server, admin, {
        type: 'OIDC',
        name: 'sso',
        displayName: 'Company SSO',
        enabled: true,
        oidc: {
          issuer: op.issuer,
          clientId: OIDC_CLIENT_ID,
          clientSecret: OIDC_CLIENT_SECRET,
          redirectUri: `${suite.server.url}${OIDC_CALLBACK}`,
          postLoginRedirectUri: `${suite.server.consoleUrl}signin/callback`,
          allowInsecureHttp: true,
          timeoutMs: 3000,
        },
      });
    });
    after(async () => {
      await op?.close();
    });

    it("the provider's button leads through its sign-in back to the console, signed in", async () => {
      const { page, problems } = await open();
      await page.goto(suite.server.consoleUrl);
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
