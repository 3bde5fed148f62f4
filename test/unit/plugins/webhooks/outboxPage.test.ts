import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { BatchWriter } from '../../../../src/platform/persistence/batchWriter.js';
import { nodesTable } from '../../../../src/core/storage/tables.js';
import { decodePage, encodePage, OutboxPager } from '../../../../src/plugins/webhooks/outboxPage.js';
import type { Delivery } from '../../../../src/plugins/webhooks/webhookTables.js';
import { useEmbeddedDatabase } from '../../../support/embeddedDatabase.js';

let n = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
const owed = (webhookId: string, body: string): Omit<Delivery, 'pageId'> => ({
  id: uuid(),
  webhookId,
  eventId: uuid(),
  event: 'service.down',
  body,
  attempts: 0,
  dueAt: 1_000 + n,
  createdAt: 1_000 + n,
  traceparent: `00-${String(n).padStart(32, 'a')}-${String(n).padStart(16, 'b')}-01`,
});

describe('outbox page text', () => {
  it('stores the body of an event sent to many webhooks once, and reads every delivery back as owed', () => {
    const body = '{"id":"e1","event":"service.down","data":{"service":{"name":"db"}}}';
    // One event's deliveries: same body, same traceparent.
    const event = owed('w1', body);
    const deliveries: Delivery[] = ['w1', 'w2', 'w3'].map((w) => ({ ...event, id: uuid(), webhookId: w, pageId: 'p1' }));
    const other: Delivery = { ...owed('w4', '{"custom":true}'), attempts: 2, pageId: 'p1' };
    const text = encodePage([...deliveries, other]);
    assert.equal(text.split(body.replaceAll('"', '\\"')).length - 1, 1, 'the shared body is stored once');
    assert.deepEqual(decodePage('p1', text), [...deliveries, { ...other, attempts: 0, dueAt: other.createdAt }]);
  });

  it("keeps each event's traceparent once, beside its body", () => {
    const body = '{"id":"e2","event":"service.down"}';
    const event = owed('w1', body);
    const deliveries: Delivery[] = [
      { ...event, pageId: 'p1' },
      { ...event, id: uuid(), webhookId: 'w2', pageId: 'p1' },
    ];
    const text = encodePage(deliveries);
    assert.equal(text.split(event.traceparent!).length - 1, 1, 'one traceparent for the event');
    assert.deepEqual(
      decodePage('p1', text).map((d) => d.traceparent),
      [event.traceparent, event.traceparent],
    );
  });

  it('reads a page written before traces were kept as deliveries without one', () => {
    const text = '{"v":1,"bodies":["{}"],"deliveries":[["d","w","e","service.down",0,1]]}';
    assert.equal(decodePage('p4', text)[0]!.traceparent, null);
  });

  it('refuses a page it cannot read instead of guessing', () => {
    assert.throws(() => decodePage('p2', '{"v":2,"bodies":[],"deliveries":[]}'), /p2 has an unknown format/);
    assert.throws(
      () => decodePage('p3', '{"v":1,"bodies":[],"deliveries":[["d","w","e","service.down",0,1]]}'),
      /points at a missing body/,
    );
  });
});

describe('outbox pager (one page per commit)', () => {
  const db = useEmbeddedDatabase();
  const pages = async () => {
    const rows = (await db().knex('webhook_outbox').orderBy('created_at').select('id', 'deliveries')) as Array<{
      id: string;
      deliveries: string;
    }>;
    return rows.map((row) => decodePage(row.id, row.deliveries).map((d) => d.id));
  };

  it('lists everything staged while one batch is open on one page, and the next batch on a page of its own', async () => {
    await db().knex('webhook_outbox').delete();
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
    const handedOver: string[][] = [];
    const pager = new OutboxPager(writer, uuid, (deliveries) => handedOver.push(deliveries.map((d) => d.id)));
    const first = [pager.stage(owed('w1', 'a')), pager.stage(owed('w2', 'a')), pager.stage(owed('w1', 'b'))];
    assert.equal(new Set(first.map((d) => d.pageId)).size, 1);
    assert.deepEqual(handedOver, [], 'nothing is handed over before the commit');
    await writer.committed();
    assert.deepEqual(handedOver, [first.map((d) => d.id)], 'the page is handed over once, after its commit, in page order');
    const second = pager.stage(owed('w1', 'c'));
    assert.notEqual(second.pageId, first[0]!.pageId);
    await writer.committed();
    assert.deepEqual(await pages(), [first.map((d) => d.id), [second.id]]);
  });

  it('a delivery staged while the previous batch is being written goes on the next page', async () => {
    await db().knex('webhook_outbox').delete();
    let pager: OutboxPager | undefined;
    let late: Delivery | undefined;
    let lateCommitted: Promise<void> | undefined;
    const writer: BatchWriter = new BatchWriter({
      knex: db().knex,
      logger: createMemoryLogger(),
      onBatchStart: () => {
        if (late) return;
        late = pager!.stage(owed('w1', 'late'));
        lateCommitted = writer.committed();
      },
    });
    pager = new OutboxPager(writer, uuid, () => {});
    const early = pager.stage(owed('w1', 'early'));
    await writer.committed();
    await lateCommitted;
    assert.notEqual(late!.pageId, early.pageId);
    assert.deepEqual(await pages(), [[early.id], [late!.id]]);
  });

  it('a batch that fails takes its page with it; the next batch opens a new one', async () => {
    await db().knex('webhook_outbox').delete();
    const writer = new BatchWriter({ knex: db().knex, logger: createMemoryLogger('error') });
    const handedOver: Delivery[] = [];
    const pager = new OutboxPager(writer, uuid, (deliveries) => handedOver.push(...deliveries));
    const lost = pager.stage(owed('w1', 'lost'));
    writer.upsert(nodesTable, {
      path: 'orphan/child',
      parent_path: 'no-such-parent',
      name: 'child',
      depth: 2,
      created_at: '2026-01-01T00:00:00Z',
    });
    await assert.rejects(writer.committed());
    const kept = pager.stage(owed('w1', 'kept'));
    assert.notEqual(kept.pageId, lost.pageId);
    await writer.committed();
    assert.deepEqual(await pages(), [[kept.id]]);
    assert.deepEqual(
      handedOver.map((d) => d.id),
      [kept.id],
      'the failed page is never handed over',
    );
  });
});
