/**
 * When svc-bench's open-model arrivals are due (bench/kit/arrivals.ts): evenly at the rate, rising
 * linearly over a ramp, and a burst spread over its window.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { arrivalSeconds } from '../../../bench/kit/arrivals.js';
import type { Operation, Stream } from '../../../bench/kit/operation.js';

const next = (): Operation => ({ name: 'x', method: 'GET', path: '/', headers: {} });
const steady: Stream = { kind: 'rate', perSecond: 10, next };

describe('arrivals', () => {
  it('are due every 1/rate seconds without a ramp', () => {
    assert.deepEqual(
      [0, 1, 2, 10].map((i) => arrivalSeconds(steady, i, 0)),
      [0, 0.1, 0.2, 1],
    );
  });

  it("rise linearly over the ramp: half the full rate's arrivals during it, then the full rate", () => {
    // 10/s ramped over 4 s: 20 arrivals during the ramp, the 20th at 4 s, then one every 0.1 s.
    assert.equal(arrivalSeconds(steady, 5, 4), 2);
    assert.equal(arrivalSeconds(steady, 20, 4), 4);
    assert.equal(arrivalSeconds(steady, 30, 4), 5);
    const counted = Array.from({ length: 100 }, (_, i) => arrivalSeconds(steady, i, 4)).filter((t) => t < 1).length;
    assert.equal(counted, 2, 'a quarter into the ramp the rate is a quarter of it: 1.25 arrivals in the first second');
  });

  it('spread a burst evenly over its window and end after its count', () => {
    const burst: Stream = { kind: 'burst', atSeconds: 3, count: 4, overSeconds: 2, next };
    assert.deepEqual(
      [0, 1, 2, 3, 4].map((i) => arrivalSeconds(burst, i, 0)),
      [3, 3.5, 4, 4.5, Number.POSITIVE_INFINITY],
    );
  });

  it('never come for a stream of rate 0', () => {
    assert.equal(arrivalSeconds({ kind: 'rate', perSecond: 0, next }, 0, 0), Number.POSITIVE_INFINITY);
  });
});
