/** What a group's members add up to, and how a member's backup reads, for the group screens. */
import type { BackupStatus, SlaGroupSummary } from './slaTypes';

export interface GroupTally {
  readonly members: number;
  /** Members whose backups are expected and too old. */
  readonly overdue: number;
  /** Members not OPERATIONAL (DEGRADED, DOWN, MAINTENANCE, UNKNOWN). */
  readonly notOperational: number;
  readonly byStatus: Readonly<Record<string, number>>;
}

export function tallyMembers(members: readonly { status: string; backupStatus: { backupOverdue: boolean } }[]): GroupTally {
  const byStatus: Record<string, number> = {};
  let overdue = 0;
  for (const member of members) {
    byStatus[member.status] = (byStatus[member.status] ?? 0) + 1;
    if (member.backupStatus.backupOverdue) overdue++;
  }
  return { members: members.length, overdue, notOperational: members.length - (byStatus['OPERATIONAL'] ?? 0), byStatus };
}

/** Overdue backups first (what needs a person), then by name. */
export function membersByUrgency<M extends { serviceName: string; backupStatus: { backupOverdue: boolean } }>(members: readonly M[]): M[] {
  return [...members].sort(
    (a, b) => Number(b.backupStatus.backupOverdue) - Number(a.backupStatus.backupOverdue) || a.serviceName.localeCompare(b.serviceName),
  );
}

/** The uptime target in force: a person's override wins over what the sync declared. */
export function effectiveUptimeTarget(group: Pick<SlaGroupSummary, 'targets' | 'targetOverrides'>): {
  value: number | null;
  source: 'override' | 'sync' | null;
} {
  if (group.targetOverrides?.uptime != null) return { value: group.targetOverrides.uptime, source: 'override' };
  if (group.targets?.uptime != null) return { value: group.targets.uptime, source: 'sync' };
  return { value: null, source: null };
}

/** One line about a member's backups: "Not expected", "None yet (max 2 d)", "success, max age 2 d". */
export function backupSummary(status: BackupStatus): string {
  if (!status.backupExpected) return 'Not expected';
  const limit = status.backupMaxAgeDays === null ? '' : `max age ${status.backupMaxAgeDays} d`;
  if (!status.lastBackupAt) return limit ? `None yet (${limit})` : 'None yet';
  return [status.lastBackupStatus ?? 'reported', limit].filter(Boolean).join(', ');
}
