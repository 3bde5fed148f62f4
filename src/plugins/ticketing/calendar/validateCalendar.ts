/**
 * The one parser of business calendars (from templates, configuration or the API): it checks every
 * field and names the bad one, so the arithmetic can trust what it is given. A calendar that passes
 * is open at least once a week, which is what lets `addBusinessMinutes` terminate.
 */
import { AppError, ErrorCode } from '../../../platform/errors/catalog.js';
import type { BusinessCalendar, OpeningHours } from '../ticketContract.js';

const MINUTE = 60_000;
/** Enough for ten years of public holidays; keeps the "never open" bound of the walk small. */
export const MAX_HOLIDAYS = 4000;
/** Opening intervals per weekday (a split shift needs two or three). */
export const MAX_INTERVALS_PER_DAY = 24;
const MAX_NAME_LENGTH = 100;

const TIME = /^(\d{2}):(\d{2})$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const KNOWN_FIELDS = new Set(['name', 'timeZone', 'weekly', 'holidays']);
const zoneNames = new Map<string, string | undefined>();

/** Minutes after local midnight of `HH:MM` (00:00..24:00), or undefined when it is not one. */
export function minutesOfDay(text: string): number | undefined {
  const match = TIME.exec(text);
  if (match === null) return undefined;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59 || hours > 24 || (hours === 24 && minutes !== 0)) return undefined;
  return hours * 60 + minutes;
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` that names a real date, or undefined. */
export function epochDayOfDate(text: string): number | undefined {
  const match = DATE.exec(text);
  if (match === null) return undefined;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const t = Date.UTC(year, month - 1, day);
  const date = new Date(t);
  // Date.UTC rolls 2026-02-30 over to March: a date that does not round-trip does not exist.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return t / 86_400_000;
}

/** The canonical name of an IANA zone this runtime knows (`europe/berlin` -> `Europe/Berlin`), or undefined. */
export function canonicalTimeZone(timeZone: string): string | undefined {
  if (timeZone.trim() === '') return undefined;
  // Building a DateTimeFormat costs tens of microseconds; calendars are validated often (each
  // compiled calendar object once), zones are few.
  if (zoneNames.has(timeZone)) return zoneNames.get(timeZone);
  let canonical: string | undefined;
  try {
    canonical = new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    canonical = undefined;
  }
  if (zoneNames.size >= 1000) zoneNames.clear();
  zoneNames.set(timeZone, canonical);
  return canonical;
}

function bad(message: string): AppError {
  return new AppError(ErrorCode.BadRequest, `invalid business calendar: ${message}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseDay(value: unknown, dayIndex: number): OpeningHours[] {
  const at = `weekly[${dayIndex}]`;
  if (!Array.isArray(value)) throw bad(`${at} must be a list of {start, end} (an empty list is a closed day)`);
  if (value.length > MAX_INTERVALS_PER_DAY) throw bad(`${at} has ${value.length} intervals; at most ${MAX_INTERVALS_PER_DAY}`);
  const parsed = value.map((entry: unknown, i) => {
    const field = `${at}[${i}]`;
    if (!isRecord(entry)) throw bad(`${field} must be an object {start: "HH:MM", end: "HH:MM"}`);
    for (const key of Object.keys(entry))
      if (key !== 'start' && key !== 'end') throw bad(`${field}.${key} is not a field of opening hours`);
    const { start, end } = entry;
    const startMinute = typeof start === 'string' && start !== '24:00' ? minutesOfDay(start) : undefined;
    if (startMinute === undefined) throw bad(`${field}.start ${JSON.stringify(start)} is not a local time HH:MM between 00:00 and 23:59`);
    const endMinute = typeof end === 'string' ? minutesOfDay(end) : undefined;
    if (endMinute === undefined) throw bad(`${field}.end ${JSON.stringify(end)} is not a local time HH:MM between 00:01 and 24:00`);
    if (endMinute <= startMinute) throw bad(`${field}.end ${end} must be after start ${start as string}`);
    return { index: i, start: start as string, end: end as string, startMinute, endMinute };
  });
  parsed.sort((x, y) => x.startMinute - y.startMinute);
  for (let i = 1; i < parsed.length; i += 1) {
    const previous = parsed[i - 1]!;
    const current = parsed[i]!;
    if (current.startMinute < previous.endMinute) {
      throw bad(
        `${at}[${current.index}] (${current.start}-${current.end}) overlaps ${at}[${previous.index}] (${previous.start}-${previous.end})`,
      );
    }
  }
  return parsed.map(({ start, end }) => ({ start, end }));
}

/**
 * A business calendar from untrusted input. Throws BAD_REQUEST naming the field for anything else.
 * The result is a new object: the zone in its canonical spelling, each day's hours sorted, the
 * holidays sorted and without duplicates.
 */
export function validateCalendar(input: unknown): BusinessCalendar {
  if (!isRecord(input)) throw bad('expected an object {name, timeZone, weekly, holidays}');
  for (const key of Object.keys(input))
    if (!KNOWN_FIELDS.has(key)) throw bad(`${key} is not a field of a calendar (name, timeZone, weekly, holidays)`);

  const { name, timeZone, weekly, holidays } = input;
  if (typeof name !== 'string' || name.trim() === '') throw bad('name must be a non-empty string');
  if (name.length > MAX_NAME_LENGTH) throw bad(`name is longer than ${MAX_NAME_LENGTH} characters`);

  const zone = typeof timeZone === 'string' ? canonicalTimeZone(timeZone) : undefined;
  if (zone === undefined) throw bad(`timeZone ${JSON.stringify(timeZone)} is not an IANA time zone (e.g. "Europe/Berlin", "UTC")`);

  if (!Array.isArray(weekly) || weekly.length !== 7) {
    throw bad(
      `weekly must be a list of 7 days (index 0 = Sunday .. 6 = Saturday), got ${Array.isArray(weekly) ? `${weekly.length} entries` : typeof weekly}`,
    );
  }
  const days = weekly.map((day: unknown, i) => parseDay(day, i));
  if (days.every((day) => day.length === 0)) throw bad('weekly has no open hour on any day; a calendar must be open at some time');

  const holidayList = holidays === undefined ? [] : holidays;
  if (!Array.isArray(holidayList)) throw bad('holidays must be a list of local dates "YYYY-MM-DD"');
  if (holidayList.length > MAX_HOLIDAYS) throw bad(`holidays has ${holidayList.length} dates; at most ${MAX_HOLIDAYS}`);
  holidayList.forEach((date: unknown, i) => {
    if (typeof date !== 'string' || epochDayOfDate(date) === undefined)
      throw bad(`holidays[${i}] ${JSON.stringify(date)} is not a date YYYY-MM-DD`);
  });

  return {
    name,
    timeZone: zone,
    weekly: days,
    holidays: [...new Set(holidayList as string[])].sort(),
  };
}

/** Milliseconds after local midnight of an `HH:MM` the validator accepted. */
export function msOfDay(text: string): number {
  return minutesOfDay(text)! * MINUTE;
}
