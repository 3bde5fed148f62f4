/**
 * OpenTelemetry tracing on (docs/adr/0069-opentelemetry-tracing.md), seen where an operator sees it: at a real
 * OTLP/HTTP receiver (a local collector decoding what the exporter sends). A push is a request span with a
 * command inside it, the group commit under the command and the fan-out to live subscribers under the commit;
 * a webhook delivery is a span of the request whose event it carries, and the receiver's `traceparent` names
 * it. Sampling is parent-based: the caller's sampled flag decides, and a trace started here follows the ratio
 * (0 here, so only traced callers are recorded).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseTraceparent } from '../../../../src/platform/requestContext/traceparent.js';
import { testBackends } from '../../../support/backends.js';
import { holdCommits, whileHeld } from '../../../support/commitGate.js';
import { gql, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { SPAN_KIND, spanNamed, startOtlpReceiver, type OtlpReceiver } from '../../../support/otlpReceiver.js';
import { connectClient, subscribe, waitForSubscribers } from '../../../support/realtime.js';
import { eventually, until } from '../../../support/polling.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { createWebhook, useReceivers, WEBHOOK_ENV } from '../../../support/webhooks.js';

const CALLER_SPAN = '00f067aa0ba902b7';
let traces = 0;
/** A fresh trace id per test, so each looks only at its own spans. */
const newTraceId = () => `4bf92f3577b34da6a3ce929d0e0e${String(++traces).padStart(4, '0')}`;

