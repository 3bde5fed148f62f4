import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ALWAYS_OPEN, validateCalendar } from '../../../../src/plugins/ticketing/calendar/businessCalendar.js';
import {
  breachesAt,
  clockState,
  dueAt,
  elapsedAt,
  isBreached,
  minutesUntilDue,
  parseSlaClock,
  pauseClock,
  restartClock,
  resumeClock,
  retarget,
  startClock,
  stopClock,
  type SlaClock,
} from '../../../../src/plugins/ticketing/clocks/slaClock.js';
import { iso } from '../../../support/time.js';

const at = (iso: string) => Date.parse(iso);
const nineToFive = [{ start: '09:00', end: '17:00' }];
/** Monday to Friday 09:00-17:00 UTC, so the instants below read as local times. */
const office = validateCalendar({
  name: 'office',
  timeZone: 'UTC',
  weekly: [[], nineToFive, nineToFive, nineToFive, nineToFive, nineToFive, []],
  holidays: ['2026-12-25'],
});
// 2026-11-27 is a Friday, 2026-11-30 a Monday.

describe('a running clock on the 24/7 calendar', () => {
  const start = at('2026-11-26T10:00:00Z');
  const clock = startClock(60, start);

  it('starts running with nothing counted', () => {
    assert.deepEqual(clock, { targetMinutes: 60, elapsedMinutes: 0, runningSince: start, pausedAt: null, stoppedAt: null });
    assert.equal(clockState(clock), 'running');
  });
  it('is due target minutes after the start', () => {
    assert.equal(iso(dueAt(clock, ALWAYS_OPEN)), '2026-11-26T11:00:00.000Z');
  });
  it('counts down whole minutes, rounding down', () => {
    assert.equal(minutesUntilDue(clock, ALWAYS_OPEN, start), 60);
    assert.equal(minutesUntilDue(clock, ALWAYS_OPEN, start + 30_500), 59);
    assert.equal(minutesUntilDue(clock, ALWAYS_OPEN, at('2026-11-26T11:00:00Z')), 0);
  });
  it('is breached only after the due instant, and then counts negative', () => {
    assert.equal(isBreached(clock, ALWAYS_OPEN, at('2026-11-26T11:00:00Z')), false);
    assert.equal(isBreached(clock, ALWAYS_OPEN, at('2026-11-26T11:00:00.001Z')), true);
    assert.equal(minutesUntilDue(clock, ALWAYS_OPEN, at('2026-11-26T11:00:00.001Z')), -1);
    assert.equal(minutesUntilDue(clock, ALWAYS_OPEN, at('2026-11-26T11:30:00Z')), -30);
  });
  it('tells the breach timer the first millisecond of the breach', () => {
    assert.equal(iso(breachesAt(clock, ALWAYS_OPEN)), '2026-11-26T11:00:00.001Z');
  });
});

describe('pause and resume: paused time does not count', () => {
  it('on the 24/7 calendar, a two-hour pause moves the due date by two hours', () => {
    let clock = startClock(60, at('2026-11-26T10:00:00Z'));
    clock = pauseClock(clock, ALWAYS_OPEN, at('2026-11-26T10:20:00Z'));
    assert.equal(clockState(clock), 'paused');
    assert.equal(elapsedAt(clock, ALWAYS_OPEN, at('2026-11-26T12:00:00Z')), 20);
    assert.equal(dueAt(clock, ALWAYS_OPEN), null);
    assert.equal(minutesUntilDue(clock, ALWAYS_OPEN, at('2026-11-26T12:00:00Z')), null);
    assert.equal(isBreached(clock, ALWAYS_OPEN, at('2026-11-27T12:00:00Z')), false, 'a paused clock does not breach');
    clock = resumeClock(clock, at('2026-11-26T12:20:00Z'));
    assert.equal(iso(dueAt(clock, ALWAYS_OPEN)), '2026-11-26T13:00:00.000Z');
  });
  it('across closed hours: paused Friday 16:30, resumed Monday 10:00, only the open minutes before and after count', () => {
    let clock = startClock(120, at('2026-11-27T16:00:00Z'));
    clock = pauseClock(clock, office, at('2026-11-27T16:30:00Z'));
    clock = resumeClock(clock, at('2026-11-30T10:00:00Z'));
    assert.equal(clock.elapsedMinutes, 30);
    assert.equal(iso(dueAt(clock, office)), '2026-11-30T11:30:00.000Z');
    assert.equal(elapsedAt(clock, office, at('2026-11-30T11:00:00Z')), 90);
  });
  it('a pause that lies wholly in closed hours changes nothing', () => {
    const unpaused = startClock(120, at('2026-11-27T16:00:00Z'));
    let paused = pauseClock(unpaused, office, at('2026-11-28T10:00:00Z'));
    paused = resumeClock(paused, at('2026-11-29T10:00:00Z'));
    assert.equal(dueAt(paused, office), dueAt(unpaused, office));
    assert.equal(iso(dueAt(paused, office)), '2026-11-30T10:00:00.000Z');
  });
  it('paused many times, the open minutes of the running stretches add up', () => {
    let clock = startClock(480, at('2026-11-30T09:00:00Z'));
    for (const [pause, resume] of [
      ['10:00', '11:00'],
      ['12:00', '15:00'],
      ['16:00', '16:30'],
    ] as const) {
      clock = pauseClock(clock, office, at(`2026-11-30T${pause}:00Z`));
      clock = resumeClock(clock, at(`2026-11-30T${resume}:00Z`));
    }
    assert.equal(elapsedAt(clock, office, at('2026-11-30T17:00:00Z')), 60 + 60 + 60 + 30);
    assert.equal(iso(dueAt(clock, office)), '2026-12-01T13:30:00.000Z');
  });
  it('pausing a paused clock or resuming a running one changes nothing', () => {
    const running = startClock(60, at('2026-11-26T10:00:00Z'));
    assert.equal(resumeClock(running, at('2026-11-26T10:10:00Z')), running);
    const paused = pauseClock(running, ALWAYS_OPEN, at('2026-11-26T10:10:00Z'));
    assert.equal(pauseClock(paused, ALWAYS_OPEN, at('2026-11-26T10:40:00Z')), paused);
  });
});

