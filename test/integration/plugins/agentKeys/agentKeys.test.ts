/**
 * Scoped agent keys (issue 18, item 5) through real HTTP: created by an admin over GraphQL and shown
 * once, stored as a hash, limited to a nodeId subtree and to chosen machine endpoints (403
 * otherwise), revoked at once, with a last-used time written in batches. The shared key keeps working.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { durableStore, testBackends } from '../../../support/backends.js';
import { BOOTSTRAP_ENV, gql, personWithRole, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { call, startTestServer, type TestServer } from '../../../support/testServer.js';

const CREATE = `mutation($i: CreateAgentKeyInput!) {
  createAgentKey(input: $i) { key agentKey { id name prefix nodeId endpoints createdAt lastUsedAt revokedAt } }
}`;
const LIST = 'query($r: Boolean) { agentKeys(includeRevoked: $r) { id name prefix nodeId endpoints lastUsedAt revokedAt } }';
const REVOKE = 'mutation($id: ID!) { revokeAgentKey(id: $id) { id revokedAt } }';

for (const backend of testBackends()) {
  describe(`scoped agent keys (${backend.name})`, () => {
    const clock = createManualClock();
    let t: TestServer;
    let admin: SignedIn;
    before(async () => {
      t = await startTestServer(backend, { clock, env: BOOTSTRAP_ENV });
      admin = await signInAdmin(t);
    });
    after(() => t.close());

    const create = async (nodeId: string, endpoints: string[], name = `agent for ${nodeId}`) => {
      const res = await gql(t, CREATE, { i: { name, nodeId, endpoints } }, admin.accessToken);
      assert.equal(res.errors, undefined, res.text);
      return res.data.createAgentKey as {
        key: string;
        agentKey: { id: string; prefix: string; nodeId: string; lastUsedAt: string | null };
      };
    };
    const withKey = (key: string, method: string, path: string, body?: unknown) => call(t.url, method, path, body, { 'x-api-key': key });
    const register = (key: string, nodeId: string, name = 'api') => withKey(key, 'POST', '/api/v1/operator/register', { name, nodeId });

    it('createAgentKey shows the key once; lists show its prefix, never the secret, and only its SHA-256 is stored', async () => {
      const created = await create('eu/prod', ['operator/register']);
      assert.match(created.key, /^svcak_[0-9a-f]{24}_[A-Za-z0-9_-]{43}$/);
      assert.ok(created.key.startsWith(created.agentKey.prefix));
      const listed = await gql(t, LIST, {}, admin.accessToken);
      assert.ok(!listed.text.includes(created.key.slice(created.agentKey.prefix.length)), 'no list carries the secret');
      assert.deepEqual(listed.data.agentKeys.find((k: { id: string }) => k.id === created.agentKey.id).endpoints, ['operator/register']);
      await t.server.writer.settled();
      const row = await t.server.database.knex('agent_keys').where({ id: created.agentKey.id }).first();
      const secret = created.key.slice(created.agentKey.prefix.length);
      assert.equal(row.secret_hash, createHash('sha256').update(secret).digest('hex'));
      assert.ok(!JSON.stringify(row).includes(secret));
    });

    it('a key registers services in its subtree, below it too', async () => {
      const { key } = await create('eu/prod', ['operator/register']);
      assert.equal((await register(key, 'eu/prod', 'checkout')).status, 201);
      assert.equal((await register(key, 'eu/prod/k8s-1/payments', 'ledger')).status, 201);
    });

    it('a key used outside its subtree gets 403 {error} and changes nothing', async () => {
      const { key } = await create('eu/prod', ['operator/register', 'health/report', 'operator/services']);
      const cases: [string, string, unknown][] = [
        ['POST', '/api/v1/operator/register', { name: 'x', nodeId: 'eu/staging' }],
        ['POST', '/api/v1/operator/register', { name: 'x', nodeId: 'eu/production' }],
        ['POST', '/api/v1/operator/register', { name: 'x', nodeId: 'eu' }],
        ['POST', '/api/v1/health/report', { service: 'x', nodeId: 'us/prod', status: 'DOWN' }],
        ['POST', '/api/v1/health/report', { service: 'x', status: 'DOWN' }],
        ['GET', '/api/v1/operator/services?nodeId=us', undefined],
      ];
      for (const [method, path, body] of cases) {
        const res = await withKey(key, method, path, body);
        assert.equal(res.status, 403, `${method} ${path} ${JSON.stringify(body)}: ${res.text}`);
        assert.equal(typeof res.json.error, 'string');
      }
      assert.equal((await t.serviceRows('eu/staging', 'x')).length, 0);
      assert.equal((await t.serviceRows('us/prod', 'x')).length, 0);
    });

    it('parts of a body that reach beyond one node are refused to a scoped key', async () => {
      const { key } = await create('eu/prod', ['backup/report', 'operator/status']);
      const cases: [string, unknown][] = [
        ['/api/v1/backup/report', { slaGroup: 'gold', status: 'success' }],
        ['/api/v1/backup/report', { namespace: 'payments', nodeId: 'eu/prod', status: 'success' }],
        [
          '/api/v1/operator/status',
          { nodeId: 'eu/prod', services: [], slaGroups: [{ name: 'gold', tier: 'GOLD', targets: { uptime: 99.9 } }] },
        ],
      ];
      for (const [path, body] of cases)
        assert.equal((await withKey(key, 'POST', path, body)).status, 403, `${path} ${JSON.stringify(body)}`);
      assert.equal((await withKey(key, 'POST', '/api/v1/operator/status', { nodeId: 'eu/prod', services: [] })).status, 200);
    });

    it('an endpoint the key was not given gets 403 before its body is read', async () => {
      const { key } = await create('eu/prod', ['health/report']);
      const res = await register(key, 'eu/prod');
      assert.equal(res.status, 403);
      assert.match(res.json.error, /may not call \/api\/v1\/operator\/register/);
      assert.equal((await withKey(key, 'GET', '/api/v1/operator/nodes')).status, 403, 'an endpoint no key can be given');
      assert.equal(
        (await withKey(key, 'POST', '/api/v1/health/report', { service: 'web', nodeId: 'eu/prod/web', status: 'OPERATIONAL' })).status,
        200,
      );
    });

    it('a revoked key stops working at once; the shared key keeps working', async () => {
      const { key, agentKey } = await create('eu/prod', ['operator/register']);
      assert.equal((await register(key, 'eu/prod', 'before')).status, 201);
      const revoked = await gql(t, REVOKE, { id: agentKey.id }, admin.accessToken);
      assert.equal(revoked.errors, undefined, revoked.text);
      assert.ok(revoked.data.revokeAgentKey.revokedAt);
      const refused = await register(key, 'eu/prod', 'after');
      assert.equal(refused.status, 401);
      assert.equal(typeof refused.json.error, 'string');
      assert.equal(
        (await t.call('POST', '/api/v1/operator/register', { name: 'shared', nodeId: 'us/prod' })).status,
        201,
        'the shared key reaches everything',
      );
      const listed = await gql(t, LIST, {}, admin.accessToken);
      assert.ok(!listed.data.agentKeys.some((k: { id: string }) => k.id === agentKey.id), 'revoked keys are left out by default');
      const all = await gql(t, LIST, { r: true }, admin.accessToken);
      assert.ok(all.data.agentKeys.some((k: { id: string }) => k.id === agentKey.id));
    });

    it('a wrong secret for a real key id is refused with 401', async () => {
      const { agentKey } = await create('eu/prod', ['operator/register']);
      const res = await register(`${agentKey.prefix}${'A'.repeat(43)}`, 'eu/prod');
      assert.equal(res.status, 401);
    });

    it('lastUsedAt shows the last use at once and is written to the database in a batch a minute later', async () => {
      const { key, agentKey } = await create('eu/prod', ['operator/register']);
      assert.equal(agentKey.lastUsedAt, null);
      clock.advance(5_000);
      const usedAt = new Date(clock.now()).toISOString();
      assert.equal((await register(key, 'eu/prod', 'used')).status, 201);
      const listed = await gql(t, LIST, {}, admin.accessToken);
      assert.equal(listed.data.agentKeys.find((k: { id: string }) => k.id === agentKey.id).lastUsedAt, usedAt);
      await t.server.writer.settled();
      assert.equal(
        (await t.server.database.knex('agent_keys').where({ id: agentKey.id }).first()).last_used_at,
        null,
        'not one write per request',
      );
      clock.advance(60_000);
      await t.server.writer.settled();
      const row = await t.server.database.knex('agent_keys').where({ id: agentKey.id }).first();
      assert.equal(new Date(row.last_used_at).toISOString(), usedAt);
    });

    it('keys, their revocations and last uses survive a restart', async () => {
      const restartClock = createManualClock();
      const store = await durableStore(backend);
      try {
        const first = await startTestServer(backend, { clock: restartClock, env: BOOTSTRAP_ENV, store: store.forRun() });
        let kept: string, revoked: string, keptId: string;
        try {
          const token = (await signInAdmin(first)).accessToken;
          const made = async () =>
            (await gql(first, CREATE, { i: { name: 'k', nodeId: 'eu', endpoints: ['operator/heartbeat'] } }, token)).data.createAgentKey;
          const a = await made();
          const b = await made();
          kept = a.key;
          keptId = a.agentKey.id;
          revoked = b.key;
          await gql(first, REVOKE, { id: b.agentKey.id }, token);
          const beat = await call(first.url, 'POST', '/api/v1/operator/heartbeat', { nodeId: 'eu/a', version: '1' }, { 'x-api-key': kept });
          assert.equal(beat.status, 200, beat.text);
        } finally {
          await first.close();
        }
        const second = await startTestServer(backend, { clock: restartClock, env: BOOTSTRAP_ENV, store: store.forRun() });
        try {
          const beat = (key: string) =>
            call(second.url, 'POST', '/api/v1/operator/heartbeat', { nodeId: 'eu/a', version: '1' }, { 'x-api-key': key });
          const listed = await gql(second, LIST, {}, (await signInAdmin(second)).accessToken);
          assert.ok(listed.data.agentKeys.find((k: { id: string }) => k.id === keptId).lastUsedAt, 'the use was flushed on stop');
          assert.equal((await beat(kept)).status, 200);
          assert.equal((await beat(revoked)).status, 401);
        } finally {
          await second.close();
        }
      } finally {
        await store.dispose();
      }
    });

    it('only admins manage keys, and input is validated', async () => {
      const operator = await personWithRole(t, admin, 'OPERATOR');
      assert.equal((await gql(t, LIST, {}, operator.accessToken)).codes[0], 'FORBIDDEN');
      assert.equal(
        (await gql(t, CREATE, { i: { name: 'x', nodeId: 'eu', endpoints: ['operator/register'] } }, operator.accessToken)).codes[0],
        'FORBIDDEN',
      );
      const invalid: Record<string, unknown>[] = [
        { name: '', nodeId: 'eu', endpoints: ['operator/register'] },
        { name: 'x', nodeId: '', endpoints: ['operator/register'] },
        { name: 'x', nodeId: 'eu', endpoints: [] },
        { name: 'x', nodeId: 'eu', endpoints: ['operator/nodes'] },
        { name: 'x', nodeId: 'eu', endpoints: ['license/activate'] },
      ];
      for (const i of invalid) assert.equal((await gql(t, CREATE, { i }, admin.accessToken)).codes[0], 'BAD_USER_INPUT', JSON.stringify(i));
      assert.equal((await gql(t, REVOKE, { id: 'nope' }, admin.accessToken)).codes[0], 'NOT_FOUND');
    });
  });
}
