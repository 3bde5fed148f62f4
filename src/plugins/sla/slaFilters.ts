/** Filter arguments shared by the plugin's lists: ids checked, a time range in order. */
import type { Knex } from 'knex';
import { hiddenServiceIds } from '../../core/auth/placeGate.js';
import { placeGate, type Viewer } from '../../core/auth/roles.js';
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
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

/**
 * Leaves out rows of these services (the viewer's hidden ones: auth/placeGate.ts `hiddenServiceIds`);
 * rows without a service (a group's or a definition's) stay. One array parameter, whatever the count.
 * The ids are the fleet's own UUIDs, so the array literal needs no quoting.
 */
export function withoutServices(query: Knex.QueryBuilder, hidden: readonly string[] | undefined, column = 'service_id'): Knex.QueryBuilder {
  if (hidden === undefined || hidden.length === 0) return query;
  return query.where((q) => q.whereNull(column).orWhereRaw(`?? <> all(?::uuid[])`, [column, `{${hidden.join(',')}}`]));
}

/** The ids of the services this viewer may not see (none without environments: one check). */
export function hiddenServicesOf(
  viewer: Viewer | null,
  services: { all(): Iterable<{ readonly id: string; readonly nodePath: string }> },
): readonly string[] {
  const gate = placeGate(viewer);
  return gate === null ? [] : hiddenServiceIds(gate, services.all());
}
