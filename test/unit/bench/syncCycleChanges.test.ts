/**
 * The sync cycle of bench:storm (bench/million/syncCycle.ts, issue 31 target 3): 1 % of the fleet's reports are a
 * real change, spread over every agent's sync, not gathered into a few syncs that change their whole node.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cycleChanges } from '../../../bench/million/syncCycle.js';
import { SyncFleet } from '../../../bench/million/syncFleet.js';

describe("the sync cycle's changes", () => {
  const fleet = () => new SyncFleet(100_000, 1_000, 10);

  it('gives every sync its share of the 1 %: 10 changes in each sync of 1,000', () => {
    const cycle = fleet();
    const changes = Array.from({ length: cycle.leaves }, (_, leaf) => cycle.sync(leaf, cycleChanges(1, 0.01, cycle.leaves)).changes);
    assert.deepEqual(new Set(changes), new Set([10]));
  });

  it('changes a different 1 % in the next cycle', () => {
    const cycle = fleet();
    const changed = (c: number) => {
      const next = cycleChanges(c, 0.01, cycle.leaves);
      const picked = new Set<number>();
      for (let g = 0; g < cycle.services; g += 1) if (next(g, 'OPERATIONAL') !== 'OPERATIONAL') picked.add(g);
      return picked;
    };
    const first = changed(1);
    const second = changed(2);
    assert.equal(first.size, 1_000);
    assert.equal([...second].filter((g) => first.has(g)).length, 0);
  });
});
