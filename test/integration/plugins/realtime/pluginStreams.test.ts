/**
 * Switching a plugin off ends its streams (issue 27, item 4). The gate refused new subscriptions of
 * an inactive plugin, but subscriptions already running kept streaming after an admin's
 * `togglePlugin` or the licence's expiry: the gate was asked only when a subscription started.
 * Now the realtime core tracks subscriptions a plugin owns (its entity types, its own Subscription
 * fields) and ends them, on the `license.updated` event, with a `next` frame carrying
 * PLUGIN_INACTIVE and then `complete`, exactly as a subscription refused at its start is answered.
 * Core subscriptions (services) are not touched.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { createManualClock, type ManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends } from '../../../support/backends.js';
import { GATED_CHANNEL, gatedModule } from '../../../support/gatedModule.js';
import { gql, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { LICENSE_ENV, licenseToken, TOGGLE } from '../../../support/license.js';
import { connectClient, subscribe, waitForSubscribers, type Feed } from '../../../support/realtime.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { createTicket } from '../../../support/tickets.js';

const T0 = Date.parse('2026-06-01T08:00:00Z');
const ENTITY_EVENTS = 'subscription($type: String!, $id: ID!) { entityEvents(entityType: $type, entityId: $id) { event entityId } }';
const VIEWERS = 'subscription($type: String!, $id: ID!) { entityViewersChanged(entityType: $type, entityId: $id) { entityId } }';
const SERVICE_STATUS = 'subscription { serviceStatusChanged { serviceId status } }';
const GATED_TICKS = 'subscription { gatedTicks }';
/** Issue 27: a running subscription ends within 2 s of its plugin going inactive. */
const END_WITHIN_MS = 2_000;

/** The subscription ended with one PLUGIN_INACTIVE error naming the plugin, then `complete`, within 2 s of `since`. */
async function endsInactive(feed: Feed, plugin: string, since: number, reason: RegExp): Promise<void> {
  const event = await feed.next(`the end of a ${plugin} subscription`);
  assert.equal(Date.now() - since < END_WITHIN_MS, true, `ended ${Date.now() - since} ms after the change`);
  assert.equal(event.data, undefined, JSON.stringify(event));
  assert.equal(event.errors?.length, 1, JSON.stringify(event));
  assert.equal(event.errors[0].extensions.code, 'PLUGIN_INACTIVE', JSON.stringify(event));
  assert.match(event.errors[0].message, new RegExp(`the ${plugin} plugin is not active: `));
  assert.match(event.errors[0].message, reason);
  assert.equal(await feed.ended, 'complete');
}

