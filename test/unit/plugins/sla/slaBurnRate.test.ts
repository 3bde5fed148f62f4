import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ServiceStatus } from '../../../../src/core/domain/service.js';
import {
  assertBurnRatePolicy,
  CLOSED_BURN_ALERT,
  DEFAULT_BURN_RATE_POLICY,
  evaluateBurnRates,
  stepBurnAlert,
  type BurnAlertState,
} from '../../../../src/plugins/sla/arithmetic/burnRate.js';
import type { StatusInterval } from '../../../../src/core/domain/periodArithmetic.js';
import { timelineOf } from '../../../../src/plugins/sla/arithmetic/timeline/statusTimeline.js';

const MIN = 60_000;
const NOW = Date.parse('2026-11-25T12:00:00Z');
const ago = (minutes: number) => NOW - minutes * MIN;
const row = (status: ServiceStatus, fromAgo: number, toAgo: number | null): StatusInterval => ({
  status,
  startedAt: ago(fromAgo),
  endedAt: toAgo === null ? null : ago(toAgo),
});
const evaluate = (intervals: StatusInterval[], targetPercent = 99.9) =>
  evaluateBurnRates(timelineOf([{ intervals }]), { service: 0, targetPercent }, NOW);

describe('burn-rate evaluation', () => {
  it('has burn rate 0 everywhere without downtime, and nothing fires', () => {
    const e = evaluate([row('OPERATIONAL', 1000, null)]);
    assert.deepEqual(e, { fast: { long: 0, short: 0, firing: false }, slow: { long: 0, short: 0, firing: false } });
  });

  it('fires fast burn when the last hour and the last 5 minutes both burn above 14.4x', () => {
    // 99.9 %: budget 0.06 min per hour. 5 minutes down now: 1 h burn 5 / 0.06 = 83.3x, 5 min burn 1000x.
    const e = evaluate([row('OPERATIONAL', 1000, 5), row('DOWN', 5, null)]);
    assert.ok(Math.abs(e.fast.long - 5 / 0.06) < 1e-9);
    assert.ok(Math.abs(e.fast.short - 1000) < 1e-9);
    assert.equal(e.fast.firing, true);
  });

  it('does not fire fast burn for an outage that ended more than 5 minutes ago (the short window resets it)', () => {
    const e = evaluate([row('OPERATIONAL', 1000, 20), row('DOWN', 20, 10), row('OPERATIONAL', 10, null)]);
    assert.ok(e.fast.long > 14.4);
    assert.equal(e.fast.short, 0);
    assert.equal(e.fast.firing, false);
  });

  it('fires slow burn, not fast, for 30 seconds down every hour against 99.9 % (8.3x)', () => {
    // Down [m, m - 0.5) minutes ago for m = 310, 250, ..., 10: 3 minutes in 6 h, 0.5 in the last hour and half hour.
    const intervals: StatusInterval[] = [row('OPERATIONAL', 1000, 310)];
    for (let m = 310; m >= 10; m -= 60) intervals.push(row('DOWN', m, m - 0.5), row('OPERATIONAL', m - 0.5, m - 60 < 10 ? null : m - 60));
    const e = evaluate(intervals);
    assert.ok(Math.abs(e.fast.long - 0.5 / 0.06) < 1e-9, `fast long ${e.fast.long}`);
    assert.equal(e.fast.firing, false);
    assert.ok(Math.abs(e.slow.long - 3 / 0.36) < 1e-9, `slow long ${e.slow.long}`);
    assert.ok(Math.abs(e.slow.short - 0.5 / 0.03) < 1e-9, `slow short ${e.slow.short}`);
    assert.equal(e.slow.firing, true);
  });

  it('treats downtime against a 100 % target as an unbounded burn', () => {
    const e = evaluate([row('OPERATIONAL', 1000, 1), row('DOWN', 1, null)], 100);
    assert.equal(e.fast.long, Number.POSITIVE_INFINITY);
    assert.equal(e.fast.firing, true);
  });

  const invalid = [
    [
      'a short window as long as the long one',
      { ...DEFAULT_BURN_RATE_POLICY, fast: { ...DEFAULT_BURN_RATE_POLICY.fast, shortMs: 3_600_000 } },
    ],
    ['a zero threshold', { ...DEFAULT_BURN_RATE_POLICY, slow: { ...DEFAULT_BURN_RATE_POLICY.slow, threshold: 0 } }],
    ['a negative hold', { ...DEFAULT_BURN_RATE_POLICY, slow: { ...DEFAULT_BURN_RATE_POLICY.slow, holdMs: -1 } }],
  ] as const;
  for (const [name, policy] of invalid)
    it(`rejects a policy with ${name}`, () => assert.throws(() => assertBurnRatePolicy(policy), RangeError));
});

describe('burn-rate alert hysteresis', () => {
  const rule = DEFAULT_BURN_RATE_POLICY.fast;
  /** Steps the alert through `firing` at 5-minute evaluations; answers the changes. */
  function run(firing: boolean[]): Array<string | null> {
    let state: BurnAlertState = CLOSED_BURN_ALERT;
    return firing.map((fires, i) => {
      const step = stepBurnAlert(state, fires, NOW + i * 5 * MIN, rule);
      state = step.state;
      return step.change;
    });
  }

  it('opens when it fires and does not open again while open', () => {
    assert.deepEqual(run([false, true, true]), [null, 'opened', null]);
  });

  it('does not resolve while it fires on and off (no flapping)', () => {
    assert.deepEqual(run([true, false, true, false, false, true]), ['opened', null, null, null, null, null]);
  });

  it('resolves once it has not fired for the hold (15 minutes for fast burn)', () => {
    assert.deepEqual(run([true, false, false, false]), ['opened', null, null, 'resolved']);
  });

  it('opens again after resolving when it fires again', () => {
    assert.deepEqual(run([true, false, false, false, false, true]), ['opened', null, null, 'resolved', null, 'opened']);
  });
});
