/**
 * A person's own notification changes over GraphQL (SPEC.md core mutations), written like every
 * other write (issue 15, part 8): staged in the batch writer and answered after the commit, so a
 * refused commit answers UNAVAILABLE and changes nothing; a person's notifications go in the same
 * transaction as the person's deletion. The database refuses a change with a test trigger on
 * `notifications` for notices whose title names a service called `refused-*`.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testBackends } from '../../../support/backends.js';
import { BOOTSTRAP_ENV, gql, personWithRole, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { push } from '../../../support/webhooks.js';

const LIST = '{ notifications { id title read } unreadNotificationCount }';
const MARK_READ = 'mutation($id: ID!) { markNotificationRead(id: $id) { id read readAt } }';
const MARK_ALL_READ = 'mutation { markAllNotificationsRead }';
const DELETE = 'mutation($id: ID!) { deleteNotification(id: $id) }';
const CLEAR = 'mutation { clearAllNotifications }';

for (const backend of testBackends()) {
  describe(`notifications: a person's changes commit through the batch writer (${backend.name})`, () => {
    let t: TestServer;
    let admin: SignedIn;
    let services = 0;
    before(async () => {
      t = await startTestServer(backend, { env: BOOTSTRAP_ENV });
      admin = await signInAdmin(t);
      await t.server.database.knex.raw(`create function refuse_notification_change() returns trigger language plpgsql as $$
        begin
          if old.title like '%/refused-%' then raise exception 'notification % is refused (test trigger)', old.id; end if;
          return coalesce(new, old);
        end $$`);
      await t.server.database.knex.raw(
        'create trigger refuse_notification_change before update or delete on notifications for each row execute function refuse_notification_change()',
      );
    });
    after(() => t.close());

    /** A person who owns `count` services that went DOWN: one unread notification each. */
    const personWithNotices = async (count: number, prefix = 'noticed'): Promise<SignedIn> => {
      const person = await personWithRole(t, admin, 'OPERATOR');
      for (let i = 0; i < count; i += 1) {
        const name = `${prefix}-${++services}`;
        await push(t, name, 'OPERATIONAL', 'eu/notices');
        const service = t.server.fleet.services.find('eu/notices', name)!;
        const owned = await gql(
          t,
          'mutation($id: ID!, $o: ID!) { updateService(id: $id, input: { ownerId: $o }) { id } }',
          { id: service.id, o: person.userId },
          admin.accessToken,
        );
        assert.equal(owned.errors, undefined, owned.text);
        await push(t, name, 'DOWN', 'eu/notices');
      }
      await t.server.writer.settled();
      return person;
    };
    const listOf = async (person: SignedIn) => {
      const res = await gql(t, LIST, undefined, person.accessToken);
      assert.equal(res.errors, undefined, res.text);
      return res.data as { notifications: { id: string; title: string; read: boolean }[]; unreadNotificationCount: number };
    };

    it("markAllNotificationsRead marks the caller's unread notifications, and only theirs, returning how many", async () => {
      const [caller, other] = [await personWithNotices(2), await personWithNotices(1)];
      const first = (await listOf(caller)).notifications[0]!;
      assert.equal((await gql(t, MARK_READ, { id: first.id }, caller.accessToken)).data.markNotificationRead.read, true);
      const res = await gql(t, MARK_ALL_READ, undefined, caller.accessToken);
      assert.equal(res.data.markAllNotificationsRead, 1, 'one was still unread');
      assert.deepEqual(
        (await listOf(caller)).notifications.map((n) => n.read),
        [true, true],
      );
      assert.equal((await listOf(other)).unreadNotificationCount, 1);
    });

    it("deleteNotification removes one of the caller's notifications; another person's answers NOT_FOUND and stays", async () => {
      const [caller, other] = [await personWithNotices(2), await personWithNotices(1)];
      const [gone, kept] = (await listOf(caller)).notifications;
      assert.equal((await gql(t, DELETE, { id: gone!.id }, caller.accessToken)).data.deleteNotification, true);
      assert.deepEqual(
        (await listOf(caller)).notifications.map((n) => n.id),
        [kept!.id],
      );
      const theirs = (await listOf(other)).notifications[0]!;
      assert.deepEqual((await gql(t, DELETE, { id: theirs.id }, caller.accessToken)).codes, ['NOT_FOUND']);
      assert.equal((await listOf(other)).notifications.length, 1);
    });

    it("clearAllNotifications deletes the caller's notifications, and only theirs, returning how many", async () => {
      const [caller, other] = [await personWithNotices(3), await personWithNotices(1)];
      assert.equal((await gql(t, CLEAR, undefined, caller.accessToken)).data.clearAllNotifications, 3);
      assert.equal((await listOf(caller)).notifications.length, 0);
      assert.equal((await listOf(other)).notifications.length, 1);
      assert.equal((await gql(t, CLEAR, undefined, caller.accessToken)).data.clearAllNotifications, 0);
    });

    it('a read mark the database refuses answers UNAVAILABLE, and the notification stays unread', async () => {
      const caller = await personWithNotices(1, 'refused');
      const [notice] = (await listOf(caller)).notifications;
      const res = await gql(t, MARK_READ, { id: notice!.id }, caller.accessToken);
      assert.deepEqual(res.codes, ['UNAVAILABLE']);
      assert.match(res.errors?.[0]?.message ?? '', /did not commit/);
      assert.equal((await listOf(caller)).unreadNotificationCount, 1);
    });

    it('a delete the database refuses answers UNAVAILABLE, and the notification stays', async () => {
      const caller = await personWithNotices(1, 'refused');
      const [notice] = (await listOf(caller)).notifications;
      assert.deepEqual((await gql(t, DELETE, { id: notice!.id }, caller.accessToken)).codes, ['UNAVAILABLE']);
      assert.deepEqual((await gql(t, CLEAR, undefined, caller.accessToken)).codes, ['UNAVAILABLE']);
      assert.equal((await listOf(caller)).notifications.length, 1);
    });

    it('a read mark and a delete of one notification sent together never write the deleted row back', async () => {
      // Regression: a read mark that read the row before the delete committed would stage the whole
      // row again after it, and the upsert would bring it back. One person's changes run in turn.
      const caller = await personWithNotices(1);
      const [notice] = (await listOf(caller)).notifications;
      await Promise.all([
        gql(t, MARK_READ, { id: notice!.id }, caller.accessToken),
        gql(t, DELETE, { id: notice!.id }, caller.accessToken),
      ]);
      await t.server.writer.settled();
      assert.deepEqual(await t.server.database.knex('notifications').where({ id: notice!.id }).select('id'), []);
    });

    it("deleting a person deletes their notifications in the person's own transaction", async () => {
      const person = await personWithNotices(2);
      const knex = t.server.database.knex;
      const deletes: { table: string; transaction: unknown }[] = [];
      const listener = (query: { sql: string; __knexTxId?: unknown }) => {
        const table = /^delete from "(users|notifications)"/.exec(query.sql)?.[1];
        if (table !== undefined) deletes.push({ table, transaction: query.__knexTxId });
      };
      knex.on('query', listener);
      try {
        const res = await gql(t, 'mutation($id: ID!) { deleteUser(id: $id) }', { id: person.userId }, admin.accessToken);
        assert.equal(res.errors, undefined, res.text);
      } finally {
        knex.off('query', listener);
      }
      assert.deepEqual(deletes.map((d) => d.table).sort(), ['notifications', 'users']);
      assert.ok(deletes[0]!.transaction !== undefined && deletes[0]!.transaction === deletes[1]!.transaction, JSON.stringify(deletes));
      assert.deepEqual(await knex('notifications').where({ user_id: person.userId }).select('id'), []);
    });
  });
}
