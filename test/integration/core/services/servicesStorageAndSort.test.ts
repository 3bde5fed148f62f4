/**
 * Issue 27, item D ("problems that hide"): a storage report in warning or critical shows where operators look
 * for trouble (the hierarchy's status summaries, a storageState filter on the GraphQL and REST lists, the
 * dashboard) without changing the service status, and the services list sorts on the server by status (worst
 * first), name and last update, both directions, page by page, the same after a restart.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock, type ManualClock } from '../../../../src/platform/scheduler/index.js';
import { durableStore, testBackends } from '../../../support/backends.js';
import { BOOTSTRAP_ENV, gql, personWithRole, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

const LIST = `query($f: ServiceFilter, $s: ServiceSort, $limit: Int, $offset: Int) {
  services(filter: $f, sort: $s, limit: $limit, offset: $offset) { name nodeId status } serviceCount(filter: $f) }`;
const SUMMARY = 'query($id: ID!) { operationsNode(id: $id) { statusSummary { unknown total storageWarning storageCritical } } }';

/** The fleet, one step per second of the manual clock (so every last update differs). */
async function pushFleet(t: TestServer, clock: ManualClock): Promise<void> {
  const health = (nodeId: string, service: string, status: string, message?: string) =>
    t.call('POST', '/api/v1/health/report', { service, nodeId, status, ...(message ? { message } : {}) });
  // free share: 1000 allocated, (1000 - used) / 10 percent free.
  const storage = (nodeId: string, service: string, usedBytes: number) =>
    t.call('POST', '/api/v1/storage/report', { service, nodeId, allocatedBytes: 1000, usedBytes });
  const steps: Array<() => Promise<{ status: number; text: string }>> = [
    () => health('eu/prod/db', 'pg-main', 'DOWN'),
    () => health('eu/prod/web', 'api', 'OPERATIONAL'),
    () => health('eu/prod/web', 'cache', 'DEGRADED'),
    () => health('us/prod/web', 'api', 'OPERATIONAL'),
    () => health('us/prod/web', 'auth', 'OPERATIONAL'),
    () => health('us/dev', 'sandbox', 'MAINTENANCE'),
    () => storage('eu/prod/db', 'pg-replica', 930), // 7 % free: critical; the service is new, so UNKNOWN
    () => storage('eu/prod/web', 'api', 800), // 20 %: warning
    () => storage('us/prod/web', 'api', 500), // 50 %: healthy
    () => storage('eu/prod/db', 'pg-main', 950), // 5 %: critical
    () => health('eu/prod/web', 'cache', 'DEGRADED', 'evictions'), // same status, new message: only its last update moves
  ];
  for (const step of steps) {
    clock.advance(1000);
    const res = await step();
    assert.ok(res.status === 200 || res.status === 201, res.text);
  }
}

const BY_NAME = [
  'eu/prod/web/api',
  'us/prod/web/api',
  'us/prod/web/auth',
  'eu/prod/web/cache',
  'eu/prod/db/pg-main',
  'eu/prod/db/pg-replica',
  'us/dev/sandbox',
];
// DOWN, DEGRADED, UNKNOWN, MAINTENANCE, OPERATIONAL; within OPERATIONAL storage warning before healthy or none.
const BY_STATUS = [
  'eu/prod/db/pg-main',
  'eu/prod/web/cache',
  'eu/prod/db/pg-replica',
  'us/dev/sandbox',
  'eu/prod/web/api',
  'us/prod/web/api',
  'us/prod/web/auth',
];
const BY_UPDATE = [
  'us/prod/web/auth',
  'us/dev/sandbox',
  'eu/prod/db/pg-replica',
  'eu/prod/web/api',
  'us/prod/web/api',
  'eu/prod/db/pg-main',
  'eu/prod/web/cache',
];
const ORDERS: Array<[string, string, string[]]> = [
  ['NAME', 'ASC', BY_NAME],
  ['NAME', 'DESC', [...BY_NAME].reverse()],
  ['STATUS', 'ASC', BY_STATUS],
  ['STATUS', 'DESC', [...BY_STATUS].reverse()],
  ['UPDATED_AT', 'ASC', BY_UPDATE],
  ['UPDATED_AT', 'DESC', [...BY_UPDATE].reverse()],
];

