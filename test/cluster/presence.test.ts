/**
 * Presence and edit locks across instances (issue 29 item 5), end to end: two in-process servers on one
 * PostgreSQL and one NATS, each with the NATS presence store on its own connection (as two processes would be),
 * real graphql-ws clients on each. A person on A and a person on B see each other as viewers; a lock taken through
 * A is refused to the person on B and shown to them; when A's NATS connection dies without a goodbye, its viewers
 * and locks disappear on B within 6 s and the field is free.
 *
 * Cluster mode itself is not wired here (another step of issue 29): the servers take the store through
 * `ServerDependencies.presence`, and share a database only so that both know the same people and services.
 * Liveness runs on real time (a heartbeat a second, three seconds of silence is a death), which is what is measured.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { createLogger } from '../../src/platform/log/logger.js';
import { openNatsPresenceStore, type NatsPresenceStore } from '../../src/plugins/realtime/natsPresenceStore.js';
import { postgresBackend, type TestStore } from '../support/backends.js';
import { BOOTSTRAP_ENV, gql, personWithRole, signIn, signInAdmin, type SignedIn } from '../support/graphql.js';
import { startNatsServer, type NatsServer } from '../support/natsServer.js';
import { connectClient, subscribe, type Feed } from '../support/realtime.js';
import { CLUSTER_SKIP } from '../support/testCluster.js';
import { startTestServer, type TestServer } from '../support/testServer.js';

const DATABASE_URL = process.env['SVC_TEST_DATABASE_URL'];
const CLUSTER = 'presencetest';
/** The bound: a dead instance's presence and locks are gone within this. */
const GONE_WITHIN_MS = 6_000;

const VIEWERS = 'subscription($id: ID!) { entityViewersChanged(entityType: "service", entityId: $id) { viewers { username editing } } }';
const LOCKS = 'subscription($id: ID!) { editLockChanged(entityType: "service", entityId: $id) { locks { field username } } }';
const ACQUIRE =
  'mutation($id: ID!, $f: String!) { acquireEditLock(entityType: "service", entityId: $id, field: $f, ttlSeconds: 300) { field username } }';

const skip = CLUSTER_SKIP;

/** Reads a feed's frames until one shows `expected` (frames in between are states on the way); returns when it arrived. */
async function frameUntil(feed: Feed, read: (data: any) => string, expected: string): Promise<number> {
  const seen: string[] = [];
  for (;;) {
    const shown = read(await feed.data(`a frame showing ${expected} (seen: ${seen.join(' | ')})`));
    if (shown === expected) return Date.now();
    seen.push(shown);
  }
}

const viewerNames = (data: any): string =>
  data.entityViewersChanged.viewers.map((v: { username: string; editing: boolean }) => `${v.username}${v.editing ? '*' : ''}`).join(',');
const lockNames = (data: any): string =>
  data.editLockChanged.locks.map((l: { field: string; username: string }) => `${l.field}:${l.username}`).join(',');

describe('presence and edit locks across two instances', { skip }, () => {
  const logger = createLogger({ level: 'error', write: () => undefined });
  let nats: NatsServer;
  let store: TestStore;
  let ncA: NatsConnection;
  let ncB: NatsConnection;
  let presenceA: NatsPresenceStore;
  let presenceB: NatsPresenceStore;
  let a: TestServer;
  let b: TestServer;
  let serviceId: string;
  let alice: SignedIn & { username: string };
  let bob: SignedIn & { username: string };

  before(async () => {
    nats = await startNatsServer();
    const backend = postgresBackend(DATABASE_URL as string);
    store = await backend.createStore();
    ncA = await connect({ servers: nats.url });
    ncB = await connect({ servers: nats.url });
    presenceA = await openNatsPresenceStore(ncA, CLUSTER, { instanceId: 'a', logger });
    presenceB = await openNatsPresenceStore(ncB, CLUSTER, { instanceId: 'b', logger });
    a = await startTestServer(backend, { store, env: BOOTSTRAP_ENV, presence: presenceA });
    // People and the service first, through A: B reads them when it starts (nothing replicates between them here).
    const admin = await signInAdmin(a);
    const pushed = await a.call('POST', '/api/v1/health/report', { service: 'edited', nodeId: 'eu/presence', status: 'OPERATIONAL' });
    assert.equal(pushed.status, 200, pushed.text);
    serviceId = pushed.json.serviceId;
    alice = await personWithRole(a, admin, 'OPERATOR', 'alice');
    const bobOnA = await personWithRole(a, admin, 'OPERATOR', 'bob');
    b = await startTestServer(backend, { store, env: BOOTSTRAP_ENV, presence: presenceB });
    bob = { ...(await signIn(b, bobOnA.username, bobOnA.password)), username: bobOnA.username };
  });

  after(async () => {
    await a?.close();
    await b?.close();
    await ncA?.close();
    await ncB?.close();
    await store?.dispose();
    await nats?.stop();
  });

  it('shows a person on A and a person on B to each other as viewers, and a lock through A as read-only on B; A dies and both are gone from B within 6 s', async (t) => {
    const aliceClient = connectClient(a, { token: alice.accessToken });
    const bobClient = connectClient(b, { token: bob.accessToken });
    try {
      const aliceViewers = subscribe(aliceClient, VIEWERS, { id: serviceId });
      await frameUntil(aliceViewers, viewerNames, 'alice');
      const bobViewers = subscribe(bobClient, VIEWERS, { id: serviceId });
      const bobLocks = subscribe(bobClient, LOCKS, { id: serviceId });
      await frameUntil(bobViewers, viewerNames, 'alice,bob');
      await frameUntil(aliceViewers, viewerNames, 'alice,bob');
      await frameUntil(bobLocks, lockNames, '');

      // A lock through A: B shows it, marks alice as editing, and refuses the field to bob.
      const taken = await gql(a, ACQUIRE, { id: serviceId, f: 'description' }, alice.accessToken);
      assert.equal(taken.errors, undefined, taken.text);
      await frameUntil(bobLocks, lockNames, 'description:alice');
      await frameUntil(bobViewers, viewerNames, 'alice*,bob');
      const refused = await gql(b, ACQUIRE, { id: serviceId, f: 'description' }, bob.accessToken);
      assert.equal(refused.errors?.[0]?.extensions?.code, 'CONFLICT', refused.text);
      assert.match(refused.errors[0].message, /being edited by alice/);
      const listed = await gql(
        b,
        'query($id: ID!) { editLocks(entityType: "service", entityId: $id) { locks { field username } } }',
        { id: serviceId },
        bob.accessToken,
      );
      assert.deepEqual(listed.data.editLocks.locks, [{ field: 'description', username: 'alice' }]);

      // A's NATS connection dies without a goodbye (to the cluster, a kill -9 of A): no "leaving", no deletes.
      const killedAt = Date.now();
      await ncA.close();
      const locksGoneAt = await frameUntil(bobLocks, lockNames, '');
      const viewersGoneAt = await frameUntil(bobViewers, viewerNames, 'bob');
      const gone = Math.max(locksGoneAt, viewersGoneAt) - killedAt;
      t.diagnostic(`A's viewers and locks gone from B ${gone} ms after its connection died`);
      assert.ok(gone < GONE_WITHIN_MS, `gone from B after ${gone} ms, not within ${GONE_WITHIN_MS} ms`);
      const free = await gql(b, ACQUIRE, { id: serviceId, f: 'description' }, bob.accessToken);
      assert.equal(free.errors, undefined, free.text);
      assert.equal(free.data.acquireEditLock.username, 'bob');
    } finally {
      await aliceClient.dispose();
      await bobClient.dispose();
    }
  });
});
