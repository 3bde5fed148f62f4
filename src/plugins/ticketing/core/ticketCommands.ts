/**
 * Every change to tickets, whichever caller asks (GraphQL, the plugin's other parts, the SLA link
 * with no person behind it). A command checks the caller's leave (ticketAccess.ts; a null actor is
 * the system, which may do anything), checks what the ticket's state must allow, applies the change
 * through the ticket's actor at the clock's time and answers once it is committed
 * (src/core/commands/commitBoundary.ts). Errors say what to do instead.
 */
import type { Knex } from 'knex';
import { authorize, placeGate, type Viewer } from '../../../core/auth/roles.js';
import type { Clock } from '../../../platform/scheduler/index.js';
import { commitChange } from '../../../core/commands/commitBoundary.js';
import { AppError, ErrorCode } from '../../../platform/errors/catalog.js';
import type { Origin } from '../../../platform/events/domainEvents.js';
import type { BatchWriter } from '../../../platform/persistence/batchWriter.js';
import type { GroupDirectory } from '../../../core/people/groupDirectory.js';
import type { UserDirectory } from '../../../core/people/userDirectory.js';
import { priorityOf } from '../priority/priorityPolicy.js';
import type {
  Impact,
  StatusCategory,
  TicketAction,
  TicketingCatalogReader,
  TicketType,
  Urgency,
  WorkflowTransition,
} from '../ticketContract.js';
import { storableText } from '../../../core/protocol/fields.js';
import { checkAction } from './ticketAccess.js';
import { startClocks } from './ticketClocks.js';
import { SYSTEM_REQUESTER_ID, type TicketData, type TicketRecord } from './ticketData.js';
import type { TicketNumbers } from './ticketNumbers.js';
import { isUuid, readTicket } from './ticketQueries.js';
import type { HeldTicket, TicketRegistry } from './ticketRegistry.js';
import type { TicketChanges, TicketEvent, TicketSnapshot } from './workflowMachine.js';

export const MAX_TITLE = 200;
export const MAX_DESCRIPTION = 20_000;

export interface CreateTicketInput {
  readonly title: string;
  readonly description?: string | null;
  readonly type: TicketType;
  readonly impact: Impact;
  readonly urgency: Urgency;
  readonly serviceId?: string | null;
  readonly catalogItemName?: string | null;
  /** Whom the ticket is for; another person than the actor only for operators and admins. */
  readonly requesterId?: string | null;
}

export interface UpdateTicketInput {
  readonly title?: string;
  readonly description?: string | null;
  readonly impact?: Impact;
  readonly urgency?: Urgency;
}

export interface AssignTicketInput {
  /** null: unassigned. */
  readonly assigneeId: string | null;
  /** undefined: the group stays; null: no group. */
  readonly groupId?: string | null;
}

export interface TicketCommandDeps {
  readonly registry: TicketRegistry;
  readonly numbers: TicketNumbers;
  readonly catalog: TicketingCatalogReader;
  readonly users: Pick<UserDirectory, 'get'>;
  readonly groups: Pick<GroupDirectory, 'get' | 'isMember'>;
  readonly services: { get(id: string): { readonly nodePath: string } | undefined };
  readonly writer: BatchWriter;
  readonly knex: Knex;
  readonly clock: Pick<Clock, 'now'>;
  readonly newId: () => string;
}

const bad = (message: string) => new AppError(ErrorCode.BadRequest, message);
const conflict = (message: string) => new AppError(ErrorCode.Conflict, message);
const isDone = (c: StatusCategory) => c === 'RESOLVED' || c === 'CLOSED';
const OPEN: readonly StatusCategory[] = ['NEW', 'IN_PROGRESS', 'WAITING'];

export class TicketCommands {
  constructor(private readonly deps: TicketCommandDeps) {}

