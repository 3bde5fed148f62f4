/**
 * The webhook event the conversation produces: `ticket.commented` => the same name. `data` has the
 * shape of the core's ticket events, `{ticket, actorId, ...detail}`: `{ticket{...the ticket's own
 * fields, times as ISO text}, actorId, commentId, authorId, excerpt}`; `authorId` and `actorId` are
 * null for a system comment. The excerpt is the comment's first 280 characters; the whole body is
 * read with `ticketComments`.
 */
import type { EventOfType } from '../../../platform/events/eventBus.js';
import type { WebhookEventSource } from '../../../platform/events/webhookEventCatalog.js';
import { ticketJson } from '../ticketJson.js';

export const ticketCommentedSource: WebhookEventSource<EventOfType<'ticket.commented'>> = {
  family: 'ticket',
  domainTypes: ['ticket.commented'],
  names: ['ticket.commented'],
  translate(event) {
    return { name: 'ticket.commented', at: event.at, data: { ticket: ticketJson(event.ticket), actorId: event.actorId, ...event.detail } };
  },
};
