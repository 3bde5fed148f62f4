import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { CommittedMap } from '../../../../src/core/fleet/committedMap.js';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { BatchWriter, CommitError, type TableSpec } from '../../../../src/platform/persistence/batchWriter.js';
import { nodesTable } from '../../../../src/core/storage/tables.js';
import { useEmbeddedDatabase } from '../../../support/embeddedDatabase.js';
import { queriesDuring } from '../../../support/queriesDuring.js';

const node = (path: string, parent: string | null = null) => ({
  path,
  parent_path: parent,
  name: path,
  depth: 1,
  created_at: '2026-01-01T00:00:00Z',
});

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

  it('counts as busy between two commits while changes wait for the next one', async () => {
    const seen: boolean[] = [];
    let staged = false;
    const writer: BatchWriter = new BatchWriter({
      knex: db().knex,
      logger: createMemoryLogger(),
      onBatchStart: () => {
        if (staged) return;
        staged = true;
        writer.upsert(nodesTable, node('busy-b'));
        writer.afterCommit(() => seen.push(writer.busy));
      },
    });
    assert.equal(writer.busy, false, 'nothing staged');
    writer.upsert(nodesTable, node('busy-a'));
    assert.equal(writer.busy, true, 'a change waits for its commit');
    writer.afterCommit(() => seen.push(writer.busy));
    await writer.committed();
    await writer.committed();
    assert.deepEqual(seen, [true, false], 'after the first commit busy-b waits; after the second nothing does');
    assert.equal(writer.busy, false);
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
        second = writer.committed().then(
          () => 'committed',
          (error: unknown) => error,
        );
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

  it("commits a batch of 150,000 append-only rows (more than fit in one call's arguments)", async () => {
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

describe('batch writer deletes', () => {
  const db = useEmbeddedDatabase();
  const count = async (prefix: string) => Number((await db().knex('nodes').where('path', 'like', `${prefix}%`).count({ n: '*' }))[0]!['n']);
  const purgeChildren = [{ table: nodesTable, column: 'parent_path' }];
  // A parent and a child without ON DELETE CASCADE: deleting the parent first would fail.
  const parentTable: TableSpec = {
    name: 'probe_parent',
    key: ['id'],
    order: 1,
    mode: 'upsert',
    columns: [{ name: 'id', type: 'integer' }],
  };
  const childTable: TableSpec = {
    name: 'probe_child',
    key: ['id'],
    order: 2,
    mode: 'insert',
    columns: [
      { name: 'id', type: 'integer' },
      { name: 'parent_id', type: 'integer' },
    ],
  };
  before(async () => {
    await db().knex.raw('create table probe_parent (id integer primary key)');
    await db().knex.raw('create table probe_child (id integer primary key, parent_id integer not null references probe_parent(id))');
  });

  it('commits a staged delete', async () => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
    writer.upsert(nodesTable, node('del-a'));
    await writer.committed();
    let committed = false;
    writer.delete(nodesTable, { path: 'del-a' }, { onCommit: () => (committed = true) });
    await writer.committed();
    assert.equal(await count('del-a'), 0);
    assert.equal(committed, true);
    assert.equal(writer.stats.rows, 2, 'a delete counts as a row');
  });

  it('writes nothing for an upsert then a delete of the same key in one batch', async () => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
    const committed: string[] = [];
    writer.upsert(nodesTable, node('ud'), { onCommit: () => committed.push('upsert') });
    writer.delete(nodesTable, { path: 'ud' }, { onCommit: () => committed.push('delete') });
    assert.equal(writer.pendingRows, 1, 'the delete replaced the upsert');
    await writer.committed();
    assert.equal(await count('ud'), 0);
    assert.deepEqual(committed, ['delete'], 'the dropped upsert never commits');
  });

  it('replaces the row on a delete then an upsert of the same key in one batch', async () => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
    writer.upsert(nodesTable, { ...node('dr'), name: 'old' });
    writer.upsert(nodesTable, node('dr/child', 'dr'));
    await writer.committed();
    writer.delete(nodesTable, { path: 'dr' });
    writer.upsert(nodesTable, { ...node('dr'), name: 'new' });
    assert.equal(writer.pendingRows, 2);
    await writer.committed();
    assert.equal((await db().knex('nodes').where({ path: 'dr' }).first())['name'], 'new');
    assert.equal(await count('dr/'), 0, 'the delete ran first: its cascade removed the old child');
  });

  it('dedupes repeated deletes of a key', async () => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
    writer.delete(nodesTable, { path: 'twice' });
    writer.delete(nodesTable, { path: 'twice' });
    assert.equal(writer.pendingRows, 1);
    await writer.committed();
    assert.equal(writer.stats.rows, 1);
  });

  it('fails a batch whose staged child row references a row deleted in it, without purge', async () => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
    writer.upsert(nodesTable, node('np'));
    await writer.committed();
    writer.upsert(nodesTable, node('np/child', 'np'));
    writer.delete(nodesTable, { path: 'np' });
    await assert.rejects(writer.committed(), CommitError);
    assert.equal(await count('np'), 1, 'nothing was applied');
  });

  it('purges staged child rows of a deleted row so the foreign key holds', async () => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
    writer.upsert(nodesTable, node('pp'));
    await writer.committed();
    writer.upsert(nodesTable, node('pp/a', 'pp'));
    writer.upsert(nodesTable, node('pp/b', 'pp'));
    writer.upsert(nodesTable, node('pq'));
    writer.delete(nodesTable, { path: 'pp' }, { purge: purgeChildren });
    assert.equal(writer.pendingRows, 2, 'the delete and the unrelated upsert');
    await writer.committed();
    assert.equal(await count('pp'), 0);
    assert.equal(await count('pq'), 1, 'rows of other parents are kept');
  });

  it('purges staged append-only child rows of a deleted row', async () => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
    writer.upsert(parentTable, { id: 1 });
    await writer.committed();
    writer.insert(childTable, { id: 1, parent_id: 1 });
    writer.delete(parentTable, { id: 1 }, { purge: [{ table: childTable, column: 'parent_id' }] });
    assert.equal(writer.pendingRows, 1);
    await writer.committed();
    assert.equal(await db().knex('probe_parent').where({ id: 1 }).first(), undefined);
    assert.equal(await db().knex('probe_child').where({ id: 1 }).first(), undefined);
  });

  it('deletes children before parents, whatever the staging order', async () => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
    writer.upsert(parentTable, { id: 2 });
    writer.insert(childTable, { id: 2, parent_id: 2 });
    await writer.committed();
    writer.delete(parentTable, { id: 2 });
    writer.delete(childTable, { id: 2 });
    await writer.committed();
    assert.equal(await db().knex('probe_parent').where({ id: 2 }).first(), undefined);
    assert.equal(await db().knex('probe_child').where({ id: 2 }).first(), undefined);
  });

  it('rolls back a failed batch with a delete as a whole', async () => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
    writer.upsert(nodesTable, node('fd'));
    await writer.committed();
    const rolledBack: string[] = [];
    writer.delete(nodesTable, { path: 'fd' }, { onRollback: () => rolledBack.push('delete') });
    writer.upsert(nodesTable, node('fd-orphan', 'no-such-parent'));
    await assert.rejects(writer.committed(), CommitError);
    assert.equal(await count('fd'), 1, 'the delete was rolled back with the failed upsert');
    assert.deepEqual(rolledBack, ['delete']);
  });

  it('commits a batch without deletes in exactly one statement', async () => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
    const queries = await queriesDuring(db().knex, async () => {
      writer.upsert(nodesTable, node('one-statement'));
      writer.upsert(parentTable, { id: 3 });
      writer.insert(childTable, { id: 3, parent_id: 3 });
      await writer.committed();
    });
    assert.equal(queries.length, 1, JSON.stringify(queries));
    assert.ok(await db().knex('probe_child').where({ id: 3 }).first(), 'every table was written');
  });

  it('commits a batch with deletes in one transaction: deletes first, then the upserts', async () => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
    const queries = await queriesDuring(db().knex, async () => {
      writer.upsert(nodesTable, node('trx-kept'));
      writer.delete(nodesTable, { path: 'trx-gone' });
      await writer.committed();
    });
    assert.deepEqual(
      queries.map((sql) => sql.split(' ')[0]!.replace(';', '').toLowerCase()),
      ['begin', 'delete', 'insert', 'commit'],
    );
  });
});

