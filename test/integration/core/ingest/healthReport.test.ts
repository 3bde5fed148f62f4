/**
 * POST /api/v1/health/report (SPEC.md "Endpoints", "Service status"): the first push creates the
 * service and every node of its path; later pushes change status and message only. Persistence is
 * checked in the database itself: a 200 means the change is committed.
 */
import type { ServiceStatusChangedEvent } from '../../../../src/core/coreEvents.js';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends } from '../../../support/backends.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

const PATH = '/api/v1/health/report';
const STATUSES = ['OPERATIONAL', 'DEGRADED', 'DOWN', 'MAINTENANCE', 'UNKNOWN'] as const;

for (const backend of testBackends()) {
  describe(`POST /api/v1/health/report (${backend.name})`, () => {
    const clock = createManualClock();
    let t: TestServer;
    before(async () => {
      t = await startTestServer(backend, { clock });
    });
    after(() => t.close());

    const db = () => t.server.database.knex;
    const serviceRows = (nodePath: string, name: string) => t.serviceRows(nodePath, name);
    const serviceRow = (nodePath: string, name: string) => t.serviceRow(nodePath, name);
    const intervals = (serviceId: string) => db()('status_intervals').where({ service_id: serviceId }).orderBy('seq').select('*');
    const ms = (value: unknown) => (value === null ? null : new Date(value as string).getTime());
    const serviceCount = async () => Number((await db()('services').count({ n: '*' }))[0]!['n']);

    it('the first health push creates the service and its hierarchy node', async () => {
      const res = await t.call('POST', PATH, {
        service: 'billing-api',
        nodeId: 'eu/prod/vm-1/billing',
        status: 'OPERATIONAL',
        message: 'all good',
        criticality: 'critical',
        serviceType: 'api',
        slaGroup: 'gold',
        tags: ['vm', 'external'],
      });
      assert.equal(res.status, 200);
      assert.equal(res.json.success, true);
      assert.equal(res.json.created, true);
      assert.equal(res.json.serviceName, 'billing-api');
      assert.equal(res.json.nodeId, 'eu/prod/vm-1/billing');
      assert.equal(res.json.status, 'OPERATIONAL');
      assert.equal(res.json.previousStatus, null);
      assert.deepEqual(res.json.warnings, []);

      const row = await serviceRow('eu/prod/vm-1/billing', 'billing-api');
      assert.equal(row.id, res.json.serviceId);
      assert.equal(row.status, 'OPERATIONAL');
      assert.equal(row.status_message, 'all good');
      assert.equal(row.criticality, 'critical');
      assert.equal(row.service_type, 'api');
      assert.equal(row.sla_group, 'gold');
      assert.deepEqual(row.tags, ['vm', 'external']);
    });

    it('the first push creates every prefix of nodeId as a node, each under its parent', async () => {
      await t.call('POST', PATH, { service: 'ledger', nodeId: 'us/stage/vm-9/ledger', status: 'OPERATIONAL' });
      const nodes = await db()('nodes')
        .whereIn('path', ['us', 'us/stage', 'us/stage/vm-9', 'us/stage/vm-9/ledger'])
        .orderBy('depth')
        .select('*');
      assert.deepEqual(
        nodes.map((n) => ({ path: n.path, parent: n.parent_path, name: n.name, depth: n.depth })),
        [
          { path: 'us', parent: null, name: 'us', depth: 1 },
          { path: 'us/stage', parent: 'us', name: 'stage', depth: 2 },
          { path: 'us/stage/vm-9', parent: 'us/stage', name: 'vm-9', depth: 3 },
          { path: 'us/stage/vm-9/ledger', parent: 'us/stage/vm-9', name: 'ledger', depth: 4 },
        ],
      );
    });

    it('a second service under an existing node reuses its nodes and adds only the missing ones', async () => {
      await t.call('POST', PATH, { service: 'a', nodeId: 'ap/prod/vm-1/x', status: 'OPERATIONAL' });
      const res = await t.call('POST', PATH, { service: 'b', nodeId: 'ap/prod/vm-2/y', status: 'OPERATIONAL' });
      assert.equal(res.status, 200);
      const paths = (await db()('nodes').where('path', 'like', 'ap%').orderBy('path').select('path')).map((n) => n.path);
      assert.deepEqual(paths, ['ap', 'ap/prod', 'ap/prod/vm-1', 'ap/prod/vm-1/x', 'ap/prod/vm-2', 'ap/prod/vm-2/y']);
    });

    it('a later push changes the status and the message of the existing service', async () => {
      const first = await t.call('POST', PATH, { service: 'search', nodeId: 'eu/prod/vm-2/search', status: 'OPERATIONAL', message: 'ok' });
      const second = await t.call('POST', PATH, {
        service: 'search',
        nodeId: 'eu/prod/vm-2/search',
        status: 'DEGRADED',
        message: 'slow queries',
      });
      assert.equal(second.status, 200);
      assert.equal(second.json.created, false);
      assert.equal(second.json.serviceId, first.json.serviceId);
      assert.equal(second.json.previousStatus, 'OPERATIONAL');
      assert.equal(second.json.status, 'DEGRADED');
      const row = await serviceRow('eu/prod/vm-2/search', 'search');
      assert.equal(row.status, 'DEGRADED');
      assert.equal(row.status_message, 'slow queries');
    });

    it('a later push that leaves out the message clears it', async () => {
      await t.call('POST', PATH, { service: 'mailer', nodeId: 'eu/prod/vm-3/mail', status: 'DOWN', message: 'smtp refused' });
      const res = await t.call('POST', PATH, { service: 'mailer', nodeId: 'eu/prod/vm-3/mail', status: 'DOWN' });
      assert.equal(res.status, 200);
      assert.equal((await serviceRow('eu/prod/vm-3/mail', 'mailer')).status_message, null);
    });

    it('a later push does not change criticality, serviceType, slaGroup or tags and says so in warnings', async () => {
      const node = 'eu/prod/vm-4/crm';
      await t.call('POST', PATH, {
        service: 'crm',
        nodeId: node,
        status: 'OPERATIONAL',
        criticality: 'low',
        serviceType: 'web',
        slaGroup: 'bronze',
        tags: ['a'],
      });
      const res = await t.call('POST', PATH, {
        service: 'crm',
        nodeId: node,
        status: 'DOWN',
        criticality: 'critical',
        serviceType: 'database',
        slaGroup: 'gold',
        tags: ['b', 'c'],
      });
      assert.equal(res.status, 200);
      assert.equal(res.json.status, 'DOWN');
      assert.equal(res.json.warnings.length, 1);
      for (const field of ['criticality', 'serviceType', 'slaGroup', 'tags']) assert.match(res.json.warnings[0], new RegExp(field));
      const row = await serviceRow(node, 'crm');
      assert.equal(row.status, 'DOWN');
      assert.equal(row.criticality, 'low');
      assert.equal(row.service_type, 'web');
      assert.equal(row.sla_group, 'bronze');
      assert.deepEqual(row.tags, ['a']);
    });

    it('a later push that repeats the first declarations gets no warning', async () => {
      const body = { service: 'wiki', nodeId: 'eu/prod/vm-5/wiki', status: 'OPERATIONAL', criticality: 'low', tags: ['docs'] };
      await t.call('POST', PATH, body);
      const res = await t.call('POST', PATH, { ...body, status: 'DEGRADED' });
      assert.equal(res.status, 200);
      assert.deepEqual(res.json.warnings, []);
    });

    it('every service status value is accepted: OPERATIONAL, DEGRADED, DOWN, MAINTENANCE, UNKNOWN', async () => {
      const node = 'eu/prod/vm-6/cycle';
      for (const status of STATUSES) {
        const res = await t.call('POST', PATH, { service: 'cycle', nodeId: node, status });
        assert.equal(res.status, 200, `status ${status}`);
        assert.equal(res.json.status, status);
        assert.equal((await serviceRow(node, 'cycle')).status, status);
      }
    });

    it('a lower-case status is read as its upper-case value and reported in warnings', async () => {
      const res = await t.call('POST', PATH, { service: 'lower', nodeId: 'eu/prod/vm-7/lower', status: 'degraded' });
      assert.equal(res.status, 200);
      assert.equal(res.json.status, 'DEGRADED');
      assert.equal(res.json.warnings.length, 1);
      assert.match(res.json.warnings[0], /status "degraded" was read as "DEGRADED"/);
      assert.equal((await serviceRow('eu/prod/vm-7/lower', 'lower')).status, 'DEGRADED');
    });

    it('a status that is not one of the five values is refused with 400 and nothing is created', async () => {
      const before = await serviceCount();
      const res = await t.call('POST', PATH, { service: 'broken', nodeId: 'eu/prod/vm-8/broken', status: 'BROKEN' });
      assert.equal(res.status, 400);
      assert.deepEqual(Object.keys(res.json), ['error']);
      assert.match(res.json.error, /status/);
      assert.equal(await serviceCount(), before);
      assert.equal((await serviceRows('eu/prod/vm-8/broken', 'broken')).length, 0);
    });

    it('a push without status is refused with 400', async () => {
      const res = await t.call('POST', PATH, { service: 'nostatus', nodeId: 'eu/prod/vm-8/nostatus' });
      assert.equal(res.status, 400);
      assert.match(res.json.error, /status/);
      assert.equal((await serviceRows('eu/prod/vm-8/nostatus', 'nostatus')).length, 0);
    });

    it('a push without service is refused with 400 and nothing is created', async () => {
      const before = await serviceCount();
      const res = await t.call('POST', PATH, { nodeId: 'eu/prod/vm-8/anon', status: 'OPERATIONAL' });
      assert.equal(res.status, 400);
      assert.match(res.json.error, /"service" is required/);
      assert.equal(await serviceCount(), before);
      assert.equal((await db()('nodes').where({ path: 'eu/prod/vm-8/anon' })).length, 0);
    });

    it('a push without nodeId files the service under the "unknown" node with a warning', async () => {
      const res = await t.call('POST', PATH, { service: 'orphan', status: 'OPERATIONAL' });
      assert.equal(res.status, 200);
      assert.equal(res.json.nodeId, 'unknown');
      assert.equal(res.json.warnings.length, 1);
      assert.match(res.json.warnings[0], /nodeId is missing.*"unknown"/);
      await serviceRow('unknown', 'orphan');
      const node = await db()('nodes').where({ path: 'unknown' }).first();
      assert.equal(node.parent_path, null);
      assert.equal(node.depth, 1);
    });

    it('a status change closes the previous status interval and opens a new one', async () => {
      const node = 'eu/prod/vm-10/queue';
      const startedAt = clock.now();
      const first = await t.call('POST', PATH, { service: 'queue', nodeId: node, status: 'OPERATIONAL', message: 'fine' });
      clock.advance(90_000);
      const changedAt = clock.now();
      await t.call('POST', PATH, { service: 'queue', nodeId: node, status: 'DOWN', message: 'broker gone' });

      const rows = await intervals(first.json.serviceId);
      assert.deepEqual(
        rows.map((r) => ({ seq: r.seq, status: r.status, message: r.message, started: ms(r.started_at), ended: ms(r.ended_at) })),
        [
          { seq: 1, status: 'OPERATIONAL', message: 'fine', started: startedAt, ended: changedAt },
          { seq: 2, status: 'DOWN', message: 'broker gone', started: changedAt, ended: null },
        ],
      );
      const row = await serviceRow(node, 'queue');
      assert.equal(ms(row.status_since), changedAt);
      assert.equal(row.status_seq, 2);
    });

    it('a push that keeps the status changes the message but writes no new status interval', async () => {
      const node = 'eu/prod/vm-11/cache';
      const first = await t.call('POST', PATH, { service: 'cache', nodeId: node, status: 'DEGRADED', message: 'hit rate 40 %' });
      clock.advance(1_000);
      const res = await t.call('POST', PATH, { service: 'cache', nodeId: node, status: 'DEGRADED', message: 'hit rate 35 %' });
      assert.equal(res.status, 200);
      const rows = await intervals(first.json.serviceId);
      assert.equal(rows.length, 1);
      assert.equal(rows[0].ended_at, null);
      assert.equal((await serviceRow(node, 'cache')).status_message, 'hit rate 35 %');
    });

    it('a status change publishes service.status_changed with previousStatus, status, message and the service', async () => {
      const node = 'eu/prod/vm-12/auth';
      const events: ServiceStatusChangedEvent[] = [];
      const unsubscribe = t.server.bus.subscribe('service.status_changed', (e) => {
        if (e.service.name === 'auth') events.push(e);
      });
      try {
        const first = await t.call('POST', PATH, { service: 'auth', nodeId: node, status: 'OPERATIONAL' });
        assert.equal(events.length, 0, 'creation is not a status change');
        const res = await t.call('POST', PATH, { service: 'auth', nodeId: node, status: 'DOWN', message: 'ldap unreachable' });
        assert.equal(res.status, 200);
        // Published after commit, which is before the reply: it is there already.
        assert.equal(events.length, 1);
        const event = events[0]!;
        assert.equal(event.previousStatus, 'OPERATIONAL');
        assert.equal(event.status, 'DOWN');
        assert.equal(event.message, 'ldap unreachable');
        assert.deepEqual(event.service, { id: first.json.serviceId, name: 'auth', path: `${node}/auth` });
        assert.equal(event.at, clock.now());
      } finally {
        unsubscribe();
      }
    });

    it('concurrent first pushes for many services are all committed before they are answered', async () => {
      const node = 'eu/prod/vm-14/burst';
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) => t.call('POST', PATH, { service: `burst-${i}`, nodeId: node, status: 'OPERATIONAL' })),
      );
      assert.deepEqual(new Set(responses.map((r) => r.status)), new Set([200]));
      assert.ok(responses.every((r) => r.json.created === true));
      const rows = await db()('services').where({ node_path: node }).select('id', 'name');
      assert.equal(rows.length, 50);
      assert.deepEqual(new Set(rows.map((r) => r.id)), new Set(responses.map((r) => r.json.serviceId)));
    });

    it('concurrent status changes of one service leave a gapless chain of intervals with only the last one open', async () => {
      const node = 'eu/prod/vm-15/flap';
      await t.call('POST', PATH, { service: 'flapper', nodeId: node, status: 'OPERATIONAL' });
      const sequence = ['DOWN', 'OPERATIONAL', 'DEGRADED', 'DOWN', 'MAINTENANCE', 'UNKNOWN', 'OPERATIONAL', 'DOWN'];
      const events: ServiceStatusChangedEvent[] = [];
      const unsubscribe = t.server.bus.subscribe('service.status_changed', (e) => {
        if (e.service.name === 'flapper') events.push(e);
      });
      try {
        const responses = await Promise.all(
          sequence.map((status, i) => {
            clock.advance(1_000);
            return t.call('POST', PATH, { service: 'flapper', nodeId: node, status, message: `step ${i}` });
          }),
        );
        assert.ok(responses.every((r) => r.status === 200));
      } finally {
        unsubscribe();
      }
      const row = await serviceRow(node, 'flapper');
      const chain = await intervals(row.id);
      assert.equal(chain[0].seq, 1);
      for (let i = 1; i < chain.length; i += 1) {
        assert.equal(chain[i].seq, chain[i - 1].seq + 1);
        assert.notEqual(chain[i].status, chain[i - 1].status);
        assert.equal(ms(chain[i - 1].ended_at), ms(chain[i].started_at), `interval ${chain[i - 1].seq} ends where ${chain[i].seq} starts`);
      }
      const last = chain[chain.length - 1];
      assert.equal(last.ended_at, null);
      assert.equal(last.seq, row.status_seq);
      assert.equal(last.status, row.status);
      assert.equal(last.message, row.status_message);
      // One event per interval change, each moving away from the status the previous one reached.
      assert.equal(events.length, chain.length - 1);
      for (let i = 0; i < events.length; i += 1) {
        assert.equal(events[i]!.previousStatus, chain[i].status);
        assert.equal(events[i]!.status, chain[i + 1].status);
      }
    });

    it('a push that keeps the status publishes no service.status_changed event', async () => {
      const node = 'eu/prod/vm-13/dns';
      const events: ServiceStatusChangedEvent[] = [];
      const unsubscribe = t.server.bus.subscribe('service.status_changed', (e) => {
        if (e.service.name === 'dns') events.push(e);
      });
      try {
        await t.call('POST', PATH, { service: 'dns', nodeId: node, status: 'OPERATIONAL', message: 'a' });
        await t.call('POST', PATH, { service: 'dns', nodeId: node, status: 'OPERATIONAL', message: 'b' });
        await t.call('POST', PATH, { service: 'dns', nodeId: node, status: 'OPERATIONAL', message: 'b' });
        assert.equal(events.length, 0);
      } finally {
        unsubscribe();
      }
    });
  });
}
