/**
 * The hierarchy as a WAI-ARIA tree: one tab stop (the focused row), arrows move and expand,
 * Enter or a click selects a node (its services show on the right). Each row carries the counts per
 * status of the services at and below the node, kept live by the screen.
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { treeKeyAction, visibleRows, type TreeState } from './nodeTree';
import { isUnknownNode, ZERO_SUMMARY } from './statusCounts';
import { nodeLabel, StatusCounts } from './StatusCounts';
import { Badge } from '../../ui/kit/Badge';

interface Props {
  readonly tree: TreeState;
  readonly selected: string | null;
  onSelect(id: string): void;
  onToggle(id: string, expanded: boolean): void;
}

export function NodeTree({ tree, selected, onSelect, onToggle }: Props) {
  const rows = visibleRows(tree);
  const [focused, setFocused] = useState<string | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const tabStop = rows.some((r) => r.id === focused) ? focused : rows.some((r) => r.id === selected) ? selected : (rows[0]?.id ?? null);

  const focusRow = (id: string) => {
    setFocused(id);
    const items = list.current?.querySelectorAll<HTMLElement>('[data-node-id]') ?? [];
    for (const item of items) if (item.dataset['nodeId'] === id) item.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>, id: string) => {
    const action = treeKeyAction(rows, id, event.key);
    if (action.kind === 'none') return;
    event.preventDefault();
    if (action.kind === 'focus') focusRow(action.id);
    else if (action.kind === 'expand') onToggle(action.id, true);
    else if (action.kind === 'collapse') onToggle(action.id, false);
    else onSelect(action.id);
  };

  if (tree.roots !== null && rows.length === 0)
    return <p className="muted">No nodes yet: services pushed by agents or the health API create them.</p>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA tree pattern on a list of treeitems; browser tests select role="tree"
    <ul className="node-tree" role="tree" aria-label="Hierarchy" ref={list}>
      {rows.map((row) => {
        const summary = tree.summaries.get(row.id) ?? ZERO_SUMMARY;
        return (
          <li
            key={row.id}
            role="treeitem"
            data-node-id={row.id}
            aria-label={nodeLabel(row.node.name, isUnknownNode(row.id), summary)}
            aria-level={row.level}
            aria-setsize={row.setSize}
            aria-posinset={row.posInSet}
            aria-expanded={row.hasChildren ? row.expanded : undefined}
            aria-selected={row.id === selected}
            aria-busy={row.loading || undefined}
            tabIndex={row.id === tabStop ? 0 : -1}
            className={`node-row${row.id === selected ? ' node-selected' : ''}`}
            style={{ paddingLeft: `${(row.level - 1) * 16 + 4}px` }}
            onKeyDown={(event) => onKeyDown(event, row.id)}
            onFocus={() => setFocused(row.id)}
            onClick={() => onSelect(row.id)}
          >
            <span
              className="node-toggle"
              aria-hidden="true"
              onClick={(event) => {
                event.stopPropagation();
                if (row.hasChildren) onToggle(row.id, !row.expanded);
              }}
            >
              {row.hasChildren ? (row.expanded ? '▾' : '▸') : ''}
            </span>
            {/* The spaces between the parts keep the words apart in the text (a flex row does not render them). */}
            <span className="node-name">{row.node.name}</span> {isUnknownNode(row.id) ? <Badge tone="alert">no node</Badge> : null}{' '}
            <StatusCounts summary={summary} compact />{' '}
            <span className="node-total" title="services at and below this node">
              {summary.total.toLocaleString()}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