for (const backend of testBackends()) {
  describe(`OpenTelemetry tracing to an OTLP receiver (${backend.name})`, () => {
    let collector: OtlpReceiver;
    let t: TestServer;
    let admin: SignedIn;
    before(async () => {
      collector = await startOtlpReceiver();
      t = await startTestServer(backend, {
        env: {
          ...WEBHOOK_ENV,
          OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
          OTEL_SERVICE_NAME: 'svc-under-test',
          OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
          OTEL_TRACES_SAMPLER_ARG: '0',
          OTEL_BSP_SCHEDULE_DELAY: '20',
        },
      });
      admin = await signInAdmin(t);
    });
    after(async () => {
      await t.close();
      await collector.close();
    });
    const receiver = useReceivers();
    const pushAs = async (traceparent: string | undefined, service: string, status: string) => {
      const res = await t.call(
        'POST',
        '/api/v1/health/report',
        { service, nodeId: 'eu/prod/vm/apps', status },
        traceparent === undefined ? {} : { traceparent },
      );
      assert.equal(res.status, 200, res.text);
      return res;
    };

    it("records a push as request, command, group commit and fan-out spans in the caller's trace", async () => {
      await pushAs(undefined, 'traced-push', 'OPERATIONAL');
      const client = connectClient(t, { token: admin.accessToken });
      try {
        const feed = subscribe(client, 'subscription { serviceStatusChanged { serviceId status } }');
        await waitForSubscribers(t, 'service-status:*', 1);
        const traceId = newTraceId();
        await pushAs(`00-${traceId}-${CALLER_SPAN}-01`, 'traced-push', 'DEGRADED');
        assert.equal((await feed.data('the status change')).serviceStatusChanged.status, 'DEGRADED');
        const spans = await collector.trace(traceId, 4);
        const request = spanNamed(spans, 'POST /api/v1/health/report');
        const command = spanNamed(spans, 'command');
        const commit = spanNamed(spans, 'group commit');
        const fanOut = spanNamed(spans, 'fan-out');
        assert.equal(request.parentSpanId, CALLER_SPAN, "the request continues the caller's span");
        assert.equal(request.kind, SPAN_KIND.server);
        assert.equal(request.attributes['http.route'], '/api/v1/health/report');
        assert.equal(request.attributes['http.response.status_code'], 200);
        assert.equal(request.resource['service.name'], 'svc-under-test');
        assert.equal(command.parentSpanId, request.spanId, 'the command runs inside the request');
        assert.equal(commit.parentSpanId, command.spanId, 'the group commit the command waited on');
        assert.ok(Number(commit.attributes['svc.commit.rows']) >= 1);
        assert.equal(fanOut.parentSpanId, commit.spanId, 'the fan-out the commit set off');
        assert.ok(Number(fanOut.attributes['svc.fanout.frames']) >= 1, 'a frame went to the subscriber');
      } finally {
        await client.dispose();
      }
    });

    it('hangs a group commit two recorded pushes share from the first and links it to the other', async () => {
      const gate = await holdCommits(t);
      const [a, b] = [newTraceId(), newTraceId()];
      const shared = await whileHeld(gate, async () => {
        const blocker = pushAs(undefined, 'commit-blocker', 'DOWN');
        await gate.started;
        // Both stage their change while the commit before theirs is held: they wait on the same next one.
        const both = Promise.all([
          pushAs(`00-${a}-${CALLER_SPAN}-01`, 'shared-commit-a', 'DOWN'),
          pushAs(`00-${b}-${CALLER_SPAN}-01`, 'shared-commit-b', 'DOWN'),
        ]);
        await until(
          () => ['shared-commit-a', 'shared-commit-b'].every((name) => t.server.fleet.services.find('eu/prod/vm/apps', name)),
          'both pushes are staged',
        );
        return { blocker, both };
      });
      await shared.blocker;
      await shared.both;
      // Two requests and two commands, and the one commit in one of the two traces.
      const spans = await eventually(() => {
        const found = collector.spans.filter((s) => s.traceId === a || s.traceId === b);
        return found.length >= 5 ? found : undefined;
      }, 'the spans of both pushes');
      const commits = spans.filter((s) => s.name === 'group commit');
      assert.equal(commits.length, 1, 'one commit span for the one commit');
      const commit = commits[0]!;
      const [own, other] = commit.traceId === a ? [a, b] : [b, a];
      const commandOf = (traceId: string) => spans.find((s) => s.traceId === traceId && s.name === 'command')!;
      assert.equal(commit.parentSpanId, commandOf(own).spanId, 'a child of the first waiting command');
      assert.deepEqual(commit.links, [{ traceId: other, spanId: commandOf(other).spanId }], 'linked to the other');
      assert.equal(commit.attributes['svc.batch.requests'], 2);
    });

    it('records a webhook delivery as a span of the request, and sends that span as the parent', async () => {
      const r = await receiver();
      await createWebhook(t, admin.accessToken, { url: r.url, events: ['service.down'], filters: '{"service.name": "traced-hook"}' });
      const traceId = newTraceId();
      await pushAs(`00-${traceId}-${CALLER_SPAN}-01`, 'traced-hook', 'DOWN');
      const [delivered] = await r.received(1);
      const sent = parseTraceparent(String(delivered!.headers['traceparent']));
      assert.ok(sent, `a valid traceparent: ${delivered!.headers['traceparent']}`);
      const spans = await collector.trace(traceId, 4);
      const request = spanNamed(spans, 'POST /api/v1/health/report');
      const delivery = spanNamed(spans, 'webhook delivery');
      assert.equal(delivery.kind, SPAN_KIND.client);
      assert.equal(delivery.parentSpanId, request.spanId, 'a delivery of the event the request caused');
      assert.equal(delivery.attributes['svc.webhook.event'], 'service.down');
      assert.equal(delivery.attributes['http.response.status_code'], 200);
      assert.deepEqual(
        { traceId: sent.traceId, parentId: sent.parentId, flags: sent.flags },
        { traceId, parentId: delivery.spanId, flags: '01' },
        "the receiver's traceparent names the delivery span",
      );
    });

    it('records a GraphQL mutation as a request span with its command inside', async () => {
      const traceId = newTraceId();
      const res = await gql(
        t,
        'mutation($i: CreateGroupInput!) { createGroup(input: $i) { id } }',
        { i: { name: 'traced-group' } },
        admin.accessToken,
        { traceparent: `00-${traceId}-${CALLER_SPAN}-01` },
      );
      assert.equal(res.errors, undefined, res.text);
      const spans = await collector.trace(traceId, 3);
      const request = spanNamed(spans, 'POST /graphql');
      assert.equal(request.parentSpanId, CALLER_SPAN);
      assert.equal(spanNamed(spans, 'command').parentSpanId, request.spanId);
      assert.equal(spanNamed(spans, 'group commit').parentSpanId, spanNamed(spans, 'command').spanId);
    });

    it('records the WebSocket upgrade as a request span of its own', async () => {
      const traceId = newTraceId();
      const client = connectClient(t, { token: admin.accessToken, headers: { traceparent: `00-${traceId}-${CALLER_SPAN}-01` } });
      try {
        await client.connected;
        const [upgrade] = await collector.trace(traceId, 1);
        assert.equal(upgrade!.name, 'GET /graphql/ws');
        assert.equal(upgrade!.kind, SPAN_KIND.server);
        assert.equal(upgrade!.parentSpanId, CALLER_SPAN);
        assert.equal(upgrade!.attributes['http.response.status_code'], 101);
      } finally {
        await client.dispose();
      }
    });

    it("records nothing for a caller that did not sample, nor for a trace started here at ratio 0, and says so in the caller's flags", async () => {
      const r = await receiver();
      await createWebhook(t, admin.accessToken, { url: r.url, events: ['service.down'], filters: '{"service.name": "untraced-hook"}' });
      const unsampled = newTraceId();
      await pushAs(`00-${unsampled}-${CALLER_SPAN}-00`, 'untraced-hook', 'DOWN');
      const untraced = await pushAs(undefined, 'untraced-push', 'DOWN');
      const [delivered] = await r.received(1);
      const sent = parseTraceparent(String(delivered!.headers['traceparent']));
      assert.equal(sent?.traceId, unsampled, "the caller's trace goes on");
      assert.equal(sent?.flags, '00', 'not sampled');
      // A sampled push after them: once its spans are in, theirs would be too.
      const marker = newTraceId();
      await pushAs(`00-${marker}-${CALLER_SPAN}-01`, 'untraced-push', 'OPERATIONAL');
      await collector.trace(marker, 3);
      assert.deepEqual(
        collector.spans.filter((s) => s.traceId === unsampled),
        [],
        'no span of the unsampled trace',
      );
      const requestId = untraced.headers.get('x-request-id');
      assert.deepEqual(
        collector.spans.filter((s) => s.attributes['svc.request.id'] === requestId),
        [],
        'no span of the untraced push',
      );
    });
  });
}
