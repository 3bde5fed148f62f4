/**
 * The link read both ways: `Ticket.slaIncidentId` and `SLAIncident.ticket`. Fields this module adds
 * to other modules' types, so the `ticketing` gate answers PLUGIN_INACTIVE for them while the
 * plugin is off (src/platform/modules/pluginGate.ts); `SLAIncident` is itself reached only through the
 * `sla` plugin's fields.
 */
import { authorize } from '../../../core/auth/roles.js';
import { AppError, ErrorCode } from '../../../platform/errors/catalog.js';
import type { GraphQLContext } from '../../../platform/graphql/context.js';
import type { SchemaModule } from '../../../platform/graphql/module.js';
import type { SlaIncident } from '../../sla/incidents/incidentRules.js';
import type { TicketDirectory, TicketView } from '../ticketContract.js';
import type { SlaTicketLink } from './slaTicketLink.js';

export interface SlaLinkSlice {
  readonly ticketSlaLink: SlaTicketLink;
  readonly tickets: TicketDirectory;
}

type Ctx = GraphQLContext<SlaLinkSlice>;

export const slaLinkSchema: SchemaModule<SlaLinkSlice> = {
  typeDefs: /* GraphQL */ `
    extend type Ticket {
      "The SLA incident whose outage raised this ticket (the latest one, when a flapping service's outages were gathered on it); null for tickets raised otherwise."
      slaIncidentId: ID
    }

    extend type SLAIncident {
      "The ticket raised for this outage (ticketing plugin), null when none was or the viewer may not read it."
      ticket: Ticket
    }
  `,
  resolvers: {
    Ticket: {
      slaIncidentId: (t: TicketView, _args: unknown, ctx: Ctx) => ctx.app.ticketSlaLink.incidentOfTicket(t.id),
    },
    SLAIncident: {
      async ticket(i: SlaIncident, _args: unknown, ctx: Ctx) {
        const ticketId = await ctx.app.ticketSlaLink.ticketOfIncident(i.id);
        if (ticketId === null) return null;
        try {
          return await ctx.app.tickets.authorize(authorize(ctx.viewer, 'ticket:read'), ticketId, 'read');
        } catch (error) {
          // The incident is visible, the ticket need not be: leave it out rather than fail the incident.
          if (error instanceof AppError && (error.code === ErrorCode.NotFound || error.code === ErrorCode.Forbidden)) return null;
          throw error;
        }
      },
    },
  },
};
