/**
 * Reading a screen's view from URL query parameters (filters, sort and page live in the URL so a
 * view can be shared and survives a reload). Each area's filter module says which parameters it
 * owns; these are the readings they share. Anything unknown or malformed reads as absent: the
 * server would refuse the whole query for one bad value.
 */

/** A page offset read from the URL: a non-negative multiple of the page size, 0 for anything else. */
export function offsetFromQuery(value: string | null, limit: number): number {
  if (value === null || !/^\d+$/.test(value)) return 0;
  const offset = Number(value);
  return Number.isSafeInteger(offset) ? offset - (offset % limit) : 0;
}

/** `value` when it is a key of `table` (a table of labels keyed by an enum), else null. */
export function keyParam<K extends string>(table: Readonly<Record<K, unknown>>, value: string | null): K | null {
  return value !== null && Object.hasOwn(table, value) ? (value as K) : null;
}

/** A comma-separated list of enum values, any case; unknown values dropped, order and repeats kept. */
export function enumListParam<T extends string>(text: string, allowed: readonly T[]): T[] {
  return text
    .split(',')
    .map((part) => part.trim().toUpperCase())
    .filter((part): part is T => (allowed as readonly string[]).includes(part));
}
