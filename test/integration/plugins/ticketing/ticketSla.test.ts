/**
 * Ticket SLA clocks against time (issue 17, parts 1 and 2): the breach fires by its scheduled event
 * at the due moment with no other activity (a manual clock), survives a restart (armed again from
 * the ticket's row, fired at once when the due moment passed while the server was down), and
 * closed tickets leave memory, are not loaded at start, and load again on demand.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { durableStore, testBackends } from '../../../support/backends.js';
import { gql, signInAdmin } from '../../../support/graphql.js';
import { connectClient, subscribe, waitForSubscribers } from '../../../support/realtime.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import {
  createTicket,
  signInAgain,
  TICKET,
  ticketingEnv,
  ticketMutation,
  ticketOf,
  ticketPeople,
  type TicketPeople,
} from '../../../support/tickets.js';

const T0 = Date.parse('2026-05-04T08:00:00.000Z');
const MINUTE = 60_000;
const EVENTS = 'subscription($id: ID!) { entityEvents(entityType: "ticket", entityId: $id) { event entityId data } }';

for (const backend of testBackends()) {
  describe(`ticket breaches (${backend.name})`, { timeout: 120_000 }, () => {
    const clock = createManualClock(T0);
    let t: TestServer;
    let people: TicketPeople;
    before(async () => {
      t = await startTestServer(backend, { clock, env: ticketingEnv(clock) });
      people = await ticketPeople(t, await signInAdmin(t), 'br');
    });
    after(() => t.close());

    it('ticket:sla_breached fires at the due moment with no other activity, once per clock', async () => {
      clock.set(T0);
      await signInAgain(t, people);
      const ticket = await createTicket(t, people.requester); // P2: 30 minutes to respond, 480 to resolve
      const client = connectClient(t, { token: people.requester.accessToken });
      const feed = subscribe(client, EVENTS, { id: ticket.id });
      await waitForSubscribers(t, `entity:ticket:${ticket.id}`, 1);
      try {
        clock.advance(30 * MINUTE);
        await t.server.writer.settled();
        assert.equal(feed.pending, 0, 'not yet: the target is used up, not exceeded');
        clock.advance(1);
        const breach = await feed.data('the response breach');
        assert.equal(breach.entityEvents.event, 'ticket:sla_breached');
        const data = JSON.parse(breach.entityEvents.data);
        assert.deepEqual(
          [data.change, data.ticket.number, data.detail.clock, data.actorId],
          ['sla_breached', ticket.number, 'response', null],
        );
        await signInAgain(t, people);
        const read = (await gql(t, TICKET, { id: ticket.id }, people.requester.accessToken)).data.ticket;
        assert.deepEqual([read.responseBreached, read.resolutionBreached, read.minutesUntilDue], [true, false, -1]);
        clock.advance(450 * MINUTE);
        const second = JSON.parse((await feed.data('the resolution breach')).entityEvents.data);
        assert.equal(second.detail.clock, 'resolution');
        clock.advance(24 * 60 * MINUTE);
        await t.server.writer.settled();
        assert.equal(feed.pending, 0, 'each clock breaches once');
      } finally {
        feed.dispose();
        await client.dispose();
      }
    });

    it('a paused ticket does not breach; it breaches after resuming, later by the paused time', async () => {
      clock.set(T0);
      await signInAgain(t, people);
      const ticket = await ticketOf(t, people); // assigned: the response clock stopped
      clock.set(T0 + 60 * MINUTE);
      await signInAgain(t, people);
      await gql(t, ticketMutation('pauseTicketSLA'), { id: ticket.id }, people.assignee.accessToken);
      assert.deepEqual(t.server.app.ticketRegistry.pendingTimers(ticket.id), []);
      clock.advance(600 * MINUTE);
      await signInAgain(t, people);
      await gql(t, ticketMutation('resumeTicketSLA'), { id: ticket.id }, people.assignee.accessToken);
      assert.deepEqual(
        t.server.app.ticketRegistry.pendingTimers(ticket.id).map((x) => x.dueAt),
        [T0 + 660 * MINUTE + 420 * MINUTE + 1],
      );
      clock.advance(420 * MINUTE + 1);
      await t.server.writer.settled();
      await signInAgain(t, people);
      assert.equal((await gql(t, TICKET, { id: ticket.id }, people.assignee.accessToken)).data.ticket.resolutionBreached, true);
    });
  });

  describe(`tickets across a restart (${backend.name})`, { timeout: 120_000 }, () => {
    it('the breach timer is armed again from the row and fires; only open tickets are loaded; closed ones load on demand; numbers continue', async () => {
      const clock = createManualClock(T0);
      const store = await durableStore(backend);
      const env = ticketingEnv(clock);
      let dueSoon: any;
      let dueLater: any;
      let closed: any;
      let people: TicketPeople;
      try {
        const first = await startTestServer(backend, { clock, store: store.forRun(), env });
        try {
          people = await ticketPeople(first, await signInAdmin(first), 'rs');
          dueSoon = await createTicket(first, people.requester); // response due T0 + 30 min
          dueLater = await createTicket(first, people.requester, { impact: 'LOW', urgency: 'LOW' }); // P5
          closed = await ticketOf(first, people);
          for (const m of ['resolveTicket', 'closeTicket'])
            assert.equal((await gql(first, ticketMutation(m), { id: closed.id }, people.admin.accessToken)).errors, undefined);
        } finally {
          await first.close();
        }
        clock.set(T0 + 45 * MINUTE);
        const second = await startTestServer(backend, { clock, store: store.forRun(), env });
        try {
          const registry = second.server.app.ticketRegistry;
          assert.equal(registry.has(dueSoon.id), true);
          assert.equal(registry.has(closed.id), false, 'closed tickets are not loaded at start');
          assert.deepEqual(
            registry.pendingTimers(dueSoon.id).map((x) => x.dueAt),
            [T0 + 30 * MINUTE + 1],
            'armed again from the row',
          );
          clock.runDue(); // past due while the server was down: it fires at once
          await second.server.writer.settled();
          const admin = await signInAdmin(second);
          const soon = (await gql(second, TICKET, { id: dueSoon.id }, admin.accessToken)).data.ticket;
          assert.equal(soon.responseBreached, true);
          const later = (await gql(second, TICKET, { id: dueLater.id }, admin.accessToken)).data.ticket;
          assert.equal(later.responseBreached, false);
          const again = (await gql(second, TICKET, { id: closed.id }, admin.accessToken)).data.ticket;
          assert.deepEqual([again.number, again.statusCategory], [closed.number, 'CLOSED'], 'read from the database');
          const deleted = await gql(second, 'mutation($id: ID!) { deleteTicket(id: $id) }', { id: closed.id }, admin.accessToken);
          assert.equal(deleted.data?.deleteTicket, true, deleted.text);
          await second.server.writer.settled();
          assert.equal(registry.has(closed.id), false, 'loaded for the command, then let go: it is still closed');
          const row = await second.server.database.knex('tickets').where({ id: closed.id }).first();
          assert.notEqual(row.deleted_at, null);
          const next = await createTicket(second, admin);
          assert.match(next.number, /^INC-0+4$/, 'the sequence continues after the restart');
        } finally {
          await second.close();
        }
      } finally {
        await store.dispose();
      }
    });
  });
}
