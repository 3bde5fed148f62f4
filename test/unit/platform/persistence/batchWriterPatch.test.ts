/**
 * Patches (tableSpec.ts `patchSpec`): a change to a few columns of an upsert table's row is written
 * as an UPDATE of those columns, in the same single statement as the batch's other rows. Within one
 * batch a key's patch and full row never meet in one statement: a patch after the full row folds into
 * it, a full row after a patch replaces it, and a delete drops it.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { BatchWriter } from '../../../../src/platform/persistence/batchWriter.js';
import { patchSpec, type TableSpec } from '../../../../src/platform/persistence/tableSpec.js';
import { cols } from '../../../../src/core/storage/tables.js';
import { useEmbeddedDatabase } from '../../../support/embeddedDatabase.js';

const thingsTable: TableSpec = {
  name: 'patch_test_things',
  key: ['id'],
  order: 1,
  mode: 'upsert',
  columns: cols({ id: 'text', label: 'text', state: 'text', count: 'integer' }),
};
const stateTable = patchSpec(thingsTable, ['state', 'count']);

describe('batch writer patches', () => {
  const db = useEmbeddedDatabase();
  before(async () => {
    await db().knex.raw(
      'create table patch_test_things (id text primary key, label text not null, state text not null, count integer not null)',
    );
  });
  const writer = () => new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
  const stored = async (id: string) => (await db().knex('patch_test_things').where({ id }).first()) as Record<string, unknown> | undefined;
  const create = async (id: string) => {
    const w = writer();
    w.upsert(thingsTable, { id, label: 'first', state: 'new', count: 0 });
    await w.committed();
  };

  it('a patch changes its columns and leaves the others as they are', async () => {
    await create('p1');
    const w = writer();
    w.upsert(stateTable, { id: 'p1', state: 'busy', count: 3 });
    await w.committed();
    assert.deepEqual(await stored('p1'), { id: 'p1', label: 'first', state: 'busy', count: 3 });
  });

  it('the last patch of a key in a batch wins', async () => {
    await create('p2');
    const w = writer();
    w.upsert(stateTable, { id: 'p2', state: 'busy', count: 1 });
    w.upsert(stateTable, { id: 'p2', state: 'idle', count: 2 });
    await w.committed();
    assert.equal(w.stats.rows, 1);
    assert.deepEqual(await stored('p2'), { id: 'p2', label: 'first', state: 'idle', count: 2 });
  });

  it('a patch staged after the full row of its key folds into that row', async () => {
    const w = writer();
    w.upsert(thingsTable, { id: 'p3', label: 'made', state: 'new', count: 0 });
    w.upsert(stateTable, { id: 'p3', state: 'busy', count: 5 });
    await w.committed();
    assert.equal(w.stats.rows, 1, 'one row: the patched full row');
    assert.deepEqual(await stored('p3'), { id: 'p3', label: 'made', state: 'busy', count: 5 });
  });

  it('a full row staged after a patch of its key replaces the patch', async () => {
    await create('p4');
    const w = writer();
    w.upsert(stateTable, { id: 'p4', state: 'stale', count: 9 });
    w.upsert(thingsTable, { id: 'p4', label: 'renamed', state: 'fresh', count: 10 });
    await w.committed();
    assert.equal(w.stats.rows, 1);
    assert.deepEqual(await stored('p4'), { id: 'p4', label: 'renamed', state: 'fresh', count: 10 });
  });

  it('a delete drops the patches of its key staged before it', async () => {
    await create('p5');
    const w = writer();
    w.upsert(stateTable, { id: 'p5', state: 'busy', count: 1 });
    w.delete(thingsTable, { id: 'p5' });
    await w.committed();
    assert.equal(await stored('p5'), undefined);
  });

  it('patches of many keys go in one statement with the batch other rows', async () => {
    for (const id of ['m1', 'm2', 'm3']) await create(id);
    const w = writer();
    for (const id of ['m1', 'm2', 'm3']) w.upsert(stateTable, { id, state: `s-${id}`, count: 7 });
    w.upsert(thingsTable, { id: 'm4', label: 'new', state: 'new', count: 0 });
    await w.committed();
    assert.equal(w.stats.batches, 1);
    for (const id of ['m1', 'm2', 'm3']) assert.deepEqual(await stored(id), { id, label: 'first', state: `s-${id}`, count: 7 });
    assert.equal((await stored('m4'))?.label, 'new');
  });

  it('refuses to patch a column the table does not have, or a table that is not upserted', () => {
    assert.throws(() => patchSpec(thingsTable, ['colour']), /no column colour/);
    assert.throws(() => patchSpec({ ...thingsTable, mode: 'insert' }, ['state']), /only an upsert table/);
  });
});
