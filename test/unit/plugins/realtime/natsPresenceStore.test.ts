/**
 * The NATS presence store (src/plugins/realtime/natsPresenceStore.ts) against a real nats-server with JetStream:
 * two stores on two connections, as two instances would be, each test with a cluster name (buckets) of its own.
 * Liveness runs on one manual clock shared by both: a heartbeat goes when the test moves the clock, and a death is
 * declared at the receiver's exact instant (three seconds of silence). Lock times are given as the realtime
 * service gives them (`now`).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Kvm } from '@nats-io/kv';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream } from '@nats-io/jetstream';
import { presenceBucketNames } from '../../../../src/platform/cluster/buckets.js';
import { clusterNatsPermissions, inboxPrefix } from '../../../../src/platform/cluster/permissions.js';
import { createLogger } from '../../../../src/platform/log/logger.js';
import { createManualClock, type ManualClock } from '../../../../src/platform/scheduler/index.js';
import type { LockHolder } from '../../../../src/plugins/realtime/editLocks.js';
import { LIVENESS_EXPIRY_MS, HEARTBEAT_INTERVAL_MS } from '../../../../src/plugins/realtime/instanceLiveness.js';
import { openNatsPresenceStore, type NatsPresenceStore } from '../../../../src/plugins/realtime/natsPresenceStore.js';
import { lockKey, parseLockRecord, viewersKey } from '../../../../src/plugins/realtime/presenceRecords.js';
import type { PresenceChange } from '../../../../src/plugins/realtime/presenceStore.js';
import { natsServerAvailable, startNatsServer, type NatsServer } from '../../../support/natsServer.js';
import { eventually, until } from '../../../support/polling.js';

const logger = createLogger({ level: 'error', write: () => undefined });
const E = 'service:1';
const TTL = 30_000;

const ann: LockHolder = { userId: 'u1', username: 'ann', sessionId: 's1' };
const annOtherTab: LockHolder = { userId: 'u1', username: 'ann', sessionId: 's1b' };
const bob: LockHolder = { userId: 'u2', username: 'bob', sessionId: 's2' };

describe('presence and edit locks on NATS', {
  skip: natsServerAvailable() ? false : 'nats-server is not installed (apt-get install -y nats-server)',
}, () => {
  let server: NatsServer;
  let clusters = 0;
  const opened: { nc: NatsConnection; store: NatsPresenceStore }[] = [];

  before(async () => {
    server = await startNatsServer();
  });
  after(async () => {
    for (const { nc, store } of opened) {
      await store.stop();
      if (!nc.isClosed()) await nc.close();
    }
    await server?.stop();
  });

  /** One instance: its own connection and store. */
  const instance = async (cluster: string, instanceId: string, clock: ManualClock) => {
    const nc = await connect({ servers: server.url, reconnectTimeWait: 100, maxReconnectAttempts: -1 });
    const store = await openNatsPresenceStore(nc, cluster, { instanceId, logger, clock });
    const changes: PresenceChange[] = [];
    store.onRemoteChange((change) => changes.push(change));
    opened.push({ nc, store });
    return { nc, store, changes };
  };

  /** Two instances a and b of a fresh cluster on one manual clock. */
  const pair = async () => {
    const cluster = `presence${++clusters}`;
    const clock = createManualClock(1_000_000);
    const a = await instance(cluster, 'a', clock);
    const b = await instance(cluster, 'b', clock);
    return { cluster, clock, a, b };
  };

  /** Moves the clock one heartbeat and waits until each connection has received what the other sent. */
  const beat = async (clock: ManualClock, ...ncs: NatsConnection[]) => {
    clock.advance(HEARTBEAT_INTERVAL_MS);
    for (const nc of ncs) if (!nc.isClosed()) await nc.flush();
    for (const nc of ncs) if (!nc.isClosed()) await nc.flush();
  };

  const names = (store: NatsPresenceStore, key = E) => store.viewersOf(key).map((v) => v.username);

  it('lists the viewers of every instance, and drops one when their last watch on their instance ends', async () => {
    const { a, b } = await pair();
    const annWatch = a.store.watch(E, 'u1', 'ann', 10);
    b.store.watch(E, 'u2', 'bob', 20);
    await until(() => names(a.store).join() === 'ann,bob' && names(b.store).join() === 'ann,bob', 'both see ann and bob');
    assert.ok(
      b.changes.some((change) => change.viewers.includes(E)),
      'b announced the change a made',
    );

    // A second watch of the same person elsewhere lists them once, earliest first.
    b.store.watch(E, 'u1', 'ann', 5);
    assert.deepEqual(
      b.store.viewersOf(E).map((v) => [v.username, v.since]),
      [
        ['ann', 5],
        ['bob', 20],
      ],
    );
    assert.equal(a.store.unwatch(E, annWatch), true);
    await until(() => names(a.store).join() === 'ann,bob', 'a still lists ann (watching on b)');
    assert.deepEqual(names(b.store), ['ann', 'bob']);
  });

  it('removes a viewer list from the bucket when its last viewer leaves', async () => {
    const { a, b, cluster } = await pair();
    const token = a.store.watch(E, 'u1', 'ann', 10);
    await until(() => names(b.store).join() === 'ann', 'b sees ann');
    a.store.unwatch(E, token);
    await until(() => names(b.store).length === 0, 'b sees nobody');
    const kv = await new Kvm(a.nc).open(presenceBucketNames(cluster).viewers);
    const keys: string[] = [];
    for await (const key of await kv.keys()) keys.push(key);
    const present = await Promise.all(keys.map((key) => kv.get(key)));
    assert.deepEqual(
      present.filter((entry) => entry?.operation === 'PUT'),
      [],
    );
  });

  it('gives a field to one person across instances; the other is told who holds it until when', async () => {
    const { a, b } = await pair();
    const taken = await a.store.acquire(E, 'description', ann, 1_000, TTL);
    assert.equal(taken.ok, true);
    const refused = await b.store.acquire(E, 'description', bob, 2_000, TTL);
    assert.deepEqual(refused, {
      ok: false,
      reason: 'held',
      heldBy: { userId: 'u1', username: 'ann', sessionId: 's1', entityKey: E, field: 'description', acquiredAt: 1_000, expiresAt: 31_000 },
    });
    // Another field is free; b's mirror shows both locks and ann as editing.
    assert.equal((await b.store.acquire(E, 'owner', bob, 2_000, TTL)).ok, true);
    await until(() => a.store.locksOf(E, 3_000).length === 2, 'a sees both locks');
    assert.deepEqual(
      b.store.locksOf(E, 3_000).map((lock) => `${lock.field}:${lock.username}`),
      ['description:ann', 'owner:bob'],
    );
    assert.equal(b.store.isEditing(E, 'u1', 3_000), true);
    assert.ok(
      a.changes.some((change) => change.locks.includes(E)),
      'a announced the lock b took',
    );
  });

  it('lets the holder take the lock over from another session through another instance, keeping when it was taken', async () => {
    const { a, b } = await pair();
    await a.store.acquire(E, 'description', ann, 1_000, TTL);
    const again = await b.store.acquire(E, 'description', annOtherTab, 5_000, TTL);
    assert.ok(again.ok);
    assert.deepEqual([again.lock.sessionId, again.lock.acquiredAt, again.lock.expiresAt], ['s1b', 1_000, 35_000]);
  });

  it('never gives one field to two people when both instances ask at once', async () => {
    const { a, b } = await pair();
    const fields = Array.from({ length: 20 }, (_, i) => `field${i}`);
    const outcomes = await Promise.all(
      fields.flatMap((field) => [a.store.acquire(E, field, ann, 1_000, TTL), b.store.acquire(E, field, bob, 1_000, TTL)]),
    );
    for (let i = 0; i < fields.length; i++) {
      const pairOf = [outcomes[2 * i], outcomes[2 * i + 1]];
      assert.equal(pairOf.filter((outcome) => outcome?.ok).length, 1, `exactly one holder of ${fields[i]}`);
    }
  });

  it('renews only for the holder, and only while the lock lives', async () => {
    const { a, b } = await pair();
    await a.store.acquire(E, 'description', ann, 1_000, TTL);
    const renewed = await b.store.renew(E, 'description', ann, 20_000, TTL);
    assert.ok(renewed.ok);
    assert.equal(renewed.lock.expiresAt, 50_000);
    const byBob = await b.store.renew(E, 'description', bob, 20_000, TTL);
    assert.equal(byBob.ok ? 'ok' : byBob.reason, 'held');
    const late = await a.store.renew(E, 'description', ann, 50_000, TTL);
    assert.equal(late.ok ? 'ok' : late.reason, 'not-held');
  });

  it('releases for the holder only; then the field is free on the other instance', async () => {
    const { a, b } = await pair();
    await a.store.acquire(E, 'description', ann, 1_000, TTL);
    assert.equal(await b.store.release(E, 'description', 'u2'), false);
    assert.equal(await b.store.release(E, 'description', 'u1'), true);
    await until(() => a.store.locksOf(E, 2_000).length === 0, 'a sees the lock gone');
    assert.equal((await a.store.acquire(E, 'description', bob, 2_000, TTL)).ok, true);
  });

  it("drops a session's locks and a person's locks, whichever instance took them", async () => {
    const { a, b } = await pair();
    await a.store.acquire(E, 'description', ann, 1_000, TTL);
    await b.store.acquire(E, 'owner', ann, 1_000, TTL);
    await b.store.acquire('service:2', 'owner', bob, 1_000, TTL);
    await until(() => a.store.locksOf(E, 2_000).length === 2, 'a sees both of ann');
    assert.deepEqual(await a.store.releaseSession('s1'), [E]);
    await until(() => b.store.locksOf(E, 2_000).length === 0, 'b sees them gone');
    await until(() => a.store.locksOf('service:2', 2_000).length === 1, "a sees bob's");
    assert.deepEqual(await a.store.releaseUser('u2'), ['service:2']);
    await until(() => b.store.locksOf('service:2', 2_000).length === 0, "b sees bob's gone");
  });

  it('forgets expired locks at their instant and reports the next expiry', async () => {
    const { a, b } = await pair();
    await a.store.acquire(E, 'description', ann, 1_000, 10_000);
    await b.store.acquire(E, 'owner', bob, 1_000, 20_000);
    await until(() => a.store.locksOf(E, 1_000).length === 2 && b.store.locksOf(E, 1_000).length === 2, 'both know both locks');
    assert.deepEqual([a.store.nextExpiry(), b.store.nextExpiry()], [11_000, 11_000]);
    assert.deepEqual(a.store.expire(10_999), []);
    assert.deepEqual(a.store.expire(11_000), [E]);
    assert.equal(a.store.nextExpiry(), 21_000);
    // An expired lock is free for anyone, on either instance.
    assert.equal((await b.store.acquire(E, 'description', bob, 11_000, TTL)).ok, true);
  });

  it("drops a dead instance's viewers and locks exactly three seconds after its last heartbeat, then deletes them", async () => {
    const { a, b, clock, cluster } = await pair();
    a.store.watch(E, 'u1', 'ann', 10);
    await a.store.acquire(E, 'description', ann, 1_000, 300_000);
    await until(() => names(b.store).join() === 'ann' && b.store.locksOf(E, 2_000).length === 1, 'b sees ann and her lock');
    await beat(clock, a.nc, b.nc);
    const lastBeat = clock.now();
    // Killed: no leave, no "leaving", no deletes (to NATS, a kill -9).
    await a.nc.close();
    b.changes.length = 0;

    clock.advance(LIVENESS_EXPIRY_MS - 1);
    assert.deepEqual(names(b.store), ['ann'], 'alive until three seconds of silence');
    clock.advance(1);
    assert.equal(clock.now(), lastBeat + LIVENESS_EXPIRY_MS);
    assert.deepEqual(names(b.store), []);
    assert.deepEqual(b.store.locksOf(E, 2_000), []);
    assert.deepEqual(b.changes, [{ viewers: [E], locks: [E] }]);
    // The field is free at once, and the dead instance's keys are deleted from the buckets.
    assert.equal((await b.store.acquire(E, 'description', bob, 2_000, TTL)).ok, true);
    const viewers = await new Kvm(b.nc).open(presenceBucketNames(cluster).viewers);
    await eventually(
      async () => ((await viewers.get(viewersKey('a', E)))?.operation === 'DEL' ? true : undefined),
      "the dead instance's viewers key deleted",
    );
    const locks = await new Kvm(b.nc).open(presenceBucketNames(cluster).locks);
    assert.equal(parseLockRecord(await locks.get(lockKey(E, 'description')))?.username, 'bob');
  });

  it('drops the viewers and locks of an instance that stops gracefully at once', async () => {
    const { a, b } = await pair();
    a.store.watch(E, 'u1', 'ann', 10);
    await a.store.acquire(E, 'description', ann, 1_000, TTL);
    await until(() => names(b.store).join() === 'ann' && b.store.locksOf(E, 2_000).length === 1, 'b sees ann and her lock');
    await a.store.stop();
    await until(() => names(b.store).length === 0 && b.store.locksOf(E, 2_000).length === 0, 'b sees them gone without the clock moving');
  });

  it('sweeps entries left by an incarnation that died before this one started', async () => {
    const cluster = `presence${++clusters}`;
    const clock = createManualClock(1_000_000);
    const old = await instance(cluster, 'a', clock);
    old.store.watch(E, 'u1', 'ann', 10);
    await old.store.acquire(E, 'description', ann, 1_000, 300_000);
    await old.nc.flush();
    await old.nc.close();
    // Restarted under the same instance id: a new incarnation, which never heard the old one.
    const fresh = await instance(cluster, 'a', clock);
    await until(() => names(fresh.store).join() === 'ann', 'the old entries are read');
    assert.equal((await fresh.store.acquire(E, 'description', bob, 2_000, TTL)).ok, false, 'unknown yet: counted alive');
    clock.advance(LIVENESS_EXPIRY_MS);
    assert.deepEqual(names(fresh.store), []);
    assert.equal((await fresh.store.acquire(E, 'description', bob, 2_000, TTL)).ok, true);
  });

  it('keeps viewers and locks across a NATS restart: instances cut off together count each other again once they hear each other', async () => {
    const { a, b, clock } = await pair();
    a.store.watch(E, 'u1', 'ann', 10);
    await a.store.acquire(E, 'description', ann, 1_000, 300_000);
    await until(() => names(b.store).join() === 'ann' && b.store.locksOf(E, 2_000).length === 1, 'b sees ann and her lock');
    await beat(clock, a.nc, b.nc);
    const statuses = (nc: NatsConnection) => {
      const seen: string[] = [];
      void (async () => {
        for await (const status of nc.status()) seen.push(status.type);
      })();
      return seen;
    };
    const seenA = statuses(a.nc);
    const seenB = statuses(b.nc);
    const restarted = server.restart();
    await until(() => seenA.includes('disconnect') && seenB.includes('disconnect'), 'both see the disconnect');
    // While NATS is away, each instance hears nobody: the other is dead to it (and what it tries to delete fails).
    clock.advance(LIVENESS_EXPIRY_MS);
    assert.deepEqual(names(b.store), []);
    await restarted;
    await until(() => seenA.includes('reconnect') && seenB.includes('reconnect'), 'both reconnected');
    // Time goes on while they wait, a beat every 100 ms (at most 100 s of the clock, within the lock's 300 s): a watch
    // that could not start again at the reconnect (JetStream still recovering on a loaded machine) is started again
    // by the next check, an expiry later, as it would be in production.
    let beatAt = Number.NEGATIVE_INFINITY;
    await eventually(async () => {
      if (performance.now() - beatAt >= 100) {
        beatAt = performance.now();
        await beat(clock, a.nc, b.nc);
      }
      return names(b.store).join() === 'ann' && b.store.locksOf(E, 2_000).length === 1 ? true : undefined;
    }, 'b sees ann and her lock again');
    // Past the sweep after the reconnect: the lock is still ann's in the bucket, and refused to bob.
    for (let i = 0; i < 4; i++) await beat(clock, a.nc, b.nc);
    const refused = await b.store.acquire(E, 'description', bob, 2_000, TTL);
    assert.equal(refused.ok ? 'ok' : refused.reason, 'held');
  });

  it("runs on the cluster's NATS permissions, and another cluster's user can neither open nor write its locks", async () => {
    const user = (name: string) => {
      const { publish, subscribe } = clusterNatsPermissions(name);
      return `{ user: ${name}, password: ${name}-password, permissions: { publish: ${JSON.stringify(publish)}, subscribe: ${JSON.stringify(subscribe)} } }`;
    };
    const restricted = await startNatsServer({
      config: `authorization { users = [ ${user('alpha')}, ${user('beta')} ] }\n`,
      readyAs: { user: 'alpha', pass: 'alpha-password', inboxPrefix: inboxPrefix('alpha') },
    });
    const as = (name: string) => connect({ servers: restricted.url, user: name, pass: `${name}-password`, inboxPrefix: inboxPrefix(name) });
    const connections: NatsConnection[] = [];
    const stores: NatsPresenceStore[] = [];
    try {
      const clock = createManualClock(1_000_000);
      const open = async (instanceId: string) => {
        const nc = await as('alpha');
        connections.push(nc);
        const store = await openNatsPresenceStore(nc, 'alpha', { instanceId, logger, clock });
        stores.push(store);
        return store;
      };
      const one = await open('web-1');
      const two = await open('web-2');
      one.watch(E, 'u1', 'ann', 10);
      assert.equal((await one.acquire(E, 'description', ann, 1_000, TTL)).ok, true);
      await until(() => names(two).join() === 'ann' && two.locksOf(E, 2_000).length === 1, 'web-2 sees ann and her lock');
      assert.equal((await two.acquire(E, 'description', bob, 2_000, TTL)).ok, false);
      await one.stop();
      await until(() => names(two).length === 0 && two.locksOf(E, 2_000).length === 0, "web-1's goodbye heard, its keys deleted");

      const beta = await as('beta');
      connections.push(beta);
      await assert.rejects(openNatsPresenceStore(beta, 'alpha', { instanceId: 'intruder', logger, clock }), /Permissions Violation/);
      await assert.rejects(
        jetstream(beta).publish(`$KV.${presenceBucketNames('alpha').locks}.${lockKey(E, 'owner')}`, 'stolen', { timeout: 1_000 }),
        /Permissions Violation/,
      );
    } finally {
      for (const store of stores) await store.stop();
      for (const nc of connections) await nc.close();
      await restricted.stop();
    }
  });
});
