/**
 * The service actor: one per service, the single writer of its record. States are the service
 * statuses of SPEC.md; any status-carrying event (health push, agent sync, a person's update) moves the actor to the
 * reported status. The machine is a pure definition: `persist`, `statusChanged` and
 * `backupRecorded` are I/O supplied with `provide` by the registry (tests supply recorders).
 */
import { assign, setup } from 'xstate';
import { SERVICE_STATUSES, type ServiceRecord, type ServiceStatus } from '../domain/service.js';
import { applyServiceEvent, reportedStatus, type ServiceEvent } from './serviceChanges.js';

export interface ServiceContext {
  readonly record: ServiceRecord;
  /** The record before the last event: what a status change moved away from. */
  readonly previous: ServiceRecord;
}

const statusTransitions = [
  ...SERVICE_STATUSES.map((status) => ({
    guard: { type: 'movesTo' as const, params: { status } },
    target: `.${status}`,
    actions: ['apply' as const, 'persist' as const, 'statusChanged' as const],
  })),
  { actions: ['apply' as const, 'persist' as const] },
];

export const serviceMachine = setup({
  types: {} as { context: ServiceContext; events: ServiceEvent; input: ServiceRecord },
  actions: {
    apply: assign(({ context, event }) => ({ record: applyServiceEvent(context.record, event), previous: context.record })),
    persist: (_: { context: ServiceContext; event: ServiceEvent }) => undefined,
    statusChanged: (_: { context: ServiceContext; event: ServiceEvent }) => undefined,
    backupRecorded: (_: { context: ServiceContext; event: ServiceEvent }) => undefined,
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

/** The snapshot of an actor holding `record`, for creation and for hydration from the database. */
export function snapshotFor(machine: ServiceMachine, record: ServiceRecord) {
  return machine.resolveState({ value: record.status, context: { record, previous: record } });
}
