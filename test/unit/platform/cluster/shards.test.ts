import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_SHARD_COUNT, isShardCount, shardOf } from '../../../../src/platform/cluster/shards.js';
import { seededUuids } from '../../../support/seededIds.js';

describe('shardOf', () => {
  it('maps fixed ids to fixed shards, forever (a change here moves every entity of every cluster)', () => {
    const table: readonly [string, number, number, number][] = [
      // id, shard of 256, of 16, of 1000
      ['', 171, 10, 668],
      ['a', 26, 1, 103],
      ['00000000-0000-0000-0000-000000000000', 55, 3, 216],
      ['3f2504e0-4f89-41d3-9a0c-0305e82c3301', 53, 3, 209],
      ['f47ac10b-58cc-4372-a567-0e02b2c3d479', 130, 8, 509],
      ['svc-1', 159, 9, 622],
      ['svc-2', 22, 1, 88],
      ['ticket:42', 206, 12, 805],
      ['Zürich-ünïcode', 220, 13, 859],
    ];
    for (const [id, of256, of16, of1000] of table) {
      assert.deepEqual([shardOf(id, 256), shardOf(id, 16), shardOf(id, 1000)], [of256, of16, of1000], `shards of ${JSON.stringify(id)}`);
    }
  });

  it('spreads 100,000 UUIDs over 256 shards as evenly as a random assignment does', () => {
    const count = DEFAULT_SHARD_COUNT;
    const n = 100_000;
    const perShard = new Array<number>(count).fill(0);
    for (const id of seededUuids(n, 29)) perShard[shardOf(id, count)]! += 1;
    const mean = n / count;
    // A random assignment puts Poisson(390.6) ids in each shard: a standard deviation of sqrt(390.6) = 19.8 (5.1 %).
    const deviation = Math.sqrt(perShard.reduce((sum, c) => sum + (c - mean) ** 2, 0) / count);
    assert.ok(
      deviation / mean < 0.06,
      `the spread per shard is ${((100 * deviation) / mean).toFixed(1)} % of the mean (a random assignment: 5.1 %)`,
    );
    // Chi-square over 255 degrees of freedom: 255 on average, standard deviation 22.6; 345 is four of them above.
    const chiSquare = perShard.reduce((sum, c) => sum + (c - mean) ** 2 / mean, 0);
    assert.ok(chiSquare < 345, `chi-square ${chiSquare.toFixed(0)} (uniform: about 255)`);
    // No shard far from the mean: five standard deviations (25 %) each way.
    assert.ok(
      Math.min(...perShard) > mean * 0.75 && Math.max(...perShard) < mean * 1.25,
      `shards hold ${Math.min(...perShard)} to ${Math.max(...perShard)}`,
    );
  });

  it('stays within the range for any count', () => {
    for (const count of [1, 2, 3, 7, 256, 4096]) {
      for (const id of seededUuids(2_000, count)) {
        const shard = shardOf(id, count);
        assert.ok(Number.isInteger(shard) && shard >= 0 && shard < count, `${id} -> ${shard} of ${count}`);
      }
    }
  });

  it('accepts whole shard counts from 1 to 4096 only', () => {
    for (const [count, ok] of [
      [1, true],
      [256, true],
      [4096, true],
      [0, false],
      [-1, false],
      [4097, false],
      [2.5, false],
      [Number.NaN, false],
    ] as const) {
      assert.equal(isShardCount(count), ok, String(count));
    }
  });
});
