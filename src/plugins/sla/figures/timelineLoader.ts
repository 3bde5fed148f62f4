/**
 * Loads the status timeline (arithmetic/timeline/statusTimeline.ts) of a set of services over a time range:
 * their `status_intervals` rows read as typed-array columns (dashboard/intervalColumns.ts's binary
 * records, never row objects) plus their maintenance windows, built by `timelineFromColumns`. What
 * every SLA computation starts from: the figures, the report, the live evaluation.
 *
 * Which rows: those overlapping `[start, end)` (`started_at < end` and open or `ended_at >= start`,
 * the `>=` keeping a down run that continues across `start` one incident). Which windows: the
 * non-deleted ones overlapping the range (windows/maintenanceWindowHistory.ts).
 *
 * How: a few services (up to {@link INDEXED_IDS}) are read by their primary key, `service_id in
 * (...)`, in one statement per chunk of ids; a fleet is read by the dashboard's paged heap scan
 * (dashboard/uptimeQuery.ts), which lets the event loop go between pages and reads every row once
 * whatever the number of services. Both wait for committed writes first (`settled`), so a figure
 * asked for after a request's reply sees that request's rows.
 *
 * Service `i` of the timeline is `serviceIds[i]` after dropping repeats (first occurrence wins);
 * `indexOf` finds it. Ids that name no row (unknown, deleted, not uuids) simply have no runs.
 */
import type { Knex } from 'knex';
import { IntervalColumns } from '../../../core/dashboard/intervalColumns.js';
import { ServiceNumbering } from '../../../core/dashboard/serviceNumbering.js';
import { INTERVAL_RECORDS, readUptimeIntervals } from '../../../core/dashboard/uptimeQuery.js';
import type { MaintenanceSpan } from '../../../core/domain/periodArithmetic.js';
import type { StatusTimeline } from '../arithmetic/timeline/statusTimeline.js';
import { timelineFromColumns, type IntervalRowColumns, type WindowRowColumns } from '../arithmetic/timeline/timelineFromColumns.js';
import { nextTurn, timeSlice } from '../../../platform/scheduler/index.js';

/** At most this many ids are read by key; more go through the paged heap scan. */
export const INDEXED_IDS = 500;

export interface TimelineSource {
  readonly knex: Knex;
  /** Heap blocks per page of the fleet scan (`defaultPageBlocks(database.kind)`). */
  readonly pageBlocks: number;
  /** Up to this many ids are read by key (default {@link INDEXED_IDS}); 0 always scans. */
  readonly keyedIds?: number;
  /** Resolves once everything staged so far is committed (the batch writer's `settled`). */
  settled(): Promise<void>;
  /** Excluded spans per service id in `[from, to)` (the windows module's `excludedSpansByService`). */
  excludedSpans(from: number, to: number, serviceIds: readonly string[]): Promise<ReadonlyMap<string, readonly MaintenanceSpan[]>>;
}

export interface TimeRange {
  /** Epoch ms, inclusive. */
  readonly start: number;
  /** Epoch ms, exclusive. */
  readonly end: number;
}

export interface LoadedTimeline {
  readonly timeline: StatusTimeline;
  /** Service i of the timeline, by id. */
  readonly serviceIds: readonly string[];
  /** The timeline's number of `serviceId`, or -1 when it is not in it. */
  indexOf(serviceId: string): number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const rowsOf = (result: unknown): unknown[] => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows);

/** What {@link loadTimelineColumns} read: the rows and windows before they become a timeline (a worker builds it). */
export interface LoadedColumns {
  readonly rows: IntervalRowColumns;
  readonly windows: WindowRowColumns;
  /** Service i of the columns, by id. */
  readonly serviceIds: readonly string[];
  /** The columns' number of `serviceId`, or -1 when it is not in them. */
  indexOf(serviceId: string): number;
}

