/**
 * /livez and /readyz on the real server: their fields and content type, answered from cached checks
 * (no database round trip per probe), 503 while the product loads and while it drains, and the
 * database's failure seen by the cached check. /health and /ready (SPEC's shapes) are probes.test.ts.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startServer } from '../../../../src/app.js';
import { loadProductConfig } from '../../../../src/plugins/productModules.js';
import type { ProductModule } from '../../../../src/platform/modules/module.js';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { currentRequest } from '../../../../src/platform/requestContext/requestContext.js';
import { embeddedBackend, testBackends } from '../../../support/backends.js';
import { eventually } from '../../../support/polling.js';
import { queriesDuring } from '../../../support/queriesDuring.js';
import { call, startTestServer, TEST_API_KEY, type TestServer } from '../../../support/testServer.js';

const HEALTH_JSON = 'application/health+json';

for (const backend of testBackends()) {
  describe(`liveness and readiness (${backend.name})`, () => {
    let t: TestServer;
    before(async () => {
      // A limit of one request: the probes must not count against it.
      t = await startTestServer(backend, { env: { SVC_RATE_LIMIT_RPS: '1', SVC_RATE_LIMIT_BURST: '1' } });
    });
    after(() => t.close());

    it('GET /livez answers pass in application/health+json with the release, never rate limited', async () => {
      for (let i = 0; i < 5; i += 1) {
        const res = await call(t.url, 'GET', '/livez');
        assert.equal(res.status, 200);
        assert.equal(res.headers.get('content-type'), HEALTH_JSON);
        assert.equal(res.headers.get('cache-control'), 'no-store');
        assert.deepEqual(res.json, { status: 'pass', releaseId: '4.2.0-test' });
      }
    });

    it('GET /readyz answers pass with the database, hydration, draining and webhook worker checks, never rate limited', async () => {
      for (let i = 0; i < 5; i += 1) {
        const res = await call(t.url, 'GET', '/readyz');
        assert.equal(res.status, 200, res.text);
        assert.equal(res.headers.get('content-type'), HEALTH_JSON);
        assert.equal(res.json.status, 'pass');
        assert.equal(res.json.releaseId, '4.2.0-test');
        assert.deepEqual(Object.keys(res.json.checks), ['hydration', 'draining', 'database', 'webhookWorker']);
        for (const [name, observations] of Object.entries(res.json.checks as Record<string, any[]>)) {
          assert.equal(observations.length, 1, name);
          assert.equal(observations[0].status, 'pass', `${name}: ${JSON.stringify(observations)}`);
        }
        const [database] = res.json.checks.database;
        assert.equal(database.componentType, 'datastore');
        assert.equal(database.observedUnit, 'ms');
        assert.equal(typeof database.observedValue, 'number');
        assert.ok(!Number.isNaN(Date.parse(database.time)), database.time);
        assert.deepEqual(res.json.checks.draining, [{ status: 'pass', observedValue: false }]);
        assert.deepEqual(res.json.checks.webhookWorker, [{ status: 'pass', componentType: 'component' }]);
      }
    });

    it('GET /readyz makes no database round trip: 200 probes, none inside a probe, at most one round trip of the check itself every 2 s', async () => {
      // The server's own timers query meanwhile (the check, and start-up jobs such as the hourly prunes, which CI once
      // saw run inside this loop): a query a probe made runs in that probe's request; the check's runs in none.
      const inProbes: string[] = [];
      const knex = t.server.database.knex;
      const fromRequests = (query: { sql: string }) => {
        if (currentRequest() !== undefined) inProbes.push(query.sql);
      };
      knex.on('query', fromRequests);
      const started = performance.now();
      let queries: string[];
      try {
        queries = await queriesDuring(knex, async () => {
          for (let i = 0; i < 200; i += 1) assert.equal((await call(t.url, 'GET', '/readyz')).status, 200);
        });
      } finally {
        knex.off('query', fromRequests);
      }
      assert.deepEqual(inProbes, [], 'no probe queried the database');
      const ownRoundTrips = 1 + Math.floor((performance.now() - started) / 2000);
      const pings = queries.filter((sql) => /^select 1\b/i.test(sql.trim()));
      assert.ok(pings.length <= ownRoundTrips, `${pings.length} round trips of the check for 200 probes: ${queries.join('; ')}`);
    });
  });
}

describe('readiness sees the database go (one backend is enough: the check is the same on both)', () => {
  it('/readyz turns 503 with the database check failing, from the cached check, while /livez stays 200', async () => {
    const t = await startTestServer(embeddedBackend);
    try {
      // The embedded database itself goes away (knex's pool stays, so a stop does not wait on it).
      await t.store.pglite!.close();
      const res = await eventually(async () => {
        const answer = await call(t.url, 'GET', '/readyz');
        return answer.status === 503 ? answer : undefined;
      }, '/readyz answers 503');
      assert.equal(res.headers.get('content-type'), HEALTH_JSON);
      assert.equal(res.json.status, 'fail');
      assert.equal(res.json.checks.database[0].status, 'fail');
      assert.match(res.json.checks.database[0].output, /^embedded: /);
      assert.equal(res.json.checks.hydration[0].status, 'pass');
      assert.equal((await call(t.url, 'GET', '/livez')).status, 200);
    } finally {
      await t.close().catch(() => undefined);
    }
  });
});

describe('readiness while the product loads (one backend is enough: no database behaviour involved)', () => {
  it('the server listens at once: probes alive and not ready, everything else 503 with Retry-After, until every module loaded', async () => {
    let hydrating!: () => void;
    const started = new Promise<void>((resolve) => (hydrating = resolve));
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    // A test-only module whose state takes as long as the test says.
    const slowModule: ProductModule = {
      name: 'slow-hydration-test-module',
      create: () => ({
        services: {},
        hydrate: async () => {
          hydrating();
          await held;
        },
      }),
    };
    const store = await embeddedBackend.createStore();
    const dataDir = await mkdtemp(join(tmpdir(), 'svc-test-data-'));
    const logger = createMemoryLogger('info');
    const config = loadProductConfig(
      {
        SVC_ENV: 'production',
        SVC_HOST: '127.0.0.1',
        SVC_PORT: '0',
        SVC_DATA_DIR: dataDir,
        SVC_SECURITY_OPERATOR_API_KEY: TEST_API_KEY,
        SVC_RATE_LIMIT_RPS: '100000',
        SVC_RATE_LIMIT_BURST: '100000',
        SVC_JWT_SECRET: 'test-jwt-secret-0123456789-abcdefghijklmnop',
        SVC_AUTH_SECRET_KEY: 'test-auth-secret-key-0123456789-abcdefghij',
      },
      undefined,
      [slowModule],
    );
    const starting = startServer(config, { logger, version: '4.2.0-test', pglite: store.pglite!, extraModules: [slowModule] });
    try {
      await started;
      const listening = logger.records.find((r) => r['msg'] === 'probes answer while the state loads');
      assert.ok(listening, JSON.stringify(logger.records));
      const url = String(listening['url']);

      const livez = await call(url, 'GET', '/livez');
      assert.equal(livez.status, 200);
      assert.equal(livez.json.status, 'pass');
      assert.equal((await call(url, 'GET', '/health')).status, 200);

      const readyz = await call(url, 'GET', '/readyz');
      assert.equal(readyz.status, 503);
      assert.equal(readyz.headers.get('content-type'), HEALTH_JSON);
      assert.equal(readyz.headers.get('retry-after'), '1');
      assert.equal(readyz.json.status, 'fail');
      assert.equal(readyz.json.checks.hydration[0].status, 'fail');
      assert.match(readyz.json.checks.hydration[0].output, /loading/);

      const ready = await call(url, 'GET', '/ready');
      assert.equal(ready.status, 503);
      assert.deepEqual(Object.keys(ready.json), ['error']);
      assert.match(ready.json.error, /loading/);

      const push = await call(
        url,
        'POST',
        '/api/v1/health/report',
        { service: 's', nodeId: 'n', status: 'DOWN' },
        { 'x-api-key': TEST_API_KEY },
      );
      assert.equal(push.status, 503);
      assert.equal(push.headers.get('retry-after'), '1');
      assert.match(push.json.error, /starting/);

      const graphql = await call(url, 'POST', '/graphql', { query: '{ __typename }' });
      assert.equal(graphql.status, 503);
      assert.equal(graphql.json.errors[0].extensions.code, 'UNAVAILABLE');

      finish();
      const server = await starting;
      try {
        const after = await call(url, 'GET', '/readyz');
        assert.equal(after.status, 200, after.text);
        assert.equal(after.json.checks.hydration[0].status, 'pass');
        assert.equal(
          (await call(url, 'POST', '/api/v1/health/report', { service: 's', nodeId: 'n', status: 'DOWN' }, { 'x-api-key': TEST_API_KEY }))
            .status,
          200,
        );
      } finally {
        await server.close();
      }
    } finally {
      finish();
      await starting.then(
        (server) => server.close(),
        () => undefined,
      );
      await store.dispose();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('readiness while the server drains (one backend is enough: no database behaviour involved)', () => {
  it('/readyz fails at once when a stop begins, /livez passes, and the server goes on serving through the delay', async () => {
    const t = await startTestServer(embeddedBackend);
    const closing = t.server.close({ delayMs: 3000 });
    try {
      const readyz = await call(t.url, 'GET', '/readyz');
      assert.equal(readyz.status, 503);
      assert.equal(readyz.headers.get('retry-after'), '1');
      assert.equal(readyz.json.checks.draining[0].status, 'fail');
      assert.equal(readyz.json.checks.draining[0].observedValue, true);
      assert.equal(readyz.json.checks.hydration[0].status, 'pass');
      assert.equal((await call(t.url, 'GET', '/livez')).status, 200);
      const ready = await call(t.url, 'GET', '/ready');
      assert.equal(ready.status, 503);
      assert.match(ready.json.error, /shutting down/);
      // Load balancers have not noticed yet: what they still send is served.
      assert.equal((await t.call('POST', '/api/v1/health/report', { service: 's', nodeId: 'n', status: 'DOWN' })).status, 200);
    } finally {
      await closing;
      await t.close();
    }
  });
});
