/**
 * dashboardStats and search over GraphQL (issue 3). dashboardStats: zeros only on an empty fleet,
 * real month-to-date figures from the services' status history against their SLA group's uptime
 * target, cached for 15 s of the server's clock. globalSearch and quickSearch: services, nodes,
 * users and groups, prefix matches ranked before substring matches, shorter names first. Every role
 * may call them; nobody without a token.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends } from '../../../support/backends.js';
import { BOOTSTRAP_ENV, gql, personWithRole, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

const STATS = '{ dashboardStats { totalServices servicesWithSla metCount atRiskCount breachedCount averageUptime } }';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const MARCH = Date.parse('2026-03-01T00:00:00Z');

for (const backend of testBackends()) {
  describe(`GraphQL dashboardStats (${backend.name})`, () => {
    const clock = createManualClock(MARCH);
    let t: TestServer;
    before(async () => {
      t = await startTestServer(backend, { clock, env: BOOTSTRAP_ENV });
    });
    after(() => t.close());

    const stats = async () => {
      // Tokens expire after 15 minutes of the manual clock: sign in at the time of the question.
      const admin = await signInAdmin(t);
      const res = await gql(t, STATS, undefined, admin.accessToken);
      assert.equal(res.errors, undefined, res.text);
      return res.data.dashboardStats;
    };
    const sync = async (services: Array<Record<string, unknown>>, slaGroups?: Array<Record<string, unknown>>) => {
      const res = await t.call('POST', '/api/v1/operator/status', {
        nodeId: 'dash/prod/k8s-1',
        services,
        ...(slaGroups ? { slaGroups } : {}),
      });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.json.rejected, 0, res.text);
    };

    it('is all zeros on an empty fleet', async () => {
      assert.deepEqual(await stats(), {
        totalServices: 0,
        servicesWithSla: 0,
        metCount: 0,
        atRiskCount: 0,
        breachedCount: 0,
        averageUptime: 0,
      });
    });

    it('counts services met, at risk and breached against the SLA group target, and averages month-to-date uptime', async () => {
      // March 2026 has 44,640 minutes; the gold target of 99 % allows 446.4 minutes of downtime.
      for (const name of ['met-svc', 'risk-svc', 'breached-svc', 'nosla-svc', 'plain-svc']) {
        assert.equal((await t.call('POST', '/api/v1/operator/register', { name, nodeId: 'dash/prod/k8s-1' })).status, 201);
      }
      // In the gold group but never reported: counted as a service with SLA, in no status and in no average.
      assert.equal(
        (await t.call('POST', '/api/v1/operator/register', { name: 'silent-svc', nodeId: 'dash/prod/k8s-1', slaGroup: 'gold' })).status,
        201,
      );
      await sync(
        [
          { name: 'met-svc', status: 'OPERATIONAL', slaGroup: 'gold' },
          { name: 'risk-svc', status: 'OPERATIONAL', slaGroup: 'gold' },
          { name: 'breached-svc', status: 'OPERATIONAL', slaGroup: 'gold' },
          { name: 'nosla-svc', status: 'OPERATIONAL' },
          // A group that declares no uptime target gives no SLA.
          { name: 'plain-svc', status: 'OPERATIONAL', slaGroup: 'plain' },
        ],
        [{ name: 'gold', tier: 'critical', targets: { uptime: 99 } }, { name: 'plain' }],
      );
      // risk-svc: down 400 minutes on the 15th. Actual 99.07 % meets 99 %, but only 46.4 of the
      // 446.4 budget minutes remain (less than a quarter): at risk.
      clock.set(MARCH + 14 * DAY);
      await sync([{ name: 'risk-svc', status: 'DOWN' }]);
      clock.set(MARCH + 14 * DAY + 400 * MINUTE);
      await sync([{ name: 'risk-svc', status: 'OPERATIONAL' }]);
      // breached-svc: down since the 30th, a whole day: 96.67 %.
      clock.set(MARCH + 29 * DAY);
      await sync([{ name: 'breached-svc', status: 'DOWN' }]);
      clock.set(MARCH + 30 * DAY);

      const elapsed = 30 * 24 * 60;
      const uptimes = [100, (100 * (elapsed - 400)) / elapsed, (100 * (elapsed - 1440)) / elapsed, 100, 100];
      const average = Math.round((uptimes.reduce((a, b) => a + b) / uptimes.length) * 1000) / 1000;
      assert.deepEqual(await stats(), {
        totalServices: 6,
        servicesWithSla: 4,
        metCount: 1,
        atRiskCount: 1,
        breachedCount: 1,
        averageUptime: average,
      });
      assert.equal(average, 99.148);
    });

    it('serves the same figures for 15 s of the clock, then computes them again', async () => {
      const before = await stats();
      assert.equal((await t.call('POST', '/api/v1/operator/register', { name: 'late-svc', nodeId: 'dash/prod/k8s-1' })).status, 201);
      clock.advance(14_999);
      assert.deepEqual(await stats(), before);
      clock.advance(1);
      assert.deepEqual(await stats(), { ...before, totalServices: before.totalServices + 1 });
    });
  });

  describe(`GraphQL globalSearch and quickSearch (${backend.name})`, () => {
    let t: TestServer;
    let admin: SignedIn;
    let operator: SignedIn;
    let user: SignedIn;
    before(async () => {
      t = await startTestServer(backend, { env: BOOTSTRAP_ENV });
      admin = await signInAdmin(t);
      operator = await personWithRole(t, admin, 'OPERATOR');
      user = await personWithRole(t, admin, 'USER');
      const mutate = async (query: string, variables: Record<string, unknown>) => {
        const res = await gql(t, query, variables, admin.accessToken);
        assert.equal(res.errors, undefined, res.text);
      };
      const service = 'mutation($i: CreateServiceInput!) { createService(input: $i) { id } }';
      await mutate(service, { i: { name: 'ledger', nodeId: 'fin/prod/ledger' } });
      await mutate(service, { i: { name: 'ledger-archive', nodeId: 'fin/prod/ledger' } });
      await mutate(service, { i: { name: 'general-ledger', nodeId: 'fin/prod/books', displayName: 'General Ledger' } });
      await mutate(service, { i: { name: 'payments', nodeId: 'pay/prod' } });
      await personWithRole(t, admin, 'USER', 'ledgerman');
      await personWithRole(t, admin, 'USER', 'quinn');
      await mutate('mutation($i: CreateUserInput!) { createUser(input: $i) { id } }', {
        i: { username: 'auditor', displayName: 'Ledger Auditor', email: 'auditor@example.com', role: 'USER' },
      });
      await mutate('mutation { createGroup(input: { name: "ledger-admins", description: "Ledger administrators" }) { id } }', {});
      await mutate('mutation { createGroup(input: { name: "finance-ledger" }) { id } }', {});
    });
    after(() => t.close());

    const GLOBAL =
      'query($q: String!, $limit: Int) { globalSearch(query: $q, limit: $limit) { services { name } nodes { path } users { username } groups { name } totalCount } }';
    const QUICK = 'query($q: String!, $limit: Int) { quickSearch(query: $q, limit: $limit) { type id title subtitle } }';

    it('globalSearch finds services, nodes, users and groups, prefix matches first, shorter names first', async () => {
      const res = await gql(t, GLOBAL, { q: 'ledger' }, user.accessToken);
      assert.equal(res.errors, undefined, res.text);
      assert.deepEqual(res.data.globalSearch, {
        services: [{ name: 'ledger' }, { name: 'ledger-archive' }, { name: 'general-ledger' }],
        nodes: [{ path: 'fin/prod/ledger' }],
        users: [{ username: 'ledgerman' }, { username: 'auditor' }],
        groups: [{ name: 'ledger-admins' }, { name: 'finance-ledger' }],
        totalCount: 8,
      });
    });

    it('globalSearch cuts each list to the limit and counts every match in totalCount', async () => {
      const res = await gql(t, GLOBAL, { q: 'LEDGER', limit: 1 }, user.accessToken);
      assert.deepEqual(res.data.globalSearch, {
        services: [{ name: 'ledger' }],
        nodes: [{ path: 'fin/prod/ledger' }],
        users: [{ username: 'ledgerman' }],
        groups: [{ name: 'ledger-admins' }],
        totalCount: 8,
      });
    });

    it('globalSearch matches part of a node path', async () => {
      const res = await gql(t, GLOBAL, { q: 'prod/bo' }, user.accessToken);
      assert.deepEqual(res.data.globalSearch, { services: [], nodes: [{ path: 'fin/prod/books' }], users: [], groups: [], totalCount: 1 });
    });

    it('quickSearch ranks matches of every kind in one list, a node by its own name', async () => {
      const res = await gql(t, QUICK, { q: 'ledger' }, user.accessToken);
      assert.equal(res.errors, undefined, res.text);
      const hits = res.data.quickSearch;
      assert.deepEqual(
        hits.map((h: { type: string; title: string }) => [h.type, h.title]),
        [
          ['SERVICE', 'ledger'],
          ['NODE', 'ledger'],
          ['USER', 'ledgerman'],
          ['GROUP', 'ledger-admins'],
          ['SERVICE', 'ledger-archive'],
          ['USER', 'Ledger Auditor'],
          ['SERVICE', 'General Ledger'],
          ['GROUP', 'finance-ledger'],
        ],
      );
      assert.deepEqual(hits[0], {
        type: 'SERVICE',
        id: t.server.fleet.services.find('fin/prod/ledger', 'ledger')!.id,
        title: 'ledger',
        subtitle: 'fin/prod/ledger/ledger',
      });
      assert.deepEqual(hits[1], { type: 'NODE', id: 'fin/prod/ledger', title: 'ledger', subtitle: 'fin/prod/ledger' });
      assert.deepEqual(hits[2], {
        type: 'USER',
        id: t.server.app.users.byName('ledgerman')!.id,
        title: 'ledgerman',
        subtitle: 'ledgerman',
      });
      assert.deepEqual(hits[3], {
        type: 'GROUP',
        id: [...t.server.app.groups.all()].find((g) => g.name === 'ledger-admins')!.id,
        title: 'ledger-admins',
        subtitle: 'Ledger administrators',
      });
    });

    it('quickSearch returns at most limit hits, the best ones', async () => {
      const res = await gql(t, QUICK, { q: 'ledger', limit: 3 }, user.accessToken);
      assert.deepEqual(
        res.data.quickSearch.map((h: { title: string }) => h.title),
        ['ledger', 'ledger', 'ledgerman'],
      );
    });

    it('an email address is searched for admins only', async () => {
      const forAdmin = await gql(t, GLOBAL, { q: 'quinn@example' }, admin.accessToken);
      assert.deepEqual(forAdmin.data.globalSearch.users, [{ username: 'quinn' }]);
      for (const token of [operator.accessToken, user.accessToken]) {
        const res = await gql(t, GLOBAL, { q: 'quinn@example' }, token);
        assert.deepEqual(res.data.globalSearch.users, []);
        assert.equal(res.data.globalSearch.totalCount, 0);
      }
    });

    const refused: Array<[string, Record<string, unknown>]> = [
      ['an empty query', { q: '   ' }],
      ['a query over 200 characters', { q: 'x'.repeat(201) }],
      ['limit 0', { q: 'ledger', limit: 0 }],
      ['limit over 100', { q: 'ledger', limit: 101 }],
    ];
    for (const [what, variables] of refused) {
      it(`${what} is refused with BAD_USER_INPUT by both searches`, async () => {
        for (const query of [GLOBAL, QUICK]) {
          const res = await gql(t, query, variables, user.accessToken);
          assert.deepEqual(res.codes, ['BAD_USER_INPUT'], res.text);
        }
      });
    }

    describe('who may read', () => {
      const reads: Array<[string, string]> = [
        ['dashboardStats', STATS],
        ['globalSearch', '{ globalSearch(query: "ledger") { totalCount } }'],
        ['quickSearch', '{ quickSearch(query: "ledger") { id } }'],
      ];
      for (const [name, query] of reads) {
        for (const role of ['ADMIN', 'OPERATOR', 'USER'] as const) {
          it(`${role} may call ${name}`, async () => {
            const token = { ADMIN: admin, OPERATOR: operator, USER: user }[role].accessToken;
            const res = await gql(t, query, undefined, token);
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
