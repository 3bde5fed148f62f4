/**
 * SLA alerts: their kinds, the condition that keys them (one active alert per condition, so a
 * condition that holds on and on never opens a second one), and the backup-overdue rule in time.
 * Pure: `now` is an argument.
 */
import { DEFAULT_BACKUP_MAX_AGE_DAYS, isBackupOverdue } from '../../../core/domain/backup.js';
import type { BackupState } from '../../../core/domain/service.js';

export const ALERT_KINDS = ['BREACHED', 'AT_RISK', 'FAST_BURN', 'SLOW_BURN', 'BACKUP_OVERDUE'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const ALERT_STATUSES = ['OPEN', 'ACKNOWLEDGED', 'RESOLVED'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** What an alert is about: a kind and the subjects it concerns (a definition, a service, a group). */
export interface AlertCondition {
  readonly kind: AlertKind;
  readonly definitionId?: string | null;
  readonly serviceId?: string | null;
  readonly groupName?: string | null;
}

export interface SlaAlert {
  readonly id: string;
  readonly kind: AlertKind;
  readonly conditionKey: string;
  readonly definitionId: string | null;
  readonly serviceId: string | null;
  readonly groupName: string | null;
  readonly message: string;
  /** Figures behind the alert (burn rates, ages), as JSON. */
  readonly details: Readonly<Record<string, unknown>> | null;
  readonly raisedAt: number;
  readonly acknowledgedAt: number | null;
  readonly acknowledgedBy: string | null;
  readonly resolvedAt: number | null;
}

export function conditionKey(condition: AlertCondition): string {
  return `${condition.kind}|d:${condition.definitionId ?? ''}|s:${condition.serviceId ?? ''}|g:${condition.groupName ?? ''}`;
}

export function alertStatus(alert: Pick<SlaAlert, 'acknowledgedAt' | 'resolvedAt'>): AlertStatus {
  return alert.resolvedAt !== null ? 'RESOLVED' : alert.acknowledgedAt !== null ? 'ACKNOWLEDGED' : 'OPEN';
}

const DAY_MS = 86_400_000;

export type BackupVerdict =
  /** Backups are not expected: no alert, nothing to watch. */
  | { readonly state: 'not-expected' }
  | { readonly state: 'overdue' }
  /** Fresh until `overdueAt`, the first instant it counts as overdue. */
  | { readonly state: 'fresh'; readonly overdueAt: number };

/** The backup rule of domain/backup.ts (`isBackupOverdue`) in time: overdue now, or from when. */
export function backupVerdict(backup: BackupState, now: number): BackupVerdict {
  if (!backup.expected) return { state: 'not-expected' };
  if (isBackupOverdue(backup, now)) return { state: 'overdue' };
  const maxAgeDays = backup.maxAgeDays ?? DEFAULT_BACKUP_MAX_AGE_DAYS;
  // isBackupOverdue: overdue once now - lastTakenAt > maxAge, i.e. from one millisecond after.
  return { state: 'fresh', overdueAt: backup.lastTakenAt! + maxAgeDays * DAY_MS + 1 };
}
