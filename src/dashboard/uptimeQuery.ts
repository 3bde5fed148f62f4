/**
 * Reads the status intervals of a period for the SLA arithmetic, page by page, straight into the
 * typed-array columns the worker task takes (dashboardTask.ts). Same SQL on PGlite and PostgreSQL.
 *
 * Which rows: the intervals overlapping the period (`started_at < end` and open or
 * `ended_at >= start`); the `>=` also brings an interval that ended exactly at the period start,
 * so a down run continuing across the boundary is not taken for a new incident. Rows of services
 * the caller does not number (deleted, or not in this instance's fleet) are left out.
 *
 * Pages: keyset pagination on the primary key `(service_id, seq)`, `pageRows` rows a query, the
 * event loop let go between pages. Each page costs the main thread a bounded slice of work (the
 * driver decoding one text value, and the scan below), which is what keeps the loop responsive
 * while a month of a large fleet is read: one query for all of it was one 30 MB value decoded and
 * parsed in one go (about 0.3 s at 450,000 intervals), and PGlite runs the query itself on the main
 * thread too. Each page is its own statement, so the batch writer's commits go between pages; rows
 * may lag the actors' memory by a commit window or a page (group commit), which callers accept.
 *
 * How a page travels: ONE text value, `service_id,seq,status,started_ms,ended_ms` records joined by
 * `;` (status as its 1-based index in SERVICE_STATUSES, 0 for anything else; times as integer epoch
 * ms; `ended_ms` empty while open). Row-per-interval results cost the embedded database about 6-9 us
 * per row to decode in JavaScript; the single value costs a tenth of that and needs no Date or
 * timestamp-string parsing on either driver.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Knex } from 'knex';
import { SERVICE_STATUSES } from '../domain/service.js';
import type { Period } from '../sla/periodArithmetic.js';
import type { PackedIntervals } from './dashboardTask.js';

const RECORD = ';';
const FIELD = ',';

// `case status when 'OPERATIONAL' then 1 ... else 0 end`: the status as its 1-based index (0: not a known status).
const STATUS_CODE = `case status ${SERVICE_STATUSES.map((status, i) => `when '${status}' then ${i + 1}`).join(' ')} else 0 end`;
// float8 -> bigint rounds to the nearest integer.
const epochMs = (column: string) => `(date_part('epoch', ${column}) * 1000)::bigint`;

const pageSql = (after: boolean) => `
  select string_agg(
      service_id::text || '${FIELD}' || seq || '${FIELD}' || ${STATUS_CODE} || '${FIELD}' || ${epochMs('started_at')}
      || '${FIELD}' || coalesce(${epochMs('ended_at')}::text, ''),
      '${RECORD}' order by service_id, seq) as intervals
    from (
      select service_id, seq, status, started_at, ended_at from status_intervals
      where started_at < ?::timestamptz and (ended_at is null or ended_at >= ?::timestamptz)
        ${after ? 'and (service_id, seq) > (?::uuid, ?::integer)' : ''}
      order by service_id, seq
      limit ?
    ) page`;
const FIRST_PAGE = pageSql(false);
const NEXT_PAGE = pageSql(true);

/** Rows a page query returns, unless the caller says otherwise. */
export const DEFAULT_PAGE_ROWS = 5000;

/**
 * The intervals overlapping `period` of the services in `numbers` (service id -> its number in the
 * task), as columns. Services without rows have none; the order of the rows is unspecified.
 */
export async function readUptimeIntervals(
  knex: Knex,
  period: Period,
  numbers: ReadonlyMap<string, number>,
  pageRows = DEFAULT_PAGE_ROWS,
): Promise<PackedIntervals> {
  const columns = new IntervalColumns();
  const end = new Date(period.end).toISOString();
  const start = new Date(period.start).toISOString();
  let after: PageEnd | undefined;
  for (;;) {
    const result: unknown = after === undefined
      ? await knex.raw(FIRST_PAGE, [end, start, pageRows])
      : await knex.raw(NEXT_PAGE, [end, start, after.serviceId, after.seq, pageRows]);
    // pg answers `{ rows }`; knex-pglite does too, but accept a bare row array as well.
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ intervals: string | null }>;
    const page = packIntervals(rows[0]?.intervals ?? '', numbers, columns);
    if (page.records < pageRows || page.last === undefined) break;
    after = page.last;
    // Let timers and requests run between pages (PGlite answers without a real I/O wait).
    await nextTurn();
  }
  return columns.finish();
}

