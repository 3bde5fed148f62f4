/**
 * The live SLA evaluation over real HTTP on both databases, with a manual clock (issue 16, parts 2
 * and 5): a daily 99 % definition assigned to two services, health pushes scripted between bucket
 * ends; at each closed bucket the statuses move, AT_RISK, BREACHED (once the day's error budget is
 * spent: issue 27) and burn-rate alerts open (and reach a graphql-ws subscriber as `sla:alert`),
 * `sla.at_risk` and `sla.breached` are delivered to a local receiver, the fast
 * burn resolves only after its hold, and a restart keeps alerts and the burn hold without opening
 * anything twice.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { durableStore, testBackends } from '../../../support/backends.js';
import { signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { activated, licenseToken, LICENSE_ENV } from '../../../support/license.js';
import { connectClient, subscribe, waitForSubscribers } from '../../../support/realtime.js';
import { ASSIGN, createdDefinition, okGql, pushedService, pushStatus } from '../../../support/sla.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { createWebhook, startReceiver, WEBHOOK_ENV, type Receiver } from '../../../support/webhooks.js';
import { iso } from '../../../support/time.js';

const T0 = Date.parse('2026-05-04T00:00:00Z');
const MINUTE = 60_000;
const ALERTS =
  'query($f: SLAAlertFilter) { slaAlerts(filter: $f, limit: 100) { id kind status serviceId definitionId message details raisedAt resolvedAt } }';

for (const backend of testBackends()) {
  describe(`SLA live evaluation (${backend.name})`, { timeout: 180_000 }, () => {
    const clock = createManualClock(T0);
    let store: Awaited<ReturnType<typeof durableStore>>;
    let t: TestServer;
    let admin: SignedIn;
    let receiver: Receiver;
    let definitionId: string;
    let api: string;
    let db: string;

    const start = async () => {
      t = await startTestServer(backend, { clock, env: { ...LICENSE_ENV, ...WEBHOOK_ENV }, store: store.forRun() });
      await activated(t, licenseToken(clock, { plugins: ['sla'] }));
      admin = await signInAdmin(t);
    };
    before(async () => {
      store = await durableStore(backend);
      receiver = await startReceiver();
      await start();
    });
    after(async () => {
      await t.close();
      await receiver.close();
      await store.dispose();
    });

    /** Product time passes to `at` bucket by bucket, each bucket's evaluation committed; people sign in again. */
    const advanceTo = async (at: number) => {
      while (clock.now() < at) {
        await clock.advanceAsync(Math.min(5 * MINUTE, at - clock.now()));
        await t.server.app.slaEvaluation.idle();
      }
      admin = await signInAdmin(t);
    };
    const alerts = async (filter: Record<string, unknown>) =>
      (await okGql(t, admin.accessToken, ALERTS, { f: { definitionId, ...filter } })).slaAlerts as any[];
    const summary = (list: any[]) =>
      list.map((a) => `${a.kind}:${a.serviceId === null ? 'pooled' : a.serviceId === api ? 'api' : 'db'}:${a.status}`).sort();
    const slaHooks = () => receiver.requests.filter((r) => String(r.json?.event).startsWith('sla.'));

    const at = (minutes: number) => T0 + minutes * MINUTE;
    const round = (value: number) => Math.round(value * 1000) / 1000;

    it('while nothing is down, the services and the definition are MET at every bucket: no alert, no webhook', async () => {
      api = await pushedService(t, 'pay-api');
      db = await pushedService(t, 'pay-db');
      await createWebhook(t, admin.accessToken, { url: receiver.url, events: ['sla.breached', 'sla.at_risk', 'sla.met'] });
      definitionId = await createdDefinition(t, admin.accessToken, { name: 'Checkout', targetPercent: 99, period: 'DAY' });
      for (const serviceId of [api, db]) await okGql(t, admin.accessToken, ASSIGN, { i: { definitionId, serviceId } });
      await advanceTo(at(60));
      const evaluation = t.server.app.slaEvaluation;
      assert.deepEqual(
        [evaluation.statusOf(definitionId, api), evaluation.statusOf(definitionId, db), evaluation.statusOf(definitionId, null)],
        ['MET', 'MET', 'MET'],
      );
      assert.deepEqual(await alerts({}), []);
      assert.equal(slaHooks().length, 0);
    });

    // Issue 27 changed this story: 5 minutes down of a day's 14.4 budget minutes put the open day at risk (it
    // can still meet 99 %); it breaches once the budget is spent (15 minutes down, the 75-minute bucket).
    it('an outage puts the day at risk at the next bucket end: AT_RISK for the service and pooled, sla:alert to subscribers, one sla.at_risk naming the service', async () => {
      const client = connectClient(t, { token: admin.accessToken });
      const feed = subscribe(
        client,
        'subscription($id: ID!) { entityEvents(entityType: "sla-definition", entityId: $id) { event data } }',
        { id: definitionId },
      );
      await waitForSubscribers(t, `entity:sla-definition:${definitionId}`, 1);
      await pushStatus(t, 'pay-api', 'DOWN', 'connection refused');
      await advanceTo(at(64));
      assert.deepEqual(await alerts({}), [], 'nothing moves before the bucket closes');
      await advanceTo(at(65));

      const raised = await alerts({});
      // 5 of the hour's 60 covered minutes down is 8.3x a 1 % budget: under the fast threshold yet.
      assert.deepEqual(summary(raised), ['AT_RISK:api:OPEN', 'AT_RISK:pooled:OPEN']);
      assert.ok(raised.every((a) => a.raisedAt === iso(at(65))));
      const details = JSON.parse(raised.find((a) => a.serviceId === api).details);
      assert.deepEqual(
        [
          details.periodKey,
          details.asOf,
          details.targetPercent,
          details.downtimeMinutes,
          round(details.actualValue),
          round(details.errorBudgetMinutes),
        ],
        ['2026-05-04', iso(at(65)), 99, 5, round(6000 / 65), 14.4],
      );

      // The automatic incident of the outage (sla:incident) shares the channel.
      const events = [];
      while (events.length < 2) {
        const { entityEvents } = await feed.data(`sla:alert ${events.length}`);
        if (entityEvents.event === 'sla:alert') events.push(JSON.parse(entityEvents.data));
      }
      assert.deepEqual(events.map((e) => `${e.change}:${e.alert.kind}:${e.alert.serviceId === api ? 'api' : e.alert.serviceId}`).sort(), [
        'raised:AT_RISK:api',
        'raised:AT_RISK:null',
      ]);
      await client.dispose();

      const [hook] = await receiver.received(1);
      assert.equal(hook!.json.event, 'sla.at_risk');
      const { data } = hook!.json;
      assert.deepEqual(
        [data.status, data.definition.name, data.definition.period, data.period.key, data.period.asOf],
        ['AT_RISK', 'Checkout', 'DAY', '2026-05-04', iso(at(65))],
      );
      assert.deepEqual(
        [
          data.definitionStatus.previousStatus,
          data.definitionStatus.status,
          data.definitionStatus.changed,
          round(data.definitionStatus.actualValue),
        ],
        ['MET', 'AT_RISK', true, round(12500 / 130)],
      );
      assert.deepEqual(
        data.services.map((s: any) => ({
          ...s,
          actualValue: round(s.actualValue),
          errorBudgetRemainingMinutes: round(s.errorBudgetRemainingMinutes),
          burnRate: round(s.burnRate),
        })),
        [
          {
            id: api,
            name: 'pay-api',
            path: 'eu/prod/k8s-1/apps/pay-api',
            previousStatus: 'MET',
            status: 'AT_RISK',
            targetPercent: 99,
            actualValue: round(6000 / 65),
            coveragePercent: 100,
            downtimeMinutes: 5,
            errorBudgetRemainingMinutes: 9.4,
            burnRate: round(5 / 14.4 / (65 / 1440)),
          },
        ],
      );
      assert.deepEqual([data.servicesCount, data.servicesTruncated], [1, false]);
    });

    it('the burn-rate alerts open when both of their windows burn above the threshold: fast at 10 minutes down, slow at 25', async () => {
      await advanceTo(at(70));
      const [fast] = await alerts({ kinds: ['FAST_BURN'] });
      const figures = JSON.parse(fast.details);
      // 10 of 60 minutes over the hour (16.7x), all of the last 5 (100x).
      assert.deepEqual(
        [fast.status, fast.serviceId, fast.raisedAt, round(figures.longBurnRate), figures.shortBurnRate, figures.threshold],
        ['OPEN', api, iso(at(70)), 16.667, 100, 14.4],
      );
      await advanceTo(at(80));
      assert.deepEqual(await alerts({ kinds: ['SLOW_BURN'] }), [], '20 minutes over six hours is 5.6x');
      await advanceTo(at(85));
      const [slow] = await alerts({ kinds: ['SLOW_BURN'] });
      assert.deepEqual([slow.status, slow.raisedAt], ['OPEN', iso(at(85))]);
      // 15 minutes down at the 75-minute bucket spent the day's 14.4: BREACHED (the AT_RISK alert resolved), one sla.breached.
      const breached = await alerts({ kinds: ['BREACHED', 'AT_RISK'], serviceId: api });
      assert.deepEqual(breached.map((a) => `${a.kind}:${a.status}:${a.kind === 'BREACHED' ? a.raisedAt : a.resolvedAt}`).sort(), [
        `AT_RISK:RESOLVED:${iso(at(75))}`,
        `BREACHED:OPEN:${iso(at(75))}`,
      ]);
      assert.match(
        breached.find((a) => a.kind === 'BREACHED').message,
        /can no longer meet its target of 99 % in 2026-05-04: the error budget of 14\.4 min is spent \(0\.6 min over\)/,
      );
      assert.deepEqual(
        slaHooks().map((r) => r.json.event),
        ['sla.at_risk', 'sla.breached'],
        'still breached: no further webhook',
      );
    });

    it('a fast burn that comes back within its hold stays one alert, and resolves once it has not fired for 15 minutes', async () => {
      await pushStatus(t, 'pay-api', 'OPERATIONAL');
      await advanceTo(at(90));
      await pushStatus(t, 'pay-api', 'DOWN');
      await advanceTo(at(95));
      await pushStatus(t, 'pay-api', 'OPERATIONAL');
      await advanceTo(at(105));
      assert.deepEqual(
        summary(await alerts({ kinds: ['FAST_BURN'] })),
        ['FAST_BURN:api:OPEN'],
        'held 15 minutes after it last fired (the 95-minute bucket)',
      );
      await advanceTo(at(110));
      const [fast] = await alerts({ kinds: ['FAST_BURN'] });
      assert.deepEqual([fast.status, fast.resolvedAt], ['RESOLVED', iso(at(110))]);
    });

    it('after a restart the alerts and the stored burn hold carry on: nothing is raised twice, the slow burn resolves when its hold ends', async () => {
      // The slow burn last fired at the 120-minute bucket (its 30-minute window still held the second outage).
      await advanceTo(at(140));
      assert.deepEqual(summary(await alerts({ statuses: ['OPEN'] })), ['BREACHED:api:OPEN', 'BREACHED:pooled:OPEN', 'SLOW_BURN:api:OPEN']);
      await t.close();
      await start();
      await t.server.app.slaEvaluation.idle();
      await advanceTo(at(205));
      assert.deepEqual(summary(await alerts({})), [
        'AT_RISK:api:RESOLVED',
        'AT_RISK:pooled:RESOLVED',
        'BREACHED:api:OPEN',
        'BREACHED:pooled:OPEN',
        'FAST_BURN:api:RESOLVED',
        'SLOW_BURN:api:OPEN',
      ]);
      await advanceTo(at(210));
      const [slow] = await alerts({ kinds: ['SLOW_BURN'] });
      assert.deepEqual(
        [slow.status, slow.resolvedAt],
        ['RESOLVED', iso(at(210))],
        '90 minutes after it last fired, though the server restarted in between',
      );
      // The pooled day spent its 28.8 service-minutes at the 95-minute bucket (30 down): its own sla.breached.
      assert.deepEqual(
        slaHooks().map((r) => `${r.json.event}:${r.json.data.services.length}`),
        ['sla.at_risk:1', 'sla.breached:1', 'sla.breached:0'],
        'the restart sent no second sla.breached',
      );
    });

    it('late in the day a short outage leaves less than a quarter of the budget: AT_RISK (not breached), sla.at_risk; the next day is MET again, sla.met', async () => {
      // A second definition and service from 03:30; product time jumps to 23:00 (the missed buckets close at once).
      await pushedService(t, 'pay-batch');
      const batch = (await t.serviceRow('eu/prod/k8s-1/apps', 'pay-batch')).id as string;
      const payments = await createdDefinition(t, admin.accessToken, { name: 'Payments', targetPercent: 99, period: 'DAY' });
      await okGql(t, admin.accessToken, ASSIGN, { i: { definitionId: payments, serviceId: batch } });
      const started = clock.now();
      const evening = Date.parse('2026-05-04T23:00:00Z');
      await clock.advanceAsync(evening - clock.now());
      await t.server.app.slaEvaluation.idle();
      assert.equal(t.server.app.slaEvaluation.statusOf(payments, batch), 'MET');
      await pushStatus(t, 'pay-batch', 'DOWN');
      await advanceTo(evening + 11 * MINUTE);
      await pushStatus(t, 'pay-batch', 'OPERATIONAL');
      await advanceTo(evening + 15 * MINUTE);
      // 11 of 1,185 covered minutes down: 99.07 % (not below 99), 3.4 of 14.4 budget minutes left (under 25 %).
      const atRisk = (await okGql(t, admin.accessToken, ALERTS, { f: { definitionId: payments, kinds: ['AT_RISK', 'BREACHED'] } }))
        .slaAlerts;
      // The service, and the definition pooled (its only service).
      assert.deepEqual(
        atRisk.map((a: any) => `${a.kind}:${a.status}:${a.serviceId === batch ? 'batch' : a.serviceId}:${a.raisedAt}`).sort(),
        [`AT_RISK:OPEN:batch:${iso(evening + 15 * MINUTE)}`, `AT_RISK:OPEN:null:${iso(evening + 15 * MINUTE)}`],
      );
      assert.equal(round(JSON.parse(atRisk.find((a: any) => a.serviceId === batch).details).actualValue), round((100 * 1174) / 1185));
      assert.ok(evening + 15 * MINUTE - started === 1185 * MINUTE, 'covered since 03:30');
      const hook = (await receiver.received(4)).find((r) => r.json.event === 'sla.at_risk' && r.json.data.definition.name === 'Payments')!;
      assert.deepEqual(
        [hook.json.data.definition.name, hook.json.data.services.map((s: any) => [s.name, s.previousStatus, s.status])],
        ['Payments', [['pay-batch', 'MET', 'AT_RISK']]],
      );

      await advanceTo(Date.parse('2026-05-05T00:05:00Z'));
      // Issue 27: at midnight the day is closed and judged by its actual value, 99.07 % against 99 %: MET, so the
      // AT_RISK alerts resolve then and sla.met names the day that met its target; Checkout's breached day stays
      // BREACHED and recovers with the new day.
      assert.deepEqual(
        (await okGql(t, admin.accessToken, ALERTS, { f: { definitionId: payments, kinds: ['AT_RISK'] } })).slaAlerts.map((a: any) => [
          a.status,
          a.resolvedAt,
        ]),
        [
          ['RESOLVED', '2026-05-05T00:00:00.000Z'],
          ['RESOLVED', '2026-05-05T00:00:00.000Z'],
        ],
      );
      await receiver.received(6);
      const met = slaHooks()
        .filter((r) => r.json.event === 'sla.met')
        .map((r) => [
          r.json.data.definition.name,
          r.json.data.period.key,
          r.json.data.services.map((s: any) => `${s.name}:${s.previousStatus}`),
        ]);
      assert.deepEqual(met.sort(), [
        ['Checkout', '2026-05-05', ['pay-api:BREACHED']],
        ['Payments', '2026-05-04', ['pay-batch:AT_RISK']],
      ]);
    });
  });
}
