/**
 * Due dates in business hours (issue 17: "due dates with pause and resume and with a business-hours
 * calendar across a weekend, a holiday and a daylight-saving change"), through createTicket on a
 * catalog item whose calendar is Berlin office hours (Mon-Fri 09:00-17:00 Europe/Berlin, 14 May 2026
 * a holiday); the catalog item's targets win over the priority's and its group routes the ticket;
 * a pause across closed hours; the breach of a target used up at a closing fires at the next opening.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { DEFAULT_CATALOG_CONTENT } from '../../../../src/plugins/ticketing/catalog/catalogContent.js';
import type { TicketingCatalog } from '../../../../src/plugins/ticketing/catalog/ticketingCatalog.js';
import type { BusinessCalendar } from '../../../../src/plugins/ticketing/ticketContract.js';
import { testBackends } from '../../../support/backends.js';
import { gql, signInAdmin } from '../../../support/graphql.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import {
  createTicket,
  signInAgain,
  TICKET,
  ticketingEnv,
  ticketMutation,
  ticketPeople,
  type TicketPeople,
} from '../../../support/tickets.js';

const OFFICE: BusinessCalendar = {
  name: 'Berlin office',
  timeZone: 'Europe/Berlin',
  weekly: [[], ...Array.from({ length: 5 }, () => [{ start: '09:00', end: '17:00' }]), []],
  holidays: ['2026-05-14'],
};
const at = (text: string) => Date.parse(text);

for (const backend of testBackends()) {
  describe(`ticket due dates in business hours (${backend.name})`, { timeout: 120_000 }, () => {
    const clock = createManualClock(at('2026-05-04T07:00:00Z'));
    let t: TestServer;
    let people: TicketPeople;
    before(async () => {
      t = await startTestServer(backend, { clock, env: ticketingEnv(clock) });
      people = await ticketPeople(t, await signInAdmin(t), 'bh');
      const item = {
        categoryName: 'Workplace',
        description: null,
        ticketType: 'INCIDENT' as const,
        workflowName: null,
        calendarName: OFFICE.name,
      };
      (t.server.app.ticketingCatalog as TicketingCatalog).replace({
        ...DEFAULT_CATALOG_CONTENT,
        categories: [{ name: 'Workplace', description: null }],
        calendars: [OFFICE],
        items: [
          { ...item, name: 'Laptop repair', groupId: people.groupId, targets: null },
          { ...item, name: 'Executive laptop', groupId: null, targets: { responseMinutes: 10, resolutionMinutes: 60 } },
        ],
      });
    });
    after(() => t.close());

    const raise = async (now: string, input: Record<string, unknown> = {}) => {
      clock.set(at(now));
      await signInAgain(t, people);
      return createTicket(t, people.requester, { catalogItemName: 'Laptop repair', ...input }); // HIGH x HIGH: P2, 30 min / 480 min
    };

    it('across a weekend: Friday 16:00 is due Monday 16:00, the response Friday 16:30; the item routes to its group', async () => {
      const ticket = await raise('2026-05-08T14:00:00Z'); // Friday 16:00 CEST
      assert.deepEqual([ticket.priority, ticket.groupId, ticket.catalogItemName], ['P2', people.groupId, 'Laptop repair']);
      assert.equal(ticket.responseDueAt, '2026-05-08T14:30:00.000Z');
      assert.equal(ticket.resolutionDueAt, '2026-05-11T14:00:00.000Z'); // 60 min Friday, 420 Monday from 09:00
      assert.equal(ticket.minutesUntilDue, 30);
    });

    it('across a holiday: Wednesday 16:00 is due Friday 16:00 when Thursday is a holiday', async () => {
      const ticket = await raise('2026-05-13T14:00:00Z');
      assert.equal(ticket.resolutionDueAt, '2026-05-15T14:00:00.000Z');
    });

    it('across the change to summer time: Friday 27 March 16:00 CET is due Monday 16:00 CEST', async () => {
      const ticket = await raise('2026-03-27T15:00:00Z');
      assert.equal(ticket.resolutionDueAt, '2026-03-30T14:00:00.000Z');
    });

    it('outside business hours the clocks wait for the opening', async () => {
      const ticket = await raise('2026-05-09T10:00:00Z'); // Saturday
      assert.equal(ticket.responseDueAt, '2026-05-11T07:30:00.000Z'); // Monday 09:30 CEST
      assert.equal(ticket.minutesUntilDue, 30);
    });

    it("the catalog item's targets win over the priority's", async () => {
      const ticket = await raise('2026-05-11T07:00:00Z', { catalogItemName: 'Executive laptop', impact: 'LOW', urgency: 'LOW' });
      assert.deepEqual(
        [ticket.priority, ticket.responseDueAt, ticket.resolutionDueAt],
        ['P5', '2026-05-11T07:10:00.000Z', '2026-05-11T08:00:00.000Z'],
      );
    });

    it('a pause across closed hours: only open minutes before the pause count, the paused ones never', async () => {
      const ticket = await raise('2026-05-11T07:00:00Z'); // Monday 09:00
      clock.set(at('2026-05-11T08:00:00Z')); // 10:00: 60 minutes counted
      await signInAgain(t, people);
      const paused = (await gql(t, ticketMutation('pauseTicketSLA'), { id: ticket.id }, people.admin.accessToken)).data.pauseTicketSLA;
      assert.deepEqual([paused.resolutionDueAt, paused.minutesUntilDue], [null, -30], 'the response was due at 09:30: 30 minutes late');
      clock.set(at('2026-05-12T08:00:00Z')); // Tuesday 10:00
      await signInAgain(t, people);
      const resumed = (await gql(t, ticketMutation('resumeTicketSLA'), { id: ticket.id }, people.admin.accessToken)).data.resumeTicketSLA;
      assert.equal(resumed.resolutionDueAt, '2026-05-12T15:00:00.000Z'); // 420 minutes from Tuesday 10:00: 17:00 CEST
    });

    it('a target used up at a closing breaches at the next opening, by the scheduled event', async () => {
      const other = await raise('2026-05-11T07:00:00Z'); // Monday 09:00; resolution due 17:00
      await gql(
        t,
        'mutation($id: ID!, $a: ID) { assignTicket(id: $id, assigneeId: $a) { id } }',
        { id: other.id, a: people.assignee.userId },
        people.admin.accessToken,
      );
      assert.equal(other.resolutionDueAt, '2026-05-11T15:00:00.000Z');
      clock.advance(at('2026-05-11T20:00:00Z') - clock.now()); // Monday evening: closed, nothing counts
      await t.server.writer.settled();
      await signInAgain(t, people);
      assert.equal((await gql(t, TICKET, { id: other.id }, people.admin.accessToken)).data.ticket.resolutionBreached, false);
      clock.advance(at('2026-05-12T07:00:00.001Z') - clock.now()); // Tuesday 09:00:00.001
      await t.server.writer.settled();
      await signInAgain(t, people);
      assert.equal((await gql(t, TICKET, { id: other.id }, people.admin.accessToken)).data.ticket.resolutionBreached, true);
    });
  });
}
