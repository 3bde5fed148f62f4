import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceStatus } from '../../../../src/core/domain/service.js';
import {
  computePeriodResult,
  measurePeriod,
  monthPeriod,
  type MaintenanceSpan,
  type PeriodInput,
  type PeriodResult,
  type StatusInterval,
} from '../../../../src/core/domain/periodArithmetic.js';

// One UTC day, 1440 minutes; times below are minutes from its start.
const MIN = 60_000;
const DAY_START = Date.parse('2026-03-10T00:00:00Z');
const day = { start: DAY_START, end: DAY_START + 1440 * MIN };
const at = (minute: number) => DAY_START + minute * MIN;
const iv = (status: ServiceStatus, from: number, to: number | null): StatusInterval => ({
  status,
  startedAt: at(from),
  endedAt: to === null ? null : at(to),
});
const win = (from: number, to: number | null): MaintenanceSpan => [at(from), to === null ? null : at(to)];

/** The whole day elapsed, target 99 % (budget 14.4 minutes), DEGRADED up. */
const input = (intervals: StatusInterval[], more: Partial<PeriodInput> = {}): PeriodInput => ({
  period: day,
  now: day.end,
  targetPercent: 99,
  intervals,
  ...more,
});

function assertResult(actual: PeriodResult, expected: Partial<PeriodResult>): void {
  for (const [key, want] of Object.entries(expected) as Array<[keyof PeriodResult, unknown]>) {
    const got = actual[key];
    if (typeof want === 'number' && typeof got === 'number') {
      assert.ok(Math.abs(got - want) < 1e-9, `${key}: expected ${want}, got ${got}`);
    } else {
      assert.equal(got, want, `${key}`);
    }
  }
}

interface Case {
  readonly name: string;
  readonly input: PeriodInput;
  readonly expected: Partial<PeriodResult>;
}

