/**
 * The console's shell in a real browser against a real server (production mode: the production
 * CSP is on): signing in and out through the form, the session surviving a reload, the server's
 * refusal shown as it says it, the console's own "Not found" for a path it does not know.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import {
  assertNoPageProblems,
  describeInBrowser,
  saveScreenshot,
  signIn,
  signInForm,
  VIEWER_NAME,
  waitForText,
  type ConsolePage,
} from '../support/browser.js';
import { consoleSuite } from '../support/consoleSuite.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME, gql } from '../support/graphql.js';
import { SECURITY_HEADERS } from '../support/rawHttp.js';

describeInBrowser('the console shell in a browser', () => {
  const suite = consoleSuite();
  const open = () => suite.open();

  it('signs in with the bootstrap admin through the form and shows who is signed in', async () => {
    const { page, problems } = await open();
    await signIn(page, suite.server.consoleUrl, ADMIN_USERNAME, ADMIN_PASSWORD);
    await waitForText(page.locator(VIEWER_NAME), ADMIN_USERNAME);
    await saveScreenshot(page, 'shell-signed-in');
    assertNoPageProblems(problems);
  });

  it("a wrong password shows the server's message and stays on the form", async () => {
    const { page, problems } = await open();
    await page.goto(suite.server.consoleUrl);
    const form = signInForm(page);
    await form.username.fill(ADMIN_USERNAME);
    await form.password.fill('not-the-password');
    await form.submit.click();
    await waitForText(page.getByRole('alert'), 'invalid username or password');
    assert.equal(await page.locator(VIEWER_NAME).count(), 0, 'not signed in');
    await saveScreenshot(page, 'shell-sign-in-refused');
    assertNoPageProblems(problems);
  });

  it('a reload keeps the session', async () => {
    const { page, problems } = await open();
    await signIn(page, suite.server.consoleUrl, ADMIN_USERNAME, ADMIN_PASSWORD);
    await page.reload();
    await waitForText(page.locator(VIEWER_NAME), ADMIN_USERNAME);
    assert.equal(await signInForm(page).submit.count(), 0, 'no sign-in form after the reload');
    assertNoPageProblems(problems);
  });

  it('signing out returns to the sign-in form, and a reload does not bring the session back', async () => {
    const { page, problems } = await open();
    await signIn(page, suite.server.consoleUrl, ADMIN_USERNAME, ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signInForm(page).submit.waitFor();
    await page.reload();
    await signInForm(page).submit.waitFor();
    assert.equal(await page.locator(VIEWER_NAME).count(), 0);
    assertNoPageProblems(problems);
  });

  it('a path the console does not know shows its "Not found" screen, inside the signed-in layout', async () => {
    const { page, problems } = await open();
    await signIn(page, suite.server.consoleUrl, ADMIN_USERNAME, ADMIN_PASSWORD);
    const response = await page.goto(`${suite.server.consoleUrl}no/such/screen`);
    assert.equal(response?.status(), 200, 'the server answers the page; the console decides it is unknown');
    await waitForText(page.getByRole('heading', { level: 1 }), 'Not found');
    await waitForText(page.locator(VIEWER_NAME), ADMIN_USERNAME);
    await saveScreenshot(page, 'shell-not-found');
    assertNoPageProblems(problems);
  });

  /** The session the console keeps in this browser's localStorage (web/src/session/sessionStore.ts). */
  const storedSession = async (page: ConsolePage['page']): Promise<{ accessToken: string; refreshToken: string } | null> => {
    const state = await page.context().storageState();
    const item = state.origins
      .find((o) => suite.server.consoleUrl.startsWith(o.origin))
      ?.localStorage.find((i) => i.name === 'svc.console.session');
    return item ? (JSON.parse(item.value) as { accessToken: string; refreshToken: string }) : null;
  };

  const waitForStoredSession = async (
    page: ConsolePage['page'],
    done: (session: { refreshToken: string } | null) => boolean,
  ): Promise<void> => {
    const deadline = Date.now() + 10_000;
    while (!done(await storedSession(page))) {
      if (Date.now() > deadline) assert.fail('the stored session never changed as expected');
      await page.waitForTimeout(50);
    }
  };

  it('refreshes the access token silently before it expires, and stays signed in', async () => {
    const { page, problems } = await open();
    // The page's clock is Playwright's: 14.5 minutes pass without waiting for them.
    await page.clock.install();
    await signIn(page, suite.server.consoleUrl, ADMIN_USERNAME, ADMIN_PASSWORD);
    const first = await storedSession(page);
    assert.ok(first, 'a session is stored after signing in');
    await page.clock.fastForward('14:30');
    // The refresh token works once, so a refresh always stores a new one (the access token may come out
    // the same when the server issues it within the second of the first).
    await waitForStoredSession(page, (now) => now !== null && now.refreshToken !== first.refreshToken);
    const refreshed = await storedSession(page);
    const me = await gql(suite.server, '{ me { username } }', undefined, refreshed!.accessToken);
    assert.equal(me.data?.me?.username, ADMIN_USERNAME, 'the new access token works');
    await waitForText(page.locator(VIEWER_NAME), ADMIN_USERNAME);
    assertNoPageProblems(problems);
  });

  it('a refresh the server refuses (the session was ended elsewhere) returns to the sign-in form, saying the session ended', async () => {
    const { page, problems } = await open();
    await page.clock.install();
    await signIn(page, suite.server.consoleUrl, ADMIN_USERNAME, ADMIN_PASSWORD);
    const session = await storedSession(page);
    const ended = await gql(suite.server, 'mutation { logout }', undefined, session!.accessToken);
    assert.equal(ended.data?.logout, true);
    await page.clock.fastForward('14:30');
    await signInForm(page).submit.waitFor();
    await waitForText(page.getByRole('status'), /Your session ended/);
    assert.equal(await storedSession(page), null, 'nothing of the session is kept');
    assertNoPageProblems(problems);
  });

  it('the page and its files carry the production security headers', async () => {
    const { page, problems } = await open();
    const responses: { url: string; headers: Record<string, string> }[] = [];
    page.on('response', (response) => {
      if (response.url().startsWith(suite.server.consoleUrl)) responses.push({ url: response.url(), headers: response.headers() });
    });
    await page.goto(suite.server.consoleUrl);
    await signInForm(page).submit.waitFor();
    assert.ok(
      responses.some((r) => r.url === suite.server.consoleUrl),
      'the page itself',
    );
    assert.ok(
      responses.some((r) => r.url.includes('/assets/') && r.url.endsWith('.js')),
      'a script of the build',
    );
    for (const { url, headers } of responses) {
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) assert.equal(headers[name], value, `${url}: ${name}`);
    }
    assertNoPageProblems(problems);
  });
});
