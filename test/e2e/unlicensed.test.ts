/**
 * The console on a server without a licence, in a real browser (issue 27, item C): it must look like a
 * product with optional plugins, not a broken one. A service page shows one calm notice for the sla
 * plugin where it showed the same red error four times; the SLA, Tickets and Audit areas are not
 * offered in the navigation, and their screens (reached by a bookmark) show the plugin's notice under
 * their title instead of filter bars over an error; the licence screen offers no switch for a plugin
 * the licence does not list. A licence activated meanwhile brings the areas in without a reload.
 *
 * The service page's screenshot goes to test-output/screenshots/unlicensed-service.png, and with
 * SVC_DOCS_SCREENSHOTS=1 also to docs/unlicensed-service.png (the one the README shows).
 */
import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, it } from 'node:test';
import type { Page } from 'playwright-core';
import { systemClock } from '../../src/platform/scheduler/index.js';
import { REPO_ROOT } from '../support/repoRoot.js';
import { assertNoPageProblems, describeInBrowser, saveScreenshot, signIn, waitForText, type ConsolePage } from '../support/browser.js';
import { consoleSuite } from '../support/consoleSuite.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME, personWithRole, signInAdmin } from '../support/graphql.js';
import { activated, LICENSE_ENV, licenseToken } from '../support/license.js';

const NODE = 'eu/prod/vm/payments';

