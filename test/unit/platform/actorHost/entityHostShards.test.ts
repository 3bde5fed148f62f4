/**
 * The entity host in cluster mode (docs/adr/0067): with the writer's routing, a step for an entity whose shard is
 * not owned here throws `ShardElsewhereError` before anything changes; an owned one commits under the fence (a
 * moved epoch refuses it and puts the snapshot back); timers fire only on the owner and are queued again when the
 * shard is taken. A real batch writer on an embedded database with the cluster's epoch table; the routing is the
 * test's own table of owned shards (shard = the number before the entity id's colon).
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { assign, setup } from 'xstate';
import { EntityHost } from '../../../../src/platform/actorHost/entityHost.js';
import type { PendingTimers } from '../../../../src/platform/actorHost/delayedEvents.js';
import { claimShardEpoch } from '../../../../src/platform/cluster/fence.js';
import { ShardElsewhereError } from '../../../../src/platform/errors/shardElsewhere.js';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { BatchWriter, ShardMovedError, type TableSpec } from '../../../../src/platform/persistence/batchWriter.js';
import type { ShardRouting } from '../../../../src/platform/persistence/shardRouting.js';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { cols } from '../../../../src/core/storage/tables.js';
import { useEmbeddedDatabase } from '../../../support/embeddedDatabase.js';

type Event = { type: 'ADD'; by: number } | { type: 'ARM' };
const machine = setup({ types: {} as { context: { count: number }; events: Event }, actions: { persist: () => undefined } }).createMachine({
  id: 'sharded',
  initial: 'idle',
  context: { count: 0 },
  states: {
    idle: { on: { ARM: { target: 'waiting', actions: 'persist' } } },
    waiting: { after: { 60000: { target: 'expired', actions: 'persist' } } },
    expired: {},
  },
  on: { ADD: { actions: [assign({ count: ({ context, event }) => context.count + event.by }), 'persist'] } },
});
type Snapshot = ReturnType<typeof machine.resolveState>;

const table: TableSpec = {
  name: 'sharded_entities',
  key: ['id'],
  order: 1,
  mode: 'upsert',
  columns: cols({ id: 'text', state: 'text', count: 'integer', timers: 'jsonb' }),
};

/** Owned shards and their epochs, and the taken listeners: what ClusterMode's routing answers. */
class OwnedShards implements ShardRouting {
  readonly owned = new Map<number, number>();
  readonly #listeners = new Set<(shard: number) => void>();
  shardOf(key: string): number {
    return Number(key.split(':')[0]);
  }
  epochOf(shard: number): number | undefined {
    return this.owned.get(shard);
  }
  onTaken(listener: (shard: number) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
  take(shard: number, epoch: number): void {
    this.owned.set(shard, epoch);
    for (const listener of this.#listeners) listener(shard);
  }
}

describe('entity host in cluster mode', () => {
  const db = useEmbeddedDatabase();
  before(async () => {
    await db().knex.raw(
      'create table sharded_entities (id text primary key, state text not null, count integer not null, timers jsonb not null)',
    );
  });

  const harness = () => {
    const routing = new OwnedShards();
    const fenced: number[][] = [];
    const clock = createManualClock(Date.parse('2026-03-01T00:00:00Z'));
    const writer = new BatchWriter({
      knex: db().knex,
      logger: createMemoryLogger(),
      routing,
      fence: { onFenced: (shards) => void fenced.push([...shards]) },
    });
    const rowOf = (id: string, snapshot: Snapshot, timers: PendingTimers) => ({
      id,
      state: String(snapshot.value),
      count: snapshot.context.count,
      timers,
    });
    const host = new EntityHost<Snapshot, Event>({
      machine,
      writer,
      scheduler: clock,
      effects: { persist: (step) => writer.upsert(table, rowOf(step.id, step.after, step.timers)) },
    });
    const create = (id: string) => {
      const snapshot = machine.resolveState({ value: 'idle', context: { count: 0 } });
      host.create(id, snapshot, () => writer.upsert(table, rowOf(id, snapshot, [])));
    };
    return { routing, fenced, clock, writer, host, create };
  };
  const stored = async (id: string) =>
    (await db().knex('sharded_entities').where({ id }).first()) as { state: string; count: number } | undefined;

  it('refuses to step, create or remove an entity owned elsewhere before anything changes', async () => {
    const h = harness();
    await claimShardEpoch(db().knex, 1, 7, 'here');
    h.routing.take(1, 7);
    h.create('1:a');
    await h.writer.committed();
    h.routing.owned.delete(1);
    const before = h.host.get('1:a');
    for (const [what, step] of [
      ['send', () => h.host.send('1:a', { type: 'ADD', by: 1 })],
      ['remove', () => h.host.remove('1:a', () => assert.fail('nothing is staged'))],
      ['create', () => h.create('1:b')],
    ] as const) {
      assert.throws(step, (error: unknown) => error instanceof ShardElsewhereError && error.shards.join() === '1', what);
    }
    assert.equal(h.host.get('1:a'), before);
    assert.equal(h.host.has('1:b'), false);
    assert.equal(h.writer.pendingRows, 0);
    assert.equal((await stored('1:a'))?.count, 0);
  });

  it('commits an owned entity under its epoch, and puts it back when the epoch moved on', async () => {
    const h = harness();
    await claimShardEpoch(db().knex, 2, 5, 'here');
    h.routing.take(2, 5);
    h.create('2:a');
    h.host.send('2:a', { type: 'ADD', by: 2 });
    await h.writer.committed();
    assert.equal((await stored('2:a'))?.count, 2);

    await claimShardEpoch(db().knex, 2, 6, 'elsewhere');
    h.host.send('2:a', { type: 'ADD', by: 3 });
    await assert.rejects(h.writer.acknowledge(), ShardMovedError);
    assert.deepEqual(h.fenced, [[2]]);
    assert.equal(h.host.get('2:a')!.context.count, 2, 'the refused step is put back');
    assert.equal((await stored('2:a'))?.count, 2);
  });

  it('fires timers only on the owner, and queues them again when the shard is taken', async () => {
    const h = harness();
    await claimShardEpoch(db().knex, 3, 9, 'here');
    h.routing.take(3, 9);
    h.create('3:t');
    h.host.send('3:t', { type: 'ARM' });
    await h.writer.committed();
    h.routing.owned.delete(3);
    h.clock.advance(61_000);
    assert.equal(h.host.get('3:t')!.value, 'waiting', 'not fired: another instance owns it');
    assert.equal(h.host.pendingTimers('3:t').length, 1, 'still pending, for when this instance owns it');

    h.routing.take(3, 9);
    await Promise.resolve(); // the taken shards' timers are queued in a microtask (one pass for many shards)
    h.clock.advance(0);
    assert.equal(h.host.get('3:t')!.value, 'expired');
    await h.writer.committed();
    assert.equal((await stored('3:t'))?.state, 'expired');
  });

  it("keeps an adopted entity's persisted timers: not fired while another instance owns it, fired on time once its shard is taken here", async () => {
    const h = harness();
    await claimShardEpoch(db().knex, 4, 3, 'here');
    const waiting = machine.resolveState({ value: 'waiting', context: { count: 5 } });
    const dueAt = h.clock.now() + 60_000;
    h.host.adopt('4:a', waiting, [
      { id: 'xstate.after.60000.sharded.waiting', event: { type: 'xstate.after.60000.sharded.waiting' }, dueAt },
    ]);
    h.clock.advance(61_000);
    assert.equal(h.host.get('4:a')!.value, 'waiting', 'the owner elsewhere fires it, not this instance');
    assert.equal(h.writer.pendingRows, 0, 'nothing staged for an adopted entity');

    h.routing.take(4, 3);
    await Promise.resolve();
    h.clock.advance(0);
    assert.equal(h.host.get('4:a')!.value, 'expired', 'fired by the new owner at its persisted due time');
    await h.writer.committed();
    assert.equal((await stored('4:a'))?.state, 'expired');
  });
});
