/**
 * The committed event stream of cluster mode end to end (docs/adr/0060): an owner stages events into the group
 * commit and publishes them after it; a subscriber on another NATS connection (another instance) gets each once
 * and in order, and repairs lost messages, epoch changes and reconnects by replay from the history table. A real
 * nats-server (started here on a free port) and the real database: the embedded PGlite always, PostgreSQL too
 * when SVC_TEST_DATABASE_URL is set. Each test uses its own cluster name (subjects) and its own shards.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { claimShardEpoch } from '../../../../src/platform/cluster/fence.js';
import { shardEpochsSchema } from '../../../../src/platform/cluster/fenceMigration.js';
import { ClusterEventPublisher, type EventStager } from '../../../../src/platform/cluster/eventPublisher.js';
import { clusterEventsModule, clusterEventsSchema, clusterEventsTable } from '../../../../src/platform/cluster/eventHistory.js';
import { type ClusterEvent, encodeEvent, eventSubject, originPrefix } from '../../../../src/platform/cluster/eventStream.js';
import { ClusterEventSubscriber } from '../../../../src/platform/cluster/eventSubscriber.js';
import { EventPruner } from '../../../../src/platform/cluster/eventPruning.js';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { ModuleList } from '../../../../src/platform/modules/moduleList.js';
import { BatchWriter, ShardMovedError } from '../../../../src/platform/persistence/batchWriter.js';
import { openDatabase, type Database } from '../../../../src/platform/persistence/database.js';
import { migrate } from '../../../../src/platform/persistence/migrate.js';
import { createManualClock, type ManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends, type TestStore } from '../../../support/backends.js';
import { natsServerAvailable, startNatsServer, type NatsServer } from '../../../support/natsServer.js';
import { until } from '../../../support/polling.js';

const SHARDS = 16;
const logger = createMemoryLogger();

/** The events a subscriber delivered, and a wait for the n-th (no sleeps). */
class Received {
  readonly events: ClusterEvent[] = [];
  #waiters: { n: number; resolve: () => void }[] = [];

  readonly onEvent = (event: ClusterEvent): void => {
    this.events.push(event);
    this.#waiters = this.#waiters.filter((w) => (this.events.length >= w.n ? (w.resolve(), false) : true));
  };

