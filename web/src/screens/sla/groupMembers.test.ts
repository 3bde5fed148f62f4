import { describe, expect, it } from 'vitest';
import { backupSummary, effectiveUptimeTarget, membersByUrgency, tallyMembers } from './groupMembers';
import type { BackupStatus, SlaGroupMember } from './slaTypes';

const noBackups: BackupStatus = {
  backupExpected: false,
  lastBackupAt: null,
  lastBackupStatus: null,
  backupMaxAgeDays: null,
  backupOverdue: false,
};
const member = (serviceName: string, status: SlaGroupMember['status'], backup: Partial<BackupStatus> = {}): SlaGroupMember => ({
  serviceId: serviceName,
  serviceName,
  status,
  replicas: null,
  readyReplicas: null,
  backupStatus: { ...noBackups, ...backup },
});

describe('group members', () => {
  it('tallies members by status and counts overdue backups', () => {
    const tally = tallyMembers([
      member('a', 'OPERATIONAL'),
      member('b', 'DOWN', { backupExpected: true, backupOverdue: true }),
      member('c', 'DEGRADED'),
    ]);
    expect(tally).toEqual({ members: 3, overdue: 1, notOperational: 2, byStatus: { OPERATIONAL: 1, DOWN: 1, DEGRADED: 1 } });
  });
  it('lists overdue backups first, then by name', () => {
    const order = membersByUrgency([
      member('b', 'OPERATIONAL'),
      member('z', 'OPERATIONAL', { backupOverdue: true }),
      member('a', 'OPERATIONAL'),
    ]);
    expect(order.map((m) => m.serviceName)).toEqual(['z', 'a', 'b']);
  });
  it('a person’s override wins over the target a sync declared', () => {
    expect(effectiveUptimeTarget({ targets: { uptime: 99.9 }, targetOverrides: { uptime: 99.5 } })).toEqual({
      value: 99.5,
      source: 'override',
    });
    expect(effectiveUptimeTarget({ targets: { uptime: 99.9 }, targetOverrides: null })).toEqual({ value: 99.9, source: 'sync' });
    expect(effectiveUptimeTarget({ targets: null, targetOverrides: null })).toEqual({ value: null, source: null });
  });
  it('says what is known of a member’s backups', () => {
    expect(backupSummary(noBackups)).toBe('Not expected');
    expect(backupSummary({ ...noBackups, backupExpected: true, backupMaxAgeDays: 2 })).toBe('None yet (max age 2 d)');
    expect(
      backupSummary({
        ...noBackups,
        backupExpected: true,
        backupMaxAgeDays: 1,
        lastBackupAt: '2026-11-25T00:00:00Z',
        lastBackupStatus: 'failed',
      }),
    ).toBe('failed, max age 1 d');
  });
});
