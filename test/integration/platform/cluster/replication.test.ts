/**
 * Replication by committed rows (src/platform/cluster/replication.ts, docs/adr/0065): an owner's group commit seals
 * its rows and staged domain events into one event per shard on the committed stream, and another instance applies
 * them through its replica tables, then hands the events to its local bus. A real nats-server on free ports and the
 * real database (embedded always, PostgreSQL too with SVC_TEST_DATABASE_URL); both "instances" share it, each with a
 * NATS connection of its own.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { clusterEventsSchema } from '../../../../src/platform/cluster/eventHistory.js';
import { type ReadModel, startReadModel } from '../../../../src/platform/cluster/readModel.js';
import { shardOf } from '../../../../src/platform/cluster/shards.js';
import type { DomainEvent } from '../../../../src/platform/events/domainEvents.js';
import { emitOnCommit } from '../../../../src/platform/events/emitOnCommit.js';
import { createInProcessEventBus, type EventBus } from '../../../../src/platform/events/eventBus.js';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { BatchWriter, CommitError } from '../../../../src/platform/persistence/batchWriter.js';
import { openDatabase, type Database } from '../../../../src/platform/persistence/database.js';
import { migrate } from '../../../../src/platform/persistence/migrate.js';
import type { ReplicaTable, Row, TableSpec } from '../../../../src/platform/persistence/tableSpec.js';
import { systemClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends, type TestStore } from '../../../support/backends.js';
import { natsServerAvailable, startNatsServer, type NatsServer } from '../../../support/natsServer.js';
import { until } from '../../../support/polling.js';

const SHARDS = 16;
const logger = createMemoryLogger();

const itemsTable: TableSpec = {
  name: 'replication_items',
  key: ['id'],
  order: 1,
  mode: 'upsert',
  columns: [
    { name: 'id', type: 'text' },
    { name: 'parent', type: 'text' },
    { name: 'value', type: 'text' },
  ],
};

/** What an instance's replica of the table saw, in order. */
class Recorded implements ReplicaTable {
  readonly table = itemsTable.name;
  readonly seen: string[] = [];
  shardKey = (row: Row) => String(row['id']);
  apply(row: Row, patch: boolean): void {
    this.seen.push(`${patch ? 'patch' : 'put'} ${row['id']}=${row['value']}`);
  }
  remove(key: Row): void {
    this.seen.push(`delete ${key['id']}`);
  }
}

const event = (name: string) => ({ type: 'test.replicated', name, at: 0, origin: 'api' }) as unknown as DomainEvent;
const names = (events: DomainEvent[]) => events.map((e) => (e as unknown as { name: string }).name);