describe('retarget: a changed SLA or priority keeps the count, paused time still excluded', () => {
  it('while paused: 60 minutes counted before the pause stay 60, the paused afternoon stays out', () => {
    let clock = startClock(240, at('2026-11-30T09:00:00Z'));
    clock = pauseClock(clock, office, at('2026-11-30T10:00:00Z'));
    clock = retarget(clock, 480); // priority lowered at 12:00 while paused
    assert.equal(elapsedAt(clock, office, at('2026-11-30T14:00:00Z')), 60);
    clock = resumeClock(clock, at('2026-11-30T14:00:00Z'));
    // 420 minutes left: 14:00-17:00 Monday (180), then 240 on Tuesday.
    assert.equal(iso(dueAt(clock, office)), '2026-12-01T13:00:00.000Z');
  });
  it('while running: a tighter target can make the clock due, or breached, at once', () => {
    let clock = startClock(480, at('2026-11-30T09:00:00Z'));
    clock = pauseClock(clock, office, at('2026-11-30T10:00:00Z'));
    clock = resumeClock(clock, at('2026-11-30T12:00:00Z'));
    const tighter = retarget(clock, 90);
    assert.equal(iso(dueAt(tighter, office)), '2026-11-30T12:30:00.000Z');
    const tightest = retarget(clock, 30);
    assert.equal(isBreached(tightest, office, at('2026-11-30T12:00:00Z')), true);
    // 30 minutes over at 12:00: due was 30 business minutes before, inside the first stretch.
    assert.equal(iso(dueAt(tightest, office)), '2026-11-30T11:30:00.000Z');
    assert.equal(minutesUntilDue(tightest, office, at('2026-11-30T12:15:00Z')), -45);
  });
  it('keeps the state: a stopped clock stays stopped with its count', () => {
    const stopped = stopClock(startClock(60, at('2026-11-26T10:00:00Z')), ALWAYS_OPEN, at('2026-11-26T10:50:00Z'));
    const changed = retarget(stopped, 30);
    assert.equal(changed.elapsedMinutes, 50);
    assert.equal(clockState(changed), 'stopped');
    assert.equal(isBreached(changed, ALWAYS_OPEN, at('2026-11-27T00:00:00Z')), true);
  });
});

describe('stop and restart', () => {
  it('a clock stopped within its target is met for good', () => {
    const clock = stopClock(startClock(60, at('2026-11-26T10:00:00Z')), ALWAYS_OPEN, at('2026-11-26T11:00:00Z'));
    assert.equal(clockState(clock), 'stopped');
    assert.equal(clock.elapsedMinutes, 60);
    assert.equal(dueAt(clock, ALWAYS_OPEN), null);
    assert.equal(minutesUntilDue(clock, ALWAYS_OPEN, at('2026-12-26T00:00:00Z')), null);
    assert.equal(isBreached(clock, ALWAYS_OPEN, at('2026-12-26T00:00:00Z')), false);
  });
  it('a clock stopped after its target is breached for good', () => {
    const clock = stopClock(startClock(60, at('2026-11-26T10:00:00Z')), ALWAYS_OPEN, at('2026-11-26T11:01:00Z'));
    assert.equal(isBreached(clock, ALWAYS_OPEN, at('2026-11-26T11:01:00Z')), true);
  });
  it('a paused clock stops with the count it had at the pause', () => {
    let clock = startClock(60, at('2026-11-26T10:00:00Z'));
    clock = pauseClock(clock, ALWAYS_OPEN, at('2026-11-26T10:40:00Z'));
    clock = stopClock(clock, ALWAYS_OPEN, at('2026-11-26T15:00:00Z'));
    assert.deepEqual(clock, {
      targetMinutes: 60,
      elapsedMinutes: 40,
      runningSince: null,
      pausedAt: null,
      stoppedAt: at('2026-11-26T15:00:00Z'),
    });
  });
  it('a stopped clock ignores pause, resume and a second stop', () => {
    const clock = stopClock(startClock(60, at('2026-11-26T10:00:00Z')), ALWAYS_OPEN, at('2026-11-26T10:30:00Z'));
    assert.equal(pauseClock(clock, ALWAYS_OPEN, at('2026-11-26T11:00:00Z')), clock);
    assert.equal(resumeClock(clock, at('2026-11-26T11:00:00Z')), clock);
    assert.equal(stopClock(clock, ALWAYS_OPEN, at('2026-11-26T12:00:00Z')), clock);
  });
  it('a reopened ticket runs again from the reopening, the count kept and the resolved time not counted', () => {
    let clock = startClock(480, at('2026-11-30T09:00:00Z'));
    clock = stopClock(clock, office, at('2026-11-30T12:00:00Z')); // resolved after 180
    clock = restartClock(clock, at('2026-12-01T09:00:00Z')); // reopened next morning
    assert.equal(clockState(clock), 'running');
    assert.equal(clock.elapsedMinutes, 180);
    assert.equal(iso(dueAt(clock, office)), '2026-12-01T14:00:00.000Z');
    assert.equal(restartClock(clock, at('2026-12-01T10:00:00Z')), clock, 'restarting a running clock changes nothing');
  });
});

