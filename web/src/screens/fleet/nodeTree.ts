/**
 * The hierarchy tree as state: nodes loaded so far (roots first, children when a node is expanded),
 * their status summaries, which are expanded, and the rows a reader sees in order. The keyboard
 * follows the WAI-ARIA tree pattern (arrows, Home, End, Enter), decided here so it is testable
 * without a browser.
 */
import type { FleetRootNodesQuery } from '../../gql/graphql';
import type { StatusSummary } from './statusCounts';

export interface TreeNode {
  /** The node's path (OperationsNode.id). */
  readonly id: string;
  readonly name: string;
  readonly depth: number;
  readonly childCount: number;
}

/** A node as the tree queries give it, with its counts. */
export type LoadedNode = FleetRootNodesQuery['operationsRootNodes'][number];

export interface TreeState {
  readonly nodes: ReadonlyMap<string, TreeNode>;
  readonly summaries: ReadonlyMap<string, StatusSummary>;
  /** null until the roots arrived. */
  readonly roots: readonly string[] | null;
  /** Children of the nodes whose children arrived. */
  readonly children: ReadonlyMap<string, readonly string[]>;
  readonly expanded: ReadonlySet<string>;
}

export const EMPTY_TREE: TreeState = { nodes: new Map(), summaries: new Map(), roots: null, children: new Map(), expanded: new Set() };

function withNodes(state: TreeState, loaded: readonly LoadedNode[]): Pick<TreeState, 'nodes' | 'summaries'> {
  const nodes = new Map(state.nodes);
  const summaries = new Map(state.summaries);
  for (const { statusSummary, ...node } of loaded) {
    nodes.set(node.id, node);
    summaries.set(node.id, statusSummary);
  }
  return { nodes, summaries };
}

export function withRoots(state: TreeState, roots: readonly LoadedNode[]): TreeState {
  return { ...state, ...withNodes(state, roots), roots: roots.map((n) => n.id) };
}

export function withChildren(state: TreeState, parentId: string, children: readonly LoadedNode[]): TreeState {
  const next = new Map(state.children);
  next.set(
    parentId,
    children.map((n) => n.id),
  );
  return { ...state, ...withNodes(state, children), children: next };
}

export function setExpanded(state: TreeState, id: string, expanded: boolean): TreeState {
  if (state.expanded.has(id) === expanded) return state;
  const next = new Set(state.expanded);
  if (expanded) next.add(id);
  else next.delete(id);
  return { ...state, expanded: next };
}

/** Expanded nodes whose children have not arrived: the ones to fetch. */
export function childrenToLoad(state: TreeState): string[] {
  return [...state.expanded].filter((id) => !state.children.has(id) && (state.nodes.get(id)?.childCount ?? 0) > 0);
}

/** `a/b/c` -> `a`, `a/b`: the nodes to expand so that `a/b/c` shows. */
export function ancestorsOf(path: string): string[] {
  const parts = path.split('/').filter(Boolean);
  return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('/'));
}

export interface TreeRow {
  readonly id: string;
  readonly node: TreeNode;
  /** 1 for roots (aria-level). */
  readonly level: number;
  readonly expanded: boolean;
  readonly hasChildren: boolean;
  /** Expanded and its children are still on their way. */
  readonly loading: boolean;
  readonly parentId: string | null;
  readonly posInSet: number;
  readonly setSize: number;
}

/** The rows a reader sees, top to bottom: each root, and below an expanded node its children. */
export function visibleRows(state: TreeState): TreeRow[] {
  const rows: TreeRow[] = [];
  const visit = (ids: readonly string[], level: number, parentId: string | null) => {
    ids.forEach((id, index) => {
      const node = state.nodes.get(id);
      if (!node) return;
      const hasChildren = node.childCount > 0;
      const expanded = hasChildren && state.expanded.has(id);
      const children = state.children.get(id);
      rows.push({
        id,
        node,
        level,
        expanded,
        hasChildren,
        loading: expanded && !children,
        parentId,
        posInSet: index + 1,
        setSize: ids.length,
      });
      if (expanded && children) visit(children, level + 1, id);
    });
  };
  visit(state.roots ?? [], 1, null);
  return rows;
}

export type TreeAction =
  | { readonly kind: 'focus'; readonly id: string }
  | { readonly kind: 'expand'; readonly id: string }
  | { readonly kind: 'collapse'; readonly id: string }
  | { readonly kind: 'select'; readonly id: string }
  | { readonly kind: 'none' };

/** What a key does on the focused row (WAI-ARIA tree view pattern). */
export function treeKeyAction(rows: readonly TreeRow[], focusedId: string, key: string): TreeAction {
  const index = rows.findIndex((r) => r.id === focusedId);
  const row = rows[index];
  if (!row) return rows[0] ? { kind: 'focus', id: rows[0].id } : { kind: 'none' };
  switch (key) {
    case 'ArrowDown':
      return rows[index + 1] ? { kind: 'focus', id: rows[index + 1]!.id } : { kind: 'none' };
    case 'ArrowUp':
      return index > 0 ? { kind: 'focus', id: rows[index - 1]!.id } : { kind: 'none' };
    case 'Home':
      return { kind: 'focus', id: rows[0]!.id };
    case 'End':
      return { kind: 'focus', id: rows[rows.length - 1]!.id };
    case 'ArrowRight':
      if (!row.hasChildren) return { kind: 'none' };
      if (!row.expanded) return { kind: 'expand', id: row.id };
      return rows[index + 1]?.parentId === row.id ? { kind: 'focus', id: rows[index + 1]!.id } : { kind: 'none' };
    case 'ArrowLeft':
      if (row.expanded) return { kind: 'collapse', id: row.id };
      return row.parentId ? { kind: 'focus', id: row.parentId } : { kind: 'none' };
    case 'Enter':
    case ' ':
      return { kind: 'select', id: row.id };
    default:
      return { kind: 'none' };
  }
}
