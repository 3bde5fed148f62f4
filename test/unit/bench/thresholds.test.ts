/**
 * Thresholds of svc-bench (bench/kit/thresholds.ts): what they accept, in which units, what they
 * refuse, and how they judge a run's figures.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { evaluateThresholds, parseThreshold, type ThresholdFigures } from '../../../bench/kit/thresholds.js';

const latency = (p99Ms: number, ratePerSecond = 100) => ({
  count: 1000,
  ratePerSecond,
  meanMs: 2,
  p50Ms: 1,
  p90Ms: 3,
  p99Ms,
  p999Ms: p99Ms * 2,
  maxMs: p99Ms * 3,
});

const figures: ThresholdFigures = {
  operations: { push: latency(40), 'status-sync': latency(80, 5) },
  all: latency(60, 105),
  events: latency(120),
  errors: { count: 2, rate: 0.002 },
};

describe('thresholds', () => {
  const parsed: ReadonlyArray<readonly [string, string, string, string, number]> = [
    ['push.p99<50ms', 'push', 'p99', '<', 50],
    ['push.p99<0.05s', 'push', 'p99', '<', 50],
    ['push.p50<=500us', 'push', 'p50', '<=', 0.5],
    ['status-sync.p99.9 < 200', 'status-sync', 'p99.9', '<', 200],
    ['errors.rate<0.1%', 'errors', 'rate', '<', 0.001],
    ['errors.rate<0.01', 'errors', 'rate', '<', 0.01],
    ['all.rate>100/s', 'all', 'rate', '>', 100],
    ['events.max<1s', 'events', 'max', '<', 1000],
    ['errors.count<=0', 'errors', 'count', '<=', 0],
  ];
  for (const [text, metric, statistic, comparison, limit] of parsed) {
    it(`reads ${text}`, () => {
      const threshold = parseThreshold(text);
      assert.deepEqual(
        [threshold.metric, threshold.statistic, threshold.comparison, threshold.limit],
        [metric, statistic, comparison, limit],
      );
    });
  }

  const refused: ReadonlyArray<readonly [string, RegExp]> = [
    ['push.p99 under 50ms', /is not <metric>\.<statistic><comparison><value>/],
    ['push.p42<50ms', /is not <metric>/],
    ['push.p99<50%', /a latency is in ms, s or us, not %/],
    ['errors.p99<5ms', /errors has rate and count, not p99/],
    ['errors.rate<5ms', /errors\.rate is a share/],
    ['push.rate<5ms', /a rate is per second/],
  ];
  for (const [text, message] of refused) {
    it(`refuses ${text}`, () => assert.throws(() => parseThreshold(text), message));
  }

  it('passes and fails by the measured figure', () => {
    const outcomes = evaluateThresholds(
      ['push.p99<50ms', 'status-sync.p99<50ms', 'errors.rate<0.1%', 'errors.rate<1%', 'all.rate>=105/s', 'events.p99<100ms'].map(
        parseThreshold,
      ),
      figures,
    );
    assert.deepEqual(
      outcomes.map((o) => [o.threshold, o.value, o.passed]),
      [
        ['push.p99<50ms', 40, true],
        ['status-sync.p99<50ms', 80, false],
        ['errors.rate<0.1%', 0.002, false],
        ['errors.rate<1%', 0.002, true],
        ['all.rate>=105/s', 105, true],
        ['events.p99<100ms', 120, false],
      ],
    );
  });

  it('fails a threshold on an operation the run never sent, saying it measured nothing', () => {
    assert.deepEqual(evaluateThresholds([parseThreshold('ticket.p99<50ms')], figures), [
      { threshold: 'ticket.p99<50ms', value: null, passed: false },
    ]);
  });
});
