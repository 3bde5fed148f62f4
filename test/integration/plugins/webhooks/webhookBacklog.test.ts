/**
 * The backlog (src/plugins/webhooks/outboxBacklog.ts): beyond the deliveries the dispatcher holds in
 * memory, owed deliveries wait on their outbox pages and are read back as the queue runs low. The
 * server here holds 2; a receiver that holds its answers keeps a webhook's 4 attempt slots busy,
 * so the 5th and 6th push's deliveries are held and the 7th and 8th go to the backlog.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { durableStore, testBackends } from '../../../support/backends.js';
import { BOOTSTRAP_ENV, gql, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { createWebhook, push, startReceiver, STATS, useReceivers, WEBHOOK, WEBHOOK_ENV } from '../../../support/webhooks.js';
import { eventually } from '../../../support/polling.js';

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
      const w = await createWebhook(t, admin.accessToken, {
        url: r.url,
        events: ['service.down', 'service.up'],
        filters: '{"service.name": "backlog-order"}',
      });
      const backloggedBefore = dispatcher().stats.backlogged;
      await pushEight('backlog-order');
      await r.received(4);

      assert.equal(dispatcher().held, HELD, 'two waiting deliveries held in memory');
      assert.equal(dispatcher().stats.backlogged - backloggedBefore, 2, 'the last two went to the backlog');
      assert.equal(
        (await gql(t, WEBHOOK, { id: w.id }, admin.accessToken)).data.webhook.pendingDeliveries,
        4,
        'waiting: the two held and the two on their pages',
      );

      open();
      const received = await r.received(8);
      await eventually(async () => ((await pendingOverall()) === 0 ? true : undefined), 'nothing is pending');
      assert.equal(r.requests.length, 8);
      const ids = received.map((q) => q.json.id as string);
      assert.equal(new Set(ids).size, 8, 'eight events, none sent twice');
      assert.deepEqual(received.map((q) => q.json.event).sort(), [...Array(4).fill('service.down'), ...Array(4).fill('service.up')]);
      dispatcher().sweepPages();
      await eventually(
        async () => (Number((await t.server.database.knex('webhook_outbox').count({ n: '*' }))[0]!['n']) === 0 ? true : undefined),
        'every settled page is deleted',
      );
    });

    it('a webhook deleted while its deliveries wait in the backlog gets none of them, and nothing stays pending', async () => {
      const r = await receiver(() => 'hang');
      const w = await createWebhook(t, admin.accessToken, {
        url: r.url,
        events: ['service.down', 'service.up'],
        filters: '{"service.name": "backlog-deleted"}',
        timeoutMs: 1000,
      });
      const backloggedBefore = dispatcher().stats.backlogged;
      await pushEight('backlog-deleted');
      await r.received(4);
      assert.equal(dispatcher().stats.backlogged - backloggedBefore, 2);

      assert.deepEqual((await gql(t, 'mutation($id: ID!) { deleteWebhook(id: $id) }', { id: w.id }, admin.accessToken)).data, {
        deleteWebhook: true,
      });
      // The 4 attempts under way time out after 1 s and end without a record (the webhook is gone).
      await eventually(async () => ((await pendingOverall()) === 0 ? true : undefined), 'nothing is pending');
      assert.equal(r.requests.length, 4, 'no delivery of a deleted webhook is sent');
      assert.equal(dispatcher().stats.backlogged - backloggedBefore, 2);
    });
  });

  describe(`webhook backlog across a restart (${backend.name})`, { timeout: 120_000 }, () => {
    it('a restart holds only the limit in memory, reads the other owed deliveries from their pages, and sends each once', async () => {
      let answering = false;
      const r = await startReceiver(() => (answering ? { status: 200 } : 'hang'));
      const store = await durableStore(backend);
      try {
        const env = { ...BOOTSTRAP_ENV, SVC_SECURITY_WEBHOOK_HOST_ALLOWLIST: '127.0.0.1' };
        const first = await startTestServer(backend, { env, store: store.forRun(), webhookMaxHeld: HELD });
        const token = (await signInAdmin(first)).accessToken;
        await createWebhook(first, token, {
          url: r.url,
          events: ['service.down', 'service.up'],
          filters: '{"service.name": "restarted"}',
          timeoutMs: 30_000,
        });
        for (let i = 0; i < 8; i += 1) await push(first, 'restarted', i % 2 === 0 ? 'DOWN' : 'OPERATIONAL');
        const cut = await r.received(4);
        const events = new Set(cut.map((q) => q.json.id as string));
        await first.close(); // the 4 attempts under way are aborted and not recorded: all 8 are still owed

        answering = true;
        const second = await startTestServer(backend, { env, store: store.forRun(), webhookMaxHeld: HELD });
        try {
          const loaded = second.logs.find((record) => record['msg'] === 'webhooks loaded');
          assert.equal(loaded?.['pendingDeliveries'], HELD, 'held in memory at start');
          assert.equal(loaded?.['backlogged'], 8 - HELD, 'the rest left on their pages');
          const all = await r.received(12);
          const resent = all.slice(4).map((q) => q.json.id as string);
          assert.equal(new Set(resent).size, 8, 'each owed event sent once after the restart');
          for (const id of events) assert.ok(resent.includes(id), 'the aborted ones are among them, with the same event id');
          const dispatcher = second.server.app.webhooks.dispatcher;
          await eventually(async () => (dispatcher.unsettledOf(null) === 0 ? true : undefined), 'every delivery settled');
          assert.equal(r.requests.length, 12);
        } finally {
          await second.close();
        }
      } finally {
        await r.close();
        await store.dispose();
      }
    });
  });
}
