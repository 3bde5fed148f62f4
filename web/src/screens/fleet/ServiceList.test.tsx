import { render, screen } from '@testing-library/react';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { RouterProvider } from '../../app/router';
import { ServiceList } from './ServiceList';
import type { ServiceRow } from './servicePages';

// jsdom lays nothing out: give the scroll box a height so the virtual list has rows in view.
const height = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 400 }));
afterAll(() => height && Object.defineProperty(HTMLElement.prototype, 'clientHeight', height));

const row = (id: string, nodeId: string, status: ServiceRow['status']): ServiceRow => ({
  id,
  name: `svc-${id}`,
  displayName: null,
  status,
  statusMessage: `message of ${id}`,
  nodeId,
  statusSince: '2026-11-26T06:00:00Z',
  updatedAt: '2026-11-26T06:00:00Z',
});

function renderList(props: Partial<Parameters<typeof ServiceList>[0]>) {
  const ensureRows = vi.fn();
  render(
    <RouterProvider>
      <ServiceList
        total={5000}
        pages={new Map([[0, [row('a1', 'eu/prod', 'DOWN'), row('b2', 'unknown', 'OPERATIONAL')]]])}
        treeReady
        ensureRows={ensureRows}
        {...props}
      />
    </RouterProvider>,
  );
  return ensureRows;
}

test('rows carry the service id and status, link to the service page and show message and node', () => {
  renderList({});
  const first = document.querySelector('[data-service-id="a1"]')!;
  expect(first.getAttribute('data-status')).toBe('DOWN');
  expect(screen.getByRole('link', { name: 'svc-a1' }).getAttribute('href')).toBe('/app/services/a1');
  expect(first.textContent).toContain('message of a1');
  expect(first.textContent).toContain('eu/prod');
});

test('a service under the unknown node carries the red “no node” badge, others do not', () => {
  renderList({});
  expect(document.querySelector('[data-service-id="b2"] .badge-alert')?.textContent).toBe('no node');
  expect(document.querySelector('[data-service-id="a1"] .badge-alert')).toBeNull();
});

test('only the rows in view are rendered and their pages asked for, not the whole list', () => {
  const ensureRows = renderList({});
  expect(document.querySelectorAll('[role="row"]').length).toBeLessThan(60);
  expect(ensureRows).toHaveBeenCalled();
  const [first, last] = ensureRows.mock.calls.at(-1)!;
  expect(first).toBe(0);
  expect(last).toBeLessThan(100);
});

test('ready for the benchmark only once the tree and the first rows are there', () => {
  renderList({ treeReady: false });
  expect(screen.queryByTestId('hierarchy-ready')).toBeNull();
});

test('ready when the tree is there and the first rows are painted', () => {
  renderList({});
  expect(screen.getByTestId('hierarchy-ready')).toBeTruthy();
});
