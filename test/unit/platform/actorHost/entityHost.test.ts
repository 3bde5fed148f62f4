/**
 * The entity actor host (src/platform/actorHost): snapshots stepped with the machine's pure transition,
 * effects run in order, a failed commit puts the committed snapshot (and its timers) back, and
 * delayed events follow the injected clock and survive a restart. A real batch writer commits to
 * an embedded database; the table's check constraint makes a commit fail on demand (count >= 100).
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { assign, setup } from 'xstate';
import { EntityHost, type EffectStep } from '../../../../src/platform/actorHost/entityHost.js';
import type { PendingTimers } from '../../../../src/platform/actorHost/delayedEvents.js';
import type { SnapshotPacking } from '../../../../src/platform/actorHost/snapshotPacking.js';
import { createManualClock, type ManualClock } from '../../../../src/platform/scheduler/index.js';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { BatchWriter, CommitError, type TableSpec } from '../../../../src/platform/persistence/batchWriter.js';
import { cols } from '../../../../src/core/storage/tables.js';
import { useEmbeddedDatabase } from '../../../support/embeddedDatabase.js';

type CounterEvent = { type: 'ADD'; by: number } | { type: 'ARM' } | { type: 'DISARM' };

/** Counts; ARM waits a minute in `waiting`, then expires unless disarmed. */
const counterMachine = setup({
  types: {} as { context: { count: number }; events: CounterEvent },
  actions: { persist: () => undefined },
}).createMachine({
  id: 'counter',
  initial: 'idle',
  context: { count: 0 },
  states: {
    idle: { on: { ARM: { target: 'waiting', actions: 'persist' } } },
    waiting: { after: { 60000: { target: 'expired', actions: 'persist' } }, on: { DISARM: { target: 'idle', actions: 'persist' } } },
    expired: {},
  },
  on: { ADD: { actions: [assign({ count: ({ context, event }) => context.count + event.by }), 'persist'] } },
});
type CounterSnapshot = ReturnType<typeof counterMachine.resolveState>;
/** What a host with the counter's packing keeps: the count of an idle counter, else its snapshot. */
type Kept = CounterSnapshot | number;
const idleCounter = (count: number) => counterMachine.resolveState({ value: 'idle', context: { count } });
const counterPacking: SnapshotPacking<CounterSnapshot, Kept> = {
  pack: (snapshot) => (snapshot.value === 'idle' ? snapshot.context.count : snapshot),
  unpack: (kept) => (typeof kept === 'number' ? idleCounter(kept) : kept),
};

const entitiesTable: TableSpec = {
  name: 'host_test_entities',
  key: ['id'],
  order: 1,
  mode: 'upsert',
  columns: cols({ id: 'text', state: 'text', count: 'integer', timers: 'jsonb' }),
};

interface Harness {
  readonly host: EntityHost<CounterSnapshot, CounterEvent, Kept>;
  readonly writer: BatchWriter;
  readonly clock: ManualClock;
  readonly steps: Array<EffectStep<CounterSnapshot, CounterEvent>>;
  readonly reverts: Array<{ id: string; restored: number | undefined; discarded: number | undefined }>;
}

