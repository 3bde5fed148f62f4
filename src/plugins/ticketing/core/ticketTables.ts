/** The ticket core's tables as the batch writer sees them (commit orders 700-709), and their rows. */
import type { Row, TableSpec } from '../../../platform/persistence/batchWriter.js';
import { cols, epoch, iso, jsonColumn, textOrNull } from '../../../core/storage/tables.js';
import type { StatusCategory } from '../ticketContract.js';
import type { TicketData } from './ticketData.js';

export const ticketsTable: TableSpec = {
  name: 'tickets',
  key: ['id'],
  order: 700,
  mode: 'upsert',
  columns: cols({
    id: 'uuid',
    number: 'text',
    type: 'text',
    title: 'text',
    status: 'text',
    status_category: 'text',
    workflow_name: 'text',
    priority: 'text',
    impact: 'text',
    urgency: 'text',
    service_id: 'uuid',
    catalog_item_name: 'text',
    requester_id: 'uuid',
    assignee_id: 'uuid',
    group_id: 'uuid',
    response_due_at: 'timestamptz',
    resolution_due_at: 'timestamptz',
    created_at: 'timestamptz',
    updated_at: 'timestamptz',
    deleted_at: 'timestamptz',
    snapshot: 'jsonb',
  }),
};

export const ticketStatusHistoryTable: TableSpec = {
  name: 'ticket_status_history',
  key: ['id'],
  order: 701,
  mode: 'insert',
  columns: cols({
    id: 'uuid',
    ticket_id: 'uuid',
    from_status: 'text',
    to_status: 'text',
    transition: 'text',
    actor_id: 'uuid',
    at: 'timestamptz',
  }),
};

export const ticketNumberSequencesTable: TableSpec = {
  name: 'ticket_number_sequences',
  key: ['prefix'],
  order: 702,
  mode: 'upsert',
  columns: cols({ prefix: 'text', last_value: 'integer' }),
};

export const TICKET_TABLES: readonly TableSpec[] = [ticketsTable, ticketStatusHistoryTable, ticketNumberSequencesTable];

/** What the snapshot column holds: the machine state and the ticket's context. */
export interface StoredTicket {
  readonly state: string;
  readonly data: TicketData;
}

export interface TicketDue {
  readonly responseDueAt: number | null;
  readonly resolutionDueAt: number | null;
}

export function ticketRow(state: string, category: StatusCategory, data: TicketData, due: TicketDue): Row {
  const stored: StoredTicket = { state, data };
  return {
    id: data.id,
    number: data.number,
    type: data.type,
    title: data.title,
    status: state,
    status_category: category,
    workflow_name: data.workflowName,
    priority: data.priority,
    impact: data.impact,
    urgency: data.urgency,
    service_id: data.serviceId,
    catalog_item_name: data.catalogItemName,
    requester_id: data.requesterId,
    assignee_id: data.assigneeId,
    group_id: data.groupId,
    response_due_at: iso(due.responseDueAt),
    resolution_due_at: iso(due.resolutionDueAt),
    created_at: iso(data.createdAt),
    updated_at: iso(data.updatedAt),
    deleted_at: iso(data.deletedAt),
    snapshot: stored,
  };
}

export function rowToStored(row: Record<string, unknown>): StoredTicket & { readonly category: StatusCategory } {
  const stored = jsonColumn<StoredTicket>(row['snapshot'], { state: String(row['status']), data: undefined as never });
  return { ...stored, category: String(row['status_category']) as StatusCategory };
}

export interface StatusChange {
  readonly id: string;
  readonly ticketId: string;
  readonly fromStatus: string | null;
  readonly toStatus: string;
  readonly transition: string | null;
  readonly actorId: string | null;
  readonly at: number;
}

export function historyRow(c: StatusChange): Row {
  return {
    id: c.id,
    ticket_id: c.ticketId,
    from_status: c.fromStatus,
    to_status: c.toStatus,
    transition: c.transition,
    actor_id: c.actorId,
    at: iso(c.at),
  };
}

export function rowToHistory(r: Record<string, unknown>): StatusChange {
  return {
    id: String(r['id']),
    ticketId: String(r['ticket_id']),
    fromStatus: textOrNull(r['from_status']),
    toStatus: String(r['to_status']),
    transition: textOrNull(r['transition']),
    actorId: textOrNull(r['actor_id']),
    at: epoch(r['at'])!,
  };
}
