/**
 * POST /api/v1/storage/report (SPEC.md "Endpoints", "Storage status"): more than 30 % free is
 * healthy, 10 % to 30 % (both ends) warning, less than 10 % critical. The boundary cases use sizes
 * where floating-point arithmetic lands on the wrong side (1 - 7/10 is 0.30000000000000004), so an
 * implementation that is not exact fails them.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testBackends } from '../../../support/backends.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

const PATH = '/api/v1/storage/report';
const NODE = 'eu/prod/storage-1/volumes';

for (const backend of testBackends()) {
  describe(`POST /api/v1/storage/report (${backend.name})`, () => {
    let t: TestServer;
    before(async () => {
      t = await startTestServer(backend);
    });
    after(() => t.close());

    const serviceRows = (name: string, nodePath = NODE) => t.serviceRows(nodePath, name);
    const serviceRow = (name: string, nodePath = NODE) => t.serviceRow(nodePath, name);
    const push = (service: string, allocatedBytes: unknown, usedBytes: unknown, extra: Record<string, unknown> = {}) =>
      t.call('POST', PATH, { service, nodeId: NODE, allocatedBytes, usedBytes, ...extra });

    it('the first push creates the service with tag "storage" and stores the reading', async () => {
      const res = await push('pg-data', 1000, 250, { storageType: 'pvc', mountPath: '/var/lib/postgresql' });
      assert.equal(res.status, 200);
      assert.equal(res.json.created, true);
      const row = await serviceRow('pg-data');
      assert.equal(row.id, res.json.serviceId);
      assert.deepEqual(row.tags, ['storage']);
      assert.equal(row.storage.allocatedBytes, 1000);
      assert.equal(row.storage.usedBytes, 250);
      assert.equal(row.storage.storageType, 'pvc');
      assert.equal(row.storage.mountPath, '/var/lib/postgresql');
      assert.equal(row.storage.freePercent, 75);
      assert.equal(row.storage.status, 'healthy');
    });

    it('the response carries success, serviceName, freePercent and status', async () => {
      const res = await push('fields', 2000, 500);
      assert.equal(res.status, 200);
      assert.equal(res.json.success, true);
      assert.equal(res.json.serviceName, 'fields');
      assert.equal(res.json.freePercent, 75);
      assert.equal(res.json.status, 'healthy');
      assert.deepEqual(res.json.warnings, []);
    });

    it('a later push updates the reading of the same service without creating another or repeating the tag', async () => {
      const first = await push('logs', 1000, 100);
      const second = await push('logs', 1000, 950);
      assert.equal(second.status, 200);
      assert.equal(second.json.created, false);
      assert.equal(second.json.serviceId, first.json.serviceId);
      assert.equal(second.json.status, 'critical');
      const row = await serviceRow('logs');
      assert.deepEqual(row.tags, ['storage']);
      assert.equal(row.storage.usedBytes, 950);
      assert.equal(row.storage.status, 'critical');
    });

    it('a storage push for a service created by a health push keeps that service and its tags', async () => {
      await t.call('POST', '/api/v1/health/report', { service: 'nfs', nodeId: NODE, status: 'OPERATIONAL', tags: ['vm'] });
      const res = await push('nfs', 100, 10);
      assert.equal(res.json.created, false);
      const row = await serviceRow('nfs');
      assert.equal(row.status, 'OPERATIONAL');
      assert.deepEqual(row.tags, ['vm']);
      assert.equal(row.storage.status, 'healthy');
    });

    it('exactly 30 % free is warning', async () => {
      const res = await push('at-30', 10, 7);
      assert.equal(res.json.status, 'warning');
      assert.equal(res.json.freePercent, 30);
      assert.equal((await serviceRow('at-30')).storage.status, 'warning');
    });

    it('just above 30 % free is healthy', async () => {
      const res = await push('above-30', 1_000_000_000_000, 699_999_999_999);
      assert.equal(res.json.status, 'healthy');
      assert.equal(res.json.freePercent, 30);
    });

    it('exactly 10 % free is warning', async () => {
      const res = await push('at-10', 10, 9);
      assert.equal(res.json.status, 'warning');
      assert.equal(res.json.freePercent, 10);
    });

    it('just below 10 % free is critical', async () => {
      const res = await push('below-10', 1_000_000_000_000, 900_000_000_001);
      assert.equal(res.json.status, 'critical');
      assert.equal(res.json.freePercent, 10);
      assert.equal((await serviceRow('below-10')).storage.status, 'critical');
    });

    it('a full volume is critical with 0 % free', async () => {
      const res = await push('full', 4096, 4096);
      assert.equal(res.json.status, 'critical');
      assert.equal(res.json.freePercent, 0);
    });

    it('an empty volume is healthy with 100 % free', async () => {
      const res = await push('empty', 4096, 0);
      assert.equal(res.json.status, 'healthy');
      assert.equal(res.json.freePercent, 100);
    });

    it('usedBytes above allocatedBytes is read as full and reported in warnings', async () => {
      const res = await push('overfull', 1000, 1500);
      assert.equal(res.status, 200);
      assert.equal(res.json.status, 'critical');
      assert.equal(res.json.freePercent, 0);
      assert.equal(res.json.warnings.length, 1);
      assert.match(res.json.warnings[0], /usedBytes \(1500\) is more than allocatedBytes \(1000\)/);
      assert.equal((await serviceRow('overfull')).storage.usedBytes, 1000);
    });

    it('allocatedBytes up to 2^53 - 1 is accepted', async () => {
      const res = await push('huge', Number.MAX_SAFE_INTEGER, 0);
      assert.equal(res.status, 200);
      assert.equal(res.json.status, 'healthy');
      assert.equal((await serviceRow('huge')).storage.allocatedBytes, Number.MAX_SAFE_INTEGER);
    });

    for (const [label, allocatedBytes] of [
      ['0', 0],
      ['negative', -100],
      ['not a whole number', 1000.5],
      ['2^53', 2 ** 53],
      ['above 2^53', 2 ** 60],
      ['a string', '1000'],
      ['missing', undefined],
    ] as const) {
      it(`allocatedBytes ${label} is refused with 400 and nothing is created`, async () => {
        const name = `bad-allocated-${label.replace(/\W+/g, '-')}`;
        const res = await push(name, allocatedBytes, 0);
        assert.equal(res.status, 400);
        assert.deepEqual(Object.keys(res.json), ['error']);
        assert.match(res.json.error, /allocatedBytes/);
        assert.equal((await serviceRows(name)).length, 0);
      });
    }

    it('negative usedBytes is refused with 400', async () => {
      const res = await push('bad-used', 1000, -1);
      assert.equal(res.status, 400);
      assert.match(res.json.error, /usedBytes/);
      assert.equal((await serviceRows('bad-used')).length, 0);
    });

    it('a push without service is refused with 400', async () => {
      const res = await t.call('POST', PATH, { nodeId: NODE, allocatedBytes: 100, usedBytes: 1 });
      assert.equal(res.status, 400);
      assert.match(res.json.error, /"service" is required/);
    });

    it('a push without nodeId files the service under the "unknown" node with a warning', async () => {
      const res = await t.call('POST', PATH, { service: 'stray-disk', allocatedBytes: 100, usedBytes: 1 });
      assert.equal(res.status, 200);
      assert.equal(res.json.warnings.length, 1);
      assert.match(res.json.warnings[0], /nodeId is missing/);
      assert.deepEqual((await serviceRow('stray-disk', 'unknown')).tags, ['storage']);
    });
  });
}
