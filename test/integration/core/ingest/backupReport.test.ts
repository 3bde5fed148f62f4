/**
 * POST /api/v1/backup/report (SPEC.md "Endpoints", "Backup status"): three addressing modes
 * (service + nodeId, slaGroup, namespace), exactly one per report; overdue is measured from the
 * last backup taken (success or partial) against backupMaxAgeDays, on the injected clock.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends } from '../../../support/backends.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

const PATH = '/api/v1/backup/report';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

for (const backend of testBackends()) {
  describe(`POST /api/v1/backup/report (${backend.name})`, () => {
    const clock = createManualClock();
    let t: TestServer;
    before(async () => {
      t = await startTestServer(backend, { clock });
    });
    after(() => t.close());

    const db = () => t.server.database.knex;
    const serviceRow = (nodePath: string, name: string) => t.serviceRow(nodePath, name);
    const reportsOf = (serviceId: string) => db()('backup_reports').where({ service_id: serviceId }).orderBy('reported_at').select('*');
    const register = async (nodeId: string, name: string, extra: Record<string, unknown> = {}) => {
      const res = await t.call('POST', '/api/v1/operator/register', { name, nodeId, ...extra });
      assert.equal(res.status, 201, res.text);
      return res.json.service.id as string;
    };
    const expectingBackups = (maxAgeDays?: number) => ({
      operations: { backup: { expected: true, ...(maxAgeDays ? { maxAgeDays } : {}) } },
    });
    const backupStatusOf = async (nodeId: string, name: string) => {
      const res = await t.call('GET', `/api/v1/operator/services?nodeId=${encodeURIComponent(nodeId)}`);
      assert.equal(res.status, 200);
      const service = res.json.services.find((s: { name: string }) => s.name === name);
      assert.ok(service, `${name} is listed under ${nodeId}`);
      return service.backupStatus;
    };

    describe('service mode', () => {
      it('records the backup on the service at nodeId and answers success, message, affected and services', async () => {
        const node = 'eu/prod/db-1/pg';
        const id = await register(node, 'pg-main', expectingBackups(1));
        const res = await t.call('POST', PATH, {
          service: 'pg-main',
          nodeId: node,
          status: 'success',
          sizeBytes: 123_456_789,
          message: 'nightly',
        });
        assert.equal(res.status, 200);
        assert.equal(res.json.success, true);
        assert.equal(typeof res.json.message, 'string');
        assert.match(res.json.message, /pg-main/);
        assert.equal(res.json.affected, 1);
        assert.deepEqual(res.json.services, ['pg-main']);
        assert.deepEqual(res.json.warnings, []);

        const row = await serviceRow(node, 'pg-main');
        assert.equal(row.id, id);
        assert.equal(row.last_backup_status, 'success');
        assert.equal(Number(row.last_backup_size_bytes), 123_456_789);
        assert.equal(row.last_backup_message, 'nightly');
        assert.equal(new Date(row.last_backup_at).getTime(), clock.now());
        const reports = await reportsOf(id);
        assert.equal(reports.length, 1);
        assert.equal(reports[0].mode, 'service');
        assert.equal(reports[0].status, 'success');
      });

      it('a report for an unknown service creates it at nodeId, expecting backups', async () => {
        const node = 'eu/prod/db-2/mysql';
        const res = await t.call('POST', PATH, { service: 'mysql-new', nodeId: node, status: 'partial' });
        assert.equal(res.status, 200);
        assert.equal(res.json.affected, 1);
        const row = await serviceRow(node, 'mysql-new');
        assert.equal(row.backup_expected, true);
        assert.equal(row.last_backup_status, 'partial');
      });

      it('without nodeId the report lands under the "unknown" node with a warning', async () => {
        const res = await t.call('POST', PATH, { service: 'nodeless-db', status: 'success' });
        assert.equal(res.status, 200);
        assert.equal(res.json.success, true);
        assert.deepEqual(res.json.services, ['nodeless-db']);
        assert.equal(res.json.warnings.length, 1);
        assert.match(res.json.warnings[0], /nodeId is missing.*"unknown"/);
        assert.equal((await serviceRow('unknown', 'nodeless-db')).last_backup_status, 'success');
      });

      it('a capitalised status is read as its lower-case value with a warning', async () => {
        const res = await t.call('POST', PATH, { service: 'caps-db', nodeId: 'eu/prod/db-3/caps', status: 'FAILED' });
        assert.equal(res.status, 200);
        assert.match(res.json.warnings.join('\n'), /status "FAILED" was read as "failed"/);
        assert.equal((await serviceRow('eu/prod/db-3/caps', 'caps-db')).last_backup_status, 'failed');
      });

      it('a status other than success, failed or partial is refused with 400', async () => {
        const res = await t.call('POST', PATH, { service: 'bad-status-db', nodeId: 'eu/prod/db-3/bad', status: 'done' });
        assert.equal(res.status, 400);
        assert.match(res.json.error, /status/);
        assert.equal((await db()('services').where({ name: 'bad-status-db' })).length, 0);
      });
    });

    describe('SLA group mode', () => {
      const node = 'eu/prod/k8s-1/payments';
      before(async () => {
        await register(node, 'ledger', expectingBackups());
        await register(node, 'payments-db', expectingBackups());
        await register(node, 'payments-api', { operations: { backup: { expected: false } } });
        await register(node, 'other-db', expectingBackups());
        const sync = await t.call('POST', '/api/v1/operator/status', {
          nodeId: node,
          services: [
            { name: 'ledger', status: 'OPERATIONAL', slaGroup: 'payments' },
            { name: 'payments-db', status: 'OPERATIONAL', slaGroup: 'payments' },
            { name: 'payments-api', status: 'OPERATIONAL', slaGroup: 'payments' },
            { name: 'other-db', status: 'OPERATIONAL', slaGroup: 'reporting' },
          ],
        });
        assert.equal(sync.status, 200);
        assert.equal(sync.json.updated, 4);
      });

      it('propagates to every member of the group whose backup is expected, and only to them', async () => {
        const res = await t.call('POST', PATH, { slaGroup: 'payments', status: 'success', sizeBytes: 42 });
        assert.equal(res.status, 200);
        assert.equal(res.json.success, true);
        assert.equal(res.json.affected, 2);
        assert.deepEqual([...res.json.services].sort(), ['ledger', 'payments-db']);

        for (const name of ['ledger', 'payments-db']) {
          const row = await serviceRow(node, name);
          assert.equal(row.last_backup_status, 'success', name);
          const reports = await reportsOf(row.id);
          assert.equal(reports.length, 1);
          assert.equal(reports[0].mode, 'slaGroup');
        }
        for (const name of ['payments-api', 'other-db']) {
          const row = await serviceRow(node, name);
          assert.equal(row.last_backup_status, null, name);
          assert.equal((await reportsOf(row.id)).length, 0, name);
        }
      });

      it('a member that left the group through a later status sync no longer receives its reports', async () => {
        const moving = 'eu/prod/k8s-4/moving';
        await register(moving, 'mover-db', expectingBackups());
        await t.call('POST', '/api/v1/operator/status', {
          nodeId: moving,
          services: [{ name: 'mover-db', status: 'OPERATIONAL', slaGroup: 'archive' }],
        });
        assert.deepEqual((await t.call('POST', PATH, { slaGroup: 'archive', status: 'success' })).json.services, ['mover-db']);

        await t.call('POST', '/api/v1/operator/status', {
          nodeId: moving,
          services: [{ name: 'mover-db', status: 'OPERATIONAL', slaGroup: 'vault' }],
        });
        const old = await t.call('POST', PATH, { slaGroup: 'archive', status: 'failed' });
        assert.equal(old.json.success, false);
        assert.equal(old.json.affected, 0);
        const current = await t.call('POST', PATH, { slaGroup: 'vault', status: 'failed' });
        assert.deepEqual(current.json.services, ['mover-db']);
        assert.equal((await reportsOf((await serviceRow(moving, 'mover-db')).id)).length, 2);
      });

      it('an unknown SLA group answers success false with affected 0', async () => {
        const res = await t.call('POST', PATH, { slaGroup: 'no-such-group', status: 'success' });
        assert.equal(res.status, 200);
        assert.equal(res.json.success, false);
        assert.equal(res.json.affected, 0);
        assert.deepEqual(res.json.services, []);
        assert.match(res.json.message, /no-such-group/);
      });

      it('a declared SLA group without members that expect backups answers success with affected 0', async () => {
        await t.call('POST', '/api/v1/operator/status', { nodeId: node, slaGroups: [{ name: 'empty-group', tier: 'low' }] });
        const before = Number((await db()('backup_reports').count({ n: '*' }))[0]!['n']);
        const res = await t.call('POST', PATH, { slaGroup: 'empty-group', status: 'success' });
        assert.equal(res.status, 200);
        assert.equal(res.json.success, true);
        assert.equal(res.json.affected, 0);
        assert.equal(Number((await db()('backup_reports').count({ n: '*' }))[0]!['n']), before);
      });
    });

    describe('namespace mode', () => {
      before(async () => {
        await register('eu/prod/k8s-2/shop', 'cart', { namespace: 'shop' });
        await register('eu/prod/k8s-3/shop', 'orders', { namespace: 'shop' });
        await register('eu/prod/k8s-2/blog', 'posts', { namespace: 'blog' });
      });

      it('records the backup for every service of the namespace, on any node', async () => {
        const res = await t.call('POST', PATH, { namespace: 'shop', status: 'success', message: 'velero' });
        assert.equal(res.status, 200);
        assert.equal(res.json.success, true);
        assert.equal(res.json.affected, 2);
        assert.deepEqual([...res.json.services].sort(), ['cart', 'orders']);
        assert.equal((await serviceRow('eu/prod/k8s-2/shop', 'cart')).last_backup_message, 'velero');
        const orders = await serviceRow('eu/prod/k8s-3/shop', 'orders');
        assert.equal(orders.last_backup_status, 'success');
        assert.equal((await reportsOf(orders.id))[0].mode, 'namespace');
        assert.equal((await serviceRow('eu/prod/k8s-2/blog', 'posts')).last_backup_status, null);
      });

      it('an unknown namespace answers success false with affected 0', async () => {
        const res = await t.call('POST', PATH, { namespace: 'nowhere', status: 'success' });
        assert.equal(res.status, 200);
        assert.equal(res.json.success, false);
        assert.equal(res.json.affected, 0);
        assert.deepEqual(res.json.services, []);
      });
    });

    describe('addressing', () => {
      for (const body of [
        { service: 'x', nodeId: 'a/b', slaGroup: 'payments' },
        { slaGroup: 'payments', namespace: 'shop' },
        { service: 'x', nodeId: 'a/b', namespace: 'shop' },
      ]) {
        const keys = Object.keys(body).filter((k) => k !== 'nodeId');
        it(`two addressing keys (${keys.join(' + ')}) are refused with 400`, async () => {
          const before = Number((await db()('backup_reports').count({ n: '*' }))[0]!['n']);
          const res = await t.call('POST', PATH, { ...body, status: 'success' });
          assert.equal(res.status, 400);
          assert.deepEqual(Object.keys(res.json), ['error']);
          assert.match(res.json.error, /exactly one/);
          assert.equal(Number((await db()('backup_reports').count({ n: '*' }))[0]!['n']), before);
        });
      }

      it('no addressing key is refused with 400', async () => {
        const res = await t.call('POST', PATH, { nodeId: 'a/b', status: 'success' });
        assert.equal(res.status, 400);
        assert.match(res.json.error, /exactly one/);
      });

      it('an empty slaGroup is refused with 400', async () => {
        const res = await t.call('POST', PATH, { slaGroup: '', status: 'success' });
        assert.equal(res.status, 400);
      });
    });

    describe('overdue', () => {
      it('a service that expects backups and has none yet is overdue', async () => {
        await register('eu/prod/db-9/none', 'never-backed-up', expectingBackups(3));
        const status = await backupStatusOf('eu/prod/db-9/none', 'never-backed-up');
        assert.equal(status.backupExpected, true);
        assert.equal(status.backupMaxAgeDays, 3);
        assert.equal(status.lastBackupAt, null);
        assert.equal(status.backupOverdue, true);
      });

      it('a service that does not expect backups is never overdue', async () => {
        await register('eu/prod/db-9/nob', 'no-backups', { operations: { backup: { expected: false } } });
        const status = await backupStatusOf('eu/prod/db-9/nob', 'no-backups');
        assert.equal(status.backupExpected, false);
        assert.equal(status.backupOverdue, false);
      });

      it('a backup is overdue once more than backupMaxAgeDays have passed since the last one', async () => {
        const node = 'eu/prod/db-9/age';
        await register(node, 'aging', expectingBackups(2));
        const takenAt = clock.now();
        await t.call('POST', PATH, { service: 'aging', nodeId: node, status: 'success' });
        let status = await backupStatusOf(node, 'aging');
        assert.equal(status.lastBackupAt, new Date(takenAt).toISOString());
        assert.equal(status.lastBackupStatus, 'success');
        assert.equal(status.backupOverdue, false);

        clock.set(takenAt + 2 * DAY);
        status = await backupStatusOf(node, 'aging');
        assert.equal(status.backupOverdue, false, 'exactly the maximum age is not overdue yet');

        clock.set(takenAt + 2 * DAY + 1);
        status = await backupStatusOf(node, 'aging');
        assert.equal(status.backupOverdue, true);
      });

      it('a failed backup does not reset the overdue clock; a partial one does', async () => {
        const node = 'eu/prod/db-9/fail';
        await register(node, 'flaky', expectingBackups(1));
        const takenAt = clock.now();
        await t.call('POST', PATH, { service: 'flaky', nodeId: node, status: 'success' });

        clock.set(takenAt + 23 * HOUR);
        const failedAt = clock.now();
        const failed = await t.call('POST', PATH, { service: 'flaky', nodeId: node, status: 'failed', message: 'disk full' });
        assert.equal(failed.json.success, true);

        clock.set(takenAt + 25 * HOUR);
        let status = await backupStatusOf(node, 'flaky');
        assert.equal(status.lastBackupStatus, 'failed');
        assert.equal(status.lastBackupAt, new Date(failedAt).toISOString());
        assert.equal(status.backupOverdue, true);
        const row = await serviceRow(node, 'flaky');
        assert.equal(new Date(row.last_backup_taken_at).getTime(), takenAt);

        await t.call('POST', PATH, { service: 'flaky', nodeId: node, status: 'partial' });
        status = await backupStatusOf(node, 'flaky');
        assert.equal(status.backupOverdue, false);
      });

      it('without backupMaxAgeDays the maximum age is one day', async () => {
        const node = 'eu/prod/db-9/default';
        await register(node, 'default-age', expectingBackups());
        const takenAt = clock.now();
        await t.call('POST', PATH, { service: 'default-age', nodeId: node, status: 'success' });
        clock.set(takenAt + DAY);
        assert.equal((await backupStatusOf(node, 'default-age')).backupOverdue, false);
        clock.set(takenAt + DAY + 1);
        assert.equal((await backupStatusOf(node, 'default-age')).backupOverdue, true);
      });
    });
  });
}
