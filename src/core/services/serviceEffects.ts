/**
 * The I/O of the service machine's actions, run by the entity host after each step: stage the
 * service's rows in the batch writer and announce domain events once they commit.
 */
import type { ServiceRef } from '../coreEvents.js';
import type { EventBus } from '../../platform/events/eventBus.js';
import { emitOnCommit } from '../../platform/events/emitOnCommit.js';
import { externalIdOf, type ServiceRecord } from '../domain/service.js';
import type { BatchWriter } from '../../platform/persistence/batchWriter.js';
import { intervalRow, serviceStatusRow, serviceToRow } from '../storage/serviceRows.js';
import { backupReportsTable, iso, serviceStatusTable, servicesTable, statusIntervalsTable } from '../storage/tables.js';
import type { Effect } from '../../platform/actorHost/entityHost.js';
import type { ServiceEvent } from './serviceChanges.js';
import type { ServiceSnapshot } from './serviceMachine.js';

export function refOf(record: ServiceRecord): ServiceRef {
  return { id: record.id, name: record.name, path: externalIdOf(record) };
}

export interface ServiceEffectPorts {
  readonly writer: BatchWriter;
  readonly bus: EventBus;
  readonly newId: () => string;
}

type ServiceEffect = Effect<ServiceSnapshot, ServiceEvent>;

/** Events that change only the status columns of a service. */
const STATUS_ONLY = new Set<ServiceEvent['type']>(['STATUS_REPORTED', 'MAINTENANCE_STARTED', 'MAINTENANCE_ENDED']);

export function serviceEffects(
  ports: ServiceEffectPorts,
): Record<'persist' | 'statusChanged' | 'reportHeld' | 'backupRecorded', ServiceEffect> {
  const { writer, bus } = ports;
  return {
    // A status report changes the status columns only: the hot path writes those, not all 33.
    persist: ({ before, after, event }) => {
      if (STATUS_ONLY.has(event.type)) {
        writer.upsert(serviceStatusTable, serviceStatusRow(after.context.record));
        return;
      }
      writer.upsert(servicesTable, serviceToRow(after.context.record));
      // Whoever watches backup freshness (the SLA plugin's overdue alerts) learns of a new policy.
      const was = before.context.record.backup;
      const is = after.context.record.backup;
      if (was.expected !== is.expected || was.maxAgeDays !== is.maxAgeDays) {
        emitOnCommit(writer, bus, {
          type: 'service.backup_policy_changed',
          service: refOf(after.context.record),
          expected: is.expected,
          maxAgeDays: is.maxAgeDays,
          at: event.at,
          origin: event.origin,
        });
      }
    },
    // The held report belongs to the window (a plugin's row): its staged handler writes it in this batch.
    reportHeld: ({ after, event }) => {
      const { record, maintenance } = after.context;
      if (maintenance === undefined) return;
      emitOnCommit(writer, bus, {
        type: 'service.report_held',
        service: refOf(record),
        windowId: maintenance.windowId,
        status: maintenance.held.status,
        message: maintenance.held.message,
        at: event.at,
        origin: event.origin,
      });
    },
    statusChanged: ({ after, event }) => {
      const { previous, record } = after.context;
      writer.upsert(
        statusIntervalsTable,
        intervalRow(record.id, previous.statusSeq, previous.status, previous.statusMessage, previous.statusSince, record.statusSince),
      );
      writer.upsert(
        statusIntervalsTable,
        intervalRow(record.id, record.statusSeq, record.status, record.statusMessage, record.statusSince, null),
      );
      emitOnCommit(writer, bus, {
        type: 'service.status_changed',
        service: refOf(record),
        previousStatus: previous.status,
        status: record.status,
        message: record.statusMessage,
        at: event.at,
        origin: event.origin,
      });
    },
    backupRecorded: ({ after, event }) => {
      if (event.type !== 'BACKUP_REPORTED') return;
      const { record } = after.context;
      writer.insert(backupReportsTable, {
        id: ports.newId(),
        service_id: record.id,
        status: event.report.status,
        size_bytes: event.report.sizeBytes,
        message: event.report.message,
        mode: event.report.mode,
        reported_at: iso(event.at),
      });
      emitOnCommit(writer, bus, {
        type: 'backup.recorded',
        service: refOf(record),
        status: event.report.status,
        sizeBytes: event.report.sizeBytes,
        message: event.report.message,
        at: event.at,
        origin: event.origin,
      });
    },
  };
}
