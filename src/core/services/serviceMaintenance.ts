/**
 * A maintenance window as state of the service's actor (pure, no I/O, no clock).
 *
 * While a window is open the service *shows* MAINTENANCE: that is the status subscribers, webhooks,
 * the dashboard and the status intervals see, so planned work raises no `service.down`. Reports that
 * arrive meanwhile are not lost: the actor holds the last reported status and message, and when
 * the window ends the service moves to that held status (a status change like any other, with its
 * interval and events). Everything else a report carries (workload fields, replicas) applies at once.
 */
import type { ServiceRecord, ServiceStatus } from '../domain/service.js';
import { applyServiceEvent, reportedStatus, type ServiceEvent } from './serviceChanges.js';

/** What the service reported last, held while a window shows MAINTENANCE. */
export interface HeldReport {
  readonly status: ServiceStatus;
  readonly message: string | null;
}

/** The open window a service is in. */
export interface ServiceMaintenance {
  readonly windowId: string;
  readonly held: HeldReport;
}

/** The record once a window opens: MAINTENANCE, with the window's reason as the status message. */
export function enterMaintenance(record: ServiceRecord, reason: string | null, at: number): ServiceRecord {
  const next = { ...record, statusMessage: reason, updatedAt: at };
  if (record.status === 'MAINTENANCE') return next;
  return { ...next, status: 'MAINTENANCE', statusSince: at, statusSeq: record.statusSeq + 1 };
}

/** What the service reported before the window opened: the status it goes back to if nothing else is reported. */
export function heldAtStart(record: ServiceRecord): HeldReport {
  return { status: record.status, message: record.statusMessage };
}

/**
 * A status-carrying event during a window: every field it sets applies, except the shown status
 * and message, which stay the window's; the reported ones replace the held ones (a person's update
 * may carry only one of the two: the other stays held as it was).
 */
export function holdReport(
  record: ServiceRecord,
  held: HeldReport,
  event: ServiceEvent,
): { readonly record: ServiceRecord; readonly held: HeldReport } {
  const applied = applyServiceEvent(record, event);
  const carriesMessage = event.type !== 'UPDATED' || event.changes.statusMessage !== undefined;
  return {
    record: {
      ...applied,
      status: record.status,
      statusMessage: record.statusMessage,
      statusSince: record.statusSince,
      statusSeq: record.statusSeq,
    },
    held: { status: reportedStatus(event) ?? held.status, message: carriesMessage ? applied.statusMessage : held.message },
  };
}

/** The record once the window ends: the held status and message, a new status period when the status moves. */
export function leaveMaintenance(record: ServiceRecord, held: HeldReport, at: number): ServiceRecord {
  const next = { ...record, statusMessage: held.message, updatedAt: at };
  if (held.status === record.status) return next;
  return { ...next, status: held.status, statusSince: at, statusSeq: record.statusSeq + 1 };
}

/**
 * The service as its reports see it: during a window, the held status and message instead of the
 * shown ones, so a report that repeats what is held changes nothing (and is not written again).
 */
export function reportedView(record: ServiceRecord, maintenance: ServiceMaintenance | undefined): ServiceRecord {
  return maintenance === undefined ? record : { ...record, status: maintenance.held.status, statusMessage: maintenance.held.message };
}
