import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  bucketKey,
  bucketStartOf,
  calendarPeriodAt,
  calendarPeriodsBetween,
  nextCalendarPeriod,
  previousCalendarPeriod,
  type CalendarPeriodType,
} from '../../../../src/plugins/sla/arithmetic/periods/calendarPeriods.js';
import { startOfLocalDate } from '../../../../src/plugins/sla/arithmetic/periods/zonedTime.js';
import { iso } from '../../../support/time.js';

const HOUR = 3_600_000;

describe('calendar periods', () => {
  const cases: ReadonlyArray<
    readonly [name: string, type: CalendarPeriodType, at: string, zone: string, key: string, start: string, end: string]
  > = [
    ['a UTC day', 'day', '2026-11-25T13:00:00Z', 'UTC', '2026-11-25', '2026-11-25T00:00:00.000Z', '2026-11-26T00:00:00.000Z'],
    [
      'an ISO week starts on Monday',
      'week',
      '2026-11-25T13:00:00Z',
      'UTC',
      '2026-W48',
      '2026-11-23T00:00:00.000Z',
      '2026-11-30T00:00:00.000Z',
    ],
    [
      'a Sunday belongs to the week of the Monday before',
      'week',
      '2026-11-29T23:59:59Z',
      'UTC',
      '2026-W48',
      '2026-11-23T00:00:00.000Z',
      '2026-11-30T00:00:00.000Z',
    ],
    [
      'the last days of 2026 are in ISO week 53',
      'week',
      '2026-12-31T12:00:00Z',
      'UTC',
      '2026-W53',
      '2026-12-28T00:00:00.000Z',
      '2027-01-04T00:00:00.000Z',
    ],
    [
      '1 January 2027 is still in 2026-W53',
      'week',
      '2027-01-01T12:00:00Z',
      'UTC',
      '2026-W53',
      '2026-12-28T00:00:00.000Z',
      '2027-01-04T00:00:00.000Z',
    ],
    [
      '29 December 2025 is in 2026-W01',
      'week',
      '2025-12-29T12:00:00Z',
      'UTC',
      '2026-W01',
      '2025-12-29T00:00:00.000Z',
      '2026-01-05T00:00:00.000Z',
    ],
    ['a month', 'month', '2026-11-25T13:00:00Z', 'UTC', '2026-11', '2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z'],
    [
      'a leap February has 29 days',
      'month',
      '2028-02-29T23:00:00Z',
      'UTC',
      '2028-02',
      '2028-02-01T00:00:00.000Z',
      '2028-03-01T00:00:00.000Z',
    ],
    ['a quarter', 'quarter', '2026-11-25T13:00:00Z', 'UTC', '2026-Q4', '2026-10-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
    ['a year', 'year', '2026-11-25T13:00:00Z', 'UTC', '2026', '2026-01-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
    [
      'a Berlin day in winter begins at 23:00 UTC the day before',
      'day',
      '2026-11-25T23:30:00Z',
      'Europe/Berlin',
      '2026-11-26',
      '2026-11-25T23:00:00.000Z',
      '2026-11-26T23:00:00.000Z',
    ],
    [
      'the Berlin spring-forward day lasts 23 hours',
      'day',
      '2026-03-29T12:00:00Z',
      'Europe/Berlin',
      '2026-03-29',
      '2026-03-28T23:00:00.000Z',
      '2026-03-29T22:00:00.000Z',
    ],
    [
      'the Berlin fall-back day lasts 25 hours',
      'day',
      '2026-10-25T12:00:00Z',
      'Europe/Berlin',
      '2026-10-25',
      '2026-10-24T22:00:00.000Z',
      '2026-10-25T23:00:00.000Z',
    ],
    [
      'the Berlin March 2026 is an hour short',
      'month',
      '2026-03-15T00:00:00Z',
      'Europe/Berlin',
      '2026-03',
      '2026-02-28T23:00:00.000Z',
      '2026-03-31T22:00:00.000Z',
    ],
    [
      'a New York month',
      'month',
      '2026-11-01T03:00:00Z',
      'America/New_York',
      '2026-10',
      '2026-10-01T04:00:00.000Z',
      '2026-11-01T04:00:00.000Z',
    ],
    [
      'a Kathmandu day (offset 5:45)',
      'day',
      '2026-11-25T00:00:00Z',
      'Asia/Kathmandu',
      '2026-11-25',
      '2026-11-24T18:15:00.000Z',
      '2026-11-25T18:15:00.000Z',
    ],
  ];
  for (const [name, type, at, zone, key, start, end] of cases) {
    it(name, () => {
      const period = calendarPeriodAt(type, Date.parse(at), zone);
      assert.deepEqual({ key: period.key, start: iso(period.start), end: iso(period.end) }, { key, start, end });
    });
  }

  it('steps to the next and the previous period across a DST change', () => {
    const day = calendarPeriodAt('day', Date.parse('2026-03-29T12:00:00Z'), 'Europe/Berlin');
    assert.equal(nextCalendarPeriod(day, 'Europe/Berlin').key, '2026-03-30');
    assert.equal(nextCalendarPeriod(day, 'Europe/Berlin').end - nextCalendarPeriod(day, 'Europe/Berlin').start, 24 * HOUR);
    assert.equal(previousCalendarPeriod(day, 'Europe/Berlin').key, '2026-03-28');
  });

  it('lists the periods overlapping a range, oldest first', () => {
    const keys = calendarPeriodsBetween('month', Date.parse('2026-10-15T00:00:00Z'), Date.parse('2027-01-01T00:00:00Z')).map((p) => p.key);
    assert.deepEqual(keys, ['2026-10', '2026-11', '2026-12']);
  });

  it('begins a date whose midnight does not exist at the transition (America/Santiago springs forward at 00:00)', () => {
    // 2026-09-06: Chile's clocks jump from 00:00 to 01:00 local (-04:00 to -03:00).
    const start = startOfLocalDate(2026, 9, 6, 'America/Santiago');
    assert.equal(iso(start), '2026-09-06T04:00:00.000Z');
  });

  it('rejects an unknown time zone with a RangeError', () => {
    assert.throws(() => calendarPeriodAt('day', 0, 'Mars/Olympus'), RangeError);
  });
});

describe('5-minute buckets', () => {
  it('start at a multiple of 5 minutes and are keyed by their UTC start', () => {
    const start = bucketStartOf(Date.parse('2026-11-25T14:07:59.999Z'));
    assert.equal(iso(start), '2026-11-25T14:05:00.000Z');
    assert.equal(bucketKey(start), '2026-11-25T14:05Z');
  });
});
