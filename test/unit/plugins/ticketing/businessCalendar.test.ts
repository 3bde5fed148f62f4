import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError, ErrorCode } from '../../../../src/platform/errors/catalog.js';
import {
  ALWAYS_OPEN,
  addBusinessMinutes,
  businessMinutesBetween,
  isOpenAt,
  nextOpenAt,
  subtractBusinessMinutes,
  validateCalendar,
} from '../../../../src/plugins/ticketing/calendar/businessCalendar.js';
import type { BusinessCalendar, OpeningHours } from '../../../../src/plugins/ticketing/ticketContract.js';
import { iso } from '../../../support/time.js';

const at = (iso: string) => Date.parse(iso);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const nineToFive: OpeningHours[] = [{ start: '09:00', end: '17:00' }];
/** Monday to Friday 09:00-17:00 in `timeZone`. */
function officeHours(timeZone: string, holidays: string[] = []): BusinessCalendar {
  return validateCalendar({
    name: `office ${timeZone}`,
    timeZone,
    weekly: [[], nineToFive, nineToFive, nineToFive, nineToFive, nineToFive, []],
    holidays,
  });
}
/** The same hours every day of the week. */
function everyDay(timeZone: string, hours: OpeningHours[]): BusinessCalendar {
  return validateCalendar({ name: `daily ${timeZone}`, timeZone, weekly: Array.from({ length: 7 }, () => hours), holidays: [] });
}

describe('the 24/7 default calendar', () => {
  it('is named 24x7, in UTC, open all day every day, without holidays', () => {
    assert.equal(ALWAYS_OPEN.name, '24x7');
    assert.equal(ALWAYS_OPEN.timeZone, 'UTC');
    assert.deepEqual(
      ALWAYS_OPEN.weekly,
      Array.from({ length: 7 }, () => [{ start: '00:00', end: '24:00' }]),
    );
    assert.deepEqual(ALWAYS_OPEN.holidays, []);
    assert.deepEqual(validateCalendar(ALWAYS_OPEN), ALWAYS_OPEN);
  });
  it('counts every minute: a due date is plain addition, across midnight and weekends', () => {
    assert.equal(iso(addBusinessMinutes(ALWAYS_OPEN, at('2026-11-28T23:30:00Z'), 90)), '2026-11-29T01:00:00.000Z');
    assert.equal(businessMinutesBetween(ALWAYS_OPEN, at('2026-11-23T00:00:00Z'), at('2026-11-30T00:00:00Z')), 7 * 24 * 60);
  });
  it('handles fractional minutes', () => {
    assert.equal(addBusinessMinutes(ALWAYS_OPEN, at('2026-11-26T10:00:00Z'), 0.5), at('2026-11-26T10:00:30Z'));
    assert.equal(businessMinutesBetween(ALWAYS_OPEN, at('2026-11-26T10:00:00Z'), at('2026-11-26T10:00:15Z')), 0.25);
  });
});

