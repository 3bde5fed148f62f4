/**
 * The SLA arithmetic on hand-computed cases (issue 16: "table tests of the arithmetic"), each over
 * a calendar period: the row arithmetic (periodArithmetic.ts) and the timeline arithmetic
 * (arithmetic/periods/measureTimeline.ts) must both give the expected figures.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceStatus } from '../../../../src/core/domain/service.js';
import {
  computePeriodResult,
  type MaintenanceSpan,
  type PeriodResult,
  type StatusInterval,
} from '../../../../src/core/domain/periodArithmetic.js';
import { calendarPeriodAt, type CalendarPeriodType } from '../../../../src/plugins/sla/arithmetic/periods/calendarPeriods.js';
import { timelinePeriodResult } from '../../../../src/plugins/sla/arithmetic/periods/measureTimeline.js';
import { timelineOf } from '../../../../src/plugins/sla/arithmetic/timeline/statusTimeline.js';

const t = (iso: string) => Date.parse(iso);
const row = (status: ServiceStatus, from: string, to: string | null): StatusInterval => ({
  status,
  startedAt: t(from),
  endedAt: to === null ? null : t(to),
});

interface Case {
  readonly name: string;
  readonly period: readonly [CalendarPeriodType, string, string?];
  readonly now: string;
  readonly target: number;
  readonly intervals: readonly StatusInterval[];
  readonly exclusions?: readonly MaintenanceSpan[];
  readonly degradedIsDown?: boolean;
  readonly expected: Partial<PeriodResult>;
}

const cases: readonly Case[] = [
  {
    name: 'no data: a month without any report has no actual value, no coverage, its whole budget',
    period: ['month', '2026-11-10T00:00:00Z'],
    now: '2026-12-01T00:00:00Z',
    target: 99.9,
    intervals: [],
    expected: {
      actualValue: null,
      coveragePercent: 0,
      downtimeMinutes: 0,
      errorBudgetMinutes: 43.2,
      burnRate: 0,
      incidentCount: 0,
      status: 'NO_DATA',
    },
  },
  {
    name: 'all down: a UTC day DOWN from its first minute is 0 %, one open incident, burn rate 100 at 99 %',
    period: ['day', '2026-11-25T12:00:00Z'],
    now: '2026-11-26T00:00:00Z',
    target: 99,
    intervals: [row('DOWN', '2026-11-25T00:00:00Z', null)],
    expected: {
      actualValue: 0,
      coveragePercent: 100,
      downtimeMinutes: 1440,
      errorBudgetMinutes: 14.4,
      errorBudgetRemainingMinutes: -1425.6,
      burnRate: 100,
      incidentCount: 1,
      mttrMinutes: null,
      mtbfMinutes: 0,
      status: 'BREACHED',
    },
  },
  {
    name: 'a window covering an outage: 30 minutes DOWN inside a 50-minute window cost nothing and are no incident',
    period: ['day', '2026-11-25T12:00:00Z'],
    now: '2026-11-26T00:00:00Z',
    target: 99,
    intervals: [
      row('OPERATIONAL', '2026-11-24T00:00:00Z', '2026-11-25T10:00:00Z'),
      row('DOWN', '2026-11-25T10:00:00Z', '2026-11-25T10:30:00Z'),
      row('OPERATIONAL', '2026-11-25T10:30:00Z', null),
    ],
    exclusions: [[t('2026-11-25T09:50:00Z'), t('2026-11-25T10:40:00Z')]],
    expected: {
      actualValue: 100,
      coveragePercent: 100,
      excludedMinutes: 50,
      downtimeMinutes: 0,
      errorBudgetMinutes: 13.9,
      errorBudgetRemainingMinutes: 13.9,
      incidentCount: 0,
      status: 'MET',
    },
  },
  {
    name: 'DEGRADED not counted as down: an hour DEGRADED is up time',
    period: ['day', '2026-11-25T12:00:00Z'],
    now: '2026-11-26T00:00:00Z',
    target: 99,
    intervals: [
      row('OPERATIONAL', '2026-11-25T00:00:00Z', '2026-11-25T08:00:00Z'),
      row('DEGRADED', '2026-11-25T08:00:00Z', '2026-11-25T09:00:00Z'),
      row('OPERATIONAL', '2026-11-25T09:00:00Z', null),
    ],
    expected: { actualValue: 100, downtimeMinutes: 0, incidentCount: 0, status: 'MET' },
  },
  {
    name: 'DEGRADED counted as down: the same hour is 60 minutes of downtime and one incident of 60 minutes',
    period: ['day', '2026-11-25T12:00:00Z'],
    now: '2026-11-26T00:00:00Z',
    target: 99,
    degradedIsDown: true,
    intervals: [
      row('OPERATIONAL', '2026-11-25T00:00:00Z', '2026-11-25T08:00:00Z'),
      row('DEGRADED', '2026-11-25T08:00:00Z', '2026-11-25T09:00:00Z'),
      row('OPERATIONAL', '2026-11-25T09:00:00Z', null),
    ],
    expected: {
      actualValue: (100 * 1380) / 1440,
      downtimeMinutes: 60,
      errorBudgetRemainingMinutes: -45.6,
      incidentCount: 1,
      mttrMinutes: 60,
      mtbfMinutes: 1380,
      status: 'BREACHED',
    },
  },
  {
    name: 'an incident crossing the period end: November has its first 10 minutes and the incident, without MTTR',
    period: ['month', '2026-11-10T00:00:00Z'],
    now: '2026-12-02T00:00:00Z',
    target: 99.9,
    intervals: [
      row('OPERATIONAL', '2026-10-01T00:00:00Z', '2026-11-30T23:50:00Z'),
      row('DOWN', '2026-11-30T23:50:00Z', '2026-12-01T00:20:00Z'),
      row('OPERATIONAL', '2026-12-01T00:20:00Z', null),
    ],
    expected: {
      downtimeMinutes: 10,
      errorBudgetMinutes: 43.2,
      errorBudgetRemainingMinutes: 33.2,
      incidentCount: 1,
      mttrMinutes: null,
      status: 'MET',
    },
  },
  {
    name: 'an incident crossing the period start: December has its last 20 minutes, and no incident',
    period: ['month', '2026-12-10T00:00:00Z'],
    now: '2027-01-01T00:00:00Z',
    target: 99.9,
    intervals: [
      row('OPERATIONAL', '2026-10-01T00:00:00Z', '2026-11-30T23:50:00Z'),
      row('DOWN', '2026-11-30T23:50:00Z', '2026-12-01T00:20:00Z'),
      row('OPERATIONAL', '2026-12-01T00:20:00Z', null),
    ],
    expected: { downtimeMinutes: 20, errorBudgetMinutes: 44.64, incidentCount: 0, mttrMinutes: null, mtbfMinutes: null, status: 'MET' },
  },
  {
    name: 'a 30-day month at 99.9 % has a budget of 43.2 minutes',
    period: ['month', '2026-11-10T00:00:00Z'],
    now: '2026-12-01T00:00:00Z',
    target: 99.9,
    intervals: [row('OPERATIONAL', '2026-11-01T00:00:00Z', null)],
    expected: { errorBudgetMinutes: 43.2, coveredMinutes: 43_200, status: 'MET' },
  },
  {
    name: 'a 31-day month at 99.9 % has a budget of 44.64 minutes',
    period: ['month', '2026-12-10T00:00:00Z'],
    now: '2027-01-01T00:00:00Z',
    target: 99.9,
    intervals: [row('OPERATIONAL', '2026-12-01T00:00:00Z', null)],
    expected: { errorBudgetMinutes: 44.64, coveredMinutes: 44_640, status: 'MET' },
  },
  {
    name: 'February 2027 (28 days): 41 minutes down breaches a 40.32-minute budget',
    period: ['month', '2027-02-10T00:00:00Z'],
    now: '2027-03-01T00:00:00Z',
    target: 99.9,
    intervals: [
      row('OPERATIONAL', '2027-02-01T00:00:00Z', '2027-02-10T00:00:00Z'),
      row('DOWN', '2027-02-10T00:00:00Z', '2027-02-10T00:41:00Z'),
      row('OPERATIONAL', '2027-02-10T00:41:00Z', null),
    ],
    expected: { errorBudgetMinutes: 40.32, downtimeMinutes: 41, actualValue: (100 * 40_279) / 40_320, status: 'BREACHED' },
  },
  {
    // Issue 27: a closed month is MET or BREACHED only (it was AT_RISK by the budget left).
    name: 'leap February 2028 (29 days): the same 41 minutes leave 0.76 of 41.76 minutes, MET (closed)',
    period: ['month', '2028-02-10T00:00:00Z'],
    now: '2028-03-01T00:00:00Z',
    target: 99.9,
    intervals: [
      row('OPERATIONAL', '2028-02-01T00:00:00Z', '2028-02-10T00:00:00Z'),
      row('DOWN', '2028-02-10T00:00:00Z', '2028-02-10T00:41:00Z'),
      row('OPERATIONAL', '2028-02-10T00:41:00Z', null),
    ],
    expected: { errorBudgetMinutes: 41.76, errorBudgetRemainingMinutes: 0.76, coveredMinutes: 41_760, status: 'MET' },
  },
  {
    name: 'Europe/Berlin 2026-03-29 (spring forward) is a 23-hour day: 1,380 minutes, budget 13.8 at 99 %',
    period: ['day', '2026-03-29T12:00:00Z', 'Europe/Berlin'],
    now: '2026-03-30T00:00:00Z',
    target: 99,
    intervals: [
      row('OPERATIONAL', '2026-03-28T00:00:00Z', '2026-03-29T10:00:00Z'),
      row('DOWN', '2026-03-29T10:00:00Z', '2026-03-29T10:10:00Z'),
      row('OPERATIONAL', '2026-03-29T10:10:00Z', null),
    ],
    expected: {
      coveredMinutes: 1380,
      errorBudgetMinutes: 13.8,
      downtimeMinutes: 10,
      actualValue: (100 * 1370) / 1380,
      errorBudgetRemainingMinutes: 3.8,
      status: 'MET',
    },
  },
  {
    name: 'Europe/Berlin 2026-10-25 (fall back) is a 25-hour day: 1,500 minutes, budget 15 at 99 %',
    period: ['day', '2026-10-25T12:00:00Z', 'Europe/Berlin'],
    now: '2026-10-26T00:00:00Z',
    target: 99,
    intervals: [
      row('OPERATIONAL', '2026-10-24T00:00:00Z', '2026-10-25T10:00:00Z'),
      row('DOWN', '2026-10-25T10:00:00Z', '2026-10-25T10:11:00Z'),
      row('OPERATIONAL', '2026-10-25T10:11:00Z', null),
    ],
    expected: { coveredMinutes: 1500, errorBudgetMinutes: 15, downtimeMinutes: 11, errorBudgetRemainingMinutes: 4, status: 'MET' },
  },
  {
    name: 'Europe/Berlin: the 23:30 UTC outage of 2026-03-28 falls on the Berlin day 2026-03-29',
    period: ['day', '2026-03-29T12:00:00Z', 'Europe/Berlin'],
    now: '2026-03-30T00:00:00Z',
    target: 99,
    intervals: [
      row('OPERATIONAL', '2026-03-28T00:00:00Z', '2026-03-28T23:30:00Z'),
      row('DOWN', '2026-03-28T23:30:00Z', '2026-03-28T23:40:00Z'),
      row('OPERATIONAL', '2026-03-28T23:40:00Z', null),
    ],
    expected: { downtimeMinutes: 10, incidentCount: 1, mttrMinutes: 10 },
  },
  {
    name: 'a 100 % target without downtime is MET with a zero budget',
    period: ['day', '2026-11-25T12:00:00Z'],
    now: '2026-11-26T00:00:00Z',
    target: 100,
    intervals: [row('OPERATIONAL', '2026-11-24T00:00:00Z', null)],
    expected: { actualValue: 100, errorBudgetMinutes: 0, errorBudgetRemainingMinutes: 0, burnRate: 0, status: 'MET' },
  },
  {
    name: 'a 100 % target with one minute down is BREACHED with an unbounded burn rate',
    period: ['day', '2026-11-25T12:00:00Z'],
    now: '2026-11-26T00:00:00Z',
    target: 100,
    intervals: [
      row('OPERATIONAL', '2026-11-24T00:00:00Z', '2026-11-25T12:00:00Z'),
      row('DOWN', '2026-11-25T12:00:00Z', '2026-11-25T12:01:00Z'),
      row('OPERATIONAL', '2026-11-25T12:01:00Z', null),
    ],
    expected: { errorBudgetMinutes: 0, errorBudgetRemainingMinutes: -1, burnRate: null, incidentCount: 1, status: 'BREACHED' },
  },
];

function assertFigures(actual: PeriodResult, expected: Partial<PeriodResult>, label: string): void {
  for (const [key, want] of Object.entries(expected) as Array<[keyof PeriodResult, unknown]>) {
    const got = actual[key];
    if (typeof want === 'number' && typeof got === 'number')
      assert.ok(Math.abs(got - want) < 1e-9, `${label} ${key}: expected ${want}, got ${got}`);
    else assert.equal(got, want, `${label} ${key}`);
  }
}

describe('SLA arithmetic, hand-computed cases', () => {
  for (const c of cases) {
    it(c.name, () => {
      const [type, at, zone] = c.period;
      const period = calendarPeriodAt(type, t(at), zone);
      const options = { period, now: t(c.now), targetPercent: c.target, degradedIsDown: c.degradedIsDown ?? false };
      const byRows = computePeriodResult({ ...options, intervals: c.intervals, exclusions: c.exclusions ?? [] });
      const byTimeline = timelinePeriodResult(timelineOf([{ intervals: c.intervals, exclusions: c.exclusions ?? [] }]), 0, options);
      assertFigures(byRows, c.expected, 'rows');
      assert.deepEqual(byTimeline, byRows);
    });
  }
});
