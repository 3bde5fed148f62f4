/**
 * Open tickets as entities of the actor host, the single writer of each ticket. One host per
 * compiled workflow (a ticket's machine is its workflow's, workflowMachine.ts); a ticket is found
 * by asking the few hosts. A step's `changed` action stages the ticket's row (its snapshot and the
 * columns lists use), its status history and its domain events in the open batch, so they commit
 * together or not at all; a failed commit puts the actor back (the host tracks it).
 *
 * Residency: tickets in a CLOSED-category state leave memory once that state committed, and only
 * the others are loaded at start. A command on a closed ticket (a reopen) loads it again for the
 * time of the command (`ensureLoaded`, then `release`); reads of closed tickets go to the database.
 */
import { EntityHost, type EffectStep } from '../../../platform/actorHost/entityHost.js';
import { NO_TIMERS, type PendingTimers } from '../../../platform/actorHost/delayedEvents.js';
import type { Clock } from '../../../platform/scheduler/index.js';
import { emitOnCommit } from '../../../platform/events/emitOnCommit.js';
import type { EventBus } from '../../../platform/events/eventBus.js';
import type { BatchWriter } from '../../../platform/persistence/batchWriter.js';
import type {
  BusinessCalendar,
  StatusCategory,
  TicketChangeEvent,
  TicketEventKind,
  TicketingCatalogReader,
  TicketView,
  WorkflowDefinition,
  WorkflowStepRunner,
} from '../ticketContract.js';
import { newlyBreached, nextBreachDue, slaOf } from './ticketClocks.js';
import { toRecord, toView, type TicketData, type TicketRecord, type TicketSla } from './ticketData.js';
import { historyRow, ticketRow, ticketsTable, ticketStatusHistoryTable, type StoredTicket } from './ticketTables.js';
import {
  BREACH_TIMER_EVENT,
  breachTimerId,
  compileWorkflow,
  workflowKey,
  type CompiledWorkflow,
  type TicketEvent,
  type TicketSnapshot,
} from './workflowMachine.js';

export interface TicketRegistryPorts {
  readonly writer: BatchWriter;
  readonly bus: EventBus;
  readonly scheduler: Clock;
  readonly catalog: TicketingCatalogReader;
  readonly steps: WorkflowStepRunner;
  readonly newId: () => string;
  readonly onError: (error: unknown, where: string) => void;
}

interface Hosted {
  readonly workflow: CompiledWorkflow;
  readonly host: EntityHost<TicketSnapshot, TicketEvent>;
}

/** A ticket held in memory: its snapshot and the workflow it follows. */
export interface HeldTicket {
  readonly snapshot: TicketSnapshot;
  readonly workflow: CompiledWorkflow;
}

const isDone = (c: StatusCategory | undefined) => c === 'RESOLVED' || c === 'CLOSED';

/** The one breach timer of a ticket due at `due`, as the machine's `rearm` would have raised it. */
const breachTimers = (due: number | null): PendingTimers =>
  due === null ? NO_TIMERS : [{ id: breachTimerId(due), event: BREACH_TIMER_EVENT, dueAt: due }];

export class TicketRegistry {
  private readonly hosts = new Map<string, Hosted>();
  private lastSla: {
    readonly data: TicketData | undefined;
    readonly now: number;
    readonly calendar: BusinessCalendar | undefined;
    readonly sla: TicketSla;
  } = { data: undefined, now: Number.NaN, calendar: undefined, sla: undefined as never };

  constructor(private readonly ports: TicketRegistryPorts) {}

  /** The compiled workflow of `definition` (cached per name and version) with its host. */
  private hosted(definition: WorkflowDefinition): Hosted {
    const key = workflowKey(definition);
    let hosted = this.hosts.get(key);
    if (hosted) return hosted;
    const workflow = compileWorkflow(definition, this.ports.catalog);
    const host: EntityHost<TicketSnapshot, TicketEvent> = new EntityHost<TicketSnapshot, TicketEvent>({
      machine: workflow.machine,
      writer: this.ports.writer,
      scheduler: this.ports.scheduler,
      timerEvent: (_id, _timer, at) => ({ type: 'BREACH', at, actorId: null, origin: 'timer' }),
      effects: { changed: (step) => this.changed(workflow, step) },
      onError: this.ports.onError,
    });
    hosted = { workflow, host };
    this.hosts.set(key, hosted);
    return hosted;
  }

