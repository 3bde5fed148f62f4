/**
 * The reads of the event history (eventHistory.ts) a subscriber repairs its stream with: each shard's last event
 * (where a new subscriber starts), and the events after given positions, in (epoch, seq) order, each shard read as
 * a range of the primary key. Arrays travel as one JSON parameter, the same on PostgreSQL and PGlite.
 */
import type { Knex } from 'knex';
import type { ClusterEvent, StreamPosition } from './eventStream.js';

interface EventRow {
  readonly shard: number | string;
  readonly epoch: number | string;
  readonly seq: number | string;
  readonly at: Date | string;
  readonly payload: unknown;
}

const rowsOf = (result: unknown): EventRow[] => (result as { rows: EventRow[] }).rows;

/** Each shard's last committed event, as a position (shards without any are absent). */
export async function readHeads(knex: Knex): Promise<Map<number, StreamPosition>> {
  const rows = rowsOf(
    await knex.raw('select distinct on (shard) shard, epoch, seq from cluster_events order by shard, epoch desc, seq desc'),
  );
  return new Map(rows.map((row) => [Number(row.shard), { epoch: Number(row.epoch), seq: Number(row.seq) }]));
}

/** The last committed event of `shard`, as a position; undefined while it has none. */
export async function readHead(knex: Knex, shard: number): Promise<StreamPosition | undefined> {
  const [row] = rowsOf(
    await knex.raw('select epoch, seq from cluster_events where shard = ? order by epoch desc, seq desc limit 1', [shard]),
  );
  return row === undefined ? undefined : { epoch: Number(row.epoch), seq: Number(row.seq) };
}

/**
 * The committed events after `positions` (shard to position), at most `limit` per shard, ordered by shard, epoch
 * and seq. A shard that returned `limit` rows may have more: the caller reads again from its new position.
 */
export async function readAfter(knex: Knex, positions: ReadonlyMap<number, StreamPosition>, limit: number): Promise<ClusterEvent[]> {
  const list = [...positions].map(([shard, { epoch, seq }]) => ({ shard, epoch, seq }));
  if (list.length === 0) return [];
  const result = await knex.raw(
    `select c.shard, c.epoch, c.seq, c.at, c.payload
     from json_to_recordset(?::json) as p(shard integer, epoch bigint, seq bigint)
     cross join lateral (
       select e.shard, e.epoch, e.seq, e.at, e.payload from cluster_events e
       where e.shard = p.shard and (e.epoch, e.seq) > (p.epoch, p.seq)
       order by e.epoch, e.seq limit ?
     ) c
     order by c.shard, c.epoch, c.seq`,
    [JSON.stringify(list), limit],
  );
  return rowsOf(result).map((row) => ({
    shard: Number(row.shard),
    epoch: Number(row.epoch),
    seq: Number(row.seq),
    at: new Date(row.at).getTime(),
    // jsonb: both drivers give the parsed value.
    payload: row.payload,
  }));
}
