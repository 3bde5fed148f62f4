/**
 * The service machine: the rules of one service's record, as a pure XState v5 definition. States
 * are the service statuses of SPEC.md; any status-carrying event (health push, agent sync, a
 * person's update) moves it to the reported status. A maintenance window (serviceMaintenance.ts)
 * is state of this machine too: while one is open the service shows MAINTENANCE and holds what is
 * reported; when it ends, the service moves to the held status. `persist`, `statusChanged`,
 * `reportHeld` and `backupRecorded` are named actions without behaviour here: the entity host runs them through the
 * service registry's I/O (src/core/services/serviceEffects.ts); tests step the machine with `transition()`
 * and assert the snapshot and the actions it asks for.
 */
import { assign, setup } from 'xstate';
import { SERVICE_STATUSES, type ServiceRecord, type ServiceStatus } from '../domain/service.js';
import { applyServiceEvent, reportedStatus, type ServiceEvent } from './serviceChanges.js';
import { enterMaintenance, heldAtStart, holdReport, leaveMaintenance, type ServiceMaintenance } from './serviceMaintenance.js';

/** The status a service was in before its last status change: what the change moved away from. */
export type PreviousStatus = Pick<ServiceRecord, 'status' | 'statusMessage' | 'statusSince' | 'statusSeq'>;

export interface ServiceContext {
  readonly record: ServiceRecord;
  /**
   * The status period the last status change ended. A loaded service has had no change yet: it
   * points at its record (no copy per service at start).
   */
  readonly previous: PreviousStatus;
  /** The open maintenance window; absent (or undefined) when there is none. */
  readonly maintenance?: ServiceMaintenance | undefined;
}

/** The status fields of `record`: what `previous` becomes when its status changes. */
const periodOf = ({ status, statusMessage, statusSince, statusSeq }: ServiceRecord): PreviousStatus => ({
  status,
  statusMessage,
  statusSince,
  statusSeq,
});

/** True for events that carry a status report (a status or a status message), which a window holds. */
function carriesReport(event: ServiceEvent): boolean {
  if (event.type === 'STATUS_REPORTED' || event.type === 'AGENT_SYNCED') return true;
  return event.type === 'UPDATED' && (event.changes.status != null || event.changes.statusMessage !== undefined);
}

const statusTransitions = [
  // During a window the report is held, not shown: no status change, no service.down for planned work.
  { guard: 'holdsReports' as const, actions: ['holdReport' as const, 'persist' as const, 'reportHeld' as const] },
  ...SERVICE_STATUSES.map((status) => ({
    guard: { type: 'movesTo' as const, params: { status } },
    target: `.${status}`,
    actions: ['changeStatus' as const, 'persist' as const, 'statusChanged' as const],
  })),
  { actions: ['apply' as const, 'persist' as const] },
];

const noIo = (_: { context: ServiceContext; event: ServiceEvent }) => undefined;