describe('office hours (Europe/Berlin, Monday to Friday 09:00-17:00)', () => {
  const berlin = officeHours('Europe/Berlin', ['2026-12-24', '2026-12-25']);

  it('carries a due date over the weekend: Friday 16:00 plus 2 hours is Monday 10:00', () => {
    assert.equal(iso(addBusinessMinutes(berlin, at('2026-11-27T15:00:00Z'), 120)), '2026-11-30T09:00:00.000Z');
  });
  it('skips holidays: Wednesday 23 December 16:00 plus 2 hours is Monday 28 December 10:00', () => {
    assert.equal(iso(addBusinessMinutes(berlin, at('2026-12-23T15:00:00Z'), 120)), '2026-12-28T09:00:00.000Z');
  });
  it('starts counting at the next opening when raised while closed', () => {
    assert.equal(iso(addBusinessMinutes(berlin, at('2026-11-28T12:00:00Z'), 30)), '2026-11-30T08:30:00.000Z');
  });
  it('is due at the closing, not the next opening, when the minutes end exactly there', () => {
    assert.equal(iso(addBusinessMinutes(berlin, at('2026-11-27T15:00:00Z'), 60)), '2026-11-27T16:00:00.000Z');
  });
  it('counts only open minutes between two instants, none over a weekend or a holiday', () => {
    assert.equal(businessMinutesBetween(berlin, at('2026-11-27T15:00:00Z'), at('2026-11-30T09:00:00Z')), 120);
    assert.equal(businessMinutesBetween(berlin, at('2026-11-28T00:00:00Z'), at('2026-11-29T23:00:00Z')), 0);
    assert.equal(businessMinutesBetween(berlin, at('2026-12-24T00:00:00Z'), at('2026-12-26T00:00:00Z')), 0);
    assert.equal(businessMinutesBetween(berlin, at('2026-11-30T10:00:00Z'), at('2026-11-30T09:00:00Z')), 0);
  });
  it('reads holidays and hours in the zone, not in UTC (Monday 00:30 in Berlin is Sunday 23:30 UTC)', () => {
    const monday = officeHours('Europe/Berlin', ['2026-11-30']);
    assert.equal(iso(addBusinessMinutes(monday, at('2026-11-29T23:30:00Z'), 60)), '2026-12-01T09:00:00.000Z');
  });
  it('walks back the same way', () => {
    assert.equal(iso(subtractBusinessMinutes(berlin, at('2026-11-30T09:00:00Z'), 120)), '2026-11-27T15:00:00.000Z');
    assert.equal(iso(subtractBusinessMinutes(berlin, at('2026-12-28T09:00:00Z'), 120)), '2026-12-23T15:00:00.000Z');
  });
  it('knows when it is open and when it opens next', () => {
    assert.equal(isOpenAt(berlin, at('2026-11-27T15:59:59Z')), true);
    assert.equal(isOpenAt(berlin, at('2026-11-27T16:00:00Z')), false);
    assert.equal(iso(nextOpenAt(berlin, at('2026-11-27T16:00:00Z'))), '2026-11-30T08:00:00.000Z');
    assert.equal(iso(nextOpenAt(berlin, at('2026-11-30T10:00:00Z'))), '2026-11-30T10:00:00.000Z');
  });
  it('reaches a due date 30 business days out by walking days, not minutes (fresh calendars, no warm cache)', () => {
    const calls = 50;
    const started = process.hrtime.bigint();
    let due = 0;
    for (let i = 0; i < calls; i += 1) due = addBusinessMinutes(officeHours('Europe/Berlin'), at('2026-11-02T08:00:00Z'), 30 * 8 * 60);
    const microsEach = Number(process.hrtime.bigint() - started) / 1000 / calls;
    assert.equal(iso(due), '2026-12-11T16:00:00.000Z');
    // A minute-by-minute walk takes 60,480 steps (hundreds of ms); the day walk takes about 100 µs
    // cold on a loaded machine. The bound leaves room for a busy CI box.
    assert.ok(microsEach < 3000, `${microsEach.toFixed(0)} µs per due date`);
  });
});

