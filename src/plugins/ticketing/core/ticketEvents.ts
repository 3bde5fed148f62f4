/**
 * Where the ticket core's domain events go once committed: the realtime entity channels and the
 * outgoing webhook events.
 *
 * Realtime (`entityEvents`), entity types registered by the module (gated by the plugin):
 *
 * | entityType | entityId | who may subscribe | receives |
 * |---|---|---|---|
 * | `ticket` | a ticket id | whoever may read the ticket (docs/ticketing-roles.md) | that ticket's events |
 * | `ticket` | `all` | operators and admins | every ticket's events |
 *
 * Events: `ticket:created`, `ticket:updated` (fields, status, SLA pause, restore), `ticket:deleted`,
 * `ticket:assigned`, `ticket:sla_breached`; `data` (JSON text) is `{change, ticket, actorId, detail}`
 * with the ticket in the shape GraphQL shows it.
 *
 * Webhooks: ticket.created, ticket.updated, ticket.status_changed, ticket.assigned, ticket.resolved,
 * ticket.closed, ticket.deleted (ticket.commented is the conversation part's); `data` is
 * `{ticket, actorId, ...detail}` (status_changed: from, to, transition; assigned: previousAssigneeId).
 */
import type { Viewer } from '../../../core/auth/roles.js';
import type { DomainEvent, DomainEventMap } from '../../../platform/events/domainEvents.js';
import type { EntityType } from '../../../platform/modules/entityTypes.js';
import type { RealtimeService } from '../../realtime/realtimeService.js';
import type { WebhookEventSource } from '../../../platform/events/webhookEventCatalog.js';
import type { TicketChangeEvent, TicketEventKind, TicketView } from '../ticketContract.js';
import { ticketJson } from '../ticketJson.js';

export const TICKET_ENTITY = 'ticket';
export const TICKET_ENTITY_ALL = 'all';

export interface TicketEntityLookups {
  /** The open ticket `id`, when memory holds it. */
  readonly held: (id: string) => TicketView | undefined;
  readonly mayRead: (viewer: Viewer, ticket: TicketView) => boolean;
  /** The node path of a service (a ticket about it lies there: environment access). */
  readonly placeOf: (serviceId: string) => string | undefined;
}

export function ticketEntityTypes(lookups: TicketEntityLookups): EntityType[] {
  return [
    {
      name: TICKET_ENTITY,
      read: 'ticket:read',
      write: 'ticket:read',
      // `all`: every ticket's events, for operators and admins (mayRead below).
      collection: true,
      exists: (id) => id === TICKET_ENTITY_ALL || lookups.held(id.toLowerCase()) !== undefined,
      placeOf: (id) => {
        const serviceId = id === TICKET_ENTITY_ALL ? null : (lookups.held(id.toLowerCase())?.serviceId ?? null);
        return serviceId === null ? undefined : lookups.placeOf(serviceId);
      },
      mayRead: (viewer, id) => {
        if (id === TICKET_ENTITY_ALL) return viewer.role === 'operator' || viewer.role === 'admin';
        const ticket = lookups.held(id.toLowerCase());
        return ticket !== undefined && lookups.mayRead(viewer, ticket);
      },
    },
  ];
}

const REALTIME: Partial<Record<TicketEventKind, string>> = {
  created: 'ticket:created',
  updated: 'ticket:updated',
  status_changed: 'ticket:updated',
  restored: 'ticket:updated',
  deleted: 'ticket:deleted',
  assigned: 'ticket:assigned',
  sla_breached: 'ticket:sla_breached',
};

function kindOf(event: DomainEvent): TicketEventKind | undefined {
  return event.type.startsWith('ticket.') ? (event.type.slice('ticket.'.length) as TicketEventKind) : undefined;
}

/** The committed-event handler: each ticket event to its ticket's channel and to `all`. */
export function ticketEventPublisher(
  realtime: Pick<RealtimeService, 'publishEntityEvent'>,
  placeOf: (serviceId: string) => string | undefined,
  mayRead: (viewer: Viewer, ticket: TicketView) => boolean,
): (event: DomainEvent) => void {
  return (event) => {
    const kind = kindOf(event);
    const name = kind && REALTIME[kind];
    if (!name) return;
    const e = event as TicketChangeEvent;
    const data = { change: kind, ticket: ticketJson(e.ticket), actorId: e.actorId, detail: e.detail };
    // A ticket about a service is heard only by those whose environments admit the service's place.
    const place = e.ticket.serviceId === null ? undefined : placeOf(e.ticket.serviceId);
    // Heard by whoever may read the ticket as it is after the change, asked per event: someone
    // who lost access since subscribing (reassigned away, left the group) hears nothing more.
    const audience = (viewer: Viewer) => mayRead(viewer, e.ticket);
    realtime.publishEntityEvent(TICKET_ENTITY, e.ticket.id, name, data, e.at, place, audience);
    realtime.publishEntityEvent(TICKET_ENTITY, TICKET_ENTITY_ALL, name, data, e.at, place, audience);
  };
}

const WEBHOOK_KINDS = ['created', 'updated', 'status_changed', 'assigned', 'resolved', 'closed', 'deleted'] as const;
type WebhookKind = (typeof WEBHOOK_KINDS)[number];

export const ticketWebhookSource: WebhookEventSource<DomainEventMap[`ticket.${WebhookKind}`]> = {
  family: 'ticket',
  domainTypes: WEBHOOK_KINDS.map((k) => `ticket.${k}` as const),
  names: WEBHOOK_KINDS.map((k) => `ticket.${k}`),
  translate(event) {
    return { name: event.type, at: event.at, data: { ticket: ticketJson(event.ticket), actorId: event.actorId, ...event.detail } };
  },
};
