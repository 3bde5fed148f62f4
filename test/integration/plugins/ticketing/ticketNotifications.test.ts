/**
 * Ticket notifications through the notification center (issue 17, item 7): on created, assigned,
 * status_changed, commented, resolved and sla_breached the requester, the assignee and the watchers
 * hear of it over a real graphql-ws subscription (`notificationReceived`, `notification:new`),
 * never the person who acted; a kind switched off in notificationSettings is not sent; every notice
 * is also a `notification.created` webhook event.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends } from '../../../support/backends.js';
import { gql, personWithRole } from '../../../support/graphql.js';
import { connectClient, subscribe, waitForSubscribers, type Feed } from '../../../support/realtime.js';
import { castOf, raiseTicket, startTicketingServer, type Cast, type Person } from '../../../support/ticketPeople.js';
import type { TestServer } from '../../../support/testServer.js';
import { createWebhook, useReceivers } from '../../../support/webhooks.js';
import { eventually } from '../../../support/polling.js';

const T0 = Date.parse('2026-06-01T09:00:00.000Z');
const RECEIVED = 'subscription { notificationReceived { event notification { type title message entityType entityId } } }';
const ADD = 'mutation($t: ID!, $b: String!) { addTicketComment(ticketId: $t, body: $b) { id } }';
const WATCH = 'mutation($t: ID!) { watchTicket(ticketId: $t) { userId } }';
const SETTINGS = 'mutation($s: [NotificationSettingInput!]!) { updateNotificationSettings(settings: $s) { type enabled } }';

for (const backend of testBackends()) {
  describe(`ticket notifications (${backend.name})`, { timeout: 180_000 }, () => {
    const clock = createManualClock(T0);
    let t: TestServer;
    let c: Cast;
    const clients: ReturnType<typeof connectClient>[] = [];
    before(async () => {
      t = await startTicketingServer(backend, clock);
      c = await castOf(t);
    });
    after(async () => {
      for (const client of clients) await client.dispose();
      await t.close();
    });
    const receiver = useReceivers();

    /** A live feed of `person`'s notifications. */
    const feedOf = async (person: Person): Promise<Feed> => {
      const client = connectClient(t, { token: person.accessToken });
      clients.push(client);
      const feed = subscribe(client, RECEIVED);
      await waitForSubscribers(t, `notifications:${person.userId}`, 1);
      return feed;
    };
    const ok = async (query: string, variables: Record<string, unknown>, who: Person) => {
      const res = await gql(t, query, variables, who.accessToken);
      assert.equal(res.errors, undefined, res.text);
      return res.data;
    };
    /** The notification types each person holds about `ticketId`, from the database, in alphabetical order (a manual clock gives them one time). */
    const heard = async (ticketId: string): Promise<Record<string, string[]>> => {
      await t.server.writer.settled();
      const rows = await t.server.database
        .knex('notifications')
        .where({ entity_type: 'ticket', entity_id: ticketId })
        .orderBy('type')
        .select('user_id', 'type');
      const people = [c.admin, c.operator, c.requester, c.assignee, c.watcher, c.outsider];
      const names = new Map(people.map((p) => [p.userId, p.username.replace(/-\d+$/, '')]));
      const out: Record<string, string[]> = {};
      for (const row of rows) (out[names.get(row.user_id) ?? row.user_id] ??= []).push(row.type);
      return out;
    };

    it('a comment reaches the requester and a watcher live, and not the assignee who wrote it', async () => {
      const { id, number } = await raiseTicket(t, c.requester, { assigneeId: c.assignee.userId, groupId: c.groupId, admin: c.admin });
      await ok(WATCH, { t: id }, c.watcher);
      const [requesterFeed, watcherFeed] = [await feedOf(c.requester), await feedOf(c.watcher)];
      await ok(ADD, { t: id, b: 'Rolled back the release' }, c.assignee);
      for (const feed of [requesterFeed, watcherFeed]) {
        const { notificationReceived } = await feed.data();
        assert.deepEqual(notificationReceived, {
          event: 'notification:new',
          notification: {
            type: 'ticket.commented',
            title: `New comment on ${number}`,
            message: `${c.assignee.username} on ${number} Checkout answers 502: Rolled back the release`,
            entityType: 'ticket',
            entityId: id,
          },
        });
      }
      const byPerson = await heard(id);
      assert.deepEqual(
        byPerson['requester']?.filter((k) => k === 'ticket.commented'),
        ['ticket.commented'],
      );
      assert.equal(byPerson['assignee']?.includes('ticket.commented') ?? false, false, 'the author is not told of their own comment');
    });

    it('a ticket raised on behalf of someone tells them; assigning it tells the new assignee and the requester, not the one who assigned', async () => {
      const { id } = await raiseTicket(t, c.operator, { requesterId: c.requester.userId });
      await ok('mutation($id: ID!, $a: ID) { assignTicket(id: $id, assigneeId: $a) { id } }', { id, a: c.assignee.userId }, c.operator);
      assert.deepEqual(await heard(id), { requester: ['ticket.assigned', 'ticket.created'], assignee: ['ticket.assigned'] });
    });

    it('a status move and a resolve tell the requester and watchers once each', async () => {
      const { id } = await raiseTicket(t, c.requester, { assigneeId: c.assignee.userId, groupId: c.groupId, admin: c.admin });
      await ok(WATCH, { t: id }, c.watcher);
      const moved = await gql(t, 'query($id: ID!) { ticket(id: $id) { availableTransitions } }', { id }, c.assignee.accessToken);
      const start = (moved.data.ticket.availableTransitions as string[]).find((name) => name !== 'resolve') ?? 'start';
      await ok('mutation($id: ID!, $x: String!) { transitionTicket(id: $id, transition: $x) { status } }', { id, x: start }, c.assignee);
      await ok('mutation($id: ID!) { resolveTicket(id: $id) { status } }', { id }, c.assignee);
      const byPerson = await heard(id);
      for (const who of ['requester', 'watcher']) {
        assert.deepEqual(
          byPerson[who]?.filter((k) => k !== 'ticket.assigned' && k !== 'ticket.created'),
          ['ticket.resolved', 'ticket.status_changed'],
          who,
        );
      }
      assert.equal(byPerson['assignee']?.some((k) => k === 'ticket.status_changed' || k === 'ticket.resolved') ?? false, false);
    });

    it('someone who switched ticket.commented off hears nothing of comments, and still hears the rest', async () => {
      const { id } = await raiseTicket(t, c.requester, { assigneeId: c.assignee.userId, groupId: c.groupId, admin: c.admin });
      await ok(WATCH, { t: id }, c.watcher);
      await ok(SETTINGS, { s: [{ type: 'ticket.commented', enabled: false }] }, c.watcher);
      await ok(ADD, { t: id, b: 'quiet please' }, c.assignee);
      await ok('mutation($id: ID!) { resolveTicket(id: $id) { status } }', { id }, c.assignee);
      const byPerson = await heard(id);
      assert.deepEqual(byPerson['watcher'], ['ticket.resolved']);
      assert.ok(byPerson['requester']?.includes('ticket.commented'));
      await ok(SETTINGS, { s: [{ type: 'ticket.commented', enabled: true }] }, c.watcher);
    });

    it('the ticket kinds are listed in notificationSettings', async () => {
      const res = await ok('{ notificationSettings { type enabled } }', {}, c.requester);
      const types = res.notificationSettings.map((s: { type: string }) => s.type);
      for (const kind of [
        'ticket.created',
        'ticket.assigned',
        'ticket.status_changed',
        'ticket.commented',
        'ticket.resolved',
        'ticket.sla_breached',
      ])
        assert.ok(types.includes(kind), kind);
    });

    it('each ticket notice is a notification.created webhook event carrying its own type', async () => {
      const r = await receiver();
      const webhook = await createWebhook(t, c.admin.accessToken, { url: r.url, events: ['notification.created'] });
      const { id } = await raiseTicket(t, c.requester, { assigneeId: c.assignee.userId, groupId: c.groupId, admin: c.admin });
      await ok(WATCH, { t: id }, c.watcher);
      await ok(ADD, { t: id, b: 'webhook me' }, c.assignee);
      const notices = await eventually(async () => {
        const found = r.requests.map((q) => q.json.data.notification).filter((n) => n.type === 'ticket.commented' && n.entityId === id);
        return found.length >= 2 ? found : undefined;
      }, 'the comment notices arrive as webhook events');
      assert.deepEqual(notices.map((n) => n.userId).sort(), [c.requester.userId, c.watcher.userId].sort());
      await gql(t, 'mutation($id: ID!) { deleteWebhook(id: $id) }', { id: webhook.id }, c.admin.accessToken);
    });
    it('a watcher who may no longer read the ticket hears nothing of it', async () => {
      const colleague = await personWithRole(t, c.admin, 'USER', `colleague-${Date.now()}`);
      const membership = { g: c.groupId, u: colleague.userId };
      await ok('mutation($g: ID!, $u: ID!) { addUserToGroup(groupId: $g, userId: $u) { id } }', membership, c.admin);
      const { id } = await raiseTicket(t, c.requester, { assigneeId: c.assignee.userId, groupId: c.groupId, admin: c.admin });
      await ok(WATCH, { t: id }, colleague);
      await ok('mutation($g: ID!, $u: ID!) { removeUserFromGroup(groupId: $g, userId: $u) { id } }', membership, c.admin);
      await ok(ADD, { t: id, b: 'not for former members' }, c.assignee);
      await t.server.writer.settled();
      assert.deepEqual(await t.server.database.knex('notifications').where({ user_id: colleague.userId }).select('type'), []);
    });

    it("a requester whose environments do not admit the ticket's service hears nothing of it; a member of the granted group does", async () => {
      const pushed = await t.call('POST', '/api/v1/health/report', { service: 'env-shop', nodeId: 'us/prod/shop', status: 'OPERATIONAL' });
      assert.equal(pushed.status, 200, pushed.text);
      const environment = (
        await ok('mutation { createEnvironment(input: { name: "us production", paths: ["us/prod"] }) { id } }', {}, c.admin)
      ).createEnvironment.id;
      await ok(
        'mutation($g: ID!, $e: ID!) { setGroupEnvironmentAccess(groupId: $g, environmentId: $e, level: WRITE) { level } }',
        { g: c.groupId, e: environment },
        c.admin,
      );
      const input = {
        title: 'US checkout down',
        type: 'INCIDENT',
        impact: 'LOW',
        urgency: 'LOW',
        serviceId: pushed.json.serviceId,
        requesterId: c.requester.userId,
      };
      const { id } = (await ok('mutation($i: CreateTicketInput!) { createTicket(input: $i) { id } }', { i: input }, c.admin)).createTicket;
      await ok('mutation($id: ID!, $g: ID) { assignTicket(id: $id, assigneeId: null, groupId: $g) { id } }', { id, g: c.groupId }, c.admin);
      await ok(WATCH, { t: id }, c.watcher);
      await ok(ADD, { t: id, b: 'failing over to eu' }, c.admin);
      const byPerson = await heard(id);
      assert.equal(byPerson['requester'], undefined, 'the requester may not look at us/prod');
      assert.deepEqual(byPerson['watcher'], ['ticket.commented']);
    });

    it('a missed target tells requester and assignee when the scheduled breach fires, with nobody acting', async () => {
      // Last: moving the clock past the access tokens' 15 minutes ends this suite's calls (the sockets stay open).
      // High impact and urgency (P2): resolution due in 8 hours of the default 24/7 calendar; the assignment was the response.
      const { id, number } = await raiseTicket(t, c.requester, {
        assigneeId: c.assignee.userId,
        groupId: c.groupId,
        admin: c.admin,
        severity: 'HIGH',
      });
      const feed = await feedOf(c.assignee);
      clock.advance(8 * 3_600_000 + 60_000);
      const { notificationReceived } = await feed.data('the breach notice');
      assert.equal(notificationReceived.notification.type, 'ticket.sla_breached');
      assert.match(notificationReceived.notification.title, new RegExp(`^${number} breached its resolution target$`));
      assert.ok((await heard(id))['requester']?.includes('ticket.sla_breached'));
      feed.dispose();
    });
  });
}
