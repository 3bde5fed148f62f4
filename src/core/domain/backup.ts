import type { BackupState } from './service.js';

const DAY_MS = 86_400_000;
/** Applies when a service expects backups but declared no maximum age. */
export const DEFAULT_BACKUP_MAX_AGE_DAYS = 1;

/**
 * Overdue: the service expects backups and no backup was taken within its maximum age. `success`
 * and `partial` reports count as a backup taken; a `failed` one does not reset the clock.
 */
export function isBackupOverdue(backup: BackupState, now: number): boolean {
  if (!backup.expected) return false;
  const maxAgeDays = backup.maxAgeDays ?? DEFAULT_BACKUP_MAX_AGE_DAYS;
  return backup.lastTakenAt === null || now - backup.lastTakenAt > maxAgeDays * DAY_MS;
}
