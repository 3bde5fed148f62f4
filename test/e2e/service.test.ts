/**
 * The service page in a real browser against a real server (production mode and CSP, the sla plugin
 * licensed): a status pushed through the machine API shows on the open page, a second person shows up
 * as a viewer and their edit lock makes the field read-only with their name until they let go, and a
 * maintenance window is started and stopped from the page. The service is seeded through the machine
 * API (health, storage and backup pushes with the operator API key); people through GraphQL.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { Page } from 'playwright-core';
import { systemClock } from '../../src/platform/scheduler/index.js';
import { assertNoPageProblems, describeInBrowser, saveScreenshot, signIn, waitForText } from '../support/browser.js';
import { consoleSuite } from '../support/consoleSuite.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME, gql, personWithRole, signInAdmin, type SignedIn } from '../support/graphql.js';
import { LICENSE_ENV, licenseToken } from '../support/license.js';

const NODE = 'eu/prod/vm/payments';

describeInBrowser('the service page in a browser', () => {
  const suite = consoleSuite({ env: { ...LICENSE_ENV, SVC_LICENSE_KEY: licenseToken(systemClock) } });
  let admin: SignedIn;
  let seeded = 0;

  before(async () => {
    admin = await signInAdmin(suite.server);
  });

  const open = () => suite.open();

  const report = async (path: string, body: Record<string, unknown>) => {
    const res = await suite.server.call('POST', path, body);
    assert.ok(res.status === 200 || res.status === 201, `${path}: ${res.status} ${res.text}`);
    return res.json;
  };

  /**
   * A service as agents report it: registered with daily backups expected, synced with replicas and
   * images, a health push, storage, a failed backup (so it is overdue), a dependency on a second service.
   */
  async function seedService(): Promise<{ id: string; name: string }> {
    const name = `payments-api-${++seeded}`;
    await report('/api/v1/operator/register', {
      name,
      nodeId: NODE,
      criticality: 'critical',
      operations: { backup: { expected: true, maxAgeDays: 1 } },
    });
    await report('/api/v1/operator/status', {
      nodeId: NODE,
      operatorVersion: '1.4.0',
      services: [
        {
          name,
          status: 'OPERATIONAL',
          namespace: 'payments',
          workloadType: 'Deployment',
          workloadName: name,
          replicas: 3,
          readyReplicas: 2,
          images: ['registry.example/payments-api:4.2.0', 'envoyproxy/envoy:v1.30'],
        },
      ],
    });
    const { serviceId } = await report('/api/v1/health/report', {
      service: name,
      nodeId: NODE,
      status: 'OPERATIONAL',
      message: 'all checks pass',
      serviceType: 'api',
      tags: ['payments'],
    });
    const database = await report('/api/v1/health/report', {
      service: `${name}-db`,
      nodeId: NODE,
      status: 'OPERATIONAL',
      message: 'accepting connections',
    });
    await report('/api/v1/storage/report', {
      service: name,
      nodeId: NODE,
      allocatedBytes: 100_000_000_000,
      usedBytes: 82_000_000_000,
      storageType: 'disk',
      mountPath: '/data',
    });
    await report('/api/v1/backup/report', { service: name, nodeId: NODE, status: 'failed', message: 'snapshot quota exceeded' });
    const linked = await gql(
      suite.server,
      'mutation($id: ID!, $i: UpdateServiceInput!) { updateService(id: $id, input: $i) { id } }',
      { id: serviceId, i: { dependencies: [{ targetServiceId: database.serviceId, dependencyType: 'data' }] } },
      admin.accessToken,
    );
    assert.equal(linked.errors, undefined, linked.text);
    return { id: serviceId, name };
  }

  const openService = async (page: Page, id: string, username: string, password: string) => {
    await signIn(page, suite.server.consoleUrl, username, password);
    await page.goto(`${suite.server.consoleUrl}services/${encodeURIComponent(id)}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
  };

  const displayName = (page: Page, lock: 'free' | 'mine' | 'theirs') =>
    page.locator(`.locked-field[data-lock="${lock}"]`).getByLabel('Display name', { exact: true });

  /** An SLA definition covering the service, so its figures, trends and incidents are measured. */
  async function coverWithSla(service: { id: string; name: string }): Promise<void> {
    const created = await gql(
      suite.server,
      'mutation($i: CreateSLADefinitionInput!) { createSLADefinition(input: $i) { id } }',
      { i: { name: `Gold ${service.name}`, targetPercent: 99.9, period: 'MONTH' } },
      admin.accessToken,
    );
    assert.equal(created.errors, undefined, created.text);
    const assigned = await gql(
      suite.server,
      'mutation($i: AssignSLAInput!) { assignSLAToService(input: $i) { id } }',
      { i: { definitionId: created.data.createSLADefinition.id, serviceId: service.id } },
      admin.accessToken,
    );
    assert.equal(assigned.errors, undefined, assigned.text);
  }

  it('shows the service as reported, and a status pushed through the machine API without a reload', async () => {
    const service = await seedService();
    await coverWithSla(service);
    const { page, problems } = await open();
    await openService(page, service.id, ADMIN_USERNAME, ADMIN_PASSWORD);
    await waitForText(page.getByRole('heading', { level: 1 }), service.name);
    await waitForText(page.locator('[data-testid=service-status] .badge'), 'Operational');
    await waitForText(page.getByRole('link', { name: `${service.name}-db` }), `${service.name}-db`);
    await waitForText(page.locator('.badge-alert'), 'Overdue');
    await waitForText(page.locator('.storage-meter .badge'), 'warning');
    await waitForText(
      page
        .getByRole('row', { name: new RegExp(`Gold ${service.name}`) })
        .locator('td')
        .nth(1),
      '99.90 %',
    );
    await waitForText(page.locator('.fact-warn'), /^2 ready of 3/);

    await report('/api/v1/health/report', { service: service.name, nodeId: NODE, status: 'DOWN', message: 'connection refused' });
    await waitForText(page.locator('[data-testid=service-status] .badge'), 'Down', 5_000);
    await waitForText(page.locator('[data-testid=service-status] .status-message'), 'connection refused');
    // Going DOWN opens an automatic SLA incident: the open incidents follow the status.
    await page.locator('.incident-list li').first().waitFor();
    await waitForText(page.locator('.trend-summary').first(), /^5-minute points in the last 24 hours: (\d+ measured|none measured yet)/);
    await saveScreenshot(page, 'service-page');
    // On a laptop the cards fall into one column: still readable, the charts as wide as their card.
    const wideChart = await page.locator('.trend-canvas .uplot').first().boundingBox();
    assert.ok(wideChart, 'the 5-minute chart is drawn');
    await page.setViewportSize({ width: 1280, height: 800 });
    // The chart follows its narrower card. (A function, not a string: a string is eval, which the CSP refuses;
    // the test's own TypeScript has no DOM types, hence the loose shapes.)
    type Sized = { clientWidth: number; offsetWidth: number; querySelector(selector: string): Sized | null };
    await page.waitForFunction((narrowerThan: number) => {
      const box = (globalThis as unknown as { document: Sized }).document.querySelector('.trend-canvas');
      const plot = box?.querySelector('.uplot');
      return !!box && !!plot && Math.abs(plot.offsetWidth - box.clientWidth) <= 1 && plot.offsetWidth < narrowerThan;
    }, Math.floor(wideChart.width) - 20);
    await saveScreenshot(page, 'service-page-laptop');
    assertNoPageProblems(problems);
  });

  it("lists a second person among the first's viewers, without the first", async () => {
    const service = await seedService();
    const operator = await personWithRole(suite.server, admin, 'OPERATOR');
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
    const operator = await personWithRole(suite.server, admin, 'OPERATOR');
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
    const field = first.page.getByLabel('Display name', { exact: true });
    await field.focus();
    await displayName(first.page, 'mine').waitFor();
    await field.fill('Payments API');
    await field.press('Enter');
    await waitForText(first.page.getByRole('heading', { level: 1 }), 'Payments API');
    // The second person's page asks again when the first lets go of the field: no reload needed.
    await waitForText(second.page.getByRole('heading', { level: 1 }), 'Payments API');
    assert.equal(await second.page.getByLabel('Display name', { exact: true }).inputValue(), 'Payments API');
    assertNoPageProblems(first.problems);
    assertNoPageProblems(second.problems);
  });

  it('keeps renewing the lock of a field while it is being edited', async () => {
    const service = await seedService();
    const { page, problems } = await open();
    await openService(page, service.id, ADMIN_USERNAME, ADMIN_PASSWORD);
    const saved = await page.getByLabel('Service type', { exact: true }).inputValue();
    await page.getByLabel('Service type', { exact: true }).focus();
    await page.getByLabel('Service type', { exact: true }).fill('payments api');
    const LOCKS = 'query($id: ID!) { editLocks(entityType: "service", entityId: $id) { locks { field username expiresAt } } }';
    type HeldLock = { username: string; expiresAt: string };
    const lockNow = async (): Promise<HeldLock | undefined> => {
      const res = await gql(suite.server, LOCKS, { id: service.id }, admin.accessToken);
      assert.equal(res.errors, undefined, res.text);
      return res.data.editLocks.locks.find((lock: { field: string }) => lock.field === 'serviceType');
    };
    const deadline = Date.now() + 5_000;
    let taken = await lockNow();
    while (!taken && Date.now() < deadline) taken = await lockNow();
    assert.ok(taken, 'focusing the field took its lock');
    const first: HeldLock = taken;
    assert.equal(first.username, ADMIN_USERNAME);
    // The page renews every third of the 30 s lifetime: the expiry moves on without any action.
    const renewedBy = Date.now() + 20_000;
    let latest: HeldLock | undefined = first;
    while (latest && latest.expiresAt === first.expiresAt && Date.now() < renewedBy) {
      await page.waitForTimeout(250);
      latest = await lockNow();
    }
    assert.ok(latest && Date.parse(latest.expiresAt) > Date.parse(first.expiresAt), `renewed: ${JSON.stringify({ first, latest })}`);
    await page.getByLabel('Service type', { exact: true }).press('Escape');
    assert.equal(await page.getByLabel('Service type', { exact: true }).inputValue(), saved, 'Escape restored the saved value');
    const releasedBy = Date.now() + 5_000;
    let after = await lockNow();
    while (after && Date.now() < releasedBy) after = await lockNow();
    assert.equal(after, undefined, 'Escape gave the lock back');
    assertNoPageProblems(problems);
  });

  it('frees the field when the person editing it leaves without letting go', async () => {
    const service = await seedService();
    const operator = await personWithRole(suite.server, admin, 'OPERATOR');
    const first = await open();
    const second = await open();
    await openService(first.page, service.id, ADMIN_USERNAME, ADMIN_PASSWORD);
    await openService(second.page, service.id, operator.username, operator.password);
    await second.page.getByLabel('Criticality', { exact: true }).focus();
    await second.page.getByLabel('Criticality', { exact: true }).fill('low');
    const locked = first.page.locator('.locked-field[data-lock="theirs"]').getByLabel('Criticality', { exact: true });
    await locked.waitFor();
    await waitForText(first.page.getByTestId('also-viewing'), `Also viewing: ${operator.username} (editing)`);

    // The tab goes away with an unsaved change: its connection closes, and with it the lock.
    await second.close();
    await first.page.locator('.locked-field[data-lock="free"]').getByLabel('Criticality', { exact: true }).waitFor();
    await waitForText(first.page.getByTestId('also-viewing'), 'No one else is viewing this page.');
    assert.equal(await first.page.getByLabel('Criticality', { exact: true }).inputValue(), 'critical', 'the unsaved change was not stored');
    assertNoPageProblems(first.problems);
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
    await waitForText(
      page.locator('table').filter({ hasText: 'kernel upgrade' }).locator('tbody tr').first(),
      new RegExp(`stopped by ${ADMIN_USERNAME}`),
    );

    const windows = await gql(
      suite.server,
      'query($f: ExclusionWindowFilter) { slaExclusionWindows(filter: $f) { active reason endedBy createdVia } }',
      { f: { serviceId: service.id } },
      admin.accessToken,
    );
    assert.deepEqual(windows.data.slaExclusionWindows, [{ active: false, reason: 'kernel upgrade', endedBy: 'STOP', createdVia: 'USER' }]);
    assertNoPageProblems(problems);
  });

  it('shows a user the page without the actions only operators have', async () => {
    const service = await seedService();
    const user = await personWithRole(suite.server, admin, 'USER');
    const { page, problems } = await open();
    await openService(page, service.id, user.username, user.password);
    await waitForText(page.locator('[data-testid=service-status] .badge'), 'Operational');
    assert.equal(await page.getByLabel('Display name', { exact: true }).isEditable(), false);
    assert.equal(await page.getByRole('button', { name: 'Start maintenance now' }).count(), 0);
    assertNoPageProblems(problems);
  });
});
