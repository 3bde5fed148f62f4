/**
 * A calendar's open time as instants: the opening intervals of one local date, in epoch ms.
 *
 * Opening hours are wall-clock times in the calendar's zone. Across a daylight-saving change the
 * open set is exactly the instants whose local time falls inside the hours: on a spring-forward
 * day the skipped hour is lost only when it lies inside the hours (00:00-24:00 is 23 real hours,
 * 09:00-17:00 stays 8), and on a fall-back day a repeated hour inside the hours counts twice.
 * That falls out of splitting the day into spans of constant UTC offset and intersecting each with
 * the hours shifted by that span's offset; no local time needs resolving by hand.
 *
 * Compiled calendars are kept per calendar object (calendars are immutable values), with a small
 * cache of computed days, because a due date's walk and the next one usually visit the same days.
 */
import type { BusinessCalendar } from '../ticketContract.js';
import { epochDayOfDate, msOfDay, validateCalendar } from './validateCalendar.js';
import { cachedOffsetAt, offsetSpans } from './zoneOffsets.js';

export const DAY = 86_400_000;
/** The widest offsets in use (UTC-12 .. UTC+14): a local date's instants lie within these of its wall-clock day. */
const MAX_EAST = 14 * 3_600_000;
const MAX_WEST = 12 * 3_600_000;
const DAY_CACHE_LIMIT = 1024;

export interface CompiledCalendar {
  readonly name: string;
  readonly timeZone: string;
  /** Per weekday, flat [start, end, start, end, ...] in ms after local midnight, sorted and disjoint. */
  readonly weekly: readonly (readonly number[])[];
  /** Holidays as days since 1970-01-01. */
  readonly holidays: ReadonlySet<number>;
  /** How many closed local dates in a row prove that the calendar is never open again. */
  readonly closedDaysBound: number;
  readonly days: Map<number, readonly number[]>;
}

const compiled = new WeakMap<BusinessCalendar, CompiledCalendar>();

export function compileCalendar(calendar: BusinessCalendar): CompiledCalendar {
  let result = compiled.get(calendar);
  if (result !== undefined) return result;
  // A calendar built in code has not met the edge's validator; run it once so the walk can trust it.
  const valid = validateCalendar(calendar);
  const weekly = valid.weekly.map((day) => {
    const flat: number[] = [];
    for (const hours of day) {
      const start = msOfDay(hours.start);
      const end = msOfDay(hours.end);
      // Touching intervals (09:00-12:00, 12:00-17:00) are one.
      if (flat.length > 0 && flat[flat.length - 1] === start) flat[flat.length - 1] = end;
      else flat.push(start, end);
    }
    return flat;
  });
  const holidays = new Set(valid.holidays.map((date) => epochDayOfDate(date)!));
  result = {
    name: valid.name,
    timeZone: valid.timeZone,
    weekly,
    holidays,
    // A closed stretch is at most six closed weekdays plus every holiday plus a day lost to a
    // spring-forward gap, for a calendar open at least once a week.
    closedDaysBound: 7 + holidays.size + 1,
    days: new Map(),
  };
  compiled.set(calendar, result);
  return result;
}

/** Days since 1970-01-01 of the local date of instant `t` in the zone. */
export function localDayOf(t: number, timeZone: string): number {
  if (timeZone === 'UTC') return Math.floor(t / DAY);
  return Math.floor((t + cachedOffsetAt(timeZone, t)) / DAY);
}

function computeDay(calendar: CompiledCalendar, day: number): readonly number[] {
  if (calendar.holidays.has(day)) return [];
  const hours = calendar.weekly[(((day + 4) % 7) + 7) % 7]!; // 1970-01-01 was a Thursday
  if (hours.length === 0) return [];
  const wallMidnight = day * DAY;
  if (calendar.timeZone === 'UTC') return hours.map((ms) => wallMidnight + ms);
  const spans = offsetSpans(calendar.timeZone, wallMidnight - MAX_EAST, wallMidnight + DAY + MAX_WEST);
  // Pieces of different hours can interleave on a fall-back day (the second pass of the repeated
  // hour comes after the first pass of later hours), so collect, sort, then merge.
  const pieces: [number, number][] = [];
  for (let h = 0; h < hours.length; h += 2) {
    const wallStart = wallMidnight + hours[h]!;
    const wallEnd = wallMidnight + hours[h + 1]!;
    for (let s = 0; s < spans.length; s += 3) {
      const offset = spans[s + 2]!;
      const start = Math.max(spans[s]!, wallStart - offset);
      const end = Math.min(spans[s + 1]!, wallEnd - offset);
      if (end > start) pieces.push([start, end]);
    }
  }
  if (pieces.length > 1) pieces.sort((x, y) => x[0] - y[0]);
  const intervals: number[] = [];
  for (const [start, end] of pieces) {
    if (intervals.length > 0 && intervals[intervals.length - 1]! >= start) {
      intervals[intervals.length - 1] = Math.max(intervals[intervals.length - 1]!, end);
    } else {
      intervals.push(start, end);
    }
  }
  return intervals;
}

/** The open intervals of a local date as flat [start, end, ...] instants (epoch ms), ascending and disjoint. */
export function openIntervalsOfDay(calendar: CompiledCalendar, day: number): readonly number[] {
  let intervals = calendar.days.get(day);
  if (intervals === undefined) {
    intervals = computeDay(calendar, day);
    if (calendar.days.size >= DAY_CACHE_LIMIT) calendar.days.clear();
    calendar.days.set(day, intervals);
  }
  return intervals;
}
