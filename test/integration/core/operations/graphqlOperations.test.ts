/**
 * The hierarchy and its agents over GraphQL (issue 3): operationsNodes, operationsNode,
 * operationsRootNodes, operationsNodeChildren (children, serviceCount, statusSummary, agent),
 * deleteOperationsNode (admins only; cascade), agents with their last heartbeat and online flag,
 * and which roles may call each. Services and agents come from the machine endpoints, as in
 * production; deletions are checked in the database.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends } from '../../../support/backends.js';
import { BOOTSTRAP_ENV, gql, personWithRole, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { iso } from '../../../support/time.js';

const REGISTER = '/api/v1/operator/register';
const STATUS = '/api/v1/operator/status';
const HEARTBEAT = '/api/v1/operator/heartbeat';
const DELETE_NODE =
  'mutation($id: ID!, $cascade: Boolean) { deleteOperationsNode(id: $id, cascade: $cascade) { deletedNodes deletedServices } }';
const NODE = /* GraphQL */ `
  query($id: ID!) {
    operationsNode(id: $id) {
      id path name depth parentPath parent { path } childCount children { path } serviceCount
      statusSummary { operational degraded down maintenance unknown total }
      services { name } agent { nodeId version }
    }
  }`;
const paths = (nodes: Array<{ path: string }>) => nodes.map((n) => n.path);