interface PageEnd {
  readonly serviceId: string;
  readonly seq: number;
}

/** Columns that grow as pages arrive; `finish()` trims them to their length. */
export class IntervalColumns {
  private length = 0;
  private service = new Uint32Array(1024);
  private status = new Uint8Array(1024);
  private startedAt = new Float64Array(1024);
  private endedAt = new Float64Array(1024);

  push(service: number, status: number, startedAt: number, endedAt: number): void {
    if (this.length === this.service.length) this.grow();
    const at = this.length++;
    this.service[at] = service;
    this.status[at] = status;
    this.startedAt[at] = startedAt;
    this.endedAt[at] = endedAt;
  }

  finish(): PackedIntervals {
    const n = this.length;
    return { service: this.service.slice(0, n), status: this.status.slice(0, n), startedAt: this.startedAt.slice(0, n), endedAt: this.endedAt.slice(0, n) };
  }

  private grow(): void {
    const size = this.service.length * 2;
    const grown = <T extends Uint32Array | Uint8Array | Float64Array>(old: T, make: (n: number) => T): T => {
      const array = make(size);
      array.set(old);
      return array;
    };
    this.service = grown(this.service, (n) => new Uint32Array(n));
    this.status = grown(this.status, (n) => new Uint8Array(n));
    this.startedAt = grown(this.startedAt, (n) => new Float64Array(n));
    this.endedAt = grown(this.endedAt, (n) => new Float64Array(n));
  }
}

const RECORD_CODE = RECORD.charCodeAt(0);
const ZERO = 48;
const MINUS = 45;

/**
 * Scans one page (`id,seq,status,started,ended;...`) into `columns`, numbering each row's service
 * with `numbers` (rows of services not in it are skipped). Answers how many records the page held
 * and the key of its last one. A hand-rolled scanner: splitting the records into arrays of strings
 * costs several times as much.
 */
export function packIntervals(text: string, numbers: ReadonlyMap<string, number>, columns: IntervalColumns): { records: number; last: PageEnd | undefined } {
  const length = text.length;
  let at = 0;
  let records = 0;
  let lastId = '';
  let lastSeq = 0;
  // Reads an optionally negative integer at `at`, leaving `at` on the character after it.
  const integer = (): number | null => {
    const negative = text.charCodeAt(at) === MINUS;
    if (negative) at += 1;
    const first = at;
    let value = 0;
    for (let c = text.charCodeAt(at); c >= ZERO && c <= ZERO + 9; c = text.charCodeAt(++at)) value = value * 10 + (c - ZERO);
    if (at === first) return null;
    return negative ? -value : value;
  };
  // Pages come in key order, so a service's rows are consecutive: look its number up once.
  let previousId = '';
  let previousNumber: number | undefined;
  while (at < length) {
    const comma = text.indexOf(FIELD, at);
    if (comma === -1) break;
    const id = text.slice(at, comma);
    at = comma + 1;
    const seq = integer() ?? 0;
    at += 1;
    const code = integer() ?? 0;
    at += 1;
    const startedAt = integer() ?? 0;
    at += 1;
    const endedAt = integer();
    // Skip to the next record (also past anything unexpected).
    while (at < length && text.charCodeAt(at) !== RECORD_CODE) at += 1;
    at += 1;
    records += 1;
    lastId = id;
    lastSeq = seq;
    if (id !== previousId) {
      previousId = id;
      previousNumber = numbers.get(id);
    }
    if (previousNumber !== undefined) columns.push(previousNumber, code, startedAt, endedAt ?? Number.NaN);
  }
  return { records, last: records === 0 ? undefined : { serviceId: lastId, seq: lastSeq } };
}
