/**
 * The notifications module: the in-app notification center, the notices a service status change
 * causes (staged in the batch of that change), the `notification.created` webhook event, and the
 * tidying after a person's deletion.
 */
import type { CoreServices } from '../graphql/context.js';
import type { ProductModule } from '../modules/module.js';
import { notificationsSchema as notificationsMigration } from './migrations/0008_notifications.js';
import { NotificationCenter, notificationsTable } from './notificationCenter.js';
import { notificationSchema, type NotificationServices } from './notificationSchema.js';
import { notificationSource } from './notificationWebhookEvents.js';
import { serviceStatusNotices } from './serviceStatusNotices.js';

export const notificationsModule: ProductModule<Pick<CoreServices, 'fleet' | 'users' | 'groups'>, NotificationServices> = {
  name: 'notifications',
  migrations: [notificationsMigration],
  tables: [notificationsTable],
  schema: [notificationSchema],
  webhookEvents: [notificationSource],
  create(kit, { fleet, users, groups }) {
    const center = new NotificationCenter({
      knex: kit.knex, writer: kit.writer, bus: kit.bus, clock: kit.clock, newId: kit.newId, isPerson: (userId) => users.get(userId) !== undefined,
    });
    const directory = { services: fleet.services, users, groups };
    return {
      services: { notifications: center },
      busHandlers: {
        staged(event) {
          // Notifications have no foreign key to users (see the migration): they go in the deletion's commit.
          if (event.type === 'user.deleted') {
            center.forgetPerson(event.user.id);
            return;
          }
          if (event.type !== 'service.status_changed') return;
          for (const notice of serviceStatusNotices(event, directory)) center.notify(notice, event.origin);
        },
      },
    };
  },
};