export async function loadTimeline(source: TimelineSource, serviceIds: readonly string[], range: TimeRange): Promise<LoadedTimeline> {
  const loaded = await loadTimelineColumns(source, serviceIds, range);
  const timeline = timelineFromColumns(loaded.rows, loaded.serviceIds.length, loaded.windows);
  return { timeline, serviceIds: loaded.serviceIds, indexOf: loaded.indexOf };
}

/**
 * The same read as {@link loadTimeline} without building the timeline, which for a fleet's month is
 * a sort of every row: for a caller that builds it on a worker thread (the live evaluation's
 * catch-up, incremental/catchUpTask.ts).
 */
export async function loadTimelineColumns(source: TimelineSource, serviceIds: readonly string[], range: TimeRange): Promise<LoadedColumns> {
  if (!(range.start <= range.end)) throw new RangeError(`timeline range [${range.start}, ${range.end}) ends before it starts`);
  const numbering = new ServiceNumbering(serviceIds.length);
  const ids: string[] = [];
  // In slices of the clock: numbering a quarter of a million ids held the event loop about 300 ms in one turn, and
  // slices of 25,000 ids 50-70 ms each on a slower machine. The numbering's own table finds the ids again (a map of
  // their lower-cased text beside it held the loop 45 ms at one of its growths).
  const due = timeSlice({ every: 64 });
  for (let i = 0; i < serviceIds.length; i += 1) {
    if (due()) await nextTurn();
    const id = serviceIds[i]!;
    // A new id takes the next number; a repeat (in any case) keeps its first one.
    if (numbering.add(id) === ids.length) ids.push(id);
  }
  await source.settled();
  const rows =
    ids.length === 0
      ? emptyRows()
      : ids.length <= (source.keyedIds ?? INDEXED_IDS)
        ? await readByKey(source.knex, ids, range, numbering)
        : await readUptimeIntervals(source.knex, range, numbering, source.pageBlocks);
  const spans = ids.length === 0 ? new Map() : await source.excludedSpans(range.start, range.end, ids);
  return { rows, windows: windowColumns(spans, numbering), serviceIds: ids, indexOf: (id) => numbering.numberOf(id) ?? -1 };
}

/** The rows of a few services by the primary key, one statement per {@link INDEXED_IDS} ids. */
async function readByKey(knex: Knex, ids: readonly string[], range: TimeRange, numbering: ServiceNumbering): Promise<IntervalRowColumns> {
  const columns = new IntervalColumns();
  const keyed = ids.filter((id) => UUID.test(id));
  for (let at = 0; at < keyed.length; at += INDEXED_IDS) {
    const chunk = keyed.slice(at, at + INDEXED_IDS);
    const result: unknown = await knex.raw(
      `select ${INTERVAL_RECORDS} from status_intervals
        where service_id in (${chunk.map(() => '?::uuid').join(', ')})
          and started_at < ?::timestamptz and (ended_at is null or ended_at >= ?::timestamptz)`,
      [...chunk, new Date(range.end).toISOString(), new Date(range.start).toISOString()],
    );
    const [page] = rowsOf(result) as Array<{ intervals: string | null }>;
    columns.addPage(page?.intervals ?? '', numbering);
  }
  return columns.finish();
}

function windowColumns(spans: ReadonlyMap<string, readonly MaintenanceSpan[]>, numbering: ServiceNumbering): WindowRowColumns {
  let count = 0;
  for (const list of spans.values()) count += list.length;
  const service = new Uint32Array(count);
  const start = new Float64Array(count);
  const end = new Float64Array(count);
  let j = 0;
  for (const [id, list] of spans) {
    const number = numbering.numberOf(id);
    if (number === undefined) continue;
    for (const [from, to] of list) {
      service[j] = number;
      start[j] = from;
      end[j] = to ?? Number.NaN;
      j += 1;
    }
  }
  return j === count ? { service, start, end } : { service: service.slice(0, j), start: start.slice(0, j), end: end.slice(0, j) };
}

function emptyRows(): IntervalRowColumns {
  return {
    service: new Uint32Array(0),
    seq: new Int32Array(0),
    status: new Uint8Array(0),
    startedAt: new Float64Array(0),
    endedAt: new Float64Array(0),
  };
}
