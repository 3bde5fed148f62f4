/**
 * Comments, worklog, watchers and relations of tickets over real HTTP (issue 17, item 5): every
 * operation, each standing's allow or deny (docs/ticketing-roles.md: a person who may not read a
 * ticket is told NOT_FOUND, one who may read but not act FORBIDDEN), the input bounds, the relation
 * rules (both sides, no self-link, no duplicate, one parent, no cycle, two links sent together),
 * the `ticket.commented` webhook, the state kept across a restart, and the `ticketing` gate.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { durableStore, testBackends } from '../../../support/backends.js';
import { BOOTSTRAP_ENV, gql } from '../../../support/graphql.js';
import { castOf, raiseTicket, startTicketingServer, type Cast, type Person } from '../../../support/ticketPeople.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { createWebhook, useReceivers } from '../../../support/webhooks.js';

const T0 = Date.parse('2026-06-01T09:00:00.000Z');
const COMMENT_FIELDS = 'id ticketId authorId author { username } system body createdAt editedAt editedBy { username }';
const ADD = `mutation($t: ID!, $b: String!) { addTicketComment(ticketId: $t, body: $b) { ${COMMENT_FIELDS} } }`;
const EDIT = `mutation($id: ID!, $b: String!) { editTicketComment(id: $id, body: $b) { ${COMMENT_FIELDS} } }`;
const DELETE = 'mutation($id: ID!) { deleteTicketComment(id: $id) }';
const COMMENTS = `query($t: ID!, $l: Int, $o: Int) { ticketComments(ticketId: $t, limit: $l, offset: $o) { total comments { ${COMMENT_FIELDS} } } }`;
const LOG =
  'mutation($t: ID!, $m: Int!, $n: String, $w: DateTime) { logTicketWork(ticketId: $t, minutes: $m, note: $n, workedAt: $w) { id ticketId authorId minutes note workedAt } }';
const DELETE_WORK = 'mutation($id: ID!) { deleteTicketWorklog(id: $id) }';
const WORKLOG =
  'query($t: ID!) { ticketWorklog(ticketId: $t) { ticketId totalMinutes count entries { id minutes note workedAt author { username } } } }';
const WATCH =
  'mutation($t: ID!, $u: ID) { watchTicket(ticketId: $t, userId: $u) { ticketId userId user { username } addedBy { username } since } }';
const UNWATCH = 'mutation($t: ID!, $u: ID) { unwatchTicket(ticketId: $t, userId: $u) }';
const WATCHERS = 'query($t: ID!) { ticketWatchers(ticketId: $t) { userId user { username } } }';
const LINK =
  'mutation($s: ID!, $t: ID!, $y: TicketRelationType!) { linkTickets(sourceId: $s, targetId: $t, type: $y) { id ticketId type relatedTicketId relatedTicket { number } createdBy { username } } }';
const UNLINK = 'mutation($s: ID!, $t: ID!) { unlinkTickets(sourceId: $s, targetId: $t) }';
const RELATIONS = 'query($t: ID!) { ticketRelations(ticketId: $t) { type relatedTicketId relatedTicket { number } } }';

for (const backend of testBackends()) {
  describe(`ticket conversation (${backend.name})`, { timeout: 180_000 }, () => {
    const clock = createManualClock(T0);
    let t: TestServer;
    let c: Cast;
    before(async () => {
      t = await startTicketingServer(backend, clock);
      c = await castOf(t);
    });
    after(() => t.close());
    const receiver = useReceivers();

    /** A ticket of the cast's requester, assigned to the cast's assignee. */
    const ticket = (title?: string) =>
      raiseTicket(t, c.requester, { assigneeId: c.assignee.userId, admin: c.admin, ...(title ? { title } : {}) });
    const ok = async (query: string, variables: Record<string, unknown>, who: Person) => {
      const res = await gql(t, query, variables, who.accessToken);
      assert.equal(res.errors, undefined, res.text);
      return res.data;
    };
    const codes = async (query: string, variables: Record<string, unknown>, who: Person) =>
      (await gql(t, query, variables, who.accessToken)).codes;

    describe('comments', () => {
      it('a requester comments; ticketComments shows it oldest first with its author and the total', async () => {
        const { id } = await ticket();
        const first = (await ok(ADD, { t: id, b: 'It fails since 9:00' }, c.requester)).addTicketComment;
        assert.deepEqual(
          { ...first, id: undefined },
          {
            id: undefined,
            ticketId: id,
            authorId: c.requester.userId,
            author: { username: c.requester.username },
            system: false,
            body: 'It fails since 9:00',
            createdAt: new Date(T0).toISOString(),
            editedAt: null,
            editedBy: null,
          },
        );
        clock.advance(60_000);
        await ok(ADD, { t: id, b: 'Looking into it' }, c.assignee);
        const page = (await ok(COMMENTS, { t: id }, c.operator)).ticketComments;
        assert.equal(page.total, 2);
        assert.deepEqual(
          page.comments.map((x: any) => x.body),
          ['It fails since 9:00', 'Looking into it'],
        );
        assert.deepEqual(
          (await ok(COMMENTS, { t: id, l: 1, o: 1 }, c.requester)).ticketComments.comments.map((x: any) => x.body),
          ['Looking into it'],
        );
      });

      it('someone who may not read the ticket is told it does not exist, and nothing is stored', async () => {
        const { id } = await ticket();
        assert.deepEqual(await codes(ADD, { t: id, b: 'hello' }, c.outsider), ['NOT_FOUND']);
        assert.deepEqual(await codes(COMMENTS, { t: id }, c.outsider), ['NOT_FOUND']);
        assert.equal((await ok(COMMENTS, { t: id }, c.admin)).ticketComments.total, 0);
      });

      const badBodies: Array<[string, string, RegExp]> = [
        ['an empty body', '', /body is empty/],
        ['a body over 64 KiB', 'x'.repeat(64 * 1024 + 1), /at most 65536/],
      ];
      for (const [what, body, message] of badBodies) {
        it(`refuses ${what} with BAD_USER_INPUT and stores nothing`, async () => {
          const { id } = await ticket();
          const res = await gql(t, ADD, { t: id, b: body }, c.requester.accessToken);
          assert.deepEqual(res.codes, ['BAD_USER_INPUT']);
          assert.match(res.errors![0].message, message);
          assert.equal((await ok(COMMENTS, { t: id }, c.requester)).ticketComments.total, 0);
        });
      }

      it('a body of exactly 64 KiB is kept whole', async () => {
        const { id } = await ticket();
        const body = 'é'.repeat(32 * 1024);
        await ok(ADD, { t: id, b: body }, c.requester);
        assert.equal((await ok(COMMENTS, { t: id }, c.requester)).ticketComments.comments[0].body, body);
      });

      it('its author edits a comment: the body changes, the creation time stays, the edit time and editor are kept', async () => {
        const { id } = await ticket();
        const comment = (await ok(ADD, { t: id, b: 'typo hre' }, c.requester)).addTicketComment;
        clock.advance(5 * 60_000);
        const edited = (await ok(EDIT, { id: comment.id, b: 'typo here' }, c.requester)).editTicketComment;
        assert.equal(edited.body, 'typo here');
        assert.equal(edited.createdAt, comment.createdAt);
        assert.equal(edited.editedAt, new Date(clock.now()).toISOString());
        assert.deepEqual(edited.editedBy, { username: c.requester.username });
        assert.equal((await ok(COMMENTS, { t: id }, c.assignee)).ticketComments.comments[0].body, 'typo here');
      });

      it('only the author or an admin edits: the assignee and an operator are FORBIDDEN, the admin may', async () => {
        const { id } = await ticket();
        const comment = (await ok(ADD, { t: id, b: 'mine' }, c.requester)).addTicketComment;
        assert.deepEqual(await codes(EDIT, { id: comment.id, b: 'theirs' }, c.assignee), ['FORBIDDEN']);
        assert.deepEqual(await codes(EDIT, { id: comment.id, b: 'theirs' }, c.operator), ['FORBIDDEN']);
        assert.deepEqual(await codes(EDIT, { id: comment.id, b: 'theirs' }, c.outsider), ['NOT_FOUND']);
        assert.deepEqual((await ok(EDIT, { id: comment.id, b: 'moderated' }, c.admin)).editTicketComment.editedBy, { username: 'admin' });
      });

      it('the author, an operator or an admin deletes a comment; another participant is FORBIDDEN; a deleted one is NOT_FOUND', async () => {
        const { id } = await ticket();
        const [a, b, d] = [
          (await ok(ADD, { t: id, b: 'one' }, c.requester)).addTicketComment,
          (await ok(ADD, { t: id, b: 'two' }, c.requester)).addTicketComment,
          (await ok(ADD, { t: id, b: 'three' }, c.requester)).addTicketComment,
        ];
        assert.deepEqual(await codes(DELETE, { id: a.id }, c.assignee), ['FORBIDDEN']);
        assert.equal((await ok(DELETE, { id: a.id }, c.requester)).deleteTicketComment, true);
        assert.equal((await ok(DELETE, { id: b.id }, c.operator)).deleteTicketComment, true);
        assert.equal((await ok(DELETE, { id: d.id }, c.admin)).deleteTicketComment, true);
        assert.deepEqual(await codes(DELETE, { id: a.id }, c.requester), ['NOT_FOUND']);
        assert.deepEqual(await codes(EDIT, { id: a.id, b: 'back?' }, c.requester), ['NOT_FOUND']);
        assert.deepEqual(await codes(DELETE, { id: 'not-a-comment' }, c.admin), ['NOT_FOUND']);
        assert.equal((await ok(COMMENTS, { t: id }, c.admin)).ticketComments.total, 0);
      });

      it('an edit and a delete of one comment sent together never bring the deleted comment back', async () => {
        const { id } = await ticket();
        const comment = (await ok(ADD, { t: id, b: 'race' }, c.requester)).addTicketComment;
        await Promise.all([
          gql(t, EDIT, { id: comment.id, b: 'edited' }, c.requester.accessToken),
          gql(t, DELETE, { id: comment.id }, c.requester.accessToken),
        ]);
        await t.server.writer.settled();
        assert.deepEqual(await t.server.database.knex('ticket_comments').where({ id: comment.id }).select('id'), []);
      });

      it('a system comment has no author and is shown as such', async () => {
        const { id } = await ticket();
        const comment = await t.server.app.ticketConversation.addSystemComment(id, 'The service recovered at 10:02');
        assert.equal(comment.authorId, null);
        const [shown] = (await ok(COMMENTS, { t: id }, c.requester)).ticketComments.comments;
        assert.deepEqual(
          { system: shown.system, author: shown.author, body: shown.body },
          { system: true, author: null, body: 'The service recovered at 10:02' },
        );
        assert.deepEqual(await codes(EDIT, { id: comment.id, b: 'no' }, c.requester), ['FORBIDDEN']);
        await assert.rejects(t.server.app.ticketConversation.addSystemComment('00000000-0000-4000-8000-000000000000', 'x'), /no ticket/);
      });

      it('a deleted ticket takes no comment (NOT_FOUND)', async () => {
        const { id } = await ticket();
        assert.equal((await ok('mutation($id: ID!) { deleteTicket(id: $id) }', { id }, c.operator)).deleteTicket, true);
        assert.deepEqual(await codes(ADD, { t: id, b: 'late' }, c.requester), ['NOT_FOUND']);
        assert.deepEqual(await codes(COMMENTS, { t: id }, c.operator), ['NOT_FOUND']);
      });

      it('ticket.commented goes to a webhook with the ticket, the comment id, its author and an excerpt', async () => {
        const r = await receiver();
        const webhook = await createWebhook(t, c.admin.accessToken, { url: r.url, events: ['ticket.commented'] });
        const { id, number } = await ticket();
        const comment = (await ok(ADD, { t: id, b: 'Rolled back to 4.1' }, c.assignee)).addTicketComment;
        const [request] = await r.received(1);
        assert.equal(request!.json.event, 'ticket.commented');
        const data = request!.json.data;
        assert.deepEqual({ id: data.ticket.id, number: data.ticket.number }, { id, number });
        assert.deepEqual(
          { commentId: data.commentId, authorId: data.authorId, actorId: data.actorId, excerpt: data.excerpt },
          {
            commentId: comment.id,
            authorId: c.assignee.userId,
            actorId: c.assignee.userId,
            excerpt: 'Rolled back to 4.1',
          },
        );
        await gql(t, 'mutation($id: ID!) { deleteWebhook(id: $id) }', { id: webhook.id }, c.admin.accessToken);
      });
    });

    describe('worklog', () => {
      it('the assignee logs work; ticketWorklog shows the latest work first and the total', async () => {
        const { id } = await ticket();
        await ok(LOG, { t: id, m: 30, n: 'triage', w: new Date(T0 - 3_600_000).toISOString() }, c.assignee);
        const second = (await ok(LOG, { t: id, m: 45 }, c.operator)).logTicketWork;
        assert.deepEqual(
          { minutes: second.minutes, note: second.note, workedAt: second.workedAt },
          { minutes: 45, note: null, workedAt: new Date(clock.now()).toISOString() },
        );
        const worklog = (await ok(WORKLOG, { t: id }, c.requester)).ticketWorklog;
        assert.deepEqual({ total: worklog.totalMinutes, count: worklog.count }, { total: 75, count: 2 });
        assert.deepEqual(
          worklog.entries.map((e: any) => [e.minutes, e.author.username]),
          [
            [45, c.operator.username],
            [30, c.assignee.username],
          ],
        );
      });

      it('the requester may read the worklog but not log work (FORBIDDEN); an outsider is told NOT_FOUND', async () => {
        const { id } = await ticket();
        assert.deepEqual(await codes(LOG, { t: id, m: 10 }, c.requester), ['FORBIDDEN']);
        assert.deepEqual(await codes(LOG, { t: id, m: 10 }, c.outsider), ['NOT_FOUND']);
        assert.deepEqual(await codes(WORKLOG, { t: id }, c.outsider), ['NOT_FOUND']);
      });

      const badWork: Array<[string, Record<string, unknown>, RegExp]> = [
        ['0 minutes', { m: 0 }, /between 1 and 10080/],
        ['more than a week', { m: 10081 }, /between 1 and 10080/],
        ['work done tomorrow', { m: 10, w: new Date(T0 + 86_400_000).toISOString() }, /in the future/],
        ['a note over 2000 characters', { m: 10, n: 'n'.repeat(2001) }, /longer than 2000/],
      ];
      for (const [what, variables, message] of badWork) {
        it(`refuses ${what} with BAD_USER_INPUT and logs nothing`, async () => {
          const { id } = await ticket();
          const res = await gql(t, LOG, { t: id, ...variables }, c.assignee.accessToken);
          assert.deepEqual(res.codes, ['BAD_USER_INPUT']);
          assert.match(res.errors![0].message, message);
          assert.equal((await ok(WORKLOG, { t: id }, c.assignee)).ticketWorklog.count, 0);
        });
      }

      it('its author or an operator deletes an entry; another worker is FORBIDDEN', async () => {
        const { id } = await ticket();
        const mine = (await ok(LOG, { t: id, m: 20 }, c.operator)).logTicketWork;
        const theirs = (await ok(LOG, { t: id, m: 15 }, c.assignee)).logTicketWork;
        assert.deepEqual(await codes(DELETE_WORK, { id: mine.id }, c.assignee), ['FORBIDDEN']);
        assert.equal((await ok(DELETE_WORK, { id: theirs.id }, c.assignee)).deleteTicketWorklog, true);
        assert.equal((await ok(DELETE_WORK, { id: mine.id }, c.operator)).deleteTicketWorklog, true);
        assert.deepEqual(await codes(DELETE_WORK, { id: mine.id }, c.operator), ['NOT_FOUND']);
        assert.deepEqual((await ok(WORKLOG, { t: id }, c.assignee)).ticketWorklog.totalMinutes, 0);
      });
    });

    describe('watchers', () => {
      it('a participant watches a ticket themselves, once however often they ask, and stops watching', async () => {
        const { id } = await ticket();
        const watch = (await ok(WATCH, { t: id }, c.requester)).watchTicket;
        assert.deepEqual(
          { user: watch.user, addedBy: watch.addedBy },
          { user: { username: c.requester.username }, addedBy: { username: c.requester.username } },
        );
        await ok(WATCH, { t: id }, c.requester);
        assert.deepEqual(
          (await ok(WATCHERS, { t: id }, c.assignee)).ticketWatchers.map((w: any) => w.userId),
          [c.requester.userId],
        );
        assert.equal((await ok(UNWATCH, { t: id }, c.requester)).unwatchTicket, true);
        assert.equal((await ok(UNWATCH, { t: id }, c.requester)).unwatchTicket, false);
        assert.deepEqual((await ok(WATCHERS, { t: id }, c.assignee)).ticketWatchers, []);
      });

      it('an operator adds and removes someone who may read the ticket; a user may not add others', async () => {
        const { id } = await ticket();
        assert.deepEqual(await codes(WATCH, { t: id, u: c.assignee.userId }, c.requester), ['FORBIDDEN']);
        const added = (await ok(WATCH, { t: id, u: c.assignee.userId }, c.operator)).watchTicket;
        assert.deepEqual(
          { user: added.user, addedBy: added.addedBy },
          { user: { username: c.assignee.username }, addedBy: { username: c.operator.username } },
        );
        assert.deepEqual(await codes(UNWATCH, { t: id, u: c.assignee.userId }, c.requester), ['FORBIDDEN']);
        assert.equal((await ok(UNWATCH, { t: id, u: c.assignee.userId }, c.admin)).unwatchTicket, true);
      });

      it('someone who may not read the ticket cannot be added (BAD_USER_INPUT) nor watch it (NOT_FOUND)', async () => {
        const { id } = await ticket();
        const res = await gql(t, WATCH, { t: id, u: c.outsider.userId }, c.operator.accessToken);
        assert.deepEqual(res.codes, ['BAD_USER_INPUT']);
        assert.match(res.errors![0].message, /may not read ticket/);
        assert.deepEqual(await codes(WATCH, { t: id }, c.outsider), ['NOT_FOUND']);
        assert.deepEqual(await codes(WATCHERS, { t: id }, c.outsider), ['NOT_FOUND']);
        assert.deepEqual(await codes(WATCH, { t: id, u: '00000000-0000-4000-8000-000000000000' }, c.operator), ['BAD_USER_INPUT']);
      });
    });

    describe('relations', () => {
      it('a link is seen from both sides: A BLOCKS B is B BLOCKED_BY A', async () => {
        const [a, b] = [await ticket('A'), await ticket('B')];
        const link = (await ok(LINK, { s: a.id, t: b.id, y: 'BLOCKS' }, c.assignee)).linkTickets;
        assert.deepEqual(
          {
            ticketId: link.ticketId,
            type: link.type,
            related: link.relatedTicketId,
            number: link.relatedTicket.number,
            by: link.createdBy.username,
          },
          {
            ticketId: a.id,
            type: 'BLOCKS',
            related: b.id,
            number: b.number,
            by: c.assignee.username,
          },
        );
        assert.deepEqual((await ok(RELATIONS, { t: a.id }, c.requester)).ticketRelations, [
          { type: 'BLOCKS', relatedTicketId: b.id, relatedTicket: { number: b.number } },
        ]);
        assert.deepEqual((await ok(RELATIONS, { t: b.id }, c.requester)).ticketRelations, [
          { type: 'BLOCKED_BY', relatedTicketId: a.id, relatedTicket: { number: a.number } },
        ]);
      });

      const pairs: Array<[string, string]> = [
        ['DUPLICATED_BY', 'DUPLICATES'],
        ['CHILD_OF', 'PARENT_OF'],
        ['RELATES_TO', 'RELATES_TO'],
      ];
      for (const [given, other] of pairs) {
        it(`A ${given} B shows ${other} on B`, async () => {
          const [a, b] = [await ticket(), await ticket()];
          await ok(LINK, { s: a.id, t: b.id, y: given }, c.operator);
          assert.deepEqual(
            (await ok(RELATIONS, { t: a.id }, c.operator)).ticketRelations.map((r: any) => r.type),
            [given],
          );
          assert.deepEqual(
            (await ok(RELATIONS, { t: b.id }, c.operator)).ticketRelations.map((r: any) => r.type),
            [other],
          );
        });
      }

      it('refuses a self-link (BAD_USER_INPUT) and a second relation of a pair, whatever its type (CONFLICT)', async () => {
        const [a, b] = [await ticket(), await ticket()];
        assert.deepEqual(await codes(LINK, { s: a.id, t: a.id, y: 'RELATES_TO' }, c.operator), ['BAD_USER_INPUT']);
        await ok(LINK, { s: a.id, t: b.id, y: 'RELATES_TO' }, c.operator);
        const again = await gql(t, LINK, { s: b.id, t: a.id, y: 'BLOCKS' }, c.operator.accessToken);
        assert.deepEqual(again.codes, ['CONFLICT']);
        assert.match(again.errors![0].message, new RegExp(`${b.number} is already linked to ${a.number} \\(RELATES_TO\\)`));
      });

      it('a ticket has one parent, and a parent cycle is refused (CONFLICT)', async () => {
        const [top, mid, leaf, other] = [await ticket(), await ticket(), await ticket(), await ticket()];
        await ok(LINK, { s: top.id, t: mid.id, y: 'PARENT_OF' }, c.operator);
        await ok(LINK, { s: leaf.id, t: mid.id, y: 'CHILD_OF' }, c.operator);
        assert.deepEqual(await codes(LINK, { s: other.id, t: mid.id, y: 'PARENT_OF' }, c.operator), ['CONFLICT']);
        const cycle = await gql(t, LINK, { s: leaf.id, t: top.id, y: 'PARENT_OF' }, c.operator.accessToken);
        assert.deepEqual(cycle.codes, ['CONFLICT']);
        assert.match(cycle.errors![0].message, /parent cycle/);
      });

      it('two links of one pair sent together: exactly one is made', async () => {
        const [a, b] = [await ticket(), await ticket()];
        const results = await Promise.all([
          gql(t, LINK, { s: a.id, t: b.id, y: 'BLOCKS' }, c.operator.accessToken),
          gql(t, LINK, { s: b.id, t: a.id, y: 'DUPLICATES' }, c.operator.accessToken),
        ]);
        assert.deepEqual(results.map((r) => r.codes.length).sort(), [0, 1]);
        assert.equal((await t.server.database.knex('ticket_relations').whereIn('source_id', [a.id, b.id])).length, 1);
      });

      it('the requester may not link (FORBIDDEN); a ticket the linker may not read is NOT_FOUND', async () => {
        const [a, b] = [await ticket(), await ticket()];
        const foreign = await raiseTicket(t, c.outsider);
        assert.deepEqual(await codes(LINK, { s: a.id, t: b.id, y: 'RELATES_TO' }, c.requester), ['FORBIDDEN']);
        assert.deepEqual(await codes(LINK, { s: a.id, t: foreign.id, y: 'RELATES_TO' }, c.assignee), ['NOT_FOUND']);
      });

      it('relations to a ticket the viewer may not read are left out of their list', async () => {
        const a = await ticket();
        const foreign = await raiseTicket(t, c.outsider);
        await ok(LINK, { s: a.id, t: foreign.id, y: 'RELATES_TO' }, c.operator);
        assert.deepEqual((await ok(RELATIONS, { t: a.id }, c.requester)).ticketRelations, []);
        assert.equal((await ok(RELATIONS, { t: a.id }, c.operator)).ticketRelations.length, 1);
      });

      it('unlink removes the relation from both sides; unlinking again is NOT_FOUND', async () => {
        const [a, b] = [await ticket(), await ticket()];
        await ok(LINK, { s: a.id, t: b.id, y: 'BLOCKS' }, c.operator);
        assert.deepEqual(await codes(UNLINK, { s: b.id, t: a.id }, c.requester), ['FORBIDDEN']);
        assert.equal((await ok(UNLINK, { s: b.id, t: a.id }, c.assignee)).unlinkTickets, true);
        assert.deepEqual((await ok(RELATIONS, { t: a.id }, c.operator)).ticketRelations, []);
        assert.deepEqual((await ok(RELATIONS, { t: b.id }, c.operator)).ticketRelations, []);
        assert.deepEqual(await codes(UNLINK, { s: a.id, t: b.id }, c.operator), ['NOT_FOUND']);
      });
    });
  });

  describe(`ticket conversation across a restart (${backend.name})`, { timeout: 120_000 }, () => {
    it('watchers and relations are held again after a restart, and their rules still apply', async () => {
      const clock = createManualClock(T0);
      const store = await durableStore(backend);
      try {
        const first = await startTicketingServer(backend, clock, store.forRun());
        let c: Cast;
        let a: { id: string; number: string };
        let b: { id: string; number: string };
        try {
          c = await castOf(first);
          [a, b] = [await raiseTicket(first, c.requester), await raiseTicket(first, c.requester)];
          assert.equal((await gql(first, WATCH, { t: a.id }, c.requester.accessToken)).errors, undefined);
          assert.equal((await gql(first, LINK, { s: a.id, t: b.id, y: 'PARENT_OF' }, c.operator.accessToken)).errors, undefined);
        } finally {
          await first.close();
        }
        const second = await startTicketingServer(backend, clock, store.forRun());
        try {
          assert.deepEqual(
            (await gql(second, WATCHERS, { t: a.id }, c.requester.accessToken)).data.ticketWatchers.map((w: any) => w.userId),
            [c.requester.userId],
          );
          assert.deepEqual(
            (await gql(second, RELATIONS, { t: b.id }, c.requester.accessToken)).data.ticketRelations.map((r: any) => r.type),
            ['CHILD_OF'],
          );
          assert.deepEqual((await gql(second, LINK, { s: b.id, t: a.id, y: 'RELATES_TO' }, c.operator.accessToken)).codes, ['CONFLICT']);
        } finally {
          await second.close();
        }
      } finally {
        await store.dispose();
      }
    });
  });

  describe(`ticket conversation without the ticketing plugin (${backend.name})`, { timeout: 60_000 }, () => {
    it('answers PLUGIN_INACTIVE', async () => {
      const t = await startTestServer(backend, { env: BOOTSTRAP_ENV });
      try {
        const admin = (await gql(t, 'mutation { login(username: "admin", password: "bootstrap-admin-password") { accessToken } }')).data
          .login;
        const res = await gql(t, ADD, { t: '00000000-0000-4000-8000-000000000000', b: 'x' }, admin.accessToken);
        assert.deepEqual(res.codes, ['PLUGIN_INACTIVE']);
      } finally {
        await t.close();
      }
    });
  });
}
