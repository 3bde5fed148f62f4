/**
 * Retries, webhook status and the life of a delivery (SPEC.md "Delivery shape" item 7, "Webhook
 * status", "Limits"): retries on a 500 and on a time-out at the times the policy schedules by the
 * injected clock (asserted on the stored schedule and the webhook-timestamp headers, never on wall
 * time), ERROR after repeated exhaustion and back to ACTIVE, INACTIVE and delete withdrawing what
 * waits, a dead receiver holding only its own slots, pending deliveries surviving a restart, and
 * the 30-day prune.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { durableStore, testBackends } from '../../../support/backends.js';
import { BOOTSTRAP_ENV, gql, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import {
  createWebhook,
  deliveryRows,
  executionsOf,
  push,
  startReceiver,
  STATS,
  TEST_WEBHOOK,
  UPDATE_WEBHOOK,
  WEBHOOK,
  useReceivers,
  WEBHOOK_ENV,
} from '../../../support/webhooks.js';
import { eventually } from '../../../support/polling.js';
import { iso } from '../../../support/time.js';

const DAY = 24 * 3_600_000;
const ms = (value: unknown) => new Date(value as string).getTime();

for (const backend of testBackends()) {
  describe(`webhook retries and status (${backend.name})`, () => {
    const clock = createManualClock(Date.parse('2026-03-01T12:00:00.000Z'));
    let t: TestServer;
    let admin: SignedIn;
    before(async () => {
      t = await startTestServer(backend, { clock, env: WEBHOOK_ENV });
      admin = await signInAdmin(t);
    });
    after(() => t.close());
    const receiver = useReceivers();
    const dispatcher = () => t.server.app.webhooks.dispatcher;
    /** Moves the manual clock: the dispatcher's timer on it starts what falls due. */
    const advance = (by: number) => clock.advance(by);
    const webhook = async (id: string) => (await gql(t, WEBHOOK, { id }, admin.accessToken)).data.webhook;
    const pendingRow = async (id: string, attempts: number) =>
      eventually(
        async () => (await deliveryRows(t, id)).find((r) => r.state === 'pending' && r.attempts === attempts),
        `a pending delivery after ${attempts} attempts`,
      );

    it('a 500 is retried at the times the policy schedules, with the same event id and body bytes', async () => {
      const r = await receiver((_q, i) => (i < 2 ? { status: 500, body: 'broken' } : { status: 200, body: 'fine' }));
      const w = await createWebhook(t, admin.accessToken, {
        url: r.url,
        secret: 'a-webhook-secret-of-32-characters',
        events: ['service.down'],
        filters: '{"service.name": "retry-500"}',
        retryMax: 3,
        retryDelayMs: 1000,
        retryBackoff: 'LINEAR',
      });
      const t0 = clock.now();
      await push(t, 'retry-500', 'DOWN');
      await r.received(1);
      assert.equal(ms((await pendingRow(w.id, 1)).next_attempt_at), t0 + 1000, 'retry 1 after retryDelayMs');

      advance(999);
      assert.equal(dispatcher().inFlight, 0, 'not due yet');
      advance(1);
      await r.received(2);
      assert.equal(ms((await pendingRow(w.id, 2)).next_attempt_at), t0 + 1000 + 2000, 'LINEAR: retry 2 waits 2 x retryDelayMs');
      advance(2000);
      const requests = await r.received(3);

      const runs = await executionsOf(t, admin.accessToken, w.id, 3);
      assert.deepEqual(
        runs.map((e) => [e.attempt, e.status, e.statusCode]),
        [
          [1, 'FAILED', 500],
          [2, 'FAILED', 500],
          [3, 'SUCCESS', 200],
        ],
      );
      assert.deepEqual(
        runs.map((e) => e.at),
        [iso(t0), iso(t0 + 1000), iso(t0 + 3000)],
      );
      assert.equal(runs[0].error, 'HTTP 500');
      assert.equal(new Set(requests.map((q) => q.headers['webhook-id'])).size, 1, 'one event id across retries');
      assert.ok(
        requests.every((q) => q.body.equals(requests[0]!.body)),
        'the same body bytes on every attempt',
      );
      assert.deepEqual(
        requests.map((q) => Number(q.headers['webhook-timestamp'])),
        [t0, t0 + 1000, t0 + 3000].map((x) => Math.floor(x / 1000)),
      );
      const [row] = await deliveryRows(t, w.id);
      assert.deepEqual([row.state, row.attempts, row.next_attempt_at], ['delivered', 3, null]);

      const stats = (await gql(t, STATS, { id: w.id }, admin.accessToken)).data.webhookStats;
      assert.deepEqual(
        [
          stats.deliveries,
          stats.delivered,
          stats.pending,
          stats.attempts,
          stats.successes,
          stats.failures,
          stats.lastSuccessAt,
          stats.lastFailureAt,
        ],
        [1, 1, 0, 3, 1, 2, iso(t0 + 3000), iso(t0 + 1000)],
      );
      assert.equal(typeof stats.averageDurationMs, 'number');
    });

    it('a time-out is retried: the attempt fails after timeoutMs and the retry is scheduled by the policy', async () => {
      const r = await receiver((_q, i) => (i === 0 ? 'hang' : { status: 204 }));
      // The retry that succeeds runs under the same time-out: 150 ms failed it on a loaded machine (several suites at once).
      const w = await createWebhook(t, admin.accessToken, {
        url: r.url,
        events: ['service.down'],
        filters: '{"service.name": "retry-timeout"}',
        timeoutMs: 2000,
        retryMax: 1,
        retryDelayMs: 5000,
        retryBackoff: 'FIXED',
      });
      const t0 = clock.now();
      await push(t, 'retry-timeout', 'DOWN');
      const [first] = await executionsOf(t, admin.accessToken, w.id, 1);
      assert.equal(first.status, 'FAILED');
      assert.equal(first.statusCode, null);
      assert.match(first.error, /timed out/);
      assert.equal(ms((await pendingRow(w.id, 1)).next_attempt_at), t0 + 5000);
      advance(5000);
      const runs = await executionsOf(t, admin.accessToken, w.id, 2);
      assert.deepEqual([runs[1].attempt, runs[1].status, runs[1].statusCode], [2, 'SUCCESS', 204]);
    });

    it('deliveries that exhaust their retries 3 times in a row move the webhook to ERROR; an update moves it back to ACTIVE', async () => {
      const r = await receiver(() => ({ status: 503, body: 'down for maintenance' }));
      const w = await createWebhook(t, admin.accessToken, {
        url: r.url,
        events: ['service.down', 'service.up'],
        filters: '{"service.name": "exhausted"}',
        retryMax: 0,
      });
      for (const status of ['DOWN', 'OPERATIONAL', 'DOWN']) await push(t, 'exhausted', status);
      await executionsOf(t, admin.accessToken, w.id, 3);
      const failed = await eventually(async () => {
        const current = await webhook(w.id);
        return current.status === 'ERROR' ? current : undefined;
      }, 'the webhook is in ERROR');
      assert.equal(failed.consecutiveFailures, 3);
      assert.match(failed.statusReason, /3 deliveries in a row failed after every retry; last error: HTTP 503/);
      assert.deepEqual(
        (await deliveryRows(t, w.id)).map((d) => d.state),
        ['failed', 'failed', 'failed'],
      );

      await push(t, 'exhausted', 'OPERATIONAL');
      assert.equal((await deliveryRows(t, w.id)).length, 3, 'a webhook in ERROR gets no new deliveries');

      const updated = (await gql(t, UPDATE_WEBHOOK, { id: w.id, i: { retryMax: 1 } }, admin.accessToken)).data.updateWebhook;
      assert.deepEqual([updated.status, updated.consecutiveFailures, updated.statusReason], ['ACTIVE', 0, null]);
    });

    it('a successful testWebhook moves a webhook in ERROR back to ACTIVE', async () => {
      let healthy = false;
      const r = await receiver(() => (healthy ? { status: 200 } : { status: 500 }));
      const w = await createWebhook(t, admin.accessToken, {
        url: r.url,
        events: ['service.down', 'service.up'],
        filters: '{"service.name": "tested-back"}',
        retryMax: 0,
      });
      for (const status of ['DOWN', 'OPERATIONAL', 'DOWN']) await push(t, 'tested-back', status);
      await eventually(async () => ((await webhook(w.id)).status === 'ERROR' ? true : undefined), 'the webhook is in ERROR');
      const failedTest = (await gql(t, TEST_WEBHOOK, { id: w.id }, admin.accessToken)).data.testWebhook;
      assert.equal(failedTest.status, 'FAILED');
      assert.equal((await webhook(w.id)).status, 'ERROR', 'a failed test changes nothing');
      healthy = true;
      const test = (await gql(t, TEST_WEBHOOK, { id: w.id }, admin.accessToken)).data.testWebhook;
      assert.equal(test.status, 'SUCCESS');
      const back = await webhook(w.id);
      assert.deepEqual([back.status, back.consecutiveFailures], ['ACTIVE', 0]);
    });

    it('INACTIVE: waiting deliveries are cancelled in the same commit and nothing more is sent', async () => {
      const r = await receiver(() => ({ status: 500 }));
      const w = await createWebhook(t, admin.accessToken, {
        url: r.url,
        events: ['service.down', 'service.up'],
        filters: '{"service.name": "paused"}',
        retryMax: 5,
        retryDelayMs: 1000,
      });
      await push(t, 'paused', 'DOWN');
      await pendingRow(w.id, 1);
      const res = await gql(t, UPDATE_WEBHOOK, { id: w.id, i: { status: 'INACTIVE' } }, admin.accessToken);
      assert.equal(res.data.updateWebhook.status, 'INACTIVE');
      assert.equal(res.data.updateWebhook.pendingDeliveries, 0);
      const [row] = await deliveryRows(t, w.id);
      assert.deepEqual([row.state, row.last_error], ['cancelled', 'the webhook was set INACTIVE']);
      await push(t, 'paused', 'OPERATIONAL');
      advance(60_000);
      assert.equal(dispatcher().inFlight, 0);
      assert.equal((await deliveryRows(t, w.id)).length, 1, 'an INACTIVE webhook gets no new deliveries');
      assert.equal(r.requests.length, 1);
    });

    it('deleteWebhook deletes its waiting deliveries with it', async () => {
      const r = await receiver(() => ({ status: 500 }));
      const w = await createWebhook(t, admin.accessToken, {
        url: r.url,
        events: ['service.down'],
        filters: '{"service.name": "deleted-hook"}',
        retryMax: 5,
        retryDelayMs: 1000,
      });
      await push(t, 'deleted-hook', 'DOWN');
      await pendingRow(w.id, 1);
      assert.deepEqual((await gql(t, 'mutation($id: ID!) { deleteWebhook(id: $id) }', { id: w.id }, admin.accessToken)).data, {
        deleteWebhook: true,
      });
      assert.deepEqual(await deliveryRows(t, w.id), []);
      advance(60_000);
      assert.equal(dispatcher().inFlight, 0);
      assert.equal(r.requests.length, 1);
    });

    it('a receiver that never answers holds only its own 4 slots: pushes are answered and other webhooks are delivered', async () => {
      const dead = await receiver(() => 'hang');
      const alive = await receiver();
      const stuck = await createWebhook(t, admin.accessToken, {
        url: dead.url,
        events: ['service.down', 'service.up'],
        filters: '{"service.name": "slow-*"}',
        timeoutMs: 30_000,
      });
      await createWebhook(t, admin.accessToken, { url: alive.url, events: ['service.down'], filters: '{"service.name": "slow-3"}' });
      for (let i = 0; i < 8; i += 1) await push(t, `slow-${i}`, 'DOWN');
      await dead.received(4);
      const [delivered] = await alive.received(1);
      assert.equal(delivered!.json.data.service.name, 'slow-3');
      assert.equal(dead.requests.length, 4, 'at most 4 attempts in flight for one webhook');
      assert.equal((await webhook(stuck.id)).pendingDeliveries, 4);
    });

    it('the prune keeps an old delivered row while the outbox page that lists it still has a delivery waiting', async () => {
      const done = await receiver();
      const waiting = await receiver(() => ({ status: 500 }));
      const filters = '{"service.name": "page-mates"}';
      const delivered = await createWebhook(t, admin.accessToken, { url: done.url, events: ['service.down'], filters });
      const retried = await createWebhook(t, admin.accessToken, {
        url: waiting.url,
        events: ['service.down'],
        filters,
        retryMax: 10,
        retryDelayMs: 3_600_000,
        retryBackoff: 'FIXED',
      });
      await push(t, 'page-mates', 'DOWN');
      await executionsOf(t, admin.accessToken, delivered.id, 1);
      await pendingRow(retried.id, 1);
      clock.advance(30 * DAY + 1);
      await t.server.app.webhooks.prune();
      assert.deepEqual(
        (await deliveryRows(t, delivered.id)).map((d) => d.state),
        ['delivered'],
        'a restart must still see it was delivered',
      );
      assert.deepEqual(
        (await deliveryRows(t, retried.id)).map((d) => d.state),
        ['pending'],
      );
      admin = await signInAdmin(t); // the access token expired while the clock moved 30 days
      await gql(t, 'mutation($id: ID!) { deleteWebhook(id: $id) }', { id: retried.id }, admin.accessToken);
    });

    it('history older than 30 days is pruned; pending deliveries are kept', async () => {
      // The 30-day jump fires the retry that falls due on the way (the dispatcher's timer runs on
      // this clock); the receiver holds that attempt, so no newer execution lands before the count.
      const r = await receiver((_q, i) => (i === 0 ? { status: 200 } : i === 1 ? { status: 500 } : 'hang'));
      const w = await createWebhook(t, admin.accessToken, {
        url: r.url,
        events: ['service.down', 'service.up'],
        filters: '{"service.name": "old-history"}',
        retryMax: 10,
        retryDelayMs: 3_600_000,
        retryBackoff: 'FIXED',
      });
      await push(t, 'old-history', 'DOWN');
      await push(t, 'old-history', 'OPERATIONAL');
      await executionsOf(t, admin.accessToken, w.id, 2);
      await pendingRow(w.id, 1);
      clock.advance(30 * DAY + 1);
      const removed = await t.server.app.webhooks.prune();
      assert.ok(removed.executions >= 2 && removed.deliveries >= 1, JSON.stringify(removed));
      assert.deepEqual(
        (await deliveryRows(t, w.id)).map((d) => d.state),
        ['pending'],
      );
      admin = await signInAdmin(t); // the access token expired while the clock moved 30 days
      const left = await gql(
        t,
        'query($f: WebhookExecutionFilter) { webhookExecutionCount(filter: $f) }',
        { f: { webhookId: w.id } },
        admin.accessToken,
      );
      assert.equal(left.data.webhookExecutionCount, 0, left.text);
    });

    it('the hourly prune runs on the injected clock: history ages out as the clock moves, with no call', async () => {
      const r = await receiver();
      const w = await createWebhook(t, admin.accessToken, {
        url: r.url,
        events: ['service.down'],
        filters: '{"service.name": "aged-out"}',
      });
      await push(t, 'aged-out', 'DOWN');
      await executionsOf(t, admin.accessToken, w.id, 1);
      await eventually(async () => ((await deliveryRows(t, w.id)).length === 1 ? true : undefined), 'the delivered row is written');
      clock.advance(30 * DAY + 1);
      await eventually(async () => ((await deliveryRows(t, w.id)).length === 0 ? true : undefined), 'the delivered row is pruned');
      admin = await signInAdmin(t); // the access token expired while the clock moved 30 days
      const left = await gql(
        t,
        'query($f: WebhookExecutionFilter) { webhookExecutionCount(filter: $f) }',
        { f: { webhookId: w.id } },
        admin.accessToken,
      );
      assert.equal(left.data.webhookExecutionCount, 0, left.text);
    });
  });

  describe(`webhook deliveries across a restart (${backend.name})`, { timeout: 120_000 }, () => {
    it('a delivery already delivered is not sent again after a restart; its outbox page goes once every delivery on it is settled', async () => {
      const clock = createManualClock(Date.parse('2026-03-01T12:00:00.000Z'));
      const good = await startReceiver();
      const flaky = await startReceiver((_q, i) => (i === 0 ? { status: 500 } : { status: 200 }));
      const store = await durableStore(backend);
      const pages = async (t: TestServer) => Number((await t.server.database.knex('webhook_outbox').count({ n: '*' }))[0]!['n']);
      try {
        const env = { ...BOOTSTRAP_ENV, SVC_SECURITY_WEBHOOK_HOST_ALLOWLIST: '127.0.0.1' };
        const first = await startTestServer(backend, { clock, env, store: store.forRun() });
        const token = (await signInAdmin(first)).accessToken;
        const delivered = await createWebhook(first, token, { url: good.url, events: ['service.down'], retryMax: 2, retryDelayMs: 1000 });
        const retried = await createWebhook(first, token, { url: flaky.url, events: ['service.down'], retryMax: 2, retryDelayMs: 1000 });
        await push(first, 'paged', 'DOWN');
        await executionsOf(first, token, delivered.id, 1);
        await executionsOf(first, token, retried.id, 1);
        assert.equal(await pages(first), 1, 'one page lists both deliveries of the push');
        await first.close();

        const second = await startTestServer(backend, { clock, env, store: store.forRun() });
        try {
          const dispatcher = second.server.app.webhooks.dispatcher;
          assert.equal(dispatcher.pending, 1, 'only the delivery waiting for its retry was loaded');
          clock.advance(1000);
          await flaky.received(2);
          await eventually(async () => dispatcher.unsettledOf(null) === 0 || undefined, 'every delivery settled');
          assert.equal(good.requests.length, 1, 'the delivered one was not sent again');
          dispatcher.sweepPages();
          await second.server.writer.settled();
          assert.equal(await pages(second), 0, 'the page went once both were settled');
        } finally {
          await second.close();
        }
      } finally {
        await good.close();
        await flaky.close();
        await store.dispose();
      }
    });

    it('a delivery waiting for its retry is loaded at start and sent with the same event id and body', async () => {
      const clock = createManualClock(Date.parse('2026-03-01T12:00:00.000Z'));
      const r = await startReceiver((_q, i) => (i === 0 ? { status: 500 } : { status: 200 }));
      const store = await durableStore(backend);
      try {
        const env = { ...BOOTSTRAP_ENV, SVC_SECURITY_WEBHOOK_HOST_ALLOWLIST: '127.0.0.1' };
        const first = await startTestServer(backend, { clock, env, store: store.forRun() });
        const token = (await signInAdmin(first)).accessToken;
        const w = await createWebhook(first, token, { url: r.url, events: ['service.down'], retryMax: 2, retryDelayMs: 1000 });
        await push(first, 'survivor', 'DOWN');
        await executionsOf(first, token, w.id, 1);
        await first.close();

        const second = await startTestServer(backend, { clock, env, store: store.forRun() });
        try {
          assert.equal(second.server.app.webhooks.dispatcher.pending, 1, 'the pending delivery was loaded');
          clock.advance(1000);
          const [before, after] = await r.received(2);
          assert.equal(after!.headers['webhook-id'], before!.headers['webhook-id']);
          assert.ok(after!.body.equals(before!.body));
          const runs = await executionsOf(second, (await signInAdmin(second)).accessToken, w.id, 2);
          assert.deepEqual(
            runs.map((e) => [e.attempt, e.status]),
            [
              [1, 'FAILED'],
              [2, 'SUCCESS'],
            ],
          );
        } finally {
          await second.close();
        }
      } finally {
        await r.close();
        await store.dispose();
      }
    });
  });
}
