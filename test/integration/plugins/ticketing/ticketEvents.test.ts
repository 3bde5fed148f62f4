/**
 * Ticket events to people and machines (issue 17, part 7, the core's share): the generic
 * `entityEvents` subscription carries ticket:created|updated|assigned|deleted for a ticket to
 * whoever may read it, and every ticket's to operators and admins on `all`; the others are told
 * there is no such entity. The webhook events ticket.created, updated, status_changed, assigned,
 * resolved, closed and deleted go out with the ticket as GraphQL shows it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends } from '../../../support/backends.js';
import { gql, signInAdmin } from '../../../support/graphql.js';
import { connectClient, subscribe, waitForSubscribers } from '../../../support/realtime.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import {
  ASSIGN_TICKET,
  createTicket,
  DELETE_TICKET,
  ticketingEnv,
  ticketMutation,
  ticketOf,
  ticketPeople,
  UPDATE_TICKET,
  type TicketPeople,
} from '../../../support/tickets.js';
import { createWebhook, useReceivers } from '../../../support/webhooks.js';
import { DEFAULT_CATALOG_CONTENT } from '../../../../src/plugins/ticketing/catalog/catalogContent.js';
import type { TicketingCatalog } from '../../../../src/plugins/ticketing/catalog/ticketingCatalog.js';
import { CHANGE_WORKFLOW, DEFAULT_WORKFLOWS } from '../../../../src/plugins/ticketing/workflows/defaultWorkflows.js';
import { TRANSITION_TICKET } from '../../../support/tickets.js';

const T0 = Date.parse('2026-05-04T08:00:00.000Z');
const EVENTS = 'subscription($id: ID!) { entityEvents(entityType: "ticket", entityId: $id) { event entityType entityId data } }';
const TICKET_WEBHOOKS = [
  'ticket.created',
  'ticket.updated',
  'ticket.status_changed',
  'ticket.assigned',
  'ticket.resolved',
  'ticket.closed',
  'ticket.deleted',
];

for (const backend of testBackends()) {
  describe(`ticket events (${backend.name})`, { timeout: 120_000 }, () => {
    const clock = createManualClock(T0);
    let t: TestServer;
    let people: TicketPeople;
    before(async () => {
      t = await startTestServer(backend, { clock, env: ticketingEnv(clock) });
      people = await ticketPeople(t, await signInAdmin(t), 'ev');
    });
    after(() => t.close());
    const receiver = useReceivers();

    it('operators on `all` and the requester on the ticket hear created, updated, assigned and deleted', async () => {
      const staff = connectClient(t, { token: people.operator.accessToken });
      const everything = subscribe(staff, EVENTS, { id: 'all' });
      await waitForSubscribers(t, 'entity:ticket:all', 1);
      const requester = connectClient(t, { token: people.requester.accessToken });
      try {
        const ticket = await createTicket(t, people.requester);
        const created = (await everything.data('created')).entityEvents;
        assert.deepEqual([created.event, created.entityType, created.entityId], ['ticket:created', 'ticket', 'all']);
        const data = JSON.parse(created.data);
        assert.deepEqual(
          [data.change, data.ticket.id, data.ticket.number, data.ticket.priority, data.actorId],
          ['created', ticket.id, ticket.number, 'P2', people.requester.userId],
        );

        const own = subscribe(requester, EVENTS, { id: ticket.id });
        await waitForSubscribers(t, `entity:ticket:${ticket.id}`, 1);
        await gql(t, UPDATE_TICKET, { id: ticket.id, i: { title: 'Checkout slow' } }, people.requester.accessToken);
        await gql(t, ASSIGN_TICKET, { id: ticket.id, a: people.assignee.userId }, people.operator.accessToken);
        await gql(t, ticketMutation('resolveTicket'), { id: ticket.id }, people.assignee.accessToken);
        await gql(t, DELETE_TICKET, { id: ticket.id }, people.admin.accessToken);
        const seen = [];
        for (let i = 0; i < 4; i += 1) seen.push((await own.data()).entityEvents);
        assert.deepEqual(
          seen.map((e) => e.event),
          ['ticket:updated', 'ticket:assigned', 'ticket:updated', 'ticket:deleted'],
        );
        assert.deepEqual(JSON.parse(seen[1]!.data).detail, { previousAssigneeId: null, previousGroupId: null });
        assert.deepEqual(JSON.parse(seen[2]!.data).detail.to, 'RESOLVED');
        for (let i = 0; i < 4; i += 1) await everything.data();
        own.dispose();
      } finally {
        everything.dispose();
        await staff.dispose();
        await requester.dispose();
      }
    });

    it('a person who may not read the ticket, and a user on `all`, are told there is no such entity', async () => {
      const ticket = await createTicket(t, people.requester);
      const client = connectClient(t, { token: people.stranger.accessToken });
      try {
        for (const id of [ticket.id, 'all']) {
          const feed = subscribe(client, EVENTS, { id });
          const event = await feed.next();
          const errors = event.errors ?? event.failure;
          assert.equal(JSON.stringify(errors).includes('NOT_FOUND'), true, JSON.stringify(event));
        }
      } finally {
        await client.dispose();
      }
    });

    it('a person who loses access to a ticket hears nothing more of it, though the subscription stays open', async () => {
      const ticket = await ticketOf(t, people);
      // A ticket the member raised: readable whatever their groups, heard on the same socket, so
      // when its event arrives, any earlier frame about the first ticket has arrived too.
      const sentinel = await createTicket(t, people.member);
      const member = connectClient(t, { token: people.member.accessToken });
      try {
        const feed = subscribe(member, EVENTS, { id: ticket.id });
        const own = subscribe(member, EVENTS, { id: sentinel.id });
        await waitForSubscribers(t, `entity:ticket:${ticket.id}`, 1);
        await waitForSubscribers(t, `entity:ticket:${sentinel.id}`, 1);
        await gql(t, UPDATE_TICKET, { id: ticket.id, i: { title: 'Heard by the desk' } }, people.admin.accessToken);
        assert.equal(JSON.parse((await feed.data('the update while in the group')).entityEvents.data).ticket.title, 'Heard by the desk');

        const removed = await gql(
          t,
          'mutation($g: ID!, $u: ID!) { removeUserFromGroup(groupId: $g, userId: $u) { id } }',
          { g: people.groupId, u: people.member.userId },
          people.admin.accessToken,
        );
        assert.equal(removed.errors, undefined, removed.text);
        await gql(t, UPDATE_TICKET, { id: ticket.id, i: { title: 'Not for former members' } }, people.admin.accessToken);
        await gql(t, UPDATE_TICKET, { id: sentinel.id, i: { title: 'Still mine' } }, people.member.accessToken);
        assert.equal(JSON.parse((await own.data('the sentinel update')).entityEvents.data).ticket.title, 'Still mine');
        assert.equal(feed.pending, 0, 'no event of the ticket after the member left its group');
        assert.equal(feed.completed, false);
        feed.dispose();
        own.dispose();
      } finally {
        await member.dispose();
        await gql(
          t,
          'mutation($g: ID!, $u: ID!) { addUserToGroup(groupId: $g, userId: $u) { id } }',
          { g: people.groupId, u: people.member.userId },
          people.admin.accessToken,
        );
      }
    });

    it('the webhook events go out with the ticket as GraphQL shows it', async () => {
      const r = await receiver();
      await createWebhook(t, people.admin.accessToken, { url: r.url, events: TICKET_WEBHOOKS, filters: '{"ticket.title": "Webhook *"}' });
      const ticket = await createTicket(t, people.requester, { title: 'Webhook probe' });
      await gql(t, UPDATE_TICKET, { id: ticket.id, i: { description: 'more' } }, people.requester.accessToken);
      await gql(t, ASSIGN_TICKET, { id: ticket.id, a: people.assignee.userId }, people.operator.accessToken);
      await gql(t, ticketMutation('resolveTicket'), { id: ticket.id }, people.assignee.accessToken);
      await gql(t, ticketMutation('closeTicket'), { id: ticket.id }, people.assignee.accessToken);
      await gql(t, DELETE_TICKET, { id: ticket.id }, people.admin.accessToken);
      const requests = await r.received(8);
      assert.deepEqual(requests.map((q) => q.json.event).sort(), [
        'ticket.assigned',
        'ticket.closed',
        'ticket.created',
        'ticket.deleted',
        'ticket.resolved',
        'ticket.status_changed',
        'ticket.status_changed',
        'ticket.updated',
      ]);
      const created = requests.find((q) => q.json.event === 'ticket.created')!.json.data;
      assert.deepEqual(Object.keys(created.ticket).sort(), [
        'assigneeId',
        'catalogItemName',
        'createdAt',
        'deletedAt',
        'description',
        'groupId',
        'id',
        'impact',
        'number',
        'priority',
        'requesterId',
        'serviceId',
        'status',
        'statusCategory',
        'title',
        'type',
        'updatedAt',
        'urgency',
        'workflowName',
      ]);
      assert.deepEqual(
        [created.ticket.number, created.ticket.createdAt, created.actorId],
        [ticket.number, ticket.createdAt, people.requester.userId],
      );
      const moved = requests
        .filter((q) => q.json.event === 'ticket.status_changed')
        .map((q) => [q.json.data.from, q.json.data.to, q.json.data.transition]);
      assert.deepEqual(moved.sort(), [
        ['NEW', 'RESOLVED', 'resolve'],
        ['RESOLVED', 'CLOSED', 'close'],
      ]);
      const deleted = requests.find((q) => q.json.event === 'ticket.deleted')!.json.data;
      assert.deepEqual(
        [deleted.ticket.statusCategory, typeof deleted.ticket.deletedAt],
        ['CLOSED', 'string'],
        'a closed ticket is loaded to be deleted',
      );
    });

    it('a transition hands its workflow steps to the step runner after its commit', async () => {
      const r = await receiver();
      const hooked = {
        ...CHANGE_WORKFLOW,
        name: 'Change with a hook',
        transitions: CHANGE_WORKFLOW.transitions.map((x) =>
          x.name === 'start'
            ? {
                ...x,
                steps: [{ type: 'HTTP_REQUEST' as const, name: 'tell CAB', url: `${r.url}/cab`, method: 'POST' as const, body: 'started' }],
              }
            : x,
        ),
      };
      (t.server.app.ticketingCatalog as TicketingCatalog).replace({
        ...DEFAULT_CATALOG_CONTENT,
        workflows: [hooked, ...DEFAULT_WORKFLOWS],
      });
      const ticket = await createTicket(t, people.operator, { type: 'CHANGE' });
      assert.equal(ticket.workflowName, 'Change with a hook');
      const moved = await gql(t, TRANSITION_TICKET, { id: ticket.id, t: 'start' }, people.operator.accessToken);
      assert.equal(moved.errors, undefined, moved.text);
      const [request] = await r.received(1);
      assert.deepEqual([request!.method, request!.path, request!.body.toString()], ['POST', '/hook/cab', 'started']);
      await t.server.app.workflowSteps.idle();
      await t.server.writer.settled();
      const runs = await gql(
        t,
        'query($t: ID) { workflowExecutions(ticketId: $t) { ticketNumber transition status steps { name status } } }',
        { t: ticket.id },
        people.operator.accessToken,
      );
      assert.deepEqual(runs.data.workflowExecutions, [
        { ticketNumber: ticket.number, transition: 'start', status: 'COMPLETED', steps: [{ name: 'tell CAB', status: 'SUCCESS' }] },
      ]);
    });
  });
}
