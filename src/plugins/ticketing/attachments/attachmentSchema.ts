/** GraphQL of attachments: `ticketAttachments(ticketId)` and `deleteTicketAttachment(id)`; uploads and downloads are REST. */
import { requireViewer } from '../../../core/auth/roles.js';
import { AppError, ErrorCode } from '../../../platform/errors/catalog.js';
import type { GraphQLContext } from '../../../platform/graphql/context.js';
import type { SchemaModule } from '../../../platform/graphql/module.js';
import type { AttachmentsContext } from './attachmentsContext.js';
import { downloadPath } from './attachmentRoutes.js';
import type { Attachment } from './attachmentTables.js';

type Ctx = GraphQLContext<AttachmentsContext>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function uuidArg(value: string, name: string): string {
  if (!UUID.test(value)) throw new AppError(ErrorCode.BadRequest, `${name} must be a UUID, got ${JSON.stringify(value.slice(0, 60))}`);
  return value.toLowerCase();
}

export const attachmentSchema: SchemaModule<AttachmentsContext> = {
  typeDefs: /* GraphQL */ `
    "A file attached to a ticket. Upload with POST /api/v1/tickets/{ticketId}/attachments (multipart); download from downloadUrl."
    type TicketAttachment {
      id: ID!
      ticketId: ID!
      "A display name, as uploaded (made safe); never a path on the server."
      fileName: String!
      "As recorded from the upload; active content (HTML, SVG, XML, JavaScript) is served as application/octet-stream."
      contentType: String!
      "Bytes."
      size: Float!
      "SHA-256 of the content, lower-case hex."
      sha256: String!
      uploadedBy: User
      createdAt: DateTime!
      "GET it with the access token: Authorization: Bearer <accessToken>."
      downloadUrl: String!
    }

    extend type Query {
      "The ticket's attachments, oldest first (NOT_FOUND when you may not read the ticket)."
      ticketAttachments(ticketId: ID!): [TicketAttachment!]!
    }

    extend type Mutation {
      "Deletes the attachment and its content: its uploader, an operator or an admin may."
      deleteTicketAttachment(id: ID!): Boolean!
    }
  `,
  resolvers: {
    TicketAttachment: {
      size: (a: Attachment) => a.sizeBytes,
      uploadedBy: (a: Attachment, _args: unknown, ctx: Ctx) => ctx.app.users.get(a.uploadedBy) ?? null,
      downloadUrl: (a: Attachment) => downloadPath(a.id),
    },
    Query: {
      ticketAttachments: (_root, args: { ticketId: string }, ctx) =>
        ctx.app.ticketAttachments.list(requireViewer(ctx.viewer), uuidArg(args.ticketId, 'ticketId')),
    },
    Mutation: {
      deleteTicketAttachment: (_root, args: { id: string }, ctx) =>
        ctx.app.ticketAttachments.delete(requireViewer(ctx.viewer), uuidArg(args.id, 'id')),
    },
  },
};
