/**
 * Workflow steps (issue 17, part 3; SPEC.md "Outbound address validation", webhook family
 * "workflow"): a transition's steps run after its commit. HTTP_REQUEST goes through the same
 * outbound validator as webhooks: a refused address opens no socket and the step is ExecFailed
 * with the validator's reason; an allowed receiver gets the request as written. Every run is
 * recorded (`workflowExecutions`) and announced (`workflow.started|step_completed|completed|failed`,
 * also as webhooks). The steps are handed to the running product's `workflowSteps` service the
 * way the ticket core hands them over after a transition commits.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import type { DomainEvent } from '../../../../src/platform/events/domainEvents.js';
import type { TicketView, WorkflowStep, WorkflowTransition } from '../../../../src/plugins/ticketing/ticketContract.js';
import { testBackends } from '../../../support/backends.js';
import { gql, personWithRole, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { LICENSE_ENV, licenseToken } from '../../../support/license.js';
import { watchOutgoing } from '../../../support/outbound.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { createWebhook, executionsOf, useReceivers, WEBHOOK_ENV } from '../../../support/webhooks.js';

const T0 = Date.parse('2026-05-04T08:00:00.000Z');
const EXECUTIONS = `query($t: ID, $s: WorkflowExecutionStatus) { workflowExecutions(ticketId: $t, status: $s) {
  id ticketId ticketNumber workflowName transition actorId status error startedAt finishedAt steps { name type status statusCode error durationMs } } }`;

let tickets = 0;
function ticket(requesterId: string, assigneeId: string | null = null): TicketView {
  const n = ++tickets;
  return {
    id: `5b0a8a9e-8f43-4c1e-9d0a-${String(n).padStart(12, '0')}`,
    number: `INC-${String(n).padStart(6, '0')}`,
    title: 'Printer on fire',
    description: null,
    type: 'INCIDENT',
    status: 'IN_PROGRESS',
    statusCategory: 'IN_PROGRESS',
    workflowName: 'Incident',
    impact: 'HIGH',
    urgency: 'HIGH',
    priority: 'P2',
    serviceId: null,
    catalogItemName: null,
    requesterId,
    assigneeId,
    groupId: null,
    createdAt: T0,
    updatedAt: T0,
    deletedAt: null,
  };
}

const http = (name: string, url: string, extra: Partial<Extract<WorkflowStep, { type: 'HTTP_REQUEST' }>> = {}): WorkflowStep => ({
  type: 'HTTP_REQUEST',
  name,
  url,
  method: 'POST',
  ...extra,
});
const transition = (...steps: WorkflowStep[]): WorkflowTransition => ({ name: 'start', from: ['NEW'], to: 'IN_PROGRESS', steps });

for (const backend of testBackends()) {
  describe(`workflow steps (${backend.name})`, { timeout: 60_000 }, () => {
    const clock = createManualClock(T0);
    let t: TestServer;
    let admin: SignedIn;
    const events: DomainEvent[] = [];
    before(async () => {
      t = await startTestServer(backend, { clock, env: { ...WEBHOOK_ENV, ...LICENSE_ENV, SVC_LICENSE_KEY: licenseToken(clock) } });
      admin = await signInAdmin(t);
      t.server.bus.subscribeAll((event) => {
        if (event.type.startsWith('workflow.')) events.push(event);
      });
    });
    after(() => t.close());
    const receiver = useReceivers();

    /** Hands the transition over as the core does, waits for the run and its commit, and answers the run's events and record. */
    async function run(view: TicketView, steps: WorkflowTransition, actorId: string | null = admin.userId) {
      const from = events.length;
      t.server.app.workflowSteps.transitioned(view, steps, actorId);
      await t.server.app.workflowSteps.idle();
      await t.server.writer.settled();
      const res = await gql(t, EXECUTIONS, { t: view.id }, admin.accessToken);
      assert.equal(res.errors, undefined, res.text);
      assert.equal(res.data.workflowExecutions.length, 1, 'one record per run');
      return { events: events.slice(from).map((e) => e.type), execution: res.data.workflowExecutions[0] };
    }

    it('the product provides the catalog reader and the step runner; a fresh product serves every ticket type with a built-in workflow', () => {
      const { ticketingCatalog } = t.server.app;
      assert.equal(ticketingCatalog.workflowFor('INCIDENT', null).name, 'Incident');
      assert.equal(ticketingCatalog.workflowFor('SERVICE_REQUEST', null).name, 'Service request');
      assert.equal(ticketingCatalog.workflowFor('CHANGE', null).name, 'Change');
    });

    for (const [label, url, reason] of [
      ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/', /169\.254\.169\.254/],
      ['a loopback address not on the allowlist', 'http://127.0.0.2:9/hook', /127\.0\.0\.2/],
      ['localhost (not on the allowlist)', 'http://localhost:9/hook', /localhost/],
    ] as const) {
      it(`a step to ${label} is refused before any socket exists: ExecFailed with the reason, and the steps after it do not run`, async () => {
        const r = await receiver();
        const view = ticket(admin.userId);
        const watch = watchOutgoing();
        let outcome: Awaited<ReturnType<typeof run>>;
        try {
          outcome = await run(view, transition(http('notify-cmdb', url), http('after', r.url)));
        } finally {
          watch.stop();
        }
        assert.equal(watch.sockets, 0, 'no socket was opened');
        assert.equal(r.requests.length, 0, 'the step after the failed one did not run');
        assert.deepEqual(outcome.events, ['workflow.started', 'workflow.failed']);
        const { execution } = outcome;
        assert.equal(execution.status, 'FAILED');
        assert.equal(execution.ticketNumber, view.number);
        assert.equal(execution.transition, 'start');
        assert.equal(execution.steps.length, 1);
        assert.equal(execution.steps[0].status, 'ExecFailed');
        assert.equal(execution.steps[0].statusCode, null);
        assert.match(execution.steps[0].error, reason);
        assert.match(execution.error, /^step "notify-cmdb" \(HTTP_REQUEST\): /);
        assert.ok(execution.finishedAt);
      });
    }

    it('a step to an allowed receiver is sent with its method, headers and body; each step and the run are announced', async () => {
      const r = await receiver();
      const view = ticket(admin.userId);
      const { events: seen, execution } = await run(
        view,
        transition(
          http('create-change', new URL('/changes', r.url).href, {
            method: 'PUT',
            headers: { 'x-source': 'workflow' },
            body: '{"ticket":"x"}',
          }),
          http('ping', r.url, { method: 'GET' }),
        ),
      );
      const [first, second] = await r.received(2);
      assert.equal(first!.method, 'PUT');
      assert.equal(first!.path, '/changes');
      assert.equal(first!.headers['x-source'], 'workflow');
      assert.equal(first!.headers['content-type'], 'application/json');
      assert.equal(first!.body.toString('utf8'), '{"ticket":"x"}');
      assert.equal(second!.method, 'GET');
      assert.deepEqual(seen, ['workflow.started', 'workflow.step_completed', 'workflow.step_completed', 'workflow.completed']);
      assert.equal(execution.status, 'COMPLETED');
      assert.equal(execution.error, null);
      assert.deepEqual(
        execution.steps.map((s: any) => [s.name, s.status, s.statusCode]),
        [
          ['create-change', 'SUCCESS', 200],
          ['ping', 'SUCCESS', 200],
        ],
      );
    });

    it('a receiver that answers 500 fails the step (FAILED, with the status), not the transition', async () => {
      const r = await receiver(() => ({ status: 500, body: 'no' }));
      const { execution } = await run(ticket(admin.userId), transition(http('tell', r.url)));
      assert.equal(execution.status, 'FAILED');
      assert.deepEqual([execution.steps[0].status, execution.steps[0].statusCode], ['FAILED', 500]);
      assert.match(execution.error, /answered 500/);
    });

    it('a NOTIFY step notifies the requester and the assignee in the app', async () => {
      const assignee = await personWithRole(t, admin, 'OPERATOR');
      const view = ticket(admin.userId, assignee.userId);
      const { execution } = await run(view, transition({ type: 'NOTIFY', name: 'tell-them', message: 'Your ticket is being worked on' }));
      assert.equal(execution.status, 'COMPLETED');
      for (const person of [admin, assignee]) {
        const res = await gql(t, '{ notifications { type title message entityType entityId } }', undefined, person.accessToken);
        assert.ok(
          res.data.notifications.some(
            (n: any) =>
              n.type === 'workflow.notify' &&
              n.message === 'Your ticket is being worked on' &&
              n.entityId === view.id &&
              n.title.startsWith(view.number),
          ),
          res.text,
        );
      }
    });

    it('a failed run reaches a webhook subscribed to workflow.failed, with the execution and the step', async () => {
      const hooks = await receiver();
      const webhook = await createWebhook(t, admin.accessToken, { name: 'wf', url: hooks.url, events: ['workflow.failed'] });
      const view = ticket(admin.userId);
      await run(view, transition(http('bad', 'http://169.254.169.254/')));
      const [execution] = await executionsOf(t, admin.accessToken, webhook.id, 1);
      assert.equal(execution.event, 'workflow.failed');
      const [delivery] = await hooks.received(1);
      assert.equal(delivery!.json.event, 'workflow.failed');
      assert.equal(delivery!.json.data.execution.ticketId, view.id);
      assert.equal(delivery!.json.data.step.status, 'ExecFailed');
    });

    it('workflowExecutions is for operators and admins: a user is FORBIDDEN', async () => {
      const user = await personWithRole(t, admin, 'USER');
      const res = await gql(t, EXECUTIONS, {}, user.accessToken);
      assert.deepEqual(res.codes, ['FORBIDDEN']);
      const failed = await gql(t, EXECUTIONS, { s: 'FAILED' }, admin.accessToken);
      assert.ok(failed.data.workflowExecutions.length >= 4);
      assert.ok(failed.data.workflowExecutions.every((e: any) => e.status === 'FAILED'));
    });
  });
}
