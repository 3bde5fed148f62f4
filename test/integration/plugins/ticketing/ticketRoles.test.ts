/**
 * Who may do what to a ticket, through every resolver of the ticket core (docs/ticketing-roles.md):
 * each operation as requester, assignee, group member, operator, admin and a user with no standing,
 * on a fresh ticket each time. Refusals: NOT_FOUND for those who may not read it, FORBIDDEN for
 * those who may read but not act; nothing changes.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends } from '../../../support/backends.js';
import { gql, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import {
  ASSIGN_TICKET,
  DELETE_TICKET,
  TICKET,
  ticketingEnv,
  ticketMutation,
  ticketOf,
  ticketPeople,
  TRANSITION_TICKET,
  UPDATE_TICKET,
  type TicketPeople,
} from '../../../support/tickets.js';

const T0 = Date.parse('2026-05-04T08:00:00.000Z');
const OK = 'ok';
type Outcome = typeof OK | 'FORBIDDEN' | 'NOT_FOUND' | 'NULL';
type Who = 'requester' | 'assignee' | 'member' | 'operator' | 'admin' | 'stranger';
const WHO: readonly Who[] = ['requester', 'assignee', 'member', 'operator', 'admin', 'stranger'];

interface Operation {
  readonly name: string;
  readonly document: string;
  readonly variables: (ticket: any, people: TicketPeople) => Record<string, unknown>;
  /** Soft-delete the ticket first (restore). */
  readonly deletedFirst?: boolean;
  readonly outcomes: Readonly<Record<Who, Outcome>>;
}

const all = (outcome: Outcome, stranger: Outcome = 'NOT_FOUND'): Record<Who, Outcome> => ({
  requester: outcome,
  assignee: outcome,
  member: outcome,
  operator: outcome,
  admin: outcome,
  stranger,
});
const workers: Record<Who, Outcome> = { ...all(OK), requester: 'FORBIDDEN' };

const OPERATIONS: readonly Operation[] = [
  { name: 'ticket', document: TICKET, variables: (x) => ({ id: x.id }), outcomes: all(OK, 'NULL') },
  { name: 'updateTicket', document: UPDATE_TICKET, variables: (x) => ({ id: x.id, i: { title: 'renamed' } }), outcomes: all(OK) },
  { name: 'transitionTicket', document: TRANSITION_TICKET, variables: (x) => ({ id: x.id, t: 'resolve' }), outcomes: workers },
  { name: 'assignTicket', document: ASSIGN_TICKET, variables: (x, p) => ({ id: x.id, a: p.member.userId }), outcomes: workers },
  { name: 'resolveTicket', document: ticketMutation('resolveTicket'), variables: (x) => ({ id: x.id }), outcomes: workers },
  { name: 'pauseTicketSLA', document: ticketMutation('pauseTicketSLA'), variables: (x) => ({ id: x.id }), outcomes: workers },
  {
    name: 'deleteTicket',
    document: DELETE_TICKET,
    variables: (x) => ({ id: x.id }),
    outcomes: { ...all('FORBIDDEN'), operator: OK, admin: OK },
  },
  {
    name: 'restoreTicket',
    document: ticketMutation('restoreTicket'),
    variables: (x) => ({ id: x.id }),
    deletedFirst: true,
    outcomes: { ...all('FORBIDDEN'), admin: OK },
  },
];

for (const backend of testBackends()) {
  describe(`ticket roles over GraphQL (${backend.name})`, { timeout: 180_000 }, () => {
    const clock = createManualClock(T0);
    let t: TestServer;
    let people: TicketPeople;
    before(async () => {
      t = await startTestServer(backend, { clock, env: ticketingEnv(clock) });
      people = await ticketPeople(t, await signInAdmin(t), 'roles');
    });
    after(() => t.close());

    const personOf = (who: Who): SignedIn => people[who === 'member' ? 'member' : who];

    for (const operation of OPERATIONS) {
      for (const who of WHO) {
        const outcome = operation.outcomes[who];
        it(`${operation.name} as ${who}: ${outcome}`, async () => {
          const ticket = await ticketOf(t, people);
          if (operation.deletedFirst)
            assert.equal((await gql(t, DELETE_TICKET, { id: ticket.id }, people.admin.accessToken)).data.deleteTicket, true);
          const before = await t.server.database.knex('tickets').where({ id: ticket.id }).first('snapshot');
          const res = await gql(t, operation.document, operation.variables(ticket, people), personOf(who).accessToken);
          if (outcome === OK) {
            assert.equal(res.errors, undefined, res.text);
            return;
          }
          if (outcome === 'NULL') {
            assert.equal(res.errors, undefined, res.text);
            assert.equal(res.data.ticket, null);
          } else {
            assert.deepEqual(res.codes, [outcome], res.text);
          }
          await t.server.writer.settled();
          const afterRow = await t.server.database.knex('tickets').where({ id: ticket.id }).first('snapshot');
          assert.deepEqual(afterRow, before, 'nothing changed');
        });
      }
    }

    it('without signing in, every ticket operation is UNAUTHENTICATED', async () => {
      const ticket = await ticketOf(t, people);
      for (const operation of OPERATIONS) {
        const res = await gql(t, operation.document, operation.variables(ticket, people));
        assert.deepEqual(res.codes, ['UNAUTHENTICATED'], `${operation.name}: ${res.text}`);
      }
    });
  });
}
