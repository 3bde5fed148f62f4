/**
 * SLA groups and alerts over real HTTP (issue 16, parts 1, 4 and 5): groups declared by status
 * syncs with their members' backup status and people's target overrides; BACKUP_OVERDUE raised by
 * the scheduler at the instant a backup turns overdue (a manual clock, no traffic), acknowledged by
 * people, resolved by the next successful backup, and re-armed after a restart.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { durableStore, testBackends } from '../../../support/backends.js';
import { gql, personWithRole, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { connectClient, subscribe, waitForSubscribers } from '../../../support/realtime.js';
import { okGql, startSlaServer } from '../../../support/sla.js';
import type { TestServer } from '../../../support/testServer.js';
import { iso } from '../../../support/time.js';

const T0 = Date.parse('2026-04-01T08:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NODE = 'eu/prod/k8s-1';
const GROUP = `query($name: String, $id: ID) { slaGroup(name: $name, id: $id) { id name displayName tier targets { uptime } targetOverrides { uptime } definitions { name }
  services { serviceName status replicas readyReplicas backupStatus { backupExpected lastBackupAt lastBackupStatus backupMaxAgeDays backupOverdue } } } }`;
const OVERRIDE =
  'mutation($g: String!, $u: Float) { setSLAGroupTargetOverride(group: $g, uptime: $u) { name targets { uptime } targetOverrides { uptime } } }';
const ALERTS =
  'query($f: SLAAlertFilter) { slaAlerts(filter: $f) { id kind status serviceId service { name } slaGroup message details acknowledgedBy { username } raisedAt acknowledgedAt resolvedAt } slaAlertCount(filter: $f) }';
const ACK = 'mutation($id: ID!) { acknowledgeSLAAlert(id: $id) { id status acknowledgedAt acknowledgedBy { username } } }';

for (const backend of testBackends()) {
  describe(`SLA groups and alerts (${backend.name})`, { timeout: 180_000 }, () => {
    const clock = createManualClock(T0);
    let store: Awaited<ReturnType<typeof durableStore>>;
    let t: TestServer;
    let admin: SignedIn;

    before(async () => {
      store = await durableStore(backend);
      ({ t, admin } = await startSlaServer(backend, clock, { store: store.forRun() }));
    });
    after(async () => {
      await t.close();
      await store.dispose();
    });

    const register = async (name: string, extra: Record<string, unknown> = {}) => {
      const res = await t.call('POST', '/api/v1/operator/register', { name, nodeId: NODE, ...extra });
      assert.ok(res.status === 201 || res.status === 200, res.text);
      return res.json.service.id as string;
    };
    const backup = async (name: string, status: string) => {
      const res = await t.call('POST', '/api/v1/backup/report', { service: name, nodeId: NODE, status });
      assert.equal(res.status, 200, res.text);
    };
    const alertsOf = async (serviceId: string) => (await okGql(t, admin.accessToken, ALERTS, { f: { serviceId } })).slaAlerts;
    /** Alerts raised after `since`: a service registered expecting backups is overdue until its first one. */
    const alertsSince = async (serviceId: string, since: number) =>
      (await okGql(t, admin.accessToken, ALERTS, { f: { serviceId, from: iso(since) } })).slaAlerts;
    /** Product time passes; people sign in again (access tokens live 15 minutes of it). */
    const advance = async (ms: number) => {
      await clock.advanceAsync(ms);
      admin = await signInAdmin(t);
    };

    it('a group declared by a sync lists its members with replicas and backup status, by name or by id', async () => {
      await register('vault-db', { slaGroup: 'vault', operations: { backup: { expected: true, maxAgeDays: 2 } } });
      await register('vault-api', { slaGroup: 'vault' });
      const sync = await t.call('POST', '/api/v1/operator/status', {
        nodeId: NODE,
        services: [
          { name: 'vault-db', status: 'OPERATIONAL', replicas: 3, readyReplicas: 2 },
          { name: 'vault-api', status: 'DEGRADED', replicas: 2, readyReplicas: 2 },
        ],
        slaGroups: [{ name: 'vault', displayName: 'Vault', tier: 'critical', targets: { uptime: 99.9 } }],
      });
      assert.equal(sync.status, 200, sync.text);
      await backup('vault-db', 'success');
      const group = (await okGql(t, admin.accessToken, GROUP, { name: 'vault' })).slaGroup;
      assert.deepEqual(
        { ...group, id: undefined },
        {
          id: undefined,
          name: 'vault',
          displayName: 'Vault',
          tier: 'critical',
          targets: { uptime: 99.9 },
          targetOverrides: null,
          definitions: [],
          services: [
            {
              serviceName: 'vault-api',
              status: 'DEGRADED',
              replicas: 2,
              readyReplicas: 2,
              backupStatus: {
                backupExpected: false,
                lastBackupAt: null,
                lastBackupStatus: null,
                backupMaxAgeDays: null,
                backupOverdue: false,
              },
            },
            {
              serviceName: 'vault-db',
              status: 'OPERATIONAL',
              replicas: 3,
              readyReplicas: 2,
              backupStatus: {
                backupExpected: true,
                lastBackupAt: iso(clock.now()),
                lastBackupStatus: 'success',
                backupMaxAgeDays: 2,
                backupOverdue: false,
              },
            },
          ],
        },
      );
      assert.equal((await okGql(t, admin.accessToken, GROUP, { id: group.id })).slaGroup.name, 'vault');
      assert.ok((await okGql(t, admin.accessToken, '{ slaGroups { name } }')).slaGroups.some((g: { name: string }) => g.name === 'vault'));
      assert.equal((await okGql(t, admin.accessToken, GROUP, { name: 'nope' })).slaGroup, null);
      assert.deepEqual((await gql(t, GROUP, {}, admin.accessToken)).codes, ['BAD_USER_INPUT']);
    });

    it('a target override set by a person survives the next sync, and is cleared with null', async () => {
      const set = (await okGql(t, admin.accessToken, OVERRIDE, { g: 'vault', u: 99.5 })).setSLAGroupTargetOverride;
      assert.deepEqual(set, { name: 'vault', targets: { uptime: 99.9 }, targetOverrides: { uptime: 99.5 } });
      await t.call('POST', '/api/v1/operator/status', { nodeId: NODE, slaGroups: [{ name: 'vault', targets: { uptime: 99.95 } }] });
      const after = (await okGql(t, admin.accessToken, GROUP, { name: 'vault' })).slaGroup;
      assert.deepEqual([after.targets, after.targetOverrides], [{ uptime: 99.95 }, { uptime: 99.5 }]);
      assert.deepEqual(
        (await okGql(t, admin.accessToken, OVERRIDE, { g: 'vault', u: null })).setSLAGroupTargetOverride.targetOverrides,
        null,
      );
      for (const [variables, code] of [
        [{ g: 'vault', u: 0 }, 'BAD_USER_INPUT'],
        [{ g: 'vault', u: 101 }, 'BAD_USER_INPUT'],
        [{ g: 'undeclared', u: 99 }, 'NOT_FOUND'],
      ] as const) {
        assert.deepEqual((await gql(t, OVERRIDE, variables, admin.accessToken)).codes, [code]);
      }
      const user = await personWithRole(t, admin, 'USER');
      assert.deepEqual((await gql(t, OVERRIDE, { g: 'vault', u: 99 }, user.accessToken)).codes, ['FORBIDDEN']);
      const log = await okGql(
        t,
        admin.accessToken,
        'query { slaEventLog(filter: {slaGroup: "vault", kinds: [GROUP_TARGET_OVERRIDE_SET]}) { kind data } }',
      );
      assert.deepEqual(
        log.slaEventLog.map((e: { kind: string }) => e.kind),
        ['GROUP_TARGET_OVERRIDE_SET', 'GROUP_TARGET_OVERRIDE_SET'],
      );
    });

    it('BACKUP_OVERDUE is raised by the scheduler at the instant the last backup turns too old, with no traffic, and reaches subscribers', async () => {
      const id = (await t.serviceRow(NODE, 'vault-db')).id as string;
      const client = connectClient(t, { token: admin.accessToken });
      const feed = subscribe(client, 'subscription($id: ID!) { entityEvents(entityType: "sla-service", entityId: $id) { event data } }', {
        id,
      });
      await waitForSubscribers(t, `entity:sla-service:${id}`, 1);
      await clock.advanceAsync(2 * DAY);
      admin = await signInAdmin(t);
      assert.deepEqual(await alertsSince(id, T0 + 1), []);
      await advance(1);
      const [alert] = await alertsSince(id, T0 + 1);
      assert.deepEqual(
        [alert.kind, alert.status, alert.service.name, alert.slaGroup, alert.raisedAt],
        ['BACKUP_OVERDUE', 'OPEN', 'vault-db', 'vault', iso(clock.now())],
      );
      assert.equal(JSON.parse(alert.details).backupMaxAgeDays, 2);
      const { entityEvents } = await feed.data();
      assert.equal(entityEvents.event, 'sla:alert');
      assert.deepEqual([JSON.parse(entityEvents.data).change, JSON.parse(entityEvents.data).alert.kind], ['raised', 'BACKUP_OVERDUE']);
      const member = (await okGql(t, admin.accessToken, GROUP, { name: 'vault' })).slaGroup.services.find(
        (m: { serviceName: string }) => m.serviceName === 'vault-db',
      );
      assert.equal(member.backupStatus.backupOverdue, true);
      await client.dispose();
    });

    it('the condition does not open twice; a failed backup keeps it; acknowledging it records who; the next success resolves it', async () => {
      const id = (await t.serviceRow(NODE, 'vault-db')).id as string;
      await backup('vault-db', 'failed');
      await advance(HOUR);
      const [alert] = await alertsSince(id, T0 + 1);
      assert.equal((await alertsSince(id, T0 + 1)).length, 1);
      const user = await personWithRole(t, admin, 'USER');
      assert.deepEqual((await gql(t, ACK, { id: alert.id }, user.accessToken)).codes, ['FORBIDDEN']);
      const acked = (await okGql(t, admin.accessToken, ACK, { id: alert.id })).acknowledgeSLAAlert;
      assert.deepEqual([acked.status, acked.acknowledgedBy.username, acked.acknowledgedAt], ['ACKNOWLEDGED', 'admin', iso(clock.now())]);
      assert.deepEqual((await okGql(t, admin.accessToken, ACK, { id: alert.id })).acknowledgeSLAAlert, acked);
      await backup('vault-db', 'success');
      const [resolved] = await alertsSince(id, T0 + 1);
      assert.deepEqual([resolved.id, resolved.status, resolved.resolvedAt], [alert.id, 'RESOLVED', iso(clock.now())]);
      const conflict = await gql(t, ACK, { id: alert.id }, admin.accessToken);
      assert.deepEqual(conflict.codes, ['CONFLICT'], conflict.text);
      assert.deepEqual((await gql(t, ACK, { id: '00000000-0000-4000-8000-000000000000' }, admin.accessToken)).codes, ['NOT_FOUND']);
      const log = await okGql(
        t,
        admin.accessToken,
        'query($id: ID) { slaEventLog(filter: {serviceId: $id, kinds: [ALERT_RAISED, ALERT_ACKNOWLEDGED, ALERT_RESOLVED]}) { kind origin } }',
        { id },
      );
      // The first two: registered expecting backups (overdue until the first report), then that report.
      assert.deepEqual(
        log.slaEventLog.map((e: { kind: string; origin: string }) => `${e.kind}/${e.origin}`),
        ['ALERT_RESOLVED/agent', 'ALERT_ACKNOWLEDGED/api', 'ALERT_RAISED/timer', 'ALERT_RESOLVED/agent', 'ALERT_RAISED/agent'],
      );
    });

    it('a registration that starts expecting backups, with none taken, raises at once; one that stops expecting them resolves', async () => {
      const id = await register('cache', { slaGroup: 'vault' });
      assert.deepEqual(await alertsOf(id), []);
      await register('cache', { operations: { backup: { expected: true } } });
      assert.deepEqual(
        (await alertsOf(id)).map((a: { status: string }) => a.status),
        ['OPEN'],
      );
      await register('cache', { operations: { backup: { expected: false } } });
      assert.deepEqual(
        (await alertsOf(id)).map((a: { status: string }) => a.status),
        ['RESOLVED'],
      );
    });

    it('a service first seen through a successful backup report is not overdue: no alert is raised and resolved', async () => {
      await backup('reported-db', 'success');
      const id = (await t.serviceRow(NODE, 'reported-db')).id as string;
      assert.deepEqual(await alertsOf(id), []);
    });

    it('slaAlerts filters by kind, status, group and time, and refuses a malformed id', async () => {
      const open = await okGql(t, admin.accessToken, ALERTS, { f: { statuses: ['OPEN', 'ACKNOWLEDGED'] } });
      assert.ok(open.slaAlerts.every((a: { status: string }) => a.status !== 'RESOLVED'));
      const resolved = await okGql(t, admin.accessToken, ALERTS, {
        f: { statuses: ['RESOLVED'], kinds: ['BACKUP_OVERDUE'], slaGroup: 'vault' },
      });
      // vault-db twice (overdue until its first report; overdue by age), cache once.
      assert.equal(resolved.slaAlertCount, 3);
      assert.equal((await okGql(t, admin.accessToken, ALERTS, { f: { kinds: ['FAST_BURN'] } })).slaAlertCount, 0);
      assert.equal((await okGql(t, admin.accessToken, ALERTS, { f: { to: iso(T0) } })).slaAlertCount, 0);
      assert.deepEqual((await gql(t, ALERTS, { f: { definitionId: 'nope' } }, admin.accessToken)).codes, ['BAD_USER_INPUT']);
    });

    it('after a restart, deadlines are armed again from the stored backup state: what fell overdue while down is raised at start, the rest on time', async () => {
      const stale = await register('archive-db', { operations: { backup: { expected: true, maxAgeDays: 1 } } });
      const fresh = await register('journal-db', { operations: { backup: { expected: true, maxAgeDays: 3 } } });
      await backup('archive-db', 'success');
      await backup('journal-db', 'success');
      const takenAt = clock.now();
      await t.close();
      await clock.advanceAsync(2 * DAY);
      ({ t } = await startSlaServer(backend, clock, { store: store.forRun() }));
      admin = await signInAdmin(t);
      const [raised] = await alertsSince(stale, takenAt + 1);
      assert.deepEqual([raised.kind, raised.status, raised.raisedAt], ['BACKUP_OVERDUE', 'OPEN', iso(clock.now())]);
      assert.deepEqual(await alertsSince(fresh, takenAt + 1), []);
      await clock.advanceAsync(takenAt + 3 * DAY - clock.now());
      admin = await signInAdmin(t);
      assert.deepEqual(await alertsSince(fresh, takenAt + 1), []);
      await advance(1);
      assert.deepEqual(
        (await alertsSince(fresh, takenAt + 1)).map((a: { status: string }) => a.status),
        ['OPEN'],
      );
      assert.equal((await alertsSince(stale, takenAt + 1)).length, 1, 'the stale one was not raised a second time');
    });
  });
}
