/**
 * A workflow (data, src/plugins/ticketing/ticketContract.ts) compiled into an XState v5 machine for the
 * ticket actors: one machine state per workflow state, one guarded `TRANSITION` per workflow
 * transition leaving it (`*` leaves every state that is not CLOSED), and in every state the ticket's
 * other events (ASSIGN, UPDATE, PAUSE_SLA, RESUME_SLA, DELETE, RESTORE, BREACH, ARM). The actions
 * are the clock rules of ticketClocks.ts, given the state's category as static params, so the
 * machine needs no per-ticket closure; `rearm` keeps the one breach timer (a delayed raise the
 * actor host persists and re-arms) at the earliest due time; `changed` is the I/O the registry runs
 * (rows, history, events).
 *
 * Compiled machines are cached per workflow name and version (a hash of the definition), so a
 * workflow changed by a template import compiles again while tickets on the old one keep theirs.
 */
import { assign, enqueueActions, setup, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import type { Origin } from '../../../platform/events/domainEvents.js';
import type {
  BusinessCalendar,
  Impact,
  Priority,
  ResolutionTargets,
  StatusCategory,
  Urgency,
  WorkflowDefinition,
  WorkflowTransition,
} from '../ticketContract.js';
import { alignPause, assigned, breachedAt, moved, nextBreachDue, retargeted } from './ticketClocks.js';
import type { TicketData } from './ticketData.js';

interface EventBase {
  /** Epoch ms of the injected clock. */
  readonly at: number;
  /** Who acted; null for the scheduler and the system. */
  readonly actorId: string | null;
  readonly origin: Origin;
}

export interface TicketChanges {
  readonly title?: string;
  readonly description?: string | null;
  readonly impact?: Impact;
  readonly urgency?: Urgency;
  readonly priority?: Priority;
}

export type TicketEvent =
  | (EventBase & { readonly type: 'ARM' })
  | (EventBase & { readonly type: 'TRANSITION'; readonly name: string })
  | (EventBase & { readonly type: 'ASSIGN'; readonly assigneeId: string | null; readonly groupId: string | null })
  /** `targets`: set when the priority changed (the clocks are retargeted). */
  | (EventBase & { readonly type: 'UPDATE'; readonly changes: TicketChanges; readonly targets: ResolutionTargets | null })
  | (EventBase & { readonly type: 'PAUSE_SLA' })
  | (EventBase & { readonly type: 'RESUME_SLA' })
  | (EventBase & { readonly type: 'DELETE' })
  | (EventBase & { readonly type: 'RESTORE' })
  | (EventBase & { readonly type: 'BREACH' });

export type TicketSnapshot = AnyMachineSnapshot & { readonly value: string; readonly context: TicketData };

/** What the breach timer holds (the host builds the delivered event with its time): one shared object. */
export const BREACH_TIMER_EVENT: TicketEvent = Object.freeze({ type: 'BREACH', at: 0, actorId: null, origin: 'timer' });

/** The breach timer's send id: one armed per ticket, named by its due time. */
export const breachTimerId = (due: number) => `breach@${due}`;

export interface CalendarSource {
  calendar(name: string | null): BusinessCalendar;
}

export interface CompiledWorkflow {
  readonly key: string;
  readonly definition: WorkflowDefinition;
  readonly machine: AnyStateMachine;
  categoryOf(state: string): StatusCategory | undefined;
  /** The transitions that leave `state`, in definition order. */
  transitionsFrom(state: string): readonly WorkflowTransition[];
  transition(name: string): WorkflowTransition | undefined;
  /** The snapshot of a ticket in `state` (a state the workflow must have). */
  snapshot(state: string, data: TicketData): TicketSnapshot;
}

interface CategoryParams {
  readonly category: StatusCategory;
}
interface MoveParams {
  readonly from: StatusCategory;
  readonly to: StatusCategory;
}

/** Keys by definition object: definitions are replaced whole, never edited in place, and a key is worth computing once. */
const keys = new WeakMap<WorkflowDefinition, string>();

export function workflowKey(definition: WorkflowDefinition): string {
  let key = keys.get(definition);
  if (key === undefined) {
    key = hashKey(definition);
    keys.set(definition, key);
  }
  return key;
}

function hashKey(definition: WorkflowDefinition): string {
  const text = JSON.stringify(definition);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return `${definition.name}@${(hash >>> 0).toString(16)}`;
}

export function compileWorkflow(definition: WorkflowDefinition, calendars: CalendarSource): CompiledWorkflow {
  const categories = new Map(definition.states.map((s) => [s.name, s.category]));
  const calendarOf = (data: TicketData) => calendars.calendar(data.calendarName);
  const leaving = (state: string): WorkflowTransition[] =>
    definition.transitions.filter((t) => t.from.includes(state) || (t.from.includes('*') && categories.get(state) !== 'CLOSED'));

  const machineSetup = setup({
    types: {} as { context: TicketData; events: TicketEvent; input: TicketData },
    guards: {
      named: ({ event }, params: { name: string }) => event.type === 'TRANSITION' && event.name === params.name,
    },
    actions: {
      moved: assign(({ context, event }, params: unknown) =>
        moved(context, (params as MoveParams).from, (params as MoveParams).to, calendarOf(context), event.at),
      ),
      assigned: assign(({ context, event }) =>
        event.type === 'ASSIGN' ? assigned(context, event.assigneeId, event.groupId, calendarOf(context), event.at) : context,
      ),
      updated: assign(({ context, event }) => {
        if (event.type !== 'UPDATE') return context;
        const next: TicketData = { ...context, ...event.changes, updatedAt: event.at };
        return event.targets === null ? next : retargeted(next, event.targets, calendarOf(context), event.at);
      }),
      paused: assign(({ context, event }, params: unknown) =>
        alignPause(
          { ...context, slaPaused: true, updatedAt: event.at },
          (params as CategoryParams).category,
          calendarOf(context),
          event.at,
        ),
      ),
      resumed: assign(({ context, event }, params: unknown) =>
        alignPause(
          { ...context, slaPaused: false, updatedAt: event.at },
          (params as CategoryParams).category,
          calendarOf(context),
          event.at,
        ),
      ),
      deleted: assign(({ context, event }) => ({ ...context, deletedAt: event.at, updatedAt: event.at })),
      restored: assign(({ context, event }) => ({ ...context, deletedAt: null, updatedAt: event.at })),
      breached: assign(({ context, event }) => breachedAt(context, calendarOf(context), event.at)),
      rearm: enqueueActions(({ context, event, enqueue }) => {
        // A deleted ticket's clocks keep their state but nothing is announced for it.
        const due = context.deletedAt === null ? nextBreachDue(context, calendarOf(context)) : null;
        if (due === context.timerDue) return;
        if (context.timerDue !== null) enqueue.cancel(breachTimerId(context.timerDue));
        if (due !== null) enqueue.raise(BREACH_TIMER_EVENT, { id: breachTimerId(due), delay: Math.max(0, due - event.at) });
        enqueue.assign({ timerDue: due });
      }),
      changed: () => undefined,
    },
  });

  const states: Record<string, unknown> = {};
  for (const state of definition.states) {
    const category = state.category;
    const withCategory = (type: string) => ({ actions: [{ type, params: { category } }, 'rearm', 'changed'] });
    states[state.name] = {
      on: {
        TRANSITION: leaving(state.name).map((t) => ({
          guard: { type: 'named', params: { name: t.name } },
          target: t.to,
          actions: [{ type: 'moved', params: { from: category, to: categories.get(t.to)! } }, 'rearm', 'changed'],
        })),
        ASSIGN: { actions: ['assigned', 'rearm', 'changed'] },
        UPDATE: { actions: ['updated', 'rearm', 'changed'] },
        PAUSE_SLA: withCategory('paused'),
        RESUME_SLA: withCategory('resumed'),
        DELETE: { actions: ['deleted', 'rearm', 'changed'] },
        RESTORE: { actions: ['restored', 'rearm', 'changed'] },
        BREACH: { actions: ['breached', 'rearm', 'changed'] },
        ARM: { actions: ['rearm', 'changed'] },
      },
    };
  }
  const machine = machineSetup.createMachine({
    id: `ticket:${definition.name}`,
    context: ({ input }: { input: TicketData }) => input,
    initial: definition.initialState,
    states,
  } as never) as unknown as AnyStateMachine;

  const templates = new Map<string, TicketSnapshot>();
  return {
    key: workflowKey(definition),
    definition,
    machine,
    categoryOf: (s) => categories.get(s),
    transitionsFrom: leaving,
    transition: (name) => definition.transitions.find((t) => t.name === name),
    snapshot(state, data) {
      // Resolving a state configuration walks the machine; a ticket's snapshot differs from another in
      // the same state only by its context, so hydration copies one resolved per state instead.
      let template = templates.get(state);
      if (!template) {
        template = machine.resolveState({ value: state, context: data }) as TicketSnapshot;
        templates.set(state, template);
      }
      return { ...template, context: data } as TicketSnapshot;
    },
  };
}
