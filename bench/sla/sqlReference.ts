/**
 * The SQL reference of the SLA bench: the same monthly figures computed by PostgreSQL with one
 * GROUP BY over a `status_intervals`-like table (service, status, started_at, ended_at as
 * timestamptz) and a windows table, loaded with COPY from the bench's timeline.
 *
 * The query implements DESIGN.md's rules for the month as of its end: intervals clipped to the
 * month, their overlap with the service's maintenance window (the bench's data has at most one per
 * service; the query relies on it), covered / down / MAINTENANCE time, windows' time, incidents as
 * entries into DOWN (window functions) outside the window; then actual value and status (the month
 * is closed: BREACHED when actual < T, else MET; issue 27).
 * MTTR and MTBF are left out (they would need a second pass of gaps-and-islands); the comparison
 * covers the figures the query has.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { GAP_CODE, type StatusTimeline } from '../../src/plugins/sla/arithmetic/timeline/statusTimeline.js';

export interface SqlRow {
  readonly service: number;
  readonly actualValue: number | null;
  readonly downtimeMinutes: number;
  readonly excludedMinutes: number;
  readonly incidentCount: number;
  readonly status: string;
}

const iso = (t: number) => new Date(t).toISOString();

/** Loads the timeline's runs (gap runs are no row) and windows; answers the rows written. */
export async function loadTimeline(client: pg.Client, timeline: StatusTimeline): Promise<{ intervals: number; windows: number }> {
  await client.query(
    `create table status_intervals_ref (service integer not null, status smallint not null, started_at timestamptz not null, ended_at timestamptz)`,
  );
  await client.query(
    `create table maintenance_windows_ref (service integer not null, started_at timestamptz not null, ended_at timestamptz)`,
  );
  const services = timeline.offsets.length - 1;
  let intervals = 0;
  function* intervalLines(): Generator<string> {
    let chunk = '';
    for (let s = 0; s < services; s += 1) {
      const hi = timeline.offsets[s + 1]!;
      for (let k = timeline.offsets[s]!; k < hi; k += 1) {
        const code = timeline.codes[k]!;
        if (code === GAP_CODE) continue;
        const end = k + 1 < hi ? iso(timeline.starts[k + 1]!) : '\\N';
        chunk += `${s}\t${code}\t${iso(timeline.starts[k]!)}\t${end}\n`;
        intervals += 1;
        if (chunk.length > 60_000) {
          yield chunk;
          chunk = '';
        }
      }
    }
    if (chunk !== '') yield chunk;
  }
  await pipeline(
    Readable.from(intervalLines()),
    client.query(copyFrom('copy status_intervals_ref (service, status, started_at, ended_at) from stdin')),
  );
  let windows = 0;
  function* windowLines(): Generator<string> {
    for (let s = 0; s < services; s += 1) {
      for (let w = timeline.windowOffsets[s]!; w < timeline.windowOffsets[s + 1]!; w += 1) {
        const end = timeline.windowEnds[w]!;
        windows += 1;
        yield `${s}\t${iso(timeline.windowStarts[w]!)}\t${Number.isNaN(end) ? '\\N' : iso(end)}\n`;
      }
    }
  }
  await pipeline(
    Readable.from(windowLines()),
    client.query(copyFrom('copy maintenance_windows_ref (service, started_at, ended_at) from stdin')),
  );
  await client.query('analyze status_intervals_ref');
  await client.query('analyze maintenance_windows_ref');
  return { intervals, windows };
}

/** `$1`, `$2`: the month's bounds; `$3`: target percent. All times in ms. */
export const MONTHLY_RESULTS_SQL = `
with p as (select $1::timestamptz as p_start, $2::timestamptz as p_end, $3::float8 as target),
ordered as (
  select i.service, i.status, i.started_at, coalesce(i.ended_at, 'infinity') as ended_at,
         lag(i.status) over w as prev_status, lag(coalesce(i.ended_at, 'infinity')) over w as prev_end
  from status_intervals_ref i
  window w as (partition by i.service order by i.started_at)
),
clipped as (
  select o.service, o.status, o.started_at, o.prev_status, o.prev_end,
         greatest(o.started_at, p.p_start) as a, least(o.ended_at, p.p_end) as z,
         case when x.service is not null then greatest(x.started_at, p.p_start) end as wa,
         case when x.service is not null then least(coalesce(x.ended_at, p.p_end), p.p_end) end as wz
  from ordered o cross join p
  left join maintenance_windows_ref x on x.service = o.service
  where o.started_at < p.p_end and o.ended_at > p.p_start
),
measured as (
  select service, status, started_at, prev_status, prev_end, wa, wz,
         extract(epoch from z - a) * 1000 as dur,
         -- greatest/least skip NULLs in PostgreSQL: a service without a window must say so itself.
         case when wa is null then 0 else greatest(0, extract(epoch from least(z, wz) - greatest(a, wa)) * 1000) end as ov
  from clipped
),
per_service as (
  select service,
         sum(case when status in (1, 2, 3) then dur - ov else 0 end) as covered,
         sum(case when status = 3 then dur - ov else 0 end) as down,
         sum(case when status = 4 then dur - ov else 0 end) as maintenance_outside,
         coalesce(max(greatest(0, extract(epoch from wz - wa) * 1000)), 0) as windows,
         count(*) filter (where status = 3 and (prev_status is distinct from 3 or prev_end <> started_at)
                          and not coalesce(started_at >= wa and started_at < wz, false)) as incidents
  from measured
  group by service
)
select s.service,
       case when covered > 0 then 100 * (covered - down) / covered end as actual_value,
       down / 60000 as downtime_minutes,
       (windows + maintenance_outside) / 60000 as excluded_minutes,
       incidents as incident_count,
       case
         when covered = 0 then 'NO_DATA'
         when 100 * (covered - down) / covered < p.target - 1e-10 then 'BREACHED'
         else 'MET'
       end as status
from per_service s cross join p
order by s.service`;

export async function monthlyResults(client: pg.Client, period: { start: number; end: number }, targetPercent: number): Promise<SqlRow[]> {
  const { rows } = await client.query<{
    service: number;
    actual_value: number | null;
    downtime_minutes: number;
    excluded_minutes: number;
    incident_count: string;
    status: string;
  }>(MONTHLY_RESULTS_SQL, [iso(period.start), iso(period.end), targetPercent]);
  return rows.map((r) => ({
    service: r.service,
    actualValue: r.actual_value === null ? null : Number(r.actual_value),
    downtimeMinutes: Number(r.downtime_minutes),
    excludedMinutes: Number(r.excluded_minutes),
    incidentCount: Number(r.incident_count),
    status: r.status,
  }));
}
