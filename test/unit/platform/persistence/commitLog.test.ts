/**
 * What the group commit writes to the log, with the real writer on a real (embedded) database: a
 * line per commit, failures at most once a minute with their count, and the recovery after them.
 * A commit is made to fail by a row whose parent does not exist (its foreign key refuses it).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nodesTable } from '../../../../src/core/storage/tables.js';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { BatchWriter } from '../../../../src/platform/persistence/batchWriter.js';
import { COMMIT_FAILED_MESSAGE, COMMIT_MESSAGE, COMMIT_RECOVERED_MESSAGE } from '../../../../src/platform/persistence/commitLog.js';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { useEmbeddedDatabase } from '../../../support/embeddedDatabase.js';

const MINUTE = 60_000;
let n = 0;
const node = (parent: string | null) => {
  n += 1;
  return {
    path: parent === null ? `n${n}` : `${parent}/n${n}`,
    parent_path: parent,
    name: `n${n}`,
    depth: parent === null ? 1 : 2,
    created_at: new Date(0).toISOString(),
  };
};

describe('group commit log', () => {
  const db = useEmbeddedDatabase();
  const setup = () => {
    const clock = createManualClock();
    const logger = createMemoryLogger('info');
    const writer = new BatchWriter({ knex: db().knex, logger, clock });
    const lines = (msg: string) => logger.records.filter((r) => r['msg'] === msg);
    return { clock, logger, writer, lines };
  };
  const failOnce = async (writer: BatchWriter) => {
    writer.upsert(nodesTable, node('no-such-parent'));
    await assert.rejects(writer.committed());
  };

  it('writes one line per commit with its rows and waiting calls, however many requests it carried', async () => {
    const { writer, lines } = setup();
    const waits: Promise<void>[] = [];
    for (let i = 0; i < 25; i += 1) {
      writer.upsert(nodesTable, node(null));
      waits.push(writer.acknowledge());
    }
    await Promise.all(waits);
    assert.equal(lines(COMMIT_MESSAGE).length, writer.stats.batches);
    assert.ok(writer.stats.batches < 25, 'requests share commits');
    const total = lines(COMMIT_MESSAGE).reduce((sum, l) => sum + Number(l['rows']), 0);
    assert.equal(total, 25);
    assert.equal(
      lines(COMMIT_MESSAGE).reduce((sum, l) => sum + Number(l['waiting']), 0),
      25,
    );
    assert.equal(typeof lines(COMMIT_MESSAGE)[0]!['ms'], 'number');
  });

  it('logs failing commits at most once a minute, with the count of failures since', async () => {
    const { clock, writer, lines } = setup();
    for (let i = 0; i < 3; i += 1) await failOnce(writer);
    assert.deepEqual(
      lines(COMMIT_FAILED_MESSAGE).map((l) => [l['level'], l['failures']]),
      [['error', 1]],
    );
    assert.match(JSON.stringify(lines(COMMIT_FAILED_MESSAGE)[0]!['error']), /foreign key/);
    clock.advance(MINUTE);
    assert.deepEqual(
      lines(COMMIT_FAILED_MESSAGE).map((l) => l['failures']),
      [1, 2],
    );
  });

  it('says when commits succeed again, after how many failures', async () => {
    const { clock, writer, lines } = setup();
    await failOnce(writer);
    clock.advance(5_000);
    await failOnce(writer);
    writer.upsert(nodesTable, node(null));
    await writer.committed();
    const recovered = lines(COMMIT_RECOVERED_MESSAGE);
    assert.equal(recovered.length, 1);
    assert.deepEqual([recovered[0]!['failedCommits'], recovered[0]!['failingForMs'], recovered[0]!['level']], [2, 5_000, 'info']);
  });
});
