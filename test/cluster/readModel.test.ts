/**
 * Cluster mode's read model (docs/adr/0065): every instance answers for the whole fleet, and a subscriber on any
 * instance hears every committed event once, in order. Two in-process instances on one PostgreSQL schema and a real
 * nats-server (test/support/readModelCluster.ts), three instances A, B, C. There is no ownership yet (leases, fence
 * and forwarding come with the wiring): ONLY instance A writes, every change below is sent to A, and B and C only
 * read and subscribe.
 *
 * PostgreSQL only: two instances cannot share the embedded PGlite (one process's database); without
 * SVC_TEST_DATABASE_URL the suite is skipped with a message naming it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../src/platform/scheduler/index.js';
import { postgresBackend } from '../support/backends.js';
import { gql, signInAdmin, type SignedIn } from '../support/graphql.js';
import { connectClient, subscribe, waitForSubscribers } from '../support/realtime.js';
import { caughtUp, type ReadModelCluster, startReadModelCluster } from '../support/readModelCluster.js';
import { CLUSTER_SKIP } from '../support/testCluster.js';
import type { TestServer } from '../support/testServer.js';
import { createTicket, TICKET, TICKETS, TRANSITION_TICKET, ticketingEnv } from '../support/tickets.js';

const databaseUrl = process.env['SVC_TEST_DATABASE_URL'];
const skip = CLUSTER_SKIP;

/** The services page, the hierarchy's counts, the dashboard and search, as a person sees them. */
const PAGE = `{
  services(limit: 100) { id name nodeId status statusMessage slaGroup activeExclusionWindow { id reason } }
  serviceCount
  operationsNode(id: "rm") {
    serviceCount childCount statusSummary { operational degraded down maintenance unknown total }
    children { path serviceCount children { path serviceCount } }
  }
  operationsRootNodes { path serviceCount }
  dashboardStats { totalServices servicesWithSla metCount atRiskCount breachedCount averageUptime }
  globalSearch(query: "k8s", limit: 50) { services { id } nodes { path serviceCount } totalCount }
}`;
const STATUS = `subscription($path: String) { serviceStatusChanged(nodePath: $path) { serviceId previousStatus status message origin } }`;
const TICKET_EVENTS = 'subscription { entityEvents(entityType: "ticket", entityId: "all") { event entityId data } }';
const START = '/api/v1/sla/exclusion-window/start';
const STOP = '/api/v1/sla/exclusion-window/stop';
const STATUSES = ['DEGRADED', 'DOWN', 'OPERATIONAL'] as const;

