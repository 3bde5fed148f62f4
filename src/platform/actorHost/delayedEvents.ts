/**
 * Delayed events of entities (XState `after` transitions, delayed `raise`): what a step asks to
 * schedule or cancel, kept per entity with its due time so they can be persisted with the entity
 * and armed again at start.
 */
import type { EventObject } from 'xstate';
import type { StepAction } from './machineStep.js';

/** A delayed event an entity waits for. `dueAt` is epoch ms of the scheduler's clock. */
export interface PendingTimer {
  /** XState's send id (`xstate.after.<delay>.<state>` for `after` transitions). */
  readonly id: string;
  readonly event: EventObject;
  readonly dueAt: number;
}

export type PendingTimers = readonly PendingTimer[];

export const NO_TIMERS: PendingTimers = Object.freeze([]) as PendingTimers;

const RAISE = 'xstate.raise';
const CANCEL = 'xstate.cancel';

interface RaiseParams {
  readonly event: EventObject;
  readonly id?: string;
  readonly delay?: number;
}

/** True for the actions the host handles itself (scheduling), not through the entity's I/O. */
export function isTimerAction(action: StepAction): boolean {
  return action.type === RAISE || action.type === CANCEL;
}

/**
 * The timers an entity waits for after a step: `current` with the step's cancels removed and its
 * delayed raises added (a raise with the id of a pending timer replaces it). Returns `current`
 * itself when the step changes none.
 */
export function nextTimers(current: PendingTimers, actions: readonly StepAction[], now: number): PendingTimers {
  let timers = current;
  for (const action of actions) {
    if (action.type === CANCEL) {
      const sendId = (action.params as { sendId: string }).sendId;
      if (timers.some((t) => t.id === sendId)) timers = timers.filter((t) => t.id !== sendId);
    } else if (action.type === RAISE) {
      const params = action.params as RaiseParams;
      if (params.delay === undefined) continue;
      const id = params.id ?? `${params.event.type}@${now + params.delay}`;
      timers = [...timers.filter((t) => t.id !== id), { id, event: params.event, dueAt: now + params.delay }];
    }
  }
  return timers;
}
