/**
 * Reads the status intervals of a period for the SLA arithmetic, page by page, straight into the
 * typed-array columns the worker task takes (intervalColumns.ts). Same SQL on PGlite and PostgreSQL.
 *
 * Which rows: the intervals overlapping the period (`started_at < end` and open or
 * `ended_at >= start`); the `>=` also brings an interval that ended exactly at the period start,
 * so a down run continuing across the boundary is not taken for a new incident. Rows of services
 * the caller does not number (deleted, or not in this instance's fleet) are left out.
 *
 * Pages: ranges of `pageBlocks` heap blocks (`ctid` ranges, a TID range scan: the table read in its
 * physical order, no index walk, no sort), the last range open-ended so rows appended meanwhile are
 * read too. The event loop is let go between pages, and each page costs the main thread a bounded
 * slice of work, which is what keeps the loop responsive while a month of a large fleet is read:
 * one query for all of it is one large value decoded and parsed in one go, a long block of the loop
 * for a large fleet (bench/README.md, dashboard), and PGlite runs every query on the main thread, so there the page itself is the
 * slice. Each page is its own statement, so the batch writer's commits go between pages.
 *
 * Consistency: rows may lag the actors' memory by a commit window (group commit), which callers
 * accept. An interval updated while the pages are read (closed: `ended_at` set) may be read twice,
 * its old version in one page and its new version in a later one; the later read is the newer
 * version, and the task keeps the last-read row of each (service, seq) (dashboardTask.ts).
 *
 * How a page travels: ONE base64 text value of binary records (intervalColumns.ts), built by the
 * database with uuid_send/int4send/float8send: no per-row objects on the main thread, no number or
 * timestamp text to parse, and the same bytes whatever the driver (pg, PGlite) or `bytea_output`.
 * Row-per-interval results would cost the embedded database an object per row decoded in
 * JavaScript, on the main thread (bench/README.md, dashboard).
 */
import type { Knex } from 'knex';
import type { DatabaseKind } from '../../platform/persistence/database.js';
import { nextTurn } from '../../platform/scheduler/index.js';
import { SERVICE_STATUSES } from '../domain/service.js';
import type { Period } from '../domain/periodArithmetic.js';
import type { PackedIntervals } from './dashboardTask.js';
import { IntervalColumns } from './intervalColumns.js';
import type { ServiceNumbering } from './serviceNumbering.js';

// `case status when 'OPERATIONAL' then 1 ... else 0 end`: the status as its 1-based index (0: not a known status).
const STATUS_CODE = `case status ${SERVICE_STATUSES.map((status, i) => `when '${status}' then ${i + 1}`).join(' ')} else 0 end`;
// Whole epoch milliseconds as float8 (exact below 2^53; rounds as the cast to bigint did).
const epochMs = (column: string) => `round(date_part('epoch', ${column}) * 1000)`;

/**
 * The select list of one page: every row's binary record (intervalColumns.ts), concatenated and
 * base64-encoded as the one column `intervals`. Other readers of `status_intervals` (the SLA
 * figures' timeline loader) page with it too.
 */
export const INTERVAL_RECORDS = `encode(string_agg(
      uuid_send(service_id) || int4send(seq) || int2send((${STATUS_CODE})::int2)
      || float8send(${epochMs('started_at')}) || float8send(coalesce(${epochMs('ended_at')}, 'NaN'::float8)),
      ''::bytea), 'base64') as intervals`;

const pageSql = (last: boolean) => `
  select ${INTERVAL_RECORDS}
    from status_intervals
    where ctid >= ?::tid ${last ? '' : 'and ctid < ?::tid'}
      and started_at < ?::timestamptz and (ended_at is null or ended_at >= ?::timestamptz)`;
const PAGE = pageSql(false);
const LAST_PAGE = pageSql(true);
const BLOCKS = `select (pg_relation_size('status_intervals') / current_setting('block_size')::bigint)::integer as blocks`;

/**
 * Heap blocks read per query (about 100 intervals each). PostgreSQL works in its own process, so
 * its pages are large (few round trips; the main thread only decodes); PGlite runs the scan on the
 * main thread, so its pages are small enough to be a short slice of the event loop.
 */
export function defaultPageBlocks(kind: DatabaseKind): number {
  return kind === 'postgres' ? 128 : 12;
}

const rowsOf = (result: unknown): unknown[] =>
  // pg answers `{ rows }`; knex-pglite does too, but accept a bare row array as well.
  Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;

/**
 * The intervals overlapping `period` of the numbered services, as columns. Services without rows
 * have none; the order of the rows is unspecified.
 */
export async function readUptimeIntervals(
  knex: Knex,
  period: Period,
  services: ServiceNumbering,
  pageBlocks: number,
): Promise<PackedIntervals> {
  const columns = new IntervalColumns();
  const end = new Date(period.end).toISOString();
  const start = new Date(period.start).toISOString();
  const [size] = rowsOf(await knex.raw(BLOCKS)) as Array<{ blocks: number }>;
  const blocks = size?.blocks ?? 0;
  for (let first = 0; ; first += pageBlocks) {
    const last = first + pageBlocks >= blocks;
    const result: unknown = last
      ? await knex.raw(LAST_PAGE, [`(${first},0)`, end, start])
      : await knex.raw(PAGE, [`(${first},0)`, `(${first + pageBlocks},0)`, end, start]);
    const [page] = rowsOf(result) as Array<{ intervals: string | null }>;
    columns.addPage(page?.intervals ?? '', services);
    if (last) break;
    // After the first page, room for the rest at the same density (and a margin), all at once.
    if (first === 0) columns.reserve(Math.ceil((columns.size / pageBlocks) * blocks * 1.1));
    // Let timers and requests run between pages (PGlite answers without a real I/O wait).
    await nextTurn();
  }
  return columns.finish();
}
