/** The product's worker pool (createWorkerPool.ts) runs the product's tasks, on threads or in process. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { summarizeDashboard } from '../../../../src/core/dashboard/dashboardTask.js';
import { createWorkerPool } from '../../../../src/productWorker.js';
import { timelinePeriodResult } from '../../../../src/plugins/sla/arithmetic/periods/measureTimeline.js';
import {
  computePeriodResults,
  computeTrendSeries,
  periodResultAt,
  seriesCellAt,
  type SlaPeriodResultsTask,
  type SlaTrendSeriesTask,
} from '../../../../src/plugins/sla/slaBatchTasks.js';
import type { StatusTimeline } from '../../../../src/plugins/sla/arithmetic/timeline/statusTimeline.js';
import { generatedDashboardTask } from '../../../support/dashboardTasks.js';
import { generatedFleet } from '../../../support/slaFleet.js';

describe('product worker pool', () => {
  for (const threads of [0, 1]) {
    it(`with ${threads} thread(s) answers a month of 20,000 services as the main thread computes it`, async () => {
      const expected = summarizeDashboard(generatedDashboardTask(20_000, 9));
      const pool = createWorkerPool({ threads });
      try {
        assert.equal(pool.threads, threads);
        assert.deepEqual(await pool.run(generatedDashboardTask(20_000, 9)), expected);
      } finally {
        await pool.close();
      }
    });
  }
});

describe('product worker pool: SLA tasks', () => {
  const fleet = generatedFleet(2_000, 5);
  const now = fleet.period.start + 20 * 86_400_000;
  const periodTask = (): SlaPeriodResultsTask => ({
    type: 'slaPeriodResults',
    timeline: copyTimeline(fleet.timeline),
    now,
    assignments: {
      service: Uint32Array.from({ length: fleet.services }, (_, i) => i),
      targetPercent: Float64Array.from({ length: fleet.services }, (_, i) => [99, 99.9, 100][i % 3]!),
      degradedIsDown: Uint8Array.from({ length: fleet.services }, (_, i) => i % 2),
      periodStart: new Float64Array(fleet.services).fill(fleet.period.start),
      periodEnd: new Float64Array(fleet.services).fill(fleet.period.end),
    },
  });
  const seriesTask = (): SlaTrendSeriesTask => ({
    type: 'slaTrendSeries',
    timeline: copyTimeline(fleet.timeline),
    now,
    assignments: {
      service: Uint32Array.of(0, 7, 1999),
      targetPercent: Float64Array.of(99, 99.5, 99.9),
      degradedIsDown: Uint8Array.of(0, 1, 0),
    },
    bounds: Float64Array.from({ length: 31 }, (_, d) => fleet.period.start + d * 86_400_000),
  });

  for (const threads of [0, 1]) {
    it(`with ${threads} thread(s) computes a fleet's period results as the main thread does`, async () => {
      const expected = computePeriodResults(periodTask());
      const pool = createWorkerPool({ threads });
      try {
        const answer = await pool.run(periodTask());
        assert.deepEqual(answer, expected);
        assert.deepEqual(
          periodResultAt(answer.results, 7),
          timelinePeriodResult(fleet.timeline, 7, { period: fleet.period, now, targetPercent: 99.9, degradedIsDown: true }),
        );
      } finally {
        await pool.close();
      }
    });

    it(`with ${threads} thread(s) computes trend series as the main thread does`, async () => {
      const pool = createWorkerPool({ threads });
      try {
        const answer = await pool.run(seriesTask());
        assert.deepEqual(answer, computeTrendSeries(seriesTask()));
        assert.equal(answer.periods, 30);
        assert.equal(seriesCellAt(answer, 2, 25).status, 'NO_DATA', 'a day after now has no data');
      } finally {
        await pool.close();
      }
    });

    it(`with ${threads} thread(s) rejects a task naming a service outside the timeline with a RangeError`, async () => {
      const pool = createWorkerPool({ threads });
      try {
        const task = seriesTask();
        await assert.rejects(pool.run({ ...task, assignments: { ...task.assignments, service: Uint32Array.of(0, 7, 5000) } }), RangeError);
      } finally {
        await pool.close();
      }
    });
  }
});

function copyTimeline(timeline: StatusTimeline): StatusTimeline {
  return {
    offsets: timeline.offsets.slice(),
    starts: timeline.starts.slice(),
    codes: timeline.codes.slice(),
    windowOffsets: timeline.windowOffsets.slice(),
    windowStarts: timeline.windowStarts.slice(),
    windowEnds: timeline.windowEnds.slice(),
  };
}
