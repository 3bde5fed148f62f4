/**
 * The conversation's tables as the batch writer sees them (commit orders 720-729, after every
 * core table: nothing refers to them), and the records their rows hold.
 */
import type { Row, TableSpec } from '../../../platform/persistence/batchWriter.js';
import { cols, epoch, iso, textOrNull } from '../../../core/storage/tables.js';

/** A comment on a ticket. `authorId` null: written by the system (the SLA link), not a person. */
export interface TicketComment {
  readonly id: string;
  readonly ticketId: string;
  readonly authorId: string | null;
  readonly body: string;
  readonly createdAt: number;
  readonly editedAt: number | null;
  readonly editedBy: string | null;
}

export interface WorklogEntry {
  readonly id: string;
  readonly ticketId: string;
  readonly authorId: string;
  readonly minutes: number;
  readonly note: string | null;
  readonly workedAt: number;
  readonly createdAt: number;
}

export interface TicketWatch {
  readonly ticketId: string;
  readonly userId: string;
  /** Who added them (themselves, or staff); null when the system did. */
  readonly addedBy: string | null;
  readonly createdAt: number;
}

/** The stored (active) direction of a relation; the other side sees its inverse. */
export const STORED_RELATION_TYPES = ['RELATES_TO', 'DUPLICATES', 'BLOCKS', 'PARENT_OF'] as const;
export type StoredRelationType = (typeof STORED_RELATION_TYPES)[number];

export interface TicketRelationRecord {
  readonly id: string;
  readonly sourceId: string;
  readonly targetId: string;
  readonly type: StoredRelationType;
  readonly createdBy: string | null;
  readonly createdAt: number;
}

export const ticketCommentsTable: TableSpec = {
  name: 'ticket_comments',
  key: ['id'],
  order: 720,
  mode: 'upsert',
  // A comment is up to 64 KiB of text: each value its own parameter, not parsed as JSON twice.
  bind: 'values',
  columns: cols({
    id: 'uuid',
    ticket_id: 'text',
    author_id: 'uuid',
    body: 'text',
    created_at: 'timestamptz',
    edited_at: 'timestamptz',
    edited_by: 'uuid',
  }),
};

export const ticketWorklogTable: TableSpec = {
  name: 'ticket_worklog',
  key: ['id'],
  order: 721,
  mode: 'upsert',
  columns: cols({
    id: 'uuid',
    ticket_id: 'text',
    author_id: 'uuid',
    minutes: 'integer',
    note: 'text',
    worked_at: 'timestamptz',
    created_at: 'timestamptz',
  }),
};

export const ticketWatchersTable: TableSpec = {
  name: 'ticket_watchers',
  key: ['ticket_id', 'user_id'],
  order: 722,
  mode: 'upsert',
  columns: cols({ ticket_id: 'text', user_id: 'uuid', added_by: 'uuid', created_at: 'timestamptz' }),
};

export const ticketRelationsTable: TableSpec = {
  name: 'ticket_relations',
  key: ['id'],
  order: 723,
  mode: 'upsert',
  columns: cols({ id: 'uuid', source_id: 'text', target_id: 'text', type: 'text', created_by: 'uuid', created_at: 'timestamptz' }),
};

export const conversationTables: readonly TableSpec[] = [
  ticketCommentsTable,
  ticketWorklogTable,
  ticketWatchersTable,
  ticketRelationsTable,
];

export const commentRow = (c: TicketComment): Row => ({
  id: c.id,
  ticket_id: c.ticketId,
  author_id: c.authorId,
  body: c.body,
  created_at: iso(c.createdAt),
  edited_at: iso(c.editedAt),
  edited_by: c.editedBy,
});

export const rowToComment = (r: Record<string, unknown>): TicketComment => ({
  id: String(r['id']),
  ticketId: String(r['ticket_id']),
  authorId: textOrNull(r['author_id']),
  body: String(r['body']),
  createdAt: epoch(r['created_at'])!,
  editedAt: epoch(r['edited_at']),
  editedBy: textOrNull(r['edited_by']),
});

export const worklogRow = (w: WorklogEntry): Row => ({
  id: w.id,
  ticket_id: w.ticketId,
  author_id: w.authorId,
  minutes: w.minutes,
  note: w.note,
  worked_at: iso(w.workedAt),
  created_at: iso(w.createdAt),
});

export const rowToWorklog = (r: Record<string, unknown>): WorklogEntry => ({
  id: String(r['id']),
  ticketId: String(r['ticket_id']),
  authorId: String(r['author_id']),
  minutes: Number(r['minutes']),
  note: textOrNull(r['note']),
  workedAt: epoch(r['worked_at'])!,
  createdAt: epoch(r['created_at'])!,
});

export const watchRow = (w: TicketWatch): Row => ({
  ticket_id: w.ticketId,
  user_id: w.userId,
  added_by: w.addedBy,
  created_at: iso(w.createdAt),
});

export const rowToWatch = (r: Record<string, unknown>): TicketWatch => ({
  ticketId: String(r['ticket_id']),
  userId: String(r['user_id']),
  addedBy: textOrNull(r['added_by']),
  createdAt: epoch(r['created_at'])!,
});

export const relationRow = (x: TicketRelationRecord): Row => ({
  id: x.id,
  source_id: x.sourceId,
  target_id: x.targetId,
  type: x.type,
  created_by: x.createdBy,
  created_at: iso(x.createdAt),
});

/** Rows are the product's own writes: the type is trusted as stored (the table checks it). */
export const rowToRelation = (r: Record<string, unknown>): TicketRelationRecord => ({
  id: String(r['id']),
  sourceId: String(r['source_id']),
  targetId: String(r['target_id']),
  type: String(r['type']) as StoredRelationType,
  createdBy: textOrNull(r['created_by']),
  createdAt: epoch(r['created_at'])!,
});
