/**
 * The SLA link as a module: an SLA outage under a definition that asks for it
 * raises an INCIDENT ticket, the recovery comments on it, and the link reads both ways in GraphQL.
 *
 * Two plugins: the module is gated on `ticketing` (its fields answer PLUGIN_INACTIVE while ticketing
 * is off, whatever `sla` says), and its background work stays idle unless BOTH `ticketing` and `sla`
 * are active, asked at every event: no tickets from outages while either is off. Listed after the
 * ticketing modules, whose commands and conversation it calls, and after the SLA model.
 * docs/adr/0044-sla-meets-itsm.md has the rules.
 */
import type { CoreServices } from '../../../core/coreServices.js';
import type { ProductModule } from '../../../platform/modules/module.js';
import type { SlaServices } from '../../sla/slaContext.js';
import type { TicketConversationServices } from '../conversation/conversationSchema.js';
import type { TicketingServices } from '../core/ticketingContext.js';
import type { TicketingCatalogReader } from '../ticketContract.js';
import { ownsKey } from '../../../platform/persistence/shardRouting.js';
import { slaTicketLinkSchema } from './migrations/0023_sla_ticket_link.js';
import { slaLinkSchema } from './slaLinkSchema.js';
import { SLA_LINK_TABLES } from './slaLinkTables.js';
import { SlaTicketLink } from './slaTicketLink.js';

type Needs = Pick<CoreServices, 'fleet'> &
  SlaServices &
  Pick<TicketingServices, 'tickets' | 'ticketCommands'> &
  TicketConversationServices & { readonly ticketingCatalog: TicketingCatalogReader };

export interface SlaLinkServices {
  readonly ticketSlaLink: SlaTicketLink;
}

export const ticketSlaLinkModule: ProductModule<Needs, SlaLinkServices> = {
  name: 'ticketSlaLink',
  plugin: 'ticketing',
  migrations: [slaTicketLinkSchema],
  tables: SLA_LINK_TABLES,
  schema: [slaLinkSchema],
  create(kit, { fleet, sla, tickets, ticketCommands, ticketConversation, ticketingCatalog }) {
    const { routing } = kit.writer;
    const ticketSlaLink = new SlaTicketLink({
      sla,
      services: fleet.services,
      tickets,
      ticketCommands,
      catalog: ticketingCatalog,
      conversation: { addSystemComment: (id, text, origin) => ticketConversation.addSystemComment(id, text, origin) },
      writer: kit.writer,
      knex: kit.knex,
      clock: kit.clock,
      logger: kit.logger,
      active: () => kit.plugins.isActive('ticketing') && kit.plugins.isActive('sla'),
      ...(routing
        ? {
            owns: {
              service: (id: string) => ownsKey(routing, fleet.services.shardKeyOf(id) ?? id),
              ticket: (id: string) => ownsKey(routing, id),
            },
          }
        : {}),
    });
    routing?.onTaken(() => ticketSlaLink.shardsTaken());
    return {
      services: { ticketSlaLink },
      hydrate: () => ticketSlaLink.hydrate(),
      // Cluster mode: the links other instances commit, waiting for their recovery or recovered (docs/adr/0068).
      shared: [ticketSlaLink.sharedRows()],
      busHandlers: { staged: (event) => ticketSlaLink.staged(event), committed: (event) => ticketSlaLink.committed(event) },
      start: () => ticketSlaLink.reconcile(),
      // Raising a ticket under way finishes before the writer's final flush.
      stop: () => ticketSlaLink.idle(),
    };
  },
};
