/**
 * The backlog (src/webhooks/outboxBacklog.ts): beyond the deliveries the dispatcher holds in
 * memory, owed deliveries wait on their outbox pages and are read back as the queue runs low. The
 * server here holds 2; a receiver that holds its answers keeps a webhook's 4 attempt slots busy,
 * so the 5th and 6th push's deliveries are held and the 7th and 8th go to the backlog.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testBackends } from '../support/backends.js';
import { gql, signInAdmin, type SignedIn } from '../support/graphql.js';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { createWebhook, eventually, push, STATS, useReceivers, WEBHOOK, WEBHOOK_ENV } from '../support/webhooks.js';

const HELD = 2;

for (const backend of testBackends()) {
  describe(`webhook backlog on outbox pages (${backend.name})`, () => {
    let t: TestServer;
    let admin: SignedIn;
    before(async () => {
      t = await startTestServer(backend, { env: WEBHOOK_ENV, webhookMaxHeld: HELD });
      admin = await signInAdmin(t);
    });
    after(() => t.close());
    const receiver = useReceivers();
    const dispatcher = () => t.server.app.webhooks.dispatcher;
    const pendingOverall = async () => (await gql(t, STATS, { id: null }, admin.accessToken)).data.webhookStats.pending as number;
    /** 8 status changes of one service, each owing one delivery. */
    const pushEight = async (service: string) => {
      for (let i = 0; i < 8; i += 1) await push(t, service, i % 2 === 0 ? 'DOWN' : 'OPERATIONAL');
    };

    it('deliveries beyond the held limit wait on their pages, count as pending, and each arrives once', async () => {
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      const r = await receiver(() => ({ status: 200, after: gate }));
      const w = await createWebhook(t, admin.accessToken, { url: r.url, events: ['service.down', 'service.up'], filters: '{"service.name": "backlog-order"}' });
      const backloggedBefore = dispatcher().stats.backlogged;
      await pushEight('backlog-order');
      await r.received(4);

      assert.equal(dispatcher().held, HELD, 'two waiting deliveries held in memory');
      assert.equal(dispatcher().stats.backlogged - backloggedBefore, 2, 'the last two went to the backlog');
      assert.equal((await gql(t, WEBHOOK, { id: w.id }, admin.accessToken)).data.webhook.pendingDeliveries, 4, 'waiting: the two held and the two on their pages');

      open();
      const received = await r.received(8);
      await eventually(async () => ((await pendingOverall()) === 0 ? true : undefined), 'nothing is pending');
      assert.equal(r.requests.length, 8);
      const ids = received.map((q) => q.json.id as string);
      assert.equal(new Set(ids).size, 8, 'eight events, none sent twice');
      assert.deepEqual(received.map((q) => q.json.event).sort(), [...Array(4).fill('service.down'), ...Array(4).fill('service.up')]);
      dispatcher().sweepPages();
      await eventually(async () => (Number((await t.server.database.knex('webhook_outbox').count({ n: '*' }))[0]!['n']) === 0 ? true : undefined), 'every settled page is deleted');
    });

    it('a webhook deleted while its deliveries wait in the backlog gets none of them, and nothing stays pending', async () => {
      const r = await receiver(() => 'hang');
      const w = await createWebhook(t, admin.accessToken, { url: r.url, events: ['service.down', 'service.up'], filters: '{"service.name": "backlog-deleted"}', timeoutMs: 1000 });
      const backloggedBefore = dispatcher().stats.backlogged;
      await pushEight('backlog-deleted');
      await r.received(4);
      assert.equal(dispatcher().stats.backlogged - backloggedBefore, 2);

      assert.deepEqual((await gql(t, 'mutation($id: ID!) { deleteWebhook(id: $id) }', { id: w.id }, admin.accessToken)).data, { deleteWebhook: true });
      // The 4 attempts under way time out after 1 s and end without a record (the webhook is gone).
      await eventually(async () => ((await pendingOverall()) === 0 ? true : undefined), 'nothing is pending');
      assert.equal(r.requests.length, 4, 'no delivery of a deleted webhook is sent');
      assert.equal(dispatcher().stats.backlogged - backloggedBefore, 2);
    });
  });
}
