/**
 * What the ticketing plugin's parts share: the ticket as the other parts read it, the actions a
 * person takes on a ticket, and the directory every part asks for a ticket (and for leave to act
 * on it). The ticket core (src/plugins/ticketing/core) implements `TicketDirectory` and provides it as the
 * `tickets` service; conversation, attachments, notifications and the SLA link consume it, so
 * they never read the core's tables or machines (DESIGN.md "Seams").
 */
import type { Viewer } from '../../core/auth/roles.js';

export const TICKET_TYPES = ['INCIDENT', 'SERVICE_REQUEST', 'PROBLEM', 'CHANGE'] as const;
export type TicketType = (typeof TICKET_TYPES)[number];

/** Impact and urgency share one scale; the priority matrix maps the pair to a priority. */
export const SEVERITY_LEVELS = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] as const;
export type Impact = (typeof SEVERITY_LEVELS)[number];
export type Urgency = (typeof SEVERITY_LEVELS)[number];

export const PRIORITIES = ['P1', 'P2', 'P3', 'P4', 'P5'] as const;
/** P1 is the most urgent. */
export type Priority = (typeof PRIORITIES)[number];

/** Where a workflow state stands, whatever the workflow names it. */
export const STATUS_CATEGORIES = ['NEW', 'IN_PROGRESS', 'WAITING', 'RESOLVED', 'CLOSED'] as const;
export type StatusCategory = (typeof STATUS_CATEGORIES)[number];

/** A ticket as the plugin's other parts see it (times in epoch ms). */
export interface TicketView {
  readonly id: string;
  /** Human-readable and unique, e.g. `INC-000042`. */
  readonly number: string;
  readonly title: string;
  readonly description: string | null;
  readonly type: TicketType;
  /** The workflow state's name. */
  readonly status: string;
  readonly statusCategory: StatusCategory;
  readonly workflowName: string;
  readonly impact: Impact;
  readonly urgency: Urgency;
  readonly priority: Priority;
  readonly serviceId: string | null;
  readonly catalogItemName: string | null;
  readonly requesterId: string;
  readonly assigneeId: string | null;
  readonly groupId: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
  /** Soft delete: a deleted ticket is hidden from lists and refuses every action but restore. */
  readonly deletedAt: number | null;
}

/** What a person may do to a ticket; docs/ticketing-roles.md says who may do what. */
export const TICKET_ACTIONS = [
  'read',
  'update',
  'comment',
  'transition',
  'assign',
  'delete',
  'restore',
  'attach',
  'watch',
  'link',
  'logWork',
] as const;
export type TicketAction = (typeof TICKET_ACTIONS)[number];

export interface TicketDirectory {
  /** The ticket (loaded again from the database when it has left memory), deleted ones included; undefined when there is none. */
  find(id: string): Promise<TicketView | undefined>;
  /**
   * The ticket when `viewer` may take `action` on it. Throws NOT_FOUND when there is no such
   * ticket or the viewer may not even read it (a ticket's existence is not revealed), FORBIDDEN
   * when they may read it but not take the action, and NOT_FOUND for a deleted ticket unless the
   * action is `restore`.
   */
  authorize(viewer: Viewer, id: string, action: TicketAction): Promise<TicketView>;
  /** Whether `viewer` may take `action` on `ticket` (for filtering lists). */
  can(viewer: Viewer, ticket: TicketView, action: TicketAction): boolean;
}

// ---------------------------------------------------------------------------------------------
// Ticket domain events (announced on the bus after the commit). The core emits all but
// `ticket.commented`, which the conversation part emits. Webhook event `ticket.<kind>` and the
// realtime events `ticket:created|updated|deleted|assigned|sla_breached` are built from these.

export type TicketEventKind =
  | 'created'
  | 'updated'
  | 'status_changed'
  | 'assigned'
  | 'resolved'
  | 'closed'
  | 'reopened'
  | 'deleted'
  | 'restored'
  | 'sla_breached'
  | 'commented';

export interface TicketChangeEvent<K extends TicketEventKind = TicketEventKind> {
  readonly type: `ticket.${K}`;
  readonly ticket: TicketView;
  /** Who acted (null for the scheduler and the system). */
  readonly actorId: string | null;
  /** Kind-specific facts: `{from, to, transition}` for status_changed, `{previousAssigneeId}` for assigned, `{clock: 'response'|'resolution', dueAt}` for sla_breached, `{commentId}` for commented. */
  readonly detail: Readonly<Record<string, unknown>>;
  readonly at: number;
  readonly origin: import('../../platform/events/domainEvents.js').Origin;
}

