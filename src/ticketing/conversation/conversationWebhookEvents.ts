/**
 * The webhook event the conversation produces: `ticket.commented` => the same name. `data` has the
 * shape of the core's ticket events, `{ticket, actorId, ...detail}`: `{ticket{...the ticket's own
 * fields, times as ISO text}, actorId, commentId, authorId, excerpt}`; `authorId` and `actorId` are
 * null for a system comment. The excerpt is the comment's first 280 characters; the whole body is
 * read with `ticketComments`.
 */
import type { EventOfType } from '../../events/eventBus.js';
import type { WebhookEventSource } from '../../webhooks/eventCatalog.js';
import type { TicketView } from '../ticketContract.js';

const isoOf = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** The contract's ticket fields as GraphQL shows them (the same fields the core's ticket events carry). */
export function ticketJson(t: TicketView): Record<string, unknown> {
  return {
    id: t.id, number: t.number, title: t.title, description: t.description, type: t.type, status: t.status, statusCategory: t.statusCategory,
    workflowName: t.workflowName, impact: t.impact, urgency: t.urgency, priority: t.priority, serviceId: t.serviceId, catalogItemName: t.catalogItemName,
    requesterId: t.requesterId, assigneeId: t.assigneeId, groupId: t.groupId, createdAt: isoOf(t.createdAt), updatedAt: isoOf(t.updatedAt), deletedAt: isoOf(t.deletedAt),
  };
}

export const ticketCommentedSource: WebhookEventSource<EventOfType<'ticket.commented'>> = {
  family: 'ticket',
  domainTypes: ['ticket.commented'],
  names: ['ticket.commented'],
  translate(event) {
    return { name: 'ticket.commented', at: event.at, data: { ticket: ticketJson(event.ticket), actorId: event.actorId, ...event.detail } };
  },
};
