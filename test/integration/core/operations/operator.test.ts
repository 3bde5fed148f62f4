/**
 * The agent endpoints under /api/v1/operator (SPEC.md "Endpoints"): registration, the services a
 * node should watch, the 30-second status sync (registered services only; unknown names counted in
 * `skipped`; SLA group declarations), heartbeats with their command queue, command results, the node
 * list, and the state surviving a restart.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { durableStore, testBackends } from '../../../support/backends.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

const REGISTER = '/api/v1/operator/register';
const STATUS = '/api/v1/operator/status';
const HEARTBEAT = '/api/v1/operator/heartbeat';
const COMMAND_RESULT = '/api/v1/operator/command-result';
const NODES = '/api/v1/operator/nodes';
const servicesPath = (nodeId: string) => `/api/v1/operator/services?nodeId=${encodeURIComponent(nodeId)}`;
const ms = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).getTime());

for (const backend of testBackends()) {
  describe(`operator endpoints (${backend.name})`, () => {
    const clock = createManualClock();
    let t: TestServer;
    before(async () => {
      t = await startTestServer(backend, { clock });
    });
    after(() => t.close());

    const db = () => t.server.database.knex;
    const serviceRows = (nodePath: string, name: string) => t.serviceRows(nodePath, name);
    const serviceRow = (nodePath: string, name: string) => t.serviceRow(nodePath, name);
    const names = (res: { json: { services: Array<{ name: string }> } }) => res.json.services.map((s) => s.name).sort();

    describe('POST /api/v1/operator/register', () => {
      it('a new service is created with 201 and its declarations are stored', async () => {
        const res = await t.call('POST', REGISTER, {
          name: 'orders-db',
          displayName: 'Orders database',
          nodeId: 'eu/prod/k8s-1/orders',
          criticality: 'critical',
          serviceType: 'database',
          namespace: 'orders',
          operations: { backup: { expected: true, maxAgeDays: 3 } },
        });
        assert.equal(res.status, 201);
        assert.equal(res.json.success, true);
        assert.equal(res.json.created, true);
        assert.equal(res.json.service.name, 'orders-db');
        assert.equal(res.json.service.nodeId, 'eu/prod/k8s-1/orders');
        assert.equal(res.json.service.externalId, 'eu/prod/k8s-1/orders/orders-db');
        assert.deepEqual(res.json.service.operations, { backup: { expected: true, maxAgeDays: 3 } });

        const row = await serviceRow('eu/prod/k8s-1/orders', 'orders-db');
        assert.equal(row.id, res.json.service.id);
        assert.equal(row.display_name, 'Orders database');
        assert.equal(row.criticality, 'critical');
        assert.equal(row.service_type, 'database');
        assert.equal(row.namespace, 'orders');
        assert.equal(row.backup_expected, true);
        assert.equal(row.backup_max_age_days, 3);
        assert.deepEqual(row.metadata, { operations: { backup: { expected: true, maxAgeDays: 3 } } });
        assert.equal((await db()('nodes').whereIn('path', ['eu', 'eu/prod', 'eu/prod/k8s-1', 'eu/prod/k8s-1/orders'])).length, 4);
      });

      it('registering an existing service again updates it with 200 and keeps one record', async () => {
        const node = 'eu/prod/k8s-1/update';
        const first = await t.call('POST', REGISTER, { name: 'svc', nodeId: node, displayName: 'Old', criticality: 'low' });
        clock.advance(5_000);
        const res = await t.call('POST', REGISTER, {
          name: 'svc',
          nodeId: node,
          displayName: 'New',
          operations: { backup: { expected: true } },
        });
        assert.equal(res.status, 200);
        assert.equal(res.json.created, false);
        assert.equal(res.json.service.id, first.json.service.id);
        const row = await serviceRow(node, 'svc');
        assert.equal(row.display_name, 'New');
        assert.equal(row.criticality, 'low', 'a field the update leaves out is kept');
        assert.equal(row.backup_expected, true);
        assert.equal(ms(row.updated_at), clock.now());
      });

      it('a later registration merges declared metadata keys and keeps the others', async () => {
        const node = 'eu/prod/k8s-1/merge';
        await t.call('POST', REGISTER, {
          name: 'crm',
          nodeId: node,
          metadata: { owner: 'team-a', links: { runbook: 'https://runbooks/crm' } },
        });
        await t.call('POST', REGISTER, {
          name: 'crm',
          nodeId: node,
          metadata: { owner: 'team-b' },
          operations: { backup: { expected: true } },
        });
        const row = await serviceRow(node, 'crm');
        const metadata = typeof row.metadata === 'string' ? JSON.parse(row.metadata) : row.metadata;
        assert.deepEqual(metadata, {
          owner: 'team-b',
          links: { runbook: 'https://runbooks/crm' },
          operations: { backup: { expected: true } },
        });
        assert.equal(row.backup_expected, true);
      });

      it('a registration without nodeId is refused with 400', async () => {
        const res = await t.call('POST', REGISTER, { name: 'lost' });
        assert.equal(res.status, 400);
        assert.match(res.json.error, /nodeId/);
        assert.equal((await db()('services').where({ name: 'lost' })).length, 0);
      });

      it('a registration without name is refused with 400', async () => {
        const res = await t.call('POST', REGISTER, { nodeId: 'eu/prod/k8s-1/anon' });
        assert.equal(res.status, 400);
        assert.match(res.json.error, /"name" is required/);
      });

      it('a non-boolean operations.backup.expected is refused with 400', async () => {
        const res = await t.call('POST', REGISTER, {
          name: 'typo',
          nodeId: 'eu/prod/k8s-1/typo',
          operations: { backup: { expected: 'yes' } },
        });
        assert.equal(res.status, 400);
        assert.match(res.json.error, /operations\.backup\.expected/);
      });
    });

    describe('GET /api/v1/operator/services', () => {
      before(async () => {
        for (const [nodeId, name] of [
          ['emea/prod/k8s-1/pay', 'pay-api'],
          ['emea/prod/k8s-1/pay', 'pay-db'],
          ['emea/prod/k8s-2/shop', 'shop-web'],
          ['emea/prod', 'edge-lb'],
          ['emea/production/k8s-1/pay', 'lookalike'],
          ['emea/dev/k8s-1/pay', 'pay-api'],
        ]) {
          const res = await t.call('POST', REGISTER, { name, nodeId });
          assert.equal(res.status, 201);
        }
      });

      it('returns the services at the node and below it', async () => {
        const res = await t.call('GET', servicesPath('emea/prod'));
        assert.equal(res.status, 200);
        assert.equal(res.json.nodeId, 'emea/prod');
        assert.equal(res.json.count, 4);
        assert.deepEqual(names(res), ['edge-lb', 'pay-api', 'pay-db', 'shop-web']);
        const payApi = res.json.services.find((s: { name: string }) => s.name === 'pay-api');
        assert.equal(payApi.nodeId, 'emea/prod/k8s-1/pay');
      });

      it('a node path matches whole segments, not a text prefix', async () => {
        const res = await t.call('GET', servicesPath('emea/prod/k8s-1'));
        assert.deepEqual(names(res), ['pay-api', 'pay-db']);
        assert.ok(!names(await t.call('GET', servicesPath('emea/prod'))).includes('lookalike'));
      });

      it('a leaf node returns only its own services', async () => {
        const res = await t.call('GET', servicesPath('emea/prod/k8s-2/shop'));
        assert.deepEqual(names(res), ['shop-web']);
      });

      it('an unknown node returns an empty list', async () => {
        const res = await t.call('GET', servicesPath('nowhere/at/all'));
        assert.equal(res.status, 200);
        assert.equal(res.json.count, 0);
        assert.deepEqual(res.json.services, []);
      });

      it('without nodeId the request is refused with 400', async () => {
        for (const path of ['/api/v1/operator/services', '/api/v1/operator/services?nodeId=']) {
          const res = await t.call('GET', path);
          assert.equal(res.status, 400, path);
          assert.deepEqual(Object.keys(res.json), ['error']);
          assert.match(res.json.error, /nodeId/);
        }
      });
    });

    describe('POST /api/v1/operator/status', () => {
      it('updates registered services and counts unknown names in skipped', async () => {
        const node = 'eu/prod/k8s-5/sync';
        await t.call('POST', REGISTER, { name: 'web', nodeId: node });
        await t.call('POST', REGISTER, { name: 'worker', nodeId: 'eu/prod/k8s-5/other' });
        const res = await t.call('POST', STATUS, {
          nodeId: node,
          operatorVersion: '2.3.1',
          services: [
            {
              name: 'web',
              status: 'OPERATIONAL',
              message: 'ready',
              namespace: 'shop',
              workloadType: 'Deployment',
              workloadName: 'web',
              replicas: 3,
              readyReplicas: 2,
              availableReplicas: 2,
              images: ['web:1.2'],
              slaGroup: 'gold',
            },
            { name: 'ghost', status: 'DOWN' },
            // Registered, but under another node: not this agent's service.
            { name: 'worker', status: 'DOWN' },
          ],
        });
        assert.equal(res.status, 200);
        assert.equal(res.json.success, true);
        assert.equal(res.json.updated, 1);
        assert.equal(res.json.unchanged, 0);
        assert.equal(res.json.skipped, 2);
        assert.deepEqual(res.json.skippedServices, ['ghost', 'worker']);
        assert.equal(res.json.rejected, 0);

        const row = await serviceRow(node, 'web');
        assert.equal(row.status, 'OPERATIONAL');
        assert.equal(row.status_message, 'ready');
        assert.equal(row.namespace, 'shop');
        assert.equal(row.workload_type, 'Deployment');
        assert.equal(row.workload_name, 'web');
        assert.equal(row.replicas, 3);
        assert.equal(row.ready_replicas, 2);
        assert.equal(row.available_replicas, 2);
        assert.deepEqual(row.images, ['web:1.2']);
        assert.equal(row.sla_group, 'gold');
        assert.equal((await serviceRows(node, 'ghost')).length, 0, 'a sync never registers');
        assert.equal((await serviceRow('eu/prod/k8s-5/other', 'worker')).status, 'UNKNOWN');
      });

      it('fields an entry leaves out keep the values registration gave the service', async () => {
        const node = 'eu/prod/k8s-5/keep';
        await t.call('POST', REGISTER, { name: 'ledger', nodeId: node, namespace: 'finance', slaGroup: 'gold' });
        const res = await t.call('POST', STATUS, { nodeId: node, services: [{ name: 'ledger', status: 'DEGRADED', replicas: 2 }] });
        assert.equal(res.json.updated, 1);
        const row = await serviceRow(node, 'ledger');
        assert.equal(row.status, 'DEGRADED');
        assert.equal(row.replicas, 2);
        assert.equal(row.namespace, 'finance', 'a namespace not reported is kept');
        assert.equal(row.sla_group, 'gold', 'an SLA group not reported is kept');
        const again = await t.call('POST', STATUS, { nodeId: node, services: [{ name: 'ledger', status: 'DEGRADED' }] });
        assert.equal(again.json.unchanged, 1, 'an entry that reports less is not a change');
      });

      it('entries that change nothing are counted in unchanged and cause no database write', async () => {
        const node = 'eu/prod/k8s-6/steady';
        await t.call('POST', REGISTER, { name: 'api', nodeId: node });
        const body = { nodeId: node, services: [{ name: 'api', status: 'OPERATIONAL', replicas: 2, readyReplicas: 2, images: ['api:7'] }] };
        const first = await t.call('POST', STATUS, body);
        assert.equal(first.json.updated, 1);
        const writtenAt = clock.now();
        const before = await serviceRow(node, 'api');
        assert.equal(ms(before.updated_at), writtenAt);

        clock.advance(30_000);
        const second = await t.call('POST', STATUS, body);
        assert.equal(second.status, 200);
        assert.equal(second.json.updated, 0);
        assert.equal(second.json.unchanged, 1);
        assert.equal(second.json.skipped, 0);
        const after = await serviceRow(node, 'api');
        assert.equal(ms(after.updated_at), writtenAt, 'updated_at is not touched');
        assert.deepEqual(after, before);
      });

      it('a status change through the sync opens a new status interval', async () => {
        const node = 'eu/prod/k8s-6/moving';
        await t.call('POST', REGISTER, { name: 'mover', nodeId: node });
        await t.call('POST', STATUS, { nodeId: node, services: [{ name: 'mover', status: 'OPERATIONAL' }] });
        clock.advance(60_000);
        await t.call('POST', STATUS, { nodeId: node, services: [{ name: 'mover', status: 'DOWN' }] });
        const row = await serviceRow(node, 'mover');
        const intervals = await db()('status_intervals').where({ service_id: row.id }).orderBy('seq').select('status', 'ended_at');
        assert.deepEqual(
          intervals.map((i) => [i.status, i.ended_at === null]),
          [
            ['UNKNOWN', false],
            ['OPERATIONAL', false],
            ['DOWN', true],
          ],
        );
      });

      it('SLA group declarations are stored in sla_groups and counted as created, updated or unchanged', async () => {
        const node = 'eu/prod/k8s-7/seed';
        const first = await t.call('POST', STATUS, {
          nodeId: node,
          slaGroups: [
            { name: 'platinum', displayName: 'Platinum', tier: 'critical', targets: { uptime: 99.95 } },
            { name: 'silver', tier: 'standard', targets: { uptime: 99.5 } },
          ],
        });
        assert.equal(first.status, 200);
        assert.deepEqual(first.json.slaGroups, { created: 2, updated: 0, unchanged: 0 });
        const platinum = await db()('sla_groups').where({ name: 'platinum' }).first();
        assert.equal(platinum.display_name, 'Platinum');
        assert.equal(platinum.tier, 'critical');
        assert.deepEqual(platinum.targets, { uptime: 99.95 });

        clock.advance(1_000);
        const second = await t.call('POST', STATUS, {
          nodeId: node,
          slaGroups: [
            { name: 'platinum', displayName: 'Platinum', tier: 'critical', targets: { uptime: 99.95 } },
            { name: 'silver', tier: 'standard', targets: { uptime: 99.9 } },
          ],
        });
        assert.deepEqual(second.json.slaGroups, { created: 0, updated: 1, unchanged: 1 });
        const silver = await db()('sla_groups').where({ name: 'silver' }).first();
        assert.deepEqual(silver.targets, { uptime: 99.9 });
        assert.equal(ms(silver.updated_at), clock.now());
        assert.equal(ms((await db()('sla_groups').where({ name: 'platinum' }).first()).updated_at), ms(platinum.updated_at));
        assert.equal((await db()('sla_groups').whereIn('name', ['platinum', 'silver'])).length, 2);
      });

      it('one malformed entry is ignored with a warning while the rest applies', async () => {
        const node = 'eu/prod/k8s-8/mixed';
        await t.call('POST', REGISTER, { name: 'good', nodeId: node });
        await t.call('POST', REGISTER, { name: 'bad', nodeId: node });
        const res = await t.call('POST', STATUS, {
          nodeId: node,
          services: [{ name: 'bad', status: 'EXPLODED' }, { name: 'good', status: 'DEGRADED' }, 'not an object'],
          slaGroups: [{ name: 'bronze', targets: { uptime: 250 } }, { name: 'copper' }],
        });
        assert.equal(res.status, 200);
        assert.equal(res.json.updated, 1);
        assert.equal(res.json.rejected, 3);
        assert.deepEqual(res.json.slaGroups, { created: 1, updated: 0, unchanged: 0 });
        const warnings = res.json.warnings.join('\n');
        assert.match(warnings, /services\[0\] ignored/);
        assert.match(warnings, /services\[2\] ignored/);
        assert.match(warnings, /slaGroups\[0\] ignored/);
        assert.equal((await serviceRow(node, 'good')).status, 'DEGRADED');
        assert.equal((await serviceRow(node, 'bad')).status, 'UNKNOWN');
        assert.equal((await db()('sla_groups').where({ name: 'bronze' })).length, 0);
        assert.equal((await db()('sla_groups').where({ name: 'copper' })).length, 1);
      });

      it('a sync without nodeId is refused with 400', async () => {
        const res = await t.call('POST', STATUS, { services: [] });
        assert.equal(res.status, 400);
        assert.match(res.json.error, /nodeId/);
      });

      it('a sync whose services is not an array is refused with 400', async () => {
        const res = await t.call('POST', STATUS, { nodeId: 'a/b', services: { name: 'x' } });
        assert.equal(res.status, 400);
        assert.match(res.json.error, /services/);
      });

      it('the sync records the agent with its operatorVersion and lastStatusSyncAt', async () => {
        const node = 'eu/prod/k8s-9/versioned';
        await t.call('POST', STATUS, { nodeId: node, operatorVersion: '3.0.0', services: [] });
        const row = await db()('agents').where({ node_id: node }).first();
        assert.equal(row.operator_version, '3.0.0');
        assert.equal(ms(row.last_status_sync_at), clock.now());
        assert.equal(row.last_heartbeat_at, null);
      });
    });

    describe('heartbeat and commands', () => {
      it('a heartbeat stores the agent and answers commands: []', async () => {
        const node = 'eu/prod/k8s-10/beat';
        const res = await t.call('POST', HEARTBEAT, {
          nodeId: node,
          version: '2.3.1',
          watchedServices: 12,
          healthyServices: 10,
          unhealthyServices: 2,
        });
        assert.equal(res.status, 200);
        assert.equal(res.json.success, true);
        assert.deepEqual(res.json.commands, []);
        const row = await db()('agents').where({ node_id: node }).first();
        assert.equal(row.version, '2.3.1');
        assert.equal(row.watched_services, 12);
        assert.equal(row.healthy_services, 10);
        assert.equal(row.unhealthy_services, 2);
        assert.equal(ms(row.last_heartbeat_at), clock.now());
      });

      it('a heartbeat without nodeId is refused with 400', async () => {
        const res = await t.call('POST', HEARTBEAT, { version: '1' });
        assert.equal(res.status, 400);
        assert.match(res.json.error, /nodeId/);
      });

      it('a queued command is returned with every heartbeat until its result is reported, then no more', async () => {
        const node = 'eu/prod/k8s-11/cmd';
        await t.call('POST', HEARTBEAT, { nodeId: node, version: '2.3.1' });
        const queuedAt = clock.now();
        const command = t.server.fleet.agents.enqueue(node, 'resync', {}, queuedAt);

        clock.advance(30_000);
        const deliveredAt = clock.now();
        const first = await t.call('POST', HEARTBEAT, { nodeId: node, version: '2.3.1' });
        assert.equal(first.status, 200);
        assert.deepEqual(first.json.commands, [
          { id: command.id, type: 'resync', payload: {}, createdAt: new Date(queuedAt).toISOString() },
        ]);
        const delivered = await db()('agent_commands').where({ id: command.id }).first();
        assert.equal(delivered.status, 'delivered');
        assert.equal(ms(delivered.delivered_at), deliveredAt);
        assert.equal(delivered.completed_at, null);

        clock.advance(30_000);
        const again = await t.call('POST', HEARTBEAT, { nodeId: node });
        assert.deepEqual(
          again.json.commands.map((c: { id: string }) => c.id),
          [command.id],
          'returned again until reported',
        );

        clock.advance(1_000);
        const completedAt = clock.now();
        const result = await t.call('POST', COMMAND_RESULT, {
          nodeId: node,
          commandId: command.id,
          status: 'succeeded',
          message: 'resynced 12 services',
        });
        assert.equal(result.status, 200);
        assert.equal(result.json.success, true);
        assert.equal(result.json.commandId, command.id);
        assert.equal(result.json.alreadyRecorded, false);
        const completed = await db()('agent_commands').where({ id: command.id }).first();
        assert.equal(completed.status, 'succeeded');
        assert.equal(ms(completed.completed_at), completedAt);
        assert.equal(ms(completed.delivered_at), deliveredAt);
        assert.equal(completed.result.message, 'resynced 12 services');

        const after = await t.call('POST', HEARTBEAT, { nodeId: node });
        assert.deepEqual(after.json.commands, []);
      });

      it('commands of another node are not handed out', async () => {
        const command = t.server.fleet.agents.enqueue('eu/prod/k8s-12/mine', 'resync', {}, clock.now());
        const res = await t.call('POST', HEARTBEAT, { nodeId: 'eu/prod/k8s-12/theirs' });
        assert.deepEqual(res.json.commands, []);
        const mine = await t.call('POST', HEARTBEAT, { nodeId: 'eu/prod/k8s-12/mine' });
        assert.deepEqual(
          mine.json.commands.map((c: { id: string }) => c.id),
          [command.id],
        );
      });

      it('reporting a command result twice answers 200 with alreadyRecorded and keeps the first outcome', async () => {
        const node = 'eu/prod/k8s-13/twice';
        const command = t.server.fleet.agents.enqueue(node, 'resync', {}, clock.now());
        await t.call('POST', HEARTBEAT, { nodeId: node });
        const completedAt = clock.now();
        await t.call('POST', COMMAND_RESULT, { nodeId: node, commandId: command.id, status: 'failed', message: 'no permission' });
        clock.advance(1_000);
        const again = await t.call('POST', COMMAND_RESULT, { nodeId: node, commandId: command.id, status: 'succeeded' });
        assert.equal(again.status, 200);
        assert.equal(again.json.alreadyRecorded, true);
        const row = await db()('agent_commands').where({ id: command.id }).first();
        assert.equal(row.status, 'failed');
        assert.equal(ms(row.completed_at), completedAt);
      });

      it('an unknown commandId is answered 404', async () => {
        const res = await t.call('POST', COMMAND_RESULT, {
          nodeId: 'eu/prod/k8s-11/cmd',
          commandId: '00000000-0000-4000-8000-000000000000',
          status: 'succeeded',
        });
        assert.equal(res.status, 404);
        assert.deepEqual(Object.keys(res.json), ['error']);
      });

      it('a command result from a node the command was not sent to is answered 404', async () => {
        const command = t.server.fleet.agents.enqueue('eu/prod/k8s-14/owner', 'resync', {}, clock.now());
        const res = await t.call('POST', COMMAND_RESULT, { nodeId: 'eu/prod/k8s-14/intruder', commandId: command.id, status: 'succeeded' });
        assert.equal(res.status, 404);
        const row = await db()('agent_commands').where({ id: command.id }).first();
        assert.equal(row.completed_at, null);
      });

      it('a commandId that is not a command id is refused with 400', async () => {
        const res = await t.call('POST', COMMAND_RESULT, { nodeId: 'eu/prod/k8s-11/cmd', commandId: 'abc', status: 'succeeded' });
        assert.equal(res.status, 400);
        assert.match(res.json.error, /commandId/);
      });
    });

    describe('GET /api/v1/operator/nodes', () => {
      it('lists agents with lastHeartbeatAt and an online flag that turns off after 90 s without a heartbeat', async () => {
        const node = 'eu/prod/k8s-20/listed';
        const beatAt = clock.now();
        await t.call('POST', HEARTBEAT, { nodeId: node, version: '2.4.0', watchedServices: 3, healthyServices: 3, unhealthyServices: 0 });

        const find = async () => {
          const res = await t.call('GET', NODES);
          assert.equal(res.status, 200);
          assert.equal(res.json.count, res.json.nodes.length);
          return res.json.nodes.find((n: { nodeId: string }) => n.nodeId === node);
        };
        let listed = await find();
        assert.equal(listed.lastHeartbeatAt, new Date(beatAt).toISOString());
        assert.equal(listed.version, '2.4.0');
        assert.equal(listed.watchedServices, 3);
        assert.equal(listed.online, true);

        clock.set(beatAt + 90_000);
        assert.equal((await find()).online, true);
        clock.set(beatAt + 90_001);
        listed = await find();
        assert.equal(listed.online, false);
        assert.equal(listed.lastHeartbeatAt, new Date(beatAt).toISOString());
      });

      it('an agent known only from status syncs is listed offline without lastHeartbeatAt', async () => {
        const node = 'eu/prod/k8s-21/synconly';
        await t.call('POST', STATUS, { nodeId: node, operatorVersion: '1.0.0' });
        const res = await t.call('GET', NODES);
        const listed = res.json.nodes.find((n: { nodeId: string }) => n.nodeId === node);
        assert.equal(listed.lastHeartbeatAt, null);
        assert.equal(listed.lastStatusSyncAt, new Date(clock.now()).toISOString());
        assert.equal(listed.operatorVersion, '1.0.0');
        assert.equal(listed.online, false);
      });
    });
  });

  describe(`operator state across a restart (${backend.name})`, () => {
    it('a command result repeated after a restart is answered as already recorded', async () => {
      const clock = createManualClock();
      const store = await durableStore(backend);
      const node = 'eu/prod/k8s-31/repeat';
      try {
        const first = await startTestServer(backend, { clock, store: store.forRun() });
        let commandId: string;
        try {
          commandId = first.server.fleet.agents.enqueue(node, 'resync', {}, clock.now()).id;
          await first.call('POST', HEARTBEAT, { nodeId: node });
          assert.equal((await first.call('POST', COMMAND_RESULT, { nodeId: node, commandId, status: 'succeeded' })).status, 200);
        } finally {
          await first.close();
        }
        clock.advance(60 * 60_000);
        const second = await startTestServer(backend, { clock, store: store.forRun() });
        try {
          const again = await second.call('POST', COMMAND_RESULT, { nodeId: node, commandId, status: 'succeeded' });
          assert.equal(again.status, 200);
          assert.equal(again.json.alreadyRecorded, true);
          assert.deepEqual(
            (await second.call('POST', HEARTBEAT, { nodeId: node })).json.commands,
            [],
            'a finished command is not handed out again',
          );
        } finally {
          await second.close();
        }
      } finally {
        await store.dispose();
      }
    });

    it('services, nodes, agents, SLA groups and open commands survive a server restart', async () => {
      const clock = createManualClock();
      const store = await durableStore(backend);
      const node = 'eu/prod/k8s-30/durable';
      let commandId: string;
      try {
        const first = await startTestServer(backend, { clock, store: store.forRun() });
        try {
          assert.equal(
            (
              await first.call('POST', REGISTER, {
                name: 'keeper',
                nodeId: node,
                operations: { backup: { expected: true, maxAgeDays: 2 } },
              })
            ).status,
            201,
          );
          await first.call('POST', STATUS, {
            nodeId: node,
            operatorVersion: '2.0.0',
            services: [
              { name: 'keeper', status: 'DEGRADED', message: 'one replica down', replicas: 2, readyReplicas: 1, slaGroup: 'durable-group' },
            ],
            slaGroups: [{ name: 'durable-group', tier: 'critical', targets: { uptime: 99.9 } }],
          });
          await first.call('POST', HEARTBEAT, { nodeId: node, version: '2.0.0' });
          commandId = first.server.fleet.agents.enqueue(node, 'resync', {}, clock.now()).id;
          await first.server.writer.committed();
        } finally {
          await first.close();
        }

        const second = await startTestServer(backend, { clock, store: store.forRun() });
        try {
          const services = await second.call('GET', servicesPath(node));
          assert.equal(services.json.count, 1);
          const keeper = services.json.services[0];
          assert.equal(keeper.name, 'keeper');
          assert.equal(keeper.status, 'DEGRADED');
          assert.equal(keeper.statusMessage, 'one replica down');
          assert.equal(keeper.readyReplicas, 1);
          assert.deepEqual(keeper.operations, { backup: { expected: true, maxAgeDays: 2 } });

          const nodes = await second.call('GET', NODES);
          const agent = nodes.json.nodes.find((n: { nodeId: string }) => n.nodeId === node);
          assert.equal(agent.version, '2.0.0');
          assert.equal(agent.operatorVersion, '2.0.0');
          assert.equal(agent.online, true);

          // The SLA group membership index is rebuilt from the database.
          const backup = await second.call('POST', '/api/v1/backup/report', { slaGroup: 'durable-group', status: 'success' });
          assert.equal(backup.json.success, true);
          assert.deepEqual(backup.json.services, ['keeper']);

          // The status interval opened before the restart is the one a later change closes.
          clock.advance(60_000);
          await second.call('POST', STATUS, {
            nodeId: node,
            services: [{ name: 'keeper', status: 'OPERATIONAL', replicas: 2, readyReplicas: 2, slaGroup: 'durable-group' }],
          });
          const intervals = await second.server.database
            .knex('status_intervals')
            .where({ service_id: keeper.id })
            .orderBy('seq')
            .select('*');
          assert.deepEqual(
            intervals.map((i) => [i.seq, i.status, ms(i.ended_at)]),
            [
              [1, 'UNKNOWN', ms(intervals[1].started_at)],
              [2, 'DEGRADED', clock.now()],
              [3, 'OPERATIONAL', null],
            ],
          );

          const beat = await second.call('POST', HEARTBEAT, { nodeId: node });
          assert.deepEqual(
            beat.json.commands.map((c: { id: string }) => c.id),
            [commandId],
          );
          assert.equal((await second.call('POST', COMMAND_RESULT, { nodeId: node, commandId, status: 'succeeded' })).status, 200);

          // The hierarchy was loaded too: a later service reuses the nodes instead of failing on them.
          const again = await second.call('POST', REGISTER, { name: 'newcomer', nodeId: node });
          assert.equal(again.status, 201);
          // The same name at the same node is an update, not a second service.
          const update = await second.call('POST', REGISTER, { name: 'keeper', nodeId: node, displayName: 'Keeper' });
          assert.equal(update.status, 200);
        } finally {
          await second.close();
        }
      } finally {
        await store.dispose();
      }
    });
  });
}