for (const backend of testBackends()) {
  describe(`switching a plugin off ends its streams (${backend.name})`, { timeout: 120_000 }, () => {
    let clock: ManualClock;
    let t: TestServer;
    let admin: SignedIn;

    /** A server whose licence (ticketing and sla) expires one hour after T0. */
    beforeEach(async () => {
      clock = createManualClock(T0);
      const env = { ...LICENSE_ENV, SVC_LICENSE_KEY: licenseToken(clock, { plugins: ['ticketing', 'sla'], expiresAt: T0 + 3_600_000 }) };
      t = await startTestServer(backend, { clock, env, extraModules: [gatedModule] });
      admin = await signInAdmin(t);
      const pushed = await t.call('POST', '/api/v1/health/report', { service: 'billing', nodeId: 'eu/prod', status: 'OPERATIONAL' });
      assert.equal(pushed.status, 200, pushed.text);
    });
    afterEach(() => t.close());

    const toggle = async (plugin: string, enabled: boolean) => {
      const res = await gql(t, TOGGLE, { n: plugin, e: enabled }, admin.accessToken);
      assert.equal(res.data?.togglePlugin.active, enabled, res.text);
    };

    /** A service status change reaches `feed` (core subscriptions keep streaming). */
    const statusReaches = async (feed: Feed, status: string) => {
      const pushed = await t.call('POST', '/api/v1/health/report', { service: 'billing', nodeId: 'eu/prod', status });
      assert.equal(pushed.status, 200, pushed.text);
      assert.equal((await feed.data(`the ${status} status`)).serviceStatusChanged.status, status);
    };

    it('togglePlugin off ends running ticket subscriptions with PLUGIN_INACTIVE, while a service subscription keeps streaming', async () => {
      const client = connectClient(t, { token: admin.accessToken });
      try {
        const tickets = subscribe(client, ENTITY_EVENTS, { type: 'ticket', id: 'all' });
        const services = subscribe(client, SERVICE_STATUS);
        await waitForSubscribers(t, 'entity:ticket:all', 1);
        await waitForSubscribers(t, 'service-status:*', 1);

        const since = Date.now();
        await toggle('ticketing', false);
        await endsInactive(tickets, 'ticketing', since, /turn it on with the togglePlugin mutation/);
        assert.equal(t.server.app.realtime.subscriberCount('entity:ticket:all'), 0);
        await statusReaches(services, 'DOWN');
        services.dispose();
      } finally {
        await client.dispose();
      }
    });

    it('togglePlugin off ends running SLA subscriptions, and only those of the plugin switched off', async () => {
      const client = connectClient(t, { token: admin.accessToken });
      try {
        const sla = subscribe(client, ENTITY_EVENTS, { type: 'sla', id: 'all' });
        const tickets = subscribe(client, ENTITY_EVENTS, { type: 'ticket', id: 'all' });
        await waitForSubscribers(t, 'entity:sla:all', 1);
        await waitForSubscribers(t, 'entity:ticket:all', 1);

        const since = Date.now();
        await toggle('sla', false);
        await endsInactive(sla, 'sla', since, /turn it on with the togglePlugin mutation/);
        assert.equal(t.server.app.realtime.subscriberCount('entity:ticket:all'), 1);
        assert.equal(tickets.completed, false);
        tickets.dispose();
      } finally {
        await client.dispose();
      }
    });

    it('the licence expiring (injected clock) ends running ticket and SLA subscriptions, while a service subscription keeps streaming', async () => {
      const client = connectClient(t, { token: admin.accessToken });
      try {
        const tickets = subscribe(client, ENTITY_EVENTS, { type: 'ticket', id: 'all' });
        const sla = subscribe(client, ENTITY_EVENTS, { type: 'sla', id: 'all' });
        const services = subscribe(client, SERVICE_STATUS);
        await waitForSubscribers(t, 'entity:ticket:all', 1);
        await waitForSubscribers(t, 'entity:sla:all', 1);
        await waitForSubscribers(t, 'service-status:*', 1);

        const since = Date.now();
        clock.advance(3_600_000);
        await endsInactive(tickets, 'ticketing', since, /the licence expired on 2026-06-01T09:00:00.000Z/);
        await endsInactive(sla, 'sla', since, /the licence expired on 2026-06-01T09:00:00.000Z/);
        await statusReaches(services, 'DEGRADED');
        services.dispose();
      } finally {
        await client.dispose();
      }
    });

    it('a new subscription to a switched-off plugin is refused with PLUGIN_INACTIVE', async () => {
      await toggle('ticketing', false);
      const client = connectClient(t, { token: admin.accessToken });
      try {
        const refused = await subscribe(client, ENTITY_EVENTS, { type: 'ticket', id: 'all' }).next();
        assert.equal(refused.errors?.[0]?.extensions.code, 'PLUGIN_INACTIVE', JSON.stringify(refused));
        assert.equal(t.server.app.realtime.subscriberCount('entity:ticket:all'), 0);
      } finally {
        await client.dispose();
      }
    });

    it("presence on a plugin entity and a gated module's own subscription field end too; their ids can be used again once the plugin is back", async () => {
      const ticketId = (await createTicket(t, admin)).id as string;
      let nextId = 0;
      const client = connectClient(t, { token: admin.accessToken, generateID: () => `sub-${nextId++ % 2}` });
      try {
        const viewers = subscribe(client, VIEWERS, { type: 'ticket', id: ticketId });
        const ticks = subscribe(client, GATED_TICKS);
        assert.deepEqual((await viewers.data('the first viewers list')).entityViewersChanged, { entityId: ticketId });
        await waitForSubscribers(t, GATED_CHANNEL, 1);

        const since = Date.now();
        await toggle('ticketing', false);
        await endsInactive(viewers, 'ticketing', since, /togglePlugin/);
        await endsInactive(ticks, 'ticketing', since, /togglePlugin/);
        assert.equal(t.server.app.realtime.subscriberCount(GATED_CHANNEL), 0);

        // The server forgot both ids: subscribing with them again is not "Subscriber for sub-0 already exists".
        await toggle('ticketing', true);
        const again = subscribe(client, GATED_TICKS);
        await waitForSubscribers(t, GATED_CHANNEL, 1);
        t.server.app.realtime.publishShared(GATED_CHANNEL, { gatedTicks: 'tick' });
        assert.deepEqual(await again.data('a tick'), { gatedTicks: 'tick' });
        again.dispose();
      } finally {
        await client.dispose();
      }
    });
  });
}
