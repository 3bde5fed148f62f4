/**
 * Stepping an XState v5 machine as a pure function over snapshots, without an `Actor` per entity.
 *
 * XState's own `transition(machine, snapshot, event)` is that function, but it builds a throwaway
 * actor (and actor system) on every call, which costs several times the step itself. A
 * `MachineStepper` builds that inert scope once per machine and reuses it, which makes a step cost
 * what the machine's own work costs (bench/README.md, ingest and memory). Actions are collected, never executed here: the host runs them
 * through its injected I/O.
 */
import { createActor, type AnyMachineSnapshot, type AnyStateMachine, type EventObject } from 'xstate';

/** An action a step asks for: its type and resolved params, as XState hands it to an executor. */
export interface StepAction {
  readonly type: string;
  readonly params: unknown;
}

export interface Step<S extends AnyMachineSnapshot> {
  readonly next: S;
  readonly actions: readonly StepAction[];
}

export interface MachineStepper<S extends AnyMachineSnapshot, E extends EventObject> {
  /** The snapshot after `event`, and the actions the transition asked for, in order. */
  step(snapshot: S, event: E): Step<S>;
}

/** Scope fields XState's inert scope has; the stepper's executor collects instead of running. */
interface InertScope {
  self: unknown;
  system: unknown;
  id: string;
  sessionId: string;
  defer(fn: () => void): void;
  logger(...args: unknown[]): void;
  stopChild(child: unknown): void;
  emit(event: unknown): void;
  actionExecutor(action: StepAction): void;
}

export function createMachineStepper<M extends AnyStateMachine>(
  machine: M,
): MachineStepper<ReturnType<M['resolveState']>, Parameters<M['transition']>[1]> {
  const self = createActor(machine);
  let collected: StepAction[] = [];
  const scope: InertScope = {
    self,
    system: self.system,
    id: '',
    sessionId: '',
    defer: () => undefined,
    logger: () => undefined,
    stopChild: () => undefined,
    emit: () => undefined,
    actionExecutor: (action) => {
      collected.push({ type: action.type, params: action.params });
    },
  };
  return {
    step(snapshot, event) {
      collected = [];
      const next = machine.transition(snapshot, event, scope as never) as ReturnType<M['resolveState']>;
      return { next, actions: collected };
    },
  };
}
