/**
 * Webhook durability across a crash (DESIGN.md durability rule; issue 6): the server runs as a
 * child process; 20 pushes, each creating a service that is DOWN (one service.down event each), are
 * acknowledged while the receiver answers 500 (and leaves the very first attempt hanging, so one
 * attempt is in flight). Then SIGKILL. After a restart on the same store the receiver answers
 * 200: every event arrives, each event id is answered 2xx exactly once, every request of an event
 * carries the same body bytes and valid signatures, and the outbox is empty.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { testBackends } from '../../../support/backends.js';
import { CHILD_API_KEY, createChildStore, startChildServer, stopGracefully, type ChildServer } from '../../../support/childServer.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME, BOOTSTRAP_ENV } from '../../../support/graphql.js';
import { call } from '../../../support/testServer.js';
import { startReceiver, verifySignatures, type Receiver } from '../../../support/webhooks.js';
import { eventually } from '../../../support/polling.js';

const SECRET = 'crash-test-webhook-secret-0123456789';
const EVENTS = 20;

async function graphql(server: ChildServer, query: string, variables: Record<string, unknown>, token?: string): Promise<any> {
  const res = await call(server.url, 'POST', '/graphql', { query, variables }, token ? { authorization: `Bearer ${token}` } : {});
  assert.equal(res.json?.errors, undefined, res.text);
  return res.json.data;
}

const signIn = async (server: ChildServer): Promise<string> =>
  (
    await graphql(server, 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { accessToken } }', {
      u: ADMIN_USERNAME,
      p: ADMIN_PASSWORD,
    })
  ).login.accessToken;

for (const backend of testBackends()) {
  describe(`webhook deliveries survive SIGKILL (${backend.name})`, { timeout: 180_000 }, () => {
    it('events acknowledged before the kill are delivered after the restart, each answered 2xx exactly once', async () => {
      let healthy = false;
      const receiver: Receiver = await startReceiver((_q, i) => (i === 0 ? 'hang' : healthy ? { status: 200 } : { status: 500 }));
      const store = await createChildStore(backend);
      const env = { ...BOOTSTRAP_ENV, SVC_SECURITY_WEBHOOK_HOST_ALLOWLIST: '127.0.0.1' };
      const started: ChildServer[] = [];
      try {
        const first = await startChildServer(store, env);
        started.push(first);
        const token = await signIn(first);
        await graphql(
          first,
          'mutation($i: CreateWebhookInput!) { createWebhook(input: $i) { id } }',
          {
            i: {
              url: receiver.url,
              secret: SECRET,
              events: ['service.down'],
              retryMax: 10,
              retryDelayMs: 100,
              retryBackoff: 'FIXED',
              timeoutMs: 30_000,
            },
          },
          token,
        );
        for (let i = 0; i < EVENTS; i += 1) {
          const res = await call(
            first.url,
            'POST',
            '/api/v1/health/report',
            { service: `crash-${i}`, nodeId: 'crash/zone', status: 'DOWN' },
            { 'x-api-key': CHILD_API_KEY },
          );
          assert.equal(res.status, 200, res.text);
        }
        // Acknowledged; the first attempt hangs, the others have been answered 500 at least once.
        await receiver.received(8);
        first.process.kill('SIGKILL');
        assert.equal((await first.exited).signal, 'SIGKILL');
        const beforeRestart = receiver.requests.length;
        assert.ok(
          receiver.requests.every((q) => q.answered === undefined || q.answered === 500),
          'nothing was accepted before the kill',
        );

        healthy = true;
        const second = await startChildServer(store, env);
        started.push(second);
        const answered = await eventually(async () => {
          const ok = receiver.requests.filter((q) => q.answered === 200);
          return new Set(ok.map((q) => q.headers['webhook-id'])).size === EVENTS ? ok : undefined;
        }, `all ${EVENTS} events answered 200`);
        const secondToken = await signIn(second);
        const stats = await eventually(async () => {
          const s = (await graphql(second, '{ webhookStats { delivered pending } }', {}, secondToken)).webhookStats;
          return s.pending === 0 ? s : undefined;
        }, 'the outbox is empty');
        assert.equal(stats.delivered, EVENTS);

        const perEvent = new Map<string, number>();
        for (const q of answered) perEvent.set(String(q.headers['webhook-id']), (perEvent.get(String(q.headers['webhook-id'])) ?? 0) + 1);
        assert.deepEqual(
          [...perEvent.values()].filter((n) => n !== 1),
          [],
          'each event id answered 2xx exactly once',
        );
        const bodies = new Map<string, Buffer>();
        for (const q of receiver.requests) {
          const id = String(q.headers['webhook-id']);
          assert.equal(q.json.id, id);
          if (bodies.has(id)) assert.ok(bodies.get(id)!.equals(q.body), `event ${id}: the same bytes on every attempt`);
          else bodies.set(id, q.body);
          verifySignatures(q, SECRET);
        }
        assert.equal(bodies.size, EVENTS, 'no other event was ever sent');
        assert.ok(receiver.requests.length > beforeRestart);
        await stopGracefully(second);
      } finally {
        for (const server of started) server.process.kill('SIGKILL');
        await Promise.all(started.map((server) => server.exited));
        await receiver.close();
        await store.dispose();
      }
    });
  });
}
