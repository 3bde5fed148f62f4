import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceStatus } from '../../../../src/core/domain/service.js';
import type { StatusInterval } from '../../../../src/core/domain/periodArithmetic.js';
import { pooledActualValue, worseStatus } from '../../../../src/plugins/sla/arithmetic/trends/pooledMeasure.js';
import { slaDashboardStats } from '../../../../src/plugins/sla/arithmetic/trends/slaDashboardStats.js';
import { snapshotTrend } from '../../../../src/plugins/sla/arithmetic/trends/snapshotTrend.js';
import { trendData, trendPeriods } from '../../../../src/plugins/sla/arithmetic/trends/trendData.js';
import { measureTimelinePeriod } from '../../../../src/plugins/sla/arithmetic/periods/measureTimeline.js';
import { timelineOf } from '../../../../src/plugins/sla/arithmetic/timeline/statusTimeline.js';

const t = (iso: string) => Date.parse(iso);
const row = (status: ServiceStatus, from: string, to: string | null): StatusInterval => ({
  status,
  startedAt: t(from),
  endedAt: to === null ? null : t(to),
});

describe('snapshot trend', () => {
  const timeline = timelineOf([
    {
      intervals: [
        row('OPERATIONAL', '2026-11-25T00:00:00Z', '2026-11-25T11:52:00Z'),
        row('DOWN', '2026-11-25T11:52:00Z', '2026-11-25T11:56:00Z'),
        row('OPERATIONAL', '2026-11-25T11:56:00Z', null),
      ],
    },
  ]);
  const points = snapshotTrend(timeline, { service: 0, targetPercent: 99 }, t('2026-11-25T12:02:00Z'), 1);

  it('has one point per 5-minute bucket from hoursBack before now through the bucket holding now', () => {
    assert.equal(points.length, 13);
    assert.equal(points[0]!.periodKey, '2026-11-25T11:00Z');
    assert.equal(points[12]!.periodKey, '2026-11-25T12:00Z');
    assert.equal(points[12]!.periodStart, t('2026-11-25T12:00:00Z'));
  });

  it('splits an outage over the buckets it touches, its incident in the bucket it began in', () => {
    const [a, b] = [points[10]!, points[11]!];
    assert.deepEqual(
      [a.periodKey, a.downtimeMinutes, a.incidentCount, a.actualValue, a.status],
      ['2026-11-25T11:50Z', 3, 1, 40, 'BREACHED'],
    );
    assert.deepEqual(
      [b.periodKey, b.downtimeMinutes, b.incidentCount, b.actualValue, b.status],
      ['2026-11-25T11:55Z', 1, 0, 80, 'BREACHED'],
    );
  });

  it('measures the bucket holding now as of now, and carries the target', () => {
    assert.deepEqual(
      { ...points[12]!, periodKey: undefined },
      {
        periodKey: undefined,
        periodStart: t('2026-11-25T12:00:00Z'),
        actualValue: 100,
        targetValue: 99,
        incidentCount: 0,
        downtimeMinutes: 0,
        status: 'MET',
      },
    );
  });

  const invalid: ReadonlyArray<readonly [string, number]> = [
    ['zero hours', 0],
    ['a negative span', -1],
    ['more than a week', 169],
    ['NaN', Number.NaN],
  ];
  for (const [name, hours] of invalid) {
    it(`rejects ${name} as hoursBack with a RangeError`, () =>
      assert.throws(() => snapshotTrend(timeline, { service: 0, targetPercent: 99 }, t('2026-11-25T12:00:00Z'), hours), RangeError));
  }
});

