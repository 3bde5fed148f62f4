import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { summarizeDashboard, type DashboardStatsTask } from '../../../../src/core/dashboard/dashboardTask.js';
import { monthPeriod } from '../../../../src/core/domain/periodArithmetic.js';

// Ten days into March 2026 (14,400 minutes elapsed). Codes: 1 OPERATIONAL, 3 DOWN (uptimeQuery.ts).
const NOW = Date.parse('2026-03-11T00:00:00Z');
const MARCH = Date.parse('2026-03-01T00:00:00Z');
const MIN = 60_000;
const OPERATIONAL = 1;
const DOWN = 3;

type Row = readonly [service: number, status: number, startedAt: number, endedAt: number | null, seq?: number];

function task(targets: readonly number[], rows: readonly Row[]): DashboardStatsTask {
  return {
    type: 'dashboardStats',
    period: monthPeriod(NOW),
    now: NOW,
    targets: Float64Array.from(targets),
    intervals: {
      service: Uint32Array.from(rows.map((r) => r[0])),
      seq: Int32Array.from(rows.map((r, i) => r[4] ?? i + 1)),
      status: Uint8Array.from(rows.map((r) => r[1])),
      startedAt: Float64Array.from(rows.map((r) => r[2])),
      endedAt: Float64Array.from(rows.map((r) => r[3] ?? Number.NaN)),
    },
  };
}

/** Service `s` up all month but `down` minutes DOWN from March 5, still up (open) at now. */
const upExcept = (s: number, down: number): Row[] => {
  const from = Date.parse('2026-03-05T00:00:00Z');
  return [
    [s, OPERATIONAL, MARCH, from],
    [s, DOWN, from, from + down * MIN],
    [s, OPERATIONAL, from + down * MIN, null],
  ];
};

describe('dashboard task', () => {
  it('gives the same result whatever order the rows of the services come in', () => {
    const rows = [...upExcept(0, 144), ...upExcept(1, 0), ...upExcept(2, 1440)];
    const shuffled = [rows[5]!, rows[0]!, rows[8]!, rows[3]!, rows[1]!, rows[7]!, rows[2]!, rows[6]!, rows[4]!];
    const targets = [99, Number.NaN, 99];
    assert.deepEqual(summarizeDashboard(task(targets, shuffled)), summarizeDashboard(task(targets, rows)));
  });

  it('judges each service against its own target and averages every service with data', () => {
    // Uptimes 99, 100 and 90: 144 of 14,400 minutes down is exactly 99 at a burn rate of exactly 1
    // (met), 1,440 is a breach; service 3 has a target but no data, so it is in no count.
    const result = summarizeDashboard(task([99, Number.NaN, 99, 99.9], [...upExcept(0, 144), ...upExcept(1, 0), ...upExcept(2, 1440)]));
    assert.deepEqual(result, {
      type: 'dashboardStats',
      servicesWithSla: 3,
      metCount: 1,
      atRiskCount: 0,
      breachedCount: 1,
      averageUptime: 96.333,
    });
  });

  it('counts an open interval up to now and an unknown status code as a gap', () => {
    const result = summarizeDashboard(
      task(
        [Number.NaN],
        [
          [0, OPERATIONAL, MARCH, MARCH + 1440 * MIN],
          [0, 0, MARCH + 1440 * MIN, null],
        ],
      ),
    );
    assert.equal(result.averageUptime, 100);
    const down = summarizeDashboard(task([Number.NaN], [[0, DOWN, MARCH, null]]));
    assert.equal(down.averageUptime, 0);
  });

  it('counts an interval read twice (updated between two pages) once, as its last-read version', () => {
    // Interval 2 was read open (DOWN until now), then again once closed after 60 minutes.
    const rows: Row[] = [
      [0, OPERATIONAL, MARCH, MARCH + MIN, 1],
      [0, DOWN, MARCH + MIN, null, 2],
      [0, DOWN, MARCH + MIN, MARCH + 61 * MIN, 2],
      [0, OPERATIONAL, MARCH + 61 * MIN, null, 3],
    ];
    const once = summarizeDashboard(task([Number.NaN], [rows[0]!, rows[2]!, rows[3]!]));
    assert.deepEqual(summarizeDashboard(task([Number.NaN], rows)), once);
    assert.equal(once.averageUptime, 99.583);
  });

  it('is all zeros without services', () => {
    assert.deepEqual(summarizeDashboard(task([], [])), {
      type: 'dashboardStats',
      servicesWithSla: 0,
      metCount: 0,
      atRiskCount: 0,
      breachedCount: 0,
      averageUptime: 0,
    });
  });

  it('refuses a row of a service number it was not given', () => {
    assert.throws(() => summarizeDashboard(task([99], [[1, OPERATIONAL, MARCH, null]])), {
      name: 'RangeError',
      message: 'interval 0 belongs to service 1, but there are 1 services',
    });
  });

  it('refuses columns of different lengths', () => {
    const bad = task([99], [[0, OPERATIONAL, MARCH, null]]);
    assert.throws(() => summarizeDashboard({ ...bad, intervals: { ...bad.intervals, endedAt: new Float64Array(0) } }), {
      name: 'RangeError',
      message: 'interval columns differ in length: service 1, seq 1, status 1, startedAt 1, endedAt 0',
    });
  });
});
