/**
 * Maintenance windows read from the database: every window, where memory holds only the active ones.
 * Deleted windows are kept as rows (the record of the deletion) and never returned here.
 */
import type { Knex } from 'knex';
import type { Page } from '../../../platform/graphql/pagination.js';
import type { MaintenanceSpan } from '../../../core/domain/periodArithmetic.js';
import { excludedSpan, type MaintenanceWindow } from './maintenanceWindow.js';
import { rowToWindow } from './maintenanceWindowTables.js';
import { withoutServices } from '../slaFilters.js';

export interface WindowFilter {
  readonly serviceId: string | null;
  /** Services the viewer may not see (environments): their windows are left out. */
  readonly hiddenServiceIds?: readonly string[];
  /** true: only active windows; false: only ended ones; null: both. */
  readonly active: boolean | null;
  /** Windows that overlap `[from, to)` (epoch ms); null: unbounded on that side. */
  readonly from: number | null;
  readonly to: number | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Window and service ids are UUIDs; anything else names nothing (and PostgreSQL would refuse the comparison). */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}

const iso = (ms: number) => new Date(ms).toISOString();

function filtered(knex: Knex, filter: WindowFilter): Knex.QueryBuilder {
  const query = knex('maintenance_windows').whereNull('deleted_at');
  if (filter.serviceId !== null) query.where('service_id', filter.serviceId);
  withoutServices(query, filter.hiddenServiceIds);
  if (filter.active === true) query.whereNull('ended_at');
  if (filter.active === false) query.whereNotNull('ended_at');
  if (filter.to !== null) query.where('started_at', '<', iso(filter.to));
  if (filter.from !== null) query.where((q) => q.whereNull('ended_at').orWhere('ended_at', '>', iso(filter.from!)));
  return query;
}

/** Newest first. */
export async function readWindows(knex: Knex, filter: WindowFilter, page: Page): Promise<MaintenanceWindow[]> {
  if (filter.serviceId !== null && !isUuid(filter.serviceId)) return [];
  const rows = await filtered(knex, filter)
    .orderBy([
      { column: 'started_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(page.limit)
    .offset(page.offset)
    .select('*');
  return rows.map(rowToWindow);
}

export async function countWindows(knex: Knex, filter: WindowFilter): Promise<number> {
  if (filter.serviceId !== null && !isUuid(filter.serviceId)) return 0;
  const [row] = await filtered(knex, filter).count({ n: '*' });
  return Number(row?.['n'] ?? 0);
}

/** One window, deleted ones included (a delete or stop of it must say what became of it). */
export async function readWindow(knex: Knex, id: string): Promise<MaintenanceWindow | null> {
  if (!isUuid(id)) return null;
  const row = await knex('maintenance_windows').where('id', id).first();
  return row ? rowToWindow(row) : null;
}

/** Active windows with the report their service holds: what a restart loads back. */
export async function readActiveWindows(knex: Knex): Promise<Array<{ window: MaintenanceWindow; row: Record<string, unknown> }>> {
  const rows = await knex('maintenance_windows').whereNull('ended_at').select('*');
  return rows.map((row: Record<string, unknown>) => ({ window: rowToWindow(row), row }));
}

/**
 * The spans excluded from SLA figures in `[from, to)`, per service id, in start order: every
 * window that overlaps the range and was not deleted (`[start, end)`, end null while active).
 *
 * `serviceIds`: the services asked for (null: all). More than one statement's worth of ids (a definition over a
 * quarter of a million services) reads every window of the range in one statement instead, and the map may then
 * hold other services too: callers look their services up. Chunks of 10,000 ids, each checked by a regular
 * expression and bound one by one, held the event loop about 110 ms at 250,000 ids.
 */
export async function readExcludedSpans(
  knex: Knex,
  from: number,
  to: number,
  serviceIds: readonly string[] | null = null,
): Promise<Map<string, MaintenanceSpan[]>> {
  const spans = new Map<string, MaintenanceSpan[]>();
  const ids = serviceIds === null || serviceIds.length > SPAN_IDS_PER_QUERY ? null : serviceIds.filter(isUuid);
  if (ids !== null && ids.length === 0) return spans;
  const query = filtered(knex, { serviceId: null, active: null, from, to }).orderBy([{ column: 'service_id' }, { column: 'started_at' }]);
  // One statement binds at most 65,535 parameters (a definition over 100,000 services failed when every id was bound).
  if (ids !== null) query.whereIn('service_id', ids);
  addSpans(spans, await query.select('*'), from, to);
  return spans;
}

/** Service ids bound in {@link readExcludedSpans}'s statement at most; beyond, the range's windows are read whole. */
export const SPAN_IDS_PER_QUERY = 10_000;

function addSpans(spans: Map<string, MaintenanceSpan[]>, rows: Array<Record<string, unknown>>, from: number, to: number): void {
  for (const row of rows) {
    const window = rowToWindow(row);
    const span = excludedSpan(window, from, to);
    if (span === null) continue;
    let list = spans.get(window.serviceId);
    if (!list) spans.set(window.serviceId, (list = []));
    list.push(span);
  }
}
