import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceStatus } from '../../../../src/core/domain/service.js';
import type { MaintenanceSpan, StatusInterval } from '../../../../src/core/domain/periodArithmetic.js';
import { loadTimeline, type TimelineSource } from '../../../../src/plugins/sla/figures/timelineLoader.js';
import { TimelineBuilder } from '../../../../src/plugins/sla/arithmetic/timeline/statusTimeline.js';
import { useEmbeddedDatabase } from '../../../support/embeddedDatabase.js';

const T0 = Date.UTC(2026, 10, 1);
const MIN = 60_000;
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';

/** Rows as written, by service; seq in start order. */
const HISTORY: Record<string, Array<[status: ServiceStatus, start: number, end: number | null]>> = {
  [A]: [
    ['OPERATIONAL', -60, 10],
    ['DOWN', 10, 25],
    ['OPERATIONAL', 25, null],
  ],
  // Ended before the next began (a gap), and a row wholly before the range (left out).
  [B]: [
    ['DEGRADED', -300, -200],
    ['DEGRADED', 5, 20],
    ['MAINTENANCE', 40, 50],
    ['UNKNOWN', 50, null],
  ],
  [C]: [],
};
const WINDOWS: Record<string, MaintenanceSpan[]> = { [A]: [[T0 + 12 * MIN, T0 + 18 * MIN]], [B]: [[T0 + 45 * MIN, null]] };
const RANGE = { start: T0, end: T0 + 60 * MIN };

const at = (minutes: number) => T0 + minutes * MIN;

function expected(ids: string[]) {
  const builder = new TimelineBuilder();
  for (const id of ids) {
    const rows: StatusInterval[] = (HISTORY[id] ?? [])
      .filter(([, start, end]) => at(start) < RANGE.end && (end === null || at(end) >= RANGE.start))
      .map(([status, start, end]) => ({ status, startedAt: at(start), endedAt: end === null ? null : at(end) }));
    builder.add(rows, WINDOWS[id] ?? []);
  }
  return builder.build();
}

describe('SLA timeline loader (status_intervals and windows into a StatusTimeline)', () => {
  const db = useEmbeddedDatabase();
  let seeded = false;
  let settledCalls = 0;

  async function source(keyedIds?: number): Promise<TimelineSource> {
    const knex = db().knex;
    if (!seeded) {
      seeded = true;
      const now = new Date(T0).toISOString();
      await knex('nodes').insert({ path: 'n', parent_path: null, name: 'n', depth: 1, created_at: now });
      for (const [i, id] of [A, B, C].entries()) {
        await knex('services').insert({
          id,
          node_path: 'n',
          name: `s${i}`,
          status: 'OPERATIONAL',
          status_since: now,
          status_seq: 0,
          created_at: now,
          updated_at: now,
        });
        const rows = (HISTORY[id] ?? []).map(([status, start, end], seq) => ({
          service_id: id,
          seq,
          status,
          started_at: new Date(at(start)).toISOString(),
          ended_at: end === null ? null : new Date(at(end)).toISOString(),
        }));
        if (rows.length > 0) await knex('status_intervals').insert(rows);
      }
    }
    return {
      knex,
      pageBlocks: 1,
      ...(keyedIds === undefined ? {} : { keyedIds }),
      settled: async () => {
        settledCalls += 1;
      },
      excludedSpans: async (_from, _to, ids) => new Map(ids.filter((id) => WINDOWS[id]).map((id) => [id, WINDOWS[id]!])),
    };
  }

  it('reads a few services by key into the timeline their rows and windows build', async () => {
    const loaded = await loadTimeline(await source(), [B, A, C], RANGE);
    assert.deepEqual(loaded.timeline, expected([B, A, C]));
    assert.deepEqual(loaded.serviceIds, [B, A, C]);
    assert.equal(loaded.indexOf(A), 1);
  });

  it('reads a fleet by the paged scan into the same timeline', async () => {
    const loaded = await loadTimeline(await source(0), [A, B, C], RANGE);
    assert.deepEqual(loaded.timeline, expected([A, B, C]));
  });

  it('waits for committed writes before reading', async () => {
    const before = settledCalls;
    await loadTimeline(await source(), [A], RANGE);
    assert.equal(settledCalls, before + 1);
  });

  it('numbers a repeated id once and answers -1 for an id it does not hold', async () => {
    const loaded = await loadTimeline(await source(), [A, A.toUpperCase(), B], RANGE);
    assert.deepEqual(loaded.serviceIds, [A, B]);
    assert.equal(loaded.indexOf(A.toUpperCase()), 0);
    assert.equal(loaded.indexOf(C), -1);
  });

  it('an id that is not a uuid, or names no service, has no runs', async () => {
    const loaded = await loadTimeline(await source(), ['not-a-uuid', '00000000-0000-4000-8000-0000000000ff'], RANGE);
    assert.deepEqual(Array.from(loaded.timeline.offsets), [0, 0, 0]);
  });

  it('refuses a range that ends before it starts', async () => {
    await assert.rejects(loadTimeline(await source(), [A], { start: RANGE.end, end: RANGE.start }), RangeError);
  });
});
