import { describe, expect, it } from 'vitest';
import { alertFilterFromParams, applyAlertEvent, parseAlertEvent, type AlertEventData } from './alertFilters';
import type { SlaAlert } from './slaTypes';

const alert = (id: string, status: SlaAlert['status'], kind: SlaAlert['kind'] = 'BACKUP_OVERDUE'): SlaAlert => ({
  id,
  kind,
  status,
  message: `alert ${id}`,
  serviceId: 's1',
  service: { id: 's1', name: 'db' },
  definitionId: null,
  definition: null,
  slaGroup: null,
  raisedAt: '2026-11-25T10:00:00Z',
  acknowledgedAt: null,
  acknowledgedBy: null,
  resolvedAt: null,
});
const event = (
  id: string,
  status: SlaAlert['status'],
  change: AlertEventData['change'],
  kind: SlaAlert['kind'] = 'BACKUP_OVERDUE',
): AlertEventData => ({
  change,
  alert: {
    id,
    kind,
    status,
    message: 'm',
    slaGroup: 'vault',
    definitionId: null,
    acknowledgedAt: status === 'ACKNOWLEDGED' ? '2026-11-25T11:00:00Z' : null,
    resolvedAt: status === 'RESOLVED' ? '2026-11-25T12:00:00Z' : null,
  },
});

describe('alert filters from the URL', () => {
  it('without a status shows what still needs attention: open and acknowledged', () => {
    expect(alertFilterFromParams(new URLSearchParams(''))).toEqual({ statuses: ['OPEN', 'ACKNOWLEDGED'] });
  });
  it('status=all filters no status', () => {
    expect(alertFilterFromParams(new URLSearchParams('status=all'))).toEqual({});
  });
  it('reads comma-separated statuses and kinds and drops unknown values', () => {
    expect(alertFilterFromParams(new URLSearchParams('status=resolved,bogus&kind=FAST_BURN,nope'))).toEqual({
      statuses: ['RESOLVED'],
      kinds: ['FAST_BURN'],
    });
  });
  it('narrows to one group or one definition', () => {
    expect(alertFilterFromParams(new URLSearchParams('status=all&group=vault&definition=d1'))).toEqual({
      slaGroup: 'vault',
      definitionId: 'd1',
    });
  });
});

describe('live alert events', () => {
  it('reads an sla:alert event and ignores others or malformed data', () => {
    expect(parseAlertEvent({ event: 'sla:alert', data: JSON.stringify(event('a', 'OPEN', 'raised')) })?.alert.id).toBe('a');
    expect(parseAlertEvent({ event: 'sla:incident', data: '{}' })).toBeNull();
    expect(parseAlertEvent({ event: 'sla:alert', data: 'not json' })).toBeNull();
  });
  it('a listed alert takes its new status in place', () => {
    const { alerts } = applyAlertEvent(
      [alert('a', 'OPEN'), alert('b', 'OPEN')],
      { statuses: ['OPEN', 'ACKNOWLEDGED'] },
      event('b', 'ACKNOWLEDGED', 'acknowledged'),
    );
    expect(alerts.map((a) => [a.id, a.status])).toEqual([
      ['a', 'OPEN'],
      ['b', 'ACKNOWLEDGED'],
    ]);
    expect(alerts[1]!.acknowledgedAt).toBe('2026-11-25T11:00:00Z');
  });
  it('an alert the filter no longer holds leaves the list', () => {
    const { alerts, refetch } = applyAlertEvent([alert('a', 'OPEN')], { statuses: ['OPEN'] }, event('a', 'RESOLVED', 'resolved'));
    expect([alerts, refetch]).toEqual([[], false]);
  });
  it('a new alert the filter holds asks for the list again (the event names its service by id only)', () => {
    expect(applyAlertEvent([], { statuses: ['OPEN'] }, event('n', 'OPEN', 'raised')).refetch).toBe(true);
    expect(applyAlertEvent([], { statuses: ['OPEN'], kinds: ['FAST_BURN'] }, event('n', 'OPEN', 'raised')).refetch).toBe(false);
  });
  it('a new alert of another group than the one shown is not fetched', () => {
    expect(applyAlertEvent([], { slaGroup: 'payments' }, event('n', 'OPEN', 'raised')).refetch).toBe(false);
    expect(applyAlertEvent([], { slaGroup: 'vault' }, event('n', 'OPEN', 'raised')).refetch).toBe(true);
  });
  it('an acknowledgement by someone else asks for the list again to learn who', () => {
    expect(applyAlertEvent([alert('a', 'OPEN')], {}, event('a', 'ACKNOWLEDGED', 'acknowledged')).refetch).toBe(true);
  });
});
