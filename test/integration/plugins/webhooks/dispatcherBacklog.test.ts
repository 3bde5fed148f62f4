/**
 * The dispatcher's backlog read failing: the real dispatcher, writer, registry, outbox pages on the
 * embedded database and a real receiver; the read of the pages is the real one, made to fail once
 * (a database that did not answer), as nothing else can make it fail without failing the commits too.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { systemClock } from '../../../../src/platform/scheduler/index.js';
import { createSecretBox } from '../../../../src/platform/config/secretBox.js';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { createConnectionPool, sendOutbound } from '../../../../src/platform/outbound/outboundRequest.js';
import { BatchWriter } from '../../../../src/platform/persistence/batchWriter.js';
import { Dispatcher } from '../../../../src/plugins/webhooks/dispatcher.js';
import { OutboxPager, readOutboxPages } from '../../../../src/plugins/webhooks/outboxPage.js';
import { WebhookRegistry } from '../../../../src/plugins/webhooks/webhookRegistry.js';
import type { WebhookRecord } from '../../../../src/plugins/webhooks/webhookRecord.js';
import { useEmbeddedDatabase } from '../../../support/embeddedDatabase.js';
import { useReceivers } from '../../../support/webhooks.js';
import { eventually } from '../../../support/polling.js';

describe('dispatcher backlog', () => {
  const db = useEmbeddedDatabase();
  const receiver = useReceivers();
  const connections = createConnectionPool();
  after(() => connections.close());

  it('a backlog read that fails is tried again, and every delivery still arrives once', async () => {
    const r = await receiver();
    const logger = createMemoryLogger();
    const { knex } = db();
    const writer = new BatchWriter({ knex, logger });
    const registry = new WebhookRegistry(
      writer,
      createSecretBox({ current: 'a-key-of-at-least-thirty-two-characters-for-tests' }, 'webhooks'),
    );
    const webhook: WebhookRecord = {
      id: randomUUID(),
      name: 'backlog',
      url: r.url,
      method: 'POST',
      secret: null,
      headers: [],
      events: ['service.down'],
      filters: null,
      template: null,
      timeoutMs: 5000,
      retryMax: 0,
      retryDelayMs: 1000,
      retryBackoff: 'FIXED',
      status: 'ACTIVE',
      statusReason: null,
      statusChangedAt: 0,
      consecutiveFailures: 0,
      createdAt: 0,
      updatedAt: 0,
      createdBy: null,
    };
    registry.load(webhook);
    let reads = 0;
    const dispatcher = new Dispatcher({
      registry,
      writer,
      clock: systemClock,
      logger,
      newId: randomUUID,
      maxHeld: 1,
      send: (request) => sendOutbound(request, { allowPrivate: false, hostAllowlist: ['127.0.0.1'] }, connections),
      readPages: (ids) => (++reads === 1 ? Promise.reject(new Error('the database did not answer')) : readOutboxPages(knex, ids)),
    });
    try {
      // Five events in one commit, as the outbox handler stages them: the page is handed over whole.
      const pager = new OutboxPager(writer, randomUUID, (deliveries) => dispatcher.accept(deliveries));
      const now = Date.now();
      for (let i = 0; i < 5; i += 1) {
        pager.stage({
          id: randomUUID(),
          webhookId: webhook.id,
          eventId: randomUUID(),
          event: 'service.down',
          body: `{"n":${i}}`,
          attempts: 0,
          dueAt: now,
          createdAt: now,
          traceparent: null,
        });
      }
      await writer.committed();
      assert.equal(dispatcher.stats.backlogged, 4, "one held (the room there was), the page's last four left on it");

      const received = await r.received(5);
      assert.deepEqual(received.map((q) => q.body.toString()).sort(), ['{"n":0}', '{"n":1}', '{"n":2}', '{"n":3}', '{"n":4}']);
      assert.ok(reads >= 2, 'read again after the failure');
      assert.ok(logger.records.some((record) => record['msg'] === 'webhook outbox pages could not be read back; trying again'));
      await eventually(async () => (dispatcher.unsettledOf(null) === 0 ? true : undefined), 'every delivery settled');
      assert.equal(r.requests.length, 5, 'none sent twice');
    } finally {
      await dispatcher.stop();
    }
  });
});
