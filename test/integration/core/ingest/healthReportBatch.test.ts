/**
 * Issue 27, item A: the batch form of the health push, `POST /api/v1/health/report/batch` with
 * `{"reports": [...]}`, each entry the single push's body. One request carries a host's services;
 * every entry gets its own result (status, warnings, or the reason it was refused); readable entries
 * are applied in one commit and the answer comes after it; a refused entry changes nothing. The body
 * cap is the status sync's (2 MiB).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { MAX_BATCH_REPORTS } from '../../../../src/core/protocol/healthReportBatch.js';
import { testBackends } from '../../../support/backends.js';
import { BOOTSTRAP_ENV, gql, signInAdmin } from '../../../support/graphql.js';
import { call, startTestServer, type TestServer } from '../../../support/testServer.js';

const BATCH = '/api/v1/health/report/batch';
const MiB = 1024 * 1024;

for (const backend of testBackends()) {
  describe(`POST /api/v1/health/report/batch (${backend.name})`, () => {
    const clock = createManualClock();
    let t: TestServer;
    before(async () => {
      t = await startTestServer(backend, { clock, env: BOOTSTRAP_ENV });
    });
    after(() => t.close());

    it('each entry gets its own result and warnings; readable ones are committed, a refused one changes nothing', async () => {
      assert.equal(
        (await t.call('POST', '/api/v1/health/report', { service: 'known', nodeId: 'batch/a', status: 'OPERATIONAL', criticality: 'low' }))
          .status,
        200,
      );
      const res = await t.call('POST', BATCH, {
        reports: [
          { service: 'fresh', nodeId: 'batch/a', status: 'DEGRADED', message: 'slow' },
          { service: 'known', nodeId: 'batch/a', status: 'down', criticality: 'high' },
          { service: 'broken', nodeId: 'batch/a', status: 'SIDEWAYS' },
          'not an object',
          { service: 'orphan', status: 'OPERATIONAL' },
        ],
      });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.json.success, false, 'not every entry was applied');
      assert.equal(res.json.accepted, 3);
      assert.equal(res.json.rejected, 2);
      assert.deepEqual(res.json.warnings, []);
      const [fresh, known, broken, notObject, orphan] = res.json.results;
      assert.deepEqual(
        res.json.results.map((r: { index: number }) => r.index),
        [0, 1, 2, 3, 4],
      );

      assert.equal(fresh.success, true);
      assert.equal(fresh.created, true);
      assert.equal(fresh.status, 'DEGRADED');
      assert.equal(fresh.previousStatus, null);
      assert.deepEqual(fresh.warnings, []);

      assert.equal(known.created, false);
      assert.equal(known.previousStatus, 'OPERATIONAL');
      assert.equal(known.status, 'DOWN');
      assert.equal(known.warnings.length, 2, JSON.stringify(known.warnings));
      assert.match(known.warnings.join('\n'), /status/);
      assert.match(known.warnings.join('\n'), /criticality not changed/);

      assert.equal(broken.success, false);
      assert.match(broken.error, /status/);
      assert.equal(notObject.success, false);
      assert.match(notObject.error, /reports\[3\] must be a JSON object/);

      assert.equal(orphan.success, true);
      assert.equal(orphan.nodeId, 'unknown');
      assert.match(orphan.warnings.join('\n'), /nodeId is missing/);

      // Answered after the commit: the rows are there now.
      assert.equal((await t.serviceRow('batch/a', 'fresh')).status, 'DEGRADED');
      assert.equal((await t.serviceRow('batch/a', 'known')).status, 'DOWN');
      assert.equal((await t.serviceRow('batch/a', 'known')).criticality, 'low');
      assert.equal((await t.serviceRow('unknown', 'orphan')).id, orphan.serviceId);
      assert.equal((await t.serviceRows('batch/a', 'broken')).length, 0);
    });

    it('a batch whose entries are all readable answers success', async () => {
      const reports = Array.from({ length: 200 }, (_, i) => ({ service: `svc-${i}`, nodeId: 'batch/host', status: 'OPERATIONAL' }));
      const res = await t.call('POST', BATCH, { reports });
      assert.equal(res.status, 200, res.text);
      assert.deepEqual([res.json.success, res.json.accepted, res.json.rejected, res.json.results.length], [true, 200, 0, 200]);
      const stored = await t.server.database.knex('services').where({ node_path: 'batch/host' }).count({ n: '*' });
      assert.equal(Number(stored[0]!['n']), 200);
    });

    it('an unknown field beside "reports" is named in the answer\'s warnings, and an entry\'s in its own result', async () => {
      const res = await t.call('POST', BATCH, {
        reports: [{ service: 'named', nodeId: 'batch/warn', status: 'OPERATIONAL', staus: 'DOWN' }],
        repots: [],
      });
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.json.warnings, ['unknown field "repots" ignored (did you mean "reports"?)']);
      assert.deepEqual(res.json.results[0].warnings, ['unknown field "staus" ignored (did you mean "status"?)']);
    });

    it('two entries for one service apply in order: the later one wins', async () => {
      const res = await t.call('POST', BATCH, {
        reports: [
          { service: 'twice', nodeId: 'batch/b', status: 'DOWN' },
          { service: 'twice', nodeId: 'batch/b', status: 'OPERATIONAL' },
        ],
      });
      assert.deepEqual(
        res.json.results.map((r: { previousStatus: string | null; status: string }) => [r.previousStatus, r.status]),
        [
          [null, 'DOWN'],
          ['DOWN', 'OPERATIONAL'],
        ],
      );
      assert.equal((await t.serviceRow('batch/b', 'twice')).status, 'OPERATIONAL');
    });

    it('a body that is not a batch is refused whole with 400 {error}', async () => {
      const cases: [unknown, RegExp][] = [
        [{}, /"reports" must be an array/],
        [{ reports: {} }, /"reports" must be an array/],
        [{ reports: [] }, /empty/],
        [
          {
            reports: Array.from({ length: MAX_BATCH_REPORTS + 1 }, (_, i) => ({
              service: `over-${i}`,
              nodeId: 'batch/over',
              status: 'DOWN',
            })),
          },
          /at most 1000/,
        ],
        [[{ service: 'x', nodeId: 'batch/c', status: 'DOWN' }], /JSON object/],
      ];
      for (const [body, message] of cases) {
        const res = await t.call('POST', BATCH, body);
        assert.equal(res.status, 400, `${JSON.stringify(body).slice(0, 80)}: ${res.text}`);
        assert.deepEqual(Object.keys(res.json), ['error']);
        assert.match(res.json.error, message);
      }
      assert.equal((await t.server.database.knex('services').where({ node_path: 'batch/over' })).length, 0);
    });

    it('a batch over the status sync cap (2 MiB) is cut off with 413 and stores nothing', async () => {
      const entry = { service: 'big', nodeId: 'batch/big', status: 'OPERATIONAL', message: 'm'.repeat(2048) };
      const reports = Array.from({ length: 1000 }, (_, i) => ({ ...entry, service: `big-${i}` }));
      const text = JSON.stringify({ reports });
      assert.ok(Buffer.byteLength(text) > 2 * MiB);
      const res = await t.call('POST', BATCH, text);
      assert.equal(res.status, 413, res.text.slice(0, 200));
      assert.match(res.json.error, /2 MiB limit/);
      assert.equal((await t.server.database.knex('services').where({ node_path: 'batch/big' })).length, 0);
      const under = await t.call('POST', BATCH, JSON.stringify({ reports: reports.slice(0, 900) }));
      assert.equal(under.status, 200, 'the same entries under 2 MiB pass');
    });

    it('an agent key given health/report/batch must name its subtree in every entry, or nothing applies', async () => {
      const admin = await signInAdmin(t);
      const created = await gql(
        t,
        'mutation($i: CreateAgentKeyInput!) { createAgentKey(input: $i) { key } }',
        { i: { name: 'batcher', nodeId: 'batch/scoped', endpoints: ['health/report/batch'] } },
        admin.accessToken,
      );
      assert.equal(created.errors, undefined, created.text);
      const key = created.data.createAgentKey.key as string;
      const send = (reports: unknown[]) => call(t.url, 'POST', BATCH, { reports }, { 'x-api-key': key });
      const outside = await send([
        { service: 'in', nodeId: 'batch/scoped/h1', status: 'DOWN' },
        { service: 'out', nodeId: 'batch/elsewhere', status: 'DOWN' },
      ]);
      assert.equal(outside.status, 403);
      assert.match(outside.json.error, /reports\[1\]: nodeId "batch\/elsewhere" is outside "batch\/scoped"/);
      assert.equal((await t.serviceRows('batch/scoped/h1', 'in')).length, 0);
      const missing = await send([{ service: 'in', status: 'DOWN' }]);
      assert.equal(missing.status, 403);
      const inside = await send([
        { service: 'in', nodeId: 'batch/scoped/h1', status: 'DOWN' },
        { service: 'bad', nodeId: 'batch/scoped/h1', status: 'NOPE' },
      ]);
      assert.equal(inside.status, 200, inside.text);
      assert.deepEqual(
        inside.json.results.map((r: { success: boolean }) => r.success),
        [true, false],
      );
      assert.equal((await t.serviceRow('batch/scoped/h1', 'in')).status, 'DOWN');
    });
  });
}
