/**
 * Presence and field edit locks (issue 5, SPEC.md user:viewing / user:editing) with the real
 * graphql-ws client: viewers appear and disappear with their subscriptions and connections;
 * locks are taken, renewed and released by mutation, refused to a second person, expire when not
 * renewed, and go when their holder's last connection drops.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends } from '../../../support/backends.js';
import { BOOTSTRAP_ENV, gql, personWithRole, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { connectClient, subscribe, type Feed } from '../../../support/realtime.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

const VIEWERS =
  'subscription($id: ID!) { entityViewersChanged(entityType: "service", entityId: $id) { event entityType entityId viewers { username editing } } }';
const LOCKS =
  'subscription($id: ID!) { editLockChanged(entityType: "service", entityId: $id) { event locks { field username expiresAt } } }';
const ACQUIRE =
  'mutation($id: ID!, $f: String!, $ttl: Int) { acquireEditLock(entityType: "service", entityId: $id, field: $f, ttlSeconds: $ttl) { field username acquiredAt expiresAt entityType entityId } }';
const RENEW =
  'mutation($id: ID!, $f: String!, $ttl: Int) { renewEditLock(entityType: "service", entityId: $id, field: $f, ttlSeconds: $ttl) { expiresAt } }';
const RELEASE = 'mutation($id: ID!, $f: String!) { releaseEditLock(entityType: "service", entityId: $id, field: $f) }';

for (const backend of testBackends()) {
  describe(`presence and edit locks (${backend.name})`, () => {
    const clock = createManualClock(Date.now());
    let t: TestServer;
    let admin: SignedIn;
    let n = 0;
    before(async () => {
      t = await startTestServer(backend, { clock, env: BOOTSTRAP_ENV });
      admin = await signInAdmin(t);
    });
    after(() => t.close());

    async function newService(): Promise<string> {
      const res = await t.call('POST', '/api/v1/health/report', { service: `edited-${++n}`, nodeId: 'eu/presence', status: 'OPERATIONAL' });
      assert.equal(res.status, 200, res.text);
      return res.json.serviceId;
    }

    const names = async (feed: Feed) =>
      (await feed.data()).entityViewersChanged.viewers.map(
        (v: { username: string; editing: boolean }) => `${v.username}${v.editing ? '*' : ''}`,
      );
    const lockList = async (feed: Feed) =>
      (await feed.data()).editLockChanged.locks.map((l: { field: string; username: string }) => `${l.field}:${l.username}`);

    it('lists a person as a viewer while their subscription lives, and drops them when they disconnect', async () => {
      const id = await newService();
      const alice = await personWithRole(t, admin, 'OPERATOR', `alice-${n}`);
      const bob = await personWithRole(t, admin, 'USER', `bob-${n}`);
      const aliceClient = connectClient(t, { token: alice.accessToken });
      const aliceFeed = subscribe(aliceClient, VIEWERS, { id });
      assert.deepEqual(await names(aliceFeed), [alice.username]);

      const bobClient = connectClient(t, { token: bob.accessToken });
      const bobFeed = subscribe(bobClient, VIEWERS, { id });
      assert.deepEqual(await names(aliceFeed), [alice.username, bob.username]);
      const first = (await bobFeed.data()).entityViewersChanged;
      assert.deepEqual(
        { event: first.event, entityType: first.entityType, entityId: first.entityId },
        { event: 'user:viewing', entityType: 'service', entityId: id },
      );

      await bobClient.dispose();
      assert.deepEqual(await names(aliceFeed), [alice.username]);
      const listed = await gql(
        t,
        'query($id: ID!) { entityViewers(entityType: "service", entityId: $id) { viewers { username } } }',
        { id },
        admin.accessToken,
      );
      assert.deepEqual(listed.data.entityViewers.viewers, [{ username: alice.username }]);
      await aliceClient.dispose();
    });

    it('lists a person with two tabs once, and keeps them while one tab is open', async () => {
      const id = await newService();
      const carol = await personWithRole(t, admin, 'USER', `carol-${n}`);
      const watcher = connectClient(t, { token: admin.accessToken });
      const watcherFeed = subscribe(watcher, VIEWERS, { id });
      assert.deepEqual(await names(watcherFeed), ['admin']);
      const tab1 = connectClient(t, { token: carol.accessToken });
      const tab2 = connectClient(t, { token: carol.accessToken });
      const tab1Feed = subscribe(tab1, VIEWERS, { id });
      assert.deepEqual(await names(watcherFeed), ['admin', carol.username]);
      const tab2Feed = subscribe(tab2, VIEWERS, { id });
      // The second tab gets the list; nobody else hears of a change that is not one.
      assert.deepEqual(await names(tab2Feed), ['admin', carol.username]);
      await tab1.dispose();
      await tab2.dispose();
      assert.deepEqual(await names(watcherFeed), ['admin']);
      assert.equal(watcherFeed.pending, 0);
      assert.equal(tab1Feed.error, undefined);
      await watcher.dispose();
    });

    it('gives a field lock to one person; a second gets CONFLICT naming the holder; another field is free', async () => {
      const id = await newService();
      const dave = await personWithRole(t, admin, 'OPERATOR', `dave-${n}`);
      const erin = await personWithRole(t, admin, 'OPERATOR', `erin-${n}`);
      const watcher = connectClient(t, { token: admin.accessToken });
      const locks = subscribe(watcher, LOCKS, { id });
      const viewers = subscribe(watcher, VIEWERS, { id });
      assert.deepEqual(await lockList(locks), []);
      assert.deepEqual(await names(viewers), ['admin']);

      const taken = await gql(t, ACQUIRE, { id, f: 'description' }, dave.accessToken);
      assert.equal(taken.errors, undefined, taken.text);
      const lock = taken.data.acquireEditLock;
      assert.deepEqual(
        { field: lock.field, username: lock.username, entityType: lock.entityType, entityId: lock.entityId },
        { field: 'description', username: dave.username, entityType: 'service', entityId: id },
      );
      assert.equal(Date.parse(lock.expiresAt) - Date.parse(lock.acquiredAt), 30_000);
      assert.deepEqual(await lockList(locks), [`description:${dave.username}`]);

      const refused = await gql(t, ACQUIRE, { id, f: 'description' }, erin.accessToken);
      assert.deepEqual(refused.codes, ['CONFLICT']);
      assert.match(refused.errors![0].message, new RegExp(`being edited by ${dave.username}`));
      const other = await gql(t, ACQUIRE, { id, f: 'owner' }, erin.accessToken);
      assert.equal(other.errors, undefined, other.text);
      assert.deepEqual(await lockList(locks), [`description:${dave.username}`, `owner:${erin.username}`]);

      const released = await gql(t, RELEASE, { id, f: 'description' }, erin.accessToken);
      assert.equal(released.data.releaseEditLock, false, 'only the holder releases');
      assert.equal((await gql(t, RELEASE, { id, f: 'description' }, dave.accessToken)).data.releaseEditLock, true);
      assert.deepEqual(await lockList(locks), [`owner:${erin.username}`]);
      await gql(t, RELEASE, { id, f: 'owner' }, erin.accessToken);
      assert.deepEqual(await lockList(locks), []);
      await watcher.dispose();
    });

    it('marks a watching person as editing while they hold a lock (user:editing)', async () => {
      const id = await newService();
      const frank = await personWithRole(t, admin, 'OPERATOR', `frank-${n}`);
      const client = connectClient(t, { token: frank.accessToken });
      const viewers = subscribe(client, VIEWERS, { id });
      assert.deepEqual(await names(viewers), [frank.username]);
      await gql(t, ACQUIRE, { id, f: 'tags' }, frank.accessToken);
      assert.deepEqual(await names(viewers), [`${frank.username}*`]);
      await gql(t, RELEASE, { id, f: 'tags' }, frank.accessToken);
      assert.deepEqual(await names(viewers), [frank.username]);
      await client.dispose();
    });

    it('renews a lock for its holder only, and lets it expire when not renewed', async () => {
      const id = await newService();
      const gina = await personWithRole(t, admin, 'OPERATOR', `gina-${n}`);
      const hank = await personWithRole(t, admin, 'OPERATOR', `hank-${n}`);
      const watcher = connectClient(t, { token: admin.accessToken });
      const locks = subscribe(watcher, LOCKS, { id });
      assert.deepEqual(await lockList(locks), []);
      const taken = await gql(t, ACQUIRE, { id, f: 'runbook', ttl: 10 }, gina.accessToken);
      assert.equal(taken.errors, undefined, taken.text);
      assert.deepEqual(await lockList(locks), [`runbook:${gina.username}`]);

      clock.advance(8_000);
      const renewed = await gql(t, RENEW, { id, f: 'runbook', ttl: 10 }, gina.accessToken);
      assert.equal(renewed.errors, undefined, renewed.text);
      assert.equal(Date.parse(renewed.data.renewEditLock.expiresAt), clock.now() + 10_000);
      assert.deepEqual(await lockList(locks), [`runbook:${gina.username}`]);
      assert.deepEqual((await gql(t, RENEW, { id, f: 'runbook' }, hank.accessToken)).codes, ['CONFLICT']);

      clock.advance(10_000);
      // Its expiry timer drops it and tells the watchers.
      assert.deepEqual(await lockList(locks), []);
      assert.deepEqual((await gql(t, RENEW, { id, f: 'runbook' }, gina.accessToken)).codes, ['CONFLICT']);
      const now = await gql(t, ACQUIRE, { id, f: 'runbook' }, hank.accessToken);
      assert.equal(now.errors, undefined, 'an expired lock is free for anyone');
      await watcher.dispose();
    });

    it('announces a lock expiry at its instant, before anything that happens after it', async () => {
      const id = await newService();
      const gina = await personWithRole(t, admin, 'OPERATOR', `gina-${n}`);
      const hank = await personWithRole(t, admin, 'OPERATOR', `hank-${n}`);
      const watcher = connectClient(t, { token: admin.accessToken });
      const locks = subscribe(watcher, LOCKS, { id });
      assert.deepEqual(await lockList(locks), []);
      assert.equal((await gql(t, ACQUIRE, { id, f: 'runbook', ttl: 5 }, gina.accessToken)).errors, undefined);
      assert.deepEqual(await lockList(locks), [`runbook:${gina.username}`]);

      clock.advance(4_999);
      await gql(t, ACQUIRE, { id, f: 'owner' }, hank.accessToken);
      assert.deepEqual(await lockList(locks), [`owner:${hank.username}`, `runbook:${gina.username}`], 'still held a millisecond before');

      clock.advance(1);
      // A lock dropped only when someone next looked (or on a later sweep) would show up first in
      // the frame of this next change, not in a frame of its own.
      await gql(t, ACQUIRE, { id, f: 'tags' }, hank.accessToken);
      assert.deepEqual(await lockList(locks), [`owner:${hank.username}`], 'the expiry, announced when it happened');
      assert.deepEqual(await lockList(locks), [`owner:${hank.username}`, `tags:${hank.username}`]);
      await watcher.dispose();
    });

    it("releases a person's locks when their session's last connection drops", async () => {
      const id = await newService();
      const ivan = await personWithRole(t, admin, 'OPERATOR', `ivan-${n}`);
      const watcher = connectClient(t, { token: admin.accessToken });
      const locks = subscribe(watcher, LOCKS, { id });
      assert.deepEqual(await lockList(locks), []);
      const editor = connectClient(t, { token: ivan.accessToken });
      const editorFeed = subscribe(editor, VIEWERS, { id });
      await editorFeed.data();
      await gql(t, ACQUIRE, { id, f: 'notes', ttl: 300 }, ivan.accessToken);
      assert.deepEqual(await lockList(locks), [`notes:${ivan.username}`]);
      await editor.dispose();
      assert.deepEqual(await lockList(locks), []);
      await watcher.dispose();
    });

    it('lets a user watch a service but not lock it; refuses bad lock arguments', async () => {
      const id = await newService();
      const user = await personWithRole(t, admin, 'USER');
      assert.deepEqual((await gql(t, ACQUIRE, { id, f: 'description' }, user.accessToken)).codes, ['FORBIDDEN']);
      const operator = await personWithRole(t, admin, 'OPERATOR');
      assert.deepEqual((await gql(t, ACQUIRE, { id, f: 'description', ttl: 301 }, operator.accessToken)).codes, ['BAD_USER_INPUT']);
      assert.deepEqual((await gql(t, ACQUIRE, { id, f: 'no spaces please' }, operator.accessToken)).codes, ['BAD_USER_INPUT']);
      assert.deepEqual((await gql(t, ACQUIRE, { id: 'missing', f: 'description' }, operator.accessToken)).codes, ['NOT_FOUND']);
      assert.deepEqual((await gql(t, ACQUIRE, { id, f: 'description' })).codes, ['UNAUTHENTICATED']);
    });
  });
}
