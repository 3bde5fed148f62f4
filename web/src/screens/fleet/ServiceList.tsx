/**
 * The services of the view as a virtual table: only the rows in view (and a few around) are in the
 * DOM, and only their pages are fetched. Rows carry `data-service-id` and `data-status` for tests
 * and the benchmark; `hierarchy-ready` appears once the tree and the first rows are painted.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { Link } from '../../app/router';
import { formatDateTime, formatRelative } from '../../ui/format';
import { serviceStatusBadge } from '../../ui/badges';
import { Badge } from '../../ui/kit/Badge';
import { storageBadge } from './storageBadge';
import { rowAt, type Pages, type ServiceRow } from './servicePages';
import { isUnknownNode } from './statusCounts';

const ROW_HEIGHT = 38;
const OVERSCAN = 10;

interface Props {
  readonly total: number | null;
  readonly pages: Pages;
  readonly treeReady: boolean;
  ensureRows(first: number, last: number): void;
}

export function ServiceList({ total, pages, treeReady, ensureRows }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const count = total ?? 0;
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? -1;
  useEffect(() => {
    if (last >= first) ensureRows(first, last);
  }, [first, last, count, ensureRows]);

  const firstRowsShown = total === 0 || items.some((item) => rowAt(pages, item.index) !== undefined);
  const ready = treeReady && total !== null && firstRowsShown;
  return (
    <div className="service-list">
      <div className="table-caption">
        {total === null ? <span className="muted">Counting services…</span> : <span>{total.toLocaleString()} services</span>}
        {ready ? (
          <span data-testid="hierarchy-ready" className="visually-hidden">
            ready
          </span>
        ) : null}
      </div>
      <div className="vtable" role="table" aria-label="Services" aria-rowcount={count + 1}>
        <div role="rowgroup" className="vhead">
          <div role="row" className="vrow" aria-rowindex={1}>
            <span role="columnheader">Name</span>
            <span role="columnheader">Status</span>
            <span role="columnheader">Message</span>
            <span role="columnheader">Node</span>
            <span role="columnheader">Last update</span>
          </div>
        </div>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable so the keyboard can scroll it */}
        <div ref={scroller} className="vscroll" role="rowgroup" tabIndex={0} aria-label="Service rows, scroll for more">
          <div role="presentation" style={{ height: `${virtualizer.getTotalSize()}px`, position: 'relative' }}>
            {items.map((item) => {
              const row = rowAt(pages, item.index);
              return (
                <div
                  key={row?.id ?? `pending-${item.index}`}
                  role="row"
                  aria-rowindex={item.index + 2}
                  className="vrow"
                  data-service-id={row?.id}
                  data-status={row?.status}
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    height: `${item.size}px`,
                    transform: `translateY(${item.start}px)`,
                  }}
                >
                  {row ? (
                    <ServiceCells row={row} />
                  ) : (
                    <span role="cell" className="muted">
                      Loading…
                    </span>
                  )}
                </div>
              );
            })}
          </div>
        </div>
      </div>
      {total === 0 ? <p className="muted">No service matches this view. Clear a filter or pick another node.</p> : null}
    </div>
  );
}

function ServiceCells({ row }: { row: ServiceRow }) {
  const storage = storageBadge(row.storage ?? null);
  return (
    <>
      <span role="cell" className="cell-name">
        <Link to={`/services/${encodeURIComponent(row.id)}`}>{row.displayName ?? row.name}</Link>
      </span>
      <span role="cell">
        <Badge {...serviceStatusBadge(row.status)} />
        {isUnknownNode(row.nodeId) ? <Badge tone="alert">no node</Badge> : null}
        {storage ? <Badge {...storage} /> : null}
      </span>
      <span role="cell" className="cell-message" title={row.statusMessage ?? undefined}>
        {row.statusMessage ?? ''}
      </span>
      <span role="cell" className="cell-node" title={row.nodeId}>
        {row.nodeId}
      </span>
      <span role="cell">
        <time dateTime={row.updatedAt} title={formatDateTime(row.updatedAt)}>
          {formatRelative(row.updatedAt)}
        </time>
      </span>
    </>
  );
}
