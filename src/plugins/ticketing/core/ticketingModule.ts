/**
 * The ticket core as a module behind the `ticketing` licence gate:
 * tickets as actors of the actor host, one machine per workflow (compiled from the catalog's
 * workflows), their SLA clocks and breach timers, numbers, the `tickets` directory the plugin's
 * other parts consult, the command layer they (and the SLA link) call, GraphQL, realtime entity
 * events and webhook events. Comes after the catalog module, whose reader and step runner it uses.
 * docs/adr/0040-ticket-core.md has the rules; docs/ticketing-roles.md who may do what.
 */
import type { TicketView } from '../ticketContract.js';
import type { RealtimeServices } from '../../realtime/realtimeSchema.js';
import type { ProductModule } from '../../../platform/modules/module.js';
import { ticketsSchema } from './migrations/0015_tickets.js';
import { mayAct } from './ticketAccess.js';
import { TicketCommands } from './ticketCommands.js';
import { TicketDirectoryService } from './ticketDirectory.js';
import { ticketEntityTypes, ticketEventPublisher, ticketWebhookSource } from './ticketEvents.js';
import type { TicketingNeeds, TicketingServices } from './ticketingContext.js';
import { TicketNumbers } from './ticketNumbers.js';
import { readOpenTickets } from './ticketQueries.js';
import { TicketRegistry } from './ticketRegistry.js';
import { ticketSchema } from './ticketSchema.js';
import { rowToStored, TICKET_TABLES, ticketsTable } from './ticketTables.js';
import { ADMIN, EVERYONE, STAFF, type ActionsOf, type PermissionDeclarations, type Viewer } from '../../../core/auth/roles.js';

/**
 * The ticketing plugin's actions and the roles allowed each by default. Every signed-in person may use
 * the plugin; who may read or change one ticket is decided per ticket (docs/ticketing-roles.md,
 * ticketAccess.ts). Each ticket action is also a policy action, so permission rules can take it away
 * from a role or a group (docs/access.md): the per-ticket standing still decides within what the
 * policy allows.
 */
export const ticketPermissions = {
  'ticket:read': EVERYONE,
  'ticket:create': EVERYONE,
  'ticket:update': EVERYONE,
  'ticket:comment': EVERYONE,
  'ticket:transition': EVERYONE,
  'ticket:assign': EVERYONE,
  'ticket:delete': STAFF,
  'ticket:restore': ADMIN,
  'ticket:attach': EVERYONE,
  'ticket:watch': EVERYONE,
  'ticket:link': EVERYONE,
  'ticket:log-work': EVERYONE,
} as const satisfies PermissionDeclarations;

declare module '../../../platform/modules/permissions.js' {
  interface ActionMap extends ActionsOf<typeof ticketPermissions> {}
}

// The licence plugin this module and its companions are gated by (`plugin: 'ticketing'`).
declare module '../../../platform/modules/pluginNames.js' {
  interface PluginNameMap {
    ticketing: true;
  }
}

export const ticketingModule: ProductModule<TicketingNeeds & Pick<RealtimeServices, 'realtime'>, TicketingServices> = {
  name: 'ticketing',
  permissions: ticketPermissions,
  plugin: 'ticketing',
  migrations: [ticketsSchema],
  tables: TICKET_TABLES,
  schema: [ticketSchema],
  webhookEvents: [ticketWebhookSource],
  create(kit, { ticketingCatalog, workflowSteps, users, groups, fleet, realtime }) {
    const ticketRegistry = new TicketRegistry({
      writer: kit.writer,
      bus: kit.bus,
      scheduler: kit.clock,
      catalog: ticketingCatalog,
      steps: workflowSteps,
      newId: kit.newId,
      onError: (error, where) => kit.logger.error('ticket step failed', { where, error }),
    });
    const numbers = new TicketNumbers(kit.writer, kit.sharedState);
    const tickets = new TicketDirectoryService({
      registry: ticketRegistry,
      knex: kit.knex,
      writer: kit.writer,
      clock: kit.clock,
      catalog: ticketingCatalog,
      groups,
      services: fleet.services,
    });
    const ticketCommands = new TicketCommands({
      registry: ticketRegistry,
      numbers,
      catalog: ticketingCatalog,
      users,
      groups,
      services: fleet.services,
      writer: kit.writer,
      knex: kit.knex,
      clock: kit.clock,
      newId: kit.newId,
    });
    const mayRead = (viewer: Viewer, ticket: TicketView) => mayAct(viewer, ticket, 'read', groups, tickets.placeOf);
    return {
      services: { tickets, ticketCommands, ticketRegistry },
      // svc_entities{type="ticket"}: the open tickets held in memory (closed ones leave it).
      entityTypes: ticketEntityTypes({ held: (id) => tickets.held(id), mayRead, placeOf: tickets.placeOf }).map((type) => ({
        ...type,
        held: () => ticketRegistry.size,
      })),
      async hydrate() {
        await numbers.hydrate(kit.knex);
        let lost = 0;
        for (const row of await readOpenTickets(kit.knex)) if (!ticketRegistry.load(row)) lost += 1;
        if (lost > 0) kit.logger.error('tickets left out at start: their workflow no longer has their state', { tickets: lost });
      },
      // Cluster mode: ticket numbers taken through any instance (docs/adr/0068).
      shared: numbers.shared,
      busHandlers: { committed: ticketEventPublisher(realtime, tickets.placeOf, mayRead) },
      // Cluster mode's read model (docs/adr/0065): a ticket is sharded by its id; its events go with it.
      replicas: [
        {
          table: ticketsTable.name,
          shardKey: (row) => String(row['id']),
          apply: (row) => ticketRegistry.adopt(rowToStored(row)),
          remove: (key) => ticketRegistry.forget(String(key['id'])),
        },
      ],
      eventShardKey: (event) => {
        const ticket = (event as { readonly ticket?: { readonly id?: unknown } }).ticket;
        return event.type.startsWith('ticket.') && typeof ticket?.id === 'string' ? ticket.id : undefined;
      },
    };
  },
};
