/**
 * The commit boundary of every command (src/core/commands/commitBoundary.ts): the change applies at the
 * clock's time, the call resolves only once it is committed, a failed commit surfaces as the
 * catalog's UNAVAILABLE with Retry-After, and an overloaded writer refuses before anything is applied.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { commitChange } from '../../../../src/core/commands/commitBoundary.js';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { AppError, ErrorCode } from '../../../../src/platform/errors/catalog.js';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { BatchWriter } from '../../../../src/platform/persistence/batchWriter.js';
import { nodesTable } from '../../../../src/core/storage/tables.js';
import { useEmbeddedDatabase } from '../../../support/embeddedDatabase.js';

const node = (path: string, parent: string | null = null) => ({
  path,
  parent_path: parent,
  name: path,
  depth: 1,
  created_at: '2026-01-01T00:00:00Z',
});

describe('commit boundary', () => {
  const db = useEmbeddedDatabase();
  const clock = createManualClock(Date.parse('2026-04-01T10:00:00Z'));

  it('applies the change at the clock time and resolves once its rows are committed', async () => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
    const at = await commitChange({ writer, clock }, (time) => {
      writer.upsert(nodesTable, node('boundary-ok'));
      return time;
    });
    assert.equal(at, clock.now());
    assert.ok(await db().knex('nodes').where({ path: 'boundary-ok' }).first(), 'committed before the call resolved');
  });

  it('turns a failed commit into UNAVAILABLE with the message a client can act on', async () => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
    // A child whose parent does not exist breaks the foreign key: the commit fails.
    const failed = commitChange({ writer, clock }, () => writer.upsert(nodesTable, node('boundary-orphan', 'no-such-parent')));
    await assert.rejects(
      failed,
      (error: unknown) =>
        error instanceof AppError &&
        error.code === ErrorCode.Unavailable &&
        /did not commit/.test(error.message) &&
        error.headers['retry-after'] === '1',
    );
  });

  it('refuses before applying anything while the writer is overloaded', async () => {
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger(), maxPendingRows: 0, commitWindowMs: 60_000 });
    writer.upsert(nodesTable, node('boundary-pending'));
    let applied = false;
    await assert.rejects(
      commitChange({ writer, clock }, () => (applied = true)),
      (error: unknown) => error instanceof AppError && error.code === ErrorCode.Unavailable && error.headers['retry-after'] === '1',
    );
    assert.equal(applied, false);
    await writer.flush();
  });
});
