/** Signing in and sessions over GraphQL (SPEC.md "People: JWT"). */
import type { CoreServices } from '../coreServices.js';
import { AppError, ErrorCode } from '../../platform/errors/catalog.js';
import type { SchemaModule } from '../../platform/graphql/module.js';
import type { AuthPayload } from './authService.js';
import { authorize, requireViewer } from './roles.js';
import type { SessionRecord } from './sessionStore.js';
import { asSelf } from '../people/selfView.js';

export const authSchema: SchemaModule<CoreServices> = {
  typeDefs: /* GraphQL */ `
    "Result of login, refreshToken and extendSession."
    type AuthPayload {
      "Bearer token for /graphql and /graphql/ws; lives 15 minutes."
      accessToken: String!
      "The same value as accessToken, for older clients."
      token: String!
      "Exchanged by the refreshToken mutation for a new pair; lives 7 days and works once."
      refreshToken: String!
      expiresAt: DateTime!
      refreshExpiresAt: DateTime!
      sessionId: ID!
      user: User!
    }

    type Session {
      id: ID!
      createdAt: DateTime!
      lastUsedAt: DateTime!
      expiresAt: DateTime!
      clientAddress: String
      userAgent: String
      "True for the session of the token that asks."
      current: Boolean!
    }

    type PasswordReset {
      "One-time token for setPasswordWithToken; shown only here."
      token: String!
      expiresAt: DateTime!
      user: User!
    }

    extend type Query {
      "The signed-in user."
      me: User
      "The caller's open sessions, newest first."
      mySessions: [Session!]!
    }

    extend type Mutation {
      "Sign in with a username or an email address."
      login(username: String, email: String, password: String!): AuthPayload!
      "Exchange a refresh token for a new pair. Each refresh token works once."
      refreshToken(refreshToken: String!): AuthPayload!
      "End the caller's session."
      logout: Boolean!
      "End one session: your own, or anyone's for an admin."
      revokeSession(sessionId: ID!): Boolean!
      "End a user's sessions (default: the caller's, except the current one). Returns how many ended."
      revokeAllSessions(userId: ID, includeCurrent: Boolean = false): Int!
      "A new token pair for the current session, moving its expiry 7 days out."
      extendSession: AuthPayload!
      "Change your own password; your other sessions end."
      changePassword(currentPassword: String!, newPassword: String!): Boolean!
      "Admin: a one-time token with which the user sets a new password (valid 24 hours)."
      resetPassword(userId: ID!): PasswordReset!
      "Set a new password with a token from resetPassword; all of that user's sessions end."
      setPasswordWithToken(token: String!, newPassword: String!): Boolean!
    }
  `,
  resolvers: {
    AuthPayload: {
      token: (p: AuthPayload) => p.accessToken,
      // The person signing in sees their own private fields even though the request had no token.
      user: (p: AuthPayload) => asSelf(p.user),
    },
    Session: {
      current: (s: SessionRecord, _args: unknown, ctx) => ctx.viewer?.sessionId === s.id,
    },
    PasswordReset: {
      user: (p: { userId: string }, _args: unknown, ctx) => ctx.app.users.get(p.userId),
    },
    Query: {
      me: (_root, _args, ctx) => ctx.app.users.get(requireViewer(ctx.viewer).userId),
      mySessions: (_root, _args, ctx) => ctx.app.sessions.openSessionsOf(requireViewer(ctx.viewer).userId, ctx.app.clock.now()),
    },
    Mutation: {
      login(_root, args: { username?: string | null; email?: string | null; password: string }, ctx) {
        const login = args.username ?? args.email;
        if (!login) throw new AppError(ErrorCode.BadRequest, 'send username (or email) and password');
        return ctx.app.auth.login(login, args.password, ctx.client);
      },
      refreshToken: (_root, args: { refreshToken: string }, ctx) => ctx.app.auth.refresh(args.refreshToken),
      logout: (_root, _args, ctx) => ctx.app.auth.logout(requireViewer(ctx.viewer)),
      revokeSession(_root, args: { sessionId: string }, ctx) {
        const viewer = requireViewer(ctx.viewer);
        const session = ctx.app.sessions.get(args.sessionId);
        if (!session) throw new AppError(ErrorCode.NotFound, `no session with id ${args.sessionId}`);
        if (session.userId !== viewer.userId) authorize(viewer, 'session:manage-others');
        return ctx.app.auth.revokeSession(session.id);
      },
      revokeAllSessions(_root, args: { userId?: string | null; includeCurrent?: boolean | null }, ctx) {
        const viewer = requireViewer(ctx.viewer);
        const userId = args.userId ?? viewer.userId;
        if (userId !== viewer.userId) authorize(viewer, 'session:manage-others');
        ctx.app.users.require(userId);
        const keep = userId === viewer.userId && !args.includeCurrent ? viewer.sessionId : null;
        return ctx.app.auth.revokeAllSessions(userId, keep);
      },
      extendSession: (_root, _args, ctx) => ctx.app.auth.extend(requireViewer(ctx.viewer)),
      changePassword: (_root, args: { currentPassword: string; newPassword: string }, ctx) =>
        ctx.app.auth.changePassword(requireViewer(ctx.viewer), args.currentPassword, args.newPassword, ctx.client),
      async resetPassword(_root, args: { userId: string }, ctx) {
        authorize(ctx.viewer, 'user:manage');
        const issued = await ctx.app.auth.issuePasswordReset(args.userId);
        return { ...issued, userId: args.userId };
      },
      setPasswordWithToken: (_root, args: { token: string; newPassword: string }, ctx) =>
        ctx.app.auth.setPasswordWithToken(args.token, args.newPassword, ctx.client),
    },
  },
};
