import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DeliveryQueue } from '../../../../src/plugins/webhooks/deliveryQueue.js';
import type { Delivery } from '../../../../src/plugins/webhooks/webhookTables.js';

let n = 0;
const delivery = (webhookId: string, dueAt = 0): Delivery => ({
  id: `d${++n}`,
  webhookId,
  eventId: `e${n}`,
  event: 'service.down',
  body: '{}',
  attempts: 0,
  dueAt,
  createdAt: 0,
  pageId: null,
  traceparent: null,
});
const ids = (list: Delivery[]) => list.map((d) => d.id);

describe('delivery queue', () => {
  it('caps attempts per webhook: a dead receiver holds its own slots and the others go on', () => {
    const q = new DeliveryQueue({ maxInFlight: 10, maxInFlightPerWebhook: 2 });
    const slow = Array.from({ length: 5 }, () => delivery('slow'));
    for (const d of slow) q.add(d);
    const fast = delivery('fast');
    q.add(fast);
    const first = q.take(0);
    assert.deepEqual(ids(first).sort(), [slow[0]!.id, slow[1]!.id, fast.id].sort());
    assert.equal(q.inFlight, 3);
    assert.deepEqual(q.take(0), [], 'slow is at its cap; nothing else is waiting');
    const later = delivery('fast');
    q.add(later);
    assert.deepEqual(ids(q.take(0)), [later.id], 'a new delivery of another webhook goes at once');
    q.finished('slow');
    assert.deepEqual(ids(q.take(0)), [slow[2]!.id]);
  });

  it('hands out one at a time under a budget of one, round-robin over every due webhook, without a rescan', () => {
    const q = new DeliveryQueue({ maxInFlight: 1000, maxInFlightPerWebhook: 4 });
    const lanes = Array.from({ length: 300 }, (_, i) => [delivery(`w${i}`), delivery(`w${i}`)]);
    for (const lane of lanes) for (const d of lane) q.add(d);
    const taken = Array.from({ length: 600 }, () => q.take(0, 1)).flatMap(ids);
    assert.deepEqual(taken, [...lanes.map((l) => l[0]!.id), ...lanes.map((l) => l[1]!.id)]);
    assert.equal(q.pending, 0);
  });

  it('caps attempts in total and hands out round-robin over webhooks', () => {
    const q = new DeliveryQueue({ maxInFlight: 3, maxInFlightPerWebhook: 10 });
    const a = [delivery('a'), delivery('a'), delivery('a')];
    const b = [delivery('b'), delivery('b')];
    for (const d of [...a, ...b]) q.add(d);
    assert.deepEqual(ids(q.take(0)), [a[0]!.id, b[0]!.id, a[1]!.id]);
    q.finished('a');
    assert.deepEqual(ids(q.take(0)), [b[1]!.id]);
    q.finished('b');
    assert.deepEqual(ids(q.take(0)), [a[2]!.id]);
    assert.equal(q.pending, 0);
  });

  it('hands out in due order and only what is due; nextDueAt says when to look again', () => {
    const q = new DeliveryQueue();
    const late = delivery('a', 5000);
    const early = delivery('a', 1000);
    q.add(late);
    q.add(early);
    assert.deepEqual(q.take(0), []);
    assert.equal(q.nextDueAt(), 1000);
    q.rescan();
    assert.deepEqual(ids(q.take(1000)), [early.id]);
    q.rescan();
    assert.deepEqual(q.take(4999), []);
    q.rescan();
    assert.deepEqual(ids(q.take(5000)), [late.id]);
    assert.equal(q.nextDueAt(), null);
  });

  it("withdraws a webhook's pending deliveries", () => {
    const q = new DeliveryQueue();
    const d1 = delivery('x');
    const d2 = delivery('y');
    q.add(d1);
    q.add(d2);
    assert.deepEqual(ids(q.removeWebhook('x')), [d1.id]);
    assert.equal(q.pendingOf('x'), 0);
    assert.deepEqual(ids(q.take(0)), [d2.id]);
  });

  it('knows the creation time of the oldest waiting delivery, whatever its due time, and none once all are out', () => {
    const q = new DeliveryQueue();
    assert.equal(q.oldestCreatedAt(), null);
    q.add({ ...delivery('a', 5000), createdAt: 300 });
    q.add({ ...delivery('b', 0), createdAt: 200 });
    q.add({ ...delivery('b', 100), createdAt: 400 });
    assert.equal(q.oldestCreatedAt(), 200);
    q.take(100);
    assert.equal(q.oldestCreatedAt(), 300, 'the ones handed out no longer wait');
    q.rescan();
    q.take(5000);
    assert.equal(q.oldestCreatedAt(), null);
  });
});
