/**
 * Issue 27, item D in a real browser: a service whose storage report says 7 % free (critical) is UNKNOWN as a
 * service (SPEC.md gives storage no status) and used to count nowhere as a problem. The hierarchy now shows it:
 * a storage badge on every node above it, in its row, in the summary bar's storage card (whose link filters the
 * list to it), and the list sorted by status puts it first among the services in trouble.
 * The screenshot is docs/storage-critical-hierarchy.png.
 */
import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { Page } from 'playwright-core';
import { assertNoPageProblems, describeInBrowser, saveScreenshot, signIn, waitForText } from '../support/browser.js';
import { consoleSuite } from '../support/consoleSuite.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from '../support/graphql.js';
import { TEST_API_KEY } from '../support/testServer.js';

async function push(url: string, path: string, body: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': TEST_API_KEY },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { serviceId?: string };
  assert.ok(response.status === 200 || response.status === 201, `${path}: ${JSON.stringify(json)}`);
  return json.serviceId!;
}

const treeItem = (page: Page, nodeId: string) => page.locator(`[role=treeitem][data-node-id="${nodeId}"]`);
const listed = (page: Page) =>
  page.locator('[role=row][data-service-id]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-service-id') ?? ''));

describeInBrowser('storage trouble in the hierarchy, in a browser', () => {
  const suite = consoleSuite();
  const ids: Record<string, string> = {};

  before(async () => {
    const url = suite.server.url;
    ids['checkout'] = await push(url, '/api/v1/health/report', {
      service: 'checkout',
      nodeId: 'eu/prod/k8s-1',
      status: 'OPERATIONAL',
      message: 'all probes pass',
    });
    ids['search'] = await push(url, '/api/v1/health/report', {
      service: 'search',
      nodeId: 'eu/prod/k8s-2',
      status: 'DOWN',
      message: 'connection refused',
    });
    ids['mailer'] = await push(url, '/api/v1/health/report', { service: 'mailer', nodeId: 'us/prod', status: 'OPERATIONAL' });
    // 7 % free: critical. The push creates the service, which no health report has reached: UNKNOWN.
    ids['orders-db'] = await push(url, '/api/v1/storage/report', {
      service: 'orders-db',
      nodeId: 'eu/prod/k8s-1',
      allocatedBytes: 100_000,
      usedBytes: 93_000,
      storageType: 'pvc',
      mountPath: '/var/lib/postgresql',
    });
    // 20 % free: warning, on a service that is otherwise fine.
    await push(url, '/api/v1/storage/report', {
      service: 'mailer',
      nodeId: 'us/prod',
      allocatedBytes: 100_000,
      usedBytes: 80_000,
      storageType: 'disk',
    });
  });

  it('a storage-critical service shows on its nodes, in its row and in the storage card, which filters to it', async () => {
    const { page, problems } = await suite.open();
    await signIn(page, suite.server.consoleUrl, ADMIN_USERNAME, ADMIN_PASSWORD);
    await page.getByTestId('hierarchy-ready').waitFor({ state: 'attached' });

    assert.equal(
      await treeItem(page, 'eu').getAttribute('aria-label'),
      'eu, 1 down, 1 unknown, 1 operational, 1 storage critical, 3 services',
    );
    await waitForText(treeItem(page, 'eu').locator('[data-count="storageCritical"]'), '1 storage critical');
    await waitForText(treeItem(page, 'us').locator('[data-count="storageWarning"]'), '1 storage warning');
    await treeItem(page, 'eu').focus();
    await page.keyboard.press('ArrowRight');
    await waitForText(treeItem(page, 'eu/prod').locator('[data-count="storageCritical"]'), '1 storage critical');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    await waitForText(treeItem(page, 'eu/prod/k8s-1').locator('[data-count="storageCritical"]'), '1 storage critical');
    assert.equal(await treeItem(page, 'eu/prod/k8s-2').locator('[data-count^="storage"]').count(), 0);

    const ordersRow = page.locator(`[role=row][data-service-id="${ids['orders-db']}"]`);
    assert.equal(await ordersRow.getAttribute('data-status'), 'UNKNOWN');
    await waitForText(ordersRow.locator('[data-storage="critical"]'), 'storage critical');
    await waitForText(page.getByTestId('fleet-storage'), 'Storage: 1 critical 1 warning');

    // Worst first: DOWN, then the UNKNOWN service with critical storage, then the operational ones (storage warning first).
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('status');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'status');
    const deadline = Date.now() + 5000;
    const expected = [ids['search'], ids['orders-db'], ids['mailer'], ids['checkout']].join(',');
    while ((await listed(page)).join(',') !== expected && Date.now() < deadline) await page.waitForTimeout(50);
    assert.deepEqual(await listed(page), expected.split(','));
    const shot = await saveScreenshot(page, 'storage-critical-hierarchy');

    await page.getByTestId('fleet-storage').getByRole('button', { name: '1 critical' }).click();
    await page.waitForURL((url) => url.searchParams.get('storage') === 'critical');
    await waitForText(page.locator('.table-caption'), /^1 services/);
    // The caption's count and the rows are two answers: the rows may paint a frame after the caption.
    const filteredBy = Date.now() + 5000;
    while ((await listed(page)).join(',') !== ids['orders-db'] && Date.now() < filteredBy) await page.waitForTimeout(50);
    assert.deepEqual(await listed(page), [ids['orders-db']]);
    assert.equal(await page.getByRole('checkbox', { name: /Critical/ }).isChecked(), true);
    assertNoPageProblems(problems);
    assert.ok(shot.endsWith('storage-critical-hierarchy.png'));
  });
});
