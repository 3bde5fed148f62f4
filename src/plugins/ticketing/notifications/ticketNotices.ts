/**
 * Who hears about a ticket's change, and what they read: on created, assigned,
 * status_changed, commented, resolved and sla_breached, the requester, the assignee (on a
 * reassignment the previous one too) and the watchers, each once, never the person who acted, only
 * active people still allowed to read the ticket, at most MAX_RECIPIENTS. Pure: the module calls it
 * while the change is staged, so the notices commit with it; each person's settings are applied by
 * the notification center.
 */
import type { Viewer } from '../../../core/auth/roles.js';
import type { NewNotification } from '../../notifications/notificationCenter.js';
import type { NotificationKind } from '../../notifications/notificationSettings.js';
import type { TicketChangeEvent, TicketView } from '../ticketContract.js';

export const MAX_RECIPIENTS = 100;

export const TICKET_NOTICE_KINDS = [
  'ticket.created',
  'ticket.assigned',
  'ticket.status_changed',
  'ticket.commented',
  'ticket.resolved',
  'ticket.sla_breached',
] as const;
export type TicketNoticeKind = (typeof TICKET_NOTICE_KINDS)[number];

export const TICKET_NOTIFICATION_KINDS: readonly NotificationKind[] = [
  { type: 'ticket.created', description: 'A ticket you requested or are assigned was raised' },
  { type: 'ticket.assigned', description: 'A ticket you requested, are or were assigned, or watch was assigned' },
  { type: 'ticket.status_changed', description: 'A ticket you requested, are assigned or watch changed status' },
  { type: 'ticket.commented', description: 'Someone commented on a ticket you requested, are assigned or watch' },
  { type: 'ticket.resolved', description: 'A ticket you requested, are assigned or watch was resolved' },
  { type: 'ticket.sla_breached', description: 'A ticket you requested, are assigned or watch missed its response or resolution target' },
];

export interface NoticeDirectory {
  /** The active person, as the ticket rules see them; undefined for a deleted or deactivated one. */
  viewerOf(userId: string): Viewer | undefined;
  canRead(viewer: Viewer, ticket: TicketView): boolean;
  watcherIds(ticketId: string): Iterable<string>;
}

export function isTicketNoticeKind(type: string): type is TicketNoticeKind {
  return (TICKET_NOTICE_KINDS as readonly string[]).includes(type);
}

export function ticketNotices(event: TicketChangeEvent, directory: NoticeDirectory): NewNotification[] {
  if (event.origin === 'hydrate' || !isTicketNoticeKind(event.type)) return [];
  const ticket = event.ticket;
  if (ticket.deletedAt !== null) return [];
  // A resolve is told as ticket.resolved; its status move would tell the same people twice.
  if (event.type === 'ticket.status_changed' && ticket.statusCategory === 'RESOLVED') return [];
  const candidates = [ticket.requesterId, ticket.assigneeId];
  if (event.type === 'ticket.assigned') candidates.push(stringOrNull(event.detail['previousAssigneeId']));
  const recipients = new Set<string>();
  for (const id of [...candidates, ...directory.watcherIds(ticket.id)]) if (id !== null && id !== event.actorId) recipients.add(id);
  const notices: NewNotification[] = [];
  for (const userId of recipients) {
    if (notices.length >= MAX_RECIPIENTS) break;
    const viewer = directory.viewerOf(userId);
    if (!viewer || !directory.canRead(viewer, ticket)) continue;
    notices.push({ userId, type: event.type, ...wording(event, userId, directory), entityType: 'ticket', entityId: ticket.id });
  }
  return notices;
}

function wording(event: TicketChangeEvent, recipientId: string, directory: NoticeDirectory): { title: string; message: string } {
  const t = event.ticket;
  const actor = event.actorId === null ? 'the system' : (directory.viewerOf(event.actorId)?.username ?? 'someone');
  const headline = `${t.number} ${t.title}`;
  switch (event.type) {
    case 'ticket.created':
      return {
        title: `${t.number} raised: ${t.title}`,
        message: `${actor} raised ${t.type} ${t.number} (${t.priority}, impact ${t.impact}, urgency ${t.urgency})`,
      };
    case 'ticket.assigned': {
      if (t.assigneeId === recipientId) return { title: `${t.number} is assigned to you`, message: `${actor} assigned ${headline} to you` };
      const to = t.assigneeId === null ? 'nobody' : (directory.viewerOf(t.assigneeId)?.username ?? 'someone');
      return { title: `${t.number} assigned to ${to}`, message: `${actor} assigned ${headline} to ${to}` };
    }
    case 'ticket.status_changed': {
      const from = stringOrNull(event.detail['from']) ?? 'its previous status';
      return { title: `${t.number} is now ${t.status}`, message: `${actor} moved ${headline} from ${from} to ${t.status}` };
    }
    case 'ticket.commented': {
      const excerpt = stringOrNull(event.detail['excerpt']);
      return { title: `New comment on ${t.number}`, message: `${actor} on ${headline}${excerpt ? `: ${excerpt}` : ''}` };
    }
    case 'ticket.resolved':
      return { title: `${t.number} resolved`, message: `${actor} resolved ${headline}` };
    case 'ticket.sla_breached': {
      const clock = stringOrNull(event.detail['clock']) ?? 'SLA';
      const dueAt = typeof event.detail['dueAt'] === 'number' ? new Date(event.detail['dueAt']).toISOString() : null;
      return {
        title: `${t.number} breached its ${clock} target`,
        message: `${headline} was due${dueAt ? ` at ${dueAt}` : ''} (${t.priority})`,
      };
    }
    default:
      return { title: headline, message: event.type };
  }
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
