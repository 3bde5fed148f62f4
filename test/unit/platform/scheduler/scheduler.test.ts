/**
 * The scheduler seam (src/platform/scheduler): the manual clock's firing order and its long-advance rule,
 * and the system clock's process lifetime, checked in a child process that must exit on its own.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { REPO_ROOT } from '../../../support/repoRoot.js';

const T0 = Date.parse('2026-05-01T00:00:00Z');

describe('manual clock', () => {
  it('fires nothing until the clock moves', () => {
    const clock = createManualClock(T0);
    let fired = 0;
    clock.setTimer(0, () => (fired += 1));
    clock.setTimer(10, () => (fired += 1));
    assert.equal(fired, 0);
    assert.equal(clock.pendingTimers, 2);
  });

  it('fires timers with different due times in due order, each seeing its own instant', () => {
    const clock = createManualClock(T0);
    const seen: [string, number][] = [];
    clock.setTimer(300, () => seen.push(['c', clock.now()]));
    clock.setTimer(100, () => seen.push(['a', clock.now()]));
    clock.setTimer(200, () => seen.push(['b', clock.now()]));
    clock.advance(1000);
    assert.deepEqual(seen, [
      ['a', T0 + 100],
      ['b', T0 + 200],
      ['c', T0 + 300],
    ]);
    assert.equal(clock.now(), T0 + 1000);
  });

  it('fires timers due at the same instant in the order they were set', () => {
    const clock = createManualClock(T0);
    const seen: string[] = [];
    clock.setTimer(50, () => seen.push('first'));
    clock.advance(20);
    clock.setTimer(30, () => seen.push('second'));
    clock.setTimer(30, () => seen.push('third'));
    clock.advance(30);
    assert.deepEqual(seen, ['first', 'second', 'third']);
  });

  it('fires a timer at its due instant exactly, not a millisecond before', () => {
    const clock = createManualClock(T0);
    let fired = false;
    clock.setTimer(1000, () => (fired = true));
    clock.advance(999);
    assert.equal(fired, false);
    clock.advance(1);
    assert.equal(fired, true);
  });

  it('clearTimer cancels a pending timer; clearing it again, or a fired one, does nothing', () => {
    const clock = createManualClock(T0);
    const seen: string[] = [];
    const cancelled = clock.setTimer(10, () => seen.push('cancelled'));
    const fired = clock.setTimer(5, () => seen.push('fired'));
    clock.clearTimer(cancelled);
    clock.clearTimer(cancelled);
    clock.advance(20);
    clock.clearTimer(fired);
    clock.clearTimer(undefined);
    assert.deepEqual(seen, ['fired']);
    assert.equal(clock.pendingTimers, 0);
  });

  it('a callback can clear a timer due later in the same advance', () => {
    const clock = createManualClock(T0);
    const seen: string[] = [];
    const later = clock.setTimer(20, () => seen.push('later'));
    clock.setTimer(10, () => {
      seen.push('first');
      clock.clearTimer(later);
    });
    clock.advance(100);
    assert.deepEqual(seen, ['first']);
  });

  it('fires timers set by a callback when they fall due within the advanced span, in order with the others', () => {
    const clock = createManualClock(T0);
    const seen: [string, number][] = [];
    clock.setTimer(100, () => {
      seen.push(['outer', clock.now() - T0]);
      clock.setTimer(50, () => seen.push(['inner', clock.now() - T0]));
      clock.setTimer(5000, () => seen.push(['beyond', clock.now() - T0]));
    });
    clock.setTimer(120, () => seen.push(['other', clock.now() - T0]));
    clock.setTimer(200, () => seen.push(['last', clock.now() - T0]));
    clock.advance(1000);
    assert.deepEqual(seen, [
      ['outer', 100],
      ['other', 120],
      ['inner', 150],
      ['last', 200],
    ]);
    assert.equal(clock.pendingTimers, 1, 'the one due after the span waits');
  });

  it('a repeating timer fires once per period while the clock moves a period at a time', () => {
    const clock = createManualClock(T0);
    const seen: number[] = [];
    clock.setRepeatingTimer(1000, () => seen.push(clock.now() - T0));
    for (let i = 0; i < 3; i += 1) clock.advance(1000);
    assert.deepEqual(seen, [1000, 2000, 3000]);
  });

  it('a long advance across several periods fires a repeating timer once, at the last period it reaches, and keeps its phase', () => {
    const clock = createManualClock(T0);
    const seen: number[] = [];
    clock.setRepeatingTimer(1000, () => seen.push(clock.now() - T0));
    clock.advance(5500);
    assert.deepEqual(seen, [5000], 'missed periods are skipped, the newest one is run');
    clock.advance(499);
    assert.deepEqual(seen, [5000]);
    clock.advance(1);
    assert.deepEqual(seen, [5000, 6000], 'the next firing is on the original phase');
  });

  it('a repeating timer skipping missed periods still fires in due order with one-shot timers', () => {
    const clock = createManualClock(T0);
    const seen: [string, number][] = [];
    clock.setRepeatingTimer(1000, () => seen.push(['every second', clock.now() - T0]));
    clock.setTimer(3500, () => seen.push(['once', clock.now() - T0]));
    clock.advance(4200);
    assert.deepEqual(seen, [
      ['once', 3500],
      ['every second', 4000],
    ]);
  });

  it('a repeating timer cleared from its own callback stops', () => {
    const clock = createManualClock(T0);
    let fired = 0;
    const timer = clock.setRepeatingTimer(10, () => {
      fired += 1;
      if (fired === 2) clock.clearTimer(timer);
    });
    for (let i = 0; i < 5; i += 1) clock.advance(10);
    assert.equal(fired, 2);
    assert.equal(clock.pendingTimers, 0);
  });

  it('moving the clock back fires nothing and timers keep their due instants', () => {
    const clock = createManualClock(T0);
    const seen: number[] = [];
    clock.setTimer(1000, () => seen.push(clock.now() - T0));
    clock.advance(-60_000);
    clock.set(T0 + 999);
    assert.deepEqual(seen, []);
    clock.set(T0 + 5000);
    assert.deepEqual(seen, [1000]);
  });

  it('runDue fires the timers set with a delay of 0 without moving the clock', () => {
    const clock = createManualClock(T0);
    const seen: string[] = [];
    clock.setTimer(0, () => {
      seen.push('now');
      clock.setTimer(0, () => seen.push('also now'));
    });
    clock.setTimer(1, () => seen.push('later'));
    assert.equal(clock.runDue(), 2);
    assert.deepEqual(seen, ['now', 'also now']);
    assert.equal(clock.now(), T0);
  });

  it('a throwing callback does not stop the others; its error comes out of advance with the clock at the target', () => {
    const clock = createManualClock(T0);
    const seen: string[] = [];
    clock.setTimer(10, () => {
      throw new Error('broken rule');
    });
    clock.setTimer(20, () => seen.push('after'));
    assert.throws(() => clock.advance(100), /broken rule/);
    assert.deepEqual(seen, ['after']);
    assert.equal(clock.now(), T0 + 100);
  });

  it('refuses to be moved from a timer callback', () => {
    const clock = createManualClock(T0);
    clock.setTimer(10, () => clock.advance(10));
    assert.throws(() => clock.advance(10), /while the clock is moving/);
  });

  it('advanceAsync lets a promise continuation set the next timer before the clock passes its instant', async () => {
    const clock = createManualClock(T0);
    const seen: number[] = [];
    const step = () => {
      seen.push(clock.now() - T0);
      // Re-armed only after an awaited step, as a retry is after its outcome's commit.
      void Promise.resolve().then(() => clock.setTimer(100, step));
    };
    clock.setTimer(100, step);
    await clock.advanceAsync(350);
    assert.deepEqual(seen, [100, 200, 300]);
    assert.equal(clock.now(), T0 + 350);
  });

  it('advance, by contrast, fires only what was set when each timer ran', () => {
    const clock = createManualClock(T0);
    const seen: number[] = [];
    const step = () => {
      seen.push(clock.now() - T0);
      void Promise.resolve().then(() => clock.setTimer(100, step));
    };
    clock.setTimer(100, step);
    clock.advance(350);
    assert.deepEqual(seen, [100]);
  });

  it('refuses a delay or period that is not a finite number of milliseconds', () => {
    const clock = createManualClock(T0);
    for (const bad of [Number.NaN, Infinity]) assert.throws(() => clock.setTimer(bad, () => undefined), RangeError);
    for (const bad of [0, -1, Number.NaN, Infinity]) assert.throws(() => clock.setRepeatingTimer(bad, () => undefined), RangeError);
  });

  it('refuses a handle of another clock', () => {
    const a = createManualClock(T0);
    const b = createManualClock(T0);
    assert.throws(() => b.clearTimer(a.setTimer(10, () => undefined)), /another clock/);
  });
});

describe('system clock', () => {
  const root = REPO_ROOT;
  /** Runs a module body in a fresh Node process with the system clocks imported; resolves with its output once it exits. */
  const runChild = async (body: string) => {
    const script = `import { systemClock, systemDeadlineClock } from './src/platform/scheduler/index.ts';\n${body}`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: root,
      timeout: 20_000,
    });
    return stdout.trim();
  };

  it('its timers, one-shot and repeating, do not keep the process alive', async () => {
    const started = Date.now();
    const out = await runChild(`
      systemClock.setTimer(60_000, () => console.log('one-shot fired'));
      systemClock.setRepeatingTimer(60_000, () => console.log('repeating fired'));
      systemClock.setTimer(2 ** 31 + 5, () => console.log('long fired'));
      console.log('armed');
    `);
    assert.equal(out, 'armed');
    assert.ok(Date.now() - started < 15_000, 'the child exited without waiting for a minute');
  });

  it('the deadline clock keeps the process alive until its timer fires, and a delay beyond the Node timer range is not cut short', async () => {
    const out = await runChild(`
      let long = false;
      systemClock.setTimer(2 ** 31 + 5, () => (long = true));
      systemDeadlineClock.setTimer(50, () => console.log('deadline fired; long timer fired: ' + long));
    `);
    assert.equal(out, 'deadline fired; long timer fired: false');
  });

  it('a cleared deadline timer lets the process exit without firing', async () => {
    const out = await runChild(`
      const timer = systemDeadlineClock.setTimer(60_000, () => console.log('fired'));
      systemDeadlineClock.clearTimer(timer);
      console.log('cleared');
    `);
    assert.equal(out, 'cleared');
  });

  it('fires timers in due order on real time', async () => {
    const out = await runChild(`
      const seen = [];
      systemDeadlineClock.setTimer(30, () => seen.push('b'));
      systemDeadlineClock.setTimer(10, () => seen.push('a'));
      const every = systemDeadlineClock.setRepeatingTimer(15, () => seen.push('tick'));
      systemDeadlineClock.setTimer(40, () => { systemDeadlineClock.clearTimer(every); console.log(seen.filter((s) => s !== 'tick').join(',') + ' ticks>=1:' + seen.includes('tick')); });
    `);
    assert.equal(out, 'a,b ticks>=1:true');
  });
});
