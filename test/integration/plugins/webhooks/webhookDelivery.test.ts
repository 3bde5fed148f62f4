/**
 * Webhook deliveries over real HTTP (SPEC.md "Delivery shape", "Outgoing webhook events",
 * "Outbound address validation"): a change pushed through the machine API reaches a local receiver
 * with the documented body, headers and both signatures (recomputed over the exact bytes
 * received); filters, templates, event mapping, testWebhook, and a refused address recorded as
 * ExecFailed without any connection. Each test filters on its own service names, so the webhooks
 * of one test do not see the pushes of another.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends } from '../../../support/backends.js';
import { gql, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import {
  createWebhook,
  deliveryRows,
  executionsOf,
  push,
  STATS,
  TEST_WEBHOOK,
  verifySignatures,
  useReceivers,
  WEBHOOK_ENV,
} from '../../../support/webhooks.js';
import { eventually } from '../../../support/polling.js';

const SECRET = 'a-webhook-secret-of-32-characters';
const SERVICE_EVENTS = ['service.down', 'service.up', 'service.degraded'];

for (const backend of testBackends()) {
  describe(`webhook deliveries (${backend.name})`, () => {
    const clock = createManualClock(Date.parse('2026-03-01T12:00:00.000Z'));
    let t: TestServer;
    let admin: SignedIn;
    before(async () => {
      t = await startTestServer(backend, { clock, env: WEBHOOK_ENV });
      admin = await signInAdmin(t);
    });
    after(() => t.close());
    const receiver = useReceivers();
    const hook = (input: Record<string, unknown>) => createWebhook(t, admin.accessToken, input);

    it('a status change arrives with the documented body, headers and both signatures over the exact bytes', async () => {
      const r = await receiver();
      const webhook = await hook({
        url: r.url,
        secret: SECRET,
        events: SERVICE_EVENTS,
        filters: '{"service.name": "shape-*"}',
        headers: [
          { name: 'X-Team', value: 'payments-oncall' },
          { name: 'Authorization', value: 'Bearer receiver-token' },
        ],
      });
      await push(t, 'shape-db', 'OPERATIONAL', 'eu/prod/k8s-1/payments');
      await push(t, 'shape-db', 'DOWN', 'eu/prod/k8s-1/payments', 'connection refused');
      const [request] = await r.received(1);
      const service = t.server.fleet.services.find('eu/prod/k8s-1/payments', 'shape-db')!;

      assert.equal(request!.method, 'POST');
      assert.equal(request!.path, '/hook');
      assert.deepEqual(Object.keys(request!.json), ['id', 'event', 'timestamp', 'data']);
      assert.deepEqual(request!.json.data, {
        service: { id: service.id, name: 'shape-db', path: 'eu/prod/k8s-1/payments/shape-db' },
        previousStatus: 'OPERATIONAL',
        status: 'DOWN',
        message: 'connection refused',
      });
      assert.equal(request!.json.event, 'service.down');
      assert.equal(request!.json.timestamp, '2026-03-01T12:00:00.000Z');
      assert.match(request!.json.id, /^[0-9a-f-]{36}$/);
      const h = request!.headers;
      assert.equal(h['content-type'], 'application/json');
      assert.equal(h['x-team'], 'payments-oncall');
      assert.equal(h['authorization'], 'Bearer receiver-token');
      assert.equal(h['webhook-id'], request!.json.id);
      assert.equal(h['webhook-timestamp'], String(Math.floor(clock.now() / 1000)));
      assert.equal(h['content-length'], String(request!.body.length));
      verifySignatures(request!, SECRET);

      const [execution] = await executionsOf(t, admin.accessToken, webhook.id, 1);
      assert.equal(execution.status, 'SUCCESS');
      assert.equal(execution.statusCode, 200);
      assert.equal(execution.attempt, 1);
      assert.equal(execution.eventId, request!.json.id);
      assert.equal(execution.event, 'service.down');
      assert.equal(execution.responseExcerpt, 'ok');
      assert.equal(execution.test, false);
      assert.ok(execution.durationMs >= 0);
      const [row] = await deliveryRows(t, webhook.id);
      assert.equal(row.state, 'delivered');
      assert.equal(row.body, request!.body.toString('utf8'), 'the outbox holds the exact bytes sent');
    });

    it('service events: DOWN -> service.down, DEGRADED -> service.degraded, back to OPERATIONAL -> service.up; MAINTENANCE and UNKNOWN send nothing', async () => {
      const r = await receiver();
      await hook({ url: r.url, events: SERVICE_EVENTS, filters: '{"service.name": "moves"}' });
      for (const status of ['OPERATIONAL', 'DEGRADED', 'DOWN', 'OPERATIONAL', 'MAINTENANCE', 'OPERATIONAL', 'UNKNOWN', 'DOWN'])
        await push(t, 'moves', status);
      const requests = await r.received(4);
      await t.server.writer.settled();
      assert.deepEqual(
        requests.map((q) => [q.json.event, q.json.data.previousStatus, q.json.data.status]).sort(),
        [
          ['service.degraded', 'OPERATIONAL', 'DEGRADED'],
          ['service.down', 'DEGRADED', 'DOWN'],
          ['service.down', 'UNKNOWN', 'DOWN'],
          ['service.up', 'DOWN', 'OPERATIONAL'],
        ].sort(),
      );
      const ids = new Set(requests.map((q) => q.json.id));
      assert.equal(ids.size, 4, 'every event has its own id');
    });

    it('a service whose first report is DOWN sends service.down with previousStatus null', async () => {
      const r = await receiver();
      await hook({ url: r.url, events: ['service.down'], filters: '{"service.name": "born-down"}' });
      await push(t, 'born-down', 'DOWN');
      const [request] = await r.received(1);
      assert.equal(request!.json.event, 'service.down');
      assert.equal(request!.json.data.previousStatus, null);
    });

    it('filters: a path glob and a list of values narrow the deliveries', async () => {
      const r = await receiver();
      await hook({
        url: r.url,
        events: SERVICE_EVENTS,
        filters: JSON.stringify({ 'service.path': 'eu/prod/*/filtered-*', status: ['DOWN', 'DEGRADED'] }),
      });
      await push(t, 'filtered-a', 'DOWN', 'eu/prod/vm'); // matches
      await push(t, 'filtered-b', 'DEGRADED', 'us/prod/vm'); // other region
      await push(t, 'filtered-a', 'OPERATIONAL', 'eu/prod/vm'); // service.up: status not in the list
      await push(t, 'filtered-c', 'DEGRADED', 'eu/prod/vm'); // matches
      await t.server.writer.settled();
      const requests = await r.received(2);
      await eventually(async () => (t.server.app.webhooks.dispatcher.inFlight === 0 ? true : undefined), 'nothing in flight');
      assert.deepEqual(requests.map((q) => q.json.data.service.path).sort(), ['eu/prod/vm/filtered-a', 'eu/prod/vm/filtered-c']);
    });

    it('customPayloadTemplate replaces the body: whole placeholders keep their JSON type, embedded ones become text', async () => {
      const r = await receiver();
      const template = {
        text: '{{data.service.name}} is {{data.status}} (was {{data.previousStatus}})',
        service: '{{data.service}}',
        event: '{{event}}',
        id: '{{id}}',
        missing: '{{data.nothing.here}}',
        nested: [{ at: '{{timestamp}}' }],
      };
      const webhook = await hook({
        url: r.url,
        secret: SECRET,
        events: ['service.down'],
        filters: '{"service.name": "templated"}',
        customPayloadTemplate: JSON.stringify(template),
      });
      assert.equal(webhook.customPayloadTemplate, JSON.stringify(template));
      await push(t, 'templated', 'OPERATIONAL');
      await push(t, 'templated', 'DOWN');
      const [request] = await r.received(1);
      const service = t.server.fleet.services.find('eu/prod/vm/apps', 'templated')!;
      assert.deepEqual(request!.json, {
        text: 'templated is DOWN (was OPERATIONAL)',
        service: { id: service.id, name: 'templated', path: 'eu/prod/vm/apps/templated' },
        event: 'service.down',
        id: request!.headers['webhook-id'],
        missing: null,
        nested: [{ at: '2026-03-01T12:00:00.000Z' }],
      });
      verifySignatures(request!, SECRET);
    });

    it('backup reports: success -> backup.success; failed and partial -> backup.failed with the status in data', async () => {
      const r = await receiver();
      await hook({ url: r.url, events: ['backup.success', 'backup.failed'], filters: '{"service.name": "backed-up"}' });
      for (const status of ['success', 'failed', 'partial']) {
        const res = await t.call('POST', '/api/v1/backup/report', {
          service: 'backed-up',
          nodeId: 'eu/prod/vm/db',
          status,
          sizeBytes: 1024,
          message: `backup ${status}`,
        });
        assert.equal(res.status, 200, res.text);
      }
      const requests = await r.received(3);
      assert.deepEqual(requests.map((q) => [q.json.event, q.json.data.status]).sort(), [
        ['backup.failed', 'failed'],
        ['backup.failed', 'partial'],
        ['backup.success', 'success'],
      ]);
      const one = requests.find((q) => q.json.data.status === 'success')!;
      assert.deepEqual(Object.keys(one.json.data).sort(), ['message', 'reportedAt', 'service', 'sizeBytes', 'status']);
      assert.equal(one.json.data.sizeBytes, 1024);
    });

    it('user.created and user.updated carry the user as GraphQL shows it to an admin', async () => {
      const r = await receiver();
      await hook({ url: r.url, events: ['user.created', 'user.updated'], filters: '{"user.username": "hooked-*"}' });
      const created = await gql(
        t,
        'mutation($i: CreateUserInput!) { createUser(input: $i) { id } }',
        { i: { username: 'hooked-ann', email: 'ann@example.com', password: 'password-of-ann', role: 'OPERATOR' } },
        admin.accessToken,
      );
      assert.equal(created.errors, undefined, created.text);
      const id = created.data.createUser.id;
      const updated = await gql(
        t,
        'mutation($id: ID!, $i: UpdateUserInput!) { updateUser(id: $id, input: $i) { id } }',
        { id, i: { displayName: 'Ann' } },
        admin.accessToken,
      );
      assert.equal(updated.errors, undefined, updated.text);
      const requests = await r.received(2);
      const byEvent = Object.fromEntries(requests.map((q) => [q.json.event, q.json.data]));
      assert.deepEqual(byEvent['user.created'].user, {
        id,
        username: 'hooked-ann',
        email: 'ann@example.com',
        displayName: null,
        role: 'OPERATOR',
        active: true,
      });
      assert.equal(byEvent['user.updated'].user.displayName, 'Ann');
      assert.deepEqual(byEvent['user.updated'].fields, ['displayName']);
    });

    it('without a secret, webhook-id and webhook-timestamp are sent and no signature; PUT is used when configured', async () => {
      const r = await receiver();
      await hook({ url: r.url, method: 'PUT', events: ['service.down'], filters: '{"service.name": "unsigned"}' });
      await push(t, 'unsigned', 'DOWN');
      const [request] = await r.received(1);
      assert.equal(request!.method, 'PUT');
      assert.equal(request!.headers['webhook-id'], request!.json.id);
      assert.ok(request!.headers['webhook-timestamp']);
      assert.equal(request!.headers['x-svc-signature'], undefined);
      assert.equal(request!.headers['webhook-signature'], undefined);
    });

    it('testWebhook sends a signed webhook.test event at once and returns its execution', async () => {
      const r = await receiver((_req, i) => ({ status: 202, body: `accepted ${i}` }));
      const webhook = await hook({ url: r.url, secret: SECRET, events: ['service.down'], status: 'INACTIVE' });
      const res = await gql(t, TEST_WEBHOOK, { id: webhook.id }, admin.accessToken);
      assert.equal(res.errors, undefined, res.text);
      const execution = res.data.testWebhook;
      assert.equal(r.requests.length, 1, 'sent before the mutation answered');
      const request = r.requests[0]!;
      assert.equal(request.json.event, 'webhook.test');
      assert.deepEqual(request.json.data.webhook, { id: webhook.id, name: webhook.name });
      verifySignatures(request, SECRET);
      assert.deepEqual(
        {
          status: execution.status,
          statusCode: execution.statusCode,
          test: execution.test,
          attempt: execution.attempt,
          eventId: execution.eventId,
          excerpt: execution.responseExcerpt,
        },
        { status: 'SUCCESS', statusCode: 202, test: true, attempt: 1, eventId: request.json.id, excerpt: 'accepted 0' },
      );
      const stats = await gql(t, STATS, { id: webhook.id }, admin.accessToken);
      assert.equal(stats.data.webhookStats.attempts, 0, 'test sends are not counted as deliveries');
    });

    it("notification.created arrives when a service's owner is notified of it going down", async () => {
      const r = await receiver();
      const webhook = await hook({ url: r.url, events: ['notification.created'], filters: '{"notification.type": "service.down"}' });
      await push(t, 'noticed', 'OPERATIONAL', 'eu/notices');
      const service = t.server.fleet.services.find('eu/notices', 'noticed')!;
      const owned = await gql(
        t,
        'mutation($id: ID!, $o: ID!) { updateService(id: $id, input: { ownerId: $o }) { id } }',
        { id: service.id, o: admin.userId },
        admin.accessToken,
      );
      assert.equal(owned.errors, undefined, owned.text);
      await push(t, 'noticed', 'DOWN', 'eu/notices', 'no answer');
      const [request] = await r.received(1);
      assert.equal(request!.json.event, 'notification.created');
      const { notification } = request!.json.data;
      assert.deepEqual(
        {
          userId: notification.userId,
          type: notification.type,
          message: notification.message,
          entityType: notification.entityType,
          entityId: notification.entityId,
        },
        { userId: admin.userId, type: 'service.down', message: 'no answer', entityType: 'service', entityId: service.id },
      );
      const [execution] = await executionsOf(t, admin.accessToken, webhook.id, 1);
      assert.equal(execution.status, 'SUCCESS');
    });

    it('an address the validator refuses is an ExecFailed execution with the reason, no retry, and the receiver sees no connection', async () => {
      const r = await receiver();
      // localhost is not on the allowlist (127.0.0.1 is): refused before any socket is opened.
      const webhook = await hook({
        url: `http://localhost:${r.port}/hook`,
        events: ['service.down'],
        filters: '{"service.name": "refused"}',
        retryMax: 3,
      });
      await push(t, 'refused', 'DOWN');
      const [execution] = await executionsOf(t, admin.accessToken, webhook.id, 1);
      assert.equal(execution.status, 'ExecFailed');
      assert.equal(execution.statusCode, null);
      assert.match(execution.error, /refused/);
      const test = await gql(t, TEST_WEBHOOK, { id: webhook.id }, admin.accessToken);
      assert.equal(test.data.testWebhook.status, 'ExecFailed');
      await t.server.writer.settled();
      const [row] = await deliveryRows(t, webhook.id);
      assert.equal(row.state, 'failed');
      assert.equal(row.attempts, 1, 'a refusal is not retried');
      assert.equal(r.connections, 0);
      assert.equal(r.requests.length, 0);
    });
  });
}