describe('daylight-saving changes: hours are wall-clock', () => {
  it('Berlin spring forward (29 March 2026): the whole day is 23 hours, 09:00-17:00 stays 8, 01:00-05:00 loses the skipped hour', () => {
    const dayStart = at('2026-03-28T23:00:00Z');
    const dayEnd = at('2026-03-29T22:00:00Z');
    assert.equal(businessMinutesBetween(everyDay('Europe/Berlin', [{ start: '00:00', end: '24:00' }]), dayStart, dayEnd), 23 * 60);
    assert.equal(businessMinutesBetween(everyDay('Europe/Berlin', nineToFive), dayStart, dayEnd), 8 * 60);
    assert.equal(businessMinutesBetween(everyDay('Europe/Berlin', [{ start: '01:00', end: '05:00' }]), dayStart, dayEnd), 3 * 60);
  });
  it('Berlin fall back (25 October 2026): the whole day is 25 hours, 01:00-05:00 counts the repeated hour twice', () => {
    const dayStart = at('2026-10-24T22:00:00Z');
    const dayEnd = at('2026-10-25T23:00:00Z');
    assert.equal(businessMinutesBetween(everyDay('Europe/Berlin', [{ start: '00:00', end: '24:00' }]), dayStart, dayEnd), 25 * 60);
    assert.equal(businessMinutesBetween(everyDay('Europe/Berlin', nineToFive), dayStart, dayEnd), 8 * 60);
    assert.equal(businessMinutesBetween(everyDay('Europe/Berlin', [{ start: '01:00', end: '05:00' }]), dayStart, dayEnd), 5 * 60);
  });
  it('Berlin: hours that begin inside the repeated hour count only its second half twice', () => {
    // 02:30-04:00 on 25 October: 02:30-03:00 CEST, then 02:30-04:00 CET; 02:00-02:30 CET is before the opening.
    const calendar = everyDay('Europe/Berlin', [{ start: '02:30', end: '04:00' }]);
    assert.equal(businessMinutesBetween(calendar, at('2026-10-24T22:00:00Z'), at('2026-10-25T23:00:00Z')), 30 + 90);
  });
  it('Berlin: a due date that runs into the skipped hour lands after it', () => {
    const nights = everyDay('Europe/Berlin', [{ start: '01:00', end: '05:00' }]);
    // Saturday 04:30 CET: 30 minutes that night, then 01:00-02:00 CET, then 03:00 CEST onwards.
    const from = at('2026-03-28T03:30:00Z');
    assert.equal(iso(addBusinessMinutes(nights, from, 90)), '2026-03-29T01:00:00.000Z');
    assert.equal(iso(addBusinessMinutes(nights, from, 120)), '2026-03-29T01:30:00.000Z');
  });
  it('Berlin: a due date inside the repeated hour is its second pass when the first was counted', () => {
    const nights = everyDay('Europe/Berlin', [{ start: '01:00', end: '05:00' }]);
    // Saturday 04:30 CEST + 30 min, then Sunday 01:00 CEST (23:00Z) + 150 min = 02:30 CET.
    assert.equal(iso(addBusinessMinutes(nights, at('2026-10-24T02:30:00Z'), 180)), '2026-10-25T01:30:00.000Z');
  });
  it('New York spring forward (8 March 2026): Friday 16:00 EST plus 2 hours is Monday 10:00 EDT', () => {
    assert.equal(iso(addBusinessMinutes(officeHours('America/New_York'), at('2026-03-06T21:00:00Z'), 120)), '2026-03-09T14:00:00.000Z');
    assert.equal(
      businessMinutesBetween(
        everyDay('America/New_York', [{ start: '00:00', end: '24:00' }]),
        at('2026-03-08T05:00:00Z'),
        at('2026-03-09T04:00:00Z'),
      ),
      23 * 60,
    );
  });
  it('New York fall back (1 November 2026): Friday 16:00 EDT plus 2 hours is Monday 10:00 EST', () => {
    assert.equal(iso(addBusinessMinutes(officeHours('America/New_York'), at('2026-10-30T20:00:00Z'), 120)), '2026-11-02T15:00:00.000Z');
    assert.equal(
      businessMinutesBetween(
        everyDay('America/New_York', [{ start: '00:00', end: '24:00' }]),
        at('2026-11-01T04:00:00Z'),
        at('2026-11-02T05:00:00Z'),
      ),
      25 * 60,
    );
  });
  it('Lord Howe Island shifts by half an hour: 00:00-24:00 is 23.5 hours in October and 24.5 in April', () => {
    const allDay = everyDay('Australia/Lord_Howe', [{ start: '00:00', end: '24:00' }]);
    // Local midnight is 13:30Z (+10:30) in winter and 13:00Z (+11) in summer.
    assert.equal(businessMinutesBetween(allDay, at('2026-10-03T13:30:00Z'), at('2026-10-04T13:00:00Z')), 23.5 * 60);
    assert.equal(businessMinutesBetween(allDay, at('2026-04-04T13:00:00Z'), at('2026-04-05T13:30:00Z')), 24.5 * 60);
  });
});