  compiled(definition: WorkflowDefinition): CompiledWorkflow {
    return this.hosted(definition).workflow;
  }

  private find(id: string): Hosted | undefined {
    for (const hosted of this.hosts.values()) if (hosted.host.has(id)) return hosted;
    return undefined;
  }

  get(id: string): HeldTicket | undefined {
    const hosted = this.find(id);
    const snapshot = hosted?.host.get(id);
    return hosted && snapshot ? { snapshot, workflow: hosted.workflow } : undefined;
  }

  has(id: string): boolean {
    return this.find(id) !== undefined;
  }

  /** Open tickets held, over every workflow. */
  get size(): number {
    let n = 0;
    for (const { host } of this.hosts.values()) n += host.size;
    return n;
  }

  /** The breach timers `id` waits for (tests and diagnostics). */
  pendingTimers(id: string) {
    return this.find(id)?.host.pendingTimers(id) ?? [];
  }

  record(id: string, now: number): TicketRecord | undefined {
    const held = this.get(id);
    return held ? this.recordOf(held.workflow, held.snapshot, now) : undefined;
  }

  recordOf(workflow: CompiledWorkflow, snapshot: TicketSnapshot, now: number): TicketRecord {
    const data = snapshot.context;
    return toRecord(data, snapshot.value, workflow.categoryOf(snapshot.value)!, this.slaAt(data, now));
  }

  /**
   * The SLA figures of `data` at `now`, remembered for the last pair: a command stages the row with
   * the figures at the change's time and answers with the figures at the same time (business-hours
   * arithmetic, a few percent of a createTicket's CPU, once instead of twice).
   */
  private slaAt(data: TicketData, now: number): TicketSla {
    const calendar = this.ports.catalog.calendar(data.calendarName);
    const last = this.lastSla;
    if (data === last.data && now === last.now && calendar === last.calendar) return last.sla;
    const sla = slaOf(data, calendar, now);
    this.lastSla = { data, now, calendar, sla };
    return sla;
  }

  /**
   * A new ticket in its workflow's initial state: its row, its first history entry and
   * `ticket.created` are staged, and its breach timer is armed with it, in one step (no second
   * `ARM` event: a second step costs as much again, and XState's `assign` copy of the context comes
   * out as a large dictionary-mode object; docs/adr/0028-entity-actor-host.md).
   */
  create(definition: WorkflowDefinition, data: TicketData, actorId: string | null, origin: TicketEvent['origin']): TicketSnapshot {
    const { workflow, host } = this.hosted(definition);
    const state = definition.initialState;
    const due = nextBreachDue(data, this.ports.catalog.calendar(data.calendarName));
    const armed: TicketData = data.timerDue === due ? data : { ...data, timerDue: due };
    const snapshot = workflow.snapshot(state, armed);
    host.create(
      armed.id,
      snapshot,
      () => {
        const category = workflow.categoryOf(state)!;
        this.stageRow(workflow, snapshot);
        this.ports.writer.upsert(
          ticketStatusHistoryTable,
          historyRow({
            id: this.ports.newId(),
            ticketId: armed.id,
            fromStatus: null,
            toStatus: state,
            transition: null,
            actorId,
            at: armed.createdAt,
          }),
        );
        this.announce('created', toView(armed, state, category), actorId, {}, armed.createdAt, origin);
      },
      breachTimers(due),
    );
    return snapshot;
  }

  send(id: string, event: TicketEvent): TicketSnapshot {
    const hosted = this.find(id);
    if (!hosted) throw new Error(`ticket ${id} is not in memory`);
    return hosted.host.send(id, event);
  }

  /**
   * A ticket read from the database (at start, or on demand): already committed, nothing is
   * written; its breach timer is armed again (a due time already past fires at once). False when
   * its workflow no longer has its state.
   */
  load(stored: StoredTicket): boolean {
    const data = stored.data;
    if (this.has(data.id)) return true;
    const definition = this.ports.catalog.workflow(data.workflowName);
    if (!definition?.states.some((s) => s.name === stored.state)) return false;
    const { workflow, host } = this.hosted(definition);
    host.load(data.id, workflow.snapshot(stored.state, data), breachTimers(data.timerDue));
    return true;
  }

