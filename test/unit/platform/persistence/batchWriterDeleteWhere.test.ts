/**
 * `BatchWriter.deleteWhere`: the delete of rows known only by a column (a person's notifications),
 * staged in a batch like any other write, on a real embedded database.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { notificationsTable } from '../../../../src/plugins/notifications/notificationCenter.js';
import { BatchWriter, CommitError } from '../../../../src/platform/persistence/batchWriter.js';
import { nodesTable } from '../../../../src/core/storage/tables.js';
import { useEmbeddedDatabase } from '../../../support/embeddedDatabase.js';
import { queriesDuring } from '../../../support/queriesDuring.js';

const notice = (userId: string, title = 'a notice') => ({
  id: randomUUID(),
  user_id: userId,
  type: 'service.down',
  title,
  message: 'm',
  entity_type: null,
  entity_id: null,
  created_at: '2026-01-01T00:00:00Z',
  read_at: null,
});

describe('batch writer: deleteWhere', () => {
  const db = useEmbeddedDatabase();
  const writer = () => new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
  const titlesOf = async (userId: string): Promise<string[]> =>
    (await db().knex('notifications').where({ user_id: userId }).orderBy('title').pluck('title')) as string[];

  it('deletes every committed row whose column has the value, and no other, in the delete transaction', async () => {
    const w = writer();
    const [gone, kept] = [randomUUID(), randomUUID()];
    for (const userId of [gone, gone, kept]) w.insert(notificationsTable, notice(userId));
    await w.committed();
    const queries = await queriesDuring(db().knex, async () => {
      w.deleteWhere(notificationsTable, 'user_id', gone);
      await w.committed();
    });
    assert.deepEqual(
      queries.map((sql) => sql.split(' ')[0]!.replace(';', '').toLowerCase()),
      ['begin', 'delete', 'commit'],
    );
    assert.deepEqual([(await titlesOf(gone)).length, (await titlesOf(kept)).length], [0, 1]);
  });

  it('drops the matching rows staged before it in the batch; a row staged after it is written', async () => {
    const w = writer();
    const userId = randomUUID();
    w.insert(notificationsTable, notice(userId, 'staged before'));
    w.deleteWhere(notificationsTable, 'user_id', userId);
    w.insert(notificationsTable, notice(userId, 'staged after'));
    assert.equal(w.pendingRows, 2, 'the delete and the later row');
    await w.committed();
    assert.deepEqual(await titlesOf(userId), ['staged after']);
  });

  it('commits with the rest of its batch: when the batch fails, nothing is deleted', async () => {
    const w = writer();
    const userId = randomUUID();
    w.insert(notificationsTable, notice(userId));
    await w.committed();
    w.deleteWhere(notificationsTable, 'user_id', userId);
    w.upsert(nodesTable, {
      path: `orphan-${randomUUID()}`,
      parent_path: 'no-such-parent',
      name: 'orphan',
      depth: 1,
      created_at: '2026-01-01T00:00:00Z',
    });
    await assert.rejects(w.committed(), CommitError);
    assert.equal((await titlesOf(userId)).length, 1);
  });

  it('stages a repeated value once', () => {
    const w = writer();
    const userId = randomUUID();
    w.deleteWhere(notificationsTable, 'user_id', userId);
    w.deleteWhere(notificationsTable, 'user_id', userId);
    assert.equal(w.pendingRows, 1);
    return w.committed();
  });

  it('refuses a column the table does not have when it is staged, not in a commit', () => {
    assert.throws(() => writer().deleteWhere(notificationsTable, 'owner_id', randomUUID()), /column owner_id has no column spec/);
  });
});
