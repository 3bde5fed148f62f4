/**
 * The writer's seal (src/platform/persistence/batchSeal.ts): cluster mode's replication sees every row of a batch as
 * its commit begins, in the order the commit applies them, and what it stages joins that commit; a seal that throws
 * fails the batch like a refused commit. A real writer on the embedded database.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nodesTable } from '../../../../src/core/storage/tables.js';
import { clusterEventsTable } from '../../../../src/platform/cluster/eventHistory.js';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { BatchWriter, CommitError, type SealedBatch } from '../../../../src/platform/persistence/batchWriter.js';
import { patchSpec } from '../../../../src/platform/persistence/tableSpec.js';
import { useEmbeddedDatabase } from '../../../support/embeddedDatabase.js';

const node = (path: string, parent: string | null = null) => ({
  path,
  parent_path: parent,
  name: path.split('/').at(-1),
  depth: path.split('/').length,
  created_at: '2026-01-01T00:00:00Z',
});
const event = (seq: number) => ({ shard: 3, epoch: 1, seq, at: '2026-01-01T00:00:00Z', payload: { seq } });

describe('the batch writer seal', () => {
  const db = useEmbeddedDatabase();
  const renamed = patchSpec(nodesTable, ['name']);

  it('sees every row of a batch in commit order, and what it stages commits in the same transaction', async () => {
    const seen: string[][] = [];
    let fenced: boolean | undefined;
    const writer = new BatchWriter({
      knex: db().knex,
      logger: createMemoryLogger(),
      seal: (batch: SealedBatch) => {
        fenced = batch.fenced;
        seen.push(
          batch.rows().map(({ table, kind, row }) => `${kind} ${table.name}${table.mode === 'update' ? ' (patch)' : ''} ${row['path']}`),
        );
        batch.insert(clusterEventsTable, event(seen.length));
      },
    });
    writer.upsert(nodesTable, node('seal-a'));
    writer.upsert(nodesTable, node('seal-a/b', 'seal-a'));
    await writer.committed();
    writer.upsert(renamed, { path: 'seal-a', name: 'renamed' });
    writer.delete(nodesTable, { path: 'seal-a/b' });
    await writer.committed();
    assert.deepEqual(seen, [
      ['upsert nodes seal-a', 'upsert nodes seal-a/b'],
      ['delete nodes seal-a/b', 'upsert nodes (patch) seal-a'],
    ]);
    assert.equal(fenced, false, 'a writer without a fence says so');
    const events = await db().knex('cluster_events').where({ shard: 3 }).orderBy('seq').select('seq');
    assert.deepEqual(
      events.map((e) => Number(e.seq)),
      [1, 2],
      'each batch committed its staged row',
    );
    assert.equal(writer.stats.rows, 2 + 2 + 2, 'the staged rows count as the batch rows they are');
  });

  it('a seal that throws fails the batch: nothing of it is written, its waiters hear CommitError, its rollbacks run', async () => {
    let rolledBack = 0;
    const writer = new BatchWriter({
      knex: db().knex,
      logger: createMemoryLogger(),
      seal: () => {
        throw new Error('shard 7 is not held here');
      },
    });
    writer.upsert(nodesTable, node('refused'), { onRollback: () => rolledBack++ });
    await assert.rejects(writer.committed(), (error: unknown) => error instanceof CommitError);
    assert.equal(rolledBack, 1);
    assert.equal(await db().knex('nodes').where({ path: 'refused' }).first(), undefined);
  });

  it('a batch of after-commit effects alone passes the seal too (its domain events travel with it)', async () => {
    let sealed = 0;
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger(), seal: () => void sealed++ });
    let ran = false;
    writer.afterCommit(() => (ran = true));
    await writer.committed();
    assert.deepEqual([sealed, ran, writer.stats.rows], [1, true, 0]);
  });
});
