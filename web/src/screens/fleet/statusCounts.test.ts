import { describe, expect, test } from 'vitest';
import {
  ancestorsAndSelf,
  applyChangesToSummaries,
  coalesceChanges,
  isUnknownNode,
  moveCount,
  sumSummaries,
  ZERO_SUMMARY,
  type StatusChange,
  type StatusSummary,
} from './statusCounts';

const summary = (s: Partial<StatusSummary>): StatusSummary => ({
  ...ZERO_SUMMARY,
  ...s,
  total: (s.operational ?? 0) + (s.degraded ?? 0) + (s.down ?? 0) + (s.maintenance ?? 0) + (s.unknown ?? 0),
});
const change = (
  serviceId: string,
  previousStatus: StatusChange['previousStatus'],
  status: StatusChange['status'],
  nodeId: string | null = 'eu/prod',
): StatusChange => ({
  serviceId,
  previousStatus,
  status,
  nodeId,
  message: null,
  changedAt: '2026-11-26T06:00:00Z',
});

describe('a status change moves one count', () => {
  test('one fewer of the old status, one more of the new, total unchanged', () => {
    expect(moveCount(summary({ operational: 3 }), 'OPERATIONAL', 'DOWN')).toEqual({ ...summary({ operational: 2, down: 1 }) });
  });

  test('a count never goes below zero', () => {
    expect(moveCount(summary({ down: 1 }), 'OPERATIONAL', 'DOWN').operational).toBe(0);
  });
});

describe('changes applied to the nodes on screen', () => {
  const before = new Map([
    ['eu', summary({ operational: 5 })],
    ['eu/prod', summary({ operational: 3 })],
    ['eu/test', summary({ operational: 2 })],
    ['us', summary({ operational: 4 })],
  ]);

  test('the service’s node and every ancestor change, siblings and other roots do not', () => {
    const { summaries } = applyChangesToSummaries(before, [change('s1', 'OPERATIONAL', 'DOWN', 'eu/prod/k8s')]);
    expect(summaries.get('eu')).toEqual(summary({ operational: 4, down: 1 }));
    expect(summaries.get('eu/prod')).toEqual(summary({ operational: 2, down: 1 }));
    expect(summaries.get('eu/test')).toBe(before.get('eu/test'));
    expect(summaries.get('us')).toBe(before.get('us'));
  });

  test('a node whose name only starts like the path is not an ancestor', () => {
    const { summaries } = applyChangesToSummaries(new Map([['eu', summary({ operational: 1 })]]), [
      change('s1', 'OPERATIONAL', 'DOWN', 'europe/x'),
    ]);
    expect(summaries.get('eu')).toEqual(summary({ operational: 1 }));
  });

  test('a change of a deleted service cannot be placed and is counted as such', () => {
    const { summaries, unplaced } = applyChangesToSummaries(before, [change('s1', 'OPERATIONAL', 'DOWN', null)]);
    expect(unplaced).toBe(1);
    expect(summaries.get('eu')).toEqual(before.get('eu'));
  });
});

describe('bursts are coalesced per service', () => {
  test('a flap between two paints counts from the first old status to the last new one', () => {
    const changes = coalesceChanges([
      change('s1', 'OPERATIONAL', 'DOWN'),
      change('s2', 'DOWN', 'DEGRADED'),
      change('s1', 'DOWN', 'OPERATIONAL'),
      change('s1', 'OPERATIONAL', 'DEGRADED'),
    ]);
    expect(changes.map((c) => [c.serviceId, c.previousStatus, c.status])).toEqual([
      ['s1', 'OPERATIONAL', 'DEGRADED'],
      ['s2', 'DOWN', 'DEGRADED'],
    ]);
  });

  test('coalesced or not, the counts end the same', () => {
    const burst = [change('s1', 'OPERATIONAL', 'DOWN'), change('s1', 'DOWN', 'MAINTENANCE'), change('s2', 'OPERATIONAL', 'DOWN')];
    const start = new Map([['eu', summary({ operational: 5 })]]);
    expect(applyChangesToSummaries(start, coalesceChanges(burst)).summaries).toEqual(applyChangesToSummaries(start, burst).summaries);
  });
});

test('ancestors of a path, outermost first', () => {
  expect(ancestorsAndSelf('a/b/c')).toEqual(['a', 'a/b', 'a/b/c']);
});

test('the totals of the roots add up per status', () => {
  expect(sumSummaries([summary({ down: 1, operational: 2 }), summary({ down: 2, unknown: 1 })])).toEqual(
    summary({ down: 3, operational: 2, unknown: 1 }),
  );
});

test('services at or below the unknown node are the ones without a node', () => {
  expect(isUnknownNode('unknown')).toBe(true);
  expect(isUnknownNode('unknown/x')).toBe(true);
  expect(isUnknownNode('unknowns')).toBe(false);
});
