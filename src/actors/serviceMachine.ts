/**
 * The service machine: the rules of one service's record, as a pure XState v5 definition. States
 * are the service statuses of SPEC.md; any status-carrying event (health push, agent sync, a
 * person's update) moves it to the reported status. `persist`, `statusChanged` and
 * `backupRecorded` are named actions without behaviour here: the entity host runs them through the
 * service registry's I/O (src/actors/serviceEffects.ts); tests step the machine with `transition()`
 * and assert the snapshot and the actions it asks for.
 */
import { assign, setup } from 'xstate';
import { SERVICE_STATUSES, type ServiceRecord, type ServiceStatus } from '../domain/service.js';
import { applyServiceEvent, reportedStatus, type ServiceEvent } from './serviceChanges.js';

/** The status a service was in before its last status change: what the change moved away from. */
export type PreviousStatus = Pick<ServiceRecord, 'status' | 'statusMessage' | 'statusSince' | 'statusSeq'>;

export interface ServiceContext {
  readonly record: ServiceRecord;
  /**
   * The status period the last status change ended. A loaded service has had no change yet: it
   * points at its record (no copy per service at start).
   */
  readonly previous: PreviousStatus;
}

const statusTransitions = [
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
    persist: noIo,
    statusChanged: noIo,
    backupRecorded: noIo,
  },
  guards: {
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
  },
});

export type ServiceMachine = typeof serviceMachine;
export type ServiceSnapshot = ReturnType<ServiceMachine['resolveState']>;

/** The snapshot of a service holding `record`, for creation and for loading from the database. */
export function snapshotFor(machine: ServiceMachine, record: ServiceRecord): ServiceSnapshot {
  return machine.resolveState({ value: record.status, context: { record, previous: record } });
}
