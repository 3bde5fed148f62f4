/**
 * The rest of what every instance must see the same (issue 29 item 7, docs/adr/0068 "Update"): two instances in
 * cluster mode on one PostgreSQL and a NATS server. The SLA plugin's definitions, targets and assignments, the
 * ticketing catalog, ticket watchers and ticket numbers changed through one instance are in effect on the other
 * within 2 s; the notification inbox, which no instance holds in memory, is the same on both at once.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { gql, signInAdmin, type SignedIn } from '../support/graphql.js';
import { LICENSE_ENV, licenseToken } from '../support/license.js';
import { eventually } from '../support/polling.js';
import { ASSIGN, CREATE_DEFINITION, okGql, pushedService } from '../support/sla.js';
import { fullTemplate, imported } from '../support/templates.js';
import { CLUSTER_SKIP, clusterDatabaseUrl, startTestCluster, type TestCluster } from '../support/testCluster.js';
import type { TestServer } from '../support/testServer.js';
import { createTicket, ticketOf, ticketPeople } from '../support/tickets.js';
import type { Clock } from '../../src/platform/scheduler/index.js';

const databaseUrl = clusterDatabaseUrl();
const skip = CLUSTER_SKIP;

/** The bound: a change committed through one instance takes effect on every other within it. */
const BOUND_MS = 2000;
const DEFINITION = 'query($id: ID!) { slaDefinition(id: $id) { id name targetPercent targets { id targetPercent } assignments { id } } }';

/** Polls `holds` (true once B shows the change) within the bound. */
function within(what: string, holds: () => Promise<boolean>): Promise<unknown> {
  return eventually(async () => ((await holds()) ? true : undefined), what, BOUND_MS);
}

