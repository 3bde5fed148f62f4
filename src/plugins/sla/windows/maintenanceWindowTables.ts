/** The `maintenance_windows` table as the batch writer sees it, and the mapping of its rows. */
import type { ServiceStatus } from '../../../core/domain/service.js';
import type { HeldReport } from '../../../core/services/serviceMaintenance.js';
import type { Row, TableSpec } from '../../../platform/persistence/batchWriter.js';
import { patchSpec } from '../../../platform/persistence/tableSpec.js';
import { cols, epoch, iso, textOrNull as str } from '../../../core/storage/tables.js';
import type { MaintenanceWindow, WindowActor, WindowEnd } from './maintenanceWindow.js';

export const maintenanceWindowsTable: TableSpec = {
  name: 'maintenance_windows',
  key: ['id'],
  // After services (20): a window refers to its service.
  order: 560,
  mode: 'upsert',
  columns: cols({
    id: 'uuid',
    service_id: 'uuid',
    reason: 'text',
    started_at: 'timestamptz',
    expected_end_at: 'timestamptz',
    ended_at: 'timestamptz',
    ended_by: 'text',
    created_via: 'text',
    created_by: 'uuid',
    ended_via: 'text',
    ended_by_user: 'uuid',
    deleted_at: 'timestamptz',
    deleted_via: 'text',
    deleted_by: 'uuid',
    held_status: 'text',
    held_message: 'text',
  }),
};

/** What the service reported while the window shows it as MAINTENANCE: written on every held report. */
export const heldReportPatch: TableSpec = patchSpec(maintenanceWindowsTable, ['held_status', 'held_message']);

/** The window's own columns (not the held report, which its service's actor keeps current). */
export const windowPatch: TableSpec = patchSpec(
  maintenanceWindowsTable,
  ['ended_at', 'ended_by', 'ended_via', 'ended_by_user', 'deleted_at', 'deleted_via', 'deleted_by'],
  maintenanceWindowsTable.order! + 2,
);

const via = (actor: WindowActor | null) => (actor === null ? null : actor.kind);
const userOf = (actor: WindowActor | null) => (actor?.kind === 'user' ? actor.userId : null);
const actorOf = (kind: unknown, userId: unknown): WindowActor | null =>
  kind === 'user' ? { kind: 'user', userId: String(userId) } : kind === 'api_key' ? { kind: 'api_key' } : null;

export function windowRow(w: MaintenanceWindow, held: HeldReport): Row {
  return {
    ...windowEndRow(w),
    service_id: w.serviceId,
    reason: w.reason,
    started_at: iso(w.startedAt),
    expected_end_at: iso(w.expectedEndAt),
    created_via: via(w.createdBy),
    created_by: userOf(w.createdBy),
    held_status: held.status,
    held_message: held.message,
  };
}

export function windowEndRow(w: MaintenanceWindow): Row {
  return {
    id: w.id,
    ended_at: iso(w.endedAt),
    ended_by: w.endedBy,
    ended_via: via(w.endedByActor),
    ended_by_user: userOf(w.endedByActor),
    deleted_at: iso(w.deletedAt),
    deleted_via: via(w.deletedBy),
    deleted_by: userOf(w.deletedBy),
  };
}

export function heldReportRow(windowId: string, held: HeldReport): Row {
  return { id: windowId, held_status: held.status, held_message: held.message };
}

/** Rows are the product's own writes: the enums are trusted as stored. */
export function rowToWindow(r: Record<string, unknown>): MaintenanceWindow {
  return {
    id: String(r['id']),
    serviceId: String(r['service_id']),
    reason: str(r['reason']),
    startedAt: epoch(r['started_at'])!,
    expectedEndAt: epoch(r['expected_end_at']),
    endedAt: epoch(r['ended_at']),
    endedBy: str(r['ended_by']) as WindowEnd | null,
    createdBy: actorOf(r['created_via'], r['created_by']) ?? { kind: 'api_key' },
    endedByActor: actorOf(r['ended_via'], r['ended_by_user']),
    deletedAt: epoch(r['deleted_at']),
    deletedBy: actorOf(r['deleted_via'], r['deleted_by']),
  };
}

export function rowToHeld(r: Record<string, unknown>): HeldReport {
  return { status: String(r['held_status']) as ServiceStatus, message: str(r['held_message']) };
}
