/**
 * The home screen: the hierarchy of nodes with live counts per status, and the services of the
 * selected node (or of the whole fleet) in a virtual list fetched page by page. The view (node and
 * filters) lives in the URL; one subscription to every status change keeps rows and counts live.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from 'urql';
import { useRouter, type ScreenProps } from '../../app/router';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { PageHeader } from '../../ui/PageHeader';
import { useQueryReplace } from '../../ui/kit/useQueryPatch';
import { SAVED_FILTERS, type SavedFilter } from './documents';
import { FilterBar } from './FilterBar';
import {
  filterFromQuery,
  hasAnyFilter,
  parseSavedFilter,
  queryWithFilter,
  sameFilter,
  savedFilterText,
  toServiceFilter,
  type FleetFilter,
} from './fleetFilter';
import { NodeSearch } from './NodeSearch';
import { NodeTree } from './NodeTree';
import { SavedFilters } from './SavedFilters';
import { ServiceList } from './ServiceList';
import type { StatusChange } from './statusCounts';
import { SummaryBar } from './SummaryBar';
import { queryWithSort, sortFromQuery, sortParam, type ServiceSort } from './serviceSort';
import { SortChoice } from './SortChoice';
import { useNodeTree } from './useNodeTree';
import { useServiceList } from './useServiceList';
import { useOnLiveRecovered } from '../../api/useLiveConnection';
import { useStatusStream } from './useStatusStream';
import './fleet.css';

/** Changes the subscription could not place (deleted services) re-query the counts, at most this often. */
const RECOUNT_DELAY_MS = 2000;
/**
 * Services created or deleted announce no status change: counts and the total are re-queried this
 * often while the page is visible (a few milliseconds of server work even at 50,000 services).
 */
const RECOUNT_EVERY_MS = 30_000;

export default function HierarchyScreen({ query }: ScreenProps) {
  const { location } = useRouter();
  const queryText = query.toString();
  const filter = useMemo(() => filterFromQuery(new URLSearchParams(queryText)), [queryText]);
  const serviceFilter = useMemo(() => toServiceFilter(filter), [filter]);
  const sort = useMemo(() => sortFromQuery(new URLSearchParams(queryText)), [queryText]);
  const nodeTree = useNodeTree(filter.node);
  const list = useServiceList(serviceFilter, sort);

  const replaceQuery = useQueryReplace();
  const show = useCallback(
    (next: FleetFilter) => replaceQuery(queryWithFilter(new URLSearchParams(location.search), next)),
    [location.search, replaceQuery],
  );
  const sortBy = (next: ServiceSort) => replaceQuery(queryWithSort(new URLSearchParams(location.search), next));

  const recountTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { refreshCounts, reveal } = nodeTree;
  const recountSoon = useCallback(() => {
    if (recountTimer.current) return;
    recountTimer.current = setTimeout(() => {
      recountTimer.current = null;
      refreshCounts();
    }, RECOUNT_DELAY_MS);
  }, [refreshCounts]);
  useEffect(
    () => () => {
      if (recountTimer.current) clearTimeout(recountTimer.current);
    },
    [],
  );

  const { applyChanges: applyToTree } = nodeTree;
  const { applyChanges: applyToRows } = list;
  const onChanges = useCallback(
    (changes: StatusChange[]) => {
      applyToTree(changes);
      applyToRows(changes);
      if (changes.some((c) => c.nodeId === null)) recountSoon();
    },
    [applyToTree, applyToRows, recountSoon],
  );
  const stream = useStatusStream(onChanges, recountSoon);

  const { refreshTotal, refreshPages } = list;
  // Status changes sent while the socket was down are lost: catch up when it is back.
  useOnLiveRecovered(() => {
    refreshCounts();
    refreshTotal();
    refreshPages();
  });
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState !== 'visible') return;
      refreshCounts();
      refreshTotal();
    }, RECOUNT_EVERY_MS);
    return () => clearInterval(timer);
  }, [refreshCounts, refreshTotal]);

  const [saved, reloadSaved] = useQuery({ query: SAVED_FILTERS });
  /** Keys of the last applied saved filter the hierarchy does not understand (written through the API). */
  const [ignored, setIgnored] = useState<{ name: string; keys: string[] } | null>(null);
  const applySaved = useCallback(
    (saved: SavedFilter) => {
      const { filter: next, ignored: keys } = parseSavedFilter(saved.filter);
      setIgnored(keys.length > 0 ? { name: saved.name, keys } : null);
      show(next);
      if (next.node) reveal(next.node);
    },
    [show, reveal],
  );
  const savedFilters = saved.data?.savedFilters;
  // The viewer's default applies when the screen opens without a view of its own in the URL.
  const opensBare = useRef(!hasAnyFilter(query));
  useEffect(() => {
    if (!opensBare.current || !savedFilters) return;
    opensBare.current = false;
    const preferred = savedFilters.find((f) => f.isOwn && f.isDefault);
    if (preferred) applySaved(preferred);
  }, [savedFilters, applySaved]);

  const activeSaved = savedFilters?.find((f) => sameFilter(parseSavedFilter(f.filter).filter, filter)) ?? null;
  /** A view the person made here: a notice about the last saved filter no longer applies. */
  const changeView = (next: FleetFilter) => {
    setIgnored(null);
    show(next);
  };
  const selectNode = (node: string | null) => {
    changeView({ ...filter, node });
    if (node) reveal(node);
  };

  return (
    <div className="hierarchy">
      <PageHeader
        title="Hierarchy"
        subtitle={
          filter.node ? (
            <>
              Services under <code>{filter.node}</code>
            </>
          ) : (
            'Every service of the fleet'
          )
        }
      />
      <SummaryBar tree={nodeTree.tree} streamError={stream.error} onShowStorage={(storage) => changeView({ ...filter, storage })} />
      <ErrorNotice error={nodeTree.error} title="The hierarchy could not be loaded" />
      <ErrorNotice error={list.error} title="The services could not be loaded" />
      {ignored ? (
        <div className="notice notice-warn" role="status">
          The saved filter “{ignored.name}” has parts this screen does not use, left out: {ignored.keys.join(', ')}. Save the view again to
          drop them.
        </div>
      ) : null}
      <div className="hierarchy-layout">
        <aside className="hierarchy-side">
          <button
            type="button"
            className={`all-services${filter.node === null ? ' node-selected' : ''}`}
            aria-pressed={filter.node === null}
            onClick={() => selectNode(null)}
          >
            All services
          </button>
          <NodeTree tree={nodeTree.tree} selected={filter.node} onSelect={selectNode} onToggle={nodeTree.toggle} />
          <NodeSearch onSelect={selectNode} />
          <SavedFilters
            saved={saved}
            current={filter}
            activeId={activeSaved?.id ?? null}
            onApply={applySaved}
            onChanged={() => reloadSaved({ requestPolicy: 'network-only' })}
          />
        </aside>
        <section className="hierarchy-main" aria-label="Services">
          <FilterBar key={`filters:${savedFilterText(filter)}`} filter={filter} onChange={changeView} />
          <SortChoice sort={sort} onChange={sortBy} />
          <ServiceList
            key={`list:${savedFilterText(filter)}:${sortParam(sort)}`}
            total={list.total}
            pages={list.pages}
            treeReady={nodeTree.tree.roots !== null}
            ensureRows={list.ensureRows}
          />
        </section>
      </div>
    </div>
  );
}
