import { describe, expect, test } from 'vitest';
import {
  ancestorsOf,
  childrenToLoad,
  EMPTY_TREE,
  setExpanded,
  treeKeyAction,
  visibleRows,
  withChildren,
  withRoots,
  type LoadedNode,
} from './nodeTree';
import { ZERO_SUMMARY } from './statusCounts';

const node = (id: string, childCount = 0): LoadedNode => ({
  id,
  name: id.split('/').pop()!,
  depth: id.split('/').length,
  childCount,
  statusSummary: { ...ZERO_SUMMARY, operational: 1, total: 1 },
});

const roots = withRoots(EMPTY_TREE, [node('eu', 2), node('us', 1), node('unknown')]);
const expanded = withChildren(setExpanded(roots, 'eu', true), 'eu', [node('eu/prod', 1), node('eu/test')]);

describe('rows of the tree', () => {
  test('roots only until a node is expanded', () => {
    expect(visibleRows(roots).map((r) => r.id)).toEqual(['eu', 'us', 'unknown']);
  });

  test('an expanded node shows its children below it, one level deeper', () => {
    const rows = visibleRows(expanded);
    expect(rows.map((r) => [r.id, r.level])).toEqual([
      ['eu', 1],
      ['eu/prod', 2],
      ['eu/test', 2],
      ['us', 1],
      ['unknown', 1],
    ]);
    expect(rows[1]).toMatchObject({ parentId: 'eu', posInSet: 1, setSize: 2 });
  });

  test('an expanded node whose children have not arrived is loading and asks for them', () => {
    const waiting = setExpanded(roots, 'us', true);
    expect(visibleRows(waiting).find((r) => r.id === 'us')).toMatchObject({ expanded: true, loading: true });
    expect(childrenToLoad(waiting)).toEqual(['us']);
    expect(childrenToLoad(expanded)).toEqual([]);
  });

  test('a leaf is never expanded', () => {
    expect(visibleRows(setExpanded(roots, 'unknown', true)).find((r) => r.id === 'unknown')).toMatchObject({
      expanded: false,
      hasChildren: false,
    });
  });

  test('a node deep in the URL reveals by expanding its ancestors', () => {
    expect(ancestorsOf('eu/prod/k8s-1')).toEqual(['eu', 'eu/prod']);
  });
});

describe('the keyboard on the tree', () => {
  const rows = visibleRows(expanded);
  test('down and up move between visible rows, Home and End to the ends', () => {
    expect(treeKeyAction(rows, 'eu', 'ArrowDown')).toEqual({ kind: 'focus', id: 'eu/prod' });
    expect(treeKeyAction(rows, 'us', 'ArrowUp')).toEqual({ kind: 'focus', id: 'eu/test' });
    expect(treeKeyAction(rows, 'eu/test', 'End')).toEqual({ kind: 'focus', id: 'unknown' });
    expect(treeKeyAction(rows, 'unknown', 'Home')).toEqual({ kind: 'focus', id: 'eu' });
    expect(treeKeyAction(rows, 'unknown', 'ArrowDown')).toEqual({ kind: 'none' });
  });

  test('right expands a closed node, then moves into its first child', () => {
    expect(treeKeyAction(rows, 'eu/prod', 'ArrowRight')).toEqual({ kind: 'expand', id: 'eu/prod' });
    expect(treeKeyAction(rows, 'eu', 'ArrowRight')).toEqual({ kind: 'focus', id: 'eu/prod' });
  });

  test('left collapses an open node, or moves to the parent', () => {
    expect(treeKeyAction(rows, 'eu', 'ArrowLeft')).toEqual({ kind: 'collapse', id: 'eu' });
    expect(treeKeyAction(rows, 'eu/test', 'ArrowLeft')).toEqual({ kind: 'focus', id: 'eu' });
  });

  test('Enter and Space select the focused node', () => {
    expect(treeKeyAction(rows, 'us', 'Enter')).toEqual({ kind: 'select', id: 'us' });
    expect(treeKeyAction(rows, 'us', ' ')).toEqual({ kind: 'select', id: 'us' });
  });
});
