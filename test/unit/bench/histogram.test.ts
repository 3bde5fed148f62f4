/**
 * The kit's latency histogram (bench/kit/histogram.ts): percentiles within 1/64 of the exact ones,
 * never below them, merging by adding, and a JSON form that comes back the same.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Histogram } from '../../../bench/kit/histogram.js';
import { seededRandom } from '../../../bench/kit/scenario.js';

function exact(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)]!;
}

describe('latency histogram', () => {
  it('reports every percentile within 1/64 above the exact value, from microseconds to minutes', () => {
    const random = seededRandom(7);
    const values = Array.from({ length: 20_000 }, () => Math.round(Math.exp(random() * Math.log(120_000_000))));
    const histogram = new Histogram();
    for (const us of values) histogram.recordUs(us);
    for (const q of [0.5, 0.9, 0.99, 0.999]) {
      const truth = exact(values, q);
      const reported = histogram.percentileMs(q) * 1000;
      assert.ok(reported >= truth && reported <= truth * (1 + 1 / 64) + 1, `q ${q}: ${reported} against ${truth}`);
    }
    assert.equal(histogram.percentileMs(1), Math.max(...values) / 1000);
  });

  it('is exact below 128 us', () => {
    const histogram = new Histogram();
    for (let us = 0; us < 100; us += 1) histogram.recordUs(us);
    assert.equal(histogram.percentileMs(0.5), 0.049);
  });

  it('says NaN for a percentile of nothing', () => {
    assert.ok(Number.isNaN(new Histogram().percentileMs(0.99)));
  });

  it('merges by adding counts', () => {
    const a = new Histogram();
    const b = new Histogram();
    for (let i = 1; i <= 50; i += 1) a.recordMs(i);
    for (let i = 51; i <= 100; i += 1) b.recordMs(i);
    a.add(b);
    assert.equal(a.count, 100);
    assert.ok(Math.abs(a.percentileMs(0.5) - 50) <= 50 / 64);
    assert.equal(a.percentileMs(1), 100);
  });

  it('comes back the same from its JSON form', () => {
    const histogram = new Histogram();
    for (let i = 0; i < 1000; i += 1) histogram.recordMs(i * 1.7);
    const back = Histogram.fromJSON(JSON.parse(JSON.stringify(histogram.toJSON())));
    for (const q of [0.5, 0.99, 1]) assert.equal(back.percentileMs(q), histogram.percentileMs(q));
    assert.equal(back.meanMs, histogram.meanMs);
  });

  it('refuses a JSON form with a bucket out of range', () => {
    assert.throws(
      () => Histogram.fromJSON({ count: 1, maxUs: 1, minUs: 1, sumUs: 1, buckets: [[1e9, 1]] }),
      /bucket \[1000000000, 1\] is out of range/,
    );
  });
});
