import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testBackends } from '../../../support/backends.js';
import { call, startTestServer, type TestServer } from '../../../support/testServer.js';

for (const backend of testBackends()) {
  describe(`probes (${backend.name})`, () => {
    let t: TestServer;
    before(async () => {
      t = await startTestServer(backend);
    });
    after(() => t.close());

    it('GET /health answers healthy with the product version, without authentication', async () => {
      const res = await call(t.url, 'GET', '/health');
      assert.equal(res.status, 200);
      assert.deepEqual(res.json, { status: 'healthy', version: '4.2.0-test' });
    });

    it('GET /ready makes a database round trip and says which store answered', async () => {
      const res = await call(t.url, 'GET', '/ready');
      assert.equal(res.status, 200);
      assert.equal(res.json.status, 'ready');
      assert.equal(res.json.checks.database.status, 'up');
      assert.equal(res.json.checks.database.kind, backend.name);
    });

    it('GET /ready answers 503 with an error when the database is gone', async () => {
      const other = await startTestServer(backend);
      try {
        await other.server.database.knex.destroy();
        const res = await call(other.url, 'GET', '/ready');
        assert.equal(res.status, 503);
        assert.match(res.json.error, /database/);
      } finally {
        await other.close().catch(() => undefined);
      }
    });
  });
}
