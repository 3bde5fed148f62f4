/** The `ticket_attachments` table as the batch writer sees it, and the mapping of its rows. */
import type { Row, TableSpec } from '../../../platform/persistence/batchWriter.js';
import { patchSpec } from '../../../platform/persistence/tableSpec.js';
import { cols, epoch, iso } from '../../../core/storage/tables.js';

/** One stored file of a ticket (times in epoch ms). */
export interface Attachment {
  readonly id: string;
  readonly ticketId: string;
  readonly blobKey: string;
  /** A display name (attachmentNames.ts `sanitizeFileName`); never a path. */
  readonly fileName: string;
  /** As recorded from the upload; a download may be served as another (attachmentNames.ts `servedContentType`). */
  readonly contentType: string;
  readonly sizeBytes: number;
  readonly sha256: string;
  readonly uploadedBy: string;
  readonly createdAt: number;
  readonly deletedAt: number | null;
}

export const ticketAttachmentsTable: TableSpec = {
  name: 'ticket_attachments',
  key: ['id'],
  // The ticketing plugin's attachments: orders 730-739 (after the core's tables, 700-).
  order: 730,
  mode: 'upsert',
  columns: cols({
    id: 'uuid',
    ticket_id: 'uuid',
    blob_key: 'text',
    file_name: 'text',
    content_type: 'text',
    size_bytes: 'bigint',
    sha256: 'text',
    uploaded_by: 'uuid',
    created_at: 'timestamptz',
    deleted_at: 'timestamptz',
  }),
};

/** A deletion's first step: the row marked, so it is gone for readers before its blob is removed. */
export const attachmentDeletionPatch: TableSpec = patchSpec(ticketAttachmentsTable, ['deleted_at'], 731);

export function attachmentRow(a: Attachment): Row {
  return {
    id: a.id,
    ticket_id: a.ticketId,
    blob_key: a.blobKey,
    file_name: a.fileName,
    content_type: a.contentType,
    size_bytes: a.sizeBytes,
    sha256: a.sha256,
    uploaded_by: a.uploadedBy,
    created_at: iso(a.createdAt),
    deleted_at: iso(a.deletedAt),
  };
}

/** Rows are the product's own writes: trusted as stored. */
export function rowToAttachment(r: Record<string, unknown>): Attachment {
  return {
    id: String(r['id']),
    ticketId: String(r['ticket_id']),
    blobKey: String(r['blob_key']),
    fileName: String(r['file_name']),
    contentType: String(r['content_type']),
    sizeBytes: Number(r['size_bytes']),
    sha256: String(r['sha256']),
    uploadedBy: String(r['uploaded_by']),
    createdAt: epoch(r['created_at'])!,
    deletedAt: epoch(r['deleted_at']),
  };
}