  /** Raise a ticket. `actor` null: the system (an SLA breach), which names the requester or leaves it to SYSTEM_REQUESTER_ID. */
  async create(input: CreateTicketInput, actor: Viewer | null, origin: Origin = actor ? 'api' : 'worker'): Promise<TicketRecord> {
    const { catalog, registry, numbers } = this.deps;
    const title = text(input.title, 'title', MAX_TITLE).trim();
    if (title === '') throw bad('title must not be empty');
    const description =
      input.description == null || input.description === '' ? null : text(input.description, 'description', MAX_DESCRIPTION);
    const caughtUp = numbers.caughtUp();
    if (caughtUp !== undefined) await caughtUp;
    return commitChange(this.deps, (at) => {
      const serviceId = input.serviceId == null ? null : input.serviceId.toLowerCase();
      const service = serviceId !== null && isUuid(serviceId) ? this.deps.services.get(serviceId) : undefined;
      // Environment access (docs/access.md "Tickets"): a service outside the person's environments is
      // as absent as one that does not exist; raising a ticket about one is decided at its place.
      const hidden = actor !== null && service !== undefined && placeGate(actor)?.admits(service.nodePath) === false;
      if (serviceId !== null && (!service || hidden)) throw new AppError(ErrorCode.NotFound, `no service with id ${input.serviceId}`);
      if (actor && service) authorize(actor, 'ticket:create', service.nodePath);
      const itemName = input.catalogItemName == null || input.catalogItemName === '' ? null : input.catalogItemName;
      const item = itemName === null ? undefined : catalog.catalogItem(itemName);
      if (itemName !== null && !item)
        throw new AppError(ErrorCode.NotFound, `no catalog item named "${itemName}"; availableCatalogItems lists them`);
      if (item && item.ticketType !== input.type)
        throw bad(`catalog item "${item.name}" raises ${item.ticketType} tickets, not ${input.type}; send type ${item.ticketType}`);
      const requesterId = this.requester(input.requesterId ?? null, actor);
      const policy = catalog.priorityPolicy();
      const priority = priorityOf(policy, input.impact, input.urgency);
      const targets = item?.targets ?? policy.targets[priority];
      const workflow = catalog.workflowFor(input.type, item?.name ?? null);
      const groupId = item?.groupId ?? catalog.routeGroup({ type: input.type, serviceId });
      const data: TicketData = {
        id: this.deps.newId(),
        number: numbers.take(input.type),
        title,
        description,
        type: input.type,
        workflowName: workflow.name,
        impact: input.impact,
        urgency: input.urgency,
        priority,
        serviceId,
        catalogItemName: item?.name ?? null,
        // Pinned at creation: changing the default calendar later does not move this ticket's due times.
        calendarName: item?.calendarName ?? catalog.calendar(null).name,
        requesterId,
        assigneeId: null,
        groupId,
        createdAt: at,
        updatedAt: at,
        deletedAt: null,
        ...startClocks(targets, at),
        slaPaused: false,
        breached: 0,
        timerDue: null,
      };
      registry.create(workflow, data, actor?.userId ?? null, origin);
      return registry.record(data.id, at)!;
    });
  }

  update(id: string, input: UpdateTicketInput, actor: Viewer | null): Promise<TicketRecord> {
    const changes: { -readonly [K in keyof TicketChanges]: TicketChanges[K] } = {};
    if (input.title !== undefined) {
      changes.title = text(input.title, 'title', MAX_TITLE).trim();
      if (changes.title === '') throw bad('title must not be empty');
    }
    if (input.description !== undefined)
      changes.description =
        input.description === null || input.description === '' ? null : text(input.description, 'description', MAX_DESCRIPTION);
    if (input.impact !== undefined) changes.impact = input.impact;
    if (input.urgency !== undefined) changes.urgency = input.urgency;
    if (Object.keys(changes).length === 0) throw bad('nothing to change: send title, description, impact or urgency');
    return this.act(id, actor, 'update', (held, base) => {
      refuseClosed(held, 'update');
      const data = held.snapshot.context;
      const { catalog } = this.deps;
      const policy = catalog.priorityPolicy();
      const priority = priorityOf(policy, changes.impact ?? data.impact, changes.urgency ?? data.urgency);
      let targets = null;
      if (priority !== data.priority) {
        changes.priority = priority;
        const item = data.catalogItemName === null ? undefined : catalog.catalogItem(data.catalogItemName);
        targets = item?.targets ?? policy.targets[priority];
      }
      return { ...base, type: 'UPDATE', changes, targets };
    });
  }