declare module '../../platform/events/domainEvents.js' {
  interface DomainEventMap {
    'ticket.created': TicketChangeEvent<'created'>;
    'ticket.updated': TicketChangeEvent<'updated'>;
    'ticket.status_changed': TicketChangeEvent<'status_changed'>;
    'ticket.assigned': TicketChangeEvent<'assigned'>;
    'ticket.resolved': TicketChangeEvent<'resolved'>;
    'ticket.closed': TicketChangeEvent<'closed'>;
    'ticket.reopened': TicketChangeEvent<'reopened'>;
    'ticket.deleted': TicketChangeEvent<'deleted'>;
    'ticket.restored': TicketChangeEvent<'restored'>;
    'ticket.sla_breached': TicketChangeEvent<'sla_breached'>;
    'ticket.commented': TicketChangeEvent<'commented'>;
  }
}

// ---------------------------------------------------------------------------------------------
// Workflows as data (defined by the catalog part, compiled to machines by the core).

export interface WorkflowState {
  readonly name: string;
  readonly category: StatusCategory;
}

/**
 * A step run after a transition commits (src/plugins/ticketing/workflows runs them): an HTTP request
 * through the outbound validator, or an in-app notification to the ticket's requester and
 * assignee. (Routing to a group is the catalog item's or a routing rule's job, not a step's.)
 */
export type WorkflowStep =
  | {
      readonly type: 'HTTP_REQUEST';
      readonly name: string;
      readonly url: string;
      readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      readonly headers?: Readonly<Record<string, string>>;
      readonly body?: string;
    }
  | { readonly type: 'NOTIFY'; readonly name: string; readonly message: string };

export interface WorkflowTransition {
  /** Unique within the workflow; `transitionTicket(id, transition)` names it. */
  readonly name: string;
  /** States it leaves from; `*` for any non-CLOSED state. */
  readonly from: readonly string[];
  readonly to: string;
  readonly steps: readonly WorkflowStep[];
}

export interface WorkflowDefinition {
  readonly name: string;
  readonly description: string | null;
  /** Ticket types it serves by default (a catalog item may name another). */
  readonly ticketTypes: readonly TicketType[];
  readonly initialState: string;
  readonly states: readonly WorkflowState[];
  readonly transitions: readonly WorkflowTransition[];
}

// ---------------------------------------------------------------------------------------------
// Business calendars, the priority matrix and the targets (pure: src/plugins/ticketing/calendar and
// src/plugins/ticketing/priority implement them).

/** Opening hours of one weekday, local time `HH:MM`, `end` after `start` ("24:00" allowed). */
export interface OpeningHours {
  readonly start: string;
  readonly end: string;
}

export interface BusinessCalendar {
  readonly name: string;
  /** IANA zone the hours and holidays are read in. */
  readonly timeZone: string;
  /** Index 0 = Sunday .. 6 = Saturday; an empty list is a closed day. */
  readonly weekly: readonly (readonly OpeningHours[])[];
  /** Closed local dates, `YYYY-MM-DD`. */
  readonly holidays: readonly string[];
}

export interface ResolutionTargets {
  /** Business minutes from creation to the first response. */
  readonly responseMinutes: number;
  /** Business minutes from creation to resolution. */
  readonly resolutionMinutes: number;
}

export interface PriorityPolicy {
  readonly matrix: Readonly<Record<Impact, Readonly<Record<Urgency, Priority>>>>;
  readonly targets: Readonly<Record<Priority, ResolutionTargets>>;
}

// ---------------------------------------------------------------------------------------------
// The catalog part's reader, which the core consults when it creates and moves tickets.

export interface CatalogItemView {
  readonly name: string;
  readonly categoryName: string;
  readonly description: string | null;
  readonly ticketType: TicketType;
  readonly workflowName: string | null;
  readonly groupId: string | null;
  readonly calendarName: string | null;
  /** Overrides the priority's targets when set. */
  readonly targets: ResolutionTargets | null;
}

export interface TicketingCatalogReader {
  /** The workflow a new ticket follows: the catalog item's, else the first serving its type, else the built-in default. */
  workflowFor(type: TicketType, catalogItemName: string | null): WorkflowDefinition;
  workflow(name: string): WorkflowDefinition | undefined;
  catalogItem(name: string): CatalogItemView | undefined;
  priorityPolicy(): PriorityPolicy;
  /** The named calendar, or the default one (24/7 unless configured) for null. */
  calendar(name: string | null): BusinessCalendar;
  /** The group a new ticket goes to when its catalog item names none (routing rules), or null. */
  routeGroup(input: { readonly type: TicketType; readonly serviceId: string | null }): string | null;
}

/** Runs a workflow transition's steps after its commit (src/plugins/ticketing/workflows). */
export interface WorkflowStepRunner {
  transitioned(ticket: TicketView, transition: WorkflowTransition, actorId: string | null): void;
}
