/**
 * Who may do what to a ticket (docs/ticketing-roles.md): the one place the rule is written, asked
 * by every resolver of the plugin through `TicketDirectory.can` / `authorize`. A person's standing
 * towards a ticket is any of: its requester, its assignee, a member of its group, and their role
 * (operator, admin); an action is allowed when any standing they have allows it.
 */
import { can, placeGate, type Action, type Viewer } from '../../../core/auth/roles.js';
import { AppError, ErrorCode } from '../../../platform/errors/catalog.js';
import type { TicketAction, TicketView } from '../ticketContract.js';

export type Standing = 'requester' | 'assignee' | 'groupMember' | 'operator' | 'admin';

const ALL: readonly Standing[] = ['requester', 'assignee', 'groupMember', 'operator', 'admin'];
const WORKERS: readonly Standing[] = ['assignee', 'groupMember', 'operator', 'admin'];

/** The table of docs/ticketing-roles.md. */
export const TICKET_PERMISSIONS: Readonly<Record<TicketAction, readonly Standing[]>> = {
  read: ALL,
  update: ALL,
  comment: ALL,
  transition: WORKERS,
  assign: WORKERS,
  delete: ['operator', 'admin'],
  restore: ['admin'],
  attach: ALL,
  watch: ALL,
  link: WORKERS,
  logWork: WORKERS,
};

export interface Membership {
  isMember(groupId: string, userId: string): boolean;
}

/** Where a ticket lies: its service's node path (docs/access.md "Tickets"); undefined: nowhere in particular. */
export type PlaceOfService = (serviceId: string) => string | undefined;

/**
 * Environment access (docs/access.md): a ticket about a service lies at the service's place, and a
 * person whose environments do not admit that place has no standing at all there, whatever else.
 */
export function placeAdmits(viewer: Viewer, place: string | undefined): boolean {
  if (place === undefined) return true;
  const gate = placeGate(viewer);
  return gate === null || gate.admits(place);
}

/** The ticket's place, or undefined when it lies nowhere in particular. */
function placeOfTicket(ticket: TicketView, placeOf: PlaceOfService | undefined): string | undefined {
  return placeOf !== undefined && ticket.serviceId !== null ? placeOf(ticket.serviceId) : undefined;
}

export function standingsOf(viewer: Viewer, ticket: TicketView, groups: Membership): Standing[] {
  const out: Standing[] = [];
  if (ticket.requesterId === viewer.userId) out.push('requester');
  if (ticket.assigneeId === viewer.userId) out.push('assignee');
  if (ticket.groupId !== null && groups.isMember(ticket.groupId, viewer.userId)) out.push('groupMember');
  if (viewer.role === 'operator' || viewer.role === 'admin') out.push(viewer.role);
  return out;
}

/** The policy action behind each ticket action (src/core/auth/roles.ts): rules over `ticket` apply to every ticket. */
export const TICKET_POLICY_ACTIONS: Readonly<Record<TicketAction, Action>> = {
  read: 'ticket:read',
  update: 'ticket:update',
  comment: 'ticket:comment',
  transition: 'ticket:transition',
  assign: 'ticket:assign',
  delete: 'ticket:delete',
  restore: 'ticket:restore',
  attach: 'ticket:attach',
  watch: 'ticket:watch',
  link: 'ticket:link',
  logWork: 'ticket:log-work',
};

export function mayAct(viewer: Viewer, ticket: TicketView, action: TicketAction, groups: Membership, placeOf?: PlaceOfService): boolean {
  // Looked up once: the environment gate, then the policy engine (rules for the viewer's role and groups) at that place.
  const place = placeOfTicket(ticket, placeOf);
  if (!placeAdmits(viewer, place)) return false;
  if (!can(viewer, TICKET_POLICY_ACTIONS[action], place)) return false;
  const allowed = TICKET_PERMISSIONS[action];
  return standingsOf(viewer, ticket, groups).some((s) => allowed.includes(s));
}

/** NOT_FOUND when the viewer may not read it (its existence is not revealed), FORBIDDEN when they may read but not act. */
export function checkAction(
  viewer: Viewer,
  ticket: TicketView | undefined,
  id: string,
  action: TicketAction,
  groups: Membership,
  placeOf?: PlaceOfService,
): TicketView {
  if (
    ticket === undefined ||
    !mayAct(viewer, ticket, 'read', groups, placeOf) ||
    (ticket.deletedAt !== null && action !== 'restore' && !mayAct(viewer, ticket, 'restore', groups, placeOf))
  ) {
    throw new AppError(ErrorCode.NotFound, `no ticket ${id}`);
  }
  if (ticket.deletedAt !== null && action !== 'restore')
    throw new AppError(ErrorCode.NotFound, `ticket ${ticket.number} is deleted; restore it first (restoreTicket)`);
  if (!mayAct(viewer, ticket, action, groups, placeOf)) {
    throw new AppError(
      ErrorCode.Forbidden,
      `you may not ${action === 'logWork' ? 'log work on' : action} ticket ${ticket.number}: docs/ticketing-roles.md says who may`,
    );
  }
  return ticket;
}
