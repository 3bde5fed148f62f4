import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CLOSE_TICK_MS, closeSchedule, closeSpread } from '../../../../src/platform/gateway/closeSpread.js';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';

describe('closing WebSockets spread over a window', () => {
  it('closes every socket exactly once, in even slices one tick apart, the first at once and all before the window ends', () => {
    const schedule = closeSchedule(1000, 2000);
    assert.equal(schedule.length, 2000 / CLOSE_TICK_MS);
    assert.equal(
      schedule.reduce((n, slice) => n + slice.sockets, 0),
      1000,
    );
    assert.equal(schedule[0]!.atMs, 0);
    assert.ok(schedule.at(-1)!.atMs < 2000);
    for (let k = 1; k < schedule.length; k += 1) assert.equal(schedule[k]!.atMs - schedule[k - 1]!.atMs, CLOSE_TICK_MS);
    const sizes = new Set(schedule.map((slice) => slice.sockets));
    assert.deepEqual([...sizes].sort(), [10]);
  });

  const table = [
    { name: 'a window of 0 closes all at once', count: 7, windowMs: 0, expected: [{ atMs: 0, sockets: 7 }] },
    {
      name: 'fewer sockets than ticks: one a slice',
      count: 3,
      windowMs: 1000,
      expected: [0, 333, 667].map((atMs) => ({ atMs, sockets: 1 })),
    },
    { name: 'a window shorter than a tick: all at once', count: 5, windowMs: 10, expected: [{ atMs: 0, sockets: 5 }] },
    { name: 'no sockets: nothing to do', count: 0, windowMs: 1000, expected: [] },
  ];
  for (const row of table) {
    it(row.name, () => assert.deepEqual(closeSchedule(row.count, row.windowMs), row.expected));
  }

  it('closes on the clock with the code and reason given, and resolves when the last slice closed', async () => {
    const clock = createManualClock();
    const closed: Array<{ socket: number; code: number; reason: string; at: number }> = [];
    const sockets = Array.from({ length: 100 }, (_, socket) => ({
      close: (code: number, reason: string) => closed.push({ socket, code, reason, at: clock.now() - start }),
    }));
    const start = clock.now();
    let done = false;
    const spread = closeSpread(sockets, { code: 1012, reason: 'restarting', windowMs: 1000, clock }).then(() => (done = true));
    assert.equal(closed.length, 2, 'the first slice closes at once');
    clock.advance(500);
    assert.equal(closed.length, 52);
    await Promise.resolve();
    assert.equal(done, false);
    clock.advance(500);
    await spread;
    assert.deepEqual(
      closed.map((c) => c.socket),
      sockets.map((_, i) => i),
    );
    assert.ok(closed.every((c) => c.code === 1012 && c.reason === 'restarting'));
    assert.equal(closed.at(-1)!.at, 980);
  });
});