for (const backend of testBackends()) {
  describe(`replication by committed rows (${backend.name})`, { skip: !natsServerAvailable() && 'no nats-server' }, () => {
    let nats: NatsServer;
    let store: TestStore;
    let db: Database;
    const connections: NatsConnection[] = [];
    const models: ReadModel[] = [];
    let cluster = 0;

    before(async () => {
      nats = await startNatsServer();
      store = await backend.createStore();
      db = await openDatabase({ url: store.url, dataDir: '', ...(store.pglite ? { pglite: store.pglite } : {}) });
      await migrate(db.knex, logger, [clusterEventsSchema]);
      await db.knex.raw('create table replication_items (id text primary key, parent text references replication_items (id), value text)');
    });

    after(async () => {
      for (const model of models) await model.stop().catch(() => undefined);
      for (const nc of connections) await nc.close().catch(() => undefined);
      await db.close();
      await store.dispose();
      await nats.stop();
    });

    /**
     * An instance: its read model on a NATS connection of its own, a local bus, a recording replica; `holds`: its
     * shards, all at the epoch `cluster` (each test's own, so that the tests' events never share a key of the history).
     */
    const instance = async (name: string, holds: (shard: number) => boolean) => {
      const epoch = cluster;
      const nc = await connect({ servers: nats.url, maxReconnectAttempts: -1, reconnectTimeWait: 100 });
      connections.push(nc);
      const model = await startReadModel(
        { nc, cluster: name, shards: SHARDS, epochOf: (shard) => (holds(shard) ? epoch : undefined) },
        { knex: db.knex, clock: systemClock, logger },
      );
      models.push(model);
      const local = createInProcessEventBus(logger);
      const heard: DomainEvent[] = [];
      local.subscribeAll((e) => heard.push(e));
      const writer = new BatchWriter({ knex: db.knex, statements: db.statements, logger, seal: model.seal });
      const bus: EventBus = model.bus(local, () => writer.openBatch);
      const replica = new Recorded();
      return {
        nc,
        model,
        writer,
        bus,
        replica,
        heard,
        attach: () =>
          model.attach({
            replicas: new Map([[replica.table, replica]]),
            eventShardKey: (e) => (e as unknown as { name: string }).name,
            bus: local,
          }),
      };
    };
    /** An owner of every shard and a follower of none, on a cluster name of their own. */
    const pair = async () => {
      const name = `r${++cluster}-${process.pid}`;
      const owner = await instance(name, () => true);
      const follower = await instance(name, () => false);
      owner.attach();
      follower.attach();
      return { owner, follower };
    };

    it("applies another instance's committed rows and then hands its events to the local bus; the owner skips its own", async () => {
      const { owner, follower } = await pair();
      owner.writer.upsert(itemsTable, { id: 'a', parent: null, value: '1' });
      emitOnCommit(owner.writer, owner.bus, event('a'));
      owner.writer.upsert(itemsTable, { id: 'b', parent: 'a', value: '2' });
      await owner.writer.committed();
      owner.writer.delete(itemsTable, { id: 'b' });
      await owner.writer.committed();
      await until(
        () => follower.replica.seen.length === 3,
        () => `the follower applied ${follower.replica.seen.join(', ')}`,
      );
      assert.deepEqual(follower.replica.seen, ['put a=1', 'put b=2', 'delete b']);
      assert.deepEqual(names(follower.heard), ['a'], 'heard once, after its rows');
      assert.deepEqual(owner.replica.seen, [], "the owner's memory already has its own rows");
      assert.deepEqual(names(owner.heard), ['a'], "the owner's bus heard it once, from its own commit");
      // Its own events come back over its own subscription, in their own time (the follower's having them says nothing of it).
      await until(
        () => owner.model.replicator.stats.own === 3,
        () => `its own events came back and were skipped (${owner.model.replicator.stats.own} of 3)`,
      );
      // 'a' and 'b' are on their own shards: one stream event per shard touched per commit.
      assert.equal(owner.model.replicator.stats.sealed, 2);
      assert.equal(owner.model.publisher.published, shardOf('a', SHARDS) === shardOf('b', SHARDS) ? 2 : 3);
    });

    it('publishes a row if and only if it committed: a failed commit sends nothing and leaves no hole in the sequence', async () => {
      const { owner, follower } = await pair();
      const shard = shardOf('fk-1', SHARDS);
      owner.writer.upsert(itemsTable, { id: 'fk-1', parent: null, value: 'kept' });
      await owner.writer.committed();
      owner.writer.upsert(itemsTable, { id: 'fk-1', parent: 'no-such-item', value: 'refused by its foreign key' });
      await assert.rejects(owner.writer.committed(), (error: unknown) => error instanceof CommitError);
      owner.writer.upsert(itemsTable, { id: 'fk-1', parent: null, value: 'after' });
      await owner.writer.committed();
      await until(
        () => follower.replica.seen.length === 2,
        () => `the follower applied ${follower.replica.seen.join(', ')}`,
      );
      assert.deepEqual(follower.replica.seen, ['put fk-1=kept', 'put fk-1=after']);
      assert.deepEqual(follower.model.subscriber.position(shard), { epoch: cluster, seq: 2 }, 'the second commit took seq 2');
      const stored = await db.knex('cluster_events').where({ shard, epoch: cluster }).orderBy('seq').select('seq');
      assert.deepEqual(
        stored.map((row) => Number(row.seq)),
        [1, 2],
      );
      assert.equal(follower.model.subscriber.stats.lost, 0, 'no hole: the failed commit gave its sequence number back');
    });

    it('refuses a commit that writes rows while this instance holds no shard (nothing to carry them); events alone stay on this instance', async () => {
      const { follower, owner } = await pair();
      follower.writer.upsert(itemsTable, { id: 'not-mine', parent: null, value: 'x' });
      await assert.rejects(
        follower.writer.committed(),
        (error: unknown) => error instanceof CommitError && /holds no shard yet/.test(String(error.cause)),
      );
      assert.equal(await db.knex('replication_items').where({ id: 'not-mine' }).first(), undefined);
      emitOnCommit(follower.writer, follower.bus, event('sign-in'));
      await follower.writer.committed();
      assert.deepEqual(names(follower.heard), ['sign-in']);
      assert.equal(follower.model.replicator.stats.localOnly, 1);
      assert.deepEqual(names(owner.heard), []);
    });

    it('catches a shard up from the history when its last message never came (a new owner, before it writes)', async () => {
      const { owner, follower } = await pair();
      owner.writer.upsert(itemsTable, { id: 'late', parent: null, value: 'seen live' });
      await owner.writer.committed();
      await until(() => follower.replica.seen.length === 1, 'the live message');
      // What the owner publishes from here on is lost: its connection is closed (the commits still succeed).
      await owner.nc.close();
      owner.writer.upsert(itemsTable, { id: 'late', parent: null, value: 'never published' });
      await owner.writer.committed();
      assert.deepEqual(follower.replica.seen, ['put late=seen live']);
      await follower.model.caughtUp(shardOf('late', SHARDS));
      assert.deepEqual(follower.replica.seen, ['put late=seen live', 'put late=never published']);
    });

    it('holds what arrives before the modules are composed and applies it, in order, when they attach', async () => {
      const name = `r${++cluster}-${process.pid}-early`;
      const owner = await instance(name, () => true);
      const follower = await instance(name, () => false);
      owner.attach();
      for (const value of ['1', '2', '3']) {
        owner.writer.upsert(itemsTable, { id: 'early', parent: null, value });
        await owner.writer.committed();
      }
      await until(() => follower.model.subscriber.position(shardOf('early', SHARDS)).seq === 3, 'the follower received the three events');
      assert.deepEqual(follower.replica.seen, [], 'nothing applied before the modules are there');
      follower.attach();
      assert.deepEqual(follower.replica.seen, ['put early=1', 'put early=2', 'put early=3']);
    });
  });
}
