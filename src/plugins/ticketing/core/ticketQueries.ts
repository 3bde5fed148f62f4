/**
 * Tickets read from the database: every ticket, closed ones included (memory holds only the open
 * ones). Callers wait for the writer to settle first, so a read sees every committed change. What
 * a person may see is part of the query (requester, assignee or group member for the `user` role),
 * so pages and counts are right.
 */
import type { Knex } from 'knex';
import type { Viewer } from '../../../core/auth/roles.js';
import type { Page } from '../../../platform/graphql/pagination.js';
import type { Impact, Priority, StatusCategory, TicketType } from '../ticketContract.js';
import { rowToHistory, rowToStored, type StatusChange, type StoredTicket } from './ticketTables.js';

export interface TicketFilter {
  readonly status?: string | null;
  readonly statusCategory?: StatusCategory | null;
  readonly priority?: Priority | null;
  readonly type?: TicketType | null;
  readonly impact?: Impact | null;
  readonly assigneeId?: string | null;
  readonly requesterId?: string | null;
  readonly groupId?: string | null;
  readonly serviceId?: string | null;
  /** Part of the title or the number, any case. */
  readonly text?: string | null;
  /** Tickets this person requested or is assigned (myTickets). */
  readonly involving?: string | null;
}

export const TICKET_SORT_FIELDS = {
  CREATED_AT: 'created_at',
  UPDATED_AT: 'updated_at',
  PRIORITY: 'priority',
  NUMBER: 'number',
  RESOLUTION_DUE_AT: 'resolution_due_at',
  STATUS: 'status',
} as const;
export type TicketSortField = keyof typeof TICKET_SORT_FIELDS;

export interface TicketSort {
  readonly field: TicketSortField;
  readonly direction: 'ASC' | 'DESC';
}

/** Who is looking: everything for operators and admins, their own and their groups' tickets for others. */
export interface Visibility {
  readonly viewer: Viewer;
  readonly groupIds: readonly string[];
  /** Services outside the viewer's environments: their tickets are left out (docs/access.md "Tickets"). */
  readonly hiddenServiceIds: readonly string[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string) => UUID.test(id);

export type StoredRow = StoredTicket & { readonly category: StatusCategory };

function filtered(knex: Knex, filter: TicketFilter, visibility: Visibility): Knex.QueryBuilder | null {
  const query = knex('tickets').whereNull('deleted_at');
  for (const [key, column] of [
    ['assigneeId', 'assignee_id'],
    ['requesterId', 'requester_id'],
    ['groupId', 'group_id'],
    ['serviceId', 'service_id'],
  ] as const) {
    const value = filter[key];
    if (value == null) continue;
    if (!isUuid(value)) return null;
    query.where(column, value.toLowerCase());
  }
  if (filter.involving != null) {
    const userId = filter.involving;
    query.where((q) => q.where('requester_id', userId).orWhere('assignee_id', userId));
  }
  if (filter.status != null) query.where('status', filter.status);
  if (filter.statusCategory != null) query.where('status_category', filter.statusCategory);
  if (filter.priority != null) query.where('priority', filter.priority);
  if (filter.type != null) query.where('type', filter.type);
  if (filter.impact != null) query.where('impact', filter.impact);
  if (filter.text != null && filter.text !== '') {
    const pattern = `%${filter.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query.where((q) => q.whereILike('title', pattern).orWhereILike('number', pattern));
  }
  const { viewer, groupIds, hiddenServiceIds } = visibility;
  if (hiddenServiceIds.length > 0)
    query.where((q) => q.whereNull('service_id').orWhereRaw('service_id <> all(?::uuid[])', [`{${hiddenServiceIds.join(',')}}`]));
  if (viewer.role === 'user') {
    query.where((q) => {
      q.where('requester_id', viewer.userId).orWhere('assignee_id', viewer.userId);
      if (groupIds.length > 0) q.orWhereIn('group_id', [...groupIds]);
    });
  }
  return query;
}

export async function readTickets(
  knex: Knex,
  filter: TicketFilter,
  sort: TicketSort,
  page: Page,
  visibility: Visibility,
): Promise<StoredRow[]> {
  const query = filtered(knex, filter, visibility);
  if (query === null || page.limit === 0) return [];
  const order = sort.direction === 'ASC' ? 'asc' : 'desc';
  const rows = await query
    .orderBy([
      { column: TICKET_SORT_FIELDS[sort.field], order, nulls: 'last' },
      { column: 'id', order },
    ])
    .limit(page.limit)
    .offset(page.offset)
    .select('snapshot', 'status', 'status_category');
  return rows.map(rowToStored);
}

export async function countTickets(knex: Knex, filter: TicketFilter, visibility: Visibility): Promise<number> {
  const query = filtered(knex, filter, visibility);
  if (query === null) return 0;
  const [row] = await query.count({ n: '*' });
  return Number(row?.['n'] ?? 0);
}

export async function readTicket(knex: Knex, id: string): Promise<StoredRow | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await knex('tickets').where('id', id.toLowerCase()).first('snapshot', 'status', 'status_category');
  return row ? rowToStored(row) : undefined;
}

export async function readTicketByNumber(knex: Knex, number: string): Promise<StoredRow | undefined> {
  const row = await knex('tickets').where('number', number.toUpperCase()).first('snapshot', 'status', 'status_category');
  return row ? rowToStored(row) : undefined;
}

/** Tickets that are not closed: what a restart holds in memory again. */
export async function readOpenTickets(knex: Knex): Promise<StoredRow[]> {
  const rows = await knex('tickets').whereNot('status_category', 'CLOSED').select('snapshot', 'status', 'status_category');
  return rows.map(rowToStored);
}

export async function readStatusHistory(knex: Knex, ticketId: string): Promise<StatusChange[]> {
  const rows = await knex('ticket_status_history')
    .where('ticket_id', ticketId)
    .orderBy([{ column: 'seq', order: 'asc' }])
    .select('*');
  return rows.map(rowToHistory);
}
