/** Filter arguments shared by the plugin's lists: ids checked, a time range in order. */
import { AppError, ErrorCode } from '../errors/catalog.js';
import { idFilter } from './slaIds.js';

export interface TimeRangeArgs {
  readonly from?: number | null;
  readonly to?: number | null;
}

export function timeRange(args: TimeRangeArgs): { from: number | null; to: number | null } {
  const from = args.from ?? null;
  const to = args.to ?? null;
  if (from !== null && to !== null && from >= to) throw new AppError(ErrorCode.BadRequest, 'from must be before to');
  return { from, to };
}

export { idFilter };

export function nameFilter(value: string | null | undefined): string | null {
  if (value == null) return null;
  return value.trim() === '' ? null : value.trim();
}

/** An empty list is taken as "any", like a missing one: a filter that keeps nothing is never what is meant. */
export function listFilter<T>(values: readonly T[] | null | undefined): readonly T[] | null {
  return values == null || values.length === 0 ? null : values;
}