describe('cluster mode: SLA and ticketing settings shared across instances (postgres)', { skip }, () => {
  let cluster: TestCluster;
  let a: TestServer;
  let b: TestServer;
  let admin: SignedIn;

  /** A service pushed through A, once A holds it (the push may have been forwarded to its owner). */
  const serviceOnA = async (name: string): Promise<string> => {
    const id = await pushedService(a, name);
    await eventually(
      async () => ((await okGql(a, admin.accessToken, 'query($id: ID!) { service(id: $id) { id } }', { id })).service ? true : undefined),
      'A holds the service',
      BOUND_MS,
    );
    return id;
  };

  const definitionOn = async (server: TestServer, id: string): Promise<any> =>
    (await okGql(server, admin.accessToken, DEFINITION, { id })).slaDefinition;

  before(async () => {
    const license = licenseToken({ now: Date.now } as Clock);
    cluster = await startTestCluster(databaseUrl!, { size: 2, env: { ...LICENSE_ENV, SVC_LICENSE_KEY: license } });
    [a, b] = cluster.instances as [TestServer, TestServer];
    await cluster.settled();
    admin = await signInAdmin(a);
  });
  after(async () => {
    await cluster?.close();
  });

  it('shows on B within 2 s an SLA definition created through A, its target and its assignment', async () => {
    const created = await okGql(a, admin.accessToken, CREATE_DEFINITION, {
      i: { name: 'shared-gold', targetPercent: 99.5, period: 'MONTH' },
    });
    const id = created.createSLADefinition.id;
    const service = await serviceOnA('shared-sla-checkout');
    await okGql(a, admin.accessToken, 'mutation($i: CreateSLATargetInput!) { createSLATarget(input: $i) { id } }', {
      i: { definitionId: id, scope: 'SERVICE', scopeValue: service, targetPercent: 99.9 },
    });
    await okGql(a, admin.accessToken, ASSIGN, { i: { definitionId: id, serviceId: service } });
    await within('B shows the definition with its target and assignment', async () => {
      const seen = await definitionOn(b, id);
      return seen?.targetPercent === 99.5 && seen.targets[0]?.targetPercent === 99.9 && seen.assignments.length === 1;
    });
  });

  it('shows on B within 2 s a definition changed through A, and forgets it with its assignments once deleted', async () => {
    const created = await okGql(a, admin.accessToken, CREATE_DEFINITION, {
      i: { name: 'shared-silver', targetPercent: 99, period: 'WEEK' },
    });
    const id = created.createSLADefinition.id;
    await okGql(a, admin.accessToken, ASSIGN, { i: { definitionId: id, serviceId: await serviceOnA('shared-sla-search') } });
    await within('B knows the definition', async () => (await definitionOn(b, id))?.assignments.length === 1);
    await okGql(a, admin.accessToken, 'mutation($id: ID!) { updateSLADefinition(id: $id, input: { targetPercent: 98 }) { id } }', { id });
    await within('B shows the new target', async () => (await definitionOn(b, id))?.targetPercent === 98);
    await okGql(a, admin.accessToken, 'mutation($id: ID!) { deleteSLADefinition(id: $id) }', { id });
    await within('B no longer knows the definition', async () => (await definitionOn(b, id)) === null);
    const named = await okGql(b, admin.accessToken, 'query { slaDefinitions { id } }');
    assert.ok(!named.slaDefinitions.some((d: { id: string }) => d.id === id));
  });

  it('offers on B within 2 s a catalog item imported through A in a template', async () => {
    const group = await gql(a, 'mutation { createGroup(input: { name: "Shared desk" }) { id } }', undefined, admin.accessToken);
    assert.equal(group.errors, undefined, group.text);
    await imported(a, fullTemplate('Shared desk'));
    await within('B offers the imported item', async () => {
      const items = await okGql(b, admin.accessToken, '{ availableCatalogItems { name } }');
      return items.availableCatalogItems.some((item: { name: string }) => item.name === 'New laptop');
    });
  });

  it('numbers the tickets raised through A and B in turn without taking one number twice', async () => {
    const numbers: string[] = [];
    for (let i = 0; i < 6; i++) numbers.push((await createTicket(i % 2 === 0 ? a : b, admin, { title: `turn ${i}` })).number);
    assert.equal(new Set(numbers).size, numbers.length, numbers.join());
    assert.deepEqual([...numbers].sort(), numbers, 'each later than the one before');
  });

  it('shows on B within 2 s a watcher added through A', async () => {
    const ticket = await createTicket(a, admin, { title: 'watched across instances' });
    const people = await ticketPeople(a, admin, 'shared-watch');
    const watched = await gql(
      a,
      'mutation($t: ID!, $u: ID) { watchTicket(ticketId: $t, userId: $u) { since } }',
      { t: ticket.id, u: people.operator.userId },
      admin.accessToken,
    );
    assert.equal(watched.errors, undefined, watched.text);
    await within('B lists the watcher', async () => {
      const seen = await okGql(b, admin.accessToken, 'query($t: ID!) { ticketWatchers(ticketId: $t) { userId } }', { t: ticket.id });
      return seen.ticketWatchers.some((w: { userId: string }) => w.userId === people.operator.userId);
    });
  });

  it('shows on B at once a notification read and then deleted through A (no instance holds the inbox)', async () => {
    const people = await ticketPeople(a, admin, 'shared-inbox');
    await ticketOf(a, people);
    const token = people.assignee.accessToken;
    const inbox = async (server: TestServer) => (await okGql(server, token, '{ notifications { id readAt } }')).notifications;
    const [notice] = await eventually(async () => ((await inbox(a)).length > 0 ? inbox(a) : undefined), 'a notice', BOUND_MS);
    await okGql(a, token, 'mutation($id: ID!) { markNotificationRead(id: $id) { id } }', { id: notice.id });
    assert.ok((await inbox(b)).find((n: { id: string }) => n.id === notice.id)?.readAt);
    await okGql(a, token, 'mutation($id: ID!) { deleteNotification(id: $id) }', { id: notice.id });
    assert.equal(
      (await inbox(b)).find((n: { id: string }) => n.id === notice.id),
      undefined,
    );
  });
});
