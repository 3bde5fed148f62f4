import { runStatements, type Migration } from '../../../../platform/persistence/migration.js';

export const ticketAttachmentsSchema: Migration = {
  version: 19,
  name: 'ticketing: attachments (a row per file; the bytes in the blob store)',
  async up(trx) {
    await runStatements(
      trx,
      `
      -- ticket_id: no foreign key to the core's tables (attachments reach tickets through the
      -- TicketDirectory only; tickets are soft-deleted, never removed). blob_key: the generated key
      -- of the bytes in the blob store, never derived from file_name, which is a display name only.
      -- deleted_at: a deletion committed whose blob may still exist (removed right after the
      -- commit, or at the next start after a crash); such a row is invisible to every reader.
      create table ticket_attachments (
        id uuid primary key,
        ticket_id uuid not null,
        blob_key text not null unique,
        file_name text not null,
        content_type text not null,
        size_bytes bigint not null check (size_bytes >= 0),
        sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
        uploaded_by uuid not null,
        created_at timestamptz not null,
        deleted_at timestamptz
      );
      create index ticket_attachments_by_ticket on ticket_attachments (ticket_id, created_at, id) where deleted_at is null;
      create index ticket_attachments_deleted on ticket_attachments (deleted_at) where deleted_at is not null;
    `,
    );
  },
};
