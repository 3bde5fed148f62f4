/**
 * The attachment endpoints (SPEC.md "Attachments"), all with a person's access token:
 * POST   /api/v1/tickets/{ticketId}/attachments   multipart upload, 201 `{attachments: [...]}`
 * GET    /api/v1/tickets/{ticketId}/attachments   `{attachments: [...]}`
 * GET    /api/v1/tickets/attachments/{id}         the bytes, streamed
 * The gateway has validated the UUIDs and the token; the upload is authorized before a byte of
 * its body is read, and the request is cut off at 12 MiB while streaming (the route's cap).
 */
import { AppError, ErrorCode } from '../../../platform/errors/catalog.js';
import { jsonReply, streamReply } from '../../../platform/gateway/http.js';
import { MiB, type GatewayRoute, type Route, type StreamingRoute } from '../../../platform/gateway/routes.js';
import type { Viewer } from '../../../core/auth/roles.js';
import { contentDisposition, servedContentType } from './attachmentNames.js';
import type { AttachmentService } from './attachmentService.js';
import type { Attachment } from './attachmentTables.js';

/** SPEC.md "Limits": 12 MiB per request. */
export const ATTACHMENT_REQUEST_LIMIT = 12 * MiB;

export const attachmentsPath = (ticketId: string) => `/api/v1/tickets/${ticketId}/attachments`;
export const downloadPath = (id: string) => `/api/v1/tickets/attachments/${id}`;

/** An attachment as REST and GraphQL show it. */
export function attachmentJson(a: Attachment) {
  return {
    id: a.id,
    ticketId: a.ticketId,
    fileName: a.fileName,
    contentType: a.contentType,
    size: a.sizeBytes,
    sha256: a.sha256,
    uploadedById: a.uploadedBy,
    createdAt: new Date(a.createdAt).toISOString(),
    downloadUrl: downloadPath(a.id),
  };
}

function person(viewer: Viewer | null): Viewer {
  // The gateway refuses a jwt route without a valid token before the handler runs.
  if (viewer === null) throw new AppError(ErrorCode.Unauthenticated, 'sign in first: send Authorization: Bearer <accessToken>');
  return viewer;
}

/**
 * What a download carries besides its bytes: the served type (active content as an opaque one),
 * no sniffing, always a download (never shown inline), and a sandbox should a browser render it anyway.
 */
function downloadHeaders(a: Attachment): Record<string, string> {
  return {
    'content-type': servedContentType(a.contentType),
    'x-content-type-options': 'nosniff',
    'content-disposition': contentDisposition(a.fileName),
    'content-security-policy': "default-src 'none'; sandbox",
    'cache-control': 'private, no-store',
  };
}

export function attachmentRoutes(service: AttachmentService): GatewayRoute[] {
  const upload: StreamingRoute = {
    method: 'POST',
    path: '/api/v1/tickets/{ticketId}/attachments',
    auth: 'jwt',
    rateLimited: true,
    bodyLimit: ATTACHMENT_REQUEST_LIMIT,
    body: 'stream',
    async handle({ params, viewer, body, head }) {
      const who = person(viewer);
      const ticketId = params['ticketId']!;
      await service.authorizeUpload(who, ticketId);
      const attachments = await service.upload(who, ticketId, body, head.headers['content-type']);
      return jsonReply(201, { attachments: attachments.map(attachmentJson) });
    },
  };
  const list: Route = {
    method: 'GET',
    path: '/api/v1/tickets/{ticketId}/attachments',
    auth: 'jwt',
    rateLimited: true,
    bodyLimit: 0,
    async handle({ params, viewer }) {
      const attachments = await service.list(person(viewer), params['ticketId']!);
      return jsonReply(200, { attachments: attachments.map(attachmentJson) });
    },
  };
  const download: Route = {
    method: 'GET',
    path: '/api/v1/tickets/attachments/{id}',
    auth: 'jwt',
    rateLimited: true,
    bodyLimit: 0,
    async handle({ params, viewer }) {
      const { attachment, content } = await service.download(person(viewer), params['id']!);
      return streamReply(200, { source: content, length: attachment.sizeBytes }, downloadHeaders(attachment));
    },
  };
  return [upload, list, download];
}
