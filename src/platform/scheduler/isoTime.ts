/**
 * `new Date(ms).toISOString()` without a Date per call, for the hot path: every status change
 * writes three or four timestamps (its rows) and announces one (its event). Most timestamps of a
 * busy minute share their first 17 characters (`2026-11-25T22:31:`), so that prefix is formatted
 * once per minute and only seconds and milliseconds per call. Same text as `toISOString` for every
 * time value; outside years 0-9999 and for non-integers it is `toISOString` itself.
 */

/** First millisecond after 9999-12-31T23:59:59.999Z (toISOString switches to 6-digit years there). */
const YEAR_10000 = 253_402_300_800_000;

/**
 * Prefixes of the last few minutes seen, in a small ring: a ticket's row carries now, its response
 * due time and its resolution due time, three different minutes, which a single remembered minute
 * would miss every time.
 */
const SLOTS = 8;
const cachedMinutes = new Float64Array(SLOTS).fill(Number.NaN);
const cachedPrefixes: string[] = new Array<string>(SLOTS).fill('');
let nextSlot = 0;

function minutePrefix(minute: number): string {
  for (let i = 0; i < SLOTS; i += 1) if (cachedMinutes[i] === minute) return cachedPrefixes[i]!;
  const prefix = new Date(minute * 60_000).toISOString().slice(0, 17);
  cachedMinutes[nextSlot] = minute;
  cachedPrefixes[nextSlot] = prefix;
  nextSlot = (nextSlot + 1) % SLOTS;
  return prefix;
}

export function isoTime(ms: number): string {
  if (!Number.isInteger(ms) || ms < 0 || ms >= YEAR_10000) return new Date(ms).toISOString();
  const minute = Math.floor(ms / 60_000);
  const prefix = minutePrefix(minute);
  const inMinute = ms - minute * 60_000;
  const seconds = Math.floor(inMinute / 1000);
  const millis = inMinute - seconds * 1000;
  return `${prefix}${seconds < 10 ? '0' : ''}${seconds}.${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}Z`;
}
