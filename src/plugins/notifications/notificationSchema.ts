/** A person's own in-app notifications (SPEC.md core queries and mutations). */
import { requireViewer } from '../../core/auth/roles.js';
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import type { SchemaModule } from '../../platform/graphql/module.js';
import { pageArgs, readPage } from '../../platform/graphql/pagination.js';
import type { NotificationCenter } from './notificationCenter.js';

/** What the notifications module's resolvers read from `ctx.app`. */
export interface NotificationServices {
  readonly notifications: NotificationCenter;
}

export const notificationSchema: SchemaModule<NotificationServices> = {
  typeDefs: /* GraphQL */ `
    type Notification {
      id: ID!
      "What it is about, e.g. service.down, service.degraded, service.up; plugins add their kinds."
      type: String!
      title: String!
      message: String!
      "The entity it is about (service, ticket, ...), when there is one."
      entityType: String
      entityId: ID
      read: Boolean!
      readAt: DateTime
      createdAt: DateTime!
    }

    extend type Query {
      "Your notifications, newest first."
      notifications(unreadOnly: Boolean = false, ${pageArgs}): [Notification!]!
      unreadNotificationCount: Int!
    }

    extend type Mutation {
      markNotificationRead(id: ID!): Notification!
      "Returns how many were unread."
      markAllNotificationsRead: Int!
      deleteNotification(id: ID!): Boolean!
      "Deletes all your notifications; returns how many."
      clearAllNotifications: Int!
    }
  `,
  resolvers: {
    Notification: {
      read: (n: { readAt?: string | null }) => (n.readAt ?? null) !== null,
      readAt: (n: { readAt?: string | null }) => n.readAt ?? null,
    },
    Query: {
      notifications(_root, args: { unreadOnly?: boolean | null; limit?: number; offset?: number }, ctx) {
        const viewer = requireViewer(ctx.viewer);
        return ctx.app.notifications.list(viewer.userId, { unreadOnly: args.unreadOnly ?? false, ...readPage(args) });
      },
      unreadNotificationCount: (_root, _args, ctx) => ctx.app.notifications.unreadCount(requireViewer(ctx.viewer).userId),
    },
    Mutation: {
      async markNotificationRead(_root, args: { id: string }, ctx) {
        const viewer = requireViewer(ctx.viewer);
        const marked = isUuid(args.id) ? await ctx.app.notifications.markRead(viewer.userId, args.id) : null;
        if (!marked) throw new AppError(ErrorCode.NotFound, `you have no notification ${args.id}`);
        return marked;
      },
      markAllNotificationsRead: (_root, _args, ctx) => ctx.app.notifications.markAllRead(requireViewer(ctx.viewer).userId),
      async deleteNotification(_root, args: { id: string }, ctx) {
        const viewer = requireViewer(ctx.viewer);
        if (!isUuid(args.id) || !(await ctx.app.notifications.delete(viewer.userId, args.id)))
          throw new AppError(ErrorCode.NotFound, `you have no notification ${args.id}`);
        return true;
      },
      clearAllNotifications: (_root, _args, ctx) => ctx.app.notifications.clear(requireViewer(ctx.viewer).userId),
    },
  },
};

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
