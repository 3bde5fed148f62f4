/** A page offset read from the URL: a non-negative multiple of the page size, 0 for anything else. */
export function offsetFromQuery(value: string | null, limit: number): number {
  if (value === null || !/^\d+$/.test(value)) return 0;
  const offset = Number(value);
  return Number.isSafeInteger(offset) ? offset - (offset % limit) : 0;
}