describeInBrowser('the console without a licence in a browser', () => {
  // The test vendor's public key, so the last test can activate a licence; until then there is none.
  const suite = consoleSuite({ env: LICENSE_ENV });
  let serviceId = '';

  before(async () => {
    const res = await suite.server.call('POST', '/api/v1/health/report', {
      service: 'payments-api',
      nodeId: NODE,
      status: 'OPERATIONAL',
      message: 'all checks pass',
      tags: ['payments'],
    });
    assert.ok(res.status === 200 || res.status === 201, res.text);
    serviceId = res.json.serviceId as string;
    const storage = await suite.server.call('POST', '/api/v1/storage/report', {
      service: 'payments-api',
      nodeId: NODE,
      allocatedBytes: 100_000_000_000,
      usedBytes: 41_000_000_000,
      storageType: 'disk',
      mountPath: '/data',
    });
    assert.ok(storage.status === 200 || storage.status === 201, storage.text);
  });

  const signedIn = async (path: string, username = ADMIN_USERNAME, password = ADMIN_PASSWORD): Promise<ConsolePage> => {
    const opened = await suite.open();
    await signIn(opened.page, suite.server.consoleUrl, username, password);
    await opened.page.goto(`${suite.server.consoleUrl}${path}`);
    await opened.page.getByRole('heading', { level: 1 }).waitFor();
    return opened;
  };

  /** Every request the screen makes has been answered (an error box would be showing by then). */
  const settled = (page: Page) => page.waitForLoadState('networkidle');

  const errorBoxes = (page: Page) => page.locator('main [role=alert], main .notice-error');
  const notices = (page: Page) => page.getByTestId('plugin-notice');

  it('a service page shows one calm notice for the sla plugin, and no error box', async () => {
    const { page, problems } = await signedIn(`services/${encodeURIComponent(serviceId)}`);
    await waitForText(page.locator('[data-testid=service-status] .badge'), 'Operational');
    await waitForText(
      notices(page),
      /^SLA is a plugin\. The sla plugin adds service-level agreements: .+\.\s*This server has no licence\. Activate a licence that lists sla under Administration › Licence and plugins\.$/,
    );
    await settled(page);
    assert.equal(await notices(page).count(), 1, 'one notice on the page');
    assert.equal(await errorBoxes(page).count(), 0, `no error box; seen: ${JSON.stringify(await errorBoxes(page).allTextContents())}`);
    await page.locator('.storage-meter').waitFor();
    const shot = await saveScreenshot(page, 'unlicensed-service');
    if (process.env['SVC_DOCS_SCREENSHOTS'] === '1') copyFileSync(shot, join(REPO_ROOT, 'docs', 'unlicensed-service.png'));
    assertNoPageProblems(problems);
  });

  it('a person who is not an admin is told whom to ask, with no link to a screen they cannot use', async () => {
    const admin = await signInAdmin(suite.server);
    const operator = await personWithRole(suite.server, admin, 'OPERATOR');
    const { page, problems } = await signedIn(`services/${encodeURIComponent(serviceId)}`, operator.username, operator.password);
    await waitForText(notices(page), /This server has no licence\. Ask an admin to activate a licence that lists sla\.$/);
    assert.equal(await notices(page).getByRole('link').count(), 0);
    assertNoPageProblems(problems);
  });

  it('the navigation offers neither SLA nor Tickets nor the audit trail', async () => {
    const { page, problems } = await signedIn('');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Licence and plugins' }).waitFor();
    await settled(page);
    const titles = (await nav.locator('.nav-title').allTextContents()).map((title) => title.trim());
    assert.deepEqual(titles, ['Fleet', 'Administration']);
    for (const label of ['Overview', 'Alerts', 'All tickets', 'New ticket', 'Audit trail']) {
      assert.equal(await nav.getByRole('link', { name: label, exact: true }).count(), 0, `no "${label}" link`);
    }
    assertNoPageProblems(problems);
  });

  for (const [path, title, plugin] of [
    ['sla/alerts', 'SLA alerts', 'sla'],
    ['sla/overview', 'SLA overview', 'sla'],
    ['tickets', 'Tickets', 'ticketing'],
    ['tickets/new', 'New ticket', 'ticketing'],
    ['admin/audit', 'Audit trail', 'audit'],
  ] as const) {
    it(`/${path}, reached by a bookmark, shows its title and the ${plugin} plugin's notice instead of filters over an error`, async () => {
      const { page, problems } = await signedIn(path);
      await waitForText(page.getByRole('heading', { level: 1 }), title);
      await waitForText(notices(page), new RegExp(`^.+ is a plugin\\. The ${plugin} plugin adds `));
      await settled(page);
      assert.equal(await notices(page).count(), 1);
      assert.equal(await errorBoxes(page).count(), 0, `no error box; seen: ${JSON.stringify(await errorBoxes(page).allTextContents())}`);
      assert.equal(await page.locator('main').locator('input, select, textarea').count(), 0, 'no filter bar or form');
      assertNoPageProblems(problems);
    });
  }

  it('the licence screen offers no switch for a plugin the licence does not list', async () => {
    const { page, problems } = await signedIn('admin/licence');
    const plugins = page.getByRole('table', { name: 'Plugins' });
    for (const name of ['ticketing', 'sla', 'audit']) {
      await waitForText(plugins.getByRole('row').filter({ hasText: name }).getByRole('cell').nth(5), 'Needs a licence that lists it');
    }
    assert.equal(await plugins.getByRole('button').count(), 0, 'no "Turn ... off" for an unlicensed plugin');
    await waitForText(page.getByRole('region', { name: /Licence/ }), /npm run license/);
    assertNoPageProblems(problems);
  });

  // Last: it licenses the server for good.
  it('a licence activated while the console is open brings the SLA and Tickets areas into the navigation, and the service page its SLA sections', async () => {
    const { page, problems } = await signedIn(`services/${encodeURIComponent(serviceId)}`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await notices(page).waitFor();
    await activated(suite.server, licenseToken(systemClock, { plugins: ['sla', 'ticketing'] }));
    await nav.getByRole('link', { name: 'All tickets' }).waitFor();
    await nav.getByRole('link', { name: 'Overview' }).waitFor();
    await page.getByRole('heading', { name: 'Open incidents' }).waitFor();
    assert.equal(await notices(page).count(), 0, 'the notice is gone');
    assertNoPageProblems(problems);
  });
});
