/**
 * BACKUP_OVERDUE alerts. A service that expects backups and whose last successful (or partial)
 * backup is older than its maximum age gets one alert, resolved by its next successful backup,
 * by its backups no longer being expected, or by its deletion (domain/backup.ts is the rule, so the
 * alert and the `backupOverdue` flag of the service and of group members always agree).
 *
 * Time: each fresh service's deadline (when it turns overdue) waits in a DeadlineQueue on the
 * injected clock, so the alert is raised at that instant with no traffic at all. The deadlines are
 * not stored: they follow from the services' persisted backup state, so `start` re-arms them all
 * from the fleet (and raises at once what fell overdue while the server was down).
 *
 * Changes: `check` runs in the batch of a backup report or a service's creation (staged bus
 * handlers), so the alert is raised or resolved in the same commit. A timer's raise commits on
 * its own; if that commit fails, the service is checked again a minute later.
 */
import type { ServiceRegistry } from '../../../core/fleet/serviceRegistry.js';
import type { Clock } from '../../../platform/scheduler/index.js';
import type { Origin } from '../../../platform/events/domainEvents.js';
import type { Logger } from '../../../platform/log/logger.js';
import type { BatchWriter } from '../../../platform/persistence/batchWriter.js';
import type { ServiceRecord } from '../../../core/domain/service.js';
import { DEFAULT_BACKUP_MAX_AGE_DAYS } from '../../../core/domain/backup.js';
import { backupVerdict, conditionKey } from './alertRules.js';
import type { AlertStore } from './alertStore.js';
import { DeadlineQueue } from './deadlineQueue.js';

export const BACKUP_RETRY_AFTER_FAILED_COMMIT_MS = 60_000;

export interface BackupWatchDeps {
  readonly services: Pick<ServiceRegistry, 'get' | 'all'>;
  readonly alerts: AlertStore;
  readonly writer: BatchWriter;
  readonly clock: Clock;
  readonly logger: Logger;
  /**
   * Cluster mode (docs/adr/0071): whether this instance owns the service's shard. A deadline due here for a service
   * owned elsewhere raises nothing (its owner's does) and looks again a minute later, in case the shard came here.
   * @default every service (one process)
   */
  readonly owns?: (serviceId: string) => boolean;
}

export class BackupWatch {
  private readonly deadlines: DeadlineQueue;

  constructor(private readonly deps: BackupWatchDeps) {
    this.deadlines = new DeadlineQueue(deps.clock, (serviceId) => this.due(serviceId));
  }

  /**
   * Checks every service now (raising what is overdue) and arms the deadlines of the rest. Only a
   * service that expects backups can be overdue or have a deadline; checking any other (most of a
   * fleet: 100,000 alert lookups at start, before /ready) can only resolve an alert it still holds,
   * so those are found from the active alerts instead, with the alerts of services gone while the
   * server was down.
   */
  start(): void {
    const now = this.deps.clock.now();
    const owns = this.deps.owns ?? (() => true);
    for (const service of this.deps.services.all()) {
      if (!service.backup.expected) continue;
      if (owns(service.id)) this.check(service, now, 'timer');
      else {
        // Owned elsewhere: armed all the same, so that the deadline is here when the shard comes (due() asks again).
        const verdict = backupVerdict(service.backup, now);
        this.deadlines.set(service.id, verdict.state === 'fresh' ? verdict.overdueAt : now + BACKUP_RETRY_AFTER_FAILED_COMMIT_MS);
      }
    }
    this.deps.alerts.resolveWhere(
      (a) => {
        if (a.kind !== 'BACKUP_OVERDUE' || a.serviceId === null || !owns(a.serviceId)) return false;
        const service = this.deps.services.get(a.serviceId);
        return (
          service === undefined ||
          (!service.backup.expected && a.conditionKey === conditionKey({ kind: 'BACKUP_OVERDUE', serviceId: a.serviceId }))
        );
      },
      now,
      'timer',
    );
    this.deadlines.start();
  }

  stop(): void {
    this.deadlines.stop();
  }

  /** When the service's backup next turns overdue (tests and diagnostics). */
  deadlineOf(serviceId: string): number | undefined {
    return this.deadlines.dueAt(serviceId);
  }

  /** Staged: brings the service's alert and deadline in line with its backup state at `now`. */
  check(service: ServiceRecord, now: number, origin: Origin): void {
    const verdict = backupVerdict(service.backup, now);
    const condition = { kind: 'BACKUP_OVERDUE' as const, serviceId: service.id };
    switch (verdict.state) {
      case 'not-expected':
        this.deadlines.delete(service.id);
        this.deps.alerts.resolve(condition, now, origin);
        return;
      case 'fresh':
        this.deadlines.set(service.id, verdict.overdueAt);
        this.deps.alerts.resolve(condition, now, origin);
        return;
      case 'overdue': {
        this.deadlines.delete(service.id);
        const { backup } = service;
        const maxAgeDays = backup.maxAgeDays ?? DEFAULT_BACKUP_MAX_AGE_DAYS;
        this.deps.alerts.raise(
          condition,
          {
            groupName: service.slaGroup,
            message:
              backup.lastTakenAt === null
                ? `${service.name} expects a backup at least every ${maxAgeDays} day(s) and none has been reported`
                : `${service.name}'s last successful backup (${new Date(backup.lastTakenAt).toISOString()}) is older than ${maxAgeDays} day(s)`,
            details: {
              lastBackupAt: backup.lastTakenAt === null ? null : new Date(backup.lastTakenAt).toISOString(),
              lastBackupStatus: backup.lastStatus,
              backupMaxAgeDays: maxAgeDays,
            },
          },
          now,
          origin,
        );
        return;
      }
    }
  }

  /** Staged: the service is gone. */
  forget(serviceId: string, now: number, origin: Origin): void {
    this.deadlines.delete(serviceId);
    this.deps.alerts.resolve({ kind: 'BACKUP_OVERDUE', serviceId }, now, origin);
  }

  private due(serviceId: string): void {
    const service = this.deps.services.get(serviceId);
    if (!service) return;
    const now = this.deps.clock.now();
    if (this.deps.owns && !this.deps.owns(serviceId)) {
      this.deadlines.set(serviceId, now + BACKUP_RETRY_AFTER_FAILED_COMMIT_MS);
      return;
    }
    this.check(service, now, 'timer');
    this.deps.writer.committed().catch((error: unknown) => {
      this.deps.logger.warn('recording an overdue backup failed; checking the service again in a minute', { serviceId, error });
      this.deadlines.set(serviceId, this.deps.clock.now() + BACKUP_RETRY_AFTER_FAILED_COMMIT_MS);
    });
  }
}
