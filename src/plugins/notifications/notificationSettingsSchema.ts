/** A person's own notification settings (SPEC.md core `notificationSettings`, `updateNotificationSettings`). */
import { requireViewer } from '../../core/auth/roles.js';
import type { SchemaModule } from '../../platform/graphql/module.js';
import type { NotificationSettings, SettingChange } from './notificationSettings.js';

export interface NotificationSettingsServices {
  readonly notificationSettings: NotificationSettings;
}

export const notificationSettingsSchema: SchemaModule<NotificationSettingsServices> = {
  typeDefs: /* GraphQL */ `
    "Whether you get one kind of notification."
    type NotificationSetting {
      "The notification type, e.g. service.down, ticket.commented."
      type: String!
      description: String!
      enabled: Boolean!
    }

    input NotificationSettingInput {
      type: String!
      enabled: Boolean!
    }

    extend type Query {
      "Every kind of notification with whether you get it; each is on until you switch it off."
      notificationSettings: [NotificationSetting!]!
    }

    extend type Mutation {
      "Switch kinds on or off (all or none: an unknown type refuses the call); answers every kind with your choice."
      updateNotificationSettings(settings: [NotificationSettingInput!]!): [NotificationSetting!]!
    }
  `,
  resolvers: {
    Query: {
      notificationSettings: (_root, _args, ctx) => ctx.app.notificationSettings.of(requireViewer(ctx.viewer).userId),
    },
    Mutation: {
      updateNotificationSettings: (_root, args: { settings: SettingChange[] }, ctx) =>
        ctx.app.notificationSettings.update(requireViewer(ctx.viewer).userId, args.settings),
    },
  },
};
