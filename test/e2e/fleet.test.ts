/**
 * The hierarchy (the console's home screen) in a real browser against a real server: services are
 * seeded and changed the way agents do it, with health pushes over plain HTTP (the machine API and
 * its operator key), never through private endpoints. A pushed change must show on the open page
 * within 1 s, without reload.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { Page } from 'playwright-core';
import { embeddedBackend } from '../support/backends.js';
import {
  assertNoPageProblems,
  BROWSER_TIMEOUT_MS,
  describeInBrowser,
  saveScreenshot,
  signIn,
  waitForText,
  type ConsolePage,
} from '../support/browser.js';
import { startConsoleServer, type ConsoleServer } from '../support/consoleServer.js';
import { consoleSuite } from '../support/consoleSuite.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME, gql, personWithRole, signInAdmin } from '../support/graphql.js';
import { TEST_API_KEY } from '../support/testServer.js';

const PUSH_TO_PAINT_LIMIT_MS = 1000;

interface Pushed {
  readonly serviceId: string;
}

/** POST /api/v1/health/report with the operator API key, as an agent or a script would. */
async function pushHealth(server: ConsoleServer, body: Record<string, unknown>): Promise<Pushed> {
  const response = await fetch(`${server.url}/api/v1/health/report`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': TEST_API_KEY },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { serviceId?: string };
  assert.equal(response.status, 200, `health push of ${String(body['service'])}: ${JSON.stringify(json)}`);
  return { serviceId: json.serviceId! };
}

const row = (page: Page, serviceId: string) => page.locator(`[role=row][data-service-id="${serviceId}"]`);

/** Waits until the table lists exactly these services, in this order. */
async function waitForListed(page: Page, serviceIds: readonly string[]): Promise<void> {
  const deadline = Date.now() + BROWSER_TIMEOUT_MS;
  let listed: string[] = [];
  while (Date.now() < deadline) {
    listed = await page
      .locator('[role=row][data-service-id]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-service-id') ?? ''));
    if (listed.join(',') === serviceIds.join(',')) return;
    await page.waitForTimeout(50);
  }
  assert.deepEqual(listed, serviceIds, 'the rows listed');
}
const treeItem = (page: Page, nodeId: string) => page.locator(`[role=treeitem][data-node-id="${nodeId}"]`);

