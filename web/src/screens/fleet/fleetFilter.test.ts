import { describe, expect, test } from 'vitest';
import {
  EMPTY_FILTER,
  filterFromQuery,
  hasAnyFilter,
  parseSavedFilter,
  queryWithFilter,
  savedFilterText,
  toServiceFilter,
  type FleetFilter,
} from './fleetFilter';

const full: FleetFilter = {
  node: 'eu/prod',
  statuses: ['DOWN', 'DEGRADED'],
  criticality: 'high',
  serviceType: 'api',
  tag: 'payments',
  namespace: 'shop',
  slaGroup: 'gold',
  search: 'check out',
};

describe('the view in the URL', () => {
  test('a view written to the query reads back the same', () => {
    expect(filterFromQuery(new URLSearchParams(queryWithFilter(new URLSearchParams(), full)))).toEqual({
      ...full,
      statuses: ['DEGRADED', 'DOWN'],
    });
  });

  test('statuses are written in a fixed order so the same view has the same link', () => {
    expect(queryWithFilter(new URLSearchParams(), { ...EMPTY_FILTER, statuses: ['UNKNOWN', 'DOWN'] })).toBe('status=DOWN%2CUNKNOWN');
  });

  test('parameters that are not the hierarchy’s are kept', () => {
    const query = queryWithFilter(new URLSearchParams('tab=2&q=old'), { ...EMPTY_FILTER, tag: 'x' });
    expect(new URLSearchParams(query).get('tab')).toBe('2');
    expect(new URLSearchParams(query).has('q')).toBe(false);
  });

  test('unknown statuses and blank values in a hand-edited link are ignored', () => {
    expect(filterFromQuery(new URLSearchParams('status=down,bogus,,DOWN&node=%20&tag=%20a%20'))).toEqual({
      ...EMPTY_FILTER,
      statuses: ['DOWN'],
      tag: 'a',
    });
  });

  test('a bare link has no filter, a link with any hierarchy parameter has one', () => {
    expect(hasAnyFilter(new URLSearchParams('tab=2'))).toBe(false);
    expect(hasAnyFilter(new URLSearchParams('node=eu'))).toBe(true);
  });
});

describe('the ServiceFilter sent to the server', () => {
  test('carries only what is set, the node as nodeId', () => {
    expect(toServiceFilter({ ...EMPTY_FILTER, node: 'eu', search: 'pay' })).toEqual({ nodeId: 'eu', search: 'pay' });
    expect(toServiceFilter(EMPTY_FILTER)).toEqual({});
  });
});

describe('saved filters', () => {
  test('a saved view parses back to the same view with nothing ignored', () => {
    expect(parseSavedFilter(savedFilterText(full))).toEqual({ filter: { ...full, statuses: ['DEGRADED', 'DOWN'] }, ignored: [] });
  });

  test('keys of the wrong type or unknown to the hierarchy are named, not guessed', () => {
    const { filter, ignored } = parseSavedFilter(
      JSON.stringify({ status: ['DOWN', 'SIDEWAYS'], tag: 3, ownerId: 'u1', namespace: 'shop' }),
    );
    expect(filter).toEqual({ ...EMPTY_FILTER, namespace: 'shop' });
    expect(ignored).toEqual(['status', 'tag', 'ownerId']);
  });

  test('text that is not a JSON object gives the empty view', () => {
    expect(parseSavedFilter('[1]').filter).toEqual(EMPTY_FILTER);
    expect(parseSavedFilter('{').ignored).toEqual(['(not JSON)']);
  });
});
