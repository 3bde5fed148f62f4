/**
 * svc-bench's HTML report (issue 32) opens in chromium with no network at all and shows its plots:
 * a real run (fleet and dashboards together, the server's /metrics scraped) against the real server,
 * its report written to a file and opened from disk in an offline context in which every request
 * the page might make is refused and recorded. The screenshot is docs/svc-bench-report.png.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { main } from '../../bench/kit/cli.js';
import { embeddedBackend } from '../support/backends.js';
import { assertNoPageProblems, describeInBrowser, launchBrowser, openConsolePage, saveScreenshot } from '../support/browser.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME, BOOTSTRAP_ENV } from '../support/graphql.js';
import { startTestServer, TEST_API_KEY, type TestServer } from '../support/testServer.js';

const METRICS_TOKEN = 'svc-bench-metrics-token-0123456789';

describeInBrowser('svc-bench HTML report', () => {
  let server: TestServer;
  let browser: Browser;
  let dir: string;
  before(async () => {
    server = await startTestServer(embeddedBackend, { env: { ...BOOTSTRAP_ENV, SVC_METRICS_TOKEN: METRICS_TOKEN } });
    browser = await launchBrowser();
    dir = mkdtempSync(join(tmpdir(), 'svc-bench-report-'));
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('opens offline and shows latency, throughput, errors, event delivery and the server panel', async () => {
    const html = join(dir, 'report.html');
    let err = '';
    const code = await main(
      [
        'run',
        'mixed',
        '--target',
        server.url,
        '--api-key',
        TEST_API_KEY,
        '--user',
        ADMIN_USERNAME,
        '--password',
        ADMIN_PASSWORD,
        '--metrics-token',
        METRICS_TOKEN,
        '--duration',
        '6',
        '--rate',
        '80',
        '--set',
        'agents=6',
        '--set',
        'operators=10',
        '--set',
        'changesPerSecond=10',
        '--threshold',
        'errors.rate<1%',
        '--threshold',
        'events.p99<2s',
        '--html',
        html,
      ],
      { out: () => {}, err: (text) => (err += text), env: {} },
    );
    assert.equal(code, 0, err);
    assert.doesNotMatch(readFileSync(html, 'utf8'), /<script|<link|\ssrc=|\shref=|url\(|@import/, 'no script and nothing to fetch');

    const { context, page, problems } = await openConsolePage(browser, { viewport: { width: 1100, height: 900 } });
    const requested: string[] = [];
    await context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith('file:')) return route.continue();
      requested.push(url);
      return route.abort();
    });
    await context.setOffline(true);
    await page.goto(pathToFileURL(html).href);
    const plots = await page
      .locator('figure[data-plot]')
      .evaluateAll((figures) => figures.map((f) => [f.getAttribute('data-plot'), f.querySelectorAll('polyline').length]));
    assert.deepEqual(
      plots.map(([name]) => name),
      ['latency', 'throughput', 'errors', 'events', 'server-cpu', 'server-latency'],
    );
    for (const [name, lines] of plots) assert.ok((lines as number) > 0, `${name} has lines drawn`);
    assert.match((await page.locator('h1').textContent()) ?? '', /svc-bench mixed passed/);
    const box = await page.locator('figure[data-plot=latency] svg').boundingBox();
    assert.ok(box && box.width > 600 && box.height > 200, 'the latency plot is laid out at its size');
    await saveScreenshot(page, 'svc-bench-report');
    assert.deepEqual(requested, [], 'the report asked the network for nothing');
    assertNoPageProblems(problems);
    await context.close();
  });
});
