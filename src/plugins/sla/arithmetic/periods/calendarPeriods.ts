/**
 * Calendar-aligned SLA periods in an IANA time zone (default UTC), and the 5-minute buckets.
 *
 * | type | begins | key |
 * |---|---|---|
 * | `day` | local midnight | `2026-11-25` |
 * | `week` | Monday, local midnight (ISO 8601 weeks) | `2026-W48` (the ISO week-numbering year: 2026-12-31 is in `2026-W53`, 2027-01-01 too) |
 * | `month` | the 1st, local midnight | `2026-11` |
 * | `quarter` | 1 Jan, 1 Apr, 1 Jul, 1 Oct, local midnight | `2026-Q4` |
 * | `year` | 1 Jan, local midnight | `2026` |
 * | 5-minute bucket | a multiple of 5 minutes since the epoch (UTC; every zone in use today is offset by a multiple of 5 minutes, so buckets align in any zone) | `2026-11-25T14:05Z` |
 *
 * Keys name the period in its own zone: `2026-11` in Europe/Berlin begins at 2026-10-31T23:00Z.
 * A day in a zone with daylight saving lasts 23 or 25 hours, a month or year accordingly one hour
 * less or more; the arithmetic (periodArithmetic.ts) works in real elapsed milliseconds, so the
 * budget of such a day is that of 23 or 25 hours.
 */
import type { Period } from '../../../../core/domain/periodArithmetic.js';
import { assertTimeZone, localDateOf, startOfLocalDate, type LocalDate } from './zonedTime.js';

export const CALENDAR_PERIOD_TYPES = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type CalendarPeriodType = (typeof CALENDAR_PERIOD_TYPES)[number];

export interface CalendarPeriod extends Period {
  readonly type: CalendarPeriodType;
  /** See the table in this file's header. */
  readonly key: string;
}

export const BUCKET_MS = 5 * 60_000;

export function isCalendarPeriodType(value: unknown): value is CalendarPeriodType {
  return typeof value === 'string' && (CALENDAR_PERIOD_TYPES as readonly string[]).includes(value);
}

/** The period of `type` that contains instant `at`, in the zone. Throws a RangeError for an unknown zone. */
export function calendarPeriodAt(type: CalendarPeriodType, at: number, timeZone = 'UTC'): CalendarPeriod {
  if (!Number.isFinite(at)) throw new RangeError(`invalid instant ${at}`);
  assertTimeZone(timeZone);
  const local = localDateOf(at, timeZone);
  const [first, next] = bounds(type, local);
  const start = startOfLocalDate(first.year, first.month, first.day, timeZone);
  const end = startOfLocalDate(next.year, next.month, next.day, timeZone);
  return { type, start, end, key: keyOf(type, first) };
}

/** The period right after `period` (same type and zone). */
export function nextCalendarPeriod(period: CalendarPeriod, timeZone = 'UTC'): CalendarPeriod {
  return calendarPeriodAt(period.type, period.end, timeZone);
}

/** The period right before `period` (same type and zone). */
export function previousCalendarPeriod(period: CalendarPeriod, timeZone = 'UTC'): CalendarPeriod {
  return calendarPeriodAt(period.type, period.start - 1, timeZone);
}

/** Every period of `type` that overlaps `[from, to)`, oldest first. */
export function calendarPeriodsBetween(type: CalendarPeriodType, from: number, to: number, timeZone = 'UTC'): CalendarPeriod[] {
  if (!(Number.isFinite(from) && Number.isFinite(to))) throw new RangeError(`invalid range [${from}, ${to})`);
  const periods: CalendarPeriod[] = [];
  if (!(to > from)) return periods;
  for (let period = calendarPeriodAt(type, from, timeZone); period.start < to; period = nextCalendarPeriod(period, timeZone))
    periods.push(period);
  return periods;
}

/** The start of the 5-minute bucket containing `at`. */
export function bucketStartOf(at: number): number {
  return Math.floor(at / BUCKET_MS) * BUCKET_MS;
}

/** `2026-11-25T14:05Z` for the bucket beginning at that instant. */
export function bucketKey(bucketStart: number): string {
  return `${new Date(bucketStart).toISOString().slice(0, 16)}Z`;
}

/** The first local date of the period containing `local`, and the first local date after it. */
function bounds(type: CalendarPeriodType, local: LocalDate): [LocalDate, LocalDate] {
  const { year, month, day } = local;
  switch (type) {
    case 'day':
      return [local, dateOf(Date.UTC(year, month - 1, day + 1))];
    case 'week': {
      const monday = Date.UTC(year, month - 1, day) - ((new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7) * 86_400_000;
      return [dateOf(monday), dateOf(monday + 7 * 86_400_000)];
    }
    case 'month':
      return [{ year, month, day: 1 }, dateOf(Date.UTC(year, month, 1))];
    case 'quarter': {
      const firstMonth = Math.floor((month - 1) / 3) * 3 + 1;
      return [{ year, month: firstMonth, day: 1 }, dateOf(Date.UTC(year, firstMonth + 2, 1))];
    }
    case 'year':
      return [
        { year, month: 1, day: 1 },
        { year: year + 1, month: 1, day: 1 },
      ];
  }
}

function dateOf(utcMidnight: number): LocalDate {
  const date = new Date(utcMidnight);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

const two = (n: number) => String(n).padStart(2, '0');

function keyOf(type: CalendarPeriodType, first: LocalDate): string {
  switch (type) {
    case 'day':
      return `${first.year}-${two(first.month)}-${two(first.day)}`;
    case 'week': {
      // ISO week: the week belongs to the year of its Thursday; week 1 holds that year's first Thursday.
      const thursday = new Date(Date.UTC(first.year, first.month - 1, first.day + 3));
      const weekYear = thursday.getUTCFullYear();
      const week = Math.floor((thursday.getTime() - Date.UTC(weekYear, 0, 1)) / (7 * 86_400_000)) + 1;
      return `${weekYear}-W${two(week)}`;
    }
    case 'month':
      return `${first.year}-${two(first.month)}`;
    case 'quarter':
      return `${first.year}-Q${Math.floor((first.month - 1) / 3) + 1}`;
    case 'year':
      return String(first.year);
  }
}
