import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assign, desiredShards, ownerOf } from '../../../../src/platform/cluster/placement.js';
import { DEFAULT_SHARD_COUNT } from '../../../../src/platform/cluster/shards.js';
import { seededUuids } from '../../../support/seededIds.js';

const COUNT = DEFAULT_SHARD_COUNT;
const THREE = ['instance-a', 'instance-b', 'instance-c'];
const FOUR = [...THREE, 'instance-d'];

const moved = (before: readonly (string | undefined)[], after: readonly (string | undefined)[]): number[] =>
  before.flatMap((owner, shard) => (owner === after[shard] ? [] : [shard]));

const perMember = (owners: readonly (string | undefined)[]): Map<string | undefined, number> => {
  const counts = new Map<string | undefined, number>();
  for (const owner of owners) counts.set(owner, (counts.get(owner) ?? 0) + 1);
  return counts;
};

describe('placement (rendezvous hashing)', () => {
  it('gives the same owners for the same members, whatever their order or repetition', () => {
    const owners = assign(THREE, COUNT);
    assert.deepEqual(assign([...THREE].reverse(), COUNT), owners);
    assert.deepEqual(assign([...THREE, 'instance-b'], COUNT), owners);
    for (let shard = 0; shard < COUNT; shard++) assert.equal(ownerOf(shard, ['instance-c', 'instance-a', 'instance-b']), owners[shard]);
  });

  it('pins fixed members to fixed owners (a change here reshuffles every cluster at its next upgrade)', () => {
    // The last letter of each owner's name, shards 0 to 15.
    assert.equal(
      assign(THREE, 16)
        .map((owner) => owner?.slice(-1))
        .join(''),
      'aabacbcbccaaaaab',
    );
  });

  it('gives every shard exactly one owner, a live member', () => {
    const owners = assign(FOUR, COUNT);
    assert.equal(owners.length, COUNT);
    for (const owner of owners) assert.ok(owner !== undefined && FOUR.includes(owner));
    const desired = FOUR.map((member) => desiredShards(member, FOUR, COUNT));
    assert.deepEqual(
      desired.flat().sort((a, b) => a - b),
      [...Array(COUNT).keys()],
      'the desired shards of the members partition the shards',
    );
  });

  it('owns nothing without members, and everything alone', () => {
    assert.equal(ownerOf(0, []), undefined);
    assert.deepEqual(assign([], 3), [undefined, undefined, undefined]);
    assert.deepEqual(desiredShards('instance-a', ['instance-a'], 4), [0, 1, 2, 3]);
  });

  it('gives an instance that is not a live member no shards', () => {
    assert.deepEqual(desiredShards('instance-z', THREE, COUNT), []);
  });

  it('balances the shards: each member within four standard deviations of an even share', () => {
    for (let size = 2; size <= 8; size++) {
      for (const members of [Array.from({ length: size }, (_, i) => `instance-${i}`), seededUuids(size, size)]) {
        const p = 1 / size;
        const mean = COUNT * p;
        const bound = 4 * Math.sqrt(COUNT * p * (1 - p));
        for (const [member, owned] of perMember(assign(members, COUNT))) {
          assert.ok(Math.abs(owned - mean) <= bound, `${member} owns ${owned} of ${COUNT} among ${size} (even: ${mean.toFixed(1)})`);
        }
      }
    }
  });

  it('moves about a quarter of the shards, all to the newcomer, when a fourth instance joins three', () => {
    const before = assign(THREE, COUNT);
    const after = assign(FOUR, COUNT);
    const changed = moved(before, after);
    assert.ok(changed.length <= COUNT * (0.25 + 0.05), `${changed.length} of ${COUNT} shards moved`);
    assert.ok(changed.length >= COUNT * (0.25 - 0.05), `${changed.length} of ${COUNT} shards moved`);
    for (const shard of changed) assert.equal(after[shard], 'instance-d', `shard ${shard} moved to the newcomer`);
  });

  it('moves a quarter of the shards on average over many clusters, and never between the members already there', () => {
    let total = 0;
    const clusters = 200;
    for (let trial = 0; trial < clusters; trial++) {
      const members = seededUuids(4, 1000 + trial);
      const before = assign(members.slice(0, 3), COUNT);
      const after = assign(members, COUNT);
      const changed = moved(before, after);
      for (const shard of changed) assert.equal(after[shard], members[3]);
      total += changed.length;
    }
    const fraction = total / clusters / COUNT;
    assert.ok(Math.abs(fraction - 0.25) < 0.01, `on average ${(100 * fraction).toFixed(1)} % moved`);
  });

  it('moves only the shards of a member that leaves, to the others', () => {
    for (const leaving of FOUR) {
      const before = assign(FOUR, COUNT);
      const after = assign(
        FOUR.filter((member) => member !== leaving),
        COUNT,
      );
      const changed = moved(before, after);
      assert.deepEqual(changed, desiredShards(leaving, FOUR, COUNT), `the shards moved when ${leaving} left are its own`);
      for (const shard of changed) assert.notEqual(after[shard], leaving);
    }
  });
});
