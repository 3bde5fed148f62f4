/**
 * The console stays live when CORS origins are configured (issue 27, item 1). A production server
 * started with SVC_SECURITY_CORS_ALLOWED_ORIGINS=https://ops.example.com (an operator allowing one
 * external dashboard) serves the console at /app/; the console's WebSocket comes from the server's
 * own origin, which is not on the list. Before, that upgrade was refused 403: the "Live updates lost
 * their connection" banner stayed and a service pushed DOWN stayed "Operational" on screen. A page
 * from an origin that is neither the server's own nor listed is still refused.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, it } from 'node:test';
import { systemClock } from '../../src/platform/scheduler/index.js';
import { assertNoPageProblems, describeInBrowser, signIn, waitForText } from '../support/browser.js';
import { consoleSuite } from '../support/consoleSuite.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from '../support/graphql.js';
import { LICENSE_ENV, licenseToken } from '../support/license.js';

const NODE = 'eu/prod/vm/checkout';
const LISTED = 'https://ops.example.com';

describeInBrowser('the console with SVC_SECURITY_CORS_ALLOWED_ORIGINS set', () => {
  const suite = consoleSuite({
    env: { ...LICENSE_ENV, SVC_LICENSE_KEY: licenseToken(systemClock), SVC_SECURITY_CORS_ALLOWED_ORIGINS: LISTED },
  });
  /** A page of another origin (another port of the same host), neither the server's own nor listed. */
  let stranger: Server;
  let strangerUrl: string;

  before(async () => {
    stranger = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>elsewhere</title>'),
    );
    await new Promise<void>((resolve) => stranger.listen(0, '127.0.0.1', resolve));
    strangerUrl = `http://127.0.0.1:${(stranger.address() as AddressInfo).port}/`;
  });
  after(() => new Promise<void>((resolve) => stranger.close(() => resolve())));

  const report = async (body: Record<string, unknown>) => {
    const res = await suite.server.call('POST', '/api/v1/health/report', body);
    assert.ok(res.status === 200 || res.status === 201, `${res.status} ${res.text}`);
    return res.json as { serviceId: string };
  };

  it('shows a status pushed through the machine API live on its own console, without the lost-connection banner', async () => {
    const { serviceId } = await report({ service: 'checkout-api', nodeId: NODE, status: 'OPERATIONAL', message: 'all checks pass' });
    const { page, problems } = await suite.open();
    // The console's own WebSocket upgrade, as the browser sends it (Origin and Host of the page).
    const upgrades: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/graphql/ws')) upgrades.push(response.status());
    });
    await signIn(page, suite.server.consoleUrl, ADMIN_USERNAME, ADMIN_PASSWORD);
    await page.goto(`${suite.server.consoleUrl}services/${encodeURIComponent(serviceId)}`);
    await waitForText(page.getByRole('heading', { level: 1 }), 'checkout-api');
    await waitForText(page.locator('[data-testid=service-status] .badge'), 'Operational');

    await report({ service: 'checkout-api', nodeId: NODE, status: 'DOWN', message: 'connection refused' });
    await waitForText(page.locator('[data-testid=service-status] .badge'), 'Down', 5_000);
    await waitForText(page.locator('[data-testid=service-status] .status-message'), 'connection refused');
    assert.equal(await page.getByTestId('live-banner').count(), 0, 'no "Live updates lost their connection" banner');
    assert.ok(!upgrades.includes(403), `the console's WebSocket upgrade was refused: ${upgrades.join(', ')}`);
    assertNoPageProblems(problems);
  });

  it('refuses the WebSocket to a page from an origin that is neither its own nor listed', async () => {
    const { page } = await suite.open();
    await page.goto(strangerUrl);
    const target = `ws://127.0.0.1:${suite.server.server.port}/graphql/ws`;
    // A function, not a string: the test's TypeScript has no DOM types, hence the loose shape.
    type Socket = { onopen: (() => void) | null; onclose: ((event: { code: number }) => void) | null };
    const outcome = await page.evaluate(
      (url: string) =>
        new Promise<string>((resolve) => {
          const Ctor = (globalThis as unknown as { WebSocket: new (url: string, protocol: string) => Socket }).WebSocket;
          const socket = new Ctor(url, 'graphql-transport-ws');
          socket.onopen = () => resolve('opened');
          socket.onclose = (event) => resolve(`closed ${event.code}`);
        }),
      target,
    );
    // A refused upgrade never opens; the browser reports an abnormal closure (1006).
    assert.equal(outcome, 'closed 1006');
  });
});