describe('trend data', () => {
  const timeline = timelineOf([
    {
      intervals: [
        row('OPERATIONAL', '2026-09-01T00:00:00Z', '2026-11-03T10:00:00Z'),
        row('DOWN', '2026-11-03T10:00:00Z', '2026-11-03T10:30:00Z'),
        row('OPERATIONAL', '2026-11-03T10:30:00Z', null),
      ],
    },
    { intervals: [row('OPERATIONAL', '2026-11-02T00:00:00Z', null)] },
  ]);
  const assignments = [
    { service: 0, targetPercent: 99 },
    { service: 1, targetPercent: 99.9 },
  ];
  const now = t('2026-11-25T12:00:00Z');

  it('has monthly points from monthsBack months before through the current month', () => {
    const points = trendData(timeline, assignments, { periodType: 'MONTHLY', monthsBack: 2 }, now);
    assert.deepEqual(
      points.map((p) => p.periodKey),
      ['2026-09', '2026-10', '2026-11'],
    );
    assert.deepEqual(
      points.map((p) => p.status),
      ['MET', 'MET', 'MET'],
    );
  });

  it('has daily points through today, a day pooling its services by covered time, with the worst status', () => {
    const points = trendData(timeline, assignments, { periodType: 'DAILY', monthsBack: 0 }, now);
    assert.equal(points.length, 25);
    const third = points[2]!;
    assert.equal(third.periodKey, '2026-11-03');
    assert.equal(third.actualValue, (100 * (2880 - 30)) / 2880);
    assert.equal(third.status, 'BREACHED');
    assert.equal(points[0]!.actualValue, 100, 'the service without data on Nov 1 does not pull the day down');
  });

  it('aligns days to the time zone', () => {
    const periods = trendPeriods({ periodType: 'DAILY', monthsBack: 0 }, now, 'Europe/Berlin');
    assert.equal(new Date(periods[0]!.start).toISOString(), '2026-10-31T23:00:00.000Z');
  });

  const invalid: ReadonlyArray<readonly [string, number]> = [
    ['a negative count', -1],
    ['a fraction', 1.5],
    ['more than 36', 37],
  ];
  for (const [name, monthsBack] of invalid) {
    it(`rejects ${name} as monthsBack with a RangeError`, () =>
      assert.throws(() => trendPeriods({ periodType: 'MONTHLY', monthsBack }, now), RangeError));
  }
});

describe('pooled figures and dashboard stats', () => {
  it("pools a group's members by covered time (currentUptime)", () => {
    const timeline = timelineOf([
      { intervals: [row('OPERATIONAL', '2026-11-25T00:00:00Z', '2026-11-25T12:00:00Z'), row('DOWN', '2026-11-25T12:00:00Z', null)] },
      { intervals: [] },
    ]);
    const period = { start: t('2026-11-25T00:00:00Z'), end: t('2026-11-26T00:00:00Z') };
    const measures = [0, 1].map((s) => measureTimelinePeriod(timeline, s, { period, now: period.end }));
    assert.equal(pooledActualValue(measures), 50);
    assert.equal(pooledActualValue([measures[1]!]), null);
  });

  it('orders statuses BREACHED, AT_RISK, MET, NO_DATA', () => {
    assert.equal(worseStatus('MET', 'AT_RISK'), 'AT_RISK');
    assert.equal(worseStatus('BREACHED', 'AT_RISK'), 'BREACHED');
    assert.equal(worseStatus('NO_DATA', 'MET'), 'MET');
  });

  it('counts services, SLA statuses and the mean uptime of services with data', () => {
    const stats = slaDashboardStats([
      { actualValue: 100, slaStatus: 'MET' },
      { actualValue: 99.5, slaStatus: 'AT_RISK' },
      { actualValue: 90.0001, slaStatus: 'BREACHED' },
      { actualValue: null, slaStatus: 'NO_DATA' },
      { actualValue: 97, slaStatus: null },
    ]);
    assert.deepEqual(stats, { totalServices: 5, servicesWithSla: 4, metCount: 1, atRiskCount: 1, breachedCount: 1, averageUptime: 96.625 });
  });

  it('gives an empty fleet an average uptime of 0', () => {
    assert.equal(slaDashboardStats([]).averageUptime, 0);
  });
});
