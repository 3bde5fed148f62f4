/**
 * The confidence interval bench:overhead judges its end-to-end ratios by (bench/lib/meanInterval.ts): a target is
 * met or missed only when the rounds' interval lies wholly on one side of it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { atMost, meanInterval } from '../../../bench/lib/meanInterval.js';

describe('mean interval', () => {
  it('is the mean plus and minus t times the standard error (two rounds: t = 12.706)', () => {
    const interval = meanInterval([1, 3])!;
    assert.equal(interval.mean, 2);
    assert.ok(Math.abs(interval.high - (2 + 12.706)) < 1e-9);
    assert.ok(Math.abs(interval.low - (2 - 12.706)) < 1e-9);
  });

  it('is undefined for fewer than two rounds', () => {
    assert.equal(meanInterval([]), undefined);
    assert.equal(meanInterval([1.02]), undefined);
  });

  const cases: Array<[string, number[], number, boolean | null]> = [
    ['rounds all well under the limit: met', [1.0, 1.001, 0.999, 1.0], 1.01, true],
    ['rounds all well over the limit: missed', [1.05, 1.051, 1.049, 1.05], 1.01, false],
    ['rounds spread across the limit: not resolved', [0.8, 1.26, 1.0, 1.06], 1.01, null],
  ];
  for (const [name, rounds, limit, expected] of cases) {
    it(name, () => assert.equal(atMost(meanInterval(rounds)!, limit), expected));
  }
});
