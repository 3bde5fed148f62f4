/**
 * End-to-end tests in a real browser: playwright-core driving Debian's chromium (STACK.md: Playwright's
 * own browser download cannot reach the internet here). A file opens one browser (`launchBrowser`)
 * and a new context per test (`openConsolePage`), which records every CSP violation, uncaught page
 * error and console error so a test can assert there was none (`assertNoPageProblems`).
 *
 * Without /usr/bin/chromium the tests of `describeInBrowser` are skipped with a message, except under
 * SVC_REQUIRE_BROWSER=1 (CI, where .ci/run installs chromium): there a missing browser fails. A suite
 * has 5 minutes (`options.timeout` changes it); an action or wait 15 s (`BROWSER_TIMEOUT_MS`).
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { REPO_ROOT } from './repoRoot.js';

/** Debian's chromium; SVC_CHROMIUM_PATH names another build of it. */
export const CHROMIUM_PATH = process.env['SVC_CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** STACK.md's flags: headless as root needs no sandbox; nothing talks to Google in the background. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** How long an action or a wait may take before it fails (a loaded 2-core machine runs several suites). */
export const BROWSER_TIMEOUT_MS = 15_000;

export const SCREENSHOT_DIR = join(REPO_ROOT, 'test-output', 'screenshots');

export function browserRequired(): boolean {
  return process.env['SVC_REQUIRE_BROWSER'] === '1';
}

export function browserInstalled(): boolean {
  return existsSync(CHROMIUM_PATH);
}

const MISSING = `chromium is not installed at ${CHROMIUM_PATH} (apt-get install -y --no-install-recommends chromium)`;

/**
 * `describe` for a browser suite: runs it when chromium is there; otherwise skips it with the reason,
 * or, under SVC_REQUIRE_BROWSER=1, replaces it by one failing test that says what is missing.
 */
export function describeInBrowser(name: string, fn: () => void, options: { timeout?: number } = {}): void {
  if (browserInstalled()) {
    describe(name, { timeout: options.timeout ?? 300_000 }, fn);
  } else if (browserRequired()) {
    describe(name, () => {
      it('has a browser to run in', () => assert.fail(`${MISSING}; SVC_REQUIRE_BROWSER=1 makes this a failure`));
    });
  } else {
    describe(name, { skip: `${MISSING}; skipped (set SVC_REQUIRE_BROWSER=1 to make it a failure)` }, fn);
  }
}

/** One headless chromium; close it in `after`. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS], timeout: 60_000 });
}

export interface CspViolation {
  readonly directive: string;
  readonly blockedUri: string;
  readonly source: string;
  readonly sample: string;
}

/** What went wrong in a context's pages, in the order it happened. */
export interface PageProblems {
  readonly cspViolations: CspViolation[];
  /** Uncaught exceptions and unhandled rejections in the page. */
  readonly pageErrors: string[];
  /** `console.error` and the browser's own error lines (failed loads: a 401 shows here too). */
  readonly consoleErrors: string[];
}

export interface ConsolePage {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly problems: PageProblems;
  close(): Promise<void>;
}

const REPORT_CSP = '__svcReportCspViolation';

/**
 * A new context (own cookies and storage: a second person, or a fresh browser) with one page, the
 * timeouts above, and its problems recorded (CSP violations through the `securitypolicyviolation`
 * event, reported from an init script, which the page's CSP does not govern).
 */
export async function openConsolePage(browser: Browser, options: BrowserContextOptions = {}): Promise<ConsolePage> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, ...options });
  context.setDefaultTimeout(BROWSER_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(BROWSER_TIMEOUT_MS);
  const problems: PageProblems = { cspViolations: [], pageErrors: [], consoleErrors: [] };
  await context.exposeBinding(REPORT_CSP, (_source, violation: CspViolation) => {
    problems.cspViolations.push(violation);
  });
  await context.addInitScript(`document.addEventListener('securitypolicyviolation', (e) => {
    window.${REPORT_CSP}({ directive: e.violatedDirective, blockedUri: e.blockedURI, source: e.sourceFile + ':' + e.lineNumber, sample: e.sample });
  });`);
  const watch = (page: Page) => {
    // The stack when there is one; a thrown value that is not an Error (a CloseEvent, undefined) comes with neither, so its name and text too.
    page.on('pageerror', (error) =>
      problems.pageErrors.push(error.stack || `${error.name}: ${error.message || String(error) || '(no message)'}`),
    );
    page.on('console', (message) => {
      if (message.type() === 'error') problems.consoleErrors.push(message.text());
    });
  };
  context.on('page', watch);
  const page = await context.newPage();
  return { context, page, problems, close: () => context.close() };
}

/** No CSP violation and no uncaught page error so far (console errors are the test's to judge). */
export function assertNoPageProblems(problems: PageProblems): void {
  assert.deepEqual(problems.cspViolations, [], 'no Content-Security-Policy violation');
  assert.deepEqual(problems.pageErrors, [], 'no uncaught error in the page');
}

/** The sign-in form's fields and button (web/src/session/SignInScreen.tsx). */
export function signInForm(page: Page): { username: Locator; password: Locator; submit: Locator } {
  return {
    username: page.getByLabel('Username or email'),
    password: page.getByLabel('Password', { exact: true }),
    submit: page.getByRole('button', { name: 'Sign in', exact: true }),
  };
}

export const VIEWER_NAME = '[data-testid=viewer-name]';

/**
 * Signs in through the real form at `consoleUrl` and waits for the signed-in layout. A refusal fails
 * with the message the console shows. `provider`: the name of a password provider (LDAP) to choose
 * on the form when several are offered.
 */
export async function signIn(
  page: Page,
  consoleUrl: string,
  username: string,
  password: string,
  options: { provider?: string } = {},
): Promise<void> {
  await page.goto(consoleUrl);
  const form = signInForm(page);
  if (options.provider !== undefined) await page.getByRole('radio', { name: options.provider }).check();
  await form.username.fill(username);
  await form.password.fill(password);
  await form.submit.click();
  const signedIn = page.locator(VIEWER_NAME);
  const refused = page.locator('.signin-form [role=alert]');
  await signedIn.or(refused).first().waitFor();
  if (await refused.isVisible()) assert.fail(`signing in as ${username} was refused: ${await refused.textContent()}`);
}

/**
 * Waits until `locator`'s text matches (its text as the page shows it, trimmed); fails with the last
 * text seen. playwright-core has no `expect`: this is its `toHaveText`.
 */
export async function waitForText(locator: Locator, expected: string | RegExp, timeoutMs = BROWSER_TIMEOUT_MS): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let last: string | null = null;
  for (;;) {
    last =
      (
        await locator
          .first()
          .textContent({ timeout: Math.max(1, deadline - Date.now()) })
          .catch(() => null)
      )?.trim() ?? null;
    if (last !== null && (typeof expected === 'string' ? last === expected : expected.test(last))) return last;
    if (Date.now() >= deadline)
      assert.fail(`waited ${timeoutMs} ms for ${String(locator)} to read ${String(expected)}; last seen: ${JSON.stringify(last)}`);
    await locator.page().waitForTimeout(50);
  }
}

/** A full-page screenshot as test-output/screenshots/<name>.png; returns its path. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name.replace(/[^A-Za-z0-9._-]+/g, '-')}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}