for (const backend of testBackends()) {
  describe(`GraphQL hierarchy and agents (${backend.name})`, () => {
    const clock = createManualClock();
    let t: TestServer;
    let admin: SignedIn;
    let operator: SignedIn;
    let user: SignedIn;
    let beatAt: number;
    const tokens = () => ({ ADMIN: admin.accessToken, OPERATOR: operator.accessToken, USER: user.accessToken });

    const register = async (nodeId: string, name: string, status?: string) => {
      const res = await t.call('POST', REGISTER, { name, nodeId });
      assert.ok(res.status === 201 || res.status === 200, res.text);
      // A health push changes the status without making the node an agent's (a status sync would).
      if (status) assert.equal((await t.call('POST', '/api/v1/health/report', { service: name, nodeId, status })).status, 200);
      return res.json.service.id as string;
    };

    before(async () => {
      t = await startTestServer(backend, { clock, env: BOOTSTRAP_ENV });
      admin = await signInAdmin(t);
      operator = await personWithRole(t, admin, 'OPERATOR');
      user = await personWithRole(t, admin, 'USER');
      await register('eu/prod/k8s-1/pay', 'pay-api', 'OPERATIONAL');
      await register('eu/prod/k8s-1/pay', 'pay-db', 'DOWN');
      await register('eu/prod/k8s-2/shop', 'shop-web', 'DEGRADED');
      await register('eu/dev', 'dev-box');
      await register('us/prod/k8s-1/crm', 'crm', 'MAINTENANCE');
      beatAt = clock.now();
      const beat = await t.call('POST', HEARTBEAT, {
        nodeId: 'eu/prod/k8s-1',
        version: '2.4.0',
        watchedServices: 2,
        healthyServices: 1,
        unhealthyServices: 1,
      });
      assert.equal(beat.status, 200, beat.text);
    });
    after(() => t.close());

    const db = () => t.server.database.knex;

    describe('reading the hierarchy', () => {
      it('operationsRootNodes lists the top-level nodes ordered by path', async () => {
        const res = await gql(
          t,
          '{ operationsRootNodes { id path name depth parentPath parent { path } childCount } }',
          undefined,
          user.accessToken,
        );
        assert.equal(res.errors, undefined, res.text);
        assert.deepEqual(res.data.operationsRootNodes, [
          { id: 'eu', path: 'eu', name: 'eu', depth: 1, parentPath: null, parent: null, childCount: 2 },
          { id: 'us', path: 'us', name: 'us', depth: 1, parentPath: null, parent: null, childCount: 1 },
        ]);
      });

      it('operationsNode returns a node with its parent, children, service count, status summary and services', async () => {
        const res = await gql(t, NODE, { id: 'eu/prod' }, user.accessToken);
        assert.equal(res.errors, undefined, res.text);
        assert.deepEqual(res.data.operationsNode, {
          id: 'eu/prod',
          path: 'eu/prod',
          name: 'prod',
          depth: 2,
          parentPath: 'eu',
          parent: { path: 'eu' },
          childCount: 2,
          children: [{ path: 'eu/prod/k8s-1' }, { path: 'eu/prod/k8s-2' }],
          serviceCount: 3,
          statusSummary: { operational: 1, degraded: 1, down: 1, maintenance: 0, unknown: 0, total: 3 },
          services: [{ name: 'pay-api' }, { name: 'pay-db' }, { name: 'shop-web' }],
          agent: null,
        });
      });

      it('statusSummary of a root counts every service below it, UNKNOWN included', async () => {
        const res = await gql(
          t,
          '{ operationsNode(id: "eu") { serviceCount statusSummary { operational degraded down maintenance unknown total } } }',
          undefined,
          user.accessToken,
        );
        assert.deepEqual(res.data.operationsNode, {
          serviceCount: 4,
          statusSummary: { operational: 1, degraded: 1, down: 1, maintenance: 0, unknown: 1, total: 4 },
        });
      });

      it('operationsNode shows the agent registered for exactly that node', async () => {
        const res = await gql(
          t,
          '{ operationsNode(id: "eu/prod/k8s-1") { agent { nodeId version watchedServices healthyServices unhealthyServices lastHeartbeatAt } } }',
          undefined,
          user.accessToken,
        );
        assert.deepEqual(res.data.operationsNode.agent, {
          nodeId: 'eu/prod/k8s-1',
          version: '2.4.0',
          watchedServices: 2,
          healthyServices: 1,
          unhealthyServices: 1,
          lastHeartbeatAt: iso(beatAt),
        });
        const child = await gql(t, '{ operationsNode(id: "eu/prod/k8s-1/pay") { agent { nodeId } } }', undefined, user.accessToken);
        assert.equal(child.data.operationsNode.agent, null);
      });

      it('operationsNode takes an id with surrounding slashes and gives null for an unknown node', async () => {
        const res = await gql(
          t,
          '{ a: operationsNode(id: "/us/prod/") { path } b: operationsNode(id: "nowhere") { path } }',
          undefined,
          user.accessToken,
        );
        assert.equal(res.errors, undefined, res.text);
        assert.deepEqual(res.data, { a: { path: 'us/prod' }, b: null });
      });

      it('operationsNodeChildren lists the children ordered by path, in pages', async () => {
        const all = await gql(t, '{ operationsNodeChildren(id: "eu") { path serviceCount } }', undefined, user.accessToken);
        assert.deepEqual(all.data.operationsNodeChildren, [
          { path: 'eu/dev', serviceCount: 1 },
          { path: 'eu/prod', serviceCount: 3 },
        ]);
        const page = await gql(t, '{ operationsNodeChildren(id: "eu", limit: 1, offset: 1) { path } }', undefined, user.accessToken);
        assert.deepEqual(paths(page.data.operationsNodeChildren), ['eu/prod']);
        const leaf = await gql(t, '{ operationsNodeChildren(id: "eu/dev") { path } }', undefined, user.accessToken);
        assert.deepEqual(leaf.data.operationsNodeChildren, []);
      });

      it('operationsNodes lists every node ordered by path', async () => {
        const res = await gql(t, '{ operationsNodes { path } }', undefined, user.accessToken);
        assert.deepEqual(paths(res.data.operationsNodes), [
          'eu',
          'eu/dev',
          'eu/prod',
          'eu/prod/k8s-1',
          'eu/prod/k8s-1/pay',
          'eu/prod/k8s-2',
          'eu/prod/k8s-2/shop',
          'us',
          'us/prod',
          'us/prod/k8s-1',
          'us/prod/k8s-1/crm',
        ]);
      });

      it('operationsNodes filters by part of the path and by depth, in pages', async () => {
        const search = await gql(t, '{ operationsNodes(search: "K8S-1") { path } }', undefined, user.accessToken);
        assert.deepEqual(paths(search.data.operationsNodes), ['eu/prod/k8s-1', 'eu/prod/k8s-1/pay', 'us/prod/k8s-1', 'us/prod/k8s-1/crm']);
        const depth = await gql(t, '{ operationsNodes(depth: 3) { path } }', undefined, user.accessToken);
        assert.deepEqual(paths(depth.data.operationsNodes), ['eu/prod/k8s-1', 'eu/prod/k8s-2', 'us/prod/k8s-1']);
        const page = await gql(
          t,
          '{ operationsNodes(search: "k8s-1", depth: 4, limit: 1, offset: 1) { path } }',
          undefined,
          user.accessToken,
        );
        assert.deepEqual(paths(page.data.operationsNodes), ['us/prod/k8s-1/crm']);
      });

      it('operationsNodes refuses a limit above 1000 with BAD_USER_INPUT', async () => {
        const res = await gql(t, '{ operationsNodes(limit: 1001) { path } }', undefined, user.accessToken);
        assert.deepEqual(res.codes, ['BAD_USER_INPUT']);
      });
    });

    describe('agents', () => {
      it('lists registered agents with their last heartbeat', async () => {
        const res = await gql(
          t,
          '{ agents { nodeId version operatorVersion watchedServices healthyServices unhealthyServices lastHeartbeatAt lastStatusSyncAt online createdAt } }',
          undefined,
          user.accessToken,
        );
        assert.equal(res.errors, undefined, res.text);
        const agent = res.data.agents.find((a: { nodeId: string }) => a.nodeId === 'eu/prod/k8s-1');
        assert.deepEqual(agent, {
          nodeId: 'eu/prod/k8s-1',
          version: '2.4.0',
          operatorVersion: null,
          watchedServices: 2,
          healthyServices: 1,
          unhealthyServices: 1,
          lastHeartbeatAt: iso(beatAt),
          lastStatusSyncAt: null,
          online: true,
          createdAt: iso(beatAt),
        });
      });

      it('an agent known only from status syncs is listed offline with its operatorVersion and lastStatusSyncAt', async () => {
        await t.call('POST', STATUS, { nodeId: 'us/prod/k8s-1', operatorVersion: '3.1.0', services: [] });
        const res = await gql(
          t,
          '{ agents { nodeId operatorVersion lastHeartbeatAt lastStatusSyncAt online } }',
          undefined,
          user.accessToken,
        );
        const agent = res.data.agents.find((a: { nodeId: string }) => a.nodeId === 'us/prod/k8s-1');
        assert.deepEqual(agent, {
          nodeId: 'us/prod/k8s-1',
          operatorVersion: '3.1.0',
          lastHeartbeatAt: null,
          lastStatusSyncAt: iso(clock.now()),
          online: false,
        });
      });

      it('agents are ordered by node and filtered by online', async () => {
        const all = await gql(t, '{ agents { nodeId } }', undefined, user.accessToken);
        assert.deepEqual(
          all.data.agents.map((a: { nodeId: string }) => a.nodeId),
          ['eu/prod/k8s-1', 'us/prod/k8s-1'],
        );
        const online = await gql(t, '{ agents(online: true) { nodeId } }', undefined, user.accessToken);
        assert.deepEqual(online.data.agents, [{ nodeId: 'eu/prod/k8s-1' }]);
        const offline = await gql(t, '{ agents(online: false) { nodeId } }', undefined, user.accessToken);
        assert.deepEqual(offline.data.agents, [{ nodeId: 'us/prod/k8s-1' }]);
        const page = await gql(t, '{ agents(limit: 1, offset: 1) { nodeId } }', undefined, user.accessToken);
        assert.deepEqual(page.data.agents, [{ nodeId: 'us/prod/k8s-1' }]);
      });

      it('online stays true for 90 s after the last heartbeat and turns false after', async () => {
        const online = async () =>
          (await gql(t, '{ agents { nodeId online } }', undefined, user.accessToken)).data.agents.find(
            (a: { nodeId: string }) => a.nodeId === 'eu/prod/k8s-1',
          ).online;
        // The clock only moves forward here (tokens stay valid: they live 15 minutes).
        assert.ok(clock.now() <= beatAt + 90_000);
        clock.set(beatAt + 90_000);
        assert.equal(await online(), true);
        clock.set(beatAt + 90_001);
        assert.equal(await online(), false);
        const node = await gql(
          t,
          '{ operationsNode(id: "eu/prod/k8s-1") { agent { online lastHeartbeatAt } } }',
          undefined,
          user.accessToken,
        );
        assert.deepEqual(node.data.operationsNode.agent, { online: false, lastHeartbeatAt: iso(beatAt) });
        await t.call('POST', HEARTBEAT, { nodeId: 'eu/prod/k8s-1', version: '2.4.1' });
        assert.equal(await online(), true);
      });
    });

    describe('deleteOperationsNode', () => {
      /** A subtree of its own per test: `del-N/a/b` with a service at `del-N/a/b` and one at `del-N/a/c`. */
      let counter = 0;
      const subtree = async (withServices: boolean) => {
        const root = `del-${++counter}`;
        const ids = [await register(`${root}/a/b`, 'svc-b', 'DOWN'), await register(`${root}/a/c`, 'svc-c')];
        if (!withServices) {
          for (const id of ids)
            assert.equal(
              (await gql(t, 'mutation($id: ID!) { deleteService(id: $id) }', { id }, admin.accessToken)).data.deleteService,
              true,
            );
        }
        return { root, ids };
      };
      const nodeRows = (root: string) =>
        db()('nodes').where('path', root).orWhere('path', 'like', `${root}/%`).orderBy('path').pluck('path');

      it('ADMIN deletes a node without services and every node below it, without cascade', async () => {
        const { root } = await subtree(false);
        const res = await gql(t, DELETE_NODE, { id: `${root}/a` }, admin.accessToken);
        assert.equal(res.errors, undefined, res.text);
        assert.deepEqual(res.data.deleteOperationsNode, { deletedNodes: 3, deletedServices: 0 });
        assert.deepEqual(await nodeRows(root), [root]);
        const parent = await gql(t, NODE, { id: root }, admin.accessToken);
        assert.equal(parent.data.operationsNode.childCount, 0);
        assert.equal((await gql(t, NODE, { id: `${root}/a` }, admin.accessToken)).data.operationsNode, null);
      });

      for (const role of ['OPERATOR', 'USER'] as const) {
        it(`${role} gets FORBIDDEN and nothing is deleted`, async () => {
          const { root, ids } = await subtree(true);
          const res = await gql(t, DELETE_NODE, { id: root, cascade: true }, tokens()[role]);
          assert.deepEqual(res.codes, ['FORBIDDEN']);
          assert.deepEqual(await nodeRows(root), [root, `${root}/a`, `${root}/a/b`, `${root}/a/c`]);
          assert.equal((await db()('services').whereIn('id', ids)).length, 2);
        });
      }

      it('without a token the answer is UNAUTHENTICATED and nothing is deleted', async () => {
        const { root } = await subtree(false);
        const res = await gql(t, DELETE_NODE, { id: root });
        assert.deepEqual(res.codes, ['UNAUTHENTICATED']);
        assert.equal((await nodeRows(root)).length, 4);
      });

      it('a node holding services is refused without cascade with BAD_USER_INPUT, and nothing is deleted', async () => {
        const { root, ids } = await subtree(true);
        const res = await gql(t, DELETE_NODE, { id: `${root}/a` }, admin.accessToken);
        assert.deepEqual(res.codes, ['BAD_USER_INPUT']);
        assert.match(res.errors![0].message, /cascade/);
        assert.equal((await nodeRows(root)).length, 4);
        assert.equal((await db()('services').whereIn('id', ids)).length, 2);
      });

      it('cascade deletes the services below the node with their status intervals, and the nodes', async () => {
        const { root, ids } = await subtree(true);
        assert.ok((await db()('status_intervals').whereIn('service_id', ids)).length >= 3);
        const res = await gql(t, DELETE_NODE, { id: `${root}/a`, cascade: true }, admin.accessToken);
        assert.equal(res.errors, undefined, res.text);
        assert.deepEqual(res.data.deleteOperationsNode, { deletedNodes: 3, deletedServices: 2 });
        assert.deepEqual(await nodeRows(root), [root]);
        assert.equal((await db()('services').whereIn('id', ids)).length, 0);
        assert.equal((await db()('status_intervals').whereIn('service_id', ids)).length, 0);
        const listed = await gql(
          t,
          `{ services(filter: { nodeId: "${root}" }) { id } serviceCount(filter: { nodeId: "${root}" }) }`,
          undefined,
          admin.accessToken,
        );
        assert.deepEqual(listed.data, { services: [], serviceCount: 0 });
      });

      it('cascade drops the dependencies services outside the subtree had on deleted services', async () => {
        const { root, ids } = await subtree(true);
        const outside = await register('eu/dev', 'dependent-of-deleted');
        const update = await gql(
          t,
          'mutation($id: ID!, $t: ID!) { updateService(id: $id, input: { dependencies: [{ targetServiceId: $t }] }) { id } }',
          { id: outside, t: ids[0] },
          admin.accessToken,
        );
        assert.equal(update.errors, undefined, update.text);
        await gql(t, DELETE_NODE, { id: root, cascade: true }, admin.accessToken);
        const res = await gql(
          t,
          'query($id: ID!) { service(id: $id) { dependencies { targetService { id } } } }',
          { id: outside },
          admin.accessToken,
        );
        assert.deepEqual(res.data.service.dependencies, []);
        const stored = (await db()('services').where({ id: outside }).first()).dependencies;
        assert.deepEqual(typeof stored === 'string' ? JSON.parse(stored) : stored, []);
        assert.deepEqual(await nodeRows(root), []);
      });

      it('a service can be placed again under a deleted node path', async () => {
        const { root } = await subtree(true);
        await gql(t, DELETE_NODE, { id: root, cascade: true }, admin.accessToken);
        const res = await gql(
          t,
          'mutation($n: String!) { createService(input: { name: "reborn", nodeId: $n }) { nodeId } }',
          { n: `${root}/a/b` },
          admin.accessToken,
        );
        assert.equal(res.errors, undefined, res.text);
        assert.deepEqual(await nodeRows(root), [root, `${root}/a`, `${root}/a/b`]);
      });

      it('an unknown node is NOT_FOUND', async () => {
        const res = await gql(t, DELETE_NODE, { id: 'no/such/node' }, admin.accessToken);
        assert.deepEqual(res.codes, ['NOT_FOUND']);
      });
    });

    describe('who may read', () => {
      const reads: Array<[string, string]> = [
        ['operationsNodes', '{ operationsNodes(limit: 1) { path } }'],
        ['operationsNode', '{ operationsNode(id: "eu") { path } }'],
        ['operationsRootNodes', '{ operationsRootNodes { path } }'],
        ['operationsNodeChildren', '{ operationsNodeChildren(id: "eu") { path } }'],
        ['agents', '{ agents { nodeId } }'],
      ];
      for (const [name, query] of reads) {
        for (const role of ['ADMIN', 'OPERATOR', 'USER'] as const) {
          it(`${role} may call ${name}`, async () => {
            const res = await gql(t, query, undefined, tokens()[role]);
            assert.equal(res.status, 200);
            assert.equal(res.errors, undefined, res.text);
            assert.ok(res.data[name] !== null);
          });
        }
        it(`${name} without a token is UNAUTHENTICATED`, async () => {
          const res = await gql(t, query);
          assert.deepEqual(res.codes, ['UNAUTHENTICATED']);
        });
      }
    });
  });
}
