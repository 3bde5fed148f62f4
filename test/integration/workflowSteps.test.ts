/**
 * Workflow steps (issue 17, part 3; SPEC.md "Outbound address validation"): a transition's
 * HTTP_REQUEST steps run after its commit through the same outbound validator as webhooks. A step
 * to a refused address opens no socket and fails with the validator's reason; a step to an allowed
 * receiver is sent as written. The steps are handed to the running product's `workflowSteps`
 * service the way the ticket core hands them over after a transition commits.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TicketView, WorkflowTransition } from '../../src/ticketing/ticketContract.js';
import { testBackends } from '../support/backends.js';
import { watchOutgoing } from '../support/outbound.js';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { useReceivers, WEBHOOK_ENV } from '../support/webhooks.js';

const T0 = Date.parse('2026-05-04T08:00:00.000Z');

const ticket: TicketView = {
  id: '5b0a8a9e-8f43-4c1e-9d0a-6a3f7f4c2b11', number: 'INC-000001', title: 'Printer on fire', description: null, type: 'INCIDENT',
  status: 'IN_PROGRESS', statusCategory: 'IN_PROGRESS', workflowName: 'Incident', impact: 'HIGH', urgency: 'HIGH', priority: 'P1',
  serviceId: null, catalogItemName: null, requesterId: 'u-1', assigneeId: null, groupId: null, createdAt: T0, updatedAt: T0, deletedAt: null,
};

function httpStep(url: string, name = 'notify-cmdb'): WorkflowTransition {
  return { name: 'start', from: ['NEW'], to: 'IN_PROGRESS', steps: [{ type: 'HTTP_REQUEST', name, url, method: 'POST', headers: { 'x-source': 'workflow' }, body: '{"ticket":"INC-000001"}' }] };
}

for (const backend of testBackends()) {
  describe(`workflow steps (${backend.name})`, { timeout: 60_000 }, () => {
    let t: TestServer;
    before(async () => {
      t = await startTestServer(backend, { env: WEBHOOK_ENV });
    });
    after(() => t.close());
    const receiver = useReceivers();

    it('the product provides the catalog reader and the step runner; a fresh product serves every ticket type with a built-in workflow', () => {
      const { ticketingCatalog } = t.server.app;
      assert.equal(ticketingCatalog.workflowFor('INCIDENT', null).name, 'Incident');
      assert.equal(ticketingCatalog.workflowFor('SERVICE_REQUEST', null).name, 'Service request');
      assert.equal(typeof t.server.app.workflowSteps.transitioned, 'function');
    });

    for (const [label, url] of [
      ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/'],
      ['a loopback address not on the allowlist', 'http://127.0.0.2:9/hook'],
      ['localhost (not on the allowlist)', 'http://localhost:9/hook'],
    ] as const) {
      it(`a step to ${label} is refused before any socket exists, and the run stops there`, async () => {
        const r = await receiver();
        const transition = httpStep(url);
        const withFollower: WorkflowTransition = { ...transition, steps: [...transition.steps, { type: 'HTTP_REQUEST', name: 'after', url: r.url, method: 'POST' }] };
        const watch = watchOutgoing();
        try {
          t.server.app.workflowSteps.transitioned(ticket, withFollower, null);
          await t.server.app.workflowSteps.idle();
        } finally {
          watch.stop();
        }
        assert.equal(watch.sockets, 0);
        assert.equal(r.requests.length, 0, 'the step after a failed one does not run');
        const failed = t.logs.find((l) => l['msg'] === 'workflow step failed' && l['step'] === 'notify-cmdb' && String(l['error']).length > 0 && JSON.stringify(l).includes(new URL(url).hostname));
        assert.ok(failed, `expected a logged failure naming ${url}`);
        assert.equal(failed['status'], 'ExecFailed');
      });
    }

    it('a step to an allowed receiver is sent with its method, headers and body', async () => {
      const r = await receiver();
      t.server.app.workflowSteps.transitioned(ticket, httpStep(new URL('/tickets', r.url).href), 'u-1');
      await t.server.app.workflowSteps.idle();
      const [request] = await r.received(1);
      assert.equal(request!.method, 'POST');
      assert.equal(request!.path, '/tickets');
      assert.equal(request!.headers['x-source'], 'workflow');
      assert.equal(request!.body.toString('utf8'), '{"ticket":"INC-000001"}');
    });
  });
}
