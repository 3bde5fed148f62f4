/**
 * The figures' batches (src/plugins/sla/figures/figureBatches.ts): a fleet split into one task per worker
 * thread answers, in the caller's assignment order, exactly what the pure functions give on the
 * main thread; one service stays on the main thread.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { judgePeriod, type PeriodResult } from '../../../../src/core/domain/periodArithmetic.js';
import { runPeriodResults, runTrendSeries, type PeriodAssignment } from '../../../../src/plugins/sla/figures/figureBatches.js';
import { measureTimelinePeriod } from '../../../../src/plugins/sla/arithmetic/periods/measureTimeline.js';
import { TimelineBuilder, type StatusTimeline } from '../../../../src/plugins/sla/arithmetic/timeline/statusTimeline.js';
import { trendSeries } from '../../../../src/plugins/sla/arithmetic/trends/trendSeries.js';
import { createWorkerPool } from '../../../../src/productWorker.js';
import { generatedHistory, seededRandom } from '../../../support/slaHistories.js';

const START = Date.parse('2026-11-01T00:00:00Z');
const DAY = 86_400_000;
const NOW = START + 2.5 * DAY;

function fleet(services: number, seed: number): () => StatusTimeline {
  const histories = Array.from({ length: services }, (_, i) => generatedHistory(seededRandom(seed + i), START, 3 * 24 * 60, 5));
  // A fresh timeline per call: a task handed to a thread takes the arrays it is given.
  return () => {
    const builder = new TimelineBuilder();
    for (const h of histories) builder.add(h.intervals, h.exclusions);
    return builder.build();
  };
}

/** Assignments in no particular service order, two per service with different periods and rules. */
function assignments(services: number): PeriodAssignment[] {
  const out: PeriodAssignment[] = [];
  for (let i = services - 1; i >= 0; i -= 1) {
    out.push({ service: i, targetPercent: 99, degradedIsDown: false, periodStart: START, periodEnd: START + 3 * DAY });
    out.push({
      service: (i * 7) % services,
      targetPercent: 95 + (i % 5),
      degradedIsDown: i % 2 === 0,
      periodStart: START + DAY,
      periodEnd: START + 2 * DAY,
    });
  }
  return out;
}

function expected(timeline: StatusTimeline, a: PeriodAssignment): PeriodResult {
  const measure = measureTimelinePeriod(timeline, a.service, {
    period: { start: a.periodStart, end: a.periodEnd },
    now: NOW,
    degradedIsDown: a.degradedIsDown,
  });
  return judgePeriod(measure, a.targetPercent);
}

describe('SLA figure batches', () => {
  const pool = createWorkerPool({ threads: 2 });
  after(() => pool.close());
  const timelineOf = fleet(41, 7);

  it("period results from two threads equal the main thread, in the caller's order", async () => {
    const list = assignments(41);
    const answers = await runPeriodResults(pool, timelineOf(), NOW, list);
    const reference = timelineOf();
    assert.equal(answers.length, list.length);
    list.forEach((a, i) => {
      assert.deepEqual(answers[i]!.result, expected(reference, a), `assignment ${i}`);
    });
  });

  it("hands back each result's measure, so services can be pooled", async () => {
    const [a] = assignments(41);
    const [answer] = await runPeriodResults(pool, timelineOf(), NOW, [a!]);
    assert.deepEqual(
      answer!.measure,
      measureTimelinePeriod(timelineOf(), a!.service, {
        period: { start: a!.periodStart, end: a!.periodEnd },
        now: NOW,
        degradedIsDown: false,
      }),
    );
  });

  it('trend series from two threads equal the pure trend series', async () => {
    const list = assignments(41).map(({ service, targetPercent, degradedIsDown }) => ({ service, targetPercent, degradedIsDown }));
    const bounds = Float64Array.from({ length: 4 }, (_, d) => START + d * DAY);
    const rows = await runTrendSeries(pool, timelineOf(), NOW, list, bounds);
    const reference = trendSeries(timelineOf(), list, bounds, NOW);
    rows.forEach((row, a) => {
      assert.equal(row.length, 3);
      row.forEach((cell, p) => {
        const ref = reference[a]![p]!;
        assert.deepEqual(
          [cell.actualValue, cell.coveredMs, cell.downtimeMs, cell.incidentCount, cell.status],
          [ref.result.actualValue, ref.measure.coveredMs, ref.measure.downtimeMs, ref.measure.incidentCount, ref.result.status],
        );
      });
    });
  });

  it('a single service is computed on the main thread (its timeline stays usable)', async () => {
    const builder = new TimelineBuilder();
    builder.add([{ status: 'DOWN', startedAt: START, endedAt: null }]);
    const timeline = builder.build();
    const [answer] = await runPeriodResults(pool, timeline, NOW, [
      { service: 0, targetPercent: 99, degradedIsDown: false, periodStart: START, periodEnd: START + DAY },
    ]);
    assert.equal(answer!.result.actualValue, 0);
    assert.equal(timeline.starts.length, 1, 'not transferred to a thread');
  });

  it('refuses an assignment naming a service the timeline does not have', async () => {
    await assert.rejects(
      runPeriodResults(pool, timelineOf(), NOW, [
        { service: 41, targetPercent: 99, degradedIsDown: false, periodStart: START, periodEnd: START + DAY },
      ]),
      RangeError,
    );
  });
});
