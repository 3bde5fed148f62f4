/**
 * nextTurn's pacing (src/platform/scheduler/nextTurn.ts): long work yields a turn between slices, and leaves a busy
 * loop as long again as its slice took. The rules are checked on a time the test moves (the turn and the timer are
 * recorded, not waited for); one test runs the real pacer against real sockets.
 */
import assert from 'node:assert/strict';
import { createServer, connect, type AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { createTurnPacer, MOST_LEFT_MS, nextTurn, type TurnTime } from '../../../../src/platform/scheduler/index.js';

/** A time the test moves: `work(ms)` is a slice's own work; each turn takes `otherWorkMs` of the loop's. */
function testTime(otherWorkMs: number) {
  let now = 1_000;
  const sleeps: number[] = [];
  const time: TurnTime = {
    now: () => now,
    turn: async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      now += otherWorkMs;
    },
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
  };
  return { time, sleeps, work: (ms: number) => void (now += ms) };
}

describe('nextTurn: pacing long work', () => {
  it('on an idle loop, goes on at once after each turn, however long the slices', async () => {
    const { time, sleeps, work } = testTime(0.01);
    const pause = createTurnPacer(time);
    for (let slice = 0; slice < 5; slice += 1) {
      work(15);
      await pause();
    }
    assert.deepEqual(sleeps, []);
  });

  it('on a busy loop, leaves it as long again as the slice took', async () => {
    const { time, sleeps, work } = testTime(3);
    const pause = createTurnPacer(time);
    await pause();
    for (const ms of [8, 4, 12]) {
      work(ms);
      await pause();
    }
    assert.deepEqual(sleeps, [8, 4, 12]);
  });

  it(`leaves at most ${MOST_LEFT_MS} ms after one long slice`, async () => {
    const { time, sleeps, work } = testTime(3);
    const pause = createTurnPacer(time);
    await pause();
    work(250);
    await pause();
    assert.deepEqual(sleeps, [MOST_LEFT_MS]);
  });

  it('leaves nothing after a short slice', async () => {
    const { time, sleeps, work } = testTime(3);
    const pause = createTurnPacer(time);
    await pause();
    work(0.5);
    await pause();
    assert.deepEqual(sleeps, []);
  });

  it('measures no slice for work that waited on something else since its last turn (a query, a timer)', async () => {
    const { time, sleeps, work } = testTime(3);
    const pause = createTurnPacer(time);
    // The first yield of some work: nothing resumed before it.
    work(10);
    await pause();
    assert.deepEqual(sleeps, []);
    // Resumed, then waited a turn for something else (an answer), then yielded: the wait is not a slice.
    await new Promise<void>((resolve) => setImmediate(resolve));
    await new Promise<void>((resolve) => setImmediate(resolve));
    work(10);
    await pause();
    assert.deepEqual(sleeps, []);
  });

  it('lets a request that needs many callbacks through while long work runs, instead of one callback per slice', async () => {
    // An echo server and a client making 40 round trips one after another, while work runs in slices of 5 ms. With a
    // bare turn between slices, each round trip waits behind at least one slice (40 slices at least); paced, the
    // round trips go through while the work leaves the loop.
    const server = createServer((socket) => socket.on('data', (data) => socket.write(data)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    let slices = 0;
    let done = false;
    const work = (async () => {
      while (!done) {
        const until = performance.now() + 5;
        while (performance.now() < until);
        slices += 1;
        await nextTurn();
      }
    })();
    try {
      for (let trip = 0; trip < 40; trip += 1) {
        const answered = new Promise<void>((resolve) => socket.once('data', () => resolve()));
        socket.write('x');
        await answered;
      }
    } finally {
      done = true;
      await work;
      socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    assert.ok(slices < 30, `40 round trips took ${slices} slices of the work`);
  });
});
