/**
 * The console's main screens checked with axe-core (the WCAG 2 A and AA rules it automates: names
 * and labels of controls, colour contrast, landmarks and headings, ARIA use) in the light and the
 * dark colour scheme, on a server with data on every screen. axe is injected as an init script,
 * outside the page's CSP, and run where the screen has rendered its content.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { before, it } from 'node:test';
import type { Page } from 'playwright-core';
import { systemClock } from '../../src/platform/scheduler/index.js';
import { describeInBrowser, signIn } from '../support/browser.js';
import { consoleSuite } from '../support/consoleSuite.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME, signInAdmin } from '../support/graphql.js';
import { activated, LICENSE_ENV, licenseToken } from '../support/license.js';
import { createdDefinition, pushedService } from '../support/sla.js';
import { createTicket } from '../support/tickets.js';

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** Runs axe on the page as it is (a function without inner functions: tsx's keepNames helper does not exist in the page). */
function runAxe(page: Page): Promise<AxeViolation[]> {
  return page.evaluate(
    async () =>
      (
        await (
          globalThis as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> } }
        ).axe.run((globalThis as unknown as { document: unknown }).document, {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
        })
      ).violations,
  );
}

function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes
          .slice(0, 4)
          .map((n) => `${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.split('\n').slice(1, 2).join('')}` : ''}`)
          .join('\n    ')}`,
    )
    .join('\n  ');
}

describeInBrowser('the console is accessible (axe-core, WCAG 2.1 A and AA)', () => {
  const suite = consoleSuite({ env: LICENSE_ENV });
  const ids: Record<string, string> = {};

  before(async () => {
    const server = suite.server;
    await activated(server, licenseToken(systemClock));
    const admin = await signInAdmin(server);
    ids['service'] = await pushedService(server, 'checkout', { status: 'DEGRADED', message: 'p95 latency 2 s' });
    await pushedService(server, 'search', { status: 'DOWN', message: 'connection refused' });
    await server.call('POST', '/api/v1/health/report', { service: 'orphan-cron', status: 'OPERATIONAL' });
    ids['definition'] = await createdDefinition(server, admin.accessToken, { name: 'Gold' });
    ids['ticket'] = (await createTicket(server, admin, { serviceId: ids['service'] })).id;
  });
  const screens: { name: string; path: () => string; ready: (page: Page) => Promise<unknown> }[] = [
    { name: 'hierarchy', path: () => '', ready: (page) => page.getByTestId('hierarchy-ready').waitFor({ state: 'attached' }) },
    {
      name: 'service page',
      path: () => `services/${ids['service']}`,
      ready: (page) => page.getByRole('heading', { name: 'checkout', level: 1 }).waitFor(),
    },
    { name: 'SLA definitions', path: () => 'sla/definitions', ready: (page) => page.getByRole('link', { name: 'Gold' }).first().waitFor() },
    {
      name: 'SLA definition',
      path: () => `sla/definitions/${ids['definition']}`,
      ready: (page) => page.getByRole('heading', { name: /Gold/, level: 1 }).waitFor(),
    },
    { name: 'SLA event log', path: () => 'sla/events', ready: (page) => page.getByRole('table', { name: 'SLA events' }).waitFor() },
    { name: 'tickets', path: () => 'tickets', ready: (page) => page.getByText('Checkout returns 502').first().waitFor() },
    {
      name: 'ticket page',
      path: () => `tickets/${ids['ticket']}`,
      ready: (page) =>
        page
          .getByRole('heading', { level: 1 })
          .getByText(/Checkout returns 502/)
          .waitFor(),
    },
    { name: 'new ticket', path: () => 'tickets/new', ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
    { name: 'users', path: () => 'admin/users', ready: (page) => page.getByRole('cell', { name: ADMIN_USERNAME }).first().waitFor() },
    { name: 'webhooks', path: () => 'admin/webhooks', ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
    { name: 'licence', path: () => 'admin/licence', ready: (page) => page.getByText('ACME Ltd').first().waitFor() },
    { name: 'audit trail', path: () => 'admin/audit', ready: (page) => page.getByRole('heading', { level: 1 }).waitFor() },
  ];

  for (const colorScheme of ['light', 'dark'] as const) {
    it(`the sign-in screen has no violation (${colorScheme})`, async () => {
      const console_ = await suite.open({ colorScheme });
      await console_.page.addInitScript({ path: AXE_SOURCE });
      await console_.page.goto(suite.server.consoleUrl);
      await console_.page.getByRole('button', { name: 'Sign in' }).waitFor();
      const violations = await runAxe(console_.page);
      assert.equal(violations.length, 0, `sign-in (${colorScheme}):\n  ${describeViolations(violations)}`);
    });

    it(`the main screens have no violation (${colorScheme})`, async () => {
      const console_ = await suite.open({ colorScheme, viewport: { width: 1440, height: 900 } });
      const { page } = console_;
      await page.addInitScript({ path: AXE_SOURCE });
      await signIn(page, suite.server.consoleUrl, ADMIN_USERNAME, ADMIN_PASSWORD);
      const found: string[] = [];
      for (const screen of screens) {
        await page.goto(`${suite.server.consoleUrl}${screen.path()}`);
        await screen.ready(page);
        const violations = await runAxe(page);
        if (violations.length > 0) found.push(`${screen.name}:\n  ${describeViolations(violations)}`);
      }
      assert.equal(found.length, 0, `axe found violations (${colorScheme}):\n${found.join('\n')}`);
    });
  }
});
