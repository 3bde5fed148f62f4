/**
 * `BatchWriter.runHeld` (heldCommit.ts): what a request changes and the rows staged from its answer
 * commit in ONE batch, even when the request does more work after its change and other requests
 * stage rows meanwhile; a request that staged nothing waits for nothing and records nothing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { BatchWriter } from '../../../../src/platform/persistence/batchWriter.js';
import { nodesTable } from '../../../../src/core/storage/tables.js';
import { useEmbeddedDatabase } from '../../../support/embeddedDatabase.js';

const node = (path: string) => ({ path, parent_path: null, name: path, depth: 1, created_at: '2026-01-01T00:00:00Z' });

describe('batch writer: a held request commits with its answer', () => {
  const db = useEmbeddedDatabase();
  const paths = async (prefix: string) =>
    (await db().knex('nodes').where('path', 'like', `${prefix}%`).select('path')).map((r) => r.path as string).sort();

  it('the change and the answer rows commit in one batch, though the request waited on a timer in between', async () => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
    const outcome = await writer.runHeld(
      async () => {
        writer.upsert(nodesTable, node('held-change'));
        await writer.acknowledge(); // returns at once inside runHeld
        await new Promise((done) => setTimeout(done, 20)); // the batch would have left by now were it not held
        return 'answer';
      },
      (value) => writer.upsert(nodesTable, node(`held-${value}`)),
    );
    assert.deepEqual(outcome, { value: 'answer', staged: true, recorded: true });
    assert.equal(writer.stats.batches, 1, 'one commit');
    assert.deepEqual(await paths('held-'), ['held-answer', 'held-change']);
  });

  it('a request that staged nothing is not recorded and waits for no commit', async () => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
    let recorded = false;
    const outcome = await writer.runHeld(
      async () => 'refused',
      () => (recorded = true),
    );
    assert.deepEqual(outcome, { value: 'refused', staged: false, recorded: false });
    assert.equal(recorded, false);
    assert.equal(writer.stats.batches, 0);
  });

  it('a request that throws releases the batch: its staged change commits as without a key, nothing is recorded', async () => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
    let recorded = false;
    await assert.rejects(
      writer.runHeld(
        async () => {
          writer.upsert(nodesTable, node('thrown-change'));
          await writer.acknowledge();
          throw new Error('late refusal');
        },
        () => (recorded = true),
      ),
      /late refusal/,
    );
    await writer.committed();
    assert.equal(recorded, false);
    assert.deepEqual(await paths('thrown-'), ['thrown-change']);
  });

  it('a refused commit rejects the held request and keeps neither its change nor its record', async () => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
    const bad = { ...node('refused-change'), depth: 'not a number' };
    await assert.rejects(
      writer.runHeld(
        async () => {
          writer.upsert(nodesTable, bad);
          await writer.acknowledge();
          return 'answer';
        },
        () => writer.upsert(nodesTable, node('refused-record')),
      ),
      { name: 'CommitError' },
    );
    assert.deepEqual(await paths('refused-'), []);
  });

  it('a request that holds its batch too long loses its record, and nobody waits for it', async () => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger(), maxHoldMs: 20 });
    let recorded = false;
    let committedWhileRunning = 0;
    const outcome = await writer.runHeld(
      async () => {
        writer.upsert(nodesTable, node('slow-change'));
        await writer.acknowledge();
        // Slow I/O after its change: the hold expires and the batch commits meanwhile.
        for (let i = 0; i < 200 && writer.stats.batches === 0; i += 1) await new Promise((done) => setTimeout(done, 5));
        committedWhileRunning = writer.stats.batches;
        return 'late';
      },
      () => (recorded = true),
    );
    assert.equal(committedWhileRunning, 1, 'the batch left while the request still ran');
    assert.deepEqual(outcome, { value: 'late', staged: true, recorded: false });
    assert.equal(recorded, false);
    assert.deepEqual(await paths('slow-'), ['slow-change']);
  });
});
