/**
 * GET /metrics over real HTTP on a real server (docs/adr/0055): it refuses a scrape without its token, its
 * exposition parses with a Prometheus text parser, OpenMetrics when the scraper asks, and the metrics a
 * scenario must move do move: a health push, a group commit the database refuses, a webhook attempt that
 * will be retried, a graphql-ws subscription with the real graphql-ws client.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { poisonServices } from '../../../support/audit.js';
import { testBackends } from '../../../support/backends.js';
import { signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { METRICS_ENV, METRICS_TOKEN, metricReaches, metricsOf, readExposition, scrape } from '../../../support/metrics.js';
import { eventually } from '../../../support/polling.js';
import { connectClient, subscribe } from '../../../support/realtime.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { createWebhook, push, useReceivers, WEBHOOK_ENV } from '../../../support/webhooks.js';

const HEALTH_REPORT = { route: '/api/v1/health/report', method: 'POST', status_class: '2xx' };

for (const backend of testBackends()) {
  describe(`GET /metrics (${backend.name})`, { timeout: 120_000 }, () => {
    const clock = createManualClock(Date.parse('2026-03-01T12:00:00.000Z'));
    let t: TestServer;
    let admin: SignedIn;
    before(async () => {
      t = await startTestServer(backend, { clock, env: { ...WEBHOOK_ENV, ...METRICS_ENV } });
      admin = await signInAdmin(t);
    });
    after(() => t?.close());
    const receiver = useReceivers();

    const refusals: Array<[string, Record<string, string>]> = [
      ['no Authorization header', {}],
      ['another token', { authorization: 'Bearer not-the-metrics-token-at-all' }],
      ['the operator API key', { authorization: 'Bearer test-operator-key-0123456789' }],
      ['another scheme', { authorization: `Basic ${Buffer.from(`x:${METRICS_TOKEN}`).toString('base64')}` }],
    ];
    for (const [what, headers] of refusals) {
      it(`refuses a scrape with ${what}: 401 {"error"} and WWW-Authenticate`, async () => {
        const scraped = await scrape(t.url, headers);
        assert.equal(scraped.status, 401, scraped.text);
        assert.deepEqual(Object.keys(JSON.parse(scraped.text)), ['error']);
        assert.match(JSON.parse(scraped.text).error, /SVC_METRICS_TOKEN/);
        const response = await fetch(`${t.url}/metrics`, { headers });
        assert.equal(response.headers.get('www-authenticate'), 'Bearer realm="metrics"');
      });
    }

    it('answers the text format, which a Prometheus text parser reads, with the platform, module and runtime families', async () => {
      const metrics = await metricsOf(t.url);
      const families = new Map(metrics.families.map((f) => [f.name, f]));
      for (const name of [
        'svc_http_requests_total',
        'svc_http_request_duration_seconds',
        'svc_http_requests_in_flight',
        'svc_ws_connections',
        'svc_ws_subscriptions',
        'svc_ws_frames_sent_total',
        'svc_ws_frames_dropped_total',
        'svc_ws_frames_queued_total',
        'svc_health_pushes_total',
        'svc_status_changes_total',
        'svc_status_syncs_total',
        'svc_commit_batches_total',
        'svc_commit_duration_seconds',
        'svc_commit_batch_rows',
        'svc_commit_pending_rows',
        'svc_entities',
        'svc_services',
        'svc_webhook_queue_depth',
        'svc_webhook_oldest_pending_age_seconds',
        'svc_webhook_attempts_total',
        'svc_webhook_delivery_latency_seconds',
        'svc_notifications_total',
        'svc_worker_queued_tasks',
        'svc_worker_task_duration_seconds',
        'svc_sla_evaluation_tick_seconds',
        'svc_event_loop_active_seconds_total',
        'nodejs_eventloop_lag_p99_seconds',
        'nodejs_heap_size_used_bytes',
        'nodejs_gc_duration_seconds',
        'process_cpu_seconds_total',
      ])
        assert.ok(families.has(name), `family ${name} in the exposition`);
      for (const family of metrics.families) {
        assert.notEqual(family.type, 'UNTYPED', `${family.name} has a # TYPE`);
        assert.notEqual(family.help, '', `${family.name} has a # HELP`);
        if (family.type === 'COUNTER') assert.match(family.name, /_total$/, `counter ${family.name} ends in _total`);
        // The runtime's keep prom-client's names (its gauge nodejs_active_resources_total among them).
        else if (family.name.startsWith('svc_')) assert.doesNotMatch(family.name, /_total$/, `${family.name} is not a counter`);
      }
      assert.equal(metrics.value('svc_entities', { type: 'user' }), 1, 'the admin');
      if (backend.name === 'postgres') {
        assert.equal(metrics.value('svc_db_pool_max_connections'), 10, 'the PostgreSQL pool');
        assert.ok(metrics.value('svc_db_pool_connections', { state: 'idle' }) !== undefined);
      } else {
        assert.equal(metrics.value('svc_db_pool_max_connections'), undefined, 'the embedded database has no pool');
      }
    });

    it('a health push moves the push, status change, commit, entity and HTTP metrics', async () => {
      await push(t, 'metrics-push', 'OPERATIONAL');
      const before = await metricsOf(t.url);
      await push(t, 'metrics-push', 'DOWN');
      const pushes = await metricReaches(t.url, 'svc_health_pushes_total', {}, (before.value('svc_health_pushes_total') ?? 0) + 1);
      assert.ok(pushes >= 1);
      const after = await metricsOf(t.url);
      const moved = (name: string, labels: Record<string, string> = {}) =>
        (after.value(name, labels) ?? 0) - (before.value(name, labels) ?? 0);
      assert.equal(moved('svc_status_changes_total', { status: 'DOWN' }), 1, 'one service entered DOWN');
      assert.equal(moved('svc_services', { status: 'DOWN' }), 1, 'one more service is DOWN');
      assert.equal(moved('svc_services', { status: 'OPERATIONAL' }), -1, 'one fewer OPERATIONAL');
      assert.equal(after.value('svc_entities', { type: 'service' }), t.server.fleet.services.size, 'the services held');
      assert.ok(moved('svc_commit_batches_total', { outcome: 'committed' }) >= 1, 'its group commit');
      assert.ok(moved('svc_commit_rows_total') >= 2, 'the service and its status intervals');
      assert.ok(moved('svc_commit_duration_seconds_count') >= 1, 'the commit was timed');
      assert.equal(moved('svc_http_requests_total', HEALTH_REPORT), 1, 'the request, by its route template');
      assert.equal(moved('svc_http_request_duration_seconds_count', HEALTH_REPORT), 1, 'and its latency');
      assert.equal(
        after.value('svc_http_request_duration_seconds_bucket', { ...HEALTH_REPORT, le: '+Inf' }),
        after.value('svc_http_requests_total', HEALTH_REPORT),
        'every answer is in the +Inf bucket',
      );
    });

    it('labels a request by its route template, never by the path asked for', async () => {
      const missing = await t.call('GET', '/api/v1/tickets/attachments/6f1c0ad1-7a4b-4c7e-9a38-0a6f9b3f2c11');
      assert.equal(missing.status, 401, missing.text);
      await t.call('GET', '/no/such/path/6f1c0ad1');
      const metrics = await metricsOf(t.url);
      const routes = new Set(metrics.samples.filter((s) => s.name === 'svc_http_requests_total').map((s) => s.labels['route']));
      assert.ok(routes.has('/api/v1/tickets/attachments/{id}'), `the template: ${[...routes].join(', ')}`);
      assert.ok(routes.has('unmatched'), 'a path no route takes');
      for (const route of routes) assert.doesNotMatch(route!, /6f1c0ad1/, 'no id in a label');
    });

    it('a group commit the database refuses moves svc_commit_batches_total{outcome="failed"}', async () => {
      const failedBefore = (await metricsOf(t.url)).value('svc_commit_batches_total', { outcome: 'failed' }) ?? 0;
      await poisonServices(t);
      const refused = await t.call('POST', '/api/v1/health/report', { service: 'poison-metrics', nodeId: 'eu/poison', status: 'DOWN' });
      assert.equal(refused.status, 503, refused.text);
      const failed = await metricReaches(t.url, 'svc_commit_batches_total', { outcome: 'failed' }, failedBefore + 1);
      assert.equal(failed, failedBefore + 1);
      const metrics = await metricsOf(t.url);
      assert.equal(metrics.value('svc_http_requests_total', { ...HEALTH_REPORT, status_class: '5xx' }), 1, 'the 503 is counted under 5xx');
    });

    it('a webhook answered 500 moves svc_webhook_attempts_total{outcome="retry"}, the queue and its age', async () => {
      const r = await receiver(() => ({ status: 500, body: 'broken' }));
      await createWebhook(t, admin.accessToken, {
        url: r.url,
        secret: 'a-webhook-secret-of-32-characters',
        events: ['service.down'],
        filters: '{"service.name": "metrics-hook"}',
        retryMax: 3,
        retryDelayMs: 60_000,
        retryBackoff: 'LINEAR',
      });
      await push(t, 'metrics-hook', 'DOWN');
      await r.received(1);
      await metricReaches(t.url, 'svc_webhook_attempts_total', { outcome: 'retry' }, 1);
      // The retry joins the queue once its attempt's record committed.
      await metricReaches(t.url, 'svc_webhook_queue_depth', {}, 1);
      const metrics = await metricsOf(t.url);
      assert.equal(metrics.value('svc_webhook_attempts_total', { outcome: 'success' }), 0);
      assert.equal(metrics.value('svc_webhook_queue_depth'), 1, 'the retry waits in the queue');
      clock.advance(30_000);
      const aged = await metricsOf(t.url);
      assert.ok((aged.value('svc_webhook_oldest_pending_age_seconds') ?? 0) >= 30, 'its age follows the product clock');
    });

    it('a graphql-ws subscription moves the connection, subscription and frame metrics', async () => {
      await push(t, 'metrics-live', 'OPERATIONAL');
      const client = connectClient(t, { token: admin.accessToken });
      try {
        const feed = subscribe(client, 'subscription { serviceStatusChanged { serviceId status } }');
        await metricReaches(t.url, 'svc_ws_subscriptions', {}, 1);
        const before = await metricsOf(t.url);
        assert.equal(before.value('svc_ws_connections'), 1, 'one socket open');
        await push(t, 'metrics-live', 'DEGRADED');
        assert.equal((await feed.data('the status change')).serviceStatusChanged.status, 'DEGRADED');
        const after = await metricsOf(t.url);
        assert.ok((after.value('svc_ws_frames_sent_total') ?? 0) > (before.value('svc_ws_frames_sent_total') ?? 0), 'the frame is counted');
        assert.equal(after.value('svc_ws_frames_dropped_total'), 0);
        assert.equal(after.value('svc_ws_frames_queued_total'), 0, 'a client that reads at once causes no backpressure');
        assert.ok((after.value('svc_ws_subscriptions_started_total') ?? 0) >= 1);
      } finally {
        await client.dispose();
      }
      await eventually(async () => {
        const metrics = await metricsOf(t.url);
        return metrics.value('svc_ws_connections') === 0 && metrics.value('svc_ws_subscriptions') === 0 ? true : undefined;
      }, 'the socket and its subscription are counted closed');
    });

    it('answers OpenMetrics 1.0 when the scraper asks for it, and the text format still after that', async () => {
      const accept =
        'application/openmetrics-text;version=1.0.0,application/openmetrics-text;version=0.0.1;q=0.75,text/plain;version=0.0.4;q=0.5,*/*;q=0.1';
      const scraped = await scrape(t.url, { authorization: `Bearer ${METRICS_TOKEN}`, accept });
      assert.equal(scraped.status, 200);
      assert.equal(scraped.contentType, 'application/openmetrics-text; version=1.0.0; charset=utf-8');
      assert.ok(scraped.text.endsWith('# EOF\n'), 'ends with # EOF');
      assert.match(scraped.text, /^# TYPE svc_health_pushes counter$/m, 'a counter family is named without _total');
      assert.match(scraped.text, /^svc_health_pushes_total \d+$/m, 'its sample has _total');
      // prom-client renames a registry's counters in place when asked for OpenMetrics: the text format must not see it.
      const text = await metricsOf(t.url);
      assert.ok(text.families.some((f) => f.name === 'svc_health_pushes_total' && f.type === 'COUNTER'));
      assert.ok(readExposition((await scrape(t.url)).text).families.some((f) => f.name === 'process_cpu_seconds_total'));
    });
  });
}

