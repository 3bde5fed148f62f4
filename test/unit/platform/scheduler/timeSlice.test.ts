/** A loop's slice clock (src/platform/scheduler/timeSlice.ts): due after its length, by the clock, not by a count. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SLICE_MS, timeSlice } from '../../../../src/platform/scheduler/index.js';

/** A loop of `items` items of `itemMs` each asking `due` at its head: before which items it yields. */
function yieldsBefore(items: number, itemMs: number, options: { ms?: number; every?: number } = {}): number[] {
  let now = 500;
  const due = timeSlice({ ...options, now: () => now });
  const yields: number[] = [];
  for (let item = 1; item <= items; item += 1) {
    if (due()) yields.push(item);
    now += itemMs;
  }
  return yields;
}

describe('timeSlice', () => {
  it(`is due once a slice has lasted ${SLICE_MS} ms, whatever the items cost`, () => {
    // The slice begins at the first call, before item 1: four 1 ms items fill it, or eight of 0.5 ms. After a yield
    // the next slice begins at the next call, so the item right after the yield is not counted (a few microseconds).
    assert.deepEqual(yieldsBefore(12, 1), [5, 10]);
    assert.deepEqual(yieldsBefore(20, 0.5), [9, 18]);
  });

  it('begins a new slice at the call after it was due (the caller yielded in between)', () => {
    // The slice after a yield begins at the next item, however long the yield took.
    let now = 0;
    const due = timeSlice({ ms: 10, now: () => now });
    assert.equal(due(), false);
    now += 10;
    assert.equal(due(), true);
    now += 1_000;
    assert.equal(due(), false);
    now += 9;
    assert.equal(due(), false);
    now += 1;
    assert.equal(due(), true);
  });

  it('reads the clock every `every` calls only', () => {
    let reads = 0;
    let now = 0;
    const due = timeSlice({
      every: 8,
      now: () => {
        reads += 1;
        return now;
      },
    });
    for (let call = 0; call < 65; call += 1) due();
    // One read to begin the slice, then one per 8 calls after it.
    assert.equal(reads, 1 + 8);
    now += SLICE_MS;
    const dueAt = Array.from({ length: 8 }, () => due()).indexOf(true);
    assert.equal(dueAt, 7);
  });
});
