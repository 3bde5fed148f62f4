/**
 * The ticket conversation as a module behind the `ticketing` licence gate:
 * comments, worklog, watchers and typed relations of tickets, over the contract's ticket directory
 * (`tickets`), never the core's tables or machines. Provides `ticketConversation`, which the ticket
 * notifications (watchers) and the SLA link (`addSystemComment`) use.
 */
import type { CoreServices } from '../../../core/coreServices.js';
import type { ProductModule } from '../../../platform/modules/module.js';
import type { PolicyServices } from '../../policy/policySchema.js';
import type { TicketDirectory } from '../ticketContract.js';
import { conversationSchema, type TicketConversationServices } from './conversationSchema.js';
import { conversationTables } from './conversationTables.js';
import { ticketCommentedSource } from './conversationWebhookEvents.js';
import { ticketConversationSchema } from './migrations/0017_ticket_conversation.js';
import { TicketConversation } from './ticketConversation.js';

export const ticketConversationModule: ProductModule<
  Pick<CoreServices, 'users'> & PolicyServices & { readonly tickets: TicketDirectory },
  TicketConversationServices
> = {
  name: 'ticketConversation',
  plugin: 'ticketing',
  migrations: [ticketConversationSchema],
  tables: conversationTables,
  schema: [conversationSchema],
  webhookEvents: [ticketCommentedSource],
  create(kit, { tickets, users, policy }) {
    const ticketConversation = new TicketConversation({
      tickets,
      users,
      accessOf: (userId, role) => policy.accessOf(userId, role),
      knex: kit.knex,
      writer: kit.writer,
      bus: kit.bus,
      clock: kit.clock,
      newId: kit.newId,
    });
    return {
      services: { ticketConversation },
      hydrate: () => ticketConversation.hydrate(),
      shared: ticketConversation.shared(),
      busHandlers: {
        // Watches have no foreign key to users: they go in the commit of the person's deletion.
        staged(event) {
          if (event.type === 'user.deleted') ticketConversation.forgetPerson(event.user.id);
        },
      },
    };
  },
};
