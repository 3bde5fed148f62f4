/**
 * The catch-up bench's stored history: `services` services of one SLA group with the generated
 * month of test/support/slaFleet.ts (November 2026; mostly OPERATIONAL, DEGRADED flicker, rare DOWN
 * spells, MAINTENANCE and silences) up to `startAt`, written with COPY into the product's tables of
 * a migrated PostgreSQL schema, and one monthly 99.9 % definition assigned to the group. What a
 * server restarted on the 20th finds: the month so far to catch up, no SLA alert yet.
 *
 * Rows: each run of the timeline that is not a silence is one `status_intervals` row ending where
 * the next run begins (a run followed by a silence ends where the silence begins); the service row
 * holds the last run's status. Maintenance windows of the timeline that ended before `startAt`
 * become stopped `maintenance_windows` rows (the ones still open then are left out: a window open
 * at start is an actor's state, not history).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { SERVICE_STATUSES } from '../../src/core/domain/service.js';
import { DEFAULT_BURN_RATES } from '../../src/plugins/sla/definitions/slaDefinition.js';
import { GAP_CODE, type StatusTimeline } from '../../src/plugins/sla/arithmetic/timeline/statusTimeline.js';

export const NODE = 'bench';
export const GROUP = 'fleet';

export interface SeededFleet {
  readonly serviceIds: readonly string[];
  readonly definitionId: string;
  readonly intervals: number;
  readonly windows: number;
}

const iso = (t: number) => new Date(t).toISOString();
/** A uuid made from a number, so runs are reproducible and ids sort as the services do. */
const uuidOf = (prefix: number, n: number) => `${prefix.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

async function copy(client: pg.Client, sql: string, lines: () => Generator<string>): Promise<void> {
  function* chunks(): Generator<string> {
    let chunk = '';
    for (const line of lines()) {
      chunk += line;
      if (chunk.length > 256_000) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk !== '') yield chunk;
  }
  await pipeline(Readable.from(chunks()), client.query(copyFrom(sql)));
}

/** Writes the fleet's history before `startAt` (timeline: service i is services[i]). */
export async function seedFleet(url: string, timeline: StatusTimeline, startAt: number, monthStart: number): Promise<SeededFleet> {
  const services = timeline.offsets.length - 1;
  const serviceIds = Array.from({ length: services }, (_, i) => uuidOf(1, i));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`insert into nodes (path, parent_path, name, depth, created_at) values ($1, null, $1, 1, $2)`, [
      NODE,
      iso(monthStart),
    ]);
    await client.query(`insert into sla_groups (name, id, targets, created_at, updated_at) values ($1, $2, '{}', $3, $3)`, [
      GROUP,
      uuidOf(2, 0),
      iso(monthStart),
    ]);
    const lastBefore = (s: number): number => {
      let last = -1;
      for (let k = timeline.offsets[s]!; k < timeline.offsets[s + 1]! && timeline.starts[k]! < startAt; k += 1) last = k;
      return last;
    };
    await copy(
      client,
      'copy services (id, node_path, name, status, status_since, status_seq, sla_group, created_at, updated_at) from stdin',
      function* () {
        for (let s = 0; s < services; s += 1) {
          const last = lastBefore(s);
          const code = last < 0 ? GAP_CODE : timeline.codes[last]!;
          const status = code === GAP_CODE ? 'UNKNOWN' : SERVICE_STATUSES[code - 1]!;
          const since = last < 0 ? monthStart : timeline.starts[last]!;
          yield `${serviceIds[s]}\t${NODE}\tsvc-${String(s).padStart(6, '0')}\t${status}\t${iso(since)}\t${last + 1}\t${GROUP}\t${iso(monthStart)}\t${iso(since)}\n`;
        }
      },
    );
    let intervals = 0;
    await copy(client, 'copy status_intervals (service_id, seq, status, started_at, ended_at) from stdin', function* () {
      for (let s = 0; s < services; s += 1) {
        let seq = 0;
        const hi = timeline.offsets[s + 1]!;
        for (let k = timeline.offsets[s]!; k < hi && timeline.starts[k]! < startAt; k += 1) {
          const code = timeline.codes[k]!;
          if (code === GAP_CODE) continue;
          const next = k + 1 < hi && timeline.starts[k + 1]! < startAt ? iso(timeline.starts[k + 1]!) : '\\N';
          seq += 1;
          intervals += 1;
          yield `${serviceIds[s]}\t${seq}\t${SERVICE_STATUSES[code - 1]}\t${iso(timeline.starts[k]!)}\t${next}\n`;
        }
      }
    });
    let windows = 0;
    await copy(
      client,
      'copy maintenance_windows (id, service_id, reason, started_at, expected_end_at, ended_at, ended_by, created_via, ended_via, held_status) from stdin',
      function* () {
        for (let s = 0; s < services; s += 1) {
          for (let w = timeline.windowOffsets[s]!; w < timeline.windowOffsets[s + 1]!; w += 1) {
            const end = timeline.windowEnds[w]!;
            if (!(end <= startAt)) continue;
            windows += 1;
            yield `${uuidOf(3, windows)}\t${serviceIds[s]}\tbench\t${iso(timeline.windowStarts[w]!)}\t${iso(end)}\t${iso(end)}\tstop\tapi_key\tapi_key\tOPERATIONAL\n`;
          }
        }
      },
    );
    const definitionId = uuidOf(4, 1);
    await client.query(
      `insert into sla_definitions (id, name, target_percent, period, degraded_counts_as_down, burn_rates, created_at, updated_at) values ($1, 'Fleet', 99.9, 'MONTH', false, $2, $3, $3)`,
      [definitionId, JSON.stringify(DEFAULT_BURN_RATES), iso(monthStart)],
    );
    await client.query(
      `insert into sla_assignments (id, definition_id, service_id, group_name, created_at) values ($1, $2, null, $3, $4)`,
      [uuidOf(5, 1), definitionId, GROUP, iso(monthStart)],
    );
    await client.query('analyze');
    return { serviceIds, definitionId, intervals, windows };
  } finally {
    await client.end();
  }
}
