import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { classifyStorage } from '../../../../src/core/domain/storage.js';

describe('storage classification', () => {
  const cases: Array<[allocated: number, used: number, status: string, freePercent: number]> = [
    [1000, 0, 'healthy', 100],
    [1000, 699, 'healthy', 30.1],
    [1000, 700, 'warning', 30],
    [1000, 800, 'warning', 20],
    [1000, 900, 'warning', 10],
    [1000, 901, 'critical', 9.9],
    [1000, 1000, 'critical', 0],
    [3, 2, 'healthy', 33.33],
  ];
  for (const [allocated, used, status, freePercent] of cases) {
    it(`${used} used of ${allocated} is ${status} (${freePercent} % free)`, () => {
      assert.deepEqual(classifyStorage(allocated, used), { status, freePercent });
    });
  }

  it('is exact at the 30 % boundary with large byte counts', () => {
    const allocated = 10 ** 15;
    assert.equal(classifyStorage(allocated, allocated * 0.7).status, 'warning');
    assert.equal(classifyStorage(allocated, allocated * 0.7 - 1).status, 'healthy');
    assert.equal(classifyStorage(allocated, allocated * 0.9).status, 'warning');
    assert.equal(classifyStorage(allocated, allocated * 0.9 + 1).status, 'critical');
  });
});
