import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEMO_STEP_MS, demoHistory } from '../../../../src/plugins/dev/demoHistory.js';
import { computePeriodResult } from '../../../../src/core/domain/periodArithmetic.js';

const END = Date.parse('2026-11-25T12:02:00Z');
const DAYS = 30;

describe('demo status history', () => {
  it('covers the days before the end back to back, on 5-minute steps', () => {
    const { intervals } = demoHistory('demo-7', DAYS, END);
    const end = Math.floor(END / DEMO_STEP_MS) * DEMO_STEP_MS;
    assert.equal(intervals[0]!.startedAt, end - DAYS * 86_400_000);
    assert.equal(intervals.at(-1)!.endedAt, end);
    for (let i = 1; i < intervals.length; i += 1) {
      assert.equal(intervals[i]!.startedAt, intervals[i - 1]!.endedAt);
      assert.notEqual(intervals[i]!.status, intervals[i - 1]!.status);
      assert.equal(intervals[i]!.startedAt % DEMO_STEP_MS, 0);
    }
  });

  it('gives the same history for the same name', () => {
    assert.deepEqual(demoHistory('demo-3', DAYS, END), demoHistory('demo-3', DAYS, END));
  });

  it('has outages across the fleet, and figures a real SLA would show', () => {
    const values: number[] = [];
    for (let n = 1; n <= 30; n += 1) {
      const { intervals, windows } = demoHistory(`demo-${n}`, DAYS, END);
      const result = computePeriodResult({
        period: { start: intervals[0]!.startedAt, end: intervals.at(-1)!.endedAt },
        now: END,
        targetPercent: 99.9,
        intervals: intervals.map((i) => ({ status: i.status, startedAt: i.startedAt, endedAt: i.endedAt })),
        exclusions: windows.map((w) => [w.startedAt, w.endedAt] as const),
      });
      values.push(result.actualValue!);
    }
    assert.ok(
      values.some((v) => v < 99.9),
      'some services miss 99.9 %',
    );
    assert.ok(
      values.some((v) => v > 99.9),
      'some services meet 99.9 %',
    );
    assert.ok(
      values.every((v) => v > 90),
      'no demo service is down most of the time',
    );
  });

  it('is in MAINTENANCE exactly inside its weekly windows', () => {
    const name = Array.from({ length: 30 }, (_, n) => `demo-${n + 1}`).find((n) => demoHistory(n, DAYS, END).windows.length > 0)!;
    const { intervals, windows } = demoHistory(name, DAYS, END);
    assert.ok(windows.length >= 4);
    const maintenance = intervals.filter((i) => i.status === 'MAINTENANCE');
    assert.deepEqual(
      maintenance.map((i) => [i.startedAt, i.endedAt]),
      windows.map((w) => [w.startedAt, w.endedAt]),
    );
    for (const w of windows) assert.equal(new Date(w.startedAt).getUTCDay(), 0);
  });
});
