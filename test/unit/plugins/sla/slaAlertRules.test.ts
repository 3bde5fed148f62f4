import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NO_BACKUP } from '../../../../src/core/domain/service.js';
import { alertStatus, backupVerdict, conditionKey } from '../../../../src/plugins/sla/alerts/alertRules.js';

const DAY = 86_400_000;
const now = Date.parse('2026-04-10T00:00:00Z');

describe('SLA alert rules', () => {
  it('one condition, one key: the same kind and subjects give the same key, any other subject another', () => {
    const a = conditionKey({ kind: 'FAST_BURN', definitionId: 'd1', serviceId: 's1' });
    assert.equal(conditionKey({ kind: 'FAST_BURN', definitionId: 'd1', serviceId: 's1', groupName: null }), a);
    assert.notEqual(conditionKey({ kind: 'SLOW_BURN', definitionId: 'd1', serviceId: 's1' }), a);
    assert.notEqual(conditionKey({ kind: 'FAST_BURN', definitionId: 'd2', serviceId: 's1' }), a);
    assert.notEqual(conditionKey({ kind: 'FAST_BURN', definitionId: 'd1', groupName: 's1' }), a);
  });

  it('status: OPEN until acknowledged, RESOLVED once resolved whether acknowledged or not', () => {
    assert.equal(alertStatus({ acknowledgedAt: null, resolvedAt: null }), 'OPEN');
    assert.equal(alertStatus({ acknowledgedAt: 1, resolvedAt: null }), 'ACKNOWLEDGED');
    assert.equal(alertStatus({ acknowledgedAt: 1, resolvedAt: 2 }), 'RESOLVED');
    assert.equal(alertStatus({ acknowledgedAt: null, resolvedAt: 2 }), 'RESOLVED');
  });

  describe('backup freshness in time', () => {
    const expecting = (maxAgeDays: number | null, lastTakenAt: number | null) => ({
      ...NO_BACKUP,
      expected: true,
      maxAgeDays,
      lastTakenAt,
    });
    const cases: [string, Parameters<typeof backupVerdict>[0], ReturnType<typeof backupVerdict>][] = [
      ['backups not expected: nothing to watch', { ...NO_BACKUP, lastTakenAt: now - 100 * DAY }, { state: 'not-expected' }],
      ['expected and never taken: overdue at once', expecting(2, null), { state: 'overdue' }],
      [
        'taken a day ago, at most 2 days old: overdue one millisecond after the 2 days',
        expecting(2, now - DAY),
        { state: 'fresh', overdueAt: now + DAY + 1 },
      ],
      ['no declared maximum: 1 day', expecting(null, now - DAY / 2), { state: 'fresh', overdueAt: now + DAY / 2 + 1 }],
      [
        'exactly at the maximum age: still fresh (older than, not as old as)',
        expecting(1, now - DAY),
        { state: 'fresh', overdueAt: now + 1 },
      ],
      ['older than the maximum: overdue', expecting(1, now - DAY - 1), { state: 'overdue' }],
    ];
    for (const [label, backup, expected] of cases) it(label, () => assert.deepEqual(backupVerdict(backup, now), expected));
  });
});
