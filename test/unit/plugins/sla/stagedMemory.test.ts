import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { BatchWriter, CommitError } from '../../../../src/platform/persistence/batchWriter.js';
import { nodesTable } from '../../../../src/core/storage/tables.js';
import { StagedMemory } from '../../../../src/plugins/sla/stagedMemory.js';
import { useEmbeddedDatabase } from '../../../support/embeddedDatabase.js';

/** Rows of the core `nodes` table stand in for a history table: a row whose parent is missing fails its batch. */
const row = (path: string, parent: string | null = null) => ({
  path,
  parent_path: parent,
  name: path,
  depth: 1,
  created_at: '2026-01-01T00:00:00Z',
});

describe('staged memory (the live part of a history table)', () => {
  const db = useEmbeddedDatabase();
  const stored = async (path: string) => (await db().knex('nodes').where({ path }).first()) ?? null;

  it('letting go of a key writes its last row and keeps the row in the database', async () => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
    const memory = new StagedMemory<string>(writer, nodesTable);
    memory.write('svc-1', 'open', row('inc-1'));
    await writer.committed();
    memory.write('svc-1', undefined, { ...row('inc-1'), name: 'closed' });
    await writer.committed();
    assert.equal(memory.get('svc-1'), undefined);
    assert.equal((await stored('inc-1')).name, 'closed');
  });

  it('a failed batch puts every key it changed back to its committed value', async () => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
    const memory = new StagedMemory<string>(writer, nodesTable);
    memory.write('kept', 'v1', row('kept-1'));
    await writer.committed();
    memory.write('kept', undefined, row('kept-1b', 'no-such-parent'));
    memory.write('new', 'n1', row('new-1'));
    await assert.rejects(writer.committed(), CommitError);
    assert.equal(memory.get('kept'), 'v1', 'a key let go of in the failed batch is held again');
    assert.equal(memory.get('new'), undefined, 'a key first written in the failed batch is gone');
    assert.equal(await stored('new-1'), null);
  });

  it('two writes of a key in one committed batch leave nothing to revert at a later failure', async () => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
    const memory = new StagedMemory<string>(writer, nodesTable);
    // Close one incident and open the next for the same key in one batch: two rows, two keys of the table.
    memory.write('svc', 'first', row('b-first'));
    memory.write('svc', 'second', row('a-second'));
    await writer.committed();
    assert.equal(memory.get('svc'), 'second');
    // A later failure of another key must not touch the committed one.
    memory.write('other', 'x', row('other-1', 'no-such-parent'));
    await assert.rejects(writer.committed(), CommitError);
    assert.equal(memory.get('svc'), 'second');
  });

  it("adopting another instance's committed value replaces memory, and letting go applies only when `applies` accepts what is held", async () => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
    const memory = new StagedMemory<string>(writer, nodesTable);
    memory.adopt('svc', 'incident-1');
    assert.equal(memory.get('svc'), 'incident-1');
    memory.adopt('svc', undefined, (held) => held === 'incident-0');
    assert.equal(memory.get('svc'), 'incident-1', 'the close of an older incident keeps the open one');
    memory.adopt('svc', undefined, (held) => held === 'incident-1');
    assert.equal(memory.get('svc'), undefined);
    assert.equal(writer.pendingRows, 0, 'nothing is written');
  });

  it('adopting a value for a key with an uncommitted write keeps the write, and a failed batch goes back to the adopted value', async () => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
    const memory = new StagedMemory<string>(writer, nodesTable);
    memory.load('svc', 'committed');
    memory.write('svc', 'mine', row('adopt-1', 'no-such-parent'));
    memory.adopt('svc', 'theirs', (held) => held === 'committed');
    assert.equal(memory.get('svc'), 'mine', 'the write here commits after it and wins');
    await assert.rejects(writer.committed(), CommitError);
    assert.equal(memory.get('svc'), 'theirs');
  });
});
