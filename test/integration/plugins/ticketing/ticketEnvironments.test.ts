/**
 * Environment access for tickets (docs/access.md "Tickets"): a ticket about a service lies at the
 * service's place. A person whose environments do not admit that place has no standing on it: it is
 * not found, not listed, not counted, and its events are not heard; raising a ticket about a hidden
 * service is refused as for a service that does not exist. Tickets elsewhere are as before.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends } from '../../../support/backends.js';
import { gql, personWithRole, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { connectClient, subscribe, waitForSubscribers } from '../../../support/realtime.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { CREATE_TICKET, createTicket, TICKET, ticketingEnv, TICKETS, UPDATE_TICKET } from '../../../support/tickets.js';

const T0 = Date.parse('2026-05-04T08:00:00.000Z');
const EVENTS = 'subscription($id: ID!) { entityEvents(entityType: "ticket", entityId: $id) { event data } }';

for (const backend of testBackends()) {
  describe(`tickets and environments (${backend.name})`, { timeout: 120_000 }, () => {
    const clock = createManualClock(T0);
    let t: TestServer;
    let admin: SignedIn;
    let requester: SignedIn;
    let insider: SignedIn;
    let outsideOperator: SignedIn;
    let teamId: string;
    let usService: string;
    let euService: string;
    const ok = async (document: string, variables: Record<string, unknown> | undefined, who: SignedIn) => {
      const res = await gql(t, document, variables, who.accessToken);
      assert.equal(res.errors, undefined, res.text);
      return res.data;
    };

    before(async () => {
      t = await startTestServer(backend, { clock, env: ticketingEnv(clock) });
      admin = await signInAdmin(t);
      [requester, insider, outsideOperator] = await Promise.all([
        personWithRole(t, admin, 'USER', 'env-requester'),
        personWithRole(t, admin, 'USER', 'env-insider'),
        personWithRole(t, admin, 'OPERATOR', 'env-operator'),
      ]);
      for (const [name, nodeId] of [
        ['us-shop', 'us/prod/shop'],
        ['eu-shop', 'eu/shop'],
      ]) {
        const res = await t.call('POST', '/api/v1/health/report', { service: name, nodeId, status: 'OPERATIONAL' });
        assert.equal(res.status, 200, res.text);
        if (name === 'us-shop') usService = res.json.serviceId;
        else euService = res.json.serviceId;
      }
      teamId = (await ok('mutation { createGroup(input: { name: "us-team" }) { id } }', undefined, admin)).createGroup.id;
      await ok('mutation($g: ID!, $u: ID!) { addUserToGroup(groupId: $g, userId: $u) { id } }', { g: teamId, u: insider.userId }, admin);
      const environmentId = (
        await ok('mutation { createEnvironment(input: { name: "us production", paths: ["us/prod"] }) { id } }', undefined, admin)
      ).createEnvironment.id;
      await ok(
        'mutation($g: ID!, $e: ID!) { setGroupEnvironmentAccess(groupId: $g, environmentId: $e, level: WRITE) { level } }',
        { g: teamId, e: environmentId },
        admin,
      );
    });
    after(() => t.close());

    it('a ticket about a service outside your environments is not found, listed or counted; one elsewhere is', async () => {
      const hidden = await createTicket(t, admin, { title: 'env us checkout', serviceId: usService, requesterId: requester.userId });
      await ok(
        'mutation($id: ID!, $g: ID) { assignTicket(id: $id, assigneeId: null, groupId: $g) { id } }',
        { id: hidden.id, g: teamId },
        admin,
      );
      const visible = await createTicket(t, admin, { title: 'env eu checkout', serviceId: euService, requesterId: requester.userId });
      assert.equal((await ok(TICKET, { id: hidden.id }, requester)).ticket, null, 'even its requester: it lies where they may not look');
      assert.equal((await ok(TICKET, { id: visible.id }, requester)).ticket.id, visible.id);
      const listed = await ok(TICKETS, { f: { text: 'env ' } }, requester);
      assert.deepEqual([listed.tickets.map((x: any) => x.id), listed.ticketCount], [[visible.id], 1]);
      const staff = await ok(TICKETS, { f: { text: 'env ' } }, outsideOperator);
      assert.deepEqual(
        staff.tickets.map((x: any) => x.id),
        [visible.id],
        'an operator outside the environment does not see it either',
      );
      const inside = await ok(TICKET, { id: hidden.id }, insider);
      assert.equal(inside.ticket.id, hidden.id, 'a member of the granted group with a standing (its group) reads it');
      const refused = await gql(t, UPDATE_TICKET, { id: hidden.id, i: { title: 'x' } }, requester.accessToken);
      assert.deepEqual(refused.codes, ['NOT_FOUND']);
      const all = await ok(TICKETS, { f: { text: 'env ' } }, admin);
      assert.equal(all.ticketCount, 2, 'admins see everything');
    });

    it('raising a ticket about a hidden service is refused like a service that does not exist', async () => {
      const res = await gql(
        t,
        CREATE_TICKET,
        { i: { title: 'x', type: 'INCIDENT', impact: 'LOW', urgency: 'LOW', serviceId: usService } },
        requester.accessToken,
      );
      assert.deepEqual(res.codes, ['NOT_FOUND'], res.text);
      const inside = await gql(
        t,
        CREATE_TICKET,
        { i: { title: 'x', type: 'INCIDENT', impact: 'LOW', urgency: 'LOW', serviceId: usService } },
        insider.accessToken,
      );
      assert.equal(inside.errors, undefined, inside.text);
    });

    it('events of a ticket about a hidden service are not heard on `all`; subscribing to it is FORBIDDEN at its place', async () => {
      const hidden = await createTicket(t, admin, { title: 'env us events', serviceId: usService });
      const visible = await createTicket(t, admin, { title: 'env eu events', serviceId: euService });
      const client = connectClient(t, { token: outsideOperator.accessToken });
      try {
        const one = subscribe(client, EVENTS, { id: hidden.id });
        const refused = await one.next();
        // The realtime gate answers first, at the ticket's place, as for any entity there (docs/access.md).
        assert.ok(JSON.stringify(refused).includes('FORBIDDEN'), JSON.stringify(refused));
        const everything = subscribe(client, EVENTS, { id: 'all' });
        await waitForSubscribers(t, 'entity:ticket:all', 1);
        await ok(UPDATE_TICKET, { id: hidden.id, i: { title: 'env us events 2' } }, admin);
        await ok(UPDATE_TICKET, { id: visible.id, i: { title: 'env eu events 2' } }, admin);
        const heard = JSON.parse((await everything.data()).entityEvents.data);
        assert.equal(heard.ticket.id, visible.id, 'the hidden one was not heard first');
        everything.dispose();
      } finally {
        await client.dispose();
      }
    });
  });
}
