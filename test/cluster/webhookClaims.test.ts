/**
 * Webhook deliveries attempted by one instance at a time (issue 29 item 6, docs/adr/0066), two instances on one
 * PostgreSQL schema, a receiver counting what arrives:
 * - both running, pushes through both, lease rounds going on: each event is attempted once, by the instance that
 *   committed it;
 * - in cluster mode (an in-process instance and a claimant as a real process, on one NATS), a claimant killed with
 *   an attempt under way (SIGKILL): the other instance takes its page over once its lease ran out (the other's
 *   product clock moved past it) and delivers it, with the same `webhook-id` and the same bytes: at least once. A
 *   single process never takes pages over (it is the only instance: createWebhooks.ts leaseRound), so this needs
 *   instances in cluster mode (test/support/testCluster.ts).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { serviceShardKey } from '../../src/core/domain/service.js';
import { createManualClock } from '../../src/platform/scheduler/index.js';
import { DEFAULT_LEASE_MS } from '../../src/plugins/webhooks/deliveryClaims.js';
import { CHILD_API_KEY, startChildServer, type ChildServer } from '../support/childServer.js';
import { signInAdmin } from '../support/graphql.js';
import { eventually } from '../support/polling.js';
import { call, TEST_AUTH_SECRET_KEY, type TestServer } from '../support/testServer.js';
import { until } from '../support/polling.js';
import { CLUSTER_SKIP, clusterDatabaseUrl, startTestCluster, type TestCluster } from '../support/testCluster.js';
import { sharedStore, twoInstanceSuite, type SharedStore } from '../support/twoInstances.js';
import { createWebhook, push, startReceiver, WEBHOOK_ENV, type Receiver } from '../support/webhooks.js';

const databaseUrl = clusterDatabaseUrl();
const clusterSkip = CLUSTER_SKIP;
const CLAIMANT = 'claimant';
const NODE = 'eu/prod/vm/apps';

/** Moves product time a lease round at a time, each round's renewal seen in the table before the next. */
async function roundsPass(t: TestServer[], clock: ReturnType<typeof createManualClock>, rounds: number): Promise<void> {
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
}

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
});

describe('webhook deliveries of a cluster instance killed mid-attempt (postgres, NATS)', { skip: clusterSkip }, () => {
  let cluster: TestCluster;
  let receiver: Receiver;
  let claimant: ChildServer | undefined;
  let healthy = false;
  const clock = createManualClock(Date.now());
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-claimant-'));

  before(async () => {
    receiver = await startReceiver(() => (healthy ? { status: 200 } : 'hang'));
    // The instance that stays, in process, on product time the test moves; the webhook exists before the claimant starts.
    cluster = await startTestCluster(databaseUrl!, { size: 1, clock, env: WEBHOOK_ENV });
    await cluster.settled();
  });
  after(async () => {
    if (claimant !== undefined && claimant.process.exitCode === null && claimant.process.signalCode === null) {
      claimant.process.kill('SIGKILL');
      await claimant.exited;
    }
    await cluster?.close();
    await receiver?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers the owed delivery of a claimant killed mid-attempt through the instance that stays, once its lease ran out', async () => {
    const [stays] = cluster.instances as [TestServer];
    const token = (await signInAdmin(stays)).accessToken;
    const webhookId = (await createWebhook(stays, token, { url: receiver.url, events: ['service.down'] })).id;
    // The claimant: a real process of the cluster (same secret key, so either can open what the other sealed).
    claimant = await startChildServer(
      { env: { SVC_DATA_DIR: dataDir }, dispose: async () => undefined },
      { ...cluster.instanceEnv(CLAIMANT), ...WEBHOOK_ENV, SVC_AUTH_SECRET_KEY: TEST_AUTH_SECRET_KEY },
    );
    const ownership = stays.server.cluster!.ownership;
    const routing = stays.server.cluster!.routing;
    await until(
      () => [...Array(cluster.shards).keys()].every((shard) => ownership.ownerOf(shard) !== undefined) && ownership.live.includes(CLAIMANT),
      'the claimant joined and every shard is owned',
      20_000,
    );
    // A service in a shard the claimant owns: it commits the change, and with it the outbox page it claims.
    const service = Array.from({ length: 200 }, (_, i) => `killed-mid-attempt-${i}`).find(
      (name) => ownership.ownerOf(routing.shardOf(serviceShardKey(NODE, name)))?.owner === CLAIMANT,
    );
    assert.ok(service, 'a service in one of the claimant’s shards');
    const pushed = await call(
      claimant.url,
      'POST',
      '/api/v1/health/report',
      { service, nodeId: NODE, status: 'DOWN' },
      { 'x-api-key': CHILD_API_KEY },
    );
    assert.equal(pushed.status, 200, pushed.text);
    const [first] = await receiver.received(1);
    claimant.process.kill('SIGKILL');
    await claimant.exited;
    claimant = undefined;
    healthy = true;
    // The claimant's lease, on its own clock (real time): the stayer's product time is moved past it.
    const leases = await stays.server.database.knex('webhook_dispatchers').whereNot({ instance_id: stays.server.app.instanceId });
    assert.equal(leases.length, 1, 'the claimant holds a delivery lease');
    const [lease] = leases;
    const leaseEnds = new Date(lease.alive_until).getTime();
    // Within the claimant's lease its page is left alone.
    await roundsPass([stays], clock, 1);
    assert.ok(clock.now() < leaseEnds, 'still within the claimant’s lease');
    assert.equal(receiver.requests.length, 1);
    // Past it: taken over.
    await roundsPass([stays], clock, Math.ceil((leaseEnds - clock.now()) / (DEFAULT_LEASE_MS / 3)) + 1);
    const [, again] = await receiver.received(2);
    assert.equal(again!.headers['webhook-id'], first!.headers['webhook-id']);
    assert.ok(again!.body.equals(first!.body), 'the same bytes');
    await eventually(async () => {
      const rows = await stays.server.database.knex('webhook_deliveries').where({ webhook_id: webhookId, state: 'delivered' });
      return rows.length === 1 ? rows : undefined;
    }, 'the delivery recorded delivered by the instance that stays');
    assert.equal(receiver.requests.length, 2, 'attempted again once: at least once, with the same webhook-id');
  });
});
