/**
 * The order of the services list, sorted by the server (`services(sort:)`): status worst first (DOWN, DEGRADED,
 * UNKNOWN, MAINTENANCE, OPERATIONAL; within one, storage critical then warning), name, or last update, either way.
 * It lives in the URL (`sort`, a short word; a leading minus reverses), apart from the filters: a saved filter
 * is what to show, not in which order.
 */
import type { ServiceSortDirection, ServiceSortField } from '../../gql/graphql';

export type { ServiceSortDirection, ServiceSortField };

export interface ServiceSort {
  readonly field: ServiceSortField;
  readonly direction: ServiceSortDirection;
}

export const DEFAULT_SORT: ServiceSort = { field: 'NAME', direction: 'ASC' };

/** The choices offered, in the order shown; `param` is the URL's word for each. */
export const SORT_CHOICES: readonly { readonly param: string; readonly label: string; readonly sort: ServiceSort }[] = [
  { param: 'name', label: 'Name, A to Z', sort: { field: 'NAME', direction: 'ASC' } },
  { param: '-name', label: 'Name, Z to A', sort: { field: 'NAME', direction: 'DESC' } },
  { param: 'status', label: 'Status, worst first', sort: { field: 'STATUS', direction: 'ASC' } },
  { param: '-status', label: 'Status, best first', sort: { field: 'STATUS', direction: 'DESC' } },
  { param: '-updated', label: 'Last update, newest first', sort: { field: 'UPDATED_AT', direction: 'DESC' } },
  { param: 'updated', label: 'Last update, oldest first', sort: { field: 'UPDATED_AT', direction: 'ASC' } },
];

export const SORT_PARAM = 'sort';

/** The sort of the URL; a missing or unknown word is the default order. */
export function sortFromQuery(query: URLSearchParams): ServiceSort {
  const word = (query.get(SORT_PARAM) ?? '').trim().toLowerCase();
  return SORT_CHOICES.find((c) => c.param === word)?.sort ?? DEFAULT_SORT;
}

export function sortParam(sort: ServiceSort): string {
  return SORT_CHOICES.find((c) => c.sort.field === sort.field && c.sort.direction === sort.direction)!.param;
}

/** The query string with `sort` (the default order leaves the parameter out), keeping every other parameter. */
export function queryWithSort(current: URLSearchParams, sort: ServiceSort): string {
  const next = new URLSearchParams(current);
  if (sort.field === DEFAULT_SORT.field && sort.direction === DEFAULT_SORT.direction) next.delete(SORT_PARAM);
  else next.set(SORT_PARAM, sortParam(sort));
  return next.toString();
}

/** True when a live status change can move rows in this order (the name order never moves). */
export function changesMoveRows(sort: ServiceSort): boolean {
  return sort.field !== 'NAME';
}
