/**
 * Webhook deliveries attempted by one instance at a time (issue 29 item 6, docs/adr/0066), two instances on one
 * PostgreSQL schema, a receiver counting what arrives:
 * - both running, pushes through both, lease rounds going on: each event is attempted once, by the instance that
 *   committed it;
 * - a claimant killed with an attempt under way (a child process, SIGKILL): the other instance takes its page over
 *   once its lease ran out (the other's product clock moved past it) and delivers it, with the same `webhook-id`
 *   and the same bytes.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../src/platform/scheduler/index.js';
import { DEFAULT_LEASE_MS } from '../../src/plugins/webhooks/deliveryClaims.js';
import { CHILD_API_KEY, startChildServer, type ChildServer } from '../support/childServer.js';
import { BOOTSTRAP_ENV, signInAdmin } from '../support/graphql.js';
import { eventually } from '../support/polling.js';
import { call, TEST_AUTH_SECRET_KEY, type TestServer } from '../support/testServer.js';
import { sharedStore, twoInstanceSuite, type SharedStore } from '../support/twoInstances.js';
import { createWebhook, push, startReceiver, WEBHOOK_ENV, type Receiver } from '../support/webhooks.js';

const byEvent = (receiver: Receiver) => {
  const counts = new Map<string, number>();
  for (const q of receiver.requests) counts.set(String(q.headers['webhook-id']), (counts.get(String(q.headers['webhook-id'])) ?? 0) + 1);
  return counts;
};

describe('webhook deliveries across two instances (postgres)', twoInstanceSuite, () => {
  let shared: SharedStore;
  const servers: TestServer[] = [];
  const receivers: Receiver[] = [];

  before(async () => {
    shared = await sharedStore();
  });
  after(async () => {
    for (const s of servers) await s.close();
    for (const r of receivers) await r.close();
    await shared.dispose();
  });

  /** Moves product time a lease round at a time, each round's renewal seen in the table before the next. */
  const roundsPass = async (t: TestServer[], clock: ReturnType<typeof createManualClock>, rounds: number) => {
    for (let i = 0; i < rounds; i += 1) {
      clock.advance(DEFAULT_LEASE_MS / 3);
      await eventually(async () => {
        const rows = await t[0]!.server.database.knex('webhook_dispatchers').whereIn(
          'instance_id',
          t.map((s) => s.server.app.instanceId),
        );
        return rows.length === t.length && rows.every((r) => new Date(r.alive_until).getTime() === clock.now() + DEFAULT_LEASE_MS)
          ? rows
          : undefined;
      }, 'every instance renewed its lease');
    }
  };

  it('attempts each event once with both instances running and their lease rounds going on', async () => {
    const clock = createManualClock(Date.now());
    const receiver = await startReceiver();
    receivers.push(receiver);
    const a = await shared.start({ clock, env: WEBHOOK_ENV });
    servers.push(a);
    await createWebhook(a, (await signInAdmin(a)).accessToken, { url: receiver.url, events: ['service.down'] });
    const b = await shared.start({ clock, env: WEBHOOK_ENV });
    servers.push(b);
    for (let i = 0; i < 20; i += 1) {
      await push(i % 2 === 0 ? a : b, `both-${i}`, 'DOWN');
      if (i % 5 === 4) await roundsPass([a, b], clock, 1);
    }
    await receiver.received(20);
    await roundsPass([a, b], clock, 3);
    await eventually(async () => {
      const rows = await a.server.database.knex('webhook_deliveries').where({ state: 'delivered' });
      return rows.length === 20 ? rows : undefined;
    }, '20 deliveries recorded delivered');
    assert.equal(receiver.requests.length, 20);
    assert.deepEqual(
      [...byEvent(receiver).values()].filter((n) => n !== 1),
      [],
      'each event attempted once',
    );
    for (const s of [b, a]) await s.close();
    servers.length = 0;
  });

  // A single process never takes pages over (it is the only instance: createWebhooks.ts leaseRound), and these two
  // servers run without cluster settings; the takeover needs instances in cluster mode (issue 29, next step).
  it('delivers the owed deliveries of a claimant killed mid-attempt, once its lease ran out', {
    skip: 'takeover runs in cluster mode only; this test starts single processes (issue 29: to move onto testCluster.ts)',
  }, async () => {
    let healthy = false;
    const receiver = await startReceiver(() => (healthy ? { status: 200 } : 'hang'));
    receivers.push(receiver);
    // The claimant: a child process on the same schema (same secret key, so either can open what the other sealed).
    const env = { ...BOOTSTRAP_ENV, SVC_SECURITY_WEBHOOK_HOST_ALLOWLIST: '127.0.0.1', SVC_AUTH_SECRET_KEY: TEST_AUTH_SECRET_KEY };
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-claimant-'));
    const childStore = { env: { SVC_DATA_DIR: dataDir, SVC_DATABASE_URL: shared.store.url! }, dispose: async () => undefined };
    let claimant: ChildServer | undefined = await startChildServer(childStore, env);
    try {
      const token = (
        await call(claimant.url, 'POST', '/graphql', {
          query: 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { accessToken } }',
          variables: { u: BOOTSTRAP_ENV.SVC_BOOTSTRAP_ADMIN_USERNAME, p: BOOTSTRAP_ENV.SVC_BOOTSTRAP_ADMIN_PASSWORD },
        })
      ).json.data.login.accessToken;
      const created = await call(
        claimant.url,
        'POST',
        '/graphql',
        {
          query: 'mutation($i: CreateWebhookInput!) { createWebhook(input: $i) { id } }',
          variables: { i: { url: receiver.url, events: ['service.down'] } },
        },
        { authorization: `Bearer ${token}` },
      );
      assert.equal(created.json.errors, undefined, created.text);
      const webhookId = created.json.data.createWebhook.id;
      // The other instance, started once the webhook exists (it loads it), on product time it is given.
      const clock = createManualClock(Date.now());
      const other = await shared.start({ clock, env: WEBHOOK_ENV });
      servers.push(other);
      const pushed = await call(
        claimant.url,
        'POST',
        '/api/v1/health/report',
        { service: 'killed-mid-attempt', nodeId: 'eu/prod/vm/apps', status: 'DOWN' },
        { 'x-api-key': CHILD_API_KEY },
      );
      assert.equal(pushed.status, 200, pushed.text);
      const [first] = await receiver.received(1);
      claimant.process.kill('SIGKILL');
      await claimant.exited;
      claimant = undefined;
      healthy = true;
      // Within the claimant's lease its page is left alone.
      await roundsPass([other], clock, 1);
      assert.equal(receiver.requests.length, 1);
      // Past it (the claimant's lease is on its clock, real time; the other's product time moves past it): taken over.
      await roundsPass([other], clock, 3);
      const [, again] = await receiver.received(2);
      assert.equal(again!.headers['webhook-id'], first!.headers['webhook-id']);
      assert.ok(again!.body.equals(first!.body), 'the same bytes');
      await eventually(async () => {
        const rows = await other.server.database.knex('webhook_deliveries').where({ webhook_id: webhookId, state: 'delivered' });
        return rows.length === 1 ? rows : undefined;
      }, 'the delivery recorded delivered by the other instance');
      assert.equal(receiver.requests.length, 2);
    } finally {
      if (claimant) {
        claimant.process.kill('SIGKILL');
        await claimant.exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
