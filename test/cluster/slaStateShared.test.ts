/**
 * The SLA state a takeover must not lose (docs/adr/0068, "Update: the SLA plugin's live state"): open automatic
 * incidents, active alerts, burn-rate alert states and the SLA links waiting for their recovery are shared row by
 * row, so every instance holds what the owners committed, an alert raised on one instance is acknowledged through
 * another, and the instance that takes a service's shard over continues the outage its previous owner opened: it
 * closes the incident once, raises no alert again, and the recovery comment reaches the ticket raised before, also
 * when that ticket's shard went to a third instance. Three in-process instances in cluster mode on one PostgreSQL schema and NATS (test/support/testCluster.ts), one
 * manual product clock for both (leases keep real time).
 *
 * Runs only with SVC_TEST_DATABASE_URL and /usr/sbin/nats-server.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { serviceShardKey } from '../../src/core/domain/service.js';
import { ownerOf } from '../../src/platform/cluster/placement.js';
import { createManualClock } from '../../src/platform/scheduler/index.js';
import { signInAdmin, type SignedIn } from '../support/graphql.js';
import { eventually } from '../support/polling.js';
import { ASSIGN, createdDefinition, okGql } from '../support/sla.js';
import { CLUSTER_SKIP, clusterDatabaseUrl, startTestCluster, type TestCluster } from '../support/testCluster.js';
import type { TestServer } from '../support/testServer.js';
import { ticketingEnv } from '../support/tickets.js';

const databaseUrl = clusterDatabaseUrl();
const skip = CLUSTER_SKIP;

const NODE = 'global/cluster/sla-state';
const BUCKET_MS = 5 * 60_000;
/** The bound for state changed through one instance to be in effect on every other. */
const BOUND_MS = 2000;
/** The evaluation of the buckets the clock closed runs its catch-up on the worker pool: slow on a loaded machine. */
const EVALUATION_MS = 30_000;
const ACKNOWLEDGE = 'mutation($id: ID!) { acknowledgeSLAAlert(id: $id) { id status acknowledgedAt } }';