// ---------------------------------------------------------------------------------------------
// Property-style checks on generated calendars (a seeded generator, so a failure reproduces).

function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Australia/Lord_Howe', 'America/St_Johns', 'Pacific/Apia'];
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

function generateCalendar(random: () => number, index: number, zone?: string): BusinessCalendar {
  const pick = (n: number) => Math.floor(random() * n);
  const weekly: OpeningHours[][] = [];
  for (let day = 0; day < 7; day += 1) {
    // Boundaries on a quarter-hour grid, 0..3 intervals a day, some touching, some ending at 24:00.
    const cuts = [...new Set(Array.from({ length: pick(4) * 2 }, () => pick(97) * 15))].sort((x, y) => x - y);
    const hours: OpeningHours[] = [];
    for (let i = 0; i + 1 < cuts.length; i += 2) hours.push({ start: hhmm(cuts[i]!), end: hhmm(cuts[i + 1]!) });
    weekly.push(hours);
  }
  if (weekly.every((day) => day.length === 0)) weekly[1] = [{ start: '08:00', end: '18:00' }];
  const holidays = Array.from({ length: pick(6) }, () =>
    new Date(Date.UTC(2026, 0, 1) + pick(730) * 86_400_000).toISOString().slice(0, 10),
  );
  return validateCalendar({ name: `generated ${index}`, timeZone: zone ?? ZONES[pick(ZONES.length)]!, weekly, holidays });
}

/** Open minutes by looking at the local time of every minute: slow, obviously right. */
function openMinutesByBruteForce(calendar: BusinessCalendar, from: number, to: number): number {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: calendar.timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    weekday: 'short',
  });
  const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  let open = 0;
  for (let t = from; t < to; t += MINUTE) {
    const parts = Object.fromEntries(format.formatToParts(new Date(t)).map((part) => [part.type, part.value]));
    if (calendar.holidays.includes(`${parts.year}-${parts.month}-${parts.day}`)) continue;
    const minuteOfDay = Number(parts.hour) * 60 + Number(parts.minute);
    const hours = calendar.weekly[weekdays.indexOf(parts.weekday!)]!;
    if (hours.some((h) => hhmm(minuteOfDay) >= h.start && hhmm(minuteOfDay) < h.end)) open += 1;
  }
  return open;
}

describe('addBusinessMinutes and businessMinutesBetween are inverse (generated calendars and times)', () => {
  const random = generator(20261126);
  const cases = Array.from({ length: 300 }, (_, i) => ({
    calendar: generateCalendar(random, i),
    from: Date.UTC(2026, 0, 1) + Math.floor(random() * 730 * 1440) * MINUTE + Math.floor(random() * MINUTE),
    minutes: random() < 0.2 ? Math.floor(random() * 60) : random() * 20_000,
  }));

  it('counting the minutes to a due date gives the minutes back', () => {
    for (const { calendar, from, minutes } of cases) {
      const due = addBusinessMinutes(calendar, from, minutes);
      const counted = businessMinutesBetween(calendar, from, due);
      assert.ok(
        Math.abs(counted - minutes) < 1e-6,
        `${calendar.name} ${calendar.timeZone} from ${iso(from)} + ${minutes}: counted ${counted}`,
      );
      assert.ok(due >= from);
    }
  });
  it('a due date reached from the minutes between two instants is the later one, or the end of the opening before it', () => {
    for (const { calendar, from, minutes } of cases) {
      const to = from + Math.floor(minutes * 3) * MINUTE;
      const reached = addBusinessMinutes(calendar, from, businessMinutesBetween(calendar, from, to));
      if (isOpenAt(calendar, to)) assert.equal(reached, to, `${calendar.name} ${calendar.timeZone} ${iso(from)} -> ${iso(to)}`);
      else {
        assert.ok(reached <= to);
        assert.equal(businessMinutesBetween(calendar, reached, to), 0);
      }
    }
  });
  it('walking back the minutes to a due date returns to the opening it was counted from', () => {
    for (const { calendar, from, minutes } of cases) {
      if (minutes === 0) continue;
      const due = addBusinessMinutes(calendar, from, minutes);
      const back = subtractBusinessMinutes(calendar, due, minutes);
      assert.ok(Math.abs(businessMinutesBetween(calendar, back, due) - minutes) < 1e-6);
      assert.equal(businessMinutesBetween(calendar, Math.min(from, back), Math.max(from, back)), 0);
    }
  });
  it('agrees with a minute-by-minute count over the daylight-saving weekends of 2026', () => {
    const random2 = generator(7);
    // Each zone with the Friday before its changes: New York, Berlin, Lord Howe (half an hour).
    const weekends: ReadonlyArray<readonly [string, string]> = [
      ['America/New_York', '2026-03-06'],
      ['America/New_York', '2026-10-30'],
      ['Europe/Berlin', '2026-03-27'],
      ['Europe/Berlin', '2026-10-23'],
      ['Australia/Lord_Howe', '2026-04-03'],
      ['Australia/Lord_Howe', '2026-10-02'],
    ];
    for (let i = 0; i < 30; i += 1) {
      const [zone, friday] = weekends[i % weekends.length]!;
      const calendar = generateCalendar(random2, i, zone);
      const from = at(`${friday}T00:00:00Z`) + Math.floor(random2() * 24 * 60) * MINUTE;
      const to = from + 3 * 24 * HOUR;
      assert.equal(
        businessMinutesBetween(calendar, from, to),
        openMinutesByBruteForce(calendar, from, to),
        `${calendar.timeZone} ${JSON.stringify(calendar.weekly)} ${iso(from)}`,
      );
    }
  });
});

