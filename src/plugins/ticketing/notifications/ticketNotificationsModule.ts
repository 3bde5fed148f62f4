/**
 * Ticket notifications as a module behind the `ticketing` licence gate: on the
 * ticket domain events it stages notices for the requester, assignee and watchers
 * (ticketNotices.ts) in the batch of the change, through the core's notification center (so they
 * get `notification:new` / `notificationReceived` and the `notification.created` webhook), and
 * registers the ticket kinds with the notification settings. Its bus handler is not gated: a
 * scheduled SLA breach notifies even while nobody calls the API (src/platform/modules/README.md).
 */
import type { CoreServices } from '../../../core/coreServices.js';
import type { ProductModule } from '../../../platform/modules/module.js';
import type { NotificationServices } from '../../notifications/notificationSchema.js';
import type { NotificationSettingsServices } from '../../notifications/notificationSettingsSchema.js';
import type { PolicyServices } from '../../policy/policySchema.js';
import type { TicketConversationServices } from '../conversation/conversationSchema.js';
import { viewerOf } from '../conversation/ticketWatching.js';
import type { TicketChangeEvent, TicketDirectory } from '../ticketContract.js';
import { TICKET_NOTIFICATION_KINDS, isTicketNoticeKind, ticketNotices, type NoticeDirectory } from './ticketNotices.js';

type Needs = Pick<CoreServices, 'users'> &
  PolicyServices &
  NotificationServices &
  NotificationSettingsServices &
  TicketConversationServices & { readonly tickets: TicketDirectory };

export const ticketNotificationsModule: ProductModule<Needs> = {
  name: 'ticketNotifications',
  plugin: 'ticketing',
  create(_kit, { users, policy, notifications, notificationSettings, ticketConversation, tickets }) {
    for (const kind of TICKET_NOTIFICATION_KINDS) notificationSettings.registerKind(kind);
    const directory: NoticeDirectory = {
      // With the policy engine's decisions: a person is told only of tickets at places they may see.
      viewerOf: (userId) => viewerOf(users, userId, (id, role) => policy.accessOf(id, role)),
      canRead: (viewer, ticket) => tickets.can(viewer, ticket, 'read'),
      watcherIds: (ticketId) => ticketConversation.watcherIds(ticketId),
    };
    return {
      services: {},
      busHandlers: {
        staged(event) {
          if (!isTicketNoticeKind(event.type)) return;
          const change = event as TicketChangeEvent;
          for (const notice of ticketNotices(change, directory)) notifications.notify(notice, change.origin);
        },
      },
    };
  },
};
