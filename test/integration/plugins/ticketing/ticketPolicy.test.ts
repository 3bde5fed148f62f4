/**
 * Tickets consult the policy engine (docs/access.md): a permission rule over a ticket action takes
 * it away from a role or a group on every ticket, on top of the per-ticket standing of
 * docs/ticketing-roles.md, and removing the rule gives it back at once.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends } from '../../../support/backends.js';
import { gql, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import {
  DELETE_TICKET,
  TICKET,
  ticketingEnv,
  ticketOf,
  ticketPeople,
  TRANSITION_TICKET,
  type TicketPeople,
} from '../../../support/tickets.js';

const T0 = Date.parse('2026-05-04T08:00:00.000Z');
const ADD_RULE = 'mutation($i: PermissionRuleInput!) { addPermissionRule(input: $i) { id } }';
const DELETE_RULE = 'mutation($id: ID!) { deletePermissionRule(id: $id) }';

for (const backend of testBackends()) {
  describe(`tickets under permission rules (${backend.name})`, { timeout: 180_000 }, () => {
    const clock = createManualClock(T0);
    let t: TestServer;
    let admin: SignedIn;
    let people: TicketPeople;
    before(async () => {
      t = await startTestServer(backend, { clock, env: ticketingEnv(clock) });
      admin = await signInAdmin(t);
      people = await ticketPeople(t, admin, 'policy');
    });
    after(() => t.close());

    async function withRule(input: Record<string, unknown>, body: () => Promise<void>): Promise<void> {
      const added = await gql(t, ADD_RULE, { i: input }, admin.accessToken);
      assert.equal(added.errors, undefined, added.text);
      try {
        await body();
      } finally {
        const removed = await gql(t, DELETE_RULE, { id: added.data.addPermissionRule.id }, admin.accessToken);
        assert.equal(removed.errors, undefined, removed.text);
      }
    }

    it('a DENY of ticket delete for the operator role refuses an operator who may otherwise delete', async () => {
      const ticket = await ticketOf(t, people);
      await withRule({ subjectType: 'ROLE', subject: 'operator', resource: 'ticket', action: 'delete', effect: 'DENY' }, async () => {
        const refused = await gql(t, DELETE_TICKET, { id: ticket.id }, people.operator.accessToken);
        assert.deepEqual(refused.codes, ['FORBIDDEN'], refused.text);
      });
      const allowed = await gql(t, DELETE_TICKET, { id: ticket.id }, people.operator.accessToken);
      assert.equal(allowed.errors, undefined, allowed.text);
    });

    it('a DENY of ticket read for a group refuses its members tickets, even one they work on, like any refused resource', async () => {
      const ticket = await ticketOf(t, people);
      await withRule({ subjectType: 'GROUP', subject: people.groupId, resource: 'ticket', action: 'read', effect: 'DENY' }, async () => {
        const refused = await gql(t, TICKET, { id: ticket.id }, people.member.accessToken);
        assert.deepEqual(refused.codes, ['FORBIDDEN'], refused.text);
        const seen = await gql(t, TICKET, { id: ticket.id }, people.requester.accessToken);
        assert.equal(seen.data.ticket.id, ticket.id, 'the requester is in no group the rule names');
      });
      const visible = await gql(t, TICKET, { id: ticket.id }, people.member.accessToken);
      assert.equal(visible.data.ticket.id, ticket.id, 'the rule removed, the member sees it again');
    });

    it('a rule never adds what the ticket standing refuses: an ALLOW of transition does not let a requester work the ticket', async () => {
      const ticket = await ticketOf(t, people);
      await withRule({ subjectType: 'ROLE', subject: 'user', resource: 'ticket', action: 'transition', effect: 'ALLOW' }, async () => {
        const refused = await gql(t, TRANSITION_TICKET, { id: ticket.id, t: 'resolve' }, people.requester.accessToken);
        assert.deepEqual(refused.codes, ['FORBIDDEN'], refused.text);
      });
    });
  });
}
