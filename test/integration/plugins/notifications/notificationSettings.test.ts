/**
 * A person's notification settings (SPEC.md core `notificationSettings`, `updateNotificationSettings`):
 * every kind is on until switched off; a kind switched off creates no notification for that person
 * (no row, no `notificationReceived`), others still get theirs; all or nothing on bad input; kept
 * across a restart; gone with the person.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { durableStore, testBackends } from '../../../support/backends.js';
import { BOOTSTRAP_ENV, gql, personWithRole, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { connectClient, subscribe, waitForSubscribers } from '../../../support/realtime.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { push } from '../../../support/webhooks.js';

const SETTINGS = '{ notificationSettings { type description enabled } }';
const UPDATE = 'mutation($s: [NotificationSettingInput!]!) { updateNotificationSettings(settings: $s) { type enabled } }';
const RECEIVED = 'subscription { notificationReceived { event notification { type title } } }';

const enabledOf = (settings: { type: string; enabled: boolean }[]) => Object.fromEntries(settings.map((s) => [s.type, s.enabled]));

for (const backend of testBackends()) {
  describe(`notification settings (${backend.name})`, { timeout: 120_000 }, () => {
    let t: TestServer;
    let admin: SignedIn;
    let services = 0;
    before(async () => {
      t = await startTestServer(backend, { env: BOOTSTRAP_ENV });
      admin = await signInAdmin(t);
    });
    after(() => t.close());

    /** A service owned by `owner`, pushed OPERATIONAL; returns its name. */
    const ownedService = async (owner: SignedIn): Promise<string> => {
      const name = `settings-${++services}`;
      await push(t, name, 'OPERATIONAL', 'eu/settings');
      const service = t.server.fleet.services.find('eu/settings', name)!;
      const res = await gql(
        t,
        'mutation($id: ID!, $o: ID!) { updateService(id: $id, input: { ownerId: $o }) { id } }',
        { id: service.id, o: owner.userId },
        admin.accessToken,
      );
      assert.equal(res.errors, undefined, res.text);
      return name;
    };
    const typesOf = async (person: SignedIn) => {
      await t.server.writer.settled();
      return (await t.server.database.knex('notifications').where({ user_id: person.userId }).orderBy('created_at').select('type')).map(
        (r) => r.type,
      );
    };

    it('lists every kind of notification, each on by default', async () => {
      const person = await personWithRole(t, admin, 'USER');
      const res = await gql(t, SETTINGS, undefined, person.accessToken);
      assert.equal(res.errors, undefined, res.text);
      const settings = res.data.notificationSettings as { type: string; description: string; enabled: boolean }[];
      for (const type of ['service.down', 'service.degraded', 'service.up'])
        assert.ok(
          settings.some((s) => s.type === type),
          `${type} is listed`,
        );
      assert.ok(settings.every((s) => s.enabled && s.description.length > 0));
    });

    it('a kind switched off creates no notification for that person; the kinds left on still do', async () => {
      const owner = await personWithRole(t, admin, 'OPERATOR');
      const res = await gql(t, UPDATE, { s: [{ type: 'service.down', enabled: false }] }, owner.accessToken);
      assert.equal(res.errors, undefined, res.text);
      assert.equal(enabledOf(res.data.updateNotificationSettings)['service.down'], false);
      assert.equal(enabledOf(res.data.updateNotificationSettings)['service.up'], true);
      const name = await ownedService(owner);
      await push(t, name, 'DOWN', 'eu/settings');
      await push(t, name, 'OPERATIONAL', 'eu/settings');
      assert.deepEqual(await typesOf(owner), ['service.up']);
    });

    it('a kind switched off sends nothing live; switched on again, the next one arrives', async () => {
      const owner = await personWithRole(t, admin, 'OPERATOR');
      const name = await ownedService(owner);
      assert.equal((await gql(t, UPDATE, { s: [{ type: 'service.down', enabled: false }] }, owner.accessToken)).errors, undefined);
      const client = connectClient(t, { token: owner.accessToken });
      try {
        const feed = subscribe(client, RECEIVED);
        await waitForSubscribers(t, `notifications:${owner.userId}`, 1);
        await push(t, name, 'DOWN', 'eu/settings');
        await push(t, name, 'OPERATIONAL', 'eu/settings');
        assert.equal((await feed.data()).notificationReceived.notification.type, 'service.up', 'the DOWN before it was not sent');
        assert.equal((await gql(t, UPDATE, { s: [{ type: 'service.down', enabled: true }] }, owner.accessToken)).errors, undefined);
        await push(t, name, 'DOWN', 'eu/settings');
        assert.equal((await feed.data()).notificationReceived.notification.type, 'service.down');
      } finally {
        await client.dispose();
      }
    });

    it("one person's settings do not change what others get", async () => {
      const [quiet, other] = [await personWithRole(t, admin, 'OPERATOR'), await personWithRole(t, admin, 'OPERATOR')];
      assert.equal((await gql(t, UPDATE, { s: [{ type: 'service.down', enabled: false }] }, quiet.accessToken)).errors, undefined);
      await push(t, await ownedService(quiet), 'DOWN', 'eu/settings');
      await push(t, await ownedService(other), 'DOWN', 'eu/settings');
      assert.deepEqual(await typesOf(quiet), []);
      assert.deepEqual(await typesOf(other), ['service.down']);
      assert.equal(enabledOf((await gql(t, SETTINGS, undefined, other.accessToken)).data.notificationSettings)['service.down'], true);
    });

    const refusals: Array<[string, unknown[], RegExp]> = [
      [
        'an unknown type',
        [{ type: 'service.exploded', enabled: false }],
        /unknown notification type "service.exploded"; known: service.down/,
      ],
      [
        'a type given twice',
        [
          { type: 'service.down', enabled: false },
          { type: 'service.down', enabled: true },
        ],
        /service.down is given twice/,
      ],
      [
        'a valid change beside an unknown type',
        [
          { type: 'service.up', enabled: false },
          { type: 'nope', enabled: false },
        ],
        /settings\[1\].type/,
      ],
      ['more than 200 changes', Array.from({ length: 201 }, () => ({ type: 'service.up', enabled: false })), /at most 200/],
    ];
    for (const [what, settings, message] of refusals) {
      it(`refuses ${what} with BAD_USER_INPUT and changes nothing`, async () => {
        const person = await personWithRole(t, admin, 'USER');
        const res = await gql(t, UPDATE, { s: settings }, person.accessToken);
        assert.deepEqual(res.codes, ['BAD_USER_INPUT']);
        assert.match(res.errors![0].message, message);
        assert.ok(
          (await gql(t, SETTINGS, undefined, person.accessToken)).data.notificationSettings.every((s: { enabled: boolean }) => s.enabled),
        );
      });
    }

    it('asks for a signed-in person', async () => {
      assert.deepEqual((await gql(t, SETTINGS)).codes, ['UNAUTHENTICATED']);
      assert.deepEqual((await gql(t, UPDATE, { s: [] })).codes, ['UNAUTHENTICATED']);
    });

    it("deleting a person deletes their settings in the person's own transaction", async () => {
      const person = await personWithRole(t, admin, 'USER');
      assert.equal((await gql(t, UPDATE, { s: [{ type: 'service.up', enabled: false }] }, person.accessToken)).errors, undefined);
      assert.equal((await t.server.database.knex('notification_settings').where({ user_id: person.userId })).length, 1);
      const res = await gql(t, 'mutation($id: ID!) { deleteUser(id: $id) }', { id: person.userId }, admin.accessToken);
      assert.equal(res.errors, undefined, res.text);
      assert.deepEqual(await t.server.database.knex('notification_settings').where({ user_id: person.userId }), []);
    });
  });

  describe(`notification settings across a restart (${backend.name})`, { timeout: 120_000 }, () => {
    it('a kind switched off stays off after a restart', async () => {
      const store = await durableStore(backend);
      try {
        const first = await startTestServer(backend, { store: store.forRun(), env: BOOTSTRAP_ENV });
        let person: SignedIn;
        try {
          person = await personWithRole(first, await signInAdmin(first), 'USER', 'restart-settings');
          assert.equal(
            (await gql(first, UPDATE, { s: [{ type: 'service.degraded', enabled: false }] }, person.accessToken)).errors,
            undefined,
          );
        } finally {
          await first.close();
        }
        const second = await startTestServer(backend, { store: store.forRun(), env: BOOTSTRAP_ENV });
        try {
          const res = await gql(second, SETTINGS, undefined, person.accessToken);
          assert.equal(res.errors, undefined, res.text);
          assert.equal(enabledOf(res.data.notificationSettings)['service.degraded'], false);
          assert.equal(second.server.app.notificationSettings.wants(person.userId, 'service.degraded'), false);
        } finally {
          await second.close();
        }
      } finally {
        await store.dispose();
      }
    });
  });
}
