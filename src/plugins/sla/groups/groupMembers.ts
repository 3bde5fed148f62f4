/**
 * SLA groups as the plugin shows them: the group core keeps (declared by status syncs), what people
 * set on it here (target overrides), and its members, the services whose `slaGroup` names it, with
 * their backup status. Pure views over the fleet's records; `now` is an argument.
 */
import type { Fleet } from '../../../core/fleet/fleet.js';
import type { SlaGroupRecord } from '../../../core/fleet/slaGroupStore.js';
import { DEFAULT_BACKUP_MAX_AGE_DAYS, isBackupOverdue } from '../../../core/domain/backup.js';
import type { BackupStatus, ServiceRecord, ServiceStatus } from '../../../core/domain/service.js';

/** A group is known when a sync declared it or a service names it (the backup report's rule too). */
export function knownGroup(fleet: Pick<Fleet, 'services' | 'slaGroups'>, name: string): boolean {
  return fleet.slaGroups.get(name) !== undefined || fleet.services.inSlaGroup(name).length > 0;
}

export interface MemberBackupStatus {
  readonly backupExpected: boolean;
  readonly lastBackupAt: number | null;
  readonly lastBackupStatus: BackupStatus | null;
  /** The maximum age that applies: declared, or the default when backups are expected; null when they are not. */
  readonly backupMaxAgeDays: number | null;
  readonly backupOverdue: boolean;
}

export interface GroupMember {
  readonly serviceId: string;
  readonly serviceName: string;
  readonly status: ServiceStatus;
  readonly replicas: number | null;
  readonly readyReplicas: number | null;
  readonly backupStatus: MemberBackupStatus;
}

export function backupStatusOf(service: ServiceRecord, now: number): MemberBackupStatus {
  const { backup } = service;
  return {
    backupExpected: backup.expected,
    lastBackupAt: backup.lastAt,
    lastBackupStatus: backup.lastStatus,
    backupMaxAgeDays: backup.expected ? (backup.maxAgeDays ?? DEFAULT_BACKUP_MAX_AGE_DAYS) : null,
    backupOverdue: isBackupOverdue(backup, now),
  };
}

/** Members by service name (then id: names repeat across nodes). */
export function groupMembers(fleet: Pick<Fleet, 'services'>, groupName: string, now: number): GroupMember[] {
  return fleet.services
    .inSlaGroup(groupName)
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
    .map((s) => ({
      serviceId: s.id,
      serviceName: s.name,
      status: s.status,
      replicas: s.replicas,
      readyReplicas: s.readyReplicas,
      backupStatus: backupStatusOf(s, now),
    }));
}

export interface GroupTargets {
  readonly uptime: number;
}

/** The uptime target the group's own figures are judged against: the people's override, else the declared one. */
export function groupUptimeTarget(group: Pick<SlaGroupRecord, 'targets'>, overrides: GroupTargets | null): number | null {
  return overrides?.uptime ?? group.targets?.uptime ?? null;
}
