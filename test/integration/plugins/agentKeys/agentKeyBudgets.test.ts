/**
 * Issue 27, item A: agents throttled on their first run. One host pushing 200 services and
 * registering 5 (205 requests one after another) through one address got 185 of them answered 429
 * under SPEC.md's per-address limit (10/s, burst 20), which stays the default. An agent key may
 * carry its own request budget: its requests are counted against the key, not the address, so the
 * operator chooses the way out. The server runs with the production limit and a manual clock that
 * stands still, so no token comes back unless a test moves time.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends } from '../../../support/backends.js';
import { BOOTSTRAP_ENV, gql, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { call, startTestServer, type TestServer } from '../../../support/testServer.js';

const CREATE = `mutation($i: CreateAgentKeyInput!) {
  createAgentKey(input: $i) { key agentKey { id requestBudget { requestsPerSecond burst } } }
}`;
const UPDATE =
  'mutation($id: ID!, $i: UpdateAgentKeyInput!) { updateAgentKey(id: $id, input: $i) { id requestBudget { requestsPerSecond burst } } }';
const LIST = '{ agentKeys { id requestBudget { requestsPerSecond burst } } }';
const PRODUCTION_LIMIT = { SVC_RATE_LIMIT_RPS: '10', SVC_RATE_LIMIT_BURST: '20' };
const ENDPOINTS = ['operator/register', 'health/report'];

for (const backend of testBackends()) {
  describe(`agent keys' own request budgets (${backend.name})`, () => {
    const clock = createManualClock();
    let t: TestServer;
    let admin: SignedIn;
    before(async () => {
      t = await startTestServer(backend, { clock, env: { ...BOOTSTRAP_ENV, ...PRODUCTION_LIMIT } });
      admin = await signInAdmin(t);
    });
    after(() => t.close());

    /** Ten seconds bring every bucket back to its burst (the admin's GraphQL calls count against the address too). */
    const refill = () => clock.advance(10_000);
    const create = async (nodeId: string, requestBudget?: { requestsPerSecond: number; burst: number }) => {
      refill();
      const res = await gql(
        t,
        CREATE,
        { i: { name: `agent for ${nodeId}`, nodeId, endpoints: ENDPOINTS, ...(requestBudget ? { requestBudget } : {}) } },
        admin.accessToken,
      );
      assert.equal(res.errors, undefined, res.text);
      return res.data.createAgentKey as { key: string; agentKey: { id: string; requestBudget: unknown } };
    };
    const push = (key: string, nodeId: string, i: number) =>
      call(t.url, 'POST', '/api/v1/health/report', { service: `svc-${i}`, nodeId, status: 'OPERATIONAL' }, { 'x-api-key': key });
    const register = (key: string, nodeId: string, i: number) =>
      call(t.url, 'POST', '/api/v1/operator/register', { name: `reg-${i}`, nodeId }, { 'x-api-key': key });
    /** The first run of an agent on one host: 200 health pushes and 5 registrations, one after another. */
    const firstRun = async (key: string, nodeId: string) => {
      const statuses: number[] = [];
      for (let i = 0; i < 200; i += 1) statuses.push((await push(key, nodeId, i)).status);
      for (let i = 0; i < 5; i += 1) statuses.push((await register(key, nodeId, i)).status);
      return statuses;
    };
    const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

    it('205 requests from one address pass with an agent key whose budget covers them', async () => {
      const { key } = await create('fleet/host-1', { requestsPerSecond: 50, burst: 250 });
      refill();
      const statuses = await firstRun(key, 'fleet/host-1');
      assert.equal(count(statuses, 429), 0);
      assert.equal(count(statuses, 200) + count(statuses, 201), 205);
    });

    it('without a budget the same first run is throttled by the per-address default (SPEC.md: 10/s, burst 20)', async () => {
      const { key } = await create('fleet/host-2');
      refill();
      const statuses = await firstRun(key, 'fleet/host-2');
      assert.equal(count(statuses, 429), 185);
    });

    it("a key's budget is its own: another key and the address keep their buckets", async () => {
      const a = await create('fleet/host-a', { requestsPerSecond: 1, burst: 5 });
      const b = await create('fleet/host-b', { requestsPerSecond: 1, burst: 5 });
      refill();
      for (let i = 0; i < 5; i += 1) assert.equal((await push(a.key, 'fleet/host-a', i)).status, 200, `key a, request ${i}`);
      const refused = await push(a.key, 'fleet/host-a', 5);
      assert.equal(refused.status, 429);
      assert.equal(refused.headers.get('retry-after'), '1');
      assert.match(refused.json.error, /agent key "agent for fleet\/host-a"/);
      for (let i = 0; i < 5; i += 1) assert.equal((await push(b.key, 'fleet/host-b', i)).status, 200, `key b, request ${i}`);
      assert.equal((await push(b.key, 'fleet/host-b', 5)).status, 429);
      // Ten requests of budgeted keys took nothing from the address: its whole burst of 20 is left.
      for (let i = 0; i < 20; i += 1) assert.equal((await t.call('GET', '/api/v1/operator/nodes')).status, 200, `shared key, request ${i}`);
      assert.equal((await t.call('GET', '/api/v1/operator/nodes')).status, 429);
      assert.equal((await push(a.key, 'fleet/host-a', 6)).status, 429, 'the address being spent does not matter to the key either');
      clock.advance(1_000);
      assert.equal((await push(a.key, 'fleet/host-a', 7)).status, 200, "a second later the key's rate gave one request back");
    });

    it('updateAgentKey sets a budget from the next request on, and null gives the key back to the address limit', async () => {
      const { key, agentKey } = await create('fleet/host-u');
      refill();
      const set = await gql(t, UPDATE, { id: agentKey.id, i: { requestBudget: { requestsPerSecond: 2.5, burst: 40 } } }, admin.accessToken);
      assert.equal(set.errors, undefined, set.text);
      assert.deepEqual(set.data.updateAgentKey.requestBudget, { requestsPerSecond: 2.5, burst: 40 });
      await t.server.writer.settled();
      const row = await t.server.database.knex('agent_keys').where({ id: agentKey.id }).first();
      assert.deepEqual([Number(row.budget_requests_per_second), row.budget_burst], [2.5, 40]);
      refill();
      const budgeted: number[] = [];
      for (let i = 0; i < 41; i += 1) budgeted.push((await push(key, 'fleet/host-u', i)).status);
      assert.deepEqual([count(budgeted, 200), count(budgeted, 429)], [40, 1]);

      refill();
      const cleared = await gql(t, UPDATE, { id: agentKey.id, i: { requestBudget: null } }, admin.accessToken);
      assert.equal(cleared.data.updateAgentKey.requestBudget, null, cleared.text);
      refill();
      const perAddress: number[] = [];
      for (let i = 0; i < 21; i += 1) perAddress.push((await push(key, 'fleet/host-u', i)).status);
      assert.deepEqual([count(perAddress, 200), count(perAddress, 429)], [20, 1]);
    });

    it('invalid budgets are refused with BAD_USER_INPUT naming the field, and change nothing', async () => {
      const { agentKey } = await create('fleet/host-v', { requestsPerSecond: 5, burst: 10 });
      const cases: [Record<string, unknown>, RegExp][] = [
        [{ requestsPerSecond: 0, burst: 10 }, /requestsPerSecond/],
        [{ requestsPerSecond: -1, burst: 10 }, /requestsPerSecond/],
        [{ requestsPerSecond: 0.05, burst: 10 }, /requestsPerSecond/],
        [{ requestsPerSecond: 10_001, burst: 10 }, /requestsPerSecond/],
        [{ requestsPerSecond: 5, burst: 0 }, /burst/],
        [{ requestsPerSecond: 5, burst: -3 }, /burst/],
        [{ requestsPerSecond: 5, burst: 100_001 }, /burst/],
        [{ requestsPerSecond: 5, burst: 2.5 }, /burst/],
        [{ requestsPerSecond: 'fast', burst: 10 }, /requestsPerSecond/],
        [{ burst: 10 }, /requestsPerSecond/],
      ];
      for (const [requestBudget, field] of cases) {
        refill();
        const before = (await gql(t, LIST, {}, admin.accessToken)).data.agentKeys.length;
        const created = await gql(
          t,
          CREATE,
          { i: { name: 'bad', nodeId: 'fleet', endpoints: ENDPOINTS, requestBudget } },
          admin.accessToken,
        );
        assert.equal(created.codes[0], 'BAD_USER_INPUT', `create ${JSON.stringify(requestBudget)}: ${created.text}`);
        assert.match(created.errors![0].message, field);
        const updated = await gql(t, UPDATE, { id: agentKey.id, i: { requestBudget } }, admin.accessToken);
        assert.equal(updated.codes[0], 'BAD_USER_INPUT', `update ${JSON.stringify(requestBudget)}: ${updated.text}`);
        const keys = (await gql(t, LIST, {}, admin.accessToken)).data.agentKeys;
        assert.equal(keys.length, before, 'no key was made');
        assert.deepEqual(keys.find((k: { id: string }) => k.id === agentKey.id).requestBudget, { requestsPerSecond: 5, burst: 10 });
      }
    });
  });
}