describe('entity host', () => {
  const db = useEmbeddedDatabase();
  before(async () => {
    await db().knex.raw(
      'create table host_test_entities (id text primary key, state text not null, count integer not null check (count < 100), timers jsonb not null)',
    );
  });

  const harness = (
    clock = createManualClock(Date.parse('2026-03-01T00:00:00Z')),
    packing?: SnapshotPacking<CounterSnapshot, Kept>,
  ): Harness => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
    const steps: Harness['steps'] = [];
    const reverts: Harness['reverts'] = [];
    const host = new EntityHost<CounterSnapshot, CounterEvent, Kept>({
      machine: counterMachine,
      ...(packing ? { packing } : {}),
      writer,
      scheduler: clock,
      effects: {
        persist: (step) => {
          steps.push(step);
          writer.upsert(entitiesTable, rowOf(step.id, step.after, step.timers));
        },
      },
      onRevert: (id, restored, discarded) => reverts.push({ id, restored: restored?.context.count, discarded: discarded?.context.count }),
    });
    return { host, writer, clock, steps, reverts };
  };
  const rowOf = (id: string, snapshot: CounterSnapshot, timers: PendingTimers) => ({
    id,
    state: String(snapshot.value),
    count: snapshot.context.count,
    timers,
  });
  const snapshotOf = (state: string, count: number) => counterMachine.resolveState({ value: state, context: { count } });
  const create = async ({ host, writer }: Harness, id: string, count = 0) => {
    const snapshot = snapshotOf('idle', count);
    host.create(id, snapshot, () => writer.upsert(entitiesTable, rowOf(id, snapshot, [])));
    await writer.committed();
  };
  const stored = async (id: string) =>
    (await db().knex('host_test_entities').where({ id }).first()) as { state: string; count: number; timers: PendingTimers } | undefined;

  it('applies the events for one entity in the order they are sent, each on the snapshot the last one left', async () => {
    const h = harness();
    await create(h, 'order');
    for (const by of [1, 2, 3]) h.host.send('order', { type: 'ADD', by });
    assert.deepEqual(
      h.steps.map((s) => [s.before.context.count, s.after.context.count]),
      [
        [0, 1],
        [1, 3],
        [3, 6],
      ],
    );
    await h.writer.committed();
    assert.equal((await stored('order'))?.count, 6);
  });

  it('keeps snapshots, not started actors: an entity is its snapshot, stepped by the pure transition', async () => {
    const h = harness();
    await create(h, 'plain');
    const before = h.host.get('plain')!;
    const after = h.host.send('plain', { type: 'ADD', by: 2 });
    assert.notEqual(after, before, 'a step makes a new snapshot');
    assert.equal(before.context.count, 0, 'the previous snapshot is left as it was');
    assert.equal(h.host.get('plain'), after);
  });

  it('an event the machine does not take changes nothing and stages nothing', async () => {
    const h = harness();
    await create(h, 'ignored');
    const before = h.host.get('ignored');
    assert.equal(h.host.send('ignored', { type: 'DISARM' }), before);
    assert.equal(h.steps.length, 0);
    assert.equal(h.writer.pendingRows, 0);
  });

  it('a failed commit puts back the committed snapshot of every entity changed in it', async () => {
    const h = harness();
    await create(h, 'fail-a', 5);
    await create(h, 'fail-b', 7);
    h.host.send('fail-a', { type: 'ADD', by: 1 });
    h.host.send('fail-b', { type: 'ADD', by: 200 }); // the database refuses count >= 100
    await assert.rejects(h.writer.committed(), CommitError);
    assert.equal(h.host.get('fail-a')!.context.count, 5);
    assert.equal(h.host.get('fail-b')!.context.count, 7);
    assert.deepEqual(
      h.reverts.sort((x, y) => x.id.localeCompare(y.id)),
      [
        { id: 'fail-a', restored: 5, discarded: 6 },
        { id: 'fail-b', restored: 7, discarded: 207 },
      ],
    );
    assert.equal((await stored('fail-a'))?.count, 5);
  });

  it('a failed commit forgets an entity created in it', async () => {
    const h = harness();
    const snapshot = snapshotOf('idle', 300);
    h.host.create('never', snapshot, () => h.writer.upsert(entitiesTable, rowOf('never', snapshot, [])));
    await assert.rejects(h.writer.committed(), CommitError);
    assert.equal(h.host.has('never'), false);
    assert.deepEqual(h.reverts, [{ id: 'never', restored: undefined, discarded: 300 }]);
  });

  it('after a commit, a later failure goes back to that commit, not further', async () => {
    const h = harness();
    await create(h, 'later');
    h.host.send('later', { type: 'ADD', by: 10 });
    await h.writer.committed();
    h.host.send('later', { type: 'ADD', by: 500 });
    await assert.rejects(h.writer.committed(), CommitError);
    assert.equal(h.host.get('later')!.context.count, 10);
  });

  it('fires a delayed transition when the injected clock reaches its due time, and persists it', async () => {
    const h = harness();
    await create(h, 'delay');
    const armedAt = h.clock.now();
    h.host.send('delay', { type: 'ARM' });
    assert.deepEqual(
      h.host.pendingTimers('delay').map((t) => t.dueAt),
      [armedAt + 60_000],
    );
    assert.deepEqual(
      h.steps.at(-1)!.timers.map((t) => t.dueAt),
      [armedAt + 60_000],
      'the persist effect sees the timer it must store',
    );
    h.clock.advance(59_999);
    assert.equal(h.host.get('delay')!.value, 'waiting');
    h.clock.advance(1);
    assert.equal(h.host.get('delay')!.value, 'expired');
    assert.deepEqual(h.host.pendingTimers('delay'), []);
    await h.writer.committed();
    assert.deepEqual(await stored('delay'), { id: 'delay', state: 'expired', count: 0, timers: [] });
  });

  it('leaving the state before the due time cancels the delayed transition', async () => {
    const h = harness();
    await create(h, 'cancel');
    h.host.send('cancel', { type: 'ARM' });
    h.host.send('cancel', { type: 'DISARM' });
    assert.equal(h.clock.pendingTimers, 0);
    h.clock.advance(120_000);
    assert.equal(h.host.get('cancel')!.value, 'idle');
  });

  it('entities waiting for delayed events share one scheduler timer and fire in due order', async () => {
    const h = harness();
    for (const id of ['first', 'second', 'third']) await create(h, id);
    h.host.send('second', { type: 'ARM' });
    h.clock.advance(10_000);
    h.host.send('third', { type: 'ARM' });
    h.host.send('first', { type: 'ARM' });
    assert.equal(h.clock.pendingTimers, 1, 'one timer for the earliest due time');
    h.host.send('third', { type: 'DISARM' });
    h.clock.advance(50_000);
    assert.deepEqual(
      ['first', 'second', 'third'].map((id) => h.host.get(id)!.value),
      ['waiting', 'expired', 'idle'],
    );
    h.clock.advance(10_000);
    assert.equal(h.host.get('first')!.value, 'expired');
    assert.deepEqual(
      h.steps.filter((s) => s.after.value === 'expired').map((s) => s.id),
      ['second', 'first'],
    );
    assert.equal(h.clock.pendingTimers, 0);
  });

  it('a restart arms the stored timers again from their due times', async () => {
    const first = harness();
    await create(first, 'restart');
    first.host.send('restart', { type: 'ARM' });
    await first.writer.committed();
    const row = (await stored('restart'))!;

    const clock = createManualClock(first.clock.now() + 30_000); // the server comes back 30 s later
    const second = harness(clock);
    second.host.load('restart', snapshotOf(row.state, row.count), row.timers);
    clock.advance(29_999);
    assert.equal(second.host.get('restart')!.value, 'waiting');
    clock.advance(1);
    assert.equal(second.host.get('restart')!.value, 'expired');
  });

  it('a timer whose due time passed while the server was down fires at once on load', async () => {
    const first = harness();
    await create(first, 'overdue');
    first.host.send('overdue', { type: 'ARM' });
    await first.writer.committed();
    const row = (await stored('overdue'))!;
    const clock = createManualClock(first.clock.now() + 3_600_000);
    const second = harness(clock);
    second.host.load('overdue', snapshotOf(row.state, row.count), row.timers);
    clock.runDue();
    assert.equal(second.host.get('overdue')!.value, 'expired');
  });

  it('a failed commit puts back the timers the entity waited for', async () => {
    const h = harness();
    await create(h, 'timer-revert');
    h.host.send('timer-revert', { type: 'ARM' });
    await h.writer.committed();
    h.host.send('timer-revert', { type: 'DISARM' });
    h.host.send('timer-revert', { type: 'ADD', by: 400 });
    await assert.rejects(h.writer.committed(), CommitError);
    assert.equal(h.host.get('timer-revert')!.value, 'waiting');
    h.clock.advance(60_000);
    assert.equal(h.host.get('timer-revert')!.value, 'expired', 'the restored timer fires');
  });

  it('removing an entity stops its timers and stages its delete', async () => {
    const h = harness();
    await create(h, 'removed');
    h.host.send('removed', { type: 'ARM' });
    h.host.remove('removed', () => h.writer.delete(entitiesTable, { id: 'removed' }));
    await h.writer.committed();
    assert.equal(h.clock.pendingTimers, 0);
    assert.equal(await stored('removed'), undefined);
  });
  it('adopts a snapshot committed elsewhere as it is: no action runs, nothing is staged, no timer is armed', async () => {
    const h = harness();
    h.host.adopt('elsewhere', snapshotOf('waiting', 7));
    assert.equal(h.host.get('elsewhere')!.context.count, 7);
    assert.equal(h.host.get('elsewhere')!.value, 'waiting');
    assert.deepEqual([h.steps.length, h.writer.pendingRows, h.clock.pendingTimers], [0, 0, 0]);
    h.clock.advance(3_600_000);
    assert.equal(h.host.get('elsewhere')!.value, 'waiting', "the owner's timer ends it, not this host's");
    assert.equal(await stored('elsewhere'), undefined);
  });

  it('adopting drops the timers an entity had while this host owned it, and forgetting drops the entity and them', async () => {
    const h = harness();
    await create(h, 'moved');
    h.host.send('moved', { type: 'ARM' });
    await h.writer.committed();
    assert.equal(h.clock.pendingTimers, 1);
    h.host.adopt('moved', snapshotOf('waiting', 3));
    assert.deepEqual(h.host.pendingTimers('moved'), []);
    assert.equal(h.clock.pendingTimers, 0);
    h.host.adopt('gone', snapshotOf('idle', 1));
    assert.equal(h.host.forget('moved')!.context.count, 3);
    assert.equal(h.host.forget('gone')!.context.count, 1);
    assert.deepEqual([h.host.has('moved'), h.host.has('gone'), h.clock.pendingTimers, h.writer.pendingRows], [false, false, 0, 0]);
    assert.deepEqual(
      { ...(await stored('moved'))!, timers: undefined },
      { id: 'moved', state: 'waiting', count: 0, timers: undefined },
      'adopting and forgetting write nothing: the row is what this host committed',
    );
  });

  describe('with a packing (an entity type that keeps less than a snapshot)', () => {
    const packed = () => harness(undefined, counterPacking);

    it('keeps the packed value for a snapshot the packing can rebuild, and the whole snapshot otherwise', async () => {
      const h = packed();
      await create(h, 'packed', 3);
      assert.equal(h.host.peek('packed'), 3);
      h.host.send('packed', { type: 'ARM' });
      assert.equal((h.host.peek('packed') as CounterSnapshot).value, 'waiting', 'a waiting counter is not packed');
      h.host.send('packed', { type: 'DISARM' });
      assert.equal(h.host.peek('packed'), 3);
    });

    it('gives rebuilt snapshots to readers and steps from them', async () => {
      const h = packed();
      await create(h, 'rebuilt', 3);
      assert.deepEqual([h.host.get('rebuilt')!.value, h.host.get('rebuilt')!.context.count], ['idle', 3]);
      h.host.send('rebuilt', { type: 'ADD', by: 2 });
      assert.deepEqual([h.steps[0]!.before.context.count, h.steps[0]!.after.context.count], [3, 5]);
      assert.equal(h.host.peek('rebuilt'), 5);
      await h.writer.committed();
      assert.equal((await stored('rebuilt'))?.count, 5);
    });

    it('a failed commit puts the packed value back, and the owner is told the snapshots', async () => {
      const h = packed();
      await create(h, 'packed-fail', 4);
      h.host.send('packed-fail', { type: 'ADD', by: 200 });
      await assert.rejects(h.writer.committed(), CommitError);
      assert.equal(h.host.peek('packed-fail'), 4);
      assert.deepEqual(h.reverts, [{ id: 'packed-fail', restored: 4, discarded: 204 }]);
    });

    it('loads a kept value as it is, without a snapshot', () => {
      const h = packed();
      h.host.loadKept('loaded', 9);
      assert.equal(h.host.peek('loaded'), 9);
      assert.deepEqual([...h.host.keptValues()], [9]);
      assert.equal(h.host.get('loaded')!.context.count, 9);
      assert.equal(h.writer.pendingRows, 0);
    });
  });
});