describeInBrowser('the hierarchy in a browser', () => {
  const suite = consoleSuite();
  const ids: Record<string, string> = {};

  before(async () => {
    const seed: Record<string, unknown>[] = [
      {
        service: 'checkout',
        nodeId: 'eu/prod/k8s-1',
        status: 'OPERATIONAL',
        message: 'all probes pass',
        criticality: 'high',
        serviceType: 'api',
        tags: ['payments'],
      },
      {
        service: 'payments-api',
        nodeId: 'eu/prod/k8s-1',
        status: 'DEGRADED',
        message: 'p95 latency 2 s',
        criticality: 'high',
        serviceType: 'api',
        tags: ['payments'],
      },
      {
        service: 'search',
        nodeId: 'eu/prod/k8s-2',
        status: 'DOWN',
        message: 'connection refused',
        criticality: 'medium',
        serviceType: 'api',
      },
      { service: 'reports', nodeId: 'eu/test', status: 'OPERATIONAL', criticality: 'low', serviceType: 'batch' },
      { service: 'mailer', nodeId: 'us/prod', status: 'OPERATIONAL', criticality: 'medium', serviceType: 'worker' },
      { service: 'inventory', nodeId: 'us/prod', status: 'OPERATIONAL', criticality: 'medium', serviceType: 'api' },
      // An agent that sent no nodeId: the service lands under the `unknown` node.
      { service: 'orphan-cron', status: 'UNKNOWN', message: 'agent sent no node' },
    ];
    for (const body of seed) ids[body['service'] as string] = (await pushHealth(suite.server, body)).serviceId;
  });

  /** A fresh context signed in as the bootstrap admin, on the hierarchy (optionally with a query). */
  const openHierarchy = async (query = ''): Promise<ConsolePage & { subscribed: Promise<void> }> => {
    const opened_ = await suite.open();
    const subscribed = subscriptionSent(opened_.page);
    await signIn(opened_.page, suite.server.consoleUrl, ADMIN_USERNAME, ADMIN_PASSWORD);
    if (query) await opened_.page.goto(`${suite.server.consoleUrl}${query}`);
    await opened_.page.getByTestId('hierarchy-ready').waitFor({ state: 'attached' });
    return { ...opened_, subscribed };
  };

  it('opens on the hierarchy: root nodes with their counts per status, every service listed, totals on top', async () => {
    const { page, problems } = await openHierarchy();
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Hierarchy');
    assert.equal(await treeItem(page, 'eu').getAttribute('aria-label'), 'eu, 1 down, 1 degraded, 2 operational, 4 services');
    assert.equal(await treeItem(page, 'us').getAttribute('aria-label'), 'us, 2 operational, 2 services');
    await waitForText(page.locator('.table-caption'), /^7 services/);
    assert.equal(await page.locator('[role=row][data-service-id]').count(), 7);
    assert.match((await page.getByTestId('fleet-summary').textContent()) ?? '', /7 services.*4 operational.*1 degraded.*1 down/);
    assert.equal(await row(page, ids['search']!).getAttribute('data-status'), 'DOWN');
    assert.equal(await row(page, ids['search']!).getByRole('link').getAttribute('href'), `/app/services/${ids['search']}`);
    assertNoPageProblems(problems);
  });

  it('the tree is walked with the keyboard: expand, move down, select a node and its services show', async () => {
    const { page, problems } = await openHierarchy();
    await treeItem(page, 'eu').focus();
    await page.keyboard.press('ArrowRight');
    await treeItem(page, 'eu/prod').waitFor();
    assert.equal(await treeItem(page, 'eu').getAttribute('aria-expanded'), 'true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await treeItem(page, 'eu/prod/k8s-1').waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await waitForText(page.locator('.table-caption'), /^2 services/);
    assert.equal(new URL(page.url()).searchParams.get('node'), 'eu/prod/k8s-1');
    assert.equal(await treeItem(page, 'eu/prod/k8s-1').getAttribute('aria-selected'), 'true');
    await saveScreenshot(page, 'fleet-hierarchy');
    // The view is in the URL: a reload shows the same node, revealed in the tree.
    await page.reload();
    await page.getByTestId('hierarchy-ready').waitFor({ state: 'attached' });
    await waitForText(page.locator('.table-caption'), /^2 services/);
    assert.equal(await treeItem(page, 'eu/prod/k8s-1').getAttribute('aria-selected'), 'true');
    assertNoPageProblems(problems);
  });

  it('a status pushed over HTTP shows on the open page within 1 s, in the row and in the counts', async (t) => {
    const { page, problems, subscribed } = await openHierarchy();
    const checkout = row(page, ids['checkout']!);
    await checkout.locator('.badge[data-status="OPERATIONAL"]').waitFor();
    // The change must not be pushed before the page has subscribed (graphql-ws `subscribe` sent).
    await subscribed;
    const started = Date.now();
    await pushHealth(suite.server, { service: 'checkout', nodeId: 'eu/prod/k8s-1', status: 'DOWN', message: 'health check failed: 503' });
    await checkout.locator('.badge[data-status="DOWN"]').waitFor({ timeout: Math.max(1, PUSH_TO_PAINT_LIMIT_MS - (Date.now() - started)) });
    const elapsed = Date.now() - started;
    assert.ok(elapsed <= PUSH_TO_PAINT_LIMIT_MS, `shown after ${elapsed} ms`);
    t.diagnostic(`painted ${elapsed} ms after the push was sent`);
    assert.equal(await checkout.getAttribute('data-status'), 'DOWN');
    assert.match((await checkout.textContent()) ?? '', /health check failed: 503/);
    await waitForText(page.locator('.node-tree [data-node-id="eu"] [data-count="down"]'), '2 down', PUSH_TO_PAINT_LIMIT_MS);
    await waitForText(page.locator('[data-testid=fleet-summary] [data-count="down"]'), '2 down', PUSH_TO_PAINT_LIMIT_MS);
    const liveRegion = page.getByTestId('fleet-summary-live');
    assert.equal(await liveRegion.getAttribute('aria-live'), 'polite');
    assert.match((await liveRegion.textContent()) ?? '', /^Fleet: 7 services: /);
    assertNoPageProblems(problems);
  });

  it('a service whose agent sent no node carries the red "no node" badge, in its row and on the unknown node', async () => {
    const { page, problems } = await openHierarchy();
    await waitForText(row(page, ids['orphan-cron']!).locator('.badge-alert'), 'no node');
    assert.equal(await row(page, ids['mailer']!).locator('.badge-alert').count(), 0);
    await waitForText(treeItem(page, 'unknown').locator('.badge-alert'), 'no node');
    assertNoPageProblems(problems);
  });

  it('filters narrow the list, live in the URL, and survive a reload', async () => {
    const { page, problems } = await openHierarchy();
    await page.getByRole('checkbox', { name: 'Operational' }).check();
    await page.getByRole('textbox', { name: 'Service type' }).fill('api');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await waitForText(page.locator('.table-caption'), /^1 services/);
    const query = new URL(page.url()).searchParams;
    assert.equal(query.get('status'), 'OPERATIONAL');
    assert.equal(query.get('type'), 'api');
    // The count and the page of rows are two queries: the caption can show the new count while the
    // row is still loading.
    await waitForListed(page, [ids['inventory']!]);
    await page.reload();
    await page.getByTestId('hierarchy-ready').waitFor({ state: 'attached' });
    await waitForText(page.locator('.table-caption'), /^1 services/);
    assert.equal(await page.getByRole('checkbox', { name: 'Operational' }).isChecked(), true);
    assert.equal(await page.getByRole('textbox', { name: 'Service type' }).inputValue(), 'api');
    assertNoPageProblems(problems);
  });

  it('a saved filter round trip: save the view as default, a bare visit applies it, apply it by name, delete it', async () => {
    const { page, problems } = await openHierarchy('?tag=payments');
    await waitForText(page.locator('.table-caption'), /^2 services/);
    await page.getByRole('textbox', { name: 'Save the current filters as' }).fill('Payments');
    await page.getByRole('checkbox', { name: 'Make it my default' }).check();
    await page.getByRole('button', { name: 'Save filter' }).click();
    const saved = page.locator('[data-saved-filter="Payments"]');
    await waitForText(saved.locator('.badge'), 'default');
    await saveScreenshot(page, 'fleet-saved-filter');

    // Opening the hierarchy without a view applies the default.
    await page.goto(suite.server.consoleUrl);
    await page.getByTestId('hierarchy-ready').waitFor({ state: 'attached' });
    await waitForText(page.locator('.table-caption'), /^2 services/);
    assert.equal(new URL(page.url()).searchParams.get('tag'), 'payments');

    // Clear, then apply it by name.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await waitForText(page.locator('.table-caption'), /^7 services/);
    await saved.getByRole('button', { name: 'Payments', exact: true }).click();
    await waitForText(page.locator('.table-caption'), /^2 services/);
    assert.equal(await page.getByRole('textbox', { name: 'Tag' }).inputValue(), 'payments');

    await saved.getByRole('button', { name: 'Delete Payments' }).click();
    await saved.waitFor({ state: 'detached' });
    await page.goto(suite.server.consoleUrl);
    await page.getByTestId('hierarchy-ready').waitFor({ state: 'attached' });
    await waitForText(page.locator('.table-caption'), /^7 services/);
    assertNoPageProblems(problems);
  });

  it('a filter shared with a group shows for its members as shared and read-only, and applies', async () => {
    const admin = await signInAdmin(suite.server);
    const member = await personWithRole(suite.server, admin, 'OPERATOR');
    const group = await gql(
      suite.server,
      'mutation($i: CreateGroupInput!) { createGroup(input: $i) { id } }',
      { i: { name: 'on-call' } },
      admin.accessToken,
    );
    const groupId = group.data.createGroup.id as string;
    await gql(
      suite.server,
      'mutation($g: ID!, $u: ID!) { addUserToGroup(groupId: $g, userId: $u) { id } }',
      { g: groupId, u: member.userId },
      admin.accessToken,
    );
    const created = await gql(
      suite.server,
      'mutation($i: CreateSavedFilterInput!) { createSavedFilter(input: $i) { id } }',
      {
        i: {
          name: 'Down in eu',
          resource: 'SERVICES',
          filter: JSON.stringify({ nodeId: 'eu', status: ['DOWN'] }),
          sharedWithGroupIds: [groupId],
        },
      },
      admin.accessToken,
    );
    assert.equal(created.errors, undefined, created.text);

    const consolePage = await suite.open();
    const { page, problems } = consolePage;
    await signIn(page, suite.server.consoleUrl, member.username, member.password);
    await page.getByTestId('hierarchy-ready').waitFor({ state: 'attached' });
    const shared = page.locator('[data-saved-filter="Down in eu"]');
    await waitForText(shared, /shared by admin/);
    assert.equal(
      await shared.getByRole('button', { name: /Delete|default/ }).count(),
      0,
      'no delete or default on a filter shared with you',
    );
    await shared.getByRole('button', { name: 'Down in eu', exact: true }).click();
    const query = new URL(page.url()).searchParams;
    assert.equal(query.get('node'), 'eu');
    assert.equal(query.get('status'), 'DOWN');
    await treeItem(page, 'eu').waitFor();
    assert.equal(await treeItem(page, 'eu').getAttribute('aria-selected'), 'true');
    await row(page, ids['search']!).waitFor();
    assert.equal(
      await page
        .locator('[role=row][data-service-id]')
        .filter({ hasNot: page.locator('.badge[data-status="DOWN"]') })
        .count(),
      0,
      'only DOWN services listed',
    );
    assertNoPageProblems(problems);
  });

  it('a long list renders only the rows in view and fetches further pages as it scrolls', async () => {
    // A server of its own: 450 services would change the counts the other tests read.
    const big = await startConsoleServer(embeddedBackend);
    try {
      const names = Array.from({ length: 450 }, (_, i) => `svc-${String(i).padStart(4, '0')}`);
      for (let i = 0; i < names.length; i += 50) {
        await Promise.all(
          names
            .slice(i, i + 50)
            .map((name, j) => pushHealth(big, { service: name, nodeId: `dc-${(i + j) % 3}/rack`, status: 'OPERATIONAL' })),
        );
      }
      const consolePage = await suite.open();
      const { page, problems } = consolePage;
      await signIn(page, big.consoleUrl, ADMIN_USERNAME, ADMIN_PASSWORD);
      await page.getByTestId('hierarchy-ready').waitFor({ state: 'attached' });
      await waitForText(page.locator('.table-caption'), /^450 services/);
      const rendered = await page.locator('[role=row][data-service-id]').count();
      assert.ok(rendered > 5 && rendered < 100, `${rendered} rows in the DOM for 450 services`);
      await page.locator('.vscroll').evaluate((element) => element.scrollTo(0, element.scrollHeight));
      const lastRow = page.locator('[role=row][aria-rowindex="451"]');
      await waitForText(lastRow.getByRole('link'), 'svc-0449');
      assert.equal(
        await page.locator('[role=row][data-service-id]').filter({ hasText: 'svc-0000' }).count(),
        0,
        'the first rows left the DOM',
      );
      assertNoPageProblems(problems);
    } finally {
      await big.close();
    }
  });

  it('node search finds a node by part of its path and selects it', async () => {
    const { page, problems } = await openHierarchy();
    await page.getByRole('searchbox', { name: 'Find a node' }).fill('k8s-2');
    await page.getByRole('button', { name: 'eu/prod/k8s-2' }).click();
    await waitForText(page.locator('.table-caption'), /^1 services/);
    assert.equal(new URL(page.url()).searchParams.get('node'), 'eu/prod/k8s-2');
    await treeItem(page, 'eu/prod/k8s-2').waitFor();
    assertNoPageProblems(problems);
  });
});

/**
 * Resolves once the page's graphql-ws connection has sent the hierarchy's subscription: a change
 * pushed before that is not one the page could have heard of. Set up before the page loads.
 */
function subscriptionSent(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framesent', (frame) => {
        if (String(frame.payload).includes('"subscribe"') && String(frame.payload).includes('FleetStatusChanges')) resolve();
      });
    });
  });
}