  count(n: number): Promise<void> {
    if (this.events.length >= n) return Promise.resolve();
    return new Promise((resolve) => this.#waiters.push({ n, resolve }));
  }

  of(shard: number): string[] {
    return this.events.filter((e) => e.shard === shard).map((e) => `${e.epoch}:${e.seq}:${JSON.stringify(e.payload)}`);
  }
}

/** A writer's staging with the after-commit effects held back: the events commit, their messages are "lost". */
function unpublished(writer: BatchWriter): EventStager {
  return { insert: (t, r) => writer.insert(t, r), track: (h) => writer.track(h), afterCommit: () => undefined };
}

for (const backend of testBackends()) {
  describe(`the cluster event stream (${backend.name})`, { skip: !natsServerAvailable() && 'no nats-server' }, () => {
    let nats: NatsServer;
    let store: TestStore;
    let db: Database;
    let writer: BatchWriter;
    const connections: NatsConnection[] = [];
    const subscribers: ClusterEventSubscriber[] = [];

    before(async () => {
      nats = await startNatsServer();
      store = await backend.createStore();
      db = await openDatabase({ url: store.url, dataDir: '', ...(store.pglite ? { pglite: store.pglite } : {}) });
      await migrate(db.knex, logger, [shardEpochsSchema, clusterEventsSchema]);
      writer = new BatchWriter({
        knex: db.knex,
        statements: db.statements,
        logger,
        tableOrder: ModuleList.start().with(clusterEventsModule).tableOrder(),
      });
    });

    after(async () => {
      for (const subscriber of subscribers) await subscriber.stop();
      for (const nc of connections) await nc.close().catch(() => undefined);
      await writer.flush();
      await db.close();
      await store.dispose();
      await nats.stop();
    });

    const natsConnection = async (): Promise<NatsConnection> => {
      const nc = await connect({ servers: nats.url, maxReconnectAttempts: -1, reconnectTimeWait: 100 });
      connections.push(nc);
      return nc;
    };

    /** An owner (publisher) and another instance (subscriber) on a cluster name of their own. */
    const instances = async (options: { clock?: ManualClock } = {}) => {
      const cluster = `c${randomBytes(4).toString('hex')}`;
      const clock = options.clock ?? createManualClock();
      const publisher = new ClusterEventPublisher({ nc: await natsConnection(), cluster, clock, logger });
      const received = new Received();
      const subscriber = new ClusterEventSubscriber({
        nc: await natsConnection(),
        knex: db.knex,
        cluster,
        shards: SHARDS,
        clock,
        logger,
        onEvent: received.onEvent,
      });
      subscribers.push(subscriber);
      await subscriber.start();
      return { cluster, clock, publisher, subscriber, received };
    };

    it('delivers committed events to another instance once and in order, per shard', async () => {
      const { publisher, subscriber, received } = await instances();
      publisher.stageEvents(writer, 1, 7, ['a', 'b']);
      publisher.stageEvents(writer, 2, 3, ['x']);
      await writer.committed();
      publisher.stageEvents(writer, 1, 7, ['c']);
      await writer.committed();
      await received.count(4);
      assert.deepEqual(received.of(1), ['7:1:"a"', '7:2:"b"', '7:3:"c"']);
      assert.deepEqual(received.of(2), ['3:1:"x"']);
      // A shard's first epoch is a change from nothing: one replay places it, later events of the epoch stitch.
      const replays = subscriber.stats.replays;
      publisher.stageEvents(writer, 1, 7, ['d']);
      await writer.committed();
      await received.count(5);
      assert.equal(subscriber.stats.replays, replays);
      await subscriber.idle();
      assert.equal(received.events.length, 5, 'no event twice');
    });

    it('hands an instance its own events in process and skips their NATS copies unread, while others hear them', async () => {
      const cluster = `c${randomBytes(4).toString('hex')}`;
      const clock = createManualClock();
      const own = new Received();
      const nc = await natsConnection();
      const self = new ClusterEventSubscriber({
        nc,
        knex: db.knex,
        cluster,
        shards: SHARDS,
        clock,
        logger,
        origin: 'me',
        onEvent: own.onEvent,
      });
      const publisher = new ClusterEventPublisher({ nc, cluster, clock, logger, origin: 'me', onPublished: (events) => self.own(events) });
      const other = new Received();
      const elsewhere = new ClusterEventSubscriber({
        nc: await natsConnection(),
        knex: db.knex,
        cluster,
        shards: SHARDS,
        clock,
        logger,
        onEvent: other.onEvent,
      });
      subscribers.push(self, elsewhere);
      await self.start();
      await elsewhere.start();
      publisher.stageEvents(writer, 4, 2, ['a', 'b']);
      await writer.committed();
      await self.idle();
      await own.count(2);
      assert.deepEqual(own.of(4), ['2:1:"a"', '2:2:"b"']);
      await other.count(2);
      assert.deepEqual(other.of(4), ['2:1:"a"', '2:2:"b"']);
      // The epoch is placed (its first events were stitched by one replay). The next is delivered in process at once;
      // its NATS copy reaches the same connection's subscription and is skipped unread: not a duplicate, not twice.
      await nc.flush();
      const duplicates = self.stats.duplicates;
      publisher.stageEvents(writer, 4, 2, ['c']);
      await writer.committed();
      assert.deepEqual(own.of(4), ['2:1:"a"', '2:2:"b"', '2:3:"c"']);
      await other.count(3);
      await nc.flush();
      assert.equal(own.events.length, 3);
      assert.equal(self.stats.duplicates, duplicates);
      assert.equal(self.stats.malformed, 0);
      assert.ok(encodeEvent({ shard: 4, epoch: 2, seq: 3, at: 0, payload: null }, 'me').startsWith(originPrefix('me')));
    });

    it('repairs a lost message by a replay from the history, in order', async () => {
      const { publisher, subscriber, received } = await instances();
      const events = publisher.stageEvents(unpublished(writer), 3, 5, ['one', 'two', 'three']);
      await writer.committed();
      publisher.publish([events[0]!, events[2]!]); // the second never arrives
      await received.count(3);
      assert.deepEqual(received.of(3), ['5:1:"one"', '5:2:"two"', '5:3:"three"']);
      assert.ok(subscriber.stats.replays >= 1);
      await subscriber.idle();
      assert.equal(received.events.length, 3, 'no event twice');
    });

    it('delivers a lost tail, which no later event reveals, after two tail checks', async () => {
      const { publisher, subscriber, received, clock } = await instances();
      publisher.stageEvents(writer, 14, 3, ['one']);
      await writer.committed();
      await received.count(1);
      await subscriber.idle(); // the first event of an epoch is checked by a replay
      publisher.stageEvents(unpublished(writer), 14, 3, ['two', 'three']); // lost, and nothing comes after them
      await writer.committed();
      clock.advance(2000); // the first check reads the heads
      await until(() => subscriber.stats.tailChecks >= 1, 'the first tail check');
      assert.equal(received.events.length, 1, 'an event possibly in flight is not replayed at the first check');
      clock.advance(2000); // the second finds the shard still short of them
      await received.count(3);
      assert.deepEqual(received.of(14), ['3:1:"one"', '3:2:"two"', '3:3:"three"']);
    });

    it('stitches a new epoch after a lost tail of the old one by a replay', async () => {
      const { publisher, received } = await instances();
      const old = publisher.stageEvents(unpublished(writer), 4, 10, ['o1', 'o2', 'o3']);
      await writer.committed();
      publisher.publish([old[0]!]);
      await received.count(1);
      publisher.stageEvents(writer, 4, 12, ['n1', 'n2']);
      await writer.committed();
      await received.count(5);
      assert.deepEqual(received.of(4), ['10:1:"o1"', '10:2:"o2"', '10:3:"o3"', '12:1:"n1"', '12:2:"n2"']);
    });

    it('drops an event of an older epoch that arrives after a newer one, and refuses to stage one', async () => {
      const { cluster, publisher, subscriber, received } = await instances();
      const [first] = publisher.stageEvents(writer, 5, 20, ['new']);
      await writer.committed();
      await received.count(1);
      await subscriber.idle();
      const duplicates = subscriber.stats.duplicates;
      const sender = await natsConnection();
      sender.publish(eventSubject(cluster, 5), encodeEvent({ shard: 5, epoch: 19, seq: 8, at: first!.at, payload: 'stale' }));
      publisher.stageEvents(writer, 5, 20, ['newer']);
      await writer.committed();
      await received.count(2);
      assert.deepEqual(received.of(5), ['20:1:"new"', '20:2:"newer"']);
      assert.equal(subscriber.stats.duplicates, duplicates + 1);
      assert.throws(() => publisher.stageEvents(writer, 5, 19, ['stale']), /older epoch 19/);
    });

    it("writes and publishes none of a stale owner's events: the fence refuses them with its change", async () => {
      const { publisher, received } = await instances();
      const fenced: number[][] = [];
      const owner = new BatchWriter({
        knex: db.knex,
        statements: db.statements,
        logger,
        tableOrder: ModuleList.start().with(clusterEventsModule).tableOrder(),
        fence: { onFenced: (shards) => fenced.push([...shards]) },
      });
      assert.equal((await claimShardEpoch(db.knex, 13, 30, 'old')).claimed, true);
      assert.equal((await claimShardEpoch(db.knex, 13, 31, 'new')).claimed, true);
      owner.touchShard(13, 30);
      publisher.stageEvents(owner, 13, 30, ['stale']);
      await assert.rejects(owner.committed(), ShardMovedError);
      assert.deepEqual(fenced, [[13]]);
      assert.equal((await db.knex('cluster_events').where({ shard: 13 })).length, 0);
      owner.touchShard(13, 31);
      publisher.stageEvents(owner, 13, 31, ['current']);
      await owner.committed();
      await received.count(1);
      assert.deepEqual(received.of(13), ['31:1:"current"']);
    });

    it('numbers the events of a failed commit again, leaving no hole in the sequence', async () => {
      const { publisher, received } = await instances();
      publisher.stageEvents(writer, 6, 2, ['kept']);
      await writer.committed();
      publisher.stageEvents(writer, 6, 2, ['rolled back']);
      writer.insert(clusterEventsTable, { shard: -1, epoch: 1, seq: 1, at: new Date().toISOString(), payload: 'bad' });
      await assert.rejects(writer.committed());
      publisher.stageEvents(writer, 6, 2, ['after']);
      await writer.committed();
      await received.count(2);
      assert.deepEqual(received.of(6), ['2:1:"kept"', '2:2:"after"']);
    });

    it('delivers every event once and in order across a restart of the NATS server', async () => {
      const { publisher, subscriber, received, clock } = await instances();
      const stage = (from: number, to: number) => {
        for (let i = from; i <= to; i++) publisher.stageEvents(writer, 7, 4, [i]);
      };
      stage(1, 5);
      await writer.committed();
      await received.count(5);
      await subscriber.idle();
      const replays = subscriber.stats.replays;
      const restarting = nats.restart();
      stage(6, 10); // published while the server is going down or away: lost or late
      await writer.committed();
      await restarting;
      stage(11, 15);
      await writer.committed();
      // Messages published around the reconnect may be lost with nothing after them: the tail checks find them.
      await until(() => {
        clock.advance(2000);
        return received.events.length >= 15;
      }, 'all 15 events delivered');
      const expected = Array.from({ length: 15 }, (_, i) => `4:${i + 1}:${i + 1}`);
      assert.deepEqual(received.of(7), expected);
      await subscriber.idle();
      assert.ok(subscriber.stats.replays > replays, 'the reconnect replayed the shards');
      assert.equal(received.events.length, 15, 'no event twice');
    });

    it('a subscriber that starts delivers what commits after it, not the history before', async () => {
      const first = await instances();
      first.publisher.stageEvents(writer, 8, 3, ['before']);
      await writer.committed();
      await first.received.count(1);
      const received = new Received();
      const late = new ClusterEventSubscriber({
        nc: await natsConnection(),
        knex: db.knex,
        cluster: first.cluster,
        shards: SHARDS,
        clock: first.clock,
        logger,
        onEvent: received.onEvent,
      });
      subscribers.push(late);
      await late.start();
      assert.deepEqual(late.position(8), { epoch: 3, seq: 1 });
      first.publisher.stageEvents(writer, 8, 3, ['after']);
      await writer.committed();
      await received.count(1);
      assert.deepEqual(received.of(8), ['3:2:"after"']);
    });

    it('fails the delivery probe while the bus stops delivering, and passes again once it delivers', async () => {
      const { subscriber, clock } = await instances();
      const { probe } = subscriber;
      const back = probe.nextReturn();
      clock.advance(1_000);
      await back;
      assert.equal(probe.check().status, 'pass');
      nats.signal('SIGSTOP');
      try {
        clock.advance(6_000); // probes go out, none comes back
        const check = probe.check();
        assert.equal(check.status, 'fail');
        assert.match(check.output ?? '', /delivered none of this instance's probes/);
      } finally {
        nats.signal('SIGCONT');
      }
      const again = probe.nextReturn();
      clock.advance(1_000);
      await again;
      assert.equal(probe.check().status, 'pass');
    });

    it('prunes the history of the owned shards past the retention and the bound, keeping each shard newest row', async () => {
      const clock = createManualClock();
      const { publisher } = await instances({ clock });
      for (const shard of [9, 10, 11])
        publisher.stageEvents(
          writer,
          shard,
          1,
          Array.from({ length: 10 }, (_, i) => i),
        );
      await writer.committed();
      clock.advance(11 * 60_000);
      publisher.stageEvents(writer, 9, 1, ['fresh 1', 'fresh 2']);
      publisher.stageEvents(
        writer,
        12,
        1,
        Array.from({ length: 30 }, (_, i) => i),
      );
      await writer.committed();
      const pruner = new EventPruner({ knex: db.knex, clock, logger, owned: () => [9, 10, 12], maxPerShard: 25 });
      const deleted = await pruner.prune();
      const counts = await db.knex('cluster_events').whereIn('shard', [9, 10, 11, 12]).groupBy('shard').select('shard').count('* as n');
      const byShard = Object.fromEntries(counts.map((row) => [Number(row['shard']), Number(row['n'])]));
      assert.deepEqual(byShard, { 9: 2, 10: 1, 11: 10, 12: 25 });
      assert.equal(deleted, 10 + 9 + 5);
      const newest = await db.knex('cluster_events').where({ shard: 10 }).select('seq');
      assert.deepEqual(
        newest.map((row) => Number(row['seq'])),
        [10],
      );
    });
  });
}