describe('committed map', () => {
  const db = useEmbeddedDatabase();
  const count = async (path: string) => Number((await db().knex('nodes').where({ path }).count({ n: '*' }))[0]!['n']);
  type Node = { path: string; parent: string | null };
  const nodeMap = (writer: BatchWriter, onRevert?: (key: string, restored: Node | undefined, discarded: Node | undefined) => void) =>
    new CommittedMap<Node>(writer, nodesTable, (v) => node(v.path, v.parent), onRevert);
  /** A row that fails the batch it is staged in. */
  const stageFailure = (writer: BatchWriter) => writer.upsert(nodesTable, node(`orphan-${Math.random()}`, 'no-such-parent'));

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

  it('deletes a value from memory at once and from the database on commit', async () => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
    const map = nodeMap(writer);
    map.set('gone', { path: 'gone', parent: null });
    await writer.committed();
    assert.equal(map.delete('gone'), true);
    assert.equal(map.has('gone'), false);
    await writer.committed();
    assert.equal(await count('gone'), 0);
  });

  it('writes nothing for a value set and deleted in one batch', async () => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
    const map = nodeMap(writer);
    map.set('brief', { path: 'brief', parent: null });
    map.delete('brief');
    await writer.committed();
    assert.equal(map.has('brief'), false);
    assert.equal(await count('brief'), 0);
  });

  it('restores a deleted value when the commit fails', async () => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
    const reverts: Array<[string, Node | undefined, Node | undefined]> = [];
    const map = nodeMap(writer, (key, restored, discarded) => reverts.push([key, restored, discarded]));
    map.set('restored', { path: 'restored', parent: null });
    await writer.committed();
    map.delete('restored');
    stageFailure(writer);
    await assert.rejects(writer.committed(), CommitError);
    assert.deepEqual(map.get('restored'), { path: 'restored', parent: null });
    assert.deepEqual(reverts, [['restored', { path: 'restored', parent: null }, undefined]]);
    assert.equal(await count('restored'), 1);
  });

  it('keeps a value set and deleted in a failed batch absent', async () => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
    const map = nodeMap(writer);
    map.set('never', { path: 'never', parent: null });
    map.delete('never');
    stageFailure(writer);
    await assert.rejects(writer.committed(), CommitError);
    assert.equal(map.has('never'), false);
    assert.equal(await count('never'), 0);
  });

  it('restores the committed value, not the uncommitted one, when a delete after a set fails', async () => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
    const map = nodeMap(writer);
    map.set('layered', { path: 'layered', parent: null });
    await writer.committed();
    map.set('layered', { path: 'layered', parent: 'missing-parent' });
    map.delete('layered');
    stageFailure(writer);
    await assert.rejects(writer.committed(), CommitError);
    assert.deepEqual(map.get('layered'), { path: 'layered', parent: null });
  });

  it('keeps a value deleted and set again in one committed batch through a later failure', async () => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
    const map = nodeMap(writer);
    map.set('again', { path: 'again', parent: null });
    await writer.committed();
    map.delete('again');
    map.set('again', { path: 'again', parent: null });
    await writer.committed();
    map.set('bystander', { path: 'bystander', parent: null }); // the map takes part in the failed batch
    stageFailure(writer);
    await assert.rejects(writer.committed(), CommitError);
    assert.deepEqual(map.get('again'), { path: 'again', parent: null }, 'the committed value is not reverted');
    assert.equal(await count('again'), 1);
  });

  it('treats deleting a missing key as a no-op', () => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
    const map = nodeMap(writer);
    assert.equal(map.delete('missing'), false);
    assert.equal(writer.pendingRows, 0, 'nothing staged');
  });
});