describe('a calendar that is never open', () => {
  it('is refused with a clear error instead of walking forever', () => {
    const closed: BusinessCalendar = { name: 'closed', timeZone: 'UTC', weekly: [[], [], [], [], [], [], []], holidays: [] };
    assert.throws(() => addBusinessMinutes(closed, 0, 1), /no open hour on any day/);
    assert.throws(() => nextOpenAt(closed, 0), /no open hour on any day/);
  });
  it('refuses nonsense arguments', () => {
    assert.throws(() => addBusinessMinutes(ALWAYS_OPEN, 0, -1), RangeError);
    assert.throws(() => addBusinessMinutes(ALWAYS_OPEN, 0, Number.NaN), RangeError);
    assert.throws(() => businessMinutesBetween(ALWAYS_OPEN, Number.NaN, 0), RangeError);
  });
});

describe('validateCalendar', () => {
  const valid = {
    name: 'office',
    timeZone: 'Europe/Berlin',
    weekly: [[], nineToFive, nineToFive, nineToFive, nineToFive, nineToFive, []],
    holidays: ['2026-12-25'],
  };
  const withDay = (index: number, hours: unknown) => ({ ...valid, weekly: valid.weekly.map((day, i) => (i === index ? hours : day)) });

  it('accepts a valid calendar, spelling the zone canonically and sorting hours and holidays', () => {
    const calendar = validateCalendar({
      ...withDay(1, [
        { start: '13:00', end: '17:00' },
        { start: '08:00', end: '12:00' },
      ]),
      timeZone: 'europe/berlin',
      holidays: ['2026-12-26', '2026-12-25', '2026-12-26'],
    });
    assert.equal(calendar.timeZone, 'Europe/Berlin');
    assert.deepEqual(calendar.weekly[1], [
      { start: '08:00', end: '12:00' },
      { start: '13:00', end: '17:00' },
    ]);
    assert.deepEqual(calendar.holidays, ['2026-12-25', '2026-12-26']);
  });
  it('accepts 24:00 as an end and touching intervals', () => {
    const calendar = validateCalendar(
      withDay(0, [
        { start: '00:00', end: '12:00' },
        { start: '12:00', end: '24:00' },
      ]),
    );
    assert.equal(businessMinutesBetween(calendar, at('2026-11-28T23:00:00Z'), at('2026-11-29T23:00:00Z')), 24 * 60);
  });

  const invalid: ReadonlyArray<readonly [what: string, input: unknown, field: RegExp]> = [
    ['not an object', 'office', /expected an object/],
    ['an unknown field', { ...valid, holiday: [] }, /holiday is not a field/],
    [
      'a __proto__ key',
      JSON.parse('{"name":"x","timeZone":"UTC","weekly":[],"holidays":[],"__proto__":{"polluted":true}}'),
      /__proto__ is not a field/,
    ],
    ['no name', { ...valid, name: '' }, /name/],
    ['an unknown zone', { ...valid, timeZone: 'Mars/Olympus_Mons' }, /timeZone "Mars\/Olympus_Mons"/],
    ['a zone that is not a string', { ...valid, timeZone: 1 }, /timeZone 1/],
    ['six days', { ...valid, weekly: valid.weekly.slice(0, 6) }, /weekly must be a list of 7 days.*6 entries/],
    ['weekly not a list', { ...valid, weekly: {} }, /weekly must be a list of 7 days/],
    ['a day that is not a list', withDay(2, { start: '09:00', end: '17:00' }), /weekly\[2\] must be a list/],
    ['hours that are not an object', withDay(3, ['09:00-17:00']), /weekly\[3\]\[0\] must be an object/],
    ['an unknown field in hours', withDay(3, [{ start: '09:00', end: '17:00', tz: 'UTC' }]), /weekly\[3\]\[0\]\.tz/],
    ['a start without leading zero', withDay(1, [{ start: '9:00', end: '17:00' }]), /weekly\[1\]\[0\]\.start "9:00"/],
    ['a start of 24:00', withDay(1, [{ start: '24:00', end: '24:00' }]), /weekly\[1\]\[0\]\.start "24:00"/],
    ['an end of 25:00', withDay(1, [{ start: '09:00', end: '25:00' }]), /weekly\[1\]\[0\]\.end "25:00"/],
    ['minute 60', withDay(1, [{ start: '09:60', end: '17:00' }]), /weekly\[1\]\[0\]\.start "09:60"/],
    ['24:30', withDay(1, [{ start: '09:00', end: '24:30' }]), /weekly\[1\]\[0\]\.end "24:30"/],
    ['a missing end', withDay(1, [{ start: '09:00' }]), /weekly\[1\]\[0\]\.end undefined/],
    ['end equal to start', withDay(4, [{ start: '09:00', end: '09:00' }]), /weekly\[4\]\[0\]\.end 09:00 must be after start 09:00/],
    ['end before start', withDay(4, [{ start: '17:00', end: '09:00' }]), /weekly\[4\]\[0\]\.end 09:00 must be after start 17:00/],
    [
      'overlapping hours',
      withDay(5, [
        { start: '13:00', end: '18:00' },
        { start: '09:00', end: '14:00' },
      ]),
      /weekly\[5\]\[0\] \(13:00-18:00\) overlaps weekly\[5\]\[1\] \(09:00-14:00\)/,
    ],
    ['a holiday that does not exist', { ...valid, holidays: ['2026-02-30'] }, /holidays\[0\] "2026-02-30"/],
    ['a holiday in another format', { ...valid, holidays: ['2026-12-25', '25.12.2026'] }, /holidays\[1\] "25.12.2026"/],
    ['a holiday that is not a string', { ...valid, holidays: [20261225] }, /holidays\[0\] 20261225/],
    ['holidays not a list', { ...valid, holidays: '2026-12-25' }, /holidays must be a list/],
    ['no open hour at all', { ...valid, weekly: [[], [], [], [], [], [], []] }, /no open hour on any day/],
  ];
  for (const [what, input, field] of invalid) {
    it(`refuses ${what} with BAD_REQUEST naming the field`, () => {
      assert.throws(
        () => validateCalendar(input),
        (error: unknown) => {
          assert.ok(error instanceof AppError, String(error));
          assert.equal(error.code, ErrorCode.BadRequest);
          assert.match(error.message, field);
          return true;
        },
      );
    });
  }
});
