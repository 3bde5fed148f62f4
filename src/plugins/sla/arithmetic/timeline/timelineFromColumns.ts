/**
 * A timeline straight from `status_intervals` rows read as columns (the form dashboard/intervalColumns.ts
 * pages them into, from one binary record per row), never as row objects: how a worker batch of a
 * whole fleet is built.
 *
 * Rows: row j is interval `seq[j]` of service `service[j]` (numbered 0..services-1 by the caller),
 * its status coded 1..5 as SERVICE_STATUSES (anything else: UNKNOWN), `endedAt` NaN while open. Rows
 * may come in any order and a (service, seq) may be read twice (updated between two pages): the
 * last read counts. A service's rows are taken in (startedAt, seq) order. Windows: per row a service
 * number, start and end (NaN while active), in any order.
 */
import { GAP_CODE, TimelineBuilder, UNKNOWN_CODE, type StatusTimeline } from './statusTimeline.js';

export interface IntervalRowColumns {
  readonly service: Uint32Array;
  readonly seq: Int32Array;
  readonly status: Uint8Array;
  readonly startedAt: Float64Array;
  /** NaN: still open. */
  readonly endedAt: Float64Array;
}

export interface WindowRowColumns {
  readonly service: Uint32Array;
  readonly start: Float64Array;
  /** NaN: still active. */
  readonly end: Float64Array;
}

export function timelineFromColumns(rows: IntervalRowColumns, services: number, windows?: WindowRowColumns): StatusTimeline {
  const count = rows.service.length;
  if (rows.seq.length !== count || rows.status.length !== count || rows.startedAt.length !== count || rows.endedAt.length !== count) {
    throw new RangeError(
      `interval columns differ in length: service ${count}, seq ${rows.seq.length}, status ${rows.status.length}, startedAt ${rows.startedAt.length}, endedAt ${rows.endedAt.length}`,
    );
  }
  if (windows && (windows.start.length !== windows.service.length || windows.end.length !== windows.service.length)) {
    throw new RangeError(
      `window columns differ in length: service ${windows.service.length}, start ${windows.start.length}, end ${windows.end.length}`,
    );
  }
  const byService = groupRows(rows.service, services);
  const windowsByService = windows ? groupRows(windows.service, services) : undefined;
  const builder = new TimelineBuilder();
  const starts: number[] = [];
  const codes: number[] = [];
  const windowStarts: number[] = [];
  const windowEnds: number[] = [];
  for (let s = 0; s < services; s += 1) {
    const own = lastReadPerSeq(byService.rowsOf(s), rows.seq);
    own.sort((a, b) => rows.startedAt[a]! - rows.startedAt[b]! || rows.seq[a]! - rows.seq[b]!);
    starts.length = 0;
    codes.length = 0;
    for (let i = 0; i < own.length; i += 1) {
      const j = own[i]!;
      const startedAt = rows.startedAt[j]!;
      const code = rows.status[j]!;
      starts.push(startedAt);
      codes.push(code >= 1 && code <= UNKNOWN_CODE ? code : UNKNOWN_CODE);
      const endedAt = rows.endedAt[j]!;
      if (Number.isNaN(endedAt)) continue;
      const nextStart = i + 1 < own.length ? rows.startedAt[own[i + 1]!]! : Number.POSITIVE_INFINITY;
      if (endedAt < nextStart) {
        starts.push(Math.max(endedAt, startedAt));
        codes.push(GAP_CODE);
      }
    }
    windowStarts.length = 0;
    windowEnds.length = 0;
    if (windows && windowsByService) {
      const mine = Array.from(windowsByService.rowsOf(s)).sort((a, b) => windows.start[a]! - windows.start[b]!);
      for (const w of mine) {
        windowStarts.push(windows.start[w]!);
        windowEnds.push(windows.end[w]!);
      }
    }
    builder.addRuns(starts, codes, windowStarts, windowEnds);
  }
  return builder.build();
}

/** Rows of each service by a counting sort (stable: a service's rows stay in read order). */
function groupRows(owners: Uint32Array, services: number): { rowsOf(service: number): Uint32Array } {
  const bounds = new Uint32Array(services + 1);
  for (let j = 0; j < owners.length; j += 1) {
    const owner = owners[j]!;
    if (owner >= services) throw new RangeError(`row ${j} belongs to service ${owner}, but there are ${services} services`);
    bounds[owner + 1] = bounds[owner + 1]! + 1;
  }
  for (let i = 0; i < services; i += 1) bounds[i + 1] = bounds[i + 1]! + bounds[i]!;
  const order = new Uint32Array(owners.length);
  const next = bounds.slice(0, services);
  for (let j = 0; j < owners.length; j += 1) {
    const owner = owners[j]!;
    order[next[owner]!] = j;
    next[owner] = next[owner]! + 1;
  }
  return { rowsOf: (service) => order.subarray(bounds[service]!, bounds[service + 1]!) };
}

/** One row per seq, the last read of each (rows are in read order). */
function lastReadPerSeq(rows: Uint32Array, seq: Int32Array): number[] {
  const bySeq = new Map<number, number>();
  for (const j of rows) bySeq.set(seq[j]!, j);
  return bySeq.size === rows.length ? Array.from(rows) : [...bySeq.values()];
}
