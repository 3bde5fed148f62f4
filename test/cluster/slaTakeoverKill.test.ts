/**
 * An outage whose owner is killed (docs/adr/0068, "Update: the SLA plugin's live state"): three instances as real
 * processes (main.ts) on one PostgreSQL and NATS. The owner of a service opens its outage's incident and raises its
 * ticket, then dies by SIGKILL (nothing flushed, nothing handed over); the instance that takes the service's shard
 * closes that incident on the recovery, once, and the recovery comment reaches the ticket. Before the SLA state was
 * shared, the new owner did not know the incident: the recovery closed nothing.
 *
 * Runs only with SVC_TEST_DATABASE_URL and /usr/sbin/nats-server.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { serviceShardKey } from '../../src/core/domain/service.js';
import { shardOf } from '../../src/platform/cluster/shards.js';
import type { Clock } from '../../src/platform/scheduler/index.js';
import { CHILD_API_KEY } from '../support/childServer.js';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from '../support/graphql.js';
import { eventually } from '../support/polling.js';
import { gqlAt, startProcessCluster, type ProcessCluster } from '../support/processCluster.js';
import { ASSIGN, CREATE_DEFINITION } from '../support/sla.js';
import { CLUSTER_SKIP, clusterDatabaseUrl } from '../support/testCluster.js';
import { ticketingEnv } from '../support/tickets.js';

const databaseUrl = clusterDatabaseUrl();
const skip = CLUSTER_SKIP;

const NODE = 'global/cluster/sla-kill';
const VICTIM = 'i3';

describe('cluster mode: an outage outlives its owner killed by SIGKILL', { skip, timeout: 300_000 }, () => {
  let cluster: ProcessCluster;
  const url = (id: string) => cluster.running.get(id)!.url;
  /** A push through `id`, sent again while its shard moves (503 with Retry-After). */
  const push = async (id: string, service: string, status: string): Promise<void> => {
    await eventually(
      async () => {
        const answer = await fetch(`${url(id)}/api/v1/health/report`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': CHILD_API_KEY },
          body: JSON.stringify({ service, nodeId: NODE, status, message: `${service} is ${status}` }),
        });
        const text = await answer.text();
        if (answer.status === 503) return undefined;
        assert.equal(answer.status, 200, text);
        return true;
      },
      `${service} ${status} accepted`,
      20_000,
    );
  };
  const count = async (table: string, where: Record<string, unknown>) =>
    Number((await cluster.knex(table).where(where).count({ n: '*' }).first())!.n);

  before(async () => {
    cluster = await startProcessCluster({ databaseUrl: databaseUrl!, env: ticketingEnv({ now: () => Date.now() } as Clock) });
    for (const id of ['i1', 'i2', VICTIM]) await cluster.start(id);
    await cluster.settled();
  });
  after(async () => {
    await cluster?.close();
  });

  it("the instance that takes the killed owner's shard closes the outage's incident once, and the recovery comment reaches its ticket", async () => {
    const owners = await cluster.owners();
    let name = '';
    for (let i = 0; name === '' && i < 1000; i++)
      if (owners.get(shardOf(serviceShardKey(NODE, `killed-${i}`), cluster.shards))?.owner === VICTIM) name = `killed-${i}`;
    assert.notEqual(name, '', 'a service name in a shard of the victim');

    const login = await gqlAt(url('i1'), 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { accessToken } }', {
      u: ADMIN_USERNAME,
      p: ADMIN_PASSWORD,
    });
    const token: string = login.login.accessToken;
    const definition = await gqlAt(
      url('i1'),
      CREATE_DEFINITION,
      { i: { name: 'Killed', targetPercent: 99.9, period: 'MONTH', raiseTicket: true } },
      token,
    );
    await push('i1', name, 'OPERATIONAL');
    const serviceId = String((await cluster.knex('services').where({ node_path: NODE, name }).first('id')).id);
    // i1 holds the service once the read model applied the victim's commit.
    await eventually(async () => {
      const answer = await fetch(`${url('i1')}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: ASSIGN, variables: { i: { definitionId: definition.createSLADefinition.id, serviceId } } }),
      });
      const body = (await answer.json()) as { errors?: { extensions?: { code?: string } }[] };
      if (body.errors?.[0]?.extensions?.code === 'NOT_FOUND') return undefined;
      assert.equal(body.errors, undefined, JSON.stringify(body.errors));
      return true;
    }, 'the service assigned through i1');
    // The victim must know the assignment before the outage (shared state: within 2 s); the incident shows it did.
    await eventually(
      async () => {
        await push('i1', name, 'DOWN');
        if ((await count('sla_incidents', { service_id: serviceId })) > 0) return true;
        await push('i1', name, 'OPERATIONAL');
        return undefined;
      },
      'the victim opened the incident',
      20_000,
    );
    const incident = await cluster.knex('sla_incidents').where({ service_id: serviceId }).whereNull('ended_at').first();
    assert.ok(incident, 'the outage is open');
    await eventually(
      async () => ((await count('sla_incident_tickets', { incident_id: incident.id })) > 0 ? true : undefined),
      'its ticket',
    );

    const victim = cluster.running.get(VICTIM)!;
    victim.process.kill('SIGKILL');
    await victim.exited;
    await cluster.settled();

    await push('i1', name, 'OPERATIONAL');
    await eventually(
      async () => ((await cluster.knex('sla_incidents').where({ id: incident.id }).whereNotNull('ended_at').first()) ? true : undefined),
      'the new owner closed the incident',
      20_000,
    );
    assert.equal(await count('sla_incidents', { service_id: serviceId }), 1, 'one incident for the outage');
    assert.equal(await count('sla_events', { kind: 'INCIDENT_CLOSED', incident_id: incident.id }), 1, 'closed once');
    const link = await eventually(
      async () =>
        (await cluster.knex('sla_incident_tickets').where({ incident_id: incident.id }).whereNotNull('recovered_at').first()) ?? undefined,
      'the link marked recovered',
      20_000,
    );
    const comments = await cluster.knex('ticket_comments').where({ ticket_id: link.ticket_id }).select('body');
    assert.equal(comments.filter((c: { body: string }) => c.body.includes(`SLA incident ${incident.id} closed`)).length, 1);
  });
});
