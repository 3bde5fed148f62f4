/**
 * Comments, worklog, watchers and relations of tickets over GraphQL (SPEC.md ticketing queries and
 * mutations). Resolvers read the viewer and call the conversation service, which validates the
 * input and asks the ticket directory. The `ticketing` gate is applied by the composer.
 */
import { requireViewer } from '../../../core/auth/roles.js';
import type { GraphQLContext } from '../../../platform/graphql/context.js';
import type { SchemaModule } from '../../../platform/graphql/module.js';
import { pageArgs, readPage } from '../../../platform/graphql/pagination.js';
import type { UserDirectory } from '../../../core/people/userDirectory.js';
import type { TicketComment, TicketWatch, WorklogEntry } from './conversationTables.js';
import type { TicketConversation } from './ticketConversation.js';
import type { RelationView } from './ticketLinking.js';

/** What the conversation's resolvers read from `ctx.app`. */
export interface TicketConversationServices {
  readonly ticketConversation: TicketConversation;
}

type Ctx = GraphQLContext<TicketConversationServices & { readonly users: UserDirectory }>;
type PageArgs = { limit?: number | null; offset?: number | null };

const person = (id: string | null, ctx: Ctx) => (id === null ? null : (ctx.app.users.get(id) ?? null));

export const conversationSchema: SchemaModule<TicketConversationServices & { readonly users: UserDirectory }> = {
  typeDefs: /* GraphQL */ `
    "A comment on a ticket. A system comment (the SLA link's) has no author."
    type TicketComment {
      id: ID!
      ticketId: ID!
      "Null for a system comment, or when its author has been deleted (authorId stays)."
      author: User
      authorId: ID
      system: Boolean!
      body: String!
      createdAt: DateTime!
      "When it was last edited; null when never."
      editedAt: DateTime
      editedBy: User
    }

    type TicketCommentPage {
      comments: [TicketComment!]!
      "Comments on the ticket in all."
      total: Int!
    }

    type TicketWorklogEntry {
      id: ID!
      ticketId: ID!
      author: User
      authorId: ID!
      minutes: Int!
      note: String
      workedAt: DateTime!
      createdAt: DateTime!
    }

    type TicketWorklog {
      ticketId: ID!
      "Most recent work first."
      entries: [TicketWorklogEntry!]!
      "Over every entry of the ticket, not only this page."
      totalMinutes: Int!
      count: Int!
    }

    type TicketWatcher {
      ticketId: ID!
      userId: ID!
      user: User
      "Who added them: themselves, or an operator or admin."
      addedBy: User
      since: DateTime!
    }

    "How a ticket relates to another, seen from the ticket (A BLOCKS B is B BLOCKED_BY A)."
    enum TicketRelationType {
      RELATES_TO
      DUPLICATES
      DUPLICATED_BY
      BLOCKS
      BLOCKED_BY
      PARENT_OF
      CHILD_OF
    }

    type TicketRelation {
      id: ID!
      "The ticket it is seen from."
      ticketId: ID!
      type: TicketRelationType!
      relatedTicketId: ID!
      relatedTicket: Ticket
      createdBy: User
      createdAt: DateTime!
    }

    extend type Query {
      "A ticket's comments, oldest first."
      ticketComments(ticketId: ID!, ${pageArgs}): TicketCommentPage!
      ticketWorklog(ticketId: ID!, ${pageArgs}): TicketWorklog!
      ticketWatchers(ticketId: ID!): [TicketWatcher!]!
      "The ticket's relations to tickets you may read (deleted tickets left out), oldest first."
      ticketRelations(ticketId: ID!): [TicketRelation!]!
    }

    extend type Mutation {
      "Body: 1 byte to 64 KiB of UTF-8. Watchers, requester and assignee are notified."
      addTicketComment(ticketId: ID!, body: String!): TicketComment!
      "Its author, or an admin; the edit time is kept."
      editTicketComment(id: ID!, body: String!): TicketComment!
      "Its author, an operator or an admin; the comment is gone (the audit trail records the delete)."
      deleteTicketComment(id: ID!): Boolean!
      "minutes: 1 to 10080 (a week); workedAt defaults to now, not in the future, at most 366 days back."
      logTicketWork(ticketId: ID!, minutes: Int!, note: String, workedAt: DateTime): TicketWorklogEntry!
      "Its author, an operator or an admin."
      deleteTicketWorklog(id: ID!): Boolean!
      "Watch a ticket yourself; operators and admins may add someone who can read it (userId)."
      watchTicket(ticketId: ID!, userId: ID): TicketWatcher!
      "Stop watching (true when you were); operators and admins may remove someone else (userId)."
      unwatchTicket(ticketId: ID!, userId: ID): Boolean!
      "One relation per pair of tickets; a ticket has at most one parent and no parent cycle. You must be allowed to link both."
      linkTickets(sourceId: ID!, targetId: ID!, type: TicketRelationType!): TicketRelation!
      "NOT_FOUND when the two are not linked."
      unlinkTickets(sourceId: ID!, targetId: ID!): Boolean!
    }
  `,
  resolvers: {
    TicketComment: {
      author: (c: TicketComment, _args: unknown, ctx: Ctx) => person(c.authorId, ctx),
      system: (c: TicketComment) => c.authorId === null,
      editedBy: (c: TicketComment, _args: unknown, ctx: Ctx) => person(c.editedBy, ctx),
    },
    TicketWorklogEntry: {
      author: (w: WorklogEntry, _args: unknown, ctx: Ctx) => person(w.authorId, ctx),
    },
    TicketWatcher: {
      user: (w: TicketWatch, _args: unknown, ctx: Ctx) => person(w.userId, ctx),
      addedBy: (w: TicketWatch, _args: unknown, ctx: Ctx) => person(w.addedBy, ctx),
      since: (w: TicketWatch) => w.createdAt,
    },
    TicketRelation: {
      relatedTicketId: (r: RelationView) => r.otherId,
      relatedTicket: (r: RelationView) => r.other,
      createdBy: (r: RelationView, _args: unknown, ctx: Ctx) => person(r.createdBy, ctx),
    },
    Query: {
      ticketComments: (_root, args: { ticketId: string } & PageArgs, ctx) =>
        ctx.app.ticketConversation.commentsOf(requireViewer(ctx.viewer), args.ticketId, readPage(args)),
      ticketWorklog: (_root, args: { ticketId: string } & PageArgs, ctx) =>
        ctx.app.ticketConversation.worklogOf(requireViewer(ctx.viewer), args.ticketId, readPage(args)),
      ticketWatchers: (_root, args: { ticketId: string }, ctx) =>
        ctx.app.ticketConversation.watchersOf(requireViewer(ctx.viewer), args.ticketId),
      ticketRelations: (_root, args: { ticketId: string }, ctx) =>
        ctx.app.ticketConversation.relationsOf(requireViewer(ctx.viewer), args.ticketId),
    },
    Mutation: {
      addTicketComment: (_root, args: { ticketId: string; body: string }, ctx) =>
        ctx.app.ticketConversation.addComment(requireViewer(ctx.viewer), args.ticketId, args.body),
      editTicketComment: (_root, args: { id: string; body: string }, ctx) =>
        ctx.app.ticketConversation.editComment(requireViewer(ctx.viewer), args.id, args.body),
      deleteTicketComment: (_root, args: { id: string }, ctx) =>
        ctx.app.ticketConversation.deleteComment(requireViewer(ctx.viewer), args.id),
      logTicketWork: (_root, args: { ticketId: string; minutes: number; note?: string | null; workedAt?: number | null }, ctx) =>
        ctx.app.ticketConversation.logWork(requireViewer(ctx.viewer), args.ticketId, {
          minutes: args.minutes,
          note: args.note,
          workedAt: args.workedAt,
        }),
      deleteTicketWorklog: (_root, args: { id: string }, ctx) =>
        ctx.app.ticketConversation.deleteWorklog(requireViewer(ctx.viewer), args.id),
      watchTicket: (_root, args: { ticketId: string; userId?: string | null }, ctx) =>
        ctx.app.ticketConversation.watch(requireViewer(ctx.viewer), args.ticketId, args.userId ?? null),
      unwatchTicket: (_root, args: { ticketId: string; userId?: string | null }, ctx) =>
        ctx.app.ticketConversation.unwatch(requireViewer(ctx.viewer), args.ticketId, args.userId ?? null),
      linkTickets: (_root, args: { sourceId: string; targetId: string; type: string }, ctx) =>
        ctx.app.ticketConversation.link(requireViewer(ctx.viewer), args.sourceId, args.targetId, args.type),
      unlinkTickets: (_root, args: { sourceId: string; targetId: string }, ctx) =>
        ctx.app.ticketConversation.unlink(requireViewer(ctx.viewer), args.sourceId, args.targetId),
    },
  },
};