  /**
   * Cluster mode's read model (docs/adr/0065): the ticket as another instance committed it replaces this one's
   * copy; a closed ticket (or one whose workflow no longer has its state) leaves memory, as on its owner. No action
   * runs, nothing is staged; its breach clocks stay pending here as persisted (only the owner fires them; an
   * instance that takes the ticket's shard over fires them at their due times).
   */
  adopt(stored: StoredTicket & { readonly category: StatusCategory }): void {
    const id = stored.data.id;
    const current = this.find(id);
    const definition = this.ports.catalog.workflow(stored.data.workflowName);
    if (stored.category === 'CLOSED' || !definition?.states.some((s) => s.name === stored.state)) {
      current?.host.forget(id);
      return;
    }
    const { workflow, host } = this.hosted(definition);
    if (current && current.host !== host) current.host.forget(id);
    host.adopt(id, workflow.snapshot(stored.state, stored.data), breachTimers(stored.data.timerDue));
  }

  /** Cluster mode's read model: the ticket's row was deleted elsewhere. */
  forget(id: string): void {
    this.find(id)?.host.forget(id);
  }

  /** Let a ticket held for a command go again when it is closed (its row is its record). */
  release(id: string): void {
    const hosted = this.find(id);
    const snapshot = hosted?.host.get(id);
    if (hosted && snapshot && hosted.workflow.categoryOf(snapshot.value) === 'CLOSED') hosted.host.remove(id, () => undefined);
  }

  private stageRow(workflow: CompiledWorkflow, snapshot: TicketSnapshot): void {
    const data = snapshot.context;
    const sla = this.slaAt(data, data.updatedAt);
    this.ports.writer.upsert(ticketsTable, ticketRow(snapshot.value, workflow.categoryOf(snapshot.value)!, data, sla));
  }

  private announce(
    kind: TicketEventKind,
    ticket: TicketView,
    actorId: string | null,
    detail: Record<string, unknown>,
    at: number,
    origin: TicketEvent['origin'],
  ): void {
    const event = { type: `ticket.${kind}`, ticket, actorId, detail, at, origin } as TicketChangeEvent;
    emitOnCommit(this.ports.writer, this.ports.bus, event as never);
  }

  /** The I/O of a step: the row, the history entry and the events of what changed. */
  private changed(workflow: CompiledWorkflow, step: EffectStep<TicketSnapshot, TicketEvent>): void {
    const { id, before, after, event } = step;
    const data = after.context;
    const state = after.value;
    const category = workflow.categoryOf(state)!;
    this.stageRow(workflow, after);
    const view = toView(data, state, category);
    const { at, actorId, origin } = event;
    switch (event.type) {
      case 'TRANSITION': {
        const from = before.value;
        const fromCategory = workflow.categoryOf(from);
        this.ports.writer.upsert(
          ticketStatusHistoryTable,
          historyRow({ id: this.ports.newId(), ticketId: id, fromStatus: from, toStatus: state, transition: event.name, actorId, at }),
        );
        this.announce('status_changed', view, actorId, { from, to: state, transition: event.name }, at, origin);
        if (category === 'RESOLVED') this.announce('resolved', view, actorId, { from }, at, origin);
        if (category === 'CLOSED') this.announce('closed', view, actorId, { from }, at, origin);
        if (isDone(fromCategory) && !isDone(category)) this.announce('reopened', view, actorId, { from }, at, origin);
        const transition = workflow.transition(event.name);
        if (transition) this.ports.writer.afterCommit(() => this.ports.steps.transitioned(view, transition, actorId));
        if (category === 'CLOSED') this.ports.writer.afterCommit(() => this.release(id));
        return;
      }
      case 'ASSIGN':
        this.announce(
          'assigned',
          view,
          actorId,
          { previousAssigneeId: before.context.assigneeId, previousGroupId: before.context.groupId },
          at,
          origin,
        );
        return;
      case 'UPDATE':
        this.announce('updated', view, actorId, { fields: Object.keys(event.changes) }, at, origin);
        return;
      case 'PAUSE_SLA':
      case 'RESUME_SLA':
        this.announce('updated', view, actorId, { fields: ['slaPaused'] }, at, origin);
        return;
      case 'DELETE':
        this.announce('deleted', view, actorId, {}, at, origin);
        return;
      case 'RESTORE':
        this.announce('restored', view, actorId, {}, at, origin);
        return;
      case 'BREACH':
        for (const clock of newlyBreached(before.context, data))
          this.announce('sla_breached', view, null, { clock, dueAt: before.context.timerDue }, at, origin);
        return;
      case 'ARM':
        return;
    }
  }
}
