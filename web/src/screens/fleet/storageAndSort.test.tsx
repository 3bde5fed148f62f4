/** Issue 27, item D: storage trouble visible in the hierarchy and the list, a storage filter, a server-side sort. */
import { fireEvent, render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { RouterProvider } from '../../app/router';
import { EMPTY_FILTER, filterFromQuery, parseSavedFilter, queryWithFilter, savedFilterText, toServiceFilter } from './fleetFilter';
import { NodeTree } from './NodeTree';
import { EMPTY_TREE, withRoots } from './nodeTree';
import { ServiceList } from './ServiceList';
import type { ServiceRow } from './servicePages';
import { DEFAULT_SORT, queryWithSort, SORT_CHOICES, sortFromQuery } from './serviceSort';
import { SortChoice } from './SortChoice';
import { sumSummaries, ZERO_SUMMARY } from './statusCounts';
import { SummaryBar } from './SummaryBar';

describe('the storage filter', () => {
  test('lives in the URL in a fixed order and reads back the same', () => {
    const query = queryWithFilter(new URLSearchParams(), { ...EMPTY_FILTER, storage: ['WARNING', 'CRITICAL'] });
    expect(query).toBe('storage=critical%2Cwarning');
    expect(filterFromQuery(new URLSearchParams(query))).toEqual({ ...EMPTY_FILTER, storage: ['CRITICAL', 'WARNING'] });
  });

  test('unknown storage words in a hand-edited link are ignored', () => {
    expect(filterFromQuery(new URLSearchParams('storage=full,critical'))).toEqual({ ...EMPTY_FILTER, storage: ['CRITICAL'] });
  });

  test('is sent to the server as storageState and saved and read back the same', () => {
    const filter = { ...EMPTY_FILTER, storage: ['CRITICAL' as const] };
    expect(toServiceFilter(filter)).toEqual({ storageState: ['CRITICAL'] });
    expect(parseSavedFilter(savedFilterText(filter))).toEqual({ filter, ignored: [] });
  });

  test('a saved storageState with an unknown state is named, not guessed', () => {
    expect(parseSavedFilter(JSON.stringify({ storageState: ['FULL'] }))).toEqual({ filter: EMPTY_FILTER, ignored: ['storageState'] });
  });
});

describe('the sort', () => {
  test('every choice survives the URL, and the default order leaves the parameter out', () => {
    for (const choice of SORT_CHOICES)
      expect(sortFromQuery(new URLSearchParams(queryWithSort(new URLSearchParams('node=eu'), choice.sort)))).toEqual(choice.sort);
    expect(queryWithSort(new URLSearchParams('node=eu&sort=status'), DEFAULT_SORT)).toBe('node=eu');
    expect(queryWithSort(new URLSearchParams(), { field: 'STATUS', direction: 'ASC' })).toBe('sort=status');
  });

  test('an unknown sort word is the default order', () => {
    expect(sortFromQuery(new URLSearchParams('sort=popularity'))).toEqual(DEFAULT_SORT);
  });

  test('the select offers every order and reports the one picked', () => {
    const onChange = vi.fn();
    render(<SortChoice sort={DEFAULT_SORT} onChange={onChange} />);
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual(SORT_CHOICES.map((c) => c.label));
    fireEvent.change(select, { target: { value: 'status' } });
    expect(onChange).toHaveBeenCalledWith({ field: 'STATUS', direction: 'ASC' });
  });
});

describe('storage counts in the hierarchy', () => {
  const node = (id: string, storageWarning: number, storageCritical: number) => ({
    id,
    name: id,
    depth: 1,
    childCount: 0,
    statusSummary: { ...ZERO_SUMMARY, unknown: 1, total: 1, storageWarning, storageCritical },
  });

  test('a node with storage trouble shows it in words and in its accessible name', () => {
    render(
      <NodeTree
        tree={withRoots(EMPTY_TREE, [node('eu', 1, 2), node('us', 0, 0)])}
        selected={null}
        onSelect={() => {}}
        onToggle={() => {}}
      />,
    );
    const eu = screen.getByRole('treeitem', { name: 'eu, 1 unknown, 2 storage critical, 1 storage warning, 1 service' });
    expect(eu.querySelector('[data-count="storageCritical"]')?.textContent).toBe('2 storage critical');
    expect(eu.querySelector('[data-count="storageCritical"]')?.className).toContain('badge-alert');
    expect(screen.getByRole('treeitem', { name: 'us, 1 unknown, 1 service' }).querySelector('[data-count^="storage"]')).toBeNull();
  });

  test('the fleet summary sums the roots’ storage counts', () => {
    expect(sumSummaries([node('a', 1, 2).statusSummary, node('b', 3, 0).statusSummary])).toMatchObject({
      storageWarning: 4,
      storageCritical: 2,
      total: 2,
    });
  });

  test('the summary bar’s storage card links to the services it counts', () => {
    const onShow = vi.fn();
    render(<SummaryBar tree={withRoots(EMPTY_TREE, [node('eu', 1, 2)])} streamError={undefined} onShowStorage={onShow} />);
    const card = screen.getByTestId('fleet-storage');
    expect(card.textContent?.trim()).toBe('Storage: 2 critical 1 warning');
    fireEvent.click(screen.getByRole('button', { name: '2 critical' }));
    expect(onShow).toHaveBeenCalledWith(['CRITICAL']);
  });
});

describe('storage in the services list', () => {
  const height = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  beforeAll(() => Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 400 }));
  afterAll(() => height && Object.defineProperty(HTMLElement.prototype, 'clientHeight', height));

  const row = (id: string, storage: ServiceRow['storage']): ServiceRow => ({
    id,
    name: id,
    displayName: null,
    status: 'UNKNOWN',
    statusMessage: null,
    nodeId: 'eu/prod',
    statusSince: '2026-11-26T06:00:00Z',
    updatedAt: '2026-11-26T06:00:00Z',
    storage,
  });

  test('a row in storage trouble carries a storage badge beside its status; healthy or unreported rows do not', () => {
    const rows = [
      row('crit', { status: 'critical', freePercent: 7 }),
      row('warn', { status: 'warning', freePercent: 20 }),
      row('ok', { status: 'healthy', freePercent: 80 }),
      row('none', null),
    ];
    render(
      <RouterProvider>
        <ServiceList total={4} pages={new Map([[0, rows]])} treeReady ensureRows={() => {}} />
      </RouterProvider>,
    );
    const badge = (id: string) => document.querySelector(`[data-service-id="${id}"] [data-storage]`);
    expect(badge('crit')?.textContent).toBe('storage critical');
    expect(badge('crit')?.getAttribute('title')).toBe('7 % of its storage free');
    expect(badge('warn')?.textContent).toBe('storage warning');
    expect(badge('ok')).toBeNull();
    expect(badge('none')).toBeNull();
    expect(document.querySelector('[data-service-id="crit"]')?.getAttribute('data-status')).toBe('UNKNOWN');
  });
});
