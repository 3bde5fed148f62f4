/**
 * Idempotency-Key with the plugins in force (issue 29 item 2): a keyed request's audit record rides in the same
 * commit as its change and its recorded answer, so a replay audits nothing again; a module's own machine route
 * (the SLA plugin's exclusion window) is covered by being declared, and its retry returns the same window.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { auditRowCount, startAuditServer } from '../../../support/audit.js';
import { testBackends } from '../../../support/backends.js';
import { gql, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import type { TestServer } from '../../../support/testServer.js';

const NODE = 'eu/prod/k8s-1/idem-plugins';
const key = (k: string) => ({ 'idempotency-key': k });
const CREATE = 'mutation($i: CreateServiceInput!) { createService(input: $i) { id name } }';

for (const backend of testBackends()) {
  describe(`Idempotency-Key with the plugins in force (${backend.name})`, { timeout: 120_000 }, () => {
    const clock = createManualClock(Date.parse('2026-05-01T08:00:00Z'));
    let t: TestServer;
    let admin: SignedIn;
    before(async () => {
      t = await startAuditServer(backend, clock);
      admin = await signInAdmin(t);
    });
    after(() => t?.close());

    it('a keyed mutation is audited once: its replay adds no audit record', async () => {
      const input = { i: { name: 'audited-once', nodeId: NODE } };
      const first = await gql(t, CREATE, input, admin.accessToken, key('audited-1'));
      assert.equal(first.errors, undefined, first.text);
      const audited = await auditRowCount(t);
      const retry = await gql(t, CREATE, input, admin.accessToken, key('audited-1'));
      assert.equal(retry.headers.get('idempotent-replayed'), 'true');
      assert.equal(retry.text, first.text);
      assert.equal(await auditRowCount(t), audited, 'nothing ran, nothing audited');
    });

    it("a module's machine route is covered: a retried exclusion window start opens one window", async () => {
      assert.equal(
        (await t.call('POST', '/api/v1/health/report', { service: 'maintained', nodeId: NODE, status: 'OPERATIONAL' })).status,
        200,
      );
      const body = { service: 'maintained', nodeId: NODE, reason: 'db migration', expectedEndAt: '2026-05-01T10:00:00Z' };
      const first = await t.call('POST', '/api/v1/sla/exclusion-window/start', body, key('window-1'));
      assert.equal(first.status, 200, first.text);
      const retry = await t.call('POST', '/api/v1/sla/exclusion-window/start', body, key('window-1'));
      assert.equal(retry.text, first.text, 'the same windowId');
      assert.equal(retry.headers.get('idempotent-replayed'), 'true');
      const service = await t.serviceRow(NODE, 'maintained');
      const windows = await t.server.database.knex('maintenance_windows').where({ service_id: service.id });
      assert.equal(windows.length, 1);
    });
  });
}
