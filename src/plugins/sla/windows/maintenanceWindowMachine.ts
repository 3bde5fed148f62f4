/**
 * The maintenance window machine: one window's life as a pure XState v5 definition, an entity of the
 * actor host (DESIGN.md "Seams"). `idle` exists only to be opened: OPEN moves it to `active` and, when
 * the window has an `expectedEndAt`, arms the delayed EXPIRE (the host persists its due time with the
 * window's row and re-arms it at start, so the end survives a restart). STOP (a call, or a delete)
 * and EXPIRE end it. `opened` and `ended` are named actions without behaviour here: the registry runs
 * them (they move the service's actor and stage the window's rows).
 */
import { assign, cancel, raise, setup } from 'xstate';
import type { Origin } from '../../../platform/events/domainEvents.js';
import type { MaintenanceWindow, WindowActor } from './maintenanceWindow.js';

/** The send id of the delayed end: one per window. */
export const EXPIRY_TIMER = 'expiry';

interface EventBase {
  /** Epoch ms, from the injected clock. */
  readonly at: number;
  readonly origin: Origin;
}

export type MaintenanceWindowEvent =
  | (EventBase & { readonly type: 'OPEN' })
  | (EventBase & { readonly type: 'STOP'; readonly by: WindowActor; readonly deleting: boolean })
  | (EventBase & { readonly type: 'EXPIRE' });

export interface MaintenanceWindowContext {
  readonly window: MaintenanceWindow;
}

const noIo = (_: { context: MaintenanceWindowContext; event: MaintenanceWindowEvent }) => undefined;

export const maintenanceWindowMachine = setup({
  types: {} as { context: MaintenanceWindowContext; events: MaintenanceWindowEvent; input: MaintenanceWindow },
  actions: {
    stopped: assign(({ context, event }) => {
      if (event.type !== 'STOP') return {};
      const deleted = event.deleting ? { deletedAt: event.at, deletedBy: event.by } : {};
      return {
        window: {
          ...context.window,
          endedAt: event.at,
          endedBy: event.deleting ? ('delete' as const) : ('stop' as const),
          endedByActor: event.by,
          ...deleted,
        },
      };
    }),
    expired: assign(({ context, event }) => ({ window: { ...context.window, endedAt: event.at, endedBy: 'expiry' as const } })),
    opened: noIo,
    ended: noIo,
  },
  guards: {
    endsByItself: ({ context }) => context.window.expectedEndAt !== null,
  },
}).createMachine({
  id: 'maintenanceWindow',
  context: ({ input }) => ({ window: input }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        OPEN: [
          {
            guard: 'endsByItself',
            target: 'active',
            actions: [
              'opened',
              raise({ type: 'EXPIRE' } as MaintenanceWindowEvent, {
                id: EXPIRY_TIMER,
                // Due at expectedEndAt: the host adds the delay to the clock's now, which is the event's time.
                delay: ({ context, event }) => Math.max(0, context.window.expectedEndAt! - event.at),
              }),
            ],
          },
          { target: 'active', actions: ['opened'] },
        ],
      },
    },
    active: {
      on: {
        STOP: { target: 'ended', actions: ['stopped', cancel(EXPIRY_TIMER), 'ended'] },
        EXPIRE: { target: 'ended', actions: ['expired', 'ended'] },
      },
    },
    ended: {},
  },
});

export type MaintenanceWindowMachine = typeof maintenanceWindowMachine;
export type MaintenanceWindowSnapshot = ReturnType<MaintenanceWindowMachine['resolveState']>;

/** The snapshot of a window in `state`: `idle` for one about to open, `active` for one loaded at start. */
export function windowSnapshot(window: MaintenanceWindow, state: 'idle' | 'active'): MaintenanceWindowSnapshot {
  return maintenanceWindowMachine.resolveState({ value: state, context: { window } });
}
