/**
 * The ticket core over real HTTP (issue 17, parts 1, 2, 5): createTicket's result (number,
 * priority from the matrix, due dates, minutes until due, group), its refusals, 50 concurrent
 * creations with 50 unique numbers, every change (update and re-prioritise, transition, assign,
 * resolve, close, reopen, delete, restore, pause and resume with paused minutes not counted), the
 * reads (filters, sort, pagination, by number, mine, history) and the `ticketing` licence gate.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { DEFAULT_PRIORITY_POLICY } from '../../../../src/plugins/ticketing/priority/priorityPolicy.js';
import { SEVERITY_LEVELS } from '../../../../src/plugins/ticketing/ticketContract.js';
import { testBackends } from '../../../support/backends.js';
import { gql, signInAdmin } from '../../../support/graphql.js';
import { LICENSE_ENV } from '../../../support/license.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import {
  ASSIGN_TICKET,
  CREATE_TICKET,
  createTicket,
  DELETE_TICKET,
  serviceId,
  TICKET,
  ticketingEnv,
  ticketMutation,
  ticketOf,
  ticketPeople,
  TICKETS,
  signInAgain,
  TRANSITION_TICKET,
  UPDATE_TICKET,
  type TicketPeople,
} from '../../../support/tickets.js';
import { iso } from '../../../support/time.js';

const T0 = Date.parse('2026-05-04T08:00:00.000Z');
const MINUTE = 60_000;

for (const backend of testBackends()) {
  describe(`tickets (${backend.name})`, { timeout: 180_000 }, () => {
    const clock = createManualClock(T0);
    let t: TestServer;
    let people: TicketPeople;
    let shop: string;
    before(async () => {
      t = await startTestServer(backend, { clock, env: ticketingEnv(clock) });
      people = await ticketPeople(t, await signInAdmin(t), 'tk');
      shop = await serviceId(t, 'checkout');
    });
    after(() => t.close());
    /** Move the clock; access tokens live 15 minutes of it, so everyone signs in again. */
    const at = async (ms: number) => {
      clock.set(ms);
      await signInAgain(t, people);
    };

    it('createTicket answers number, priority, due dates, minutes until due and group', async () => {
      await at(T0);
      const ticket = await createTicket(t, people.requester, { serviceId: shop, description: 'since 07:55' });
      assert.match(ticket.number, /^INC-\d{6}$/);
      assert.deepEqual(
        { ...ticket, id: undefined, number: undefined },
        {
          id: undefined,
          number: undefined,
          title: 'Checkout returns 502',
          description: 'since 07:55',
          type: 'INCIDENT',
          status: 'NEW',
          statusCategory: 'NEW',
          workflowName: ticket.workflowName,
          availableTransitions: ticket.availableTransitions,
          impact: 'HIGH',
          urgency: 'HIGH',
          priority: 'P2',
          serviceId: shop,
          catalogItemName: null,
          requesterId: people.requester.userId,
          assigneeId: null,
          groupId: null,
          responseDueAt: iso(T0 + 30 * MINUTE),
          resolutionDueAt: iso(T0 + 480 * MINUTE),
          minutesUntilDue: 30,
          slaPaused: false,
          responseBreached: false,
          resolutionBreached: false,
          respondedAt: null,
          resolvedAt: null,
          createdAt: iso(T0),
          updatedAt: iso(T0),
          deletedAt: null,
        },
      );
      assert.ok(ticket.availableTransitions.length > 0);
      const row = await t.server.database.knex('tickets').where({ id: ticket.id }).first();
      assert.deepEqual([row.number, row.status_category, row.priority], [ticket.number, 'NEW', 'P2']);
    });

    it('the number prefix follows the type', async () => {
      const prefixes: Record<string, string> = { INCIDENT: 'INC', SERVICE_REQUEST: 'REQ', PROBLEM: 'PRB', CHANGE: 'CHG' };
      for (const [type, prefix] of Object.entries(prefixes)) {
        const ticket = await createTicket(t, people.requester, { type });
        assert.match(ticket.number, new RegExp(`^${prefix}-\\d{6}$`), type);
      }
    });

    it('the priority comes from the impact x urgency matrix', async () => {
      for (const impact of SEVERITY_LEVELS) {
        for (const urgency of SEVERITY_LEVELS) {
          const ticket = await createTicket(t, people.requester, { impact, urgency });
          const expected = DEFAULT_PRIORITY_POLICY.matrix[impact][urgency];
          assert.equal(ticket.priority, expected, `${impact} x ${urgency}`);
          const { responseMinutes } = DEFAULT_PRIORITY_POLICY.targets[expected];
          assert.equal(ticket.minutesUntilDue, responseMinutes, `${impact} x ${urgency}: the priority's response target`);
        }
      }
      const corners = await Promise.all(
        [
          ['CRITICAL', 'CRITICAL'],
          ['LOW', 'LOW'],
        ].map(([impact, urgency]) => createTicket(t, people.requester, { impact, urgency })),
      );
      assert.deepEqual(
        corners.map((c) => c.priority),
        ['P1', 'P5'],
      );
    });

    it('50 concurrent creations get 50 unique numbers', async () => {
      const created = await Promise.all(
        Array.from({ length: 50 }, (_, i) => createTicket(t, people.requester, { title: `burst ${i}`, type: 'CHANGE' })),
      );
      const numbers = new Set(created.map((c) => c.number));
      assert.equal(numbers.size, 50);
      const rows = await t.server.database
        .knex('tickets')
        .whereIn('number', [...numbers])
        .count({ n: '*' });
      assert.equal(Number(rows[0]!['n']), 50);
    });

    it('operators and admins raise tickets for another person; a user may not', async () => {
      const forOther = await createTicket(t, people.operator, { requesterId: people.requester.userId });
      assert.equal(forOther.requesterId, people.requester.userId);
      const refused = await gql(
        t,
        CREATE_TICKET,
        { i: { title: 'x', type: 'INCIDENT', impact: 'LOW', urgency: 'LOW', requesterId: people.stranger.userId } },
        people.requester.accessToken,
      );
      assert.deepEqual(refused.codes, ['FORBIDDEN'], refused.text);
      const self = await createTicket(t, people.requester, { requesterId: people.requester.userId });
      assert.equal(self.requesterId, people.requester.userId);
    });

    it('the system raises tickets with no person behind them (the SLA link): no actor, the nil requester unless it names one', async () => {
      const commands = t.server.app.ticketCommands;
      const raised = await commands.create(
        { title: 'checkout DOWN', type: 'INCIDENT', impact: 'CRITICAL', urgency: 'HIGH', serviceId: shop },
        null,
      );
      assert.deepEqual([raised.requesterId, raised.priority, raised.serviceId], ['00000000-0000-0000-0000-000000000000', 'P1', shop]);
      const read = await gql(
        t,
        'query($id: ID!) { ticket(id: $id) { number requester { id } } }',
        { id: raised.id },
        people.admin.accessToken,
      );
      assert.deepEqual(read.data.ticket, { number: raised.number, requester: null });
      const named = await commands.create(
        { title: 'x', type: 'INCIDENT', impact: 'LOW', urgency: 'LOW', requesterId: people.requester.userId },
        null,
      );
      assert.equal(named.requesterId, people.requester.userId);
      const moved = await commands.transition(raised.id, 'resolve', null);
      assert.equal(moved.statusCategory, 'RESOLVED');
      const history = await t.server.database
        .knex('ticket_status_history')
        .where({ ticket_id: raised.id })
        .orderBy('seq')
        .select('actor_id');
      assert.deepEqual(
        history.map((h: any) => h.actor_id),
        [null, null],
      );
    });

    const invalid: Array<[string, Record<string, unknown>, string]> = [
      ['an empty title', { title: '  ' }, 'BAD_USER_INPUT'],
      ['a title over 200 characters', { title: 'x'.repeat(201) }, 'BAD_USER_INPUT'],
      ['an unknown type', { type: 'OUTAGE' }, 'BAD_USER_INPUT'],
      ['an unknown impact', { impact: 'HUGE' }, 'BAD_USER_INPUT'],
      ['a service that does not exist', { serviceId: '00000000-0000-4000-8000-000000000000' }, 'NOT_FOUND'],
      ['a service id that is not a UUID', { serviceId: 'checkout' }, 'NOT_FOUND'],
      ['a catalog item that does not exist', { catalogItemName: 'No such item' }, 'NOT_FOUND'],
      ['a requester who does not exist', { requesterId: '00000000-0000-4000-8000-000000000000' }, 'NOT_FOUND'],
    ];
    for (const [what, input, code] of invalid) {
      it(`createTicket refuses ${what} and stores nothing`, async () => {
        const before = await t.server.database.knex('tickets').count({ n: '*' });
        const res = await gql(
          t,
          CREATE_TICKET,
          { i: { title: 'x', type: 'INCIDENT', impact: 'LOW', urgency: 'LOW', ...input } },
          people.operator.accessToken,
        );
        assert.deepEqual(res.codes, [code], res.text);
        const afterCount = await t.server.database.knex('tickets').count({ n: '*' });
        assert.deepEqual(afterCount, before);
      });
    }

    it('updateTicket changes the fields; a new urgency re-prioritises and retargets the clocks', async () => {
      await at(T0);
      const ticket = await ticketOf(t, people, { impact: 'LOW', urgency: 'LOW' });
      assert.equal(ticket.priority, 'P5');
      await at(T0 + 60 * MINUTE);
      const res = await gql(
        t,
        UPDATE_TICKET,
        { id: ticket.id, i: { title: 'Checkout down', urgency: 'CRITICAL', impact: 'CRITICAL' } },
        people.assignee.accessToken,
      );
      assert.equal(res.errors, undefined, res.text);
      const updated = res.data.updateTicket;
      assert.deepEqual([updated.title, updated.priority], ['Checkout down', 'P1']);
      // P1: 240 minutes to resolution, 60 counted since creation
      assert.equal(updated.resolutionDueAt, iso(T0 + 240 * MINUTE));
      assert.equal(updated.minutesUntilDue, 180);
      const nothing = await gql(t, UPDATE_TICKET, { id: ticket.id, i: {} }, people.assignee.accessToken);
      assert.deepEqual(nothing.codes, ['BAD_USER_INPUT']);
    });

    it('transitionTicket takes a named transition; one that does not leave the state is a CONFLICT naming those that do', async () => {
      const ticket = await ticketOf(t, people);
      const first = ticket.availableTransitions.find((n: string) => n !== 'resolve') ?? ticket.availableTransitions[0];
      const moved = await gql(t, TRANSITION_TICKET, { id: ticket.id, t: first }, people.assignee.accessToken);
      assert.equal(moved.errors, undefined, moved.text);
      assert.notEqual(moved.data.transitionTicket.status, 'NEW');
      const unknown = await gql(t, TRANSITION_TICKET, { id: ticket.id, t: 'teleport' }, people.assignee.accessToken);
      assert.deepEqual(unknown.codes, ['BAD_USER_INPUT']);
      assert.match(unknown.errors![0].message, /no transition "teleport"/);
      const closeNow = await gql(t, ticketMutation('closeTicket'), { id: ticket.id }, people.assignee.accessToken);
      assert.deepEqual(closeNow.codes, ['CONFLICT'], closeNow.text);
      assert.match(closeNow.errors![0].message, /no transition from .* into a CLOSED state; from .*: /);
    });

    it('assignTicket sets the assignee and group, stops the response clock, and unassigns with null', async () => {
      await at(T0);
      const ticket = await createTicket(t, people.requester);
      await at(T0 + 5 * MINUTE);
      const res = await gql(t, ASSIGN_TICKET, { id: ticket.id, a: people.assignee.userId, g: people.groupId }, people.operator.accessToken);
      assert.equal(res.errors, undefined, res.text);
      const assigned = res.data.assignTicket;
      assert.deepEqual(
        [assigned.assigneeId, assigned.groupId, assigned.respondedAt, assigned.responseDueAt],
        [people.assignee.userId, people.groupId, iso(T0 + 5 * MINUTE), null],
      );
      const unassigned = await gql(
        t,
        'mutation($id: ID!) { assignTicket(id: $id, assigneeId: null) { assigneeId groupId } }',
        { id: ticket.id },
        people.operator.accessToken,
      );
      assert.deepEqual(unassigned.data.assignTicket, { assigneeId: null, groupId: people.groupId }, 'the group stays when left out');
      const nobody = await gql(t, ASSIGN_TICKET, { id: ticket.id, a: '00000000-0000-4000-8000-000000000000' }, people.operator.accessToken);
      assert.deepEqual(nobody.codes, ['NOT_FOUND']);
    });

    it('resolve and reopen take the workflow transitions; the resolution clock stops and runs again with the minutes counted before', async () => {
      await at(T0);
      const ticket = await ticketOf(t, people);
      await at(T0 + 100 * MINUTE);
      const resolved = (await gql(t, ticketMutation('resolveTicket'), { id: ticket.id }, people.assignee.accessToken)).data.resolveTicket;
      assert.deepEqual(
        [resolved.statusCategory, resolved.resolvedAt, resolved.resolutionDueAt],
        ['RESOLVED', iso(T0 + 100 * MINUTE), null],
      );
      await at(T0 + 150 * MINUTE);
      const reopened = await gql(t, ticketMutation('reopenTicket'), { id: ticket.id }, people.assignee.accessToken);
      assert.equal(reopened.errors, undefined, reopened.text);
      const r = reopened.data.reopenTicket;
      assert.ok(['NEW', 'IN_PROGRESS', 'WAITING'].includes(r.statusCategory));
      // 480 target (P2), 100 minutes counted before the resolution
      assert.deepEqual([r.resolvedAt, r.resolutionDueAt, r.minutesUntilDue], [null, iso(T0 + 150 * MINUTE + 380 * MINUTE), 380]);
      const again = await gql(t, ticketMutation('reopenTicket'), { id: ticket.id }, people.assignee.accessToken);
      assert.deepEqual(again.codes, ['CONFLICT'], 'only a resolved or closed ticket reopens');
    });

    it('a closed ticket leaves memory, is read from the database, and is loaded for a command on it', async () => {
      const ticket = await ticketOf(t, people);
      for (const m of ['resolveTicket', 'closeTicket'])
        assert.equal((await gql(t, ticketMutation(m), { id: ticket.id }, people.assignee.accessToken)).errors, undefined);
      await t.server.writer.settled();
      assert.equal(t.server.app.ticketRegistry.has(ticket.id), false, 'a closed ticket leaves memory');
      const read = (await gql(t, TICKET, { id: ticket.id }, people.requester.accessToken)).data.ticket;
      assert.deepEqual([read.number, read.statusCategory, read.availableTransitions], [ticket.number, 'CLOSED', []]);
      const reopen = await gql(t, ticketMutation('reopenTicket'), { id: ticket.id }, people.assignee.accessToken);
      assert.deepEqual(reopen.codes, ['CONFLICT'], reopen.text);
      assert.match(reopen.errors![0].message, /has no transition from CLOSED into an open state; from CLOSED: none/);
      const deleted = await gql(t, DELETE_TICKET, { id: ticket.id }, people.admin.accessToken);
      assert.equal(deleted.data.deleteTicket, true, deleted.text);
      await t.server.writer.settled();
      assert.equal(t.server.app.ticketRegistry.has(ticket.id), false, 'still closed: it leaves memory again');
      const restored = await gql(t, ticketMutation('restoreTicket'), { id: ticket.id }, people.admin.accessToken);
      assert.deepEqual([restored.data.restoreTicket.statusCategory, restored.data.restoreTicket.deletedAt], ['CLOSED', null]);
    });

    it('pauseTicketSLA stops counting until resumeTicketSLA; paused minutes do not count', async () => {
      await at(T0);
      const ticket = await ticketOf(t, people);
      await at(T0 + 60 * MINUTE);
      const paused = await gql(t, ticketMutation('pauseTicketSLA'), { id: ticket.id }, people.assignee.accessToken);
      assert.deepEqual(
        [paused.data.pauseTicketSLA.slaPaused, paused.data.pauseTicketSLA.resolutionDueAt, paused.data.pauseTicketSLA.minutesUntilDue],
        [true, null, 420],
      );
      const twice = await gql(t, ticketMutation('pauseTicketSLA'), { id: ticket.id }, people.assignee.accessToken);
      assert.deepEqual(twice.codes, ['CONFLICT']);
      await at(T0 + 180 * MINUTE);
      const resumed = (await gql(t, ticketMutation('resumeTicketSLA'), { id: ticket.id }, people.assignee.accessToken)).data
        .resumeTicketSLA;
      assert.deepEqual(
        [resumed.slaPaused, resumed.resolutionDueAt, resumed.minutesUntilDue],
        [false, iso(T0 + 600 * MINUTE), 420],
        '120 paused minutes move the due time by 120',
      );
      const notPaused = await gql(t, ticketMutation('resumeTicketSLA'), { id: ticket.id }, people.assignee.accessToken);
      assert.deepEqual(notPaused.codes, ['CONFLICT']);
    });

    it('deleteTicket hides the ticket and refuses changes; restoreTicket brings it back', async () => {
      const ticket = await ticketOf(t, people);
      const deleted = await gql(t, DELETE_TICKET, { id: ticket.id }, people.operator.accessToken);
      assert.equal(deleted.data.deleteTicket, true, deleted.text);
      assert.equal((await gql(t, TICKET, { id: ticket.id }, people.admin.accessToken)).data.ticket, null);
      const listed = await gql(t, TICKETS, { f: { text: ticket.number } }, people.admin.accessToken);
      assert.deepEqual(listed.data, { tickets: [], ticketCount: 0 });
      const moved = await gql(t, TRANSITION_TICKET, { id: ticket.id, t: 'resolve' }, people.admin.accessToken);
      assert.deepEqual(moved.codes, ['NOT_FOUND']);
      const restored = await gql(t, ticketMutation('restoreTicket'), { id: ticket.id }, people.admin.accessToken);
      assert.equal(restored.errors, undefined, restored.text);
      assert.equal(restored.data.restoreTicket.deletedAt, null);
      const again = await gql(t, ticketMutation('restoreTicket'), { id: ticket.id }, people.admin.accessToken);
      assert.deepEqual(again.codes, ['CONFLICT']);
    });

    it('tickets filters, sorts and pages; a user sees only tickets they may read', async () => {
      const mine = await createTicket(t, people.stranger, {
        title: 'Printer on fire',
        impact: 'CRITICAL',
        urgency: 'CRITICAL',
        type: 'PROBLEM',
      });
      const byText = await gql(t, TICKETS, { f: { text: 'printer ON' } }, people.admin.accessToken);
      assert.deepEqual(byText.data, { tickets: [{ id: mine.id, number: mine.number }], ticketCount: 1 });
      const byNumber = await gql(t, TICKETS, { f: { text: mine.number.toLowerCase() } }, people.admin.accessToken);
      assert.equal(byNumber.data.ticketCount, 1);
      const problems = await gql(
        t,
        TICKETS,
        { f: { type: 'PROBLEM', priority: 'P1', requesterId: people.stranger.userId, statusCategory: 'NEW' } },
        people.admin.accessToken,
      );
      assert.deepEqual(
        problems.data.tickets.map((x: any) => x.id),
        [mine.id],
      );
      const strangerSees = await gql(t, TICKETS, { l: 1000 }, people.stranger.accessToken);
      assert.deepEqual(
        strangerSees.data.tickets.map((x: any) => x.id),
        [mine.id],
        'only their own',
      );
      const memberSees = await gql(t, TICKETS, { f: { groupId: people.groupId } }, people.member.accessToken);
      assert.ok(memberSees.data.ticketCount > 0, 'a group member sees the group');
      const page1 = await gql(t, TICKETS, { s: { field: 'NUMBER', direction: 'ASC' }, l: 2, o: 0 }, people.admin.accessToken);
      const page2 = await gql(t, TICKETS, { s: { field: 'NUMBER', direction: 'ASC' }, l: 2, o: 1 }, people.admin.accessToken);
      assert.equal(page1.data.tickets[1].id, page2.data.tickets[0].id);
      const tooMany = await gql(t, TICKETS, { l: 1001 }, people.admin.accessToken);
      assert.deepEqual(tooMany.codes, ['BAD_USER_INPUT']);
      const badId = await gql(t, TICKETS, { f: { assigneeId: 'nobody' } }, people.admin.accessToken);
      assert.deepEqual(badId.data, { tickets: [], ticketCount: 0 });
    });

    it('ticketByNumber, myTickets and ticketStatusHistory', async () => {
      const ticket = await ticketOf(t, people);
      await gql(t, TRANSITION_TICKET, { id: ticket.id, t: 'resolve' }, people.assignee.accessToken);
      const byNumber = await gql(
        t,
        'query($n: String!) { ticketByNumber(number: $n) { id } }',
        { n: ticket.number.toLowerCase() },
        people.requester.accessToken,
      );
      assert.deepEqual(byNumber.data.ticketByNumber, { id: ticket.id });
      const hidden = await gql(
        t,
        'query($n: String!) { ticketByNumber(number: $n) { id } }',
        { n: ticket.number },
        people.stranger.accessToken,
      );
      assert.equal(hidden.data.ticketByNumber, null);
      const mine = await gql(t, '{ myTickets(limit: 1000) { id } }', undefined, people.assignee.accessToken);
      assert.ok(mine.data.myTickets.some((x: any) => x.id === ticket.id));
      const history = await gql(
        t,
        'query($id: ID!) { ticketStatusHistory(ticketId: $id) { fromStatus toStatus transition actor { username } } }',
        { id: ticket.id },
        people.requester.accessToken,
      );
      assert.equal(history.errors, undefined, history.text);
      assert.deepEqual(history.data.ticketStatusHistory, [
        { fromStatus: null, toStatus: 'NEW', transition: null, actor: { username: 'tk-requester' } },
        {
          fromStatus: 'NEW',
          toStatus: ticket.availableTransitions.includes('resolve') ? 'RESOLVED' : history.data.ticketStatusHistory[1].toStatus,
          transition: 'resolve',
          actor: { username: 'tk-assignee' },
        },
      ]);
      const strangers = await gql(
        t,
        'query($id: ID!) { ticketStatusHistory(ticketId: $id) { toStatus } }',
        { id: ticket.id },
        people.stranger.accessToken,
      );
      assert.deepEqual(strangers.codes, ['NOT_FOUND']);
    });
  });

  describe(`tickets without the ticketing plugin (${backend.name})`, { timeout: 120_000 }, () => {
    let t: TestServer;
    before(async () => {
      t = await startTestServer(backend, { clock: createManualClock(T0), env: LICENSE_ENV });
    });
    after(() => t.close());

    it('every ticket query and mutation answers PLUGIN_INACTIVE', async () => {
      const admin = await signInAdmin(t);
      const id = '00000000-0000-4000-8000-000000000000';
      const documents: Array<[string, Record<string, unknown>?]> = [
        [TICKET, { id }],
        [TICKETS, {}],
        ['{ ticketByNumber(number: "INC-000001") { id } }'],
        ['{ myTickets { id } }'],
        [`{ ticketStatusHistory(ticketId: "${id}") { toStatus } }`],
        [CREATE_TICKET, { i: { title: 'x', type: 'INCIDENT', impact: 'LOW', urgency: 'LOW' } }],
        [UPDATE_TICKET, { id, i: { title: 'y' } }],
        [TRANSITION_TICKET, { id, t: 'start' }],
        [ASSIGN_TICKET, { id, a: null }],
        [DELETE_TICKET, { id }],
        ...['resolveTicket', 'closeTicket', 'reopenTicket', 'restoreTicket', 'pauseTicketSLA', 'resumeTicketSLA'].map(
          (m): [string, Record<string, unknown>] => [ticketMutation(m), { id }],
        ),
      ];
      for (const [document, variables] of documents) {
        const res = await gql(t, document, variables, admin.accessToken);
        assert.ok(res.codes.length > 0 && res.codes.every((c) => c === 'PLUGIN_INACTIVE'), `${document}: ${res.text}`);
      }
    });
  });
}
