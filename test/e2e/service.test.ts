/**
 * The service page in a real browser against a real server (production mode and CSP, the sla plugin
 * licensed): a status pushed through the machine API shows on the open page, a second person shows up
 * as a viewer and their edit lock makes the field read-only with their name until they let go, and a
 * maintenance window is started and stopped from the page. The service is seeded through the machine
 * API (health, storage and backup pushes with the operator API key); people through GraphQL.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { systemClock } from '../../src/clock.js';
import { embeddedBackend } from '../support/backends.js';
import { assertNoPageProblems, describeInBrowser, launchBrowser, openConsolePage, saveScreenshot, signIn, waitForText, type ConsolePage } from '../support/browser.js';
import { startConsoleServer, type ConsoleServer } from '../support/consoleServer.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME, gql, personWithRole, signInAdmin, type SignedIn } from '../support/graphql.js';
import { LICENSE_ENV, licenseToken } from '../support/license.js';

const NODE = 'eu/prod/vm/payments';

describeInBrowser('the service page in a browser', () => {
  let server: ConsoleServer;
  let browser: Browser;
  let admin: SignedIn;
  const opened: ConsolePage[] = [];
  let seeded = 0;

  before(async () => {
    [server, browser] = await Promise.all([startConsoleServer(embeddedBackend, { env: { ...LICENSE_ENV, SVC_LICENSE_KEY: licenseToken(systemClock) } }), launchBrowser()]);
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

  const report = async (path: string, body: Record<string, unknown>) => {
    const res = await server.call('POST', path, body);
    assert.equal(res.status, 200, `${path}: ${res.text}`);
    return res.json;
  };

  /** A service as an agent would report it: health, storage, a backup, a dependency on a second service. */
  async function seedService(): Promise<{ id: string; name: string }> {
    const name = `payments-api-${++seeded}`;
    const database = await report('/api/v1/health/report', { service: `${name}-db`, nodeId: NODE, status: 'OPERATIONAL', message: 'accepting connections' });
    const { serviceId } = await report('/api/v1/health/report', { service: name, nodeId: NODE, status: 'OPERATIONAL', message: 'all checks pass', criticality: 'critical', serviceType: 'api', tags: ['payments'] });
    await report('/api/v1/storage/report', { service: name, nodeId: NODE, allocatedBytes: 100_000_000_000, usedBytes: 82_000_000_000, storageType: 'disk', mountPath: '/data' });
    await report('/api/v1/backup/report', { service: name, nodeId: NODE, status: 'failed', message: 'snapshot quota exceeded' });
    const linked = await gql(server, 'mutation($id: ID!, $i: UpdateServiceInput!) { updateService(id: $id, input: $i) { id } }', { id: serviceId, i: { dependencies: [{ targetServiceId: database.serviceId, dependencyType: 'data' }] } }, admin.accessToken);
    assert.equal(linked.errors, undefined, linked.text);
    return { id: serviceId, name };
  }

  const openService = async (page: Page, id: string, username: string, password: string) => {
    await signIn(page, server.consoleUrl, username, password);
    await page.goto(`${server.consoleUrl}services/${encodeURIComponent(id)}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
  };

  const displayName = (page: Page, lock: 'free' | 'mine' | 'theirs') => page.locator(`.locked-field[data-lock="${lock}"]`).getByLabel('Display name', { exact: true });

  it('shows the service as reported, and a status pushed through the machine API without a reload', async () => {
    const service = await seedService();
    const { page, problems } = await open();
    await openService(page, service.id, ADMIN_USERNAME, ADMIN_PASSWORD);
    await waitForText(page.getByRole('heading', { level: 1 }), service.name);
    await waitForText(page.locator('[data-testid=service-status] .badge'), 'Operational');
    await waitForText(page.getByRole('link', { name: `${service.name}-db` }), `${service.name}-db`);
    await waitForText(page.locator('.badge-alert'), 'Overdue');
    await waitForText(page.locator('.storage-meter .badge'), 'warning');

    await report('/api/v1/health/report', { service: service.name, nodeId: NODE, status: 'DOWN', message: 'connection refused' });
    await waitForText(page.locator('[data-testid=service-status] .badge'), 'Down', 5_000);
    await waitForText(page.locator('[data-testid=service-status] .status-message'), 'connection refused');
    await saveScreenshot(page, 'service-page');
    assertNoPageProblems(problems);
  });

  it("lists a second person among the first's viewers, without the first", async () => {
    const service = await seedService();
    const operator = await personWithRole(server, admin, 'OPERATOR');
    const first = await open();
    const second = await open();
    await openService(first.page, service.id, ADMIN_USERNAME, ADMIN_PASSWORD);
    await waitForText(first.page.getByTestId('also-viewing'), 'No one else is viewing this page.');
    await openService(second.page, service.id, operator.username, operator.password);
    await waitForText(first.page.getByTestId('also-viewing'), `Also viewing: ${operator.username}`);
    await waitForText(second.page.getByTestId('also-viewing'), `Also viewing: ${ADMIN_USERNAME}`);
    assertNoPageProblems(first.problems);
    assertNoPageProblems(second.problems);
  });

  it("makes a field read-only with the editor's name while a second person edits it, and editable once they let go", async () => {
    const service = await seedService();
    const operator = await personWithRole(server, admin, 'OPERATOR');
    const first = await open();
    const second = await open();
    await openService(first.page, service.id, ADMIN_USERNAME, ADMIN_PASSWORD);
    await openService(second.page, service.id, operator.username, operator.password);
    await displayName(first.page, 'free').waitFor();

    await second.page.getByLabel('Display name', { exact: true }).focus();
    await displayName(second.page, 'mine').waitFor();
    const locked = displayName(first.page, 'theirs');
    await locked.waitFor();
    assert.equal(await locked.isEditable(), false, 'read-only while the other person edits');
    await waitForText(first.page.locator('.locked-field[data-lock="theirs"] .field-hint'), `${operator.username} is editing`);
    await saveScreenshot(first.page, 'service-page-field-locked');

    await second.page.getByLabel('Display name', { exact: true }).press('Escape');
    const free = displayName(first.page, 'free');
    await free.waitFor();
    assert.equal(await free.isEditable(), true, 'editable once the lock is given back');

    // And the first person can now take it and save a change the second sees.
    await free.focus();
    await displayName(first.page, 'mine').waitFor();
    await free.fill('Payments API');
    await free.press('Enter');
    await waitForText(first.page.getByRole('heading', { level: 1 }), 'Payments API');
    await second.page.reload();
    await waitForText(second.page.getByRole('heading', { level: 1 }), 'Payments API');
    assertNoPageProblems(first.problems);
    assertNoPageProblems(second.problems);
  });

  it('starts a maintenance window from the page and stops it, the status following', async () => {
    const service = await seedService();
    const { page, problems } = await open();
    await openService(page, service.id, ADMIN_USERNAME, ADMIN_PASSWORD);
    await waitForText(page.locator('[data-testid=service-status] .badge'), 'Operational');

    await page.getByLabel('Reason').fill('kernel upgrade');
    await page.getByLabel('Duration (minutes)').fill('60');
    await page.getByRole('button', { name: 'Start maintenance now' }).click();
    await waitForText(page.locator('[data-testid=service-status] .badge'), 'Maintenance');
    await waitForText(page.locator('.maintenance-active'), /In maintenance since .*, ends .* — kernel upgrade/);
    await saveScreenshot(page, 'service-page-maintenance');

    await page.getByRole('button', { name: 'Stop maintenance' }).click();
    await waitForText(page.locator('[data-testid=service-status] .badge'), 'Operational');
    await waitForText(page.locator('.maintenance-form button[type=submit]'), 'Start maintenance now');
    await waitForText(page.locator('table').filter({ hasText: 'kernel upgrade' }).locator('tbody tr').first(), new RegExp(`stopped by ${ADMIN_USERNAME}`));

    const windows = await gql(server, 'query($f: ExclusionWindowFilter) { slaExclusionWindows(filter: $f) { active reason endedBy createdVia } }', { f: { serviceId: service.id } }, admin.accessToken);
    assert.deepEqual(windows.data.slaExclusionWindows, [{ active: false, reason: 'kernel upgrade', endedBy: 'STOP', createdVia: 'USER' }]);
    assertNoPageProblems(problems);
  });

  it('shows a user the page without the actions only operators have', async () => {
    const service = await seedService();
    const user = await personWithRole(server, admin, 'USER');
    const { page, problems } = await open();
    await openService(page, service.id, user.username, user.password);
    await waitForText(page.locator('[data-testid=service-status] .badge'), 'Operational');
    assert.equal(await page.getByLabel('Display name', { exact: true }).isEditable(), false);
    assert.equal(await page.getByRole('button', { name: 'Start maintenance now' }).count(), 0);
    assertNoPageProblems(problems);
  });
});
