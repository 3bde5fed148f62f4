/**
 * The notifications module: the in-app notification center, the notices a service status change
 * causes (staged in the batch of that change), the `notification.created` webhook event, and the
 * tidying after a person's deletion.
 */
import type { CoreServices } from '../../core/coreServices.js';
import { namedStream, type ProductModule } from '../../platform/modules/module.js';
import { notificationsSchema as notificationsMigration } from './migrations/0008_notifications.js';
import { NotificationCenter, notificationsTable } from './notificationCenter.js';
import { notificationSchema, type NotificationServices } from './notificationSchema.js';
import { notificationSource } from './notificationWebhookEvents.js';
import { serviceStatusNotices } from './serviceStatusNotices.js';
import { notificationSettingsSchema as notificationSettingsMigration } from './migrations/0018_notification_settings.js';
import { NotificationSettings, notificationSettingsTable } from './notificationSettings.js';
import { notificationSettingsSchema, type NotificationSettingsServices } from './notificationSettingsSchema.js';

/** The kinds of notification core sends (serviceStatusNotices.ts); plugins register theirs. */
const CORE_KINDS = [
  { type: 'service.down', description: 'A service you own, or your team owns, went DOWN' },
  { type: 'service.degraded', description: 'A service you own, or your team owns, became DEGRADED' },
  { type: 'service.up', description: 'A service you own, or your team owns, recovered' },
] as const;

export const notificationsModule: ProductModule<
  Pick<CoreServices, 'fleet' | 'users' | 'groups'>,
  NotificationServices & NotificationSettingsServices
> = {
  name: 'notifications',
  streams: [
    // `notificationReceived`: each person hears their own notifications as they are created.
    namedStream({
      field: 'notificationReceived',
      on: 'notification.created',
      visibility: 'personal',
      channel: (subscriber) => `notifications:${subscriber.userId}`,
      publish: ({ notification }) => ({
        channel: `notifications:${notification.userId}`,
        payload: { event: 'notification:new', notification },
      }),
    }),
  ],
  migrations: [notificationsMigration, notificationSettingsMigration],
  tables: [notificationsTable, notificationSettingsTable],
  schema: [notificationSchema, notificationSettingsSchema],
  webhookEvents: [notificationSource],
  metrics: [
    {
      name: 'svc_notifications_total',
      kind: 'counter',
      help: 'In-app notifications by outcome: created (committed), switched_off (the person turned the type off)',
      labels: { outcome: ['created', 'switched_off'] },
    },
  ],
  create(kit, { fleet, users, groups }) {
    const settings = new NotificationSettings({ knex: kit.knex, writer: kit.writer, clock: kit.clock });
    for (const kind of CORE_KINDS) settings.registerKind(kind);
    const center = new NotificationCenter({
      knex: kit.knex,
      writer: kit.writer,
      bus: kit.bus,
      clock: kit.clock,
      newId: kit.newId,
      isPerson: (userId) => users.get(userId) !== undefined,
      wants: (userId, type) => settings.wants(userId, type),
    });
    kit.metrics.collect('svc_notifications_total', () => [
      { labels: { outcome: 'created' }, value: center.stats.created },
      { labels: { outcome: 'switched_off' }, value: center.stats.switchedOff },
    ]);
    const directory = { services: fleet.services, users, groups };
    return {
      services: { notifications: center, notificationSettings: settings },
      hydrate: () => settings.hydrate(),
      // Cluster mode: notification choices made through any instance (docs/adr/0068).
      shared: [settings.shared()],
      busHandlers: {
        staged(event) {
          // Notifications have no foreign key to users (see the migration): they go in the deletion's commit.
          if (event.type === 'user.deleted') {
            center.forgetPerson(event.user.id);
            settings.forgetPerson(event.user.id);
            return;
          }
          if (event.type !== 'service.status_changed') return;
          for (const notice of serviceStatusNotices(event, directory)) center.notify(notice, event.origin);
        },
      },
    };
  },
};