describe('the read model on every instance (cluster mode, one writer)', { skip }, () => {
  const clock = createManualClock(Date.parse('2026-03-10T12:00:00Z'));
  let cluster: ReadModelCluster;
  let a: TestServer;
  let b: TestServer;
  let c: TestServer;
  let onA: SignedIn;
  let onB: SignedIn;
  let onC: SignedIn;

  before(async () => {
    cluster = await startReadModelCluster(postgresBackend(databaseUrl!), { count: 3, clock, env: ticketingEnv(clock) });
    [a, b, c] = cluster.instances.map((instance) => instance.t) as [TestServer, TestServer, TestServer];
    onA = await signInAdmin(a);
    onB = await signInAdmin(b);
    onC = await signInAdmin(c);
  });
  after(() => cluster?.close());

  const page = async (t: TestServer, who: SignedIn) => {
    const res = await gql(t, PAGE, undefined, who.accessToken);
    assert.equal(res.errors, undefined, res.text);
    return res.data;
  };
  const push = async (name: string, nodeId: string, status: string, message: string | null = null) => {
    const res = await a.call('POST', '/api/v1/health/report', { service: name, nodeId, status, ...(message ? { message } : {}) });
    assert.equal(res.status, 200, res.text);
    return res.json;
  };
  /** The same answers on A, B and C once B and C caught up; the dashboard's 15 s cache moved past on all. */
  const sameOnBoth = async () => {
    await caughtUp(cluster);
    clock.advance(16_000);
    const [onInstanceA, onInstanceB, onInstanceC] = [await page(a, onA), await page(b, onB), await page(c, onC)];
    assert.deepEqual(onInstanceB, onInstanceA, 'B answers as A');
    assert.deepEqual(onInstanceC, onInstanceA, 'C answers as A');
    return onInstanceB;
  };

  it("shows on B what A committed: pushes, an SLA group, a maintenance window, a ticket's changes", async () => {
    await push('api', 'rm/prod/k8s-1', 'OPERATIONAL');
    await push('db', 'rm/prod/k8s-1', 'DEGRADED', 'replica lag');
    await push('web', 'rm/prod/k8s-2', 'DOWN', 'crash loop');
    const sync = await a.call('POST', '/api/v1/operator/status', {
      nodeId: 'rm/prod/k8s-1',
      services: [{ name: 'api', status: 'OPERATIONAL', slaGroup: 'gold' }],
      slaGroups: [{ name: 'gold', tier: 'critical', targets: { uptime: 99 } }],
    });
    assert.equal(sync.status, 200, sync.text);
    let seen = await sameOnBoth();
    assert.deepEqual(
      seen.services.map((s: any) => [s.nodeId, s.name, s.status, s.statusMessage, s.slaGroup]),
      [
        ['rm/prod/k8s-1', 'api', 'OPERATIONAL', null, 'gold'],
        ['rm/prod/k8s-1', 'db', 'DEGRADED', 'replica lag', null],
        ['rm/prod/k8s-2', 'web', 'DOWN', 'crash loop', null],
      ],
    );
    assert.deepEqual(seen.operationsNode.statusSummary, { operational: 1, degraded: 1, down: 1, maintenance: 0, unknown: 0, total: 3 });
    assert.equal(seen.dashboardStats.servicesWithSla, 1, 'the SLA group declared on A counts on B');

    const started = await a.call('POST', START, { service: 'db', nodeId: 'rm/prod/k8s-1', reason: 'disk swap' });
    assert.equal(started.status, 200, started.text);
    seen = await sameOnBoth();
    const db = seen.services.find((s: any) => s.name === 'db');
    assert.deepEqual([db.status, db.activeExclusionWindow], ['MAINTENANCE', { id: started.json.windowId, reason: 'disk swap' }]);
    // A report held during the window, then the window's end: B shows the held status, as A does.
    await push('db', 'rm/prod/k8s-1', 'OPERATIONAL');
    const stopped = await a.call('POST', STOP, { windowId: started.json.windowId });
    assert.equal(stopped.status, 200, stopped.text);
    seen = await sameOnBoth();
    assert.deepEqual(
      seen.services.filter((s: any) => s.name === 'db').map((s: any) => [s.status, s.activeExclusionWindow]),
      [['OPERATIONAL', null]],
    );

    const watcher = connectClient(b, { token: onB.accessToken });
    const ticketEvents = subscribe(watcher, TICKET_EVENTS);
    await waitForSubscribers(b, 'entity:ticket:all', 1);
    const ticket = await createTicket(a, onA, { title: 'Replica lag on db' });
    await caughtUp(cluster);
    const listed = await gql(b, TICKETS, {}, onB.accessToken);
    assert.deepEqual(
      listed.data.tickets.map((t: any) => t.id),
      [ticket.id],
    );
    const moved = await gql(a, TRANSITION_TICKET, { id: ticket.id, t: ticket.availableTransitions[0] }, onA.accessToken);
    assert.equal(moved.errors, undefined, moved.text);
    await caughtUp(cluster);
    // An open ticket is answered from memory: B's copy follows A's commits.
    const [fromA, fromB] = [
      await gql(a, TICKET, { id: ticket.id }, onA.accessToken),
      await gql(b, TICKET, { id: ticket.id }, onB.accessToken),
    ];
    assert.equal(fromB.data.ticket.status, moved.data.transitionTicket.status);
    assert.deepEqual({ ...fromB.data.ticket, minutesUntilDue: 0 }, { ...fromA.data.ticket, minutesUntilDue: 0 });
    // The ticket's events, committed on A, reached a graphql-ws subscriber on B: created, then its status change.
    const created = (await ticketEvents.data('ticket:created on B')).entityEvents;
    assert.deepEqual([created.event, JSON.parse(created.data).ticket.id], ['ticket:created', ticket.id]);
    const changed = (await ticketEvents.data('the status change on B')).entityEvents;
    assert.equal(JSON.parse(changed.data).ticket.status, moved.data.transitionTicket.status);
    ticketEvents.dispose();
    await watcher.dispose();
  });

  it('gives the same services page, hierarchy counts and dashboard on every instance after a load', async () => {
    const pushes = [];
    for (let i = 0; i < 40; i++) {
      pushes.push(push(`load-${i % 13}`, `rm/load/k8s-${i % 3}`, STATUSES[i % STATUSES.length]!, `round ${i}`));
      if (pushes.length === 8) await Promise.all(pushes.splice(0));
    }
    await Promise.all(pushes);
    const seen = await sameOnBoth();
    const loaded = new Set(Array.from({ length: 40 }, (_, i) => `rm/load/k8s-${i % 3}/load-${i % 13}`));
    assert.equal(seen.serviceCount, 3 + loaded.size);
  });

  it('delivers every status change committed on A to a graphql-ws subscriber on B once, in order', async () => {
    // A first push creates the service (service.created, no status change); the changes follow.
    await push('feed-svc', 'rm/feed/k8s-1', 'OPERATIONAL', 'created');
    const client = connectClient(b, { token: onB.accessToken });
    const feed = subscribe(client, STATUS, { path: 'rm/feed' });
    await waitForSubscribers(b, 'service-status:node:rm/feed', 1);
    try {
      const sent: string[] = [];
      for (let i = 0; i < 12; i++) {
        const status = STATUSES[i % STATUSES.length]!;
        await push('feed-svc', 'rm/feed/k8s-1', status, `change ${i}`);
        sent.push(`${status}:change ${i}`);
      }
      const heard: string[] = [];
      for (let i = 0; i < sent.length; i++) {
        const change = (await feed.data(`change ${i} on B`)).serviceStatusChanged;
        heard.push(`${change.status}:${change.message}`);
      }
      assert.deepEqual(heard, sent);
      await caughtUp(cluster);
      assert.equal(feed.pending, 0, 'nothing heard twice');
    } finally {
      feed.dispose();
      await client.dispose();
    }
  });

  it("repairs a gap by replay: what A committed while B's NATS connection was cut reaches B's subscriber once, in order", async () => {
    const follower = cluster.instances[1]!;
    const subscriber = b.server.readModel!.subscriber;
    await push('gap-svc', 'rm/gap/k8s-1', 'DOWN', 'created');
    const client = connectClient(b, { token: onB.accessToken });
    const feed = subscribe(client, STATUS, { path: 'rm/gap' });
    await waitForSubscribers(b, 'service-status:node:rm/gap', 1);
    try {
      await push('gap-svc', 'rm/gap/k8s-1', 'OPERATIONAL', 'before');
      assert.equal((await feed.data('the first change')).serviceStatusChanged.message, 'before');
      const replayedBefore = subscriber.stats.replayed;
      follower.relay.cut();
      // From here on nothing published reaches B: its sockets are gone, and NATS does not keep messages for it.
      const sent: string[] = [];
      for (let i = 0; i < 6; i++) {
        const status = STATUSES[i % STATUSES.length]!;
        await push('gap-svc', 'rm/gap/k8s-1', status, `while cut ${i}`);
        sent.push(`${status}:while cut ${i}`);
      }
      follower.relay.mend();
      const heard: string[] = [];
      for (let i = 0; i < sent.length; i++) {
        const change = (await feed.data(`change ${i} after the gap`)).serviceStatusChanged;
        heard.push(`${change.status}:${change.message}`);
      }
      assert.deepEqual(heard, sent);
      assert.ok(subscriber.stats.replayed - replayedBefore >= sent.length, 'the changes came from the history in PostgreSQL');
      await caughtUp(cluster);
      assert.equal(feed.pending, 0, 'nothing heard twice');
      const [onInstanceA, onInstanceB] = [await page(a, onA), await page(b, onB)];
      assert.deepEqual(onInstanceB.services, onInstanceA.services);
    } finally {
      feed.dispose();
      await client.dispose();
    }
  });
  it('applied every row without a failure and logged no error on the followers', () => {
    for (const t of [b, c]) {
      const { stats } = t.server.readModel!.replicator;
      assert.equal(stats.failures, 0);
      assert.ok(stats.rowsApplied > 0 && stats.eventsApplied > 0, JSON.stringify(stats));
      assert.deepEqual(
        t.logs.filter((line) => line['level'] === 'error'),
        [],
      );
    }
  });
});
