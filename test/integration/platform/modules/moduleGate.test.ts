/**
 * The module contract's licence gate (issue 15, part 3): a module declared with a plugin answers
 * 503 on REST and PLUGIN_INACTIVE on GraphQL while the plugin is inactive, and works as soon as a
 * licence carrying the plugin is activated, with no restart. The module under test
 * (support/gatedModule.ts) never asks the licence itself: the composer applies the gate.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends } from '../../../support/backends.js';
import { GATED_ENTITY_TYPE, GATED_PLUGIN, GATED_ROUTE, gatedModule } from '../../../support/gatedModule.js';
import { gql, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { activated, LICENSE_ENV, licenseToken, TOGGLE } from '../../../support/license.js';
import { connectClient, subscribe, waitForSubscribers } from '../../../support/realtime.js';
import { call, startTestServer, type TestServer } from '../../../support/testServer.js';

const T0 = Date.parse('2026-04-01T08:00:00Z');
const GREETING = '{ gatedGreeting }';
const POKE = 'mutation($id: ID!) { pokeGatedThing(id: $id) }';
const LABELS = '{ services { name gatedLabel } }';
const EVENTS = 'subscription($type: String!, $id: ID!) { entityEvents(entityType: $type, entityId: $id) { event entityId data } }';

for (const backend of testBackends()) {
  describe(`a gated module follows its plugin (${backend.name})`, { timeout: 120_000 }, () => {
    const clock = createManualClock(T0);
    let t: TestServer;
    let admin: SignedIn;

    beforeEach(async () => {
      t = await startTestServer(backend, { clock, env: LICENSE_ENV, extraModules: [gatedModule] });
      admin = await signInAdmin(t);
    });
    afterEach(() => t.close());

    const activateGatedPlugin = () => activated(t, licenseToken(clock, { plugins: [GATED_PLUGIN] }));

    it('REST: its route answers 503 {error} naming the plugin until a licence with the plugin is activated, then 200', async () => {
      const refused = await call(t.url, 'GET', GATED_ROUTE);
      assert.equal(refused.status, 503, refused.text);
      assert.match(
        refused.json.error,
        new RegExp(`${GATED_PLUGIN} plugin is not active: activate a licence that includes it with POST /api/v1/license/activate`),
      );

      await activateGatedPlugin();
      const open = await call(t.url, 'GET', GATED_ROUTE);
      assert.equal(open.status, 200, open.text);
      assert.deepEqual(open.json, { gated: 'open' });
    });

    it('GraphQL: its query, its mutation and the field it adds to Service answer PLUGIN_INACTIVE until a licence with the plugin is activated, then resolve', async () => {
      const service = await t.call('POST', '/api/v1/health/report', { service: 'billing', nodeId: 'eu/prod', status: 'OPERATIONAL' });
      assert.equal(service.status, 200, service.text);
      for (const [document, variables] of [
        [GREETING, {}],
        [POKE, { id: 'g1' }],
        [LABELS, {}],
      ] as const) {
        const refused = await gql(t, document, variables, admin.accessToken);
        assert.deepEqual(refused.codes, ['PLUGIN_INACTIVE'], refused.text);
        assert.match(refused.errors![0].message, new RegExp(`${GATED_PLUGIN} plugin is not active`));
      }

      await activateGatedPlugin();
      assert.deepEqual((await gql(t, GREETING, {}, admin.accessToken)).data, { gatedGreeting: 'hello from a gated module' });
      assert.deepEqual((await gql(t, POKE, { id: 'g1' }, admin.accessToken)).data, { pokeGatedThing: true });
      assert.deepEqual((await gql(t, LABELS, {}, admin.accessToken)).data, {
        services: [{ name: 'billing', gatedLabel: 'gated billing' }],
      });
    });

    it('subscriptions: entityEvents on its entity type answers PLUGIN_INACTIVE until a licence with the plugin is activated, then delivers its events', async () => {
      const client = connectClient(t, { token: admin.accessToken });
      const refused = await subscribe(client, EVENTS, { type: GATED_ENTITY_TYPE, id: 'g1' }).next();
      assert.equal(refused.errors[0].extensions.code, 'PLUGIN_INACTIVE', JSON.stringify(refused));

      await activateGatedPlugin();
      const feed = subscribe(client, EVENTS, { type: GATED_ENTITY_TYPE, id: 'g1' });
      await waitForSubscribers(t, `entity:${GATED_ENTITY_TYPE}:g1`, 1);
      assert.deepEqual((await gql(t, POKE, { id: 'g1' }, admin.accessToken)).data, { pokeGatedThing: true });
      assert.deepEqual((await feed.data()).entityEvents, { event: 'gated:poked', entityId: 'g1', data: JSON.stringify({ id: 'g1' }) });
      await client.dispose();
    });

    it('an admin turning the plugin off closes its route and fields again at once, and turning it on opens them', async () => {
      await activateGatedPlugin();
      assert.deepEqual((await gql(t, TOGGLE, { n: GATED_PLUGIN, e: false }, admin.accessToken)).data?.togglePlugin.active, false);
      assert.equal((await call(t.url, 'GET', GATED_ROUTE)).status, 503);
      assert.deepEqual((await gql(t, GREETING, {}, admin.accessToken)).codes, ['PLUGIN_INACTIVE']);

      assert.deepEqual((await gql(t, TOGGLE, { n: GATED_PLUGIN, e: true }, admin.accessToken)).data?.togglePlugin.active, true);
      assert.equal((await call(t.url, 'GET', GATED_ROUTE)).status, 200);
      assert.deepEqual((await gql(t, GREETING, {}, admin.accessToken)).data, { gatedGreeting: 'hello from a gated module' });
    });
  });
}