export const serviceMachine = setup({
  types: {} as { context: ServiceContext; events: ServiceEvent; input: ServiceRecord },
  actions: {
    apply: assign(({ context, event }) => ({ record: applyServiceEvent(context.record, event), previous: context.previous })),
    changeStatus: assign(({ context, event }) => {
      const { status, statusMessage, statusSince, statusSeq } = context.record;
      return { record: applyServiceEvent(context.record, event), previous: { status, statusMessage, statusSince, statusSeq } };
    }),
    holdReport: assign(({ context, event }) => {
      if (context.maintenance === undefined) return {};
      const { record, held } = holdReport(context.record, context.maintenance.held, event);
      return { record, maintenance: { windowId: context.maintenance.windowId, held } };
    }),
    openWindow: assign(({ context, event }) => {
      if (event.type !== 'MAINTENANCE_STARTED') return {};
      const { record } = context;
      return {
        record: enterMaintenance(record, event.reason, event.at),
        previous: record.status === 'MAINTENANCE' ? context.previous : periodOf(record),
        maintenance: { windowId: event.windowId, held: heldAtStart(record) },
      };
    }),
    closeWindow: assign(({ context, event }) => {
      const { record, maintenance } = context;
      if (event.type !== 'MAINTENANCE_ENDED' || maintenance === undefined) return {};
      return {
        record: leaveMaintenance(record, maintenance.held, event.at),
        previous: maintenance.held.status === record.status ? context.previous : periodOf(record),
        maintenance: undefined,
      };
    }),
    persist: noIo,
    statusChanged: noIo,
    reportHeld: noIo,
    backupRecorded: noIo,
  },
  guards: {
    holdsReports: ({ context, event }) => context.maintenance !== undefined && carriesReport(event),
    opensWindow: ({ context }) => context.maintenance === undefined,
    opensWindowInMaintenance: ({ context }) => context.maintenance === undefined && context.record.status === 'MAINTENANCE',
    closesWindow: ({ context, event }) => event.type === 'MAINTENANCE_ENDED' && context.maintenance?.windowId === event.windowId,
    closesWindowTo: ({ context, event }, params: { status: ServiceStatus }) =>
      event.type === 'MAINTENANCE_ENDED' &&
      context.maintenance?.windowId === event.windowId &&
      context.maintenance.held.status === params.status &&
      context.record.status !== params.status,
    movesTo: ({ context, event }, params: { status: ServiceStatus }) =>
      reportedStatus(event) === params.status && context.record.status !== params.status,
  },
}).createMachine({
  id: 'service',
  context: ({ input }) => ({ record: input, previous: input }),
  initial: 'UNKNOWN',
  states: { OPERATIONAL: {}, DEGRADED: {}, DOWN: {}, MAINTENANCE: {}, UNKNOWN: {} },
  on: {
    STATUS_REPORTED: statusTransitions,
    AGENT_SYNCED: statusTransitions,
    REGISTERED: { actions: ['apply', 'persist'] },
    STORAGE_REPORTED: { actions: ['apply', 'persist'] },
    BACKUP_REPORTED: { actions: ['apply', 'persist', 'backupRecorded'] },
    UPDATED: statusTransitions,
    REFERENCE_REMOVED: { actions: ['apply', 'persist'] },
    // A second window on the same service is refused by the command before it gets here; the machine ignores it.
    MAINTENANCE_STARTED: [
      { guard: 'opensWindowInMaintenance', actions: ['openWindow', 'persist'] },
      { guard: 'opensWindow', target: '.MAINTENANCE', actions: ['openWindow', 'persist', 'statusChanged'] },
    ],
    MAINTENANCE_ENDED: [
      ...SERVICE_STATUSES.map((status) => ({
        guard: { type: 'closesWindowTo' as const, params: { status } },
        target: `.${status}`,
        actions: ['closeWindow' as const, 'persist' as const, 'statusChanged' as const],
      })),
      { guard: 'closesWindow', actions: ['closeWindow', 'persist'] },
    ],
  },
});

export type ServiceMachine = typeof serviceMachine;
export type ServiceSnapshot = ReturnType<ServiceMachine['resolveState']>;

/** The snapshot of a service holding `record`, for creation and for loading from the database. */
export function snapshotFor(machine: ServiceMachine, record: ServiceRecord, maintenance?: ServiceMaintenance): ServiceSnapshot {
  return machine.resolveState({ value: record.status, context: contextOf(record, maintenance) });
}

const contextOf = (record: ServiceRecord, maintenance: ServiceMaintenance | undefined): ServiceSnapshot['context'] =>
  maintenance ? { record, previous: record, maintenance } : { record, previous: record };

/**
 * `snapshotFor` for many services at once (loading 100,000 at start): XState's `resolveState`
 * walks the machine for every call (state nodes, value, a new tags Set: a large share of start-up
 * at that size), although a
 * service's snapshot differs from another's in the same state only by its context. So the first
 * service in each state resolves it, and the others copy that snapshot with their own context:
 * the same object XState would make, field for field (the host compacts the shared parts anyway).
 */
export function createSnapshotMaker(machine: ServiceMachine): (record: ServiceRecord, maintenance?: ServiceMaintenance) => ServiceSnapshot {
  const resolved = new Map<ServiceStatus, ServiceSnapshot>();
  return (record, maintenance) => {
    const template = resolved.get(record.status);
    if (template === undefined) {
      const snapshot = snapshotFor(machine, record, maintenance);
      resolved.set(record.status, snapshot);
      return snapshot;
    }
    return { ...template, context: contextOf(record, maintenance) };
  };
}
