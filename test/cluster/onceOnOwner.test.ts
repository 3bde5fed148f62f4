/**
 * Work that writes or sends because of a committed change happens once per cluster, on the owner of the entity's
 * shard (docs/adr/0071). Every instance holds the whole state and hears every committed event (docs/adr/0065), so
 * a handler that raised a ticket or an alert on every instance that heard the event would do it three times here.
 * Three in-process instances in cluster mode on one PostgreSQL schema and NATS (test/support/testCluster.ts), one
 * manual product clock for all three (leases keep real time), a receiver counting webhook deliveries.
 *
 * Runs only with SVC_TEST_DATABASE_URL and /usr/sbin/nats-server.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { serviceShardKey } from '../../src/core/domain/service.js';
import { createManualClock } from '../../src/platform/scheduler/index.js';
import { signInAdmin, type SignedIn } from '../support/graphql.js';
import { eventually } from '../support/polling.js';
import { ASSIGN, createdDefinition, okGql } from '../support/sla.js';
import { CLUSTER_SKIP, clusterDatabaseUrl, startTestCluster, type TestCluster } from '../support/testCluster.js';
import type { TestServer } from '../support/testServer.js';
import { ticketingEnv } from '../support/tickets.js';
import { createWebhook, startReceiver, type Receiver } from '../support/webhooks.js';

const databaseUrl = clusterDatabaseUrl();
const skip = CLUSTER_SKIP;

const NODE = 'global/cluster/once';
const BUCKET_MS = 5 * 60_000;
const SET_OWNER = 'mutation($id: ID!, $o: ID!) { updateService(id: $id, input: { ownerId: $o }) { id } }';

describe('cluster mode: work caused by a committed change runs once, on its owner', { skip, timeout: 240_000 }, () => {
  // Bucket-aligned, so that the evaluation's buckets close where the test moves the clock.
  const clock = createManualClock(Math.floor(Date.now() / BUCKET_MS) * BUCKET_MS + 60_000);
  let cluster: TestCluster;
  let receiver: Receiver;
  let a: TestServer;
  let b: TestServer;
  let admin: SignedIn;
  let definitionId: string;

  before(async () => {
    receiver = await startReceiver();
    cluster = await startTestCluster(databaseUrl!, { clock, env: ticketingEnv(clock) });
    await cluster.settled();
    [a, b] = cluster.instances as [TestServer, TestServer];
    admin = await signInAdmin(a);
    await createWebhook(a, admin.accessToken, { url: receiver.url, events: ['service.down', 'ticket.created'] });
    definitionId = await createdDefinition(a, admin.accessToken, { name: 'Gold', raiseTicket: true, targetPercent: 99.9 });
    // Webhooks and definitions are shared state: every instance knows them within 2 s (docs/adr/0068).
    await eventually(
      async () => cluster.instances.every((t) => t.server.app.sla.catalog.definition(definitionId) !== undefined) || undefined,
      'every instance knows the definition',
    );
  });
  after(async () => {
    await cluster?.close();
    await receiver?.close();
  });

  /** A service name on NODE whose shard `owner` owns now. */
  const ownedBy = (owner: TestServer, prefix: string): string => {
    for (let i = 0; i < 1000; i++) if (cluster.ownerOfKey(serviceShardKey(NODE, `${prefix}-${i}`)) === owner) return `${prefix}-${i}`;
    throw new Error(`no ${prefix} service name falls in a shard of the instance`);
  };
  /** Pushed through `via`, answered once committed (by the owner, forwarded when it is another instance). */
  const push = async (via: TestServer, service: string, status: string): Promise<string> => {
    const res = await via.call('POST', '/api/v1/health/report', { service, nodeId: NODE, status, message: `${service} is ${status}` });
    assert.equal(res.status, 200, res.text);
    return String(res.json.serviceId ?? res.json.id);
  };
  const open = () => cluster.instances.filter((t) => !t.server.cluster!.nc.isClosed());
  /** The service's id once every running instance holds it (the read model follows its owner's commit). */
  const serviceIdOf = async (name: string): Promise<string> => {
    const id = String((await a.server.database.knex('services').where({ node_path: NODE, name }).first('id')).id);
    await eventually(async () => open().every((t) => t.server.app.fleet.services.get(id) !== undefined) || undefined, `${name} everywhere`);
    return id;
  };
  /** Every instance's queued work has run (the link's tickets, the evaluation's alerts). */
  const quiet = async () => {
    for (const t of open()) {
      await t.server.app.ticketSlaLink.idle();
      await t.server.app.slaEvaluation.idle();
      await t.server.writer.settled();
    }
  };
  const count = async (table: string, where: Record<string, unknown>) =>
    Number((await a.server.database.knex(table).where(where).count({ n: '*' }).first())!.n);

  it('raises one incident, one ticket, one notification per recipient and one webhook delivery for an outage on B', async () => {
    const name = ownedBy(b, 'outage');
    await push(b, name, 'OPERATIONAL');
    const serviceId = await serviceIdOf(name);
    await okGql(a, admin.accessToken, ASSIGN, { i: { definitionId, serviceId } });
    await okGql(a, admin.accessToken, SET_OWNER, { id: serviceId, o: admin.userId });
    // Through A, which forwards it to B (the owner), as a load balancer would send it anywhere.
    await push(a, name, 'DOWN');
    await eventually(async () => ((await count('tickets', { service_id: serviceId })) > 0 ? true : undefined), 'a ticket raised');
    await receiver.received(2);
    // Every instance heard the incident by now (the ticket's commit came after it); their queued work has run.
    await quiet();
    assert.equal(await count('sla_incidents', { service_id: serviceId }), 1, 'one incident');
    assert.equal(await count('tickets', { service_id: serviceId }), 1, 'one ticket');
    assert.equal(await count('sla_incident_tickets', { service_id: serviceId }), 1, 'one link');
    assert.equal(
      await count('notifications', { user_id: admin.userId, entity_id: serviceId }),
      1,
      "one notification to the service's owner",
    );
    const kinds = receiver.requests.map((r) => JSON.parse(r.body.toString()).event ?? JSON.parse(r.body.toString()).type);
    assert.deepEqual(kinds.sort(), ['service.down', 'ticket.created'], 'one delivery of each event');
    assert.equal(new Set(receiver.requests.map((r) => r.headers['webhook-id'])).size, 2);
  });

  it("stages a shard's SLA alerts on its owner only, and moves the evaluation with the shard", async () => {
    const [, , c] = cluster.instances as [TestServer, TestServer, TestServer];
    // A month's budget of 99.999 % is under half a minute: ten minutes down spend it (BREACHED while the period is open).
    const strict = await createdDefinition(a, admin.accessToken, { name: 'Strict', targetPercent: 99.999 });
    await eventually(
      async () => open().every((t) => t.server.app.sla.catalog.definition(strict) !== undefined) || undefined,
      'Strict everywhere',
    );
    const onB = ownedBy(b, 'evaluated-b');
    const onC = ownedBy(c, 'evaluated-c');
    const ids: string[] = [];
    for (const name of [onB, onC]) {
      await push(a, name, 'OPERATIONAL');
      const id = await serviceIdOf(name);
      ids.push(id);
      await okGql(a, admin.accessToken, ASSIGN, { i: { definitionId: strict, serviceId: id } });
    }
    const breached = async (serviceId: string | null) =>
      Number(
        (await a.server.database
          .knex('sla_alerts')
          .where({ kind: 'BREACHED', definition_id: strict, service_id: serviceId })
          .whereNull('resolved_at')
          .count({ n: '*' })
          .first())!.n,
      );
    for (const name of [onB, onC]) await push(a, name, 'DOWN');
    // Buckets close on every instance (one clock); each evaluates everything, its owner alone stages the alerts.
    clock.advance(2 * BUCKET_MS);
    await eventually(async () => ((await breached(ids[0]!)) > 0 && (await breached(ids[1]!)) > 0 ? true : undefined), 'breaches raised');
    await quiet();
    clock.advance(BUCKET_MS);
    await quiet();
    assert.deepEqual([await breached(ids[0]!), await breached(ids[1]!), await breached(null)], [1, 1, 1], 'one alert each');

    // B leaves: its shards move to A and C, which read the shards' alerts as B committed them.
    await b.close();
    await cluster.settled();
    const heir = cluster.ownerOfKey(serviceShardKey(NODE, onB))!;
    assert.notEqual(heir, b);
    admin = await signInAdmin(a); // product time moved past the first access token
    const later = ownedBy(heir, 'evaluated-later');
    await push(a, later, 'OPERATIONAL');
    const laterId = await serviceIdOf(later);
    await okGql(a, admin.accessToken, ASSIGN, { i: { definitionId: strict, serviceId: laterId } });
    await push(a, later, 'DOWN');
    clock.advance(2 * BUCKET_MS);
    await eventually(async () => ((await breached(laterId)) > 0 ? true : undefined), 'the later breach raised');
    for (let i = 0; i < 2; i++) {
      clock.advance(BUCKET_MS);
      await quiet();
    }
    assert.deepEqual(
      [await breached(ids[0]!), await breached(ids[1]!), await breached(laterId), await breached(null)],
      [1, 1, 1, 1],
      'still one alert each after the move',
    );
  });
});
