import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { expect, test } from 'vitest';
import { NodeTree } from './NodeTree';
import { EMPTY_TREE, setExpanded, withChildren, withRoots, type LoadedNode, type TreeState } from './nodeTree';
import { ZERO_SUMMARY } from './statusCounts';

const node = (id: string, childCount: number, down = 0): LoadedNode => ({
  id,
  name: id.split('/').pop()!,
  depth: 1,
  childCount,
  statusSummary: { ...ZERO_SUMMARY, operational: 2, down, total: 2 + down },
});

function Harness({ initial }: { initial: TreeState }) {
  const [tree, setTree] = useState(initial);
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <>
      <NodeTree
        tree={tree}
        selected={selected}
        onSelect={setSelected}
        onToggle={(id, open) =>
          setTree((s) => (open ? withChildren(setExpanded(s, id, true), id, [node(`${id}/prod`, 0, 1)]) : setExpanded(s, id, false)))
        }
      />
      <output data-testid="selected">{selected ?? ''}</output>
    </>
  );
}

const roots = withRoots(EMPTY_TREE, [node('eu', 1, 1), node('unknown', 0)]);

test('the tree is reachable with one tab stop and walks with the arrow keys', () => {
  render(<Harness initial={roots} />);
  const eu = screen.getByRole('treeitem', { name: /^eu,/ });
  expect(eu.tabIndex).toBe(0);
  expect(screen.getByRole('treeitem', { name: /unknown/ }).tabIndex).toBe(-1);
  expect(eu.getAttribute('aria-expanded')).toBe('false');

  eu.focus();
  fireEvent.keyDown(eu, { key: 'ArrowRight' });
  expect(screen.getByRole('treeitem', { name: /^eu,/ }).getAttribute('aria-expanded')).toBe('true');
  const prod = screen.getByRole('treeitem', { name: /prod/ });
  expect(prod.getAttribute('aria-level')).toBe('2');

  fireEvent.keyDown(screen.getByRole('treeitem', { name: /^eu,/ }), { key: 'ArrowDown' });
  expect(document.activeElement).toBe(prod);
  fireEvent.keyDown(prod, { key: 'Enter' });
  expect(screen.getByTestId('selected').textContent).toBe('eu/prod');
  expect(prod.getAttribute('aria-selected')).toBe('true');
});

test('each node shows its counts per status in words', () => {
  render(<Harness initial={roots} />);
  const eu = screen.getByRole('treeitem', { name: 'eu, 1 down, 2 operational, 3 services' });
  expect(eu.textContent).toContain('1 down');
  expect(eu.textContent).toContain('2 operational');
});

test('the unknown node carries the red “no node” badge', () => {
  render(<Harness initial={roots} />);
  const badge = screen.getByRole('treeitem', { name: /^unknown no node,/ }).querySelector('.badge-alert');
  expect(badge?.textContent).toBe('no node');
});
