/**
 * The services of the current view for the virtual list: the total (serviceCount) and the pages
 * in view, fetched as the list scrolls, never all at once. A new filter starts over; answers for an
 * older filter are dropped. Live changes update the rows held; when a status filter is set, a change
 * can move a service in or out of the view, so the total is re-queried (debounced); when the order is by status
 * or last update, a change moves rows, so the pages held are asked for again (debounced).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useClient, type CombinedError } from 'urql';
import { SERVICE_COUNT, SERVICE_PAGE } from './documents';
import type { ServiceFilterInput } from './fleetFilter';
import { applyChangesToRows, PAGE_SIZE, pagesCovering, withPage, type Pages } from './servicePages';
import { changesMoveRows, DEFAULT_SORT, type ServiceSort } from './serviceSort';
import type { StatusChange } from './statusCounts';

const COUNT_REFRESH_DELAY_MS = 1000;
const REORDER_DELAY_MS = 1000;

export interface ServiceListApi {
  /** null until the first count arrived. */
  readonly total: number | null;
  readonly pages: Pages;
  /** True once the count and the first page (when there is one) of the current filter arrived. */
  readonly firstPageShown: boolean;
  readonly error: CombinedError | null;
  /** Fetch the pages holding rows first..last (those not held nor on their way). */
  ensureRows(first: number, last: number): void;
  applyChanges(changes: readonly StatusChange[]): void;
  /** Re-query the total (services created or deleted since, which no status event announces). */
  refreshTotal(): void;
  /** Asks again for every page held (after live updates were cut off: changes meanwhile were not sent). */
  refreshPages(): void;
}

export function useServiceList(filter: ServiceFilterInput, sort: ServiceSort = DEFAULT_SORT): ServiceListApi {
  const client = useClient();
  const key = JSON.stringify([filter, sort]);
  const [state, setState] = useState<{ key: string; total: number | null; pages: Pages }>({ key, total: null, pages: new Map() });
  const [error, setError] = useState<CombinedError | null>(null);
  const inFlight = useRef(new Set<string>());
  const current = useRef({ key, filter, sort, state });
  current.current = { key, filter, sort, state };
  const countTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const reorderTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const fetchCount = useCallback(
    (forKey: string, variables: ServiceFilterInput) => {
      void client
        .query(SERVICE_COUNT, { filter: variables }, { requestPolicy: 'network-only' })
        .toPromise()
        .then((result) => {
          if (current.current.key !== forKey) return;
          if (result.error) setError(result.error);
          else if (result.data) setState((s) => (s.key === forKey ? { ...s, total: result.data!.serviceCount } : s));
        });
    },
    [client],
  );

  const fetchPage = useCallback(
    (forKey: string, variables: ServiceFilterInput, sort: ServiceSort, page: number) => {
      const flight = `${forKey}#${page}`;
      if (inFlight.current.has(flight)) return;
      inFlight.current.add(flight);
      void client
        .query(SERVICE_PAGE, { filter: variables, sort, limit: PAGE_SIZE, offset: page * PAGE_SIZE }, { requestPolicy: 'network-only' })
        .toPromise()
        .then((result) => {
          inFlight.current.delete(flight);
          if (current.current.key !== forKey) return;
          if (result.error) setError(result.error);
          else if (result.data) setState((s) => (s.key === forKey ? { ...s, pages: withPage(s.pages, page, result.data!.services) } : s));
        });
    },
    [client],
  );

  // A new filter: start over with its count and first page, side by side.
  useEffect(() => {
    setState({ key, total: null, pages: new Map() });
    setError(null);
    const [variables, order] = JSON.parse(key) as [ServiceFilterInput, ServiceSort];
    fetchCount(key, variables);
    fetchPage(key, variables, order, 0);
  }, [key, fetchCount, fetchPage]);

  useEffect(
    () => () => {
      if (countTimer.current) clearTimeout(countTimer.current);
      if (reorderTimer.current) clearTimeout(reorderTimer.current);
    },
    [],
  );

  const ensureRows = useCallback(
    (first: number, last: number) => {
      const { key: forKey, filter: variables, sort: order, state: held } = current.current;
      if (held.key !== forKey || held.total === null) return;
      for (const page of pagesCovering(first, last, held.total)) if (!held.pages.has(page)) fetchPage(forKey, variables, order, page);
    },
    [fetchPage],
  );

  const refetchHeld = useCallback(() => {
    const { key: forKey, filter: variables, sort: order, state: held } = current.current;
    if (held.key !== forKey) return;
    for (const page of held.pages.keys()) fetchPage(forKey, variables, order, page);
  }, [fetchPage]);

  const applyChanges = useCallback(
    (changes: readonly StatusChange[]) => {
      setState((s) => ({ ...s, pages: applyChangesToRows(s.pages, changes) }));
      const statuses = current.current.filter.status;
      if (statuses && changes.some((c) => statuses.includes(c.status) !== statuses.includes(c.previousStatus))) {
        if (countTimer.current) clearTimeout(countTimer.current);
        const { key: forKey, filter: variables } = current.current;
        countTimer.current = setTimeout(() => fetchCount(forKey, variables), COUNT_REFRESH_DELAY_MS);
      }
      if (changes.length > 0 && changesMoveRows(current.current.sort) && !reorderTimer.current) {
        reorderTimer.current = setTimeout(() => {
          reorderTimer.current = null;
          refetchHeld();
        }, REORDER_DELAY_MS);
      }
    },
    [fetchCount, refetchHeld],
  );

  const refreshTotal = useCallback(() => fetchCount(current.current.key, current.current.filter), [fetchCount]);
  const refreshPages = refetchHeld;

  const live = state.key === key;
  const total = live ? state.total : null;
  const pages = live ? state.pages : new Map<number, never>();
  const firstPageShown = total !== null && (total === 0 || pages.has(0));
  return { total, pages, firstPageShown, error, ensureRows, applyChanges, refreshTotal, refreshPages };
}
