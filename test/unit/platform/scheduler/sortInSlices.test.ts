/** A sort spread over turns of the event loop gives what one sort gives, and does pause. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { codeUnitOrder, sortInSlices } from '../../../../src/platform/scheduler/index.js';

/** Deterministic pseudo-random numbers (a linear congruential generator), so a failure repeats. */
function numbers(count: number, seed: number, range: number): number[] {
  let state = seed;
  return Array.from({ length: count }, () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % range;
  });
}

describe('sortInSlices', () => {
  const cases: Array<{ name: string; count: number; slice: number }> = [
    { name: 'empty', count: 0, slice: 4 },
    { name: 'fewer than a slice', count: 3, slice: 4 },
    { name: 'exactly one slice', count: 4, slice: 4 },
    { name: 'an odd number of runs', count: 23, slice: 4 },
    { name: 'many runs', count: 1_000, slice: 7 },
  ];
  for (const { name, count, slice } of cases)
    it(`gives the order of one sort: ${name} (${count} items, slices of ${slice})`, async () => {
      const items = numbers(count, count + 1, 50).map(String);
      assert.deepEqual(await sortInSlices(items, codeUnitOrder, slice), [...items].sort());
    });

  it('keeps items that compare equal in their input order (stable, as Array.prototype.sort)', async () => {
    const items = numbers(500, 7, 10).map((key, at) => ({ key, at }));
    const byKey = (a: { key: number }, b: { key: number }) => a.key - b.key;
    assert.deepEqual(await sortInSlices(items, byKey, 16), [...items].sort(byKey));
  });

  it('pauses between slices and leaves its input as it was', async () => {
    const items = numbers(100, 3, 1_000);
    const before = [...items];
    let pauses = 0;
    const sorted = await sortInSlices(
      items,
      (a, b) => a - b,
      10,
      async () => {
        pauses += 1;
      },
    );
    assert.deepEqual(
      sorted,
      [...items].sort((a, b) => a - b),
    );
    assert.deepEqual(items, before);
    // 10 runs sorted (a pause each), then about one pause per 10 items merged over the 4 rounds of merging.
    assert.ok(pauses >= 10 + 30, `${pauses} pauses`);
  });
});
