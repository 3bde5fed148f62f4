/**
 * The webhook event the conversation produces: `ticket.commented` => the same name; `data`:
 * `{ticket{id, number, title, type, status, priority, requesterId, assigneeId, groupId, serviceId}, comment{id, authorId, system, excerpt}, actorId}`.
 * The excerpt is the comment's first 280 characters; the whole body is read with `ticketComments`.
 */
import type { EventOfType } from '../../events/eventBus.js';
import type { WebhookEventSource } from '../../webhooks/eventCatalog.js';
import type { TicketView } from '../ticketContract.js';

export function ticketSummary(t: TicketView): Record<string, unknown> {
  return {
    id: t.id, number: t.number, title: t.title, type: t.type, status: t.status, priority: t.priority,
    requesterId: t.requesterId, assigneeId: t.assigneeId, groupId: t.groupId, serviceId: t.serviceId,
  };
}

export const ticketCommentedSource: WebhookEventSource<EventOfType<'ticket.commented'>> = {
  family: 'ticket',
  domainTypes: ['ticket.commented'],
  names: ['ticket.commented'],
  translate(event) {
    const authorId = (event.detail['authorId'] as string | null | undefined) ?? null;
    return {
      name: 'ticket.commented',
      at: event.at,
      data: {
        ticket: ticketSummary(event.ticket),
        comment: { id: event.detail['commentId'], authorId, system: authorId === null, excerpt: event.detail['excerpt'] ?? null },
        actorId: event.actorId,
      },
    };
  },
};
