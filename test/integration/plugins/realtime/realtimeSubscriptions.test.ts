/**
 * Subscriptions over the real graphql-ws client (issue 5): service status from every path that
 * moves it, the node and service filters, the generic entity subscription plugins publish into,
 * notifications, licence changes, role visibility, and fan-out sharing one execution and one
 * publish among subscribers that asked the same thing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends } from '../../../support/backends.js';
import { gql, personWithRole, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { activated, LICENSE_ENV, licenseToken, TOGGLE } from '../../../support/license.js';
import { connectClient, rawSocket, subscribe, waitForSubscribers } from '../../../support/realtime.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

const STATUS = `subscription($id: ID, $node: String) {
  serviceStatusChanged(serviceId: $id, nodePath: $node) { event serviceId previousStatus status message origin changedAt service { name path } }
}`;

for (const backend of testBackends()) {
  describe(`subscriptions (${backend.name})`, () => {
    const clock = createManualClock(Date.now());
    let t: TestServer;
    let admin: SignedIn;
    let n = 0;
    before(async () => {
      t = await startTestServer(backend, { clock, env: LICENSE_ENV });
      admin = await signInAdmin(t);
    });
    after(() => t.close());

    /** A new service (first health push), returning its id. */
    async function newService(nodeId: string, status = 'OPERATIONAL'): Promise<{ id: string; name: string; nodeId: string }> {
      const name = `svc-${++n}`;
      const res = await t.call('POST', '/api/v1/health/report', { service: name, nodeId, status });
      assert.equal(res.status, 200, res.text);
      return { id: res.json.serviceId, name, nodeId };
    }

    const push = async (service: { name: string; nodeId: string }, status: string, message?: string) => {
      const res = await t.call('POST', '/api/v1/health/report', {
        service: service.name,
        nodeId: service.nodeId,
        status,
        ...(message ? { message } : {}),
      });
      assert.equal(res.status, 200, res.text);
    };

    it('delivers service:status_changed from a health push', async () => {
      const service = await newService('eu/prod');
      const client = connectClient(t, { token: admin.accessToken });
      const feed = subscribe(client, STATUS);
      await waitForSubscribers(t, 'service-status:*', 1);
      await push(service, 'DOWN', 'disk full');
      const change = (await feed.data()).serviceStatusChanged;
      assert.deepEqual(
        { ...change, changedAt: undefined },
        {
          event: 'service:status_changed',
          serviceId: service.id,
          previousStatus: 'OPERATIONAL',
          status: 'DOWN',
          message: 'disk full',
          origin: 'agent',
          changedAt: undefined,
          service: { name: service.name, path: `eu/prod/${service.name}` },
        },
      );
      await client.dispose();
    });

    it('delivers status changes from the operator status sync, a GraphQL update and a move to MAINTENANCE', async () => {
      const service = await newService('eu/k8s/payments');
      const client = connectClient(t, { token: admin.accessToken });
      const feed = subscribe(client, STATUS, { id: service.id });
      await waitForSubscribers(t, `service-status:id:${service.id}`, 1);

      const sync = await t.call('POST', '/api/v1/operator/status', {
        nodeId: service.nodeId,
        operatorVersion: '1.0.0',
        services: [{ name: service.name, status: 'DEGRADED' }],
      });
      assert.equal(sync.status, 200, sync.text);
      assert.deepEqual(pick(await feed.data()), { status: 'DEGRADED', previousStatus: 'OPERATIONAL', origin: 'agent' });

      const update = await gql(
        t,
        'mutation($id: ID!) { updateService(id: $id, input: { status: OPERATIONAL, statusMessage: "fixed by hand" }) { status } }',
        { id: service.id },
        admin.accessToken,
      );
      assert.equal(update.errors, undefined, update.text);
      assert.deepEqual(pick(await feed.data()), { status: 'OPERATIONAL', previousStatus: 'DEGRADED', origin: 'api' });

      await push(service, 'MAINTENANCE', 'patching');
      assert.deepEqual(pick(await feed.data()), { status: 'MAINTENANCE', previousStatus: 'OPERATIONAL', origin: 'agent' });
      await client.dispose();
    });

    it('a serviceId subscription hears only that service', async () => {
      const watched = await newService('eu/one');
      const other = await newService('eu/one');
      const client = connectClient(t, { token: admin.accessToken });
      const feed = subscribe(client, STATUS, { id: watched.id });
      await waitForSubscribers(t, `service-status:id:${watched.id}`, 1);
      await push(other, 'DOWN');
      await push(watched, 'DEGRADED');
      const first = (await feed.data()).serviceStatusChanged;
      assert.equal(first.serviceId, watched.id, 'the other service was not delivered before');
      assert.equal(first.status, 'DEGRADED');
      await client.dispose();
    });

    it('a nodePath subscription hears every service below that node and nothing else', async () => {
      const deep = await newService('apac/prod/cluster-1');
      const outside = await newService('americas/prod');
      const client = connectClient(t, { token: admin.accessToken });
      const feed = subscribe(client, STATUS, { node: 'apac/prod' });
      await waitForSubscribers(t, 'service-status:node:apac/prod', 1);
      await push(outside, 'DOWN');
      await push(deep, 'DOWN');
      assert.equal((await feed.data()).serviceStatusChanged.serviceId, deep.id);
      await client.dispose();
    });

    it('refuses serviceId and nodePath together, and an unknown service, with coded errors', async () => {
      const client = connectClient(t, { token: admin.accessToken });
      const both = await subscribe(client, STATUS, { id: 'x', node: 'eu' }).next();
      assert.equal(both.errors[0].extensions.code, 'BAD_USER_INPUT');
      const unknown = await subscribe(client, STATUS, { id: '00000000-0000-0000-0000-000000000000' }).next();
      assert.equal(unknown.errors[0].extensions.code, 'NOT_FOUND');
      await client.dispose();
    });

    it('each subscriber receives what its role may read: an owner e-mail reaches admins only', async () => {
      const owner = await personWithRole(t, admin, 'OPERATOR');
      const service = await newService('eu/owned');
      const set = await gql(
        t,
        'mutation($id: ID!, $o: ID!) { updateService(id: $id, input: { ownerId: $o }) { id } }',
        { id: service.id, o: owner.userId },
        admin.accessToken,
      );
      assert.equal(set.errors, undefined, set.text);
      const user = await personWithRole(t, admin, 'USER');
      const query = 'subscription($id: ID) { serviceStatusChanged(serviceId: $id) { status service { owner { username email } } } }';
      const adminClient = connectClient(t, { token: admin.accessToken });
      const userClient = connectClient(t, { token: user.accessToken });
      const asAdmin = subscribe(adminClient, query, { id: service.id });
      const asUser = subscribe(userClient, query, { id: service.id });
      await waitForSubscribers(t, `service-status:id:${service.id}`, 2);
      await push(service, 'DOWN');
      assert.equal((await asAdmin.data()).serviceStatusChanged.service.owner.email, `${owner.username}@example.com`);
      const seenByUser = (await asUser.data()).serviceStatusChanged.service.owner;
      assert.equal(seenByUser.username, owner.username);
      assert.equal(seenByUser.email, null);
      await adminClient.dispose();
      await userClient.dispose();
    });

    it('subscribers asking the same thing with the same id share one execution and one publish', async () => {
      const service = await newService('eu/shared');
      const clients = [1, 2, 3].map(() => connectClient(t, { token: admin.accessToken, generateID: () => 'dashboard-status' }));
      const feeds = clients.map((c) => subscribe(c, STATUS, { id: service.id }));
      const loner = connectClient(t, { token: admin.accessToken, generateID: () => 'another-id' });
      const lonerFeed = subscribe(loner, STATUS, { id: service.id });
      await waitForSubscribers(t, `service-status:id:${service.id}`, 4);
      const hub = (t.server.app.realtime as unknown as { deps: { hub: { publishedFrames: number } } }).deps.hub;
      const before = hub.publishedFrames;
      await push(service, 'DOWN');
      for (const feed of [...feeds, lonerFeed]) assert.equal((await feed.data()).serviceStatusChanged.status, 'DOWN');
      // One frame for the three sharing "dashboard-status", one for "another-id".
      assert.equal(hub.publishedFrames - before, 2);
      for (const c of [...clients, loner]) await c.dispose();
    });

    it('entityEvents carries service:status_changed and whatever a plugin publishes for the entity', async () => {
      const service = await newService('eu/entity');
      const client = connectClient(t, { token: admin.accessToken });
      const feed = subscribe(
        client,
        'subscription($id: ID!) { entityEvents(entityType: "service", entityId: $id) { event entityType entityId at data } }',
        { id: service.id },
      );
      await waitForSubscribers(t, `entity:service:${service.id}`, 1);
      await push(service, 'DOWN', 'gone');
      const status = (await feed.data()).entityEvents;
      assert.equal(status.event, 'service:status_changed');
      assert.deepEqual(JSON.parse(status.data), {
        service: { id: service.id, name: service.name, path: `eu/entity/${service.name}` },
        previousStatus: 'OPERATIONAL',
        status: 'DOWN',
        message: 'gone',
      });
      t.server.app.realtime.publishEntityEvent('service', service.id, 'ticket:created', { number: 'INC-1' }, clock.now());
      const plugin = (await feed.data()).entityEvents;
      assert.deepEqual({ event: plugin.event, data: JSON.parse(plugin.data) }, { event: 'ticket:created', data: { number: 'INC-1' } });
      await client.dispose();
    });

    it('entityEvents refuses an unknown entity type and an entity that does not exist', async () => {
      const client = connectClient(t, { token: admin.accessToken });
      const query = 'subscription($type: String!, $id: ID!) { entityEvents(entityType: $type, entityId: $id) { event } }';
      const type = await subscribe(client, query, { type: 'spaceship', id: '1' }).next();
      assert.equal(type.errors[0].extensions.code, 'BAD_USER_INPUT');
      assert.match(type.errors[0].message, /known: .*service/);
      const missing = await subscribe(client, query, { type: 'service', id: 'nope' }).next();
      assert.equal(missing.errors[0].extensions.code, 'NOT_FOUND');
      await client.dispose();
    });

    it("notificationReceived tells a service's owner and team, and only them, that it went down", async () => {
      const owner = await personWithRole(t, admin, 'OPERATOR');
      const teammate = await personWithRole(t, admin, 'USER');
      const bystander = await personWithRole(t, admin, 'USER');
      const team = await gql(
        t,
        'mutation($n: String!) { createGroup(input: { name: $n }) { id } }',
        { n: `team-${++n}` },
        admin.accessToken,
      );
      assert.equal(team.errors, undefined, team.text);
      const teamId = team.data.createGroup.id;
      assert.equal(
        (
          await gql(
            t,
            'mutation($g: ID!, $u: ID!) { addUserToGroup(groupId: $g, userId: $u) { id } }',
            { g: teamId, u: teammate.userId },
            admin.accessToken,
          )
        ).errors,
        undefined,
      );
      const service = await newService('eu/notify');
      const set = await gql(
        t,
        'mutation($id: ID!, $o: ID!, $g: ID!) { updateService(id: $id, input: { ownerId: $o, teamId: $g }) { id } }',
        { id: service.id, o: owner.userId, g: teamId },
        admin.accessToken,
      );
      assert.equal(set.errors, undefined, set.text);

      const query = 'subscription { notificationReceived { event notification { type title message entityType entityId read } } }';
      const clients = [owner, teammate, bystander].map((p) => connectClient(t, { token: p.accessToken }));
      const [ownerFeed, teammateFeed, bystanderFeed] = clients.map((c) => subscribe(c, query));
      for (const p of [owner, teammate, bystander]) await waitForSubscribers(t, `notifications:${p.userId}`, 1);
      await push(service, 'DOWN', 'no answer');
      const expected = {
        event: 'notification:new',
        notification: {
          type: 'service.down',
          title: `eu/notify/${service.name} is DOWN`,
          message: 'no answer',
          entityType: 'service',
          entityId: service.id,
          read: false,
        },
      };
      assert.deepEqual(await ownerFeed!.data(), { notificationReceived: expected });
      assert.deepEqual(await teammateFeed!.data(), { notificationReceived: expected });
      // The bystander's first notice is about a service of their own that went down afterwards.
      const theirs = await newService('eu/notify');
      const own = await gql(
        t,
        'mutation($id: ID!, $o: ID!) { updateService(id: $id, input: { ownerId: $o }) { id } }',
        { id: theirs.id, o: bystander.userId },
        admin.accessToken,
      );
      assert.equal(own.errors, undefined, own.text);
      await push(theirs, 'DOWN');
      assert.equal((await bystanderFeed!.data()).notificationReceived.notification.entityId, theirs.id);

      // Stored with the change: listed, counted, marked read.
      const listed = await gql(t, '{ notifications { id type read } unreadNotificationCount }', undefined, owner.accessToken);
      assert.equal(listed.data.unreadNotificationCount, 1);
      assert.equal(listed.data.notifications[0].type, 'service.down');
      const marked = await gql(
        t,
        'mutation($id: ID!) { markNotificationRead(id: $id) { read readAt } }',
        { id: listed.data.notifications[0].id },
        owner.accessToken,
      );
      assert.equal(marked.data.markNotificationRead.read, true);
      assert.equal((await gql(t, '{ unreadNotificationCount }', undefined, owner.accessToken)).data.unreadNotificationCount, 0);
      const foreign = await gql(
        t,
        'mutation($id: ID!) { markNotificationRead(id: $id) { id } }',
        { id: listed.data.notifications[0].id },
        bystander.accessToken,
      );
      assert.deepEqual(foreign.codes, ['NOT_FOUND']);
      assert.equal(
        (await gql(t, '{ notifications { entityId } }', undefined, bystander.accessToken)).data.notifications
          .map((x: any) => x.entityId)
          .join(),
        theirs.id,
      );
      for (const c of clients) await c.dispose();
    });

    it('a subscription the client completes stops and leaves, and its id can start a new one on the same connection', async () => {
      const service = await newService('eu/complete');
      const socket = rawSocket(t);
      await socket.opened;
      socket.send({ type: 'connection_init', payload: { token: admin.accessToken } });
      await socket.nextOfType('connection_ack');
      const channel = `service-status:id:${service.id}`;
      const start = () => socket.send({ id: 'reused', type: 'subscribe', payload: { query: STATUS, variables: { id: service.id } } });
      start();
      await waitForSubscribers(t, channel, 1);
      await push(service, 'DOWN', 'first');
      assert.equal((await socket.nextOfType('next')).payload.data.serviceStatusChanged.message, 'first');

      socket.send({ id: 'reused', type: 'complete' });
      await waitForSubscribers(t, channel, 0);
      await push(service, 'OPERATIONAL', 'unheard');
      start();
      await waitForSubscribers(t, channel, 1);
      await push(service, 'DOWN', 'second');
      const next = await socket.nextOfType('next');
      assert.deepEqual([next.id, next.payload.data.serviceStatusChanged.message], ['reused', 'second']);
      assert.deepEqual(
        socket.received.filter((m) => m.type !== 'pong'),
        [],
        'nothing else: no frame for the completed subscription, no complete echoed',
      );
      socket.ws.close();
      await socket.closed;
      await waitForSubscribers(t, channel, 0);
    });

    it('licenseUpdated announces license:updated when an admin toggles a plugin', async () => {
      await activated(t, licenseToken(clock, { plugins: ['audit', 'sla'] }));
      const client = connectClient(t, { token: admin.accessToken });
      const feed = subscribe(client, 'subscription { licenseUpdated { event reason activePlugins } }');
      await waitForSubscribers(t, 'license', 1);
      const toggled = await gql(t, TOGGLE, { n: 'sla', e: false }, admin.accessToken);
      assert.equal(toggled.errors, undefined, toggled.text);
      assert.deepEqual((await feed.data()).licenseUpdated, {
        event: 'license:updated',
        reason: 'plugin-toggled',
        activePlugins: ['audit'],
      });
      await client.dispose();
    });
  });
}

function pick(data: any): { status: string; previousStatus: string; origin: string } {
  const { status, previousStatus, origin } = data.serviceStatusChanged;
  return { status, previousStatus, origin };
}
