/**
 * An audit record keeps the id of the request that caused it: the X-Request-Id the client sent (or
 * the one the server made and answered), the id on that request's log lines, so an operator goes
 * from a record to the log and back; `auditEvents` filters by it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { auditEvents, startAuditServer } from '../../../support/audit.js';
import { testBackends } from '../../../support/backends.js';
import { gql, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import type { TestServer } from '../../../support/testServer.js';

const CREATE_SERVICE = 'mutation($i: CreateServiceInput!) { createService(input: $i) { id } }';

for (const backend of testBackends()) {
  describe(`audit records and request ids (${backend.name})`, () => {
    const clock = createManualClock(Date.parse('2026-03-02T09:00:00Z'));
    let t: TestServer;
    let admin: SignedIn;
    before(async () => {
      t = await startAuditServer(backend, clock);
      admin = await signInAdmin(t);
    });
    after(() => t.close());
    const recordsOf = (requestId: string) => auditEvents(t, admin.accessToken, { requestId });

    it("keeps a REST call's X-Request-Id", async () => {
      const res = await t.call(
        'POST',
        '/api/v1/health/report',
        { service: 'audited', nodeId: 'eu/a', status: 'DOWN' },
        { 'x-request-id': 'audit-rest-1' },
      );
      assert.equal(res.status, 200);
      const records = await recordsOf('audit-rest-1');
      assert.deepEqual(
        records.map((r) => [r.action, r.outcome, r.requestId]),
        [['POST /api/v1/health/report', 'SUCCESS', 'audit-rest-1']],
      );
    });

    it("keeps a GraphQL mutation's X-Request-Id, on a refused call too", async () => {
      const ok = await gql(t, CREATE_SERVICE, { i: { name: 'audited-2', nodeId: 'eu/b' } }, admin.accessToken, {
        'x-request-id': 'audit-gql-1',
      });
      assert.equal(ok.errors, undefined, ok.text);
      const refused = await gql(t, CREATE_SERVICE, { i: { name: '', nodeId: 'eu/b' } }, admin.accessToken, {
        'x-request-id': 'audit-gql-2',
      });
      assert.ok(refused.errors);
      assert.deepEqual(
        (await recordsOf('audit-gql-1')).map((r) => [r.action, r.outcome]),
        [['createService', 'SUCCESS']],
      );
      assert.deepEqual(
        (await recordsOf('audit-gql-2')).map((r) => [r.action, r.outcome]),
        [['createService', 'FAILURE']],
      );
    });

    it('keeps the id the server made and answered when the client sent none', async () => {
      const res = await t.call('POST', '/api/v1/health/report', { service: 'audited-3', nodeId: 'eu/a', status: 'DOWN' });
      const id = res.headers.get('x-request-id');
      assert.ok(id);
      assert.deepEqual(
        (await recordsOf(id)).map((r) => r.requestId),
        [id],
      );
    });
  });
}
