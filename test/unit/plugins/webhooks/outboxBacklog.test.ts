import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { backloggedPart, OutboxBacklog } from '../../../../src/plugins/webhooks/outboxBacklog.js';
import type { Delivery } from '../../../../src/plugins/webhooks/webhookTables.js';

const delivery = (id: string, webhookId: string, pageId: string): Delivery => ({
  id,
  webhookId,
  eventId: `e-${id}`,
  event: 'service.down',
  body: `{"id":"e-${id}"}`,
  attempts: 0,
  dueAt: 0,
  createdAt: 0,
  pageId,
  traceparent: null,
});

describe('outbox backlog', () => {
  it('keeps pages in commit order, one entry per page, and counts per webhook', () => {
    const backlog = new OutboxBacklog();
    backlog.add([delivery('1', 'w1', 'p1'), delivery('2', 'w2', 'p1')]);
    backlog.add([delivery('3', 'w1', 'p1')]);
    backlog.add([delivery('4', 'w1', 'p2')]);
    assert.equal(backlog.size, 4);
    assert.equal(backlog.countOf('w1'), 3);
    assert.equal(backlog.countOf('w2'), 1);
    assert.deepEqual(backlog.take(1), [{ id: 'p1', webhookIds: ['w1', 'w2', 'w1'] }]);
    assert.deepEqual(backlog.take(1), [{ id: 'p2', webhookIds: ['w1'] }]);
    assert.equal(backlog.drained, true);
  });

  it('takes whole pages until it has at least the deliveries asked for', () => {
    const backlog = new OutboxBacklog();
    for (const page of ['p1', 'p2', 'p3']) backlog.add([delivery(`${page}a`, 'w', page), delivery(`${page}b`, 'w', page)]);
    assert.deepEqual(
      backlog.take(3).map((p) => p.id),
      ['p1', 'p2'],
    );
    assert.deepEqual(
      backlog.take(100).map((p) => p.id),
      ['p3'],
    );
  });

  it('counts taken pages until they are released, and puts back a failed read first in line', () => {
    const backlog = new OutboxBacklog();
    backlog.add([delivery('1', 'w1', 'p1')]);
    backlog.add([delivery('2', 'w1', 'p2')]);
    const taken = backlog.take(1);
    assert.equal(backlog.size, 2, 'a page being read still counts');
    backlog.add([delivery('3', 'w1', 'p3')]);
    backlog.putBack(taken);
    assert.deepEqual(
      backlog.take(3).map((p) => p.id),
      ['p1', 'p2', 'p3'],
    );
    backlog.release(backlog.take(0));
    assert.equal(backlog.size, 3, 'nothing left to take: nothing released');
  });

  it('stops counting released pages', () => {
    const backlog = new OutboxBacklog();
    backlog.add([delivery('1', 'w1', 'p1'), delivery('2', 'w2', 'p1')]);
    backlog.release(backlog.take(1));
    assert.equal(backlog.size, 0);
    assert.equal(backlog.countOf('w1'), 0);
    assert.equal(backlog.countOf('w2'), 0);
  });

  it("reads back the page's last deliveries, as many as the backlog holds of it", () => {
    const listed = [delivery('1', 'w1', 'p'), delivery('2', 'w2', 'p'), delivery('3', 'w3', 'p')];
    assert.deepEqual(
      backloggedPart({ id: 'p', webhookIds: ['w2', 'w3'] }, listed)?.map((d) => d.id),
      ['2', '3'],
    );
    assert.equal(backloggedPart({ id: 'p', webhookIds: ['w3', 'w2'] }, listed), null, 'not what was counted');
    assert.equal(backloggedPart({ id: 'p', webhookIds: ['w1', 'w2', 'w3', 'w4'] }, listed), null, 'more than the page lists');
    assert.equal(backloggedPart({ id: 'p', webhookIds: ['w1'] }, []), null, 'a page not found');
  });

  it('reads back exactly the deliveries a page read at start named, wherever they are on it', () => {
    const backlog = new OutboxBacklog();
    backlog.add([delivery('1', 'w1', 'p1')]);
    backlog.addPage({ id: 'p2', webhookIds: ['w1', 'w3'], ids: new Set(['4', '6']) });
    assert.equal(backlog.size, 3);
    assert.equal(backlog.countOf('w1'), 2);
    assert.deepEqual(
      backlog.take(10).map((p) => p.id),
      ['p1', 'p2'],
    );
    const listed = [delivery('4', 'w1', 'p2'), delivery('5', 'w2', 'p2'), delivery('6', 'w3', 'p2')];
    assert.deepEqual(
      backloggedPart({ id: 'p2', webhookIds: ['w1', 'w3'], ids: new Set(['4', '6']) }, listed)?.map((d) => d.id),
      ['4', '6'],
    );
    assert.equal(
      backloggedPart({ id: 'p2', webhookIds: ['w1', 'w3'], ids: new Set(['4', '7']) }, listed),
      null,
      'one of them is not on the page',
    );
  });
});
