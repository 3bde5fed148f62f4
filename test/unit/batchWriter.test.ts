import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CommittedMap } from '../../src/actors/committedMap.js';
import { createMemoryLogger } from '../../src/log/logger.js';
import { BatchWriter, CommitError, type TableSpec } from '../../src/persistence/batchWriter.js';
import { openDatabase, type Database } from '../../src/persistence/database.js';
import { nodesTable } from '../../src/persistence/tables.js';
import { embeddedBackend, type TestStore } from '../support/backends.js';

const node = (path: string, parent: string | null = null) => ({ path, parent_path: parent, name: path, depth: 1, created_at: '2026-01-01T00:00:00Z' });

/** A fresh embedded database for the suite this is called in. */
function useEmbeddedDatabase(): () => Database {
  let store: TestStore;
  let database: Database;
  before(async () => {
    store = await embeddedBackend.createStore();
    database = await openDatabase({ url: undefined, dataDir: '', pglite: store.pglite! });
  });
  after(async () => {
    await database.close();
    await store.dispose();
  });
  return () => database;
}

describe('batch writer (group commit)', () => {
  const db = useEmbeddedDatabase();
  const count = async (prefix: string) => Number((await db().knex('nodes').where('path', 'like', `${prefix}%`).count({ n: '*' }))[0]!['n']);

  it('commits everything staged in one turn of the event loop in one transaction', async () => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
    for (let i = 0; i < 100; i += 1) writer.upsert(nodesTable, node(`one-${i}`));
    await writer.committed();
    assert.equal(writer.stats.batches, 1);
    assert.equal(writer.stats.rows, 100);
    assert.equal(await count('one-'), 100, 'rows are visible once committed() resolves');
  });

  it('writes the last staged version of a row once', async () => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
    writer.upsert(nodesTable, { ...node('dedupe'), name: 'first' });
    writer.upsert(nodesTable, { ...node('dedupe'), name: 'second' });
    await writer.committed();
    assert.equal(writer.stats.rows, 1);
    assert.equal((await db().knex('nodes').where({ path: 'dedupe' }).first())['name'], 'second');
  });

  it('gathers rows staged during a commit into the next batch', async () => {
    let second: Promise<void> | undefined;
    const writer: BatchWriter = new BatchWriter({
      knex: db().knex,
      logger: createMemoryLogger(),
      onBatchStart: () => {
        if (second) return;
        writer.upsert(nodesTable, node('next-b'));
        writer.upsert(nodesTable, node('next-c'));
        second = writer.committed();
      },
    });
    writer.upsert(nodesTable, node('next-a'));
    await writer.committed();
    await second;
    assert.equal(writer.stats.batches, 2);
    assert.equal(await count('next-'), 3);
  });

  it('starts commits at least the commit window apart, gathering what arrives meanwhile', async () => {
    const starts: Array<{ at: number; rows: number }> = [];
    const writer = new BatchWriter({
      knex: db().knex,
      logger: createMemoryLogger(),
      commitWindowMs: 40,
      onBatchStart: (rows) => starts.push({ at: performance.now(), rows }),
    });
    writer.upsert(nodesTable, node('window-1'));
    await writer.committed();
    writer.upsert(nodesTable, node('window-2'));
    const second = writer.committed();
    writer.upsert(nodesTable, node('window-3'));
    await second;
    assert.equal(starts.length, 2);
    assert.ok(starts[1]!.at - starts[0]!.at >= 39, `second commit started ${starts[1]!.at - starts[0]!.at} ms after the first`);
    assert.equal(starts[1]!.rows, 2, 'rows staged during the window share one commit');
  });

  it('runs after-commit effects only after the commit, in order', async () => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
    const seen: string[] = [];
    writer.upsert(nodesTable, node('effect'));
    writer.afterCommit(() => seen.push('a'));
    writer.afterCommit(() => seen.push('b'));
    assert.deepEqual(seen, []);
    await writer.committed();
    assert.deepEqual(seen, ['a', 'b']);
  });

  it('fails the batch and the one queued behind it, rolls back, and skips their effects', async () => {
    const rolledBack: string[] = [];
    const effects: string[] = [];
    let second: Promise<unknown> | undefined;
    const writer: BatchWriter = new BatchWriter({
      knex: db().knex,
      logger: createMemoryLogger(),
      onBatchStart: () => {
        if (second) return;
        // Staged while the first batch commits: it queues behind it.
        writer.upsert(nodesTable, node('innocent'), { onRollback: () => rolledBack.push('second') });
        writer.afterCommit(() => effects.push('second'));
        second = writer.committed().then(() => 'committed', (error: unknown) => error);
      },
    });
    writer.upsert(nodesTable, node('orphan', 'no-such-parent'), { onRollback: () => rolledBack.push('first') });
    writer.afterCommit(() => effects.push('first'));
    const first = writer.committed();
    await assert.rejects(first, CommitError);
    assert.ok((await second) instanceof CommitError, 'the queued batch fails too');
    assert.deepEqual(rolledBack.sort(), ['first', 'second']);
    assert.deepEqual(effects, []);
    assert.equal(await count('orphan'), 0);
    assert.equal(await count('innocent'), 0);

    writer.upsert(nodesTable, node('after-failure'));
    await writer.committed();
    assert.equal(await count('after-failure'), 1, 'the writer keeps working after a failed commit');
  });

  it('commits a batch of 150,000 append-only rows (more than fit in one call\'s arguments)', async () => {
    await db().knex.raw('create table writer_probe (id integer primary key)');
    const probe: TableSpec = { name: 'writer_probe', key: ['id'], order: 1, mode: 'insert', columns: [{ name: 'id', type: 'integer' }] };
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger(), maxBatchRows: 1_000_000 });
    for (let id = 0; id < 150_000; id += 1) writer.insert(probe, { id });
    await writer.committed();
    assert.equal(Number((await db().knex('writer_probe').count({ n: '*' }))[0]!['n']), 150_000);
  });

  it('reports overload past its pending-row limit', () => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger(), maxPendingRows: 2 });
    writer.upsert(nodesTable, node('o1'));
    writer.upsert(nodesTable, node('o2'));
    assert.equal(writer.overloaded, false);
    writer.upsert(nodesTable, node('o3'));
    assert.equal(writer.overloaded, true);
    return writer.flush();
  });
});

describe('committed map', () => {
  const db = useEmbeddedDatabase();

  it('goes back to the last committed value when a later commit fails', async () => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
    const reverted: string[] = [];
    const map = new CommittedMap<{ path: string; parent: string | null }>(
      writer,
      nodesTable,
      (v) => node(v.path, v.parent),
      (key) => reverted.push(key),
    );
    map.set('kept', { path: 'kept', parent: null });
    await writer.committed();
    map.set('kept', { path: 'kept', parent: 'missing-parent' });
    map.set('new', { path: 'new', parent: null });
    await assert.rejects(writer.committed(), CommitError);
    assert.deepEqual(map.get('kept'), { path: 'kept', parent: null });
    assert.equal(map.has('new'), false, 'a value that was never committed is forgotten');
    assert.deepEqual(reverted.sort(), ['kept', 'new']);
  });
});
