/**
 * Business-time arithmetic on a calendar: how far `n` open minutes reach, and how many open minutes
 * lie between two instants. Pure functions of their arguments (the compiled-calendar cache behind
 * them is invisible). Both walk day by day over the opening intervals, so a due date 30 business
 * days out visits about 42 dates, never each minute.
 *
 * Conventions the SLA clocks rely on:
 * - Open time is the half-open union of intervals [start, end) in instants (openIntervals.ts says
 *   how daylight-saving changes fall).
 * - `addBusinessMinutes` answers the EARLIEST instant at which the minutes have passed: a target
 *   that runs out exactly at Friday 17:00 is due Friday 17:00, not Monday 09:00.
 * - `addBusinessMinutes(c, t, businessMinutesBetween(c, t, u))` is `u` when `u` is open time or
 *   ends an interval, and `businessMinutesBetween(c, t, addBusinessMinutes(c, t, m))` is `m`
 *   (up to float rounding); test/unit/plugins/ticketing/businessCalendar.test.ts checks both on generated calendars.
 */
import type { BusinessCalendar } from '../ticketContract.js';
import { compileCalendar, localDayOf, openIntervalsOfDay, type CompiledCalendar } from './openIntervals.js';

export { validateCalendar } from './validateCalendar.js';

const MINUTE = 60_000;
/**
 * Minutes are floats: a count that went through `businessMinutesBetween` and back can exceed an
 * opening by a rounding error, which must not push a due date to the next opening (over a
 * weekend). A microsecond is far below anything a clock can show.
 */
const SLACK_MS = 0.001;

/** The default calendar: open around the clock, every day, in UTC. */
export const ALWAYS_OPEN: BusinessCalendar = Object.freeze({
  name: '24x7',
  timeZone: 'UTC',
  weekly: Object.freeze(Array.from({ length: 7 }, () => Object.freeze([Object.freeze({ start: '00:00', end: '24:00' })]))),
  holidays: Object.freeze([] as string[]),
});

function assertInstant(value: number, what: string): void {
  if (!Number.isFinite(value)) throw new RangeError(`${what} must be a finite epoch-ms instant, got ${String(value)}`);
}

function assertMinutes(value: number): void {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`minutes must be a finite number >= 0, got ${String(value)}`);
}

function neverOpen(calendar: CompiledCalendar): Error {
  return new Error(
    `business calendar "${calendar.name}" has no open time left (${calendar.closedDaysBound} local dates in a row are closed); validateCalendar refuses such calendars`,
  );
}

/** The instant at which `minutes` business minutes (fractions allowed) have passed after `fromMs`. */
export function addBusinessMinutes(calendar: BusinessCalendar, fromMs: number, minutes: number): number {
  assertInstant(fromMs, 'fromMs');
  assertMinutes(minutes);
  if (minutes === 0) return fromMs;
  const compiled = compileCalendar(calendar);
  let remaining = minutes * MINUTE;
  let closedInARow = 0;
  for (let day = localDayOf(fromMs, compiled.timeZone); ; day += 1) {
    const intervals = openIntervalsOfDay(compiled, day);
    let open = false;
    for (let i = 0; i < intervals.length; i += 2) {
      const end = intervals[i + 1]!;
      if (end <= fromMs) continue;
      const start = Math.max(intervals[i]!, fromMs);
      const available = end - start;
      open = true;
      if (remaining <= available + SLACK_MS) return Math.min(start + remaining, end);
      remaining -= available;
    }
    closedInARow = open ? 0 : closedInARow + 1;
    if (closedInARow > compiled.closedDaysBound) throw neverOpen(compiled);
  }
}

/**
 * The instant `minutes` business minutes before `fromMs` (the latest one: a count that runs out
 * exactly at an opening answers that opening).
 */
export function subtractBusinessMinutes(calendar: BusinessCalendar, fromMs: number, minutes: number): number {
  assertInstant(fromMs, 'fromMs');
  assertMinutes(minutes);
  if (minutes === 0) return fromMs;
  const compiled = compileCalendar(calendar);
  let remaining = minutes * MINUTE;
  let closedInARow = 0;
  for (let day = localDayOf(fromMs, compiled.timeZone); ; day -= 1) {
    const intervals = openIntervalsOfDay(compiled, day);
    let open = false;
    for (let i = intervals.length - 2; i >= 0; i -= 2) {
      const start = intervals[i]!;
      if (start >= fromMs) continue;
      const end = Math.min(intervals[i + 1]!, fromMs);
      const available = end - start;
      open = true;
      if (remaining <= available + SLACK_MS) return Math.max(end - remaining, start);
      remaining -= available;
    }
    closedInARow = open ? 0 : closedInARow + 1;
    if (closedInARow > compiled.closedDaysBound) throw neverOpen(compiled);
  }
}

/** Business minutes (fractional) in [fromMs, toMs); 0 when `toMs <= fromMs`. */
export function businessMinutesBetween(calendar: BusinessCalendar, fromMs: number, toMs: number): number {
  assertInstant(fromMs, 'fromMs');
  assertInstant(toMs, 'toMs');
  if (toMs <= fromMs) return 0;
  const compiled = compileCalendar(calendar);
  const lastDay = localDayOf(toMs, compiled.timeZone);
  let total = 0;
  for (let day = localDayOf(fromMs, compiled.timeZone); day <= lastDay; day += 1) {
    const intervals = openIntervalsOfDay(compiled, day);
    for (let i = 0; i < intervals.length; i += 2) {
      const start = Math.max(intervals[i]!, fromMs);
      const end = Math.min(intervals[i + 1]!, toMs);
      if (end > start) total += end - start;
    }
  }
  return total / MINUTE;
}

/** Whether the calendar is open at instant `t`. */
export function isOpenAt(calendar: BusinessCalendar, t: number): boolean {
  assertInstant(t, 't');
  const compiled = compileCalendar(calendar);
  const intervals = openIntervalsOfDay(compiled, localDayOf(t, compiled.timeZone));
  for (let i = 0; i < intervals.length; i += 2) if (intervals[i]! <= t && t < intervals[i + 1]!) return true;
  return false;
}

/** The first instant at or after `t` at which the calendar is open (`t` itself when it is open). */
export function nextOpenAt(calendar: BusinessCalendar, t: number): number {
  assertInstant(t, 't');
  const compiled = compileCalendar(calendar);
  let closedInARow = 0;
  for (let day = localDayOf(t, compiled.timeZone); ; day += 1) {
    const intervals = openIntervalsOfDay(compiled, day);
    for (let i = 0; i < intervals.length; i += 2) if (intervals[i + 1]! > t) return Math.max(intervals[i]!, t);
    closedInARow += 1;
    if (closedInARow > compiled.closedDaysBound) throw neverOpen(compiled);
  }
}
