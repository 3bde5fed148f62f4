/**
 * POST /api/v1/operator/status sent again and again (an agent's 30-second sync): entries whose bytes
 * repeat the node's previous sync are skipped only while their service is as that sync left it
 * (src/core/ingest/statusSyncMemo.ts); whatever changed the service in between, the sync counts and
 * writes exactly what it did before.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends } from '../../../support/backends.js';
import { BOOTSTRAP_ENV, gql, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

const REGISTER = '/api/v1/operator/register';
const STATUS = '/api/v1/operator/status';
const HEALTH = '/api/v1/health/report';

const entry = (name: string, status = 'OPERATIONAL') => ({
  name,
  status,
  message: `${name} ready`,
  replicas: 2,
  readyReplicas: 2,
  images: [`r/${name}:1`],
});
const counts = (json: { updated: number; unchanged: number; skipped: number }) => [json.updated, json.unchanged, json.skipped];

for (const backend of testBackends()) {
  describe(`status sync sent again and again (${backend.name})`, () => {
    const clock = createManualClock();
    let t: TestServer;
    let admin: SignedIn;
    before(async () => {
      t = await startTestServer(backend, { clock, env: BOOTSTRAP_ENV });
      admin = await signInAdmin(t);
    });
    after(() => t.close());

    async function sync(body: unknown) {
      clock.advance(30_000);
      const res = await t.call('POST', STATUS, body);
      assert.equal(res.status, 200, JSON.stringify(res.json));
      return res.json;
    }

    async function registered(node: string, names: readonly string[]) {
      for (const name of names) assert.equal((await t.call('POST', REGISTER, { name, nodeId: node })).status, 201);
    }

    it('repeated identical syncs count every entry unchanged', async () => {
      const node = 'eu/prod/k8s-r1/apps';
      await registered(node, ['a', 'b', 'c']);
      const body = { nodeId: node, services: [entry('a'), entry('b'), entry('c')] };
      assert.deepEqual(counts(await sync(body)), [3, 0, 0]);
      for (let i = 0; i < 3; i += 1) assert.deepEqual(counts(await sync(body)), [0, 3, 0]);
    });

    it('a service changed by a health push between two identical syncs is set back by the second', async () => {
      const node = 'eu/prod/k8s-r2/apps';
      await registered(node, ['web', 'api']);
      const body = { nodeId: node, services: [entry('web'), entry('api')] };
      await sync(body);
      assert.deepEqual(counts(await sync(body)), [0, 2, 0]);
      assert.deepEqual(counts(await sync(body)), [0, 2, 0]);
      assert.equal((await t.call('POST', HEALTH, { service: 'web', nodeId: node, status: 'DOWN', message: 'probe failed' })).status, 200);
      assert.deepEqual(counts(await sync(body)), [1, 1, 0]);
      const row = await t.serviceRow(node, 'web');
      assert.equal(row.status, 'OPERATIONAL');
      assert.equal(row.status_message, 'web ready');
      assert.deepEqual(counts(await sync(body)), [0, 2, 0]);
    });

    it('a service deleted between two identical syncs is counted skipped', async () => {
      const node = 'eu/prod/k8s-r3/apps';
      await registered(node, ['keep', 'gone']);
      const body = { nodeId: node, services: [entry('keep'), entry('gone')] };
      await sync(body);
      await sync(body);
      const { id } = await t.serviceRow(node, 'gone');
      const deleted = await gql(t, 'mutation($id: ID!) { deleteService(id: $id) }', { id }, admin.accessToken);
      assert.equal(deleted.errors, undefined, JSON.stringify(deleted.errors));
      const json = await sync(body);
      assert.deepEqual(counts(json), [0, 1, 1]);
      assert.deepEqual(json.skippedServices, ['gone']);
    });

    it('one changed entry among repeated ones is applied, the others counted unchanged', async () => {
      const node = 'eu/prod/k8s-r4/apps';
      await registered(node, ['x', 'y', 'z']);
      const steady = { nodeId: node, services: [entry('x'), entry('y'), entry('z')] };
      await sync(steady);
      await sync(steady);
      assert.deepEqual(counts(await sync({ nodeId: node, services: [entry('x'), entry('y', 'DEGRADED'), entry('z')] })), [1, 2, 0]);
      assert.equal((await t.serviceRow(node, 'y')).status, 'DEGRADED');
      assert.deepEqual(counts(await sync(steady)), [1, 2, 0]);
      assert.equal((await t.serviceRow(node, 'y')).status, 'OPERATIONAL');
    });

    it('the same body for another node is compared with that node only', async () => {
      const one = 'eu/prod/k8s-r5/one';
      const two = 'eu/prod/k8s-r5/two';
      await registered(one, ['s']);
      const services = [entry('s')];
      await sync({ nodeId: one, services });
      assert.deepEqual(counts(await sync({ nodeId: one, services })), [0, 1, 0]);
      const json = await sync({ nodeId: two, services });
      assert.deepEqual(counts(json), [0, 0, 1]);
    });

    it('warnings and refused entries are answered on every repeat', async () => {
      const node = 'eu/prod/k8s-r6/apps';
      await registered(node, ['w']);
      const body = { nodeId: node, services: [{ ...entry('w'), colour: 'red' }, { status: 'DOWN' }] };
      const first = await sync(body);
      for (let i = 0; i < 2; i += 1) {
        const again = await sync(body);
        assert.deepEqual(counts(again), [0, 1, 0]);
        assert.equal(again.rejected, 1);
        assert.deepEqual(again.warnings, first.warnings);
        assert.equal(again.warnings.length, 2);
      }
    });
  });
}