  /** Take the workflow transition `name` (it must leave the ticket's state). */
  transition(id: string, name: string, actor: Viewer | null): Promise<TicketRecord> {
    return this.act(id, actor, 'transition', (held, base) => {
      const { workflow, snapshot } = held;
      const transition = workflow.transition(name);
      const leaving = workflow.transitionsFrom(snapshot.value);
      if (!transition)
        throw bad(`workflow "${workflow.definition.name}" has no transition "${name}"; from ${snapshot.value}: ${names(leaving)}`);
      if (!leaving.includes(transition))
        throw conflict(
          `transition "${name}" does not leave state ${snapshot.value} of ticket ${snapshot.context.number}; from ${snapshot.value}: ${names(leaving)}`,
        );
      return { ...base, type: 'TRANSITION', name };
    });
  }

  /** The workflow's transition from the ticket's state into a RESOLVED-category state. */
  resolve(id: string, actor: Viewer | null): Promise<TicketRecord> {
    return this.into(id, actor, (c) => c === 'RESOLVED', 'a RESOLVED state');
  }

  close(id: string, actor: Viewer | null): Promise<TicketRecord> {
    return this.into(id, actor, (c) => c === 'CLOSED', 'a CLOSED state');
  }

  /** From RESOLVED or CLOSED back to an open state (the first such transition of the workflow). */
  reopen(id: string, actor: Viewer | null): Promise<TicketRecord> {
    return this.into(
      id,
      actor,
      (c) => OPEN.includes(c),
      'an open state',
      (held) => {
        const category = held.workflow.categoryOf(held.snapshot.value)!;
        if (!isDone(category))
          throw conflict(
            `ticket ${held.snapshot.context.number} is ${held.snapshot.value} (${category}), not resolved or closed; nothing to reopen`,
          );
      },
    );
  }

  assign(id: string, input: AssignTicketInput, actor: Viewer | null): Promise<TicketRecord> {
    const assigneeId = input.assigneeId?.toLowerCase() ?? null;
    const groupId = input.groupId == null ? input.groupId : input.groupId.toLowerCase();
    return this.act(id, actor, 'assign', (held, base) => {
      refuseClosed(held, 'assign');
      if (assigneeId !== null) {
        const user = isUuid(assigneeId) ? this.deps.users.get(assigneeId) : undefined;
        if (!user?.active) throw new AppError(ErrorCode.NotFound, `no active user with id ${input.assigneeId}`);
      }
      // The directory's strings, not the request's copies (held by every open ticket).
      const assignee = assigneeId === null ? null : this.deps.users.get(assigneeId)!.id;
      const group = groupId == null ? groupId : this.deps.groups.get(groupId)!.id;
      if (groupId != null && !(isUuid(groupId) && this.deps.groups.get(groupId)))
        throw new AppError(ErrorCode.NotFound, `no group with id ${input.groupId}`);
      return { ...base, type: 'ASSIGN', assigneeId: assignee, groupId: group === undefined ? held.snapshot.context.groupId : group };
    });
  }

  delete(id: string, actor: Viewer | null): Promise<TicketRecord> {
    return this.act(id, actor, 'delete', (_held, base) => ({ ...base, type: 'DELETE' }));
  }

  restore(id: string, actor: Viewer | null): Promise<TicketRecord> {
    return this.act(id, actor, 'restore', (held, base) => {
      if (held.snapshot.context.deletedAt === null) throw conflict(`ticket ${held.snapshot.context.number} is not deleted`);
      return { ...base, type: 'RESTORE' };
    });
  }

  /** Stop counting SLA minutes until resumeSla (a WAITING state pauses them too, by itself). */
  pauseSla(id: string, actor: Viewer | null): Promise<TicketRecord> {
    return this.act(id, actor, 'transition', (held, base) => {
      const { context, value } = held.snapshot;
      if (isDone(held.workflow.categoryOf(value)!))
        throw conflict(`ticket ${context.number} is ${value}: its clocks are stopped, there is nothing to pause`);
      if (context.slaPaused) throw conflict(`the SLA of ticket ${context.number} is already paused; resumeTicketSLA resumes it`);
      return { ...base, type: 'PAUSE_SLA' };
    });
  }

  resumeSla(id: string, actor: Viewer | null): Promise<TicketRecord> {
    return this.act(id, actor, 'transition', (held, base) => {
      if (!held.snapshot.context.slaPaused)
        throw conflict(`the SLA of ticket ${held.snapshot.context.number} is not paused by pauseTicketSLA`);
      return { ...base, type: 'RESUME_SLA' };
    });
  }