describe('where GET /metrics is served', { timeout: 120_000 }, () => {
  const [backend] = testBackends();
  const servers: TestServer[] = [];
  after(() => Promise.all(servers.map((s) => s.close())));
  const start = async (env: Record<string, string>) => {
    const t = await startTestServer(backend!, { env });
    servers.push(t);
    return t;
  };

  it('nowhere by default: without SVC_METRICS_TOKEN or SVC_METRICS_ADDRESS, /metrics is 404', async () => {
    const t = await start({});
    const scraped = await scrape(t.url);
    assert.equal(scraped.status, 404, scraped.text);
    assert.deepEqual(Object.keys(JSON.parse(scraped.text)), ['error']);
    assert.equal(t.server.metricsPort, undefined);
  });

  it('on its own listener at SVC_METRICS_ADDRESS, without a token, and not on the main port', async () => {
    const t = await start({ SVC_METRICS_ADDRESS: '127.0.0.1:0' });
    const port = t.server.metricsPort;
    assert.ok(port !== undefined && port > 0 && port !== t.server.port);
    const own = await scrape(`http://127.0.0.1:${port}`, {});
    assert.equal(own.status, 200, own.text);
    readExposition(own.text);
    assert.equal((await scrape(t.url, {})).status, 404, 'not on the main port');
    const other = await fetch(`http://127.0.0.1:${port}/graphql`, { method: 'POST' });
    assert.equal(other.status, 404, 'the metrics listener serves nothing else');
  });

  it('on its own listener behind the token when both are set', async () => {
    const t = await start({ SVC_METRICS_ADDRESS: '127.0.0.1:0', SVC_METRICS_TOKEN: METRICS_TOKEN });
    const base = `http://127.0.0.1:${t.server.metricsPort}`;
    assert.equal((await scrape(base, {})).status, 401);
    assert.equal((await scrape(base)).status, 200);
  });

  it('nowhere with SVC_METRICS=off, whatever else is set', async () => {
    const t = await start({ SVC_METRICS: 'off', SVC_METRICS_TOKEN: METRICS_TOKEN });
    assert.equal((await scrape(t.url)).status, 404);
  });
});