describe('cluster mode: the SLA live state follows its owner and survives a takeover', { skip, timeout: 240_000 }, () => {
  // Bucket-aligned, so that the evaluation's buckets close where the test moves the clock.
  const clock = createManualClock(Math.floor(Date.now() / BUCKET_MS) * BUCKET_MS + 60_000);
  let cluster: TestCluster;
  let a: TestServer;
  let b: TestServer;
  let c: TestServer;
  let admin: SignedIn;
  let definitionId: string;

  before(async () => {
    cluster = await startTestCluster(databaseUrl!, { size: 3, clock, env: ticketingEnv(clock) });
    await cluster.settled();
    [a, b, c] = cluster.instances as [TestServer, TestServer, TestServer];
    admin = await signInAdmin(b);
    // A month's budget of 99.999 % is under half a minute: ten minutes down spend it (BREACHED, and burning fast).
    definitionId = await createdDefinition(b, admin.accessToken, { name: 'Strict', raiseTicket: true, targetPercent: 99.999 });
    await eventually(
      async () => cluster.instances.every((t) => t.server.app.sla.catalog.definition(definitionId) !== undefined) || undefined,
      'both instances know the definition',
    );
  });
  after(async () => {
    await cluster?.close();
  });

  const open = () => cluster.instances.filter((t) => !t.server.cluster!.nc.isClosed());
  const idOf = (t: TestServer) => t.server.cluster!.instanceId;
  /** The instance placement gives `key`'s shard once A is gone. */
  const heirOf = (key: string): string => ownerOf(a.server.cluster!.routing.shardOf(key), [idOf(b), idOf(c)])!;
  /** A service name whose shard `owner` owns now (and B once A is gone, when `heir` says so). */
  const ownedBy = (owner: TestServer, prefix: string, heir?: TestServer): string => {
    for (let i = 0; i < 1000; i++) {
      const key = serviceShardKey(NODE, `${prefix}-${i}`);
      if (cluster.ownerOfKey(key) === owner && (heir === undefined || heirOf(key) === idOf(heir))) return `${prefix}-${i}`;
    }
    throw new Error(`no ${prefix} service name falls in a shard of the instance`);
  };
  const push = async (via: TestServer, service: string, status: string): Promise<void> => {
    const res = await via.call('POST', '/api/v1/health/report', { service, nodeId: NODE, status, message: `${service} is ${status}` });
    assert.equal(res.status, 200, res.text);
  };
  const quiet = async () => {
    for (const t of open()) {
      await t.server.app.ticketSlaLink.idle();
      await t.server.app.slaEvaluation.idle();
      await t.server.writer.settled();
    }
  };
  const knex = () => b.server.database.knex;
  const count = async (table: string, where: Record<string, unknown>) =>
    Number((await knex()(table).where(where).count({ n: '*' }).first())!.n);
  const alertCounts = async (serviceId: string) => {
    const rows = await knex()('sla_alerts').where({ service_id: serviceId }).select('kind');
    const counts: Record<string, number> = {};
    for (const { kind } of rows) counts[kind] = (counts[kind] ?? 0) + 1;
    return counts;
  };

  /** A service of a shard A owns, covered by the definition, pushed DOWN through B (forwarded to A); its id. */
  const outageOnA = async (prefix: string, heir?: TestServer): Promise<string> => {
    const name = ownedBy(a, prefix, heir);
    await push(b, name, 'OPERATIONAL');
    const id = String((await knex()('services').where({ node_path: NODE, name }).first('id')).id);
    await eventually(async () => open().every((t) => t.server.app.fleet.services.get(id)) || undefined, 'both hold it');
    await okGql(b, admin.accessToken, ASSIGN, { i: { definitionId, serviceId: id } });
    await eventually(async () => a.server.app.sla.catalog.covers(id, null) || undefined, 'A knows the assignment');
    // A, the owner, opens the incident in the status change's commit.
    await push(b, name, 'DOWN');
    return id;
  };

  it('holds on B within 2 s the incident A opened, and acknowledges through B the alert A raised', async () => {
    const serviceId = await outageOnA('acknowledged');
    const opened = a.server.app.sla.incidents.openIncidentOf(serviceId);
    assert.ok(opened, 'A, the owner, opened the incident');
    const onB = await eventually(async () => b.server.app.sla.incidents.openIncidentOf(serviceId), 'B holds the open incident', BOUND_MS);
    assert.equal(onB.id, opened.id);

    clock.advance(2 * BUCKET_MS);
    const breach = await eventually(
      async () => a.server.app.sla.alerts.activeAlerts().find((x) => x.kind === 'BREACHED' && x.serviceId === serviceId),
      'A raised the breach',
      EVALUATION_MS,
    );
    await quiet();
    admin = await signInAdmin(b); // product time moved past the first access token
    const acknowledged = (await okGql(b, admin.accessToken, ACKNOWLEDGE, { id: breach.id })).acknowledgeSLAAlert;
    assert.equal(acknowledged.status, 'ACKNOWLEDGED');
    await eventually(
      async () => a.server.app.sla.alerts.activeAlerts().find((x) => x.id === breach.id)?.acknowledgedAt != null || undefined,
      'A holds the acknowledgement',
      BOUND_MS,
    );
    // Acknowledged again through A: answered as it is, not a second acknowledgement.
    const again = (await okGql(a, admin.accessToken, ACKNOWLEDGE, { id: breach.id })).acknowledgeSLAAlert;
    assert.equal(again.acknowledgedAt, acknowledged.acknowledgedAt);
    assert.equal(await count('sla_events', { kind: 'ALERT_ACKNOWLEDGED', alert_id: breach.id }), 1);
  });

  it('continues the outage on B once A is gone: no alert raised again, the incident closed once, the recovery comment on its ticket, whose shard went to C', async (t) => {
    // An outage of a service that goes to B whose ticket (its id drawn by A in one of its shards) goes to C: a few tries.
    let serviceId = '';
    for (let attempt = 0; ; attempt++) {
      assert.ok(attempt < 12, 'a ticket whose shard goes to C');
      const candidate = await outageOnA(`taken-over-${attempt}`, b);
      const link = await eventually(
        async () => (await knex()('sla_incident_tickets').where({ service_id: candidate }).first()) ?? undefined,
        'a ticket',
      );
      if (heirOf(link.ticket_id) === idOf(c)) {
        serviceId = candidate;
        break;
      }
      await push(b, b.server.app.fleet.services.get(candidate)!.name, 'OPERATIONAL');
    }
    const name = b.server.app.fleet.services.get(serviceId)!.name;
    clock.advance(2 * BUCKET_MS);
    // A raised the outage's ticket (its link waits for the recovery), its breach and burn-rate alerts.
    await eventually(
      async () => ((await count('sla_alerts', { service_id: serviceId })) > 0 ? true : undefined),
      'alerts raised',
      EVALUATION_MS,
    );
    await quiet();
    const incident = a.server.app.sla.incidents.openIncidentOf(serviceId)!;
    assert.ok(incident);
    const alertsBefore = await alertCounts(serviceId);
    const burning = await count('sla_burn_alert_states', { service_id: serviceId });
    t.diagnostic(`before the takeover: alerts ${JSON.stringify(alertsBefore)}, ${burning} burn-rate alert states`);
    assert.ok(burning > 0, 'a burn-rate alert is open');
    await eventually(
      async () => b.server.app.sla.incidents.openIncidentOf(serviceId)?.id === incident.id || undefined,
      'B holds it',
      BOUND_MS,
    );

    await a.close();
    await cluster.settled();
    assert.equal(cluster.ownerOfKey(serviceShardKey(NODE, name)), b);
    const ticketId = (await knex()('sla_incident_tickets').where({ incident_id: incident.id }).first()).ticket_id;
    assert.equal(cluster.ownerOfKey(ticketId), c, "C owns the outage's ticket");

    // B evaluates the shard it took: what A raised stays active, nothing is raised again.
    admin = await signInAdmin(b);
    for (let i = 0; i < 2; i++) {
      clock.advance(BUCKET_MS);
      await quiet();
    }
    assert.deepEqual(await alertCounts(serviceId), alertsBefore, 'no alert raised twice after the takeover');

    await push(b, name, 'OPERATIONAL');
    await quiet();
    assert.equal(b.server.app.sla.incidents.openIncidentOf(serviceId), undefined);
    const rows = await knex()('sla_incidents').where({ service_id: serviceId }).select('id', 'ended_at');
    assert.equal(rows.length, 1, 'one incident for the outage');
    assert.equal(rows[0].id, incident.id);
    assert.ok(rows[0].ended_at, 'closed by B');
    assert.equal(await count('sla_events', { kind: 'INCIDENT_CLOSED', service_id: serviceId }), 1, 'closed once');
    const link = await eventually(
      async () =>
        (await knex()('sla_incident_tickets').where({ incident_id: incident.id }).whereNotNull('recovered_at').first()) ?? undefined,
      'the link marked recovered',
    );
    const comments = await knex()('ticket_comments').where({ ticket_id: link.ticket_id }).select('id', 'body');
    const recovery = comments.filter((c: { body: string }) => c.body.includes(`SLA incident ${incident.id} closed`));
    assert.equal(recovery.length, 1, 'one recovery comment');
    // Written by C, the ticket's owner: its `ticket.commented` is in the ticket shard's stream, heard on every instance.
    const shard = c.server.cluster!.routing.shardOf(link.ticket_id);
    const announced = await knex()('cluster_events')
      .where({ shard })
      .whereRaw('payload::text like ?', [`%${recovery[0].id}%`])
      .count({ n: '*' });
    assert.equal(Number(announced[0]!.n), 1, "the comment's event in the ticket shard's stream");
  });
});
