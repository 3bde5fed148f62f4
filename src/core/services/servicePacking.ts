/**
 * What the entity host keeps of a service (docs/adr/0082): its record alone, when the snapshot is the one the machine
 * has for that record at rest (in the state of its status, no maintenance window open), else the whole snapshot. A
 * million services at rest then cost no snapshot object and no context each (184 bytes a service).
 *
 * `previous` (the status period the last change ended) is not kept: a rebuilt snapshot points it at the record, as a
 * loaded service's does. Only the step that changes the status reads it (its `statusChanged` effect gets that step's
 * snapshot, not a rebuilt one), and every step that changes the status sets it first; while a window is open the whole
 * snapshot is kept, so a window's end still finds what its start left there.
 */
import type { SnapshotPacking } from '../../platform/actorHost/snapshotPacking.js';
import type { ServiceRecord } from '../domain/service.js';
import type { ServiceMaintenance } from './serviceMaintenance.js';
import { createSnapshotMaker, type ServiceMachine, type ServiceSnapshot } from './serviceMachine.js';

/** A service as the host keeps it: the record at rest, or a snapshot that holds more. */
export type KeptService = ServiceRecord | ServiceSnapshot;

const isSnapshot = (kept: KeptService): kept is ServiceSnapshot => 'machine' in kept;

/** The record of a kept service, without rebuilding its snapshot. */
export const recordOfKept = (kept: KeptService): ServiceRecord => (isSnapshot(kept) ? kept.context.record : kept);

/** The open maintenance window of a kept service (a service at rest has none). */
export const maintenanceOfKept = (kept: KeptService | undefined): ServiceMaintenance | undefined =>
  kept !== undefined && isSnapshot(kept) ? kept.context.maintenance : undefined;

export function servicePacking(machine: ServiceMachine): SnapshotPacking<ServiceSnapshot, KeptService> {
  const snapshotOf = createSnapshotMaker(machine);
  return {
    pack(snapshot) {
      const { record, maintenance } = snapshot.context;
      const atRest = maintenance === undefined && snapshot.status === 'active' && snapshot.value === record.status;
      return atRest ? record : snapshot;
    },
    unpack: (kept) => (isSnapshot(kept) ? kept : snapshotOf(kept)),
  };
}
