import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { DeadlineQueue } from '../../../../src/plugins/sla/alerts/deadlineQueue.js';

const T0 = Date.parse('2026-04-01T00:00:00Z');

function queue() {
  const clock = createManualClock(T0);
  const fired: [string, number][] = [];
  const q = new DeadlineQueue(clock, (key) => fired.push([key, clock.now() - T0]));
  return { clock, fired, q };
}

describe('deadlines per key on one timer', () => {
  it('fires each key at its deadline, earliest first', () => {
    const { clock, fired, q } = queue();
    q.set('b', T0 + 200);
    q.set('a', T0 + 100);
    q.set('c', T0 + 300);
    q.start();
    clock.advance(250);
    assert.deepEqual(fired, [
      ['a', 100],
      ['b', 200],
    ]);
    clock.advance(100);
    assert.deepEqual(fired, [
      ['a', 100],
      ['b', 200],
      ['c', 300],
    ]);
    assert.equal(q.size, 0);
  });

  it('a moved deadline fires at its new time only', () => {
    const { clock, fired, q } = queue();
    q.start();
    q.set('a', T0 + 100);
    q.set('a', T0 + 500);
    clock.advance(400);
    assert.deepEqual(fired, []);
    clock.advance(100);
    assert.deepEqual(fired, [['a', 500]]);
  });

  it('an earlier deadline set later still fires on time', () => {
    const { clock, fired, q } = queue();
    q.start();
    q.set('late', T0 + 1000);
    q.set('early', T0 + 10);
    clock.advance(10);
    assert.deepEqual(fired, [['early', 10]]);
  });

  it('a dropped deadline never fires', () => {
    const { clock, fired, q } = queue();
    q.start();
    q.set('a', T0 + 100);
    q.delete('a');
    clock.advance(1000);
    assert.deepEqual(fired, []);
  });

  it('deadlines already past when it starts fire at once', () => {
    const { clock, fired, q } = queue();
    q.set('a', T0 - 5);
    q.start();
    clock.advance(0);
    assert.deepEqual(fired, [['a', 0]]);
  });

  it('stopped, it fires nothing', () => {
    const { clock, fired, q } = queue();
    q.start();
    q.set('a', T0 + 100);
    q.stop();
    clock.advance(1000);
    assert.deepEqual(fired, []);
  });

  it('keeps its heap small when most deadlines are dropped', () => {
    const { clock, fired, q } = queue();
    q.start();
    for (let i = 0; i < 1000; i += 1) q.set(`k${i}`, T0 + 1000 + i);
    for (let i = 0; i < 999; i += 1) q.delete(`k${i}`);
    clock.advance(5000);
    assert.deepEqual(fired, [['k999', 1999]]);
  });
});
