/**
 * An outage storm through the status sync (issue 31): every service of a node goes DOWN in one sync and comes back
 * in the next. What the changes cause commits with them and is drained at the receivers' pace: every webhook
 * delivery arrives exactly once at a slow receiver while the dispatcher holds no more than its limit in memory (the
 * rest wait on their outbox pages), every owner gets a notification for each move, and every service an SLA
 * definition covers gets an incident, closed on the way back.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends } from '../../../support/backends.js';
import { LICENSE_ENV } from '../../../support/license.js';
import { eventually } from '../../../support/polling.js';
import { okGql, startSlaServer, type SlaServer } from '../../../support/sla.js';
import { createWebhook, STATS, useReceivers } from '../../../support/webhooks.js';

const SERVICES = 120;
const HELD = 8;
const NODE = 'zone-a/prod/cluster-1';

for (const backend of testBackends()) {
  describe(`an outage storm through the status sync (${backend.name})`, () => {
    const clock = createManualClock(Date.parse('2026-11-20T10:00:00Z'));
    let s: SlaServer;
    before(async () => {
      s = await startSlaServer(backend, clock, {
        env: { ...LICENSE_ENV, SVC_SECURITY_WEBHOOK_HOST_ALLOWLIST: '127.0.0.1' },
        webhookMaxHeld: HELD,
      });
      const reports = Array.from({ length: SERVICES }, (_, i) => ({
        service: `storm-${i}`,
        nodeId: NODE,
        status: 'OPERATIONAL',
        // Every other service in the SLA group the definition covers.
        ...(i % 2 === 0 ? { slaGroup: 'storm-gold' } : {}),
      }));
      const res = await s.t.call('POST', '/api/v1/health/report/batch', { reports });
      assert.equal(res.status, 200, res.text);
    });
    after(() => s.t.close());
    const receiver = useReceivers();

    const sync = async (status: string) => {
      const services = Array.from({ length: SERVICES }, (_, i) => ({ name: `storm-${i}`, status }));
      const res = await s.t.call('POST', '/api/v1/operator/status', { nodeId: NODE, operatorVersion: '1.0.0', services });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.json.updated, SERVICES);
    };

    it('every delivery, notification and SLA incident of a storm is committed and drained at the receiver’s pace, none lost', async () => {
      const { t, admin } = s;
      const definition = await okGql(
        t,
        admin.accessToken,
        'mutation($i: CreateSLADefinitionInput!) { createSLADefinition(input: $i) { id } }',
        { i: { name: 'storm availability', targetPercent: 99.9, period: 'MONTH' } },
      );
      await okGql(t, admin.accessToken, 'mutation($i: AssignSLAInput!) { assignSLAToService(input: $i) { id } }', {
        i: { definitionId: definition.createSLADefinition.id, slaGroup: 'storm-gold' },
      });
      const ids = (
        await okGql(t, admin.accessToken, 'query($n: String) { services(filter: { nodeId: $n }, limit: 500) { id } }', { n: NODE })
      ).services.map((x: { id: string }) => x.id) as string[];
      assert.equal(ids.length, SERVICES);
      const owning = ids.map((id, i) => `s${i}: updateService(id: "${id}", input: { ownerId: "${admin.userId}" }) { id }`).join('\n');
      await okGql(t, admin.accessToken, `mutation { ${owning} }`);

      // The receiver answers each request 5 ms after it arrives: slower than the storm produces deliveries.
      const r = await receiver(() => ({ status: 200, after: new Promise((resolve) => setTimeout(resolve, 5)) }));
      await createWebhook(t, admin.accessToken, { url: r.url, events: ['service.down', 'service.up'] });
      const dispatcher = t.server.app.webhooks.dispatcher;
      const backloggedBefore = dispatcher.stats.backlogged;
      let heldMost = 0;
      const sampler = setInterval(() => (heldMost = Math.max(heldMost, dispatcher.held)), 1);

      await sync('DOWN');
      const open = await okGql(t, admin.accessToken, '{ slaIncidentCount(filter: { open: true }) }');
      assert.equal(open.slaIncidentCount, SERVICES / 2, 'an open incident for every covered service, committed with the sync');
      await sync('OPERATIONAL');

      const received = await r.received(2 * SERVICES);
      clearInterval(sampler);
      const events = received.map((q) => q.json.id as string);
      assert.equal(new Set(events).size, 2 * SERVICES, 'every delivery arrived once');
      assert.deepEqual(
        [received.filter((q) => q.json.event === 'service.down').length, received.filter((q) => q.json.event === 'service.up').length],
        [SERVICES, SERVICES],
      );
      assert.ok(heldMost <= HELD, `the dispatcher held ${heldMost} deliveries in memory, at most ${HELD} allowed`);
      assert.ok(dispatcher.stats.backlogged - backloggedBefore > 0, 'deliveries beyond the limit waited on their outbox pages');
      await eventually(
        async () => ((await okGql(t, admin.accessToken, STATS, { id: null })).webhookStats.pending === 0 ? true : undefined),
        'nothing is pending',
      );
      assert.equal(r.requests.length, 2 * SERVICES, 'nothing sent twice');

      const notifications = await okGql(t, admin.accessToken, '{ unreadNotificationCount }');
      assert.equal(notifications.unreadNotificationCount, 2 * SERVICES, 'the owner was told of every service going down and coming back');
      const incidents = await okGql(t, admin.accessToken, '{ open: slaIncidentCount(filter: { open: true }) all: slaIncidentCount }');
      assert.deepEqual(incidents, { open: 0, all: SERVICES / 2 }, 'every incident closed on the way back');
    });
  });
}
