/**
 * The collection-wide entity id (issue 27, item 5): `entityEvents(entityType: "ticket", entityId:
 * "all")` streams every ticket's events to operators and admins, and `"*"` (what clients try) is read
 * as the same thing; a type without a collection says which types have one. Before, `*` answered
 * "ticket * does not exist" and nothing named `all`. The schema's description names both.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { productModules } from '../../../../src/plugins/productModules.js';
import { testBackends } from '../../../support/backends.js';
import { signInAdmin } from '../../../support/graphql.js';
import { connectClient, subscribe, waitForSubscribers } from '../../../support/realtime.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { createTicket, ticketingEnv, ticketPeople, type TicketPeople } from '../../../support/tickets.js';

const T0 = Date.parse('2026-05-04T08:00:00.000Z');
const EVENTS =
  'subscription($type: String!, $id: ID!) { entityEvents(entityType: $type, entityId: $id) { event entityType entityId data } }';

for (const backend of testBackends()) {
  describe(`the collection-wide entity id (${backend.name})`, { timeout: 120_000 }, () => {
    const clock = createManualClock(T0);
    let t: TestServer;
    let people: TicketPeople;
    before(async () => {
      t = await startTestServer(backend, { clock, env: ticketingEnv(clock) });
      people = await ticketPeople(t, await signInAdmin(t), 'coll');
    });
    after(() => t.close());

    for (const id of ['all', '*']) {
      it(`entityEvents(entityType: "ticket", entityId: "${id}") streams every ticket's events to an operator`, async () => {
        const staff = connectClient(t, { token: people.operator.accessToken });
        try {
          const everything = subscribe(staff, EVENTS, { type: 'ticket', id });
          await waitForSubscribers(t, 'entity:ticket:all', 1);
          const ticket = await createTicket(t, people.requester);
          const created = (await everything.data('created')).entityEvents;
          assert.deepEqual([created.event, created.entityType, created.entityId], ['ticket:created', 'ticket', 'all']);
          assert.equal(JSON.parse(created.data).ticket.id, ticket.id);
          everything.dispose();
          await waitForSubscribers(t, 'entity:ticket:all', 0);
        } finally {
          await staff.dispose();
        }
      });
    }

    it('a type without a collection answers "all" and "*" with NOT_FOUND naming the types that have one', async () => {
      const client = connectClient(t, { token: people.operator.accessToken });
      try {
        for (const id of ['all', '*']) {
          const event = await subscribe(client, EVENTS, { type: 'service', id }).next();
          assert.equal(event.errors?.[0]?.extensions?.code, 'NOT_FOUND', JSON.stringify(event));
          assert.equal(
            event.errors[0].message,
            'service has no collection-wide id; entityId "all" (or "*") names every entity of sla, ticket',
          );
        }
      } finally {
        await client.dispose();
      }
    });
  });
}

it('the schema describes the collection-wide id of entityEvents', () => {
  const field = productModules().schema().getSubscriptionType()!.getFields()['entityEvents']!;
  assert.match(field.description ?? '', /entityId "all" \(or "\*", the same\)/);
  assert.match(field.args.find((a) => a.name === 'entityId')!.description ?? '', /or "all" \(or "\*"\) for every entity/);
});
