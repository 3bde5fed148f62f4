/**
 * An outage storm through the status sync (issue 31): every service of a node goes DOWN in one sync and comes back
 * in the next, while a webhook's receiver answers slower than the storm produces deliveries. What the changes cause
 * commits with them and is drained at the receivers' pace: every webhook delivery arrives exactly once while the
 * dispatcher holds no more than its limit and one outbox page in memory (the rest wait on their pages), the owner
 * gets a notification for each move, and every service an SLA definition covers gets an incident, committed with
 * the sync and closed on the way back.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends } from '../../../support/backends.js';
import { LICENSE_ENV } from '../../../support/license.js';
import { eventually, until } from '../../../support/polling.js';
import { okGql, startSlaServer, type SlaServer } from '../../../support/sla.js';
import { createWebhook, type Received, type Receiver, STATS, startReceiver } from '../../../support/webhooks.js';

const SERVICES = 120;
const HELD = 8;
const NODE = 'zone-a/prod/cluster-1';
const DRAIN_MS = 120_000;

for (const backend of testBackends()) {
  describe(`an outage storm through the status sync (${backend.name})`, () => {
    const clock = createManualClock(Date.parse('2026-11-20T10:00:00Z'));
    let s: SlaServer;
    let r: Receiver;
    let received: Received[];
    let heldMost = 0;
    let backlogged = 0;
    let openAfterOutage = 0;

    const sync = async (status: string) => {
      const services = Array.from({ length: SERVICES }, (_, i) => ({ name: `storm-${i}`, status }));
      const res = await s.t.call('POST', '/api/v1/operator/status', { nodeId: NODE, operatorVersion: '1.0.0', services });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.json.updated, SERVICES);
    };

    before(async () => {
      s = await startSlaServer(backend, clock, {
        env: { ...LICENSE_ENV, SVC_SECURITY_WEBHOOK_HOST_ALLOWLIST: '127.0.0.1' },
        webhookMaxHeld: HELD,
      });
      const { t, admin } = s;
      const reports = Array.from({ length: SERVICES }, (_, i) => ({
        service: `storm-${i}`,
        nodeId: NODE,
        status: 'OPERATIONAL',
        // Every other service in the SLA group the definition covers.
        ...(i % 2 === 0 ? { slaGroup: 'storm-gold' } : {}),
      }));
      const res = await t.call('POST', '/api/v1/health/report/batch', { reports });
      assert.equal(res.status, 200, res.text);
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
      // The admin owns every service (30 aliases per document at most).
      for (let from = 0; from < ids.length; from += 30) {
        const owning = ids
          .slice(from, from + 30)
          .map((id, i) => `s${i}: updateService(id: "${id}", input: { ownerId: "${admin.userId}" }) { id }`)
          .join('\n');
        await okGql(t, admin.accessToken, `mutation { ${owning} }`);
      }

      // The receiver answers each request 5 ms after it arrives: slower than the storm produces deliveries.
      r = await startReceiver(() => ({ status: 200, after: new Promise((resolve) => setTimeout(resolve, 5)) }));
      await createWebhook(t, admin.accessToken, { url: r.url, events: ['service.down', 'service.up'] });
      const dispatcher = t.server.app.webhooks.dispatcher;
      const backloggedBefore = dispatcher.stats.backlogged;
      const sampler = setInterval(() => (heldMost = Math.max(heldMost, dispatcher.held)), 1);
      try {
        await sync('DOWN');
        openAfterOutage = (await okGql(t, admin.accessToken, '{ slaIncidentCount(filter: { open: true }) }')).slaIncidentCount;
        await sync('OPERATIONAL');
        // At the receiver's pace, and the machine's: a loaded machine drains slower than the helper's usual 10 s.
        await until(
          () => r.requests.length >= 2 * SERVICES,
          () => `${r.requests.length} of ${2 * SERVICES} deliveries arrived`,
          DRAIN_MS,
        );
        received = r.requests;
      } finally {
        clearInterval(sampler);
      }
      backlogged = dispatcher.stats.backlogged - backloggedBefore;
      await eventually(
        async () => ((await okGql(t, admin.accessToken, STATS, { id: null })).webhookStats.pending === 0 ? true : undefined),
        'nothing is pending',
        DRAIN_MS,
      );
    });
    after(async () => {
      await r?.close();
      await s?.t.close();
    });

    it('every webhook delivery of the storm arrives exactly once', () => {
      assert.equal(new Set(received.map((q) => q.json.id as string)).size, 2 * SERVICES, 'every delivery arrived once');
      assert.equal(r.requests.length, 2 * SERVICES, 'nothing sent twice');
      assert.deepEqual(
        [received.filter((q) => q.json.event === 'service.down').length, received.filter((q) => q.json.event === 'service.up').length],
        [SERVICES, SERVICES],
      );
    });

    it('deliveries beyond the limit wait on their outbox pages: memory holds the limit and one page, not the storm', () => {
      assert.ok(backlogged > 0, 'deliveries beyond the limit waited on their outbox pages');
      // The backlog is read back a whole page at a time (one commit's deliveries: here one sync's 120).
      assert.ok(heldMost <= HELD + SERVICES, `the dispatcher held ${heldMost} deliveries in memory, at most ${HELD} and a page allowed`);
    });

    it('the owner is notified of every service going down and of every one coming back', async () => {
      const notifications = await okGql(s.t, s.admin.accessToken, '{ unreadNotificationCount }');
      assert.equal(notifications.unreadNotificationCount, 2 * SERVICES);
    });

    it('every covered service has an SLA incident committed with the outage sync, closed by the recovery', async () => {
      assert.equal(openAfterOutage, SERVICES / 2, 'an open incident for every covered service once the outage sync answered');
      const incidents = await okGql(s.t, s.admin.accessToken, '{ open: slaIncidentCount(filter: { open: true }) all: slaIncidentCount }');
      assert.deepEqual(incidents, { open: 0, all: SERVICES / 2 });
    });
  });
}
