import { describe, expect, test } from 'vitest';
import { applyChangesToRows, pagesCovering, rowAt, withPage, type ServiceRow } from './servicePages';
import type { StatusChange } from './statusCounts';

const row = (id: string): ServiceRow => ({
  id,
  name: id,
  displayName: null,
  status: 'OPERATIONAL',
  statusMessage: null,
  nodeId: 'eu',
  statusSince: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
});

describe('pages for the rows in view', () => {
  test('rows 95..205 of 1000 take pages 0, 1 and 2', () => {
    expect(pagesCovering(95, 205, 1000, 100)).toEqual([0, 1, 2]);
  });

  test('never a page past the end of the list', () => {
    expect(pagesCovering(0, 500, 150, 100)).toEqual([0, 1]);
    expect(pagesCovering(0, 10, 0, 100)).toEqual([]);
  });

  test('a row is read from its page', () => {
    const pages = withPage(new Map(), 1, [row('a'), row('b')], 20);
    expect(rowAt(pages, 101, 100)?.id).toBe('b');
    expect(rowAt(pages, 0, 100)).toBeUndefined();
  });

  test('pages far from the one just stored are forgotten beyond the limit', () => {
    let pages = new Map<number, readonly ServiceRow[]>();
    for (const page of [0, 1, 2, 3, 4]) pages = withPage(pages, page, [row(`r${page}`)], 3);
    expect([...pages.keys()].sort()).toEqual([2, 3, 4]);
  });
});

describe('live changes on the rows held', () => {
  const change: StatusChange = {
    serviceId: 'b',
    previousStatus: 'OPERATIONAL',
    status: 'DOWN',
    message: 'probe failed',
    changedAt: '2026-11-26T06:00:00Z',
    nodeId: 'eu',
  };
  const pages = new Map([
    [0, [row('a'), row('b')] as readonly ServiceRow[]],
    [1, [row('c')] as readonly ServiceRow[]],
  ]);

  test('the changed row takes the new status, message and time', () => {
    const next = applyChangesToRows(pages, [change]);
    expect(next.get(0)?.[1]).toMatchObject({ status: 'DOWN', statusMessage: 'probe failed', updatedAt: '2026-11-26T06:00:00Z' });
  });

  test('pages without a changed row stay the same objects', () => {
    const next = applyChangesToRows(pages, [change]);
    expect(next.get(1)).toBe(pages.get(1));
    expect(next.get(0)?.[0]).toBe(pages.get(0)?.[0]);
  });

  test('a change of a service not on screen changes nothing', () => {
    expect(applyChangesToRows(pages, [{ ...change, serviceId: 'zz' }])).toBe(pages);
  });
});
