/**
 * At `info`, pushes are logged by the batch, not one by one: a burst of concurrent health pushes
 * leaves one `group commit` line per commit (its rows and how many calls waited on it) and no line
 * naming a push.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { COMMIT_MESSAGE } from '../../../src/platform/persistence/commitLog.js';
import { testBackends } from '../../support/backends.js';
import { until } from '../../support/polling.js';
import { startTestServer, type TestServer } from '../../support/testServer.js';

const PUSHES = 200;

for (const backend of testBackends()) {
  describe(`the ingest path's log at info (${backend.name})`, () => {
    let t: TestServer;
    before(async () => {
      t = await startTestServer(backend);
      // The start's SLA catch-up logs once, whenever it ends; the pushes below must not meet it.
      await until(() => t.logs.some((l) => l['msg'] === 'SLA evaluation caught up from stored history'), 'the SLA catch-up line');
    });
    after(() => t.close());

    it('writes one line per group commit and none per push', async () => {
      const linesBefore = t.logs.length;
      const batchesBefore = t.server.writer.stats.batches;
      const answers = await Promise.all(
        Array.from({ length: PUSHES }, (_, i) =>
          t.call('POST', '/api/v1/health/report', { service: `svc-${i % 40}`, nodeId: 'eu/prod', status: i % 2 ? 'DOWN' : 'OPERATIONAL' }),
        ),
      );
      assert.deepEqual(new Set(answers.map((a) => a.status)), new Set([200]));
      const lines = t.logs.slice(linesBefore);
      const commits = lines.filter((l) => l['msg'] === COMMIT_MESSAGE);
      assert.equal(commits.length, t.server.writer.stats.batches - batchesBefore, 'a line per commit');
      assert.ok(commits.length < PUSHES, `fewer lines (${commits.length}) than pushes`);
      assert.equal(commits.reduce((sum, l) => sum + Number(l['waiting']), 0) >= PUSHES, true, 'every push waited on a logged commit');
      assert.deepEqual(
        lines.filter((l) => l['msg'] !== COMMIT_MESSAGE),
        [],
        'nothing else: no line per push',
      );
    });
  });
}
