import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { nextRate, shouldBrake } from '../../../../src/plugins/webhooks/deliveryPacer.js';

const sample = (utilization: number, requestsPerSecond: number, startsPerSecond = 1000, commitBusy = 0) => ({
  utilization,
  requestsPerSecond,
  startsPerSecond,
  commitBusy,
});

describe('delivery pacer', () => {
  it('under request load on a busy loop, drops to the floor at once', () => {
    assert.equal(nextRate(null, sample(0.95, 3000, 2400)), 50);
    assert.equal(nextRate(1200, sample(0.95, 3000)), 50);
    assert.equal(nextRate(null, sample(0.95, 3000), { minPerSecond: 20 }), 20);
    assert.equal(nextRate(50, sample(0.99, 3000)), 50, 'deliveries never stop');
  });

  it('under request load with commits back to back, slows down even when the loop has room', () => {
    assert.equal(nextRate(null, sample(0.6, 3000, 2400, 0.9)), 50);
    assert.equal(nextRate(400, sample(0.6, 3000, 400, 0.9)), 50);
    assert.equal(nextRate(400, sample(0.6, 50, 400, 0.95)), 800, 'commits busy with deliveries alone: not slowed down');
  });

  it('a loop busy with deliveries alone is not slowed down', () => {
    assert.equal(nextRate(null, sample(0.99, 50)), null);
    assert.equal(nextRate(400, sample(0.99, 50)), 800, 'and a limit is lifted step by step');
  });

  it('with room on the loop and the commit path the limit doubles and is lifted above the maximum', () => {
    assert.equal(nextRate(100, sample(0.4, 3000)), 200);
    assert.equal(nextRate(12_000, sample(0.4, 3000)), null);
    assert.equal(nextRate(100, sample(0.6, 3000)), 100, 'between the thresholds nothing moves');
    assert.equal(nextRate(100, sample(0.4, 3000, 100, 0.7)), 100, 'commits still busy: nothing moves');
  });

  it('brakes to the floor at once on a burst of requests while the batch writer is busy', () => {
    assert.equal(shouldBrake(null, 8, true), true, 'unlimited after a quiet spell');
    assert.equal(shouldBrake(800, 32, true), true);
    assert.equal(shouldBrake(50, 32, true), false, 'already at the floor');
    assert.equal(shouldBrake(null, 7, true), false, 'a few requests do not brake');
    assert.equal(shouldBrake(null, 32, false), false, 'many slow requests with the writer idle do not brake');
    assert.equal(shouldBrake(null, 3, true, { brakeInFlight: 3 }), true);
  });
});