const cases: Case[] = [
  {
    name: 'a day fully OPERATIONAL is 100 % with the whole budget left and MET',
    input: input([iv('OPERATIONAL', -60, null)]),
    expected: {
      actualValue: 100,
      coveragePercent: 100,
      coveredMinutes: 1440,
      downtimeMinutes: 0,
      excludedMinutes: 0,
      errorBudgetMinutes: 14.4,
      errorBudgetUsedMinutes: 0,
      errorBudgetRemainingMinutes: 14.4,
      burnRate: 0,
      incidentCount: 0,
      mttrMinutes: null,
      mtbfMinutes: null,
      status: 'MET',
    },
  },
  {
    name: 'a closed 10-minute DOWN counts as downtime, one incident, its MTTR and MTBF',
    input: input([iv('OPERATIONAL', 0, 600), iv('DOWN', 600, 610), iv('OPERATIONAL', 610, null)]),
    expected: {
      actualValue: (100 * 1430) / 1440,
      downtimeMinutes: 10,
      errorBudgetUsedMinutes: 10,
      errorBudgetRemainingMinutes: 4.4,
      burnRate: 10 / 14.4,
      incidentCount: 1,
      mttrMinutes: 10,
      mtbfMinutes: 1430,
      status: 'MET',
    },
  },
  {
    name: 'actual below target is BREACHED',
    input: input([iv('OPERATIONAL', 0, 600), iv('DOWN', 600, 620), iv('OPERATIONAL', 620, null)]),
    expected: { actualValue: (100 * 1420) / 1440, errorBudgetRemainingMinutes: -5.6, status: 'BREACHED' },
  },
  {
    // Issue 27: AT_RISK is for the open period; a closed one is judged by actual against target.
    name: "a closed day with less than 25 % of the budget remaining is MET (AT_RISK is the open period's)",
    input: input([iv('OPERATIONAL', 0, 600), iv('DOWN', 600, 612), iv('OPERATIONAL', 612, null)]),
    expected: { actualValue: (100 * 1428) / 1440, errorBudgetRemainingMinutes: 2.4, status: 'MET' },
  },
  {
    name: 'exactly 25 % of the budget remaining is still MET',
    input: input([iv('OPERATIONAL', 0, 600), iv('DOWN', 600, 610.8), iv('OPERATIONAL', 610.8, null)]),
    expected: { errorBudgetRemainingMinutes: 3.6, burnRate: 0.75, status: 'MET' },
  },
  {
    // Issue 27: a closed period is MET or BREACHED only.
    name: 'actual exactly at target is not a breach (a closed day: MET, with nothing left of the budget)',
    input: input([iv('OPERATIONAL', 0, 600), iv('DOWN', 600, 614.4), iv('OPERATIONAL', 614.4, null)]),
    expected: { actualValue: 99, errorBudgetRemainingMinutes: 0, burnRate: 1, status: 'MET' },
  },
  {
    name: 'burn rate divides the used share of the budget by the elapsed share of the period',
    input: input([iv('OPERATIONAL', 0, 100), iv('DOWN', 100, 103.6), iv('OPERATIONAL', 103.6, null)], { now: at(720) }),
    expected: {
      actualValue: (100 * 716.4) / 720,
      errorBudgetMinutes: 14.4,
      burnRate: 0.5,
      errorBudgetRemainingMinutes: 10.8,
      status: 'MET',
    },
  },
  {
    name: 'an open interval runs until now, and nothing after now counts',
    input: input([iv('OPERATIONAL', 0, null)], { now: at(720) }),
    expected: { actualValue: 100, coveredMinutes: 720, coveragePercent: 100, errorBudgetMinutes: 14.4, burnRate: 0, status: 'MET' },
  },
  {
    name: 'time without any interval is a gap: it lowers coverage, not the actual value',
    input: input([iv('OPERATIONAL', 360, null)]),
    expected: { actualValue: 100, coveredMinutes: 1080, coveragePercent: 75, downtimeMinutes: 0, status: 'MET' },
  },
  {
    name: 'UNKNOWN is a gap, not downtime',
    input: input([iv('UNKNOWN', 0, 360), iv('OPERATIONAL', 360, null)]),
    expected: { actualValue: 100, coveredMinutes: 1080, coveragePercent: 75, downtimeMinutes: 0, excludedMinutes: 0 },
  },
  {
    name: 'MAINTENANCE is excluded time: out of coverage, out of the budget base',
    input: input([iv('MAINTENANCE', 0, 60), iv('OPERATIONAL', 60, null)]),
    expected: { excludedMinutes: 60, coveredMinutes: 1380, coveragePercent: 100, errorBudgetMinutes: 13.8, actualValue: 100 },
  },
  {
    name: 'DOWN inside an exclusion window is excluded, not downtime',
    input: input([iv('OPERATIONAL', 0, 100), iv('DOWN', 100, 130), iv('OPERATIONAL', 130, null)], { exclusions: [win(90, 120)] }),
    expected: {
      excludedMinutes: 30,
      coveredMinutes: 1410,
      downtimeMinutes: 10,
      actualValue: (100 * 1400) / 1410,
      errorBudgetMinutes: 14.1,
    },
  },
  {
    name: 'an entry into DOWN inside an exclusion window is not an incident',
    input: input([iv('OPERATIONAL', 0, 100), iv('DOWN', 100, 130), iv('OPERATIONAL', 130, null)], { exclusions: [win(90, 120)] }),
    expected: { incidentCount: 0, mttrMinutes: null, mtbfMinutes: null },
  },
  {
    name: 'overlapping exclusion windows count their union once',
    input: input([iv('OPERATIONAL', 0, null)], { exclusions: [win(0, 60), win(30, 90), win(80, 100)] }),
    expected: { excludedMinutes: 100, coveredMinutes: 1340, coveragePercent: 100 },
  },
  {
    name: 'a MAINTENANCE interval overlapping an exclusion window counts once',
    input: input([iv('OPERATIONAL', 0, 50), iv('MAINTENANCE', 50, 120), iv('OPERATIONAL', 120, null)], { exclusions: [win(0, 60)] }),
    expected: { excludedMinutes: 120, coveredMinutes: 1320 },
  },
  {
    name: 'an exclusion window still active runs until now',
    input: input([iv('OPERATIONAL', 0, null)], { now: at(720), exclusions: [win(700, null)] }),
    expected: { excludedMinutes: 20, coveredMinutes: 700 },
  },
  {
    name: 'an open DOWN is an incident but has no MTTR yet',
    input: input([iv('OPERATIONAL', 0, 700), iv('DOWN', 700, null)], { now: at(720) }),
    expected: { incidentCount: 1, downtimeMinutes: 20, mttrMinutes: null, mtbfMinutes: 700 },
  },
  {
    name: 'a DOWN that began before the period gives downtime but no incident',
    input: input([iv('DOWN', -30, 10), iv('OPERATIONAL', 10, null)]),
    expected: { downtimeMinutes: 10, incidentCount: 0, mttrMinutes: null },
  },
  {
    name: 'an incident that closes only after the period end has no MTTR in the period',
    input: input([iv('OPERATIONAL', 0, 1430), iv('DOWN', 1430, 1450), iv('OPERATIONAL', 1450, null)], { now: at(2880) }),
    expected: { downtimeMinutes: 10, incidentCount: 1, mttrMinutes: null },
  },
  {
    name: 'MTTR is the mean length of the closed incidents and MTBF the up time per incident',
    input: input(
      [iv('OPERATIONAL', 0, 100), iv('DOWN', 100, 110), iv('OPERATIONAL', 110, 500), iv('DOWN', 500, 520), iv('OPERATIONAL', 520, null)],
      { targetPercent: 95 },
    ),
    expected: { incidentCount: 2, downtimeMinutes: 30, mttrMinutes: 15, mtbfMinutes: 705 },
  },
  {
    name: 'DEGRADED is covered up time by default',
    input: input([iv('OPERATIONAL', 0, 600), iv('DEGRADED', 600, 630), iv('OPERATIONAL', 630, null)]),
    expected: { actualValue: 100, downtimeMinutes: 0, incidentCount: 0, status: 'MET' },
  },
  {
    name: 'DEGRADED is downtime when the definition counts it as down',
    input: input([iv('OPERATIONAL', 0, 600), iv('DEGRADED', 600, 630), iv('OPERATIONAL', 630, null)], { degradedIsDown: true }),
    expected: { downtimeMinutes: 30, incidentCount: 1, mttrMinutes: 30, status: 'BREACHED' },
  },
  {
    name: 'DOWN then DEGRADED, both counted as down, is one incident spanning both',
    input: input([iv('OPERATIONAL', 0, 600), iv('DOWN', 600, 610), iv('DEGRADED', 610, 620), iv('OPERATIONAL', 620, null)], {
      degradedIsDown: true,
      targetPercent: 95,
    }),
    expected: { downtimeMinutes: 20, incidentCount: 1, mttrMinutes: 20 },
  },
  {
    name: 'no covered time is no data: actualValue null, status NO_DATA, coverage 0',
    input: input([iv('UNKNOWN', 0, null)]),
    expected: { actualValue: null, coveragePercent: 0, coveredMinutes: 0, errorBudgetMinutes: 14.4, burnRate: 0, status: 'NO_DATA' },
  },
  {
    name: 'a period entirely excluded has no coverage figure',
    input: input([iv('MAINTENANCE', -10, null)]),
    expected: { actualValue: null, coveragePercent: null, excludedMinutes: 1440, errorBudgetMinutes: 0, status: 'NO_DATA' },
  },
  {
    name: 'a period that has not started yet has nothing elapsed',
    input: input([iv('OPERATIONAL', -10, null)], { now: at(-5) }),
    expected: {
      actualValue: null,
      coveragePercent: null,
      coveredMinutes: 0,
      excludedMinutes: 0,
      burnRate: 0,
      incidentCount: 0,
      status: 'NO_DATA',
    },
  },
  {
    name: 'a 100 % target has a zero budget: MET without downtime',
    input: input([iv('OPERATIONAL', 0, null)], { targetPercent: 100 }),
    expected: { errorBudgetMinutes: 0, errorBudgetRemainingMinutes: 0, burnRate: 0, status: 'MET' },
  },
  {
    name: 'a 100 % target with any downtime has an unbounded burn rate (null) and is BREACHED',
    input: input([iv('OPERATIONAL', 0, 600), iv('DOWN', 600, 601), iv('OPERATIONAL', 601, null)], { targetPercent: 100 }),
    expected: { errorBudgetMinutes: 0, errorBudgetRemainingMinutes: -1, burnRate: null, status: 'BREACHED' },
  },
  {
    name: 'a later interval supersedes an earlier one left open, so no instant counts twice',
    input: input([iv('OPERATIONAL', 0, null), iv('DOWN', 600, 610), iv('OPERATIONAL', 610, null)]),
    expected: { coveredMinutes: 1440, downtimeMinutes: 10, incidentCount: 1, mttrMinutes: 10 },
  },
  {
    // A row left open and followed by one that starts after `now` (data newer than the "as of"
    // instant) ends where the next begins, not at `now`: computed at the period end or later, the
    // period's MTTR is the same.
    name: 'an open DOWN followed by a row starting after now is not closed at now',
    input: input([iv('OPERATIONAL', 0, 1400), iv('DOWN', 1400, null), iv('OPERATIONAL', 1500, null)], { now: at(1440) }),
    expected: { downtimeMinutes: 40, incidentCount: 1, mttrMinutes: null },
  },
  {
    name: 'intervals reaching outside the period are clipped to it',
    input: input([iv('DOWN', -100, -50), iv('OPERATIONAL', -50, 2000)], { now: at(3000) }),
    expected: { coveredMinutes: 1440, downtimeMinutes: 0, actualValue: 100 },
  },
];