for (const backend of testBackends()) {
  describe(`Storage trouble and sorted service lists (${backend.name})`, () => {
    const clock = createManualClock();
    let t: TestServer;
    let user: SignedIn;
    before(async () => {
      t = await startTestServer(backend, { clock, env: BOOTSTRAP_ENV });
      user = await personWithRole(t, await signInAdmin(t), 'USER');
      await pushFleet(t, clock);
    });
    after(() => t.close());

    const list = async (vars: Record<string, unknown>) => {
      const res = await gql(t, LIST, vars, user.accessToken);
      assert.equal(res.errors, undefined, res.text);
      return {
        names: res.data.services.map((s: { name: string; nodeId: string }) => `${s.nodeId}/${s.name}`) as string[],
        count: res.data.serviceCount as number,
      };
    };
    const summary = async (id: string) => {
      const res = await gql(t, SUMMARY, { id }, user.accessToken);
      assert.equal(res.errors, undefined, res.text);
      return res.data.operationsNode.statusSummary;
    };

    it('a service created by a storage push at 7 % free stays UNKNOWN (no status is invented)', async () => {
      const res = await gql(
        t,
        '{ services(filter: { search: "pg-replica" }) { status storage { status freePercent } } }',
        undefined,
        user.accessToken,
      );
      assert.deepEqual(res.data.services, [{ status: 'UNKNOWN', storage: { status: 'critical', freePercent: 7 } }]);
    });

    it('the storageState filter keeps services whose latest storage report is in the listed states', async () => {
      assert.deepEqual(await list({ f: { storageState: ['CRITICAL'] } }), {
        names: ['eu/prod/db/pg-main', 'eu/prod/db/pg-replica'],
        count: 2,
      });
      assert.deepEqual(await list({ f: { storageState: ['WARNING', 'CRITICAL'] } }), {
        names: ['eu/prod/web/api', 'eu/prod/db/pg-main', 'eu/prod/db/pg-replica'],
        count: 3,
      });
      assert.deepEqual(await list({ f: { storageState: ['HEALTHY'] } }), { names: ['us/prod/web/api'], count: 1 });
    });

    it('the storageState filter combines with the other filters and with a sort', async () => {
      assert.deepEqual(await list({ f: { storageState: ['WARNING', 'CRITICAL'], nodeId: 'eu/prod/db' }, s: { field: 'STATUS' } }), {
        names: ['eu/prod/db/pg-main', 'eu/prod/db/pg-replica'],
        count: 2,
      });
      assert.deepEqual(await list({ f: { storageState: ['WARNING', 'CRITICAL'], status: ['OPERATIONAL'] } }), {
        names: ['eu/prod/web/api'],
        count: 1,
      });
    });

    it("a node's status summary counts storage warning and critical at the node and below it", async () => {
      assert.deepEqual(await summary('eu'), { unknown: 1, total: 4, storageWarning: 1, storageCritical: 2 });
      assert.deepEqual(await summary('eu/prod/db'), { unknown: 1, total: 2, storageWarning: 0, storageCritical: 2 });
      assert.deepEqual(await summary('eu/prod/web'), { unknown: 0, total: 2, storageWarning: 1, storageCritical: 0 });
      assert.deepEqual(await summary('us'), { unknown: 0, total: 3, storageWarning: 0, storageCritical: 0 });
    });

    it('the dashboard counts services with storage warning and critical', async () => {
      const res = await gql(
        t,
        '{ dashboardStats { totalServices storageWarningCount storageCriticalCount } }',
        undefined,
        user.accessToken,
      );
      assert.equal(res.errors, undefined, res.text);
      assert.deepEqual(res.data.dashboardStats, { totalServices: 7, storageWarningCount: 1, storageCriticalCount: 2 });
    });

    it('the REST service list takes storageState, sort and direction', async () => {
      const res = await t.call('GET', '/api/v1/operator/services?nodeId=eu&storageState=warning,critical&sort=status&direction=desc');
      assert.equal(res.status, 200, res.text);
      assert.equal(res.json.count, 3);
      assert.deepEqual(
        res.json.services.map((s: { externalId: string }) => s.externalId),
        ['eu/prod/web/api', 'eu/prod/db/pg-replica', 'eu/prod/db/pg-main'],
      );
    });

    it('the REST service list pages a sorted list with limit and offset; count is every match', async () => {
      const res = await t.call('GET', '/api/v1/operator/services?nodeId=us&sort=updatedAt&direction=desc&limit=2&offset=1');
      assert.equal(res.status, 200, res.text);
      assert.equal(res.json.count, 3);
      assert.deepEqual(
        res.json.services.map((s: { externalId: string }) => s.externalId),
        ['us/dev/sandbox', 'us/prod/web/auth'],
      );
    });

    for (const [field, direction, expected] of ORDERS) {
      it(`sort ${field} ${direction} orders the whole list and pages through it without gaps or repeats`, async () => {
        assert.deepEqual((await list({ s: { field, direction } })).names, expected);
        const paged: string[] = [];
        for (let offset = 0; offset < expected.length; offset += 3)
          paged.push(...(await list({ s: { field, direction }, limit: 3, offset })).names);
        assert.deepEqual(paged, expected);
      });
    }

    it('sort direction defaults to ASC', async () => {
      assert.deepEqual((await list({ s: { field: 'STATUS' } })).names, BY_STATUS);
    });

    it('a status change moves the service in the status order at once', async () => {
      clock.advance(1000);
      assert.equal((await t.call('POST', '/api/v1/health/report', { service: 'auth', nodeId: 'us/prod/web', status: 'DOWN' })).status, 200);
      try {
        assert.deepEqual((await list({ s: { field: 'STATUS' }, limit: 2 })).names, ['eu/prod/db/pg-main', 'us/prod/web/auth']);
        assert.deepEqual((await list({ s: { field: 'UPDATED_AT', direction: 'DESC' }, limit: 1 })).names, ['us/prod/web/auth']);
      } finally {
        clock.advance(1000);
        await t.call('POST', '/api/v1/health/report', { service: 'auth', nodeId: 'us/prod/web', status: 'OPERATIONAL' });
      }
    });

    it('a storage report that recovers takes the service out of the counts and the filter', async () => {
      clock.advance(1000);
      assert.equal(
        (
          await t.call('POST', '/api/v1/storage/report', {
            service: 'pg-replica',
            nodeId: 'eu/prod/db',
            allocatedBytes: 1000,
            usedBytes: 100,
          })
        ).status,
        200,
      );
      try {
        assert.deepEqual(await summary('eu/prod/db'), { unknown: 1, total: 2, storageWarning: 0, storageCritical: 1 });
        assert.deepEqual((await list({ f: { storageState: ['CRITICAL'] } })).names, ['eu/prod/db/pg-main']);
      } finally {
        clock.advance(1000);
        await t.call('POST', '/api/v1/storage/report', {
          service: 'pg-replica',
          nodeId: 'eu/prod/db',
          allocatedBytes: 1000,
          usedBytes: 930,
        });
      }
    });

    const invalidGraphql: Array<[string, string]> = [
      ['an unknown sort field', '{ services(sort: { field: POPULARITY }) { id } }'],
      ['an unknown direction', '{ services(sort: { field: NAME, direction: SIDEWAYS }) { id } }'],
      ['a sort without a field', '{ services(sort: { direction: ASC }) { id } }'],
      ['a sort field as text', '{ services(sort: { field: "name" }) { id } }'],
      ['an unknown storage state', '{ services(filter: { storageState: [FULL] }) { id } }'],
    ];
    for (const [what, query] of invalidGraphql) {
      it(`GraphQL refuses ${what} with an error that names the argument`, async () => {
        const res = await gql(t, query, undefined, user.accessToken);
        assert.equal(res.data, undefined);
        assert.ok(res.errors?.length, res.text);
        assert.match(res.errors![0]!.message, /ServiceSortField|ServiceSortDirection|ServiceSort|StorageState/, res.text);
      });
    }

    const invalidRest: Array<[string, string, RegExp]> = [
      ['sort=popularity', 'an unknown sort', /"sort" must be one of status, name, updatedAt; got "popularity"/],
      ['sort=name&direction=up', 'an unknown direction', /"direction" must be asc or desc; got "up"/],
      [
        'storageState=warning,full',
        'an unknown storage state',
        /"storageState" must be a comma-separated list of healthy, warning, critical; got "full"/,
      ],
      ['limit=-1', 'a negative limit', /"limit" must be a whole number from 0 to 1000; got "-1"/],
      ['limit=1001', 'a limit over 1000', /"limit" must be a whole number from 0 to 1000/],
      ['offset=x', 'an offset that is no number', /"offset" must be a whole number 0 or more; got "x"/],
    ];
    for (const [query, what, message] of invalidRest) {
      it(`REST refuses ${what} with 400 and a message that names the parameter`, async () => {
        const res = await t.call('GET', `/api/v1/operator/services?nodeId=eu&${query}`);
        assert.equal(res.status, 400, res.text);
        assert.match(res.json.error, message);
      });
    }
  });

  describe(`Storage trouble through a person's environments (${backend.name})`, () => {
    it('counts, summaries and the filter hold only the services of the environments a person may see', async () => {
      const clock = createManualClock();
      const t = await startTestServer(backend, { clock, env: BOOTSTRAP_ENV });
      try {
        await pushFleet(t, clock);
        const admin = await signInAdmin(t);
        const person = await personWithRole(t, admin, 'USER');
        const ok = async (query: string, variables: Record<string, unknown> | undefined, token: string) => {
          const res = await gql(t, query, variables, token);
          assert.equal(res.errors, undefined, res.text);
          return res.data;
        };
        const group = (await ok('mutation { createGroup(input: { name: "web-team" }) { id } }', undefined, admin.accessToken)).createGroup
          .id;
        await ok(
          'mutation($g: ID!, $u: ID!) { addUserToGroup(groupId: $g, userId: $u) { id } }',
          { g: group, u: person.userId },
          admin.accessToken,
        );
        const environment = (
          await ok('mutation { createEnvironment(input: { name: "eu-web", paths: ["eu/prod/web"] }) { id } }', undefined, admin.accessToken)
        ).createEnvironment.id;
        await ok(
          'mutation($g: ID!, $e: ID!) { setGroupEnvironmentAccess(groupId: $g, environmentId: $e, level: READ) { level } }',
          { g: group, e: environment },
          admin.accessToken,
        );
        // The databases are an environment the person is not granted (paths in no environment stay open to all).
        await ok('mutation { createEnvironment(input: { name: "eu-db", paths: ["eu/prod/db"] }) { id } }', undefined, admin.accessToken);
        const seen = await ok(
          `{ dashboardStats { storageWarningCount storageCriticalCount }
             operationsNode(id: "eu") { statusSummary { storageWarning storageCritical } }
             services(filter: { storageState: [WARNING, CRITICAL] }) { name nodeId } serviceCount(filter: { storageState: [WARNING, CRITICAL] }) }`,
          undefined,
          person.accessToken,
        );
        assert.deepEqual(seen, {
          dashboardStats: { storageWarningCount: 1, storageCriticalCount: 0 },
          operationsNode: { statusSummary: { storageWarning: 1, storageCritical: 0 } },
          services: [{ name: 'api', nodeId: 'eu/prod/web' }],
          serviceCount: 1,
        });
      } finally {
        await t.close();
      }
    });
  });

  describe(`Sorted service lists across a restart (${backend.name})`, () => {
    it('the status and last-update orders are the same after a restart on the same store', async () => {
      const clock = createManualClock();
      const store = await durableStore(backend);
      try {
        const orders = async (t: TestServer) => {
          const admin = await signInAdmin(t);
          const out: string[][] = [];
          for (const field of ['STATUS', 'UPDATED_AT']) {
            const res = await gql(t, LIST, { s: { field } }, admin.accessToken);
            assert.equal(res.errors, undefined, res.text);
            out.push(res.data.services.map((s: { name: string; nodeId: string }) => `${s.nodeId}/${s.name}`));
          }
          const counts = await gql(t, SUMMARY, { id: 'eu' }, admin.accessToken);
          return { out, counts: counts.data.operationsNode.statusSummary };
        };
        const first = await startTestServer(backend, { clock, store: store.forRun(), env: BOOTSTRAP_ENV });
        let before: Awaited<ReturnType<typeof orders>>;
        try {
          await pushFleet(first, clock);
          before = await orders(first);
          assert.deepEqual(before.out, [BY_STATUS, BY_UPDATE]);
        } finally {
          await first.close();
        }
        const second = await startTestServer(backend, { clock, store: store.forRun(), env: BOOTSTRAP_ENV });
        try {
          assert.deepEqual(await orders(second), before);
        } finally {
          await second.close();
        }
      } finally {
        await store.dispose();
      }
    });
  });
}
