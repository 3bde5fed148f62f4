/**
 * Unknown fields in REST bodies (issue 27, item E): a field a body does not know is ignored with a
 * warning that names it, on every REST body with a JSON object (and every entry of a status sync),
 * and a refusal names an unknown field that looks like the one it misses. Before, a typo such as
 * `staus` was dropped silently and the client read "status must be one of ..." and looked for the
 * wrong mistake.
 */
import assert from 'node:assert/strict';
import { before, after, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends } from '../../../support/backends.js';
import { LICENSE_ENV, licenseToken } from '../../../support/license.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

const T0 = Date.parse('2026-06-01T08:00:00.000Z');
const NODE = 'eu/prod/vm';
const IGNORED = 'unknown field "colour" ignored';
const COMMAND_ID = '6f1d0c1e-8f53-4b8a-9a53-3b0e0b9e3c11';

for (const backend of testBackends()) {
  describe(`unknown body fields (${backend.name})`, { timeout: 120_000 }, () => {
    const clock = createManualClock(T0);
    let t: TestServer;
    before(async () => {
      t = await startTestServer(backend, { clock, env: { ...LICENSE_ENV, SVC_LICENSE_KEY: licenseToken(clock) } });
      for (const [path, body] of [
        ['/api/v1/health/report', { service: 'api', nodeId: NODE, status: 'OPERATIONAL' }],
        ['/api/v1/operator/register', { name: 'db', nodeId: NODE }],
      ] as const) {
        const res = await t.call('POST', path, body);
        assert.ok(res.status < 300, res.text);
      }
    });
    after(() => t.close());

    const accepted: ReadonlyArray<readonly [string, string, () => Record<string, unknown>]> = [
      ['health push', '/api/v1/health/report', () => ({ service: 'api', nodeId: NODE, status: 'DEGRADED' })],
      ['storage push', '/api/v1/storage/report', () => ({ service: 'disk', nodeId: NODE, allocatedBytes: 100, usedBytes: 10 })],
      ['backup push', '/api/v1/backup/report', () => ({ service: 'db', nodeId: NODE, status: 'success' })],
      ['registration', '/api/v1/operator/register', () => ({ name: 'db', nodeId: NODE })],
      ['status sync', '/api/v1/operator/status', () => ({ nodeId: NODE, services: [] })],
      ['heartbeat', '/api/v1/operator/heartbeat', () => ({ nodeId: NODE })],
      ['exclusion window start', '/api/v1/sla/exclusion-window/start', () => ({ service: 'api', nodeId: NODE, reason: 'patching' })],
      ['exclusion window stop', '/api/v1/sla/exclusion-window/stop', () => ({ service: 'api', nodeId: NODE })],
      ['licence activation', '/api/v1/license/activate', () => ({ licenseKey: licenseToken(clock, { licenseId: 'lic-2' }) })],
    ];
    for (const [what, path, body] of accepted) {
      it(`${what}: an unknown field is ignored with a warning that names it`, async () => {
        const res = await t.call('POST', path, { ...body(), colour: 'blue' });
        assert.ok(res.status === 200 || res.status === 201, res.text);
        assert.ok(res.json.warnings.includes(IGNORED), res.text);
      });
    }

    it('a body with every documented field gets no warning', async () => {
      const res = await t.call('POST', '/api/v1/health/report', {
        service: 'web',
        nodeId: NODE,
        status: 'OPERATIONAL',
        message: 'ok',
        criticality: 'high',
        slaGroup: 'payments',
        serviceType: 'http',
        tags: ['a'],
      });
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.json.warnings, []);
    });

    it('an unknown field that looks like a known one is named with the field it probably meant', async () => {
      const res = await t.call('POST', '/api/v1/health/report', { service: 'api', nodeId: NODE, status: 'OPERATIONAL', mesage: 'typo' });
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.json.warnings, ['unknown field "mesage" ignored (did you mean "message"?)']);
    });

    it('status sync: an unknown field of an entry is named with the entry it is in', async () => {
      const res = await t.call('POST', '/api/v1/operator/status', {
        nodeId: NODE,
        services: [{ name: 'db', status: 'OPERATIONAL', colour: 'blue' }],
        slaGroups: [{ name: 'payments', colour: 'blue' }],
      });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.json.rejected, 0, res.text);
      assert.deepEqual(res.json.warnings, [`services[0]: ${IGNORED}`, `slaGroups[0]: ${IGNORED}`]);
    });

    it('status sync: an entry refused for a missing field names the unknown field it probably meant', async () => {
      const res = await t.call('POST', '/api/v1/operator/status', { nodeId: NODE, services: [{ name: 'db', staus: 'DOWN' }] });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.json.rejected, 1, res.text);
      assert.match(
        res.json.warnings[0],
        /^services\[0\] ignored: field "status" must be one of .*; the body has unknown field "staus" \(did you mean "status"\?\)$/,
      );
    });

    const refused: ReadonlyArray<readonly [string, string, Record<string, unknown>, string, string]> = [
      ['health push', '/api/v1/health/report', { service: 'api', nodeId: NODE, staus: 'DOWN' }, 'staus', 'status'],
      [
        'storage push',
        '/api/v1/storage/report',
        { service: 'disk', nodeId: NODE, allocatedBytes: 100, usedbytes: 10 },
        'usedbytes',
        'usedBytes',
      ],
      ['registration', '/api/v1/operator/register', { nmae: 'db', nodeId: NODE }, 'nmae', 'name'],
      [
        'command result',
        '/api/v1/operator/command-result',
        { nodeId: NODE, comandId: COMMAND_ID, status: 'succeeded' },
        'comandId',
        'commandId',
      ],
      ['licence activation', '/api/v1/license/activate', { licenceKey: 'x' }, 'licenceKey', 'licenseKey'],
    ];
    for (const [what, path, body, typo, meant] of refused) {
      it(`${what}: the 400 for a missing field names the unknown field "${typo}" as probably "${meant}"`, async () => {
        const res = await t.call('POST', path, body);
        assert.equal(res.status, 400, res.text);
        assert.ok(res.json.error.endsWith(`; the body has unknown field "${typo}" (did you mean "${meant}"?)`), res.text);
      });
    }
  });
}
