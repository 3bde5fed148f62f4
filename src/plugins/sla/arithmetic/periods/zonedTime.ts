/**
 * Wall-clock dates in an IANA time zone with nothing but Intl (no time-zone package): the local
 * date of an instant, and the first instant of a local date. Days in a zone with daylight saving
 * last 23 or 25 hours; a date whose midnight does not exist (a zone that springs forward at
 * midnight) begins at the transition, and one whose midnight happens twice begins at the first.
 */

export interface LocalDate {
  readonly year: number;
  /** 1..12 */
  readonly month: number;
  /** 1..31 */
  readonly day: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Throws a RangeError unless `timeZone` is an IANA zone this runtime knows (e.g. `Europe/Berlin`, `UTC`). */
export function assertTimeZone(timeZone: string): void {
  try {
    formatterOf(timeZone);
  } catch {
    throw new RangeError(`unknown time zone ${JSON.stringify(timeZone)}`);
  }
}

/** The local wall-clock time of instant `t` in the zone, as if it were a UTC instant (whole seconds). */
function wallClockOf(t: number, timeZone: string): number {
  if (timeZone === 'UTC') return Math.floor(t / 1000) * 1000;
  const parts = formatterOf(timeZone).formatToParts(new Date(t));
  let year = 0,
    month = 1,
    day = 1,
    hour = 0,
    minute = 0,
    second = 0;
  for (const part of parts) {
    switch (part.type) {
      case 'year':
        year = Number(part.value);
        break;
      case 'month':
        month = Number(part.value);
        break;
      case 'day':
        day = Number(part.value);
        break;
      case 'hour':
        hour = Number(part.value);
        break;
      case 'minute':
        minute = Number(part.value);
        break;
      case 'second':
        second = Number(part.value);
        break;
      default:
        break;
    }
  }
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** The zone's offset from UTC at instant `t`, in ms (Europe/Berlin in summer: 7,200,000). */
export function offsetAt(t: number, timeZone: string): number {
  return wallClockOf(t, timeZone) - Math.floor(t / 1000) * 1000;
}

/** The local date of instant `t` in the zone. */
export function localDateOf(t: number, timeZone: string): LocalDate {
  const wall = new Date(wallClockOf(t, timeZone));
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
}

/** The first instant of a local date in the zone. Out-of-range fields roll over (month 13 is next January). */
export function startOfLocalDate(year: number, month: number, day: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day);
  if (timeZone === 'UTC') return wall;
  // Local midnight is `wall - offset` for the offset in force then: try the offsets a day either side.
  let best = Number.POSITIVE_INFINITY;
  for (const probe of [wall - 86_400_000, wall + 86_400_000]) {
    const candidate = wall - offsetAt(probe, timeZone);
    if (wallClockOf(candidate, timeZone) === wall && candidate < best) best = candidate;
  }
  if (best !== Number.POSITIVE_INFINITY) return best;
  // Midnight does not exist (clocks jump over it): the date begins at the first instant whose
  // local time is on or after it, found by bisection to the minute (transitions fall on minutes).
  let low = wall - 15 * 3_600_000;
  let high = wall + 15 * 3_600_000;
  while (high - low > 60_000) {
    const mid = Math.floor((low + high) / 2 / 60_000) * 60_000;
    if (wallClockOf(mid, timeZone) >= wall) high = mid;
    else low = mid;
  }
  return high;
}
