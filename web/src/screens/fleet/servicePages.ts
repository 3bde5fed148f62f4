/**
 * The services of the current view, fetched a page at a time as the list scrolls: the virtual list
 * asks for the rows in view, these functions say which pages that takes, hold what arrived, apply
 * live status changes to the rows held, and forget pages far from view so scrolling through 50,000
 * services keeps memory flat.
 */
import type { StatusChange } from './statusCounts';
import type { FleetServicePageQuery } from '../../gql/graphql';

export const PAGE_SIZE = 100;
/** Pages kept around the one in view; further ones are fetched again when scrolled back to. */
export const PAGES_KEPT = 20;

/** A row of the services list (the list query's service); its storage is absent in rows made before a report. */
export type ServiceRow = Omit<FleetServicePageQuery['services'][number], 'storage'> & {
  readonly storage?: FleetServicePageQuery['services'][number]['storage'];
};

export type Pages = ReadonlyMap<number, readonly ServiceRow[]>;

/** The pages holding rows `first`..`last` (inclusive) of a list of `total`. */
export function pagesCovering(first: number, last: number, total: number, pageSize = PAGE_SIZE): number[] {
  if (total <= 0 || last < first) return [];
  const from = Math.max(0, Math.floor(first / pageSize));
  const to = Math.min(Math.floor((total - 1) / pageSize), Math.floor(last / pageSize));
  const pages: number[] = [];
  for (let page = from; page <= to; page++) pages.push(page);
  return pages;
}

export function rowAt(pages: Pages, index: number, pageSize = PAGE_SIZE): ServiceRow | undefined {
  return pages.get(Math.floor(index / pageSize))?.[index % pageSize];
}

/** `pages` with `page` stored, keeping only the `keep` pages nearest to it. */
export function withPage(pages: Pages, page: number, rows: readonly ServiceRow[], keep = PAGES_KEPT): Map<number, readonly ServiceRow[]> {
  const next = new Map(pages);
  next.set(page, rows);
  if (next.size > keep) {
    const byDistance = [...next.keys()].sort((a, b) => Math.abs(b - page) - Math.abs(a - page));
    for (const far of byDistance.slice(0, next.size - keep)) next.delete(far);
  }
  return next;
}

/**
 * The rows held after `changes`: a changed row takes the new status, message and time; pages
 * without a changed row stay the same objects (no re-render). Unchanged input -> the same map.
 */
export function applyChangesToRows(pages: Pages, changes: readonly StatusChange[]): Pages {
  if (changes.length === 0) return pages;
  const byId = new Map(changes.map((c) => [c.serviceId, c]));
  let next: Map<number, readonly ServiceRow[]> | null = null;
  for (const [page, rows] of pages) {
    let changedRows: ServiceRow[] | null = null;
    rows.forEach((row, i) => {
      const change = byId.get(row.id);
      if (!change) return;
      changedRows ??= [...rows];
      changedRows[i] = {
        ...row,
        status: change.status,
        statusMessage: change.message,
        statusSince: change.changedAt,
        updatedAt: change.changedAt,
      };
    });
    if (changedRows) {
      next ??= new Map(pages);
      next.set(page, changedRows);
    }
  }
  return next ?? pages;
}
