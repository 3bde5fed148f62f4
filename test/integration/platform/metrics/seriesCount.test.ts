/**
 * The catalog does not grow with the fleet (docs/adr/0055): the same requests against 100 and then
 * 10,000 services leave every family with the same number of series. The only families whose series may
 * appear later are the runtime's labelled by Node's own enumerations (a GC kind seen for the first time,
 * a kind of libuv handle), bounded by those enumerations and not by anything the fleet holds.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testBackends } from '../../../support/backends.js';
import { METRICS_ENV, metricsOf, type Exposition } from '../../../support/metrics.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

const STATUSES = ['OPERATIONAL', 'DEGRADED', 'DOWN', 'MAINTENANCE', 'UNKNOWN'];
/** The batch endpoint's cap (MAX_BATCH_REPORTS). */
const BATCH = 1000;
/** Runtime families labelled by Node's enumerations (GC kinds; handle and resource types). */
const RUNTIME_ENUMERATED = new Set(['nodejs_gc_duration_seconds', 'nodejs_active_handles', 'nodejs_active_resources']);

for (const backend of testBackends()) {
  describe(`metric series do not grow with the fleet (${backend.name})`, { timeout: 300_000 }, () => {
    let t: TestServer;
    before(async () => {
      t = await startTestServer(backend, { env: METRICS_ENV });
    });
    after(() => t?.close());

    /** Services `from` to `to - 1`, spread over 50 nodes and every status, in batches of the endpoint's cap. */
    const pushServices = async (from: number, to: number) => {
      for (let start = from; start < to; start += BATCH) {
        const reports = [];
        for (let i = start; i < Math.min(to, start + BATCH); i += 1)
          reports.push({ service: `svc-${i}`, nodeId: `fleet/node-${i % 50}`, status: STATUSES[i % STATUSES.length] });
        const res = await t.call('POST', '/api/v1/health/report/batch', { reports });
        assert.equal(res.status, 200, res.text.slice(0, 300));
        assert.equal(res.json.accepted, reports.length);
      }
    };
    /** Two scrapes, so the scrape's own route is counted in both phases. */
    const settledScrape = async (): Promise<Exposition> => {
      await metricsOf(t.url);
      return metricsOf(t.url);
    };

    it('has the same series per family with 100 services and with 10,000', async () => {
      await pushServices(0, 100);
      const small = await settledScrape();
      assert.equal(small.value('svc_entities', { type: 'service' }), 100);
      await pushServices(100, 10_000);
      const large = await settledScrape();
      assert.equal(large.value('svc_entities', { type: 'service' }), 10_000);
      assert.equal(large.value('svc_services', { status: 'DOWN' }), 2000);

      const before = small.seriesByFamily();
      const afterwards = large.seriesByFamily();
      const changed = [...new Set([...before.keys(), ...afterwards.keys()])].filter((f) => before.get(f) !== afterwards.get(f));
      assert.deepEqual(
        changed.filter((family) => !RUNTIME_ENUMERATED.has(family)),
        [],
        `families whose series count changed: ${changed.map((f) => `${f} ${before.get(f)} -> ${afterwards.get(f)}`).join(', ')}`,
      );
      const svc = (series: Map<string, number>) => [...series].filter(([f]) => f.startsWith('svc_')).reduce((n, [, c]) => n + c, 0);
      assert.equal(svc(afterwards), svc(before), 'the product catalog exposes as many series at 10,000 services as at 100');
      assert.ok(svc(before) < 2000, `a few hundred series, not thousands (${svc(before)})`);
    });
  });
}
