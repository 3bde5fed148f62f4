/**
 * What the ticketing plugin's parts share: the ticket as the other parts read it, the actions a
 * person takes on a ticket, and the directory every part asks for a ticket (and for leave to act
 * on it). The ticket core (src/ticketing/core) implements `TicketDirectory` and provides it as the
 * `tickets` service; conversation, attachments, notifications and the SLA link consume it, so
 * they never read the core's tables or machines (DESIGN.md "Seams").
 */
import type { Viewer } from '../auth/roles.js';

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
export const TICKET_ACTIONS = ['read', 'update', 'comment', 'transition', 'assign', 'delete', 'restore', 'attach', 'watch', 'link', 'logWork'] as const;
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