describe('SLA period arithmetic', () => {
  for (const c of cases) {
    it(c.name, () => assertResult(computePeriodResult(c.input), c.expected));
  }

  it('gives the same result for intervals in any order, without reordering the input', () => {
    const ordered = [
      iv('OPERATIONAL', 0, 100),
      iv('DOWN', 100, 110),
      iv('OPERATIONAL', 110, 500),
      iv('DOWN', 500, 520),
      iv('OPERATIONAL', 520, null),
    ];
    const shuffled = [ordered[3]!, ordered[0]!, ordered[4]!, ordered[2]!, ordered[1]!];
    const copy = [...shuffled];
    assert.deepEqual(computePeriodResult(input(shuffled)), computePeriodResult(input(ordered)));
    assert.deepEqual(shuffled, copy);
  });

  it('measures without a target (for figures that have none)', () => {
    const measure = measurePeriod({ period: day, now: at(720), intervals: [iv('OPERATIONAL', 0, 700), iv('DOWN', 700, null)] });
    assert.deepEqual(measure, {
      periodMs: 1440 * MIN,
      elapsedMs: 720 * MIN,
      excludedMs: 0,
      coveredMs: 720 * MIN,
      downtimeMs: 20 * MIN,
      incidentCount: 1,
      closedIncidentCount: 0,
      closedIncidentMs: 0,
    });
  });

  it('rejects an empty or inverted period and a target outside 0..100', () => {
    assert.throws(() => computePeriodResult(input([], { period: { start: day.start, end: day.start } })), RangeError);
    assert.throws(() => computePeriodResult(input([], { targetPercent: 101 })), RangeError);
    assert.throws(() => computePeriodResult(input([], { targetPercent: Number.NaN })), RangeError);
  });
});

describe('month period', () => {
  const cases: Array<[string, string, string, string]> = [
    ['contains a mid-month instant', '2026-03-10T12:34:56.789Z', '2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z'],
    ['starts at the first millisecond of the month', '2026-03-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z'],
    [
      'ends before the first millisecond of the next month',
      '2026-03-31T23:59:59.999Z',
      '2026-03-01T00:00:00.000Z',
      '2026-04-01T00:00:00.000Z',
    ],
    ['rolls December over into the next year', '2026-12-15T00:00:00.000Z', '2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'],
    ['gives a leap February 29 days', '2028-02-10T00:00:00.000Z', '2028-02-01T00:00:00.000Z', '2028-03-01T00:00:00.000Z'],
  ];
  for (const [name, now, start, end] of cases) {
    it(name, () => {
      const period = monthPeriod(Date.parse(now));
      assert.equal(new Date(period.start).toISOString(), start);
      assert.equal(new Date(period.end).toISOString(), end);
    });
  }
});
