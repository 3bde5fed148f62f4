/**
 * What webhooks tell the outside about the request behind them, and the operator about receivers:
 * each delivery sends the W3C `traceparent` of the request that caused its event (or a trace of its
 * own), the same on every attempt, received by a real local HTTP receiver; and a receiver the
 * server gives up on is named in the log by its origin, never by its URL's path (which often holds
 * the receiver's token).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { parseTraceparent } from '../../../../src/platform/requestContext/traceparent.js';
import { WEBHOOK_UNHEALTHY_MESSAGE } from '../../../../src/plugins/webhooks/webhookStatusLog.js';
import { testBackends } from '../../../support/backends.js';
import { gql, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { eventually } from '../../../support/polling.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { createWebhook, push, TEST_WEBHOOK, useReceivers, WEBHOOK_ENV } from '../../../support/webhooks.js';

const CALLER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';

for (const backend of testBackends()) {
  describe(`webhook traceparent and receiver health in the log (${backend.name})`, () => {
    const clock = createManualClock(Date.parse('2026-03-01T12:00:00.000Z'));
    let t: TestServer;
    let admin: SignedIn;
    before(async () => {
      t = await startTestServer(backend, { clock, env: WEBHOOK_ENV });
      admin = await signInAdmin(t);
    });
    after(() => t.close());
    const receiver = useReceivers();
    const hook = (service: string, url: string, more: Record<string, unknown> = {}) =>
      createWebhook(t, admin.accessToken, {
        url,
        events: ['service.down', 'service.up'],
        filters: `{"service.name": "${service}"}`,
        ...more,
      });

    it("sends the traceparent of the push that caused the event, continuing the caller's trace", async () => {
      const r = await receiver();
      await hook('traced', r.url);
      const res = await t.call(
        'POST',
        '/api/v1/health/report',
        { service: 'traced', nodeId: 'eu/prod/vm/apps', status: 'DOWN' },
        { traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` },
      );
      assert.equal(res.status, 200);
      const [request] = await r.received(1);
      const sent = parseTraceparent(String(request!.headers['traceparent']));
      assert.ok(sent, `a valid traceparent: ${request!.headers['traceparent']}`);
      assert.equal(sent.traceId, CALLER_TRACE, "the caller's trace");
      assert.notEqual(sent.parentId, CALLER_SPAN, "the server's own span is the parent");
      assert.equal(sent.flags, '01', "the caller's sampling decision");
    });

    it('starts a trace for an event whose request sent none', async () => {
      const r = await receiver();
      await hook('untraced', r.url);
      await push(t, 'untraced', 'DOWN');
      const [request] = await r.received(1);
      const sent = parseTraceparent(String(request!.headers['traceparent']));
      assert.ok(sent, `a valid traceparent: ${request!.headers['traceparent']}`);
      assert.notEqual(sent.traceId, CALLER_TRACE);
    });

    it('sends the same traceparent on every attempt of a delivery', async () => {
      const r = await receiver((_request, index) => ({ status: index === 0 ? 500 : 200 }));
      await hook('retried', r.url, { retryMax: 1, retryDelayMs: 1000, retryBackoff: 'FIXED' });
      await push(t, 'retried', 'DOWN');
      await r.received(1);
      await eventually(async () => {
        clock.advance(1000);
        return r.requests.length >= 2 ? true : undefined;
      }, 'the retry arrived');
      const [first, second] = r.requests;
      assert.equal(second!.headers['traceparent'], first!.headers['traceparent']);
    });

    it('sends the traceparent of the testWebhook request on a test delivery', async () => {
      const r = await receiver();
      const w = await hook('tested', r.url);
      const res = await gql(t, TEST_WEBHOOK, { id: w.id }, admin.accessToken, { traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-00` });
      assert.equal(res.errors, undefined, res.text);
      const [request] = await r.received(1);
      assert.equal(parseTraceparent(String(request!.headers['traceparent']))?.traceId, CALLER_TRACE);
    });

    it('logs a receiver the server stopped delivering to by its origin, not its path', async () => {
      const r = await receiver(() => ({ status: 503 }));
      const token = 'T0KEN-in-the-path-0123456789';
      const w = await hook('unhealthy', `${r.url}/${token}`, { retryMax: 0 });
      for (const status of ['DOWN', 'OPERATIONAL', 'DOWN']) await push(t, 'unhealthy', status);
      const line = await eventually(
        async () => t.logs.find((l) => l['msg'] === WEBHOOK_UNHEALTHY_MESSAGE && l['webhookId'] === w.id),
        'the unhealthy receiver is logged',
      );
      assert.equal(line['level'], 'warn');
      assert.equal(line['receiver'], new URL(r.url).origin);
      assert.match(String(line['reason']), /3 deliveries in a row failed/);
      assert.equal(
        t.logLines.some((l) => l.includes(token)),
        false,
        "the URL's path never reaches the log",
      );
    });
  });
}
