/**
 * A stop that comes right after start (a deploy rolled back, an orchestrator's quick restart) waits
 * for the background work the start began (finishing interrupted attachment deletions, moving blobs
 * of earlier versions, the orphan sweep, the webhook history prune) instead of closing the database
 * under it: nothing is cut off half-way, and the log has no error for a stop that went right.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { testBackends } from '../../support/backends.js';
import { startTestServer } from '../../support/testServer.js';
import { WEBHOOK_ENV } from '../../support/webhooks.js';

for (const backend of testBackends()) {
  describe(`a stop right after start (${backend.name})`, () => {
    it('finishes the start-up background work before the database closes, and logs no error', async () => {
      for (let run = 0; run < 3; run += 1) {
        const t = await startTestServer(backend, { env: WEBHOOK_ENV });
        await t.close();
        const errors = t.logs.filter((record) => record['level'] === 'error');
        assert.deepEqual(errors, [], `run ${run + 1}: ${JSON.stringify(errors)}`);
        assert.equal(t.logs.at(-1)?.['msg'], 'stopped');
      }
    });
  });
}
