/**
 * Webhook deliveries answered with a redirect, against real receivers on 127.0.0.1 (issue 15,
 * part 7). The bug this guards: the outbound client follows a 301, 302 or 303 as a GET without the
 * body and without the signature headers (the right thing for a plain HTTP client), and the
 * webhook then recorded the GET's 200 as SUCCESS although the event never reached anybody.
 * Deliveries now ask for `redirects: 'same-request'`: only a 307/308 to the same origin is followed
 * (same method, body and signature); any other redirect is a FAILED attempt whose error names the
 * status and the Location, retried on the webhook's normal schedule.
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
  TEST_WEBHOOK,
  useReceivers,
  verifySignatures,
  WEBHOOK_ENV,
  type Received,
} from '../../../support/webhooks.js';
import { eventually } from '../../../support/polling.js';

const SECRET = 'a-webhook-secret-of-32-characters';
const ms = (value: unknown) => new Date(value as string).getTime();

/** Answers the configured path (`/hook`) with a redirect to `location`, anything else with 200. */
const redirectingTo = (status: number, location: string) => (request: Received) =>
  request.path === '/hook' ? { status, body: 'moved', headers: { location } } : { status: 200, body: 'arrived' };

for (const backend of testBackends()) {
  describe(`webhook deliveries answered with a redirect (${backend.name})`, () => {
    const clock = createManualClock(Date.parse('2026-03-01T12:00:00.000Z'));
    let t: TestServer;
    let admin: SignedIn;
    before(async () => {
      t = await startTestServer(backend, { clock, env: WEBHOOK_ENV });
      admin = await signInAdmin(t);
    });
    after(() => t.close());
    const receiver = useReceivers();
    const hook = (service: string, url: string, extra: Record<string, unknown> = {}) =>
      createWebhook(t, admin.accessToken, {
        url,
        secret: SECRET,
        events: ['service.down'],
        filters: JSON.stringify({ 'service.name': service }),
        retryMax: 0,
        ...extra,
      });

    for (const status of [301, 302, 303]) {
      it(`a ${status} is a FAILED attempt naming the status and the Location, and the target never gets a GET`, async () => {
        const r = await receiver(redirectingTo(status, '/moved'));
        const webhook = await hook(`redirect-${status}`, r.url);
        await push(t, `redirect-${status}`, 'DOWN');
        const [execution] = await executionsOf(t, admin.accessToken, webhook.id, 1);
        assert.deepEqual(
          [execution.status, execution.statusCode, execution.url, execution.error],
          [
            'FAILED',
            status,
            r.url,
            `HTTP ${status}: redirect to http://127.0.0.1:${r.port}/moved not followed (a ${status} would re-send the request as a GET without its body)`,
          ],
        );
        await t.server.writer.settled();
        assert.equal((await deliveryRows(t, webhook.id))[0].state, 'failed');
        assert.deepEqual(
          r.requests.map((q) => [q.method, q.path]),
          [['POST', '/hook']],
          'the attempt ended at the redirect',
        );
      });
    }

    it("a redirected attempt is retried on the webhook's schedule, to the configured URL again", async () => {
      const r = await receiver((_q, i) => (i === 0 ? { status: 302, headers: { location: '/elsewhere' } } : { status: 200, body: 'fine' }));
      const webhook = await hook('redirect-retry', r.url, { retryMax: 1, retryDelayMs: 1000, retryBackoff: 'FIXED' });
      const t0 = clock.now();
      await push(t, 'redirect-retry', 'DOWN');
      const pending = await eventually(
        async () => (await deliveryRows(t, webhook.id)).find((d) => d.state === 'pending' && d.attempts === 1),
        'a pending delivery after 1 attempt',
      );
      assert.equal(ms(pending.next_attempt_at), t0 + 1000);
      clock.advance(1000);
      const runs = await executionsOf(t, admin.accessToken, webhook.id, 2);
      assert.deepEqual(
        runs.map((e) => [e.attempt, e.status, e.statusCode]),
        [
          [1, 'FAILED', 302],
          [2, 'SUCCESS', 200],
        ],
      );
      assert.deepEqual(
        r.requests.map((q) => [q.method, q.path]),
        [
          ['POST', '/hook'],
          ['POST', '/hook'],
        ],
      );
      verifySignatures(r.requests[1]!, SECRET);
    });

    it('a 307 to another origin is FAILED with its Location, and that origin sees no connection', async () => {
      const elsewhere = await receiver();
      const r = await receiver(redirectingTo(307, `${elsewhere.url}/steal`));
      const webhook = await hook('redirect-307-away', r.url);
      await push(t, 'redirect-307-away', 'DOWN');
      const [execution] = await executionsOf(t, admin.accessToken, webhook.id, 1);
      assert.deepEqual([execution.status, execution.statusCode], ['FAILED', 307]);
      assert.match(execution.error, new RegExp(`^HTTP 307: redirect to ${elsewhere.url}/steal not followed`));
      assert.equal(elsewhere.connections, 0);
    });

    for (const status of [307, 308]) {
      it(`a ${status} to the same origin delivers the same method, body bytes and signatures to the target`, async () => {
        const r = await receiver(redirectingTo(status, '/v2/hook'));
        const webhook = await hook(`redirect-${status}-kept`, r.url);
        await push(t, `redirect-${status}-kept`, 'DOWN');
        const [execution] = await executionsOf(t, admin.accessToken, webhook.id, 1);
        assert.deepEqual(
          [execution.status, execution.statusCode, execution.url, execution.responseExcerpt],
          ['SUCCESS', 200, `http://127.0.0.1:${r.port}/v2/hook`, 'arrived'],
        );
        const [first, moved] = r.requests;
        assert.deepEqual([moved?.method, moved?.path], ['POST', '/v2/hook']);
        assert.ok(moved!.body.equals(first!.body), 'the same body bytes');
        for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature', 'x-svc-signature', 'content-type']) {
          assert.equal(moved!.headers[name], first!.headers[name], name);
        }
        verifySignatures(moved!, SECRET);
      });
    }

    it('testWebhook answered with a 302 returns a FAILED execution naming the Location; the target gets nothing', async () => {
      const r = await receiver(redirectingTo(302, '/moved'));
      const webhook = await hook('redirect-test', r.url, { status: 'INACTIVE' });
      const res = await gql(t, TEST_WEBHOOK, { id: webhook.id }, admin.accessToken);
      assert.equal(res.errors, undefined, res.text);
      const execution = res.data.testWebhook;
      assert.deepEqual([execution.status, execution.statusCode, execution.test], ['FAILED', 302, true]);
      assert.match(execution.error, new RegExp(`^HTTP 302: redirect to http://127\\.0\\.0\\.1:${r.port}/moved not followed`));
      assert.deepEqual(
        r.requests.map((q) => q.path),
        ['/hook'],
      );
    });
  });
}
