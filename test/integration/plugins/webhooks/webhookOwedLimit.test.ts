/**
 * The limit on what one webhook may owe (src/plugins/webhooks/outbox.ts, docs/adr/0083): at the limit it goes to
 * ERROR, saying how many deliveries wait, and owes nothing more; what it owed is still delivered, and a successful
 * delivery puts it back to ACTIVE, from which new events are owed again. The server here allows 3.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testBackends } from '../../../support/backends.js';
import { gql, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { createWebhook, push, useReceivers, WEBHOOK, WEBHOOK_ENV } from '../../../support/webhooks.js';
import { eventually } from '../../../support/polling.js';

const MAX_OWED = 3;

for (const backend of testBackends()) {
  describe(`a webhook's owed-deliveries limit (${backend.name})`, () => {
    let t: TestServer;
    let admin: SignedIn;
    before(async () => {
      t = await startTestServer(backend, { env: WEBHOOK_ENV, webhookMaxOwed: MAX_OWED });
      admin = await signInAdmin(t);
    });
    after(() => t.close());
    const receiver = useReceivers();
    const webhookOf = async (id: string) => (await gql(t, WEBHOOK, { id }, admin.accessToken)).data.webhook;

    it('at the limit goes to ERROR and owes nothing more; what it owed arrives; a success puts it back', async () => {
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      const r = await receiver(() => ({ status: 200, after: gate }));
      const w = await createWebhook(t, admin.accessToken, {
        url: r.url,
        events: ['service.down', 'service.up'],
        filters: '{"service.name": "owed-limit"}',
      });
      for (let i = 0; i < 5; i += 1) await push(t, 'owed-limit', i % 2 === 0 ? 'DOWN' : 'OPERATIONAL');

      const full = await webhookOf(w.id);
      assert.equal(full.status, 'ERROR');
      assert.match(full.statusReason, /^3 deliveries are waiting for this receiver/);
      assert.equal(t.server.app.webhooks.dispatcher.unsettledOf(w.id), MAX_OWED, 'the events past the limit were not owed');

      open();
      await r.received(MAX_OWED);
      await eventually(async () => ((await webhookOf(w.id)).status === 'ACTIVE' ? true : undefined), 'back to ACTIVE after a success');
      // Owed until each outcome's commit (slower on PostgreSQL): an event before that would find the limit still reached.
      await eventually(() => (t.server.app.webhooks.dispatcher.unsettledOf(w.id) === 0 ? true : undefined), 'everything owed settled');
      await push(t, 'owed-limit', 'OPERATIONAL');
      const received = await r.received(MAX_OWED + 1);
      await eventually(() => (t.server.app.webhooks.dispatcher.unsettledOf(w.id) === 0 ? true : undefined), 'the last one settled');
      assert.equal(r.requests.length, MAX_OWED + 1, 'the three owed and the one owed again once ACTIVE: the two past the limit never');
      assert.deepEqual(received.map((q) => q.json.event).sort(), ['service.down', 'service.down', 'service.up', 'service.up']);
    });
  });
}
