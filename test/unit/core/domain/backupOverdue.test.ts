import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isBackupOverdue } from '../../../../src/core/domain/backup.js';
import { NO_BACKUP } from '../../../../src/core/domain/service.js';

const DAY = 86_400_000;
const now = Date.parse('2026-06-01T00:00:00Z');

describe('backup overdue', () => {
  it('is never overdue when backups are not expected', () => {
    assert.equal(isBackupOverdue(NO_BACKUP, now), false);
  });
  it('is overdue when a backup is expected and none was ever taken', () => {
    assert.equal(isBackupOverdue({ ...NO_BACKUP, expected: true }, now), true);
  });
  it('is not overdue at exactly the maximum age, and overdue just past it', () => {
    const backup = { ...NO_BACKUP, expected: true, maxAgeDays: 2 };
    assert.equal(isBackupOverdue({ ...backup, lastTakenAt: now - 2 * DAY }, now), false);
    assert.equal(isBackupOverdue({ ...backup, lastTakenAt: now - 2 * DAY - 1 }, now), true);
  });
  it('uses one day when no maximum age is declared', () => {
    const backup = { ...NO_BACKUP, expected: true };
    assert.equal(isBackupOverdue({ ...backup, lastTakenAt: now - DAY }, now), false);
    assert.equal(isBackupOverdue({ ...backup, lastTakenAt: now - DAY - 1 }, now), true);
  });
});