describe('business-hours deadlines', () => {
  it('a target that runs out at Friday 17:00 is due then, but breached only once Monday opens', () => {
    const clock = startClock(60, at('2026-11-27T16:00:00Z'));
    assert.equal(iso(dueAt(clock, office)), '2026-11-27T17:00:00.000Z');
    // No business minute passes over the weekend, so the count stays at the target.
    assert.equal(isBreached(clock, office, at('2026-11-28T12:00:00Z')), false);
    assert.equal(minutesUntilDue(clock, office, at('2026-11-28T12:00:00Z')), 0);
    assert.equal(iso(breachesAt(clock, office)), '2026-11-30T09:00:00.001Z');
    assert.equal(isBreached(clock, office, at('2026-11-30T09:00:00.001Z')), true);
  });
  it('the countdown is in business minutes: Friday evening, a ticket due Monday 10:00 has 60 minutes left', () => {
    const clock = startClock(120, at('2026-11-27T16:00:00Z'));
    assert.equal(minutesUntilDue(clock, office, at('2026-11-27T20:00:00Z')), 60);
  });
  it('skips a holiday: due dates move past 25 December', () => {
    const clock = startClock(120, at('2026-12-24T16:00:00Z'));
    assert.equal(iso(dueAt(clock, office)), '2026-12-28T10:00:00.000Z');
  });
  it('a clock resumed already breached breaches at once', () => {
    let clock = startClock(30, at('2026-11-30T09:00:00Z'));
    clock = pauseClock(clock, office, at('2026-11-30T10:00:00Z'));
    clock = resumeClock(clock, at('2026-11-30T11:00:00Z'));
    assert.equal(iso(breachesAt(clock, office)), '2026-11-30T11:00:00.000Z');
    assert.equal(iso(dueAt(clock, office)), '2026-11-30T10:30:00.000Z');
    assert.equal(breachesAt(pauseClock(clock, office, at('2026-11-30T12:00:00Z')), office), null);
  });
});

describe('clocks as JSON (the ticket snapshot stores them in jsonb)', () => {
  it('round-trips through JSON unchanged in every state', () => {
    const running = startClock(60, at('2026-11-26T10:00:00Z'));
    const paused = pauseClock(running, office, at('2026-11-26T10:20:30.5Z'));
    const stopped = stopClock(paused, office, at('2026-11-26T12:00:00Z'));
    for (const clock of [running, paused, stopped]) assert.deepEqual(parseSlaClock(JSON.parse(JSON.stringify(clock))), clock);
  });
  const invalid: ReadonlyArray<readonly [what: string, input: unknown, message: RegExp]> = [
    ['not an object', 'clock', /must be an object/],
    ['a missing target', { elapsedMinutes: 0, runningSince: 1, pausedAt: null, stoppedAt: null }, /targetMinutes must be a finite number/],
    [
      'a string instant',
      { targetMinutes: 1, elapsedMinutes: 0, runningSince: '2026-11-26', pausedAt: null, stoppedAt: null },
      /runningSince must be a finite number or null/,
    ],
    ['two states at once', { targetMinutes: 1, elapsedMinutes: 0, runningSince: 1, pausedAt: 2, stoppedAt: null }, /exactly one of/],
    ['no state', { targetMinutes: 1, elapsedMinutes: 0, runningSince: null, pausedAt: null, stoppedAt: null }, /exactly one of/],
    ['a negative count', { targetMinutes: 1, elapsedMinutes: -5, runningSince: 1, pausedAt: null, stoppedAt: null }, />= 0/],
  ];
  for (const [what, input, message] of invalid) {
    it(`refuses ${what}`, () => assert.throws(() => parseSlaClock(input), message));
  }
  it('refuses a negative or infinite target when started or retargeted', () => {
    assert.throws(() => startClock(-1, 0), RangeError);
    assert.throws(() => retarget(startClock(1, 0) as SlaClock, Number.POSITIVE_INFINITY), RangeError);
  });
});