  private into(
    id: string,
    actor: Viewer | null,
    wanted: (c: StatusCategory) => boolean,
    what: string,
    check?: (held: HeldTicket) => void,
  ): Promise<TicketRecord> {
    return this.act(id, actor, 'transition', (held, base) => {
      check?.(held);
      const { workflow, snapshot } = held;
      const transition = workflow.transitionsFrom(snapshot.value).find((t) => wanted(workflow.categoryOf(t.to)!));
      if (!transition) {
        throw conflict(
          `workflow "${workflow.definition.name}" has no transition from ${snapshot.value} into ${what}; from ${snapshot.value}: ${names(workflow.transitionsFrom(snapshot.value))}`,
        );
      }
      return { ...base, type: 'TRANSITION', name: transition.name };
    });
  }

  /**
   * The frame of every change to an existing ticket: hold it in memory (a closed one is loaded for
   * the command), check leave and state, send the event, answer after the commit, let a closed one go.
   */
  private async act(
    id: string,
    actor: Viewer | null,
    action: TicketAction,
    event: (held: HeldTicket, base: { at: number; actorId: string | null; origin: Origin }) => TicketEvent,
  ): Promise<TicketRecord> {
    const key = id.toLowerCase();
    await this.ensureLoaded(key);
    try {
      return await commitChange(this.deps, (at) => {
        const { registry } = this.deps;
        const held = registry.get(key);
        if (!held) throw conflict(`ticket ${id} was closed by another change just now; retry`);
        const current = registry.recordOf(held.workflow, held.snapshot, at);
        if (actor) checkAction(actor, current, id, action, this.deps.groups, (serviceId) => this.deps.services.get(serviceId)?.nodePath);
        else if (current.deletedAt !== null && action !== 'restore')
          throw new AppError(ErrorCode.NotFound, `ticket ${current.number} is deleted`);
        const after: TicketSnapshot = registry.send(
          key,
          event(held, { at, actorId: actor?.userId ?? null, origin: actor ? 'api' : 'worker' }),
        );
        if (after === held.snapshot) throw conflict(`ticket ${current.number} did not change`);
        return registry.recordOf(registry.get(key)?.workflow ?? held.workflow, after, at);
      });
    } finally {
      this.deps.registry.release(key);
    }
  }

  private async ensureLoaded(id: string): Promise<void> {
    if (this.deps.registry.has(id)) return;
    await this.deps.writer.settled();
    const row = await readTicket(this.deps.knex, id);
    if (!row) throw new AppError(ErrorCode.NotFound, `no ticket ${id}`);
    if (!this.deps.registry.load(row))
      throw conflict(`ticket ${row.data.number} is in state ${row.state}, which workflow "${row.data.workflowName}" no longer has`);
  }

  private requester(requesterId: string | null, actor: Viewer | null): string {
    const wanted = requesterId?.toLowerCase() ?? actor?.userId ?? SYSTEM_REQUESTER_ID;
    if (actor && wanted !== actor.userId && actor.role === 'user')
      throw new AppError(
        ErrorCode.Forbidden,
        'only operators and admins may raise a ticket for another person; leave requesterId out to raise it for yourself',
      );
    if (wanted === SYSTEM_REQUESTER_ID && actor === null) return wanted;
    const user = isUuid(wanted) ? this.deps.users.get(wanted) : undefined;
    if (!user?.active) throw new AppError(ErrorCode.NotFound, `no active user with id ${requesterId}`);
    // The directory's string, not the request's copy: 100,000 tickets share their requesters' ids.
    return user.id;
  }
}

function refuseClosed(held: HeldTicket, what: string): void {
  if (held.workflow.categoryOf(held.snapshot.value) === 'CLOSED')
    throw conflict(`ticket ${held.snapshot.context.number} is closed; reopen it before you ${what} it`);
}

function names(transitions: readonly WorkflowTransition[]): string {
  return transitions.length === 0 ? 'none' : transitions.map((t) => t.name).join(', ');
}

function text(value: string, label: string, max: number): string {
  return storableText(value, label, max);
}
