/**
 * Listing services over GraphQL (issue 3): each filter of `services` and `serviceCount`, pages
 * (limit/offset, ordered by name then node), the page-size bound, and services changed through
 * GraphQL surviving a restart of the server on the same store.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { durableStore, testBackends } from '../../../support/backends.js';
import { BOOTSTRAP_ENV, gql, personWithRole, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

const UPDATE = 'mutation($id: ID!, $i: UpdateServiceInput!) { updateService(id: $id, input: $i) { id } }';
const LIST =
  'query($f: ServiceFilter, $limit: Int, $offset: Int) { services(filter: $f, limit: $limit, offset: $offset) { name nodeId } serviceCount(filter: $f) }';

for (const backend of testBackends()) {
  describe(`GraphQL services: filters and pages (${backend.name})`, () => {
    const clock = createManualClock();
    let t: TestServer;
    let admin: SignedIn;
    let user: SignedIn;
    let teamId: string;
    let ownerId: string;
    before(async () => {
      t = await startTestServer(backend, { clock, env: BOOTSTRAP_ENV });
      admin = await signInAdmin(t);
      user = await personWithRole(t, admin, 'USER');
      ownerId = (await personWithRole(t, admin, 'OPERATOR')).userId;
      teamId = (await gql(t, 'mutation { createGroup(input: { name: "payments-team" }) { id } }', undefined, admin.accessToken)).data
        .createGroup.id;

      // The fleet every test below lists: (node, name, registration extras, sync status).
      const fleet: Array<[string, string, Record<string, unknown>, string]> = [
        ['eu/prod/k8s-1/pay', 'pay-api', { namespace: 'payments', displayName: 'Payments API' }, 'OPERATIONAL'],
        ['eu/prod/k8s-1/pay', 'pay-db', { namespace: 'payments', serviceType: 'database', criticality: 'critical' }, 'DOWN'],
        ['eu/prod/k8s-2/shop', 'shop-web', { namespace: 'shop', tags: ['frontend'] }, 'DEGRADED'],
        ['eu/prod', 'edge-lb', { tags: ['frontend', 'edge'] }, 'OPERATIONAL'],
        ['us/prod/k8s-1/pay', 'pay-api', { namespace: 'payments' }, 'MAINTENANCE'],
        ['us/dev', 'sandbox', {}, 'UNKNOWN'],
      ];
      for (const [nodeId, name, extra] of fleet) {
        const res = await t.call('POST', '/api/v1/operator/register', { name, nodeId, ...extra });
        assert.equal(res.status, 201, res.text);
      }
      for (const [nodeId, name, , status] of fleet) {
        if (status === 'UNKNOWN') continue;
        const slaGroup = name === 'pay-db' || nodeId.startsWith('us/') ? 'gold' : undefined;
        const res = await t.call('POST', '/api/v1/operator/status', {
          nodeId,
          services: [{ name, status, ...(slaGroup ? { slaGroup } : {}) }],
        });
        assert.equal(res.json.updated, 1, res.text);
      }
      const payApi = t.server.fleet.services.find('eu/prod/k8s-1/pay', 'pay-api')!.id;
      const payDb = t.server.fleet.services.find('eu/prod/k8s-1/pay', 'pay-db')!.id;
      assert.equal((await gql(t, UPDATE, { id: payApi, i: { ownerId, teamId } }, admin.accessToken)).errors, undefined);
      assert.equal((await gql(t, UPDATE, { id: payDb, i: { teamId } }, admin.accessToken)).errors, undefined);
    });
    after(() => t.close());

    const list = async (filter: Record<string, unknown> | null, page: { limit?: number; offset?: number } = {}) => {
      const res = await gql(t, LIST, { f: filter, ...page }, user.accessToken);
      assert.equal(res.errors, undefined, res.text);
      return {
        names: res.data.services.map((s: { name: string; nodeId: string }) => `${s.nodeId}/${s.name}`),
        count: res.data.serviceCount as number,
      };
    };

    it('without a filter lists every service ordered by name, then node, and counts them', async () => {
      assert.deepEqual(await list(null), {
        names: [
          'eu/prod/edge-lb',
          'eu/prod/k8s-1/pay/pay-api',
          'us/prod/k8s-1/pay/pay-api',
          'eu/prod/k8s-1/pay/pay-db',
          'us/dev/sandbox',
          'eu/prod/k8s-2/shop/shop-web',
        ],
        count: 6,
      });
    });

    const filters: Array<[string, Record<string, unknown>, string[]]> = [
      [
        'status keeps services in any of the listed statuses',
        { status: ['DOWN', 'DEGRADED'] },
        ['eu/prod/k8s-1/pay/pay-db', 'eu/prod/k8s-2/shop/shop-web'],
      ],
      [
        'nodeId keeps services at the node and below it',
        { nodeId: 'eu/prod' },
        ['eu/prod/edge-lb', 'eu/prod/k8s-1/pay/pay-api', 'eu/prod/k8s-1/pay/pay-db', 'eu/prod/k8s-2/shop/shop-web'],
      ],
      ['nodeId matches whole path segments', { nodeId: 'eu/pro' }, []],
      ['namespace', { namespace: 'payments' }, ['eu/prod/k8s-1/pay/pay-api', 'us/prod/k8s-1/pay/pay-api', 'eu/prod/k8s-1/pay/pay-db']],
      ['slaGroup', { slaGroup: 'gold' }, ['us/prod/k8s-1/pay/pay-api', 'eu/prod/k8s-1/pay/pay-db']],
      ['tag', { tag: 'frontend' }, ['eu/prod/edge-lb', 'eu/prod/k8s-2/shop/shop-web']],
      ['criticality', { criticality: 'critical' }, ['eu/prod/k8s-1/pay/pay-db']],
      ['serviceType', { serviceType: 'database' }, ['eu/prod/k8s-1/pay/pay-db']],
      ['search matches part of the name or display name in any case', { search: 'PAYMENTS' }, ['eu/prod/k8s-1/pay/pay-api']],
      ['search matches part of the name', { search: 'an' }, ['us/dev/sandbox']],
      ['several filters all apply', { nodeId: 'eu', namespace: 'payments', status: ['OPERATIONAL'] }, ['eu/prod/k8s-1/pay/pay-api']],
    ];
    for (const [what, filter, expected] of filters) {
      it(`filter ${what}; serviceCount agrees`, async () => {
        assert.deepEqual(await list(filter), { names: expected, count: expected.length });
      });
    }

    it('filter ownerId keeps the services that person owns; serviceCount agrees', async () => {
      assert.deepEqual(await list({ ownerId }), { names: ['eu/prod/k8s-1/pay/pay-api'], count: 1 });
    });

    it('filter teamId keeps the services of that group; serviceCount agrees', async () => {
      assert.deepEqual(await list({ teamId }), { names: ['eu/prod/k8s-1/pay/pay-api', 'eu/prod/k8s-1/pay/pay-db'], count: 2 });
    });

    it('limit and offset take a page of the ordered list; serviceCount counts all matches', async () => {
      assert.deepEqual(await list(null, { limit: 2, offset: 1 }), {
        names: ['eu/prod/k8s-1/pay/pay-api', 'us/prod/k8s-1/pay/pay-api'],
        count: 6,
      });
      assert.deepEqual(await list({ nodeId: 'eu/prod' }, { limit: 2, offset: 3 }), { names: ['eu/prod/k8s-2/shop/shop-web'], count: 4 });
      assert.deepEqual(await list(null, { limit: 3, offset: 6 }), { names: [], count: 6 });
      assert.deepEqual(await list(null, { limit: 0 }), { names: [], count: 6 });
    });

    it('a page follows a service created later into its place by name', async () => {
      const res = await gql(
        t,
        'mutation { createService(input: { name: "pay-cache", nodeId: "eu/prod/k8s-1/pay" }) { id } }',
        undefined,
        admin.accessToken,
      );
      try {
        assert.deepEqual((await list({ nodeId: 'eu/prod/k8s-1' }, { limit: 2, offset: 1 })).names, [
          'eu/prod/k8s-1/pay/pay-cache',
          'eu/prod/k8s-1/pay/pay-db',
        ]);
      } finally {
        await gql(t, 'mutation($id: ID!) { deleteService(id: $id) }', { id: res.data.createService.id }, admin.accessToken);
      }
    });

    it('limit above 1000 is refused with BAD_USER_INPUT', async () => {
      const res = await gql(t, '{ services(limit: 1001) { id } }', undefined, user.accessToken);
      assert.deepEqual(res.codes, ['BAD_USER_INPUT']);
      assert.match(res.errors![0].message, /1000/);
    });

    it('limit of exactly 1000 is accepted', async () => {
      const res = await gql(t, '{ services(limit: 1000) { id } }', undefined, user.accessToken);
      assert.equal(res.errors, undefined, res.text);
      assert.equal(res.data.services.length, 6);
    });

    it('a negative offset is refused with BAD_USER_INPUT', async () => {
      const res = await gql(t, '{ services(offset: -1) { id } }', undefined, user.accessToken);
      assert.deepEqual(res.codes, ['BAD_USER_INPUT']);
    });
  });

  describe(`GraphQL services across a restart (${backend.name})`, () => {
    it('services created and changed through GraphQL keep every field after a restart on the same store', async () => {
      const clock = createManualClock();
      const store = await durableStore(backend);
      const query = `query($id: ID!) { service(id: $id) {
        name nodeId displayName status statusMessage tags metadata owner { username } team { name }
        dependencies { targetService { name } dependencyType } dependents { sourceService { name } dependencyType } } }`;
      let id: string;
      let before: unknown;
      try {
        const first = await startTestServer(backend, { clock, store: store.forRun(), env: BOOTSTRAP_ENV });
        try {
          const admin = await signInAdmin(first);
          const team = (await gql(first, 'mutation { createGroup(input: { name: "durable-team" }) { id } }', undefined, admin.accessToken))
            .data.createGroup.id;
          const create = async (input: Record<string, unknown>) => {
            const res = await gql(
              first,
              'mutation($i: CreateServiceInput!) { createService(input: $i) { id } }',
              { i: input },
              admin.accessToken,
            );
            assert.equal(res.errors, undefined, res.text);
            return res.data.createService.id as string;
          };
          const target = await create({ name: 'durable-db', nodeId: 'eu/prod/k8s-1/durable' });
          id = await create({
            name: 'durable-api',
            nodeId: 'eu/prod/k8s-1/durable',
            displayName: 'Durable API',
            tags: ['api'],
            metadata: '{"tier":1,"links":{"runbook":"https://runbooks/durable","wiki":"https://wiki/durable"}}',
            ownerId: admin.userId,
            teamId: team,
            dependencies: [{ targetServiceId: target, dependencyType: 'data' }],
          });
          await create({ name: 'durable-web', nodeId: 'eu/prod/k8s-1/durable', dependencies: [{ targetServiceId: id }] });
          clock.advance(60_000);
          const updated = await gql(first, UPDATE, { id, i: { status: 'DEGRADED', statusMessage: 'slow' } }, admin.accessToken);
          assert.equal(updated.errors, undefined, updated.text);
          before = (await gql(first, query, { id }, admin.accessToken)).data.service;
        } finally {
          await first.close();
        }

        const second = await startTestServer(backend, { clock, store: store.forRun(), env: BOOTSTRAP_ENV });
        try {
          const admin = await signInAdmin(second);
          const after = (await gql(second, query, { id }, admin.accessToken)).data.service;
          assert.deepEqual(after, before);
          assert.deepEqual(after, {
            name: 'durable-api',
            nodeId: 'eu/prod/k8s-1/durable',
            displayName: 'Durable API',
            status: 'DEGRADED',
            statusMessage: 'slow',
            tags: ['api'],
            // Keys in sorted order, the same text before and after the restart (jsonb stores its own order).
            metadata: '{"links":{"runbook":"https://runbooks/durable","wiki":"https://wiki/durable"},"tier":1}',
            owner: { username: 'admin' },
            team: { name: 'durable-team' },
            dependencies: [{ targetService: { name: 'durable-db' }, dependencyType: 'data' }],
            dependents: [{ sourceService: { name: 'durable-web' }, dependencyType: 'runtime' }],
          });
          // The status interval opened before the restart is the one a later change closes.
          clock.advance(60_000);
          await gql(second, UPDATE, { id, i: { status: 'OPERATIONAL' } }, admin.accessToken);
          const intervals = await second.server.database
            .knex('status_intervals')
            .where({ service_id: id })
            .orderBy('seq')
            .select('seq', 'status', 'ended_at');
          assert.deepEqual(
            intervals.map((i) => [i.seq, i.status, i.ended_at === null]),
            [
              [1, 'UNKNOWN', false],
              [2, 'DEGRADED', false],
              [3, 'OPERATIONAL', true],
            ],
          );
        } finally {
          await second.close();
        }
      } finally {
        await store.dispose();
      }
    });
  });
}
