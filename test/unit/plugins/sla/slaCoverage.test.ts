/**
 * The services an SLA definition covers (src/plugins/sla/evaluation/coverage.ts): every service of its groups and
 * each service assigned alone, each once; groups read live from the registry's sets, not copied.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { coverageOf, type SlaGroupMembers } from '../../../../src/plugins/sla/evaluation/coverage.js';

function registry(groups: Record<string, string[]>): SlaGroupMembers & { sets: Map<string, Set<string>> } {
  const sets = new Map(Object.entries(groups).map(([name, ids]) => [name, new Set(ids)]));
  const none: ReadonlySet<string> = new Set();
  return { sets, idsInSlaGroup: (group) => sets.get(group) ?? none };
}
const group = (groupName: string) => ({ serviceId: null, groupName });
const service = (serviceId: string) => ({ serviceId, groupName: null });

describe('SLA coverage', () => {
  const table: Array<{ name: string; assignments: ReturnType<typeof group | typeof service>[]; covered: string[] }> = [
    { name: 'nothing assigned covers nothing', assignments: [], covered: [] },
    { name: 'one group covers its services', assignments: [group('gold')], covered: ['a', 'b'] },
    { name: 'several groups cover all their services', assignments: [group('gold'), group('silver')], covered: ['a', 'b', 'c'] },
    { name: 'a group assigned twice counts its services once', assignments: [group('gold'), group('gold')], covered: ['a', 'b'] },
    { name: 'a group without services adds none', assignments: [group('gold'), group('none')], covered: ['a', 'b'] },
    { name: 'single services are covered', assignments: [service('x'), service('y')], covered: ['x', 'y'] },
    {
      name: 'a service assigned alone and through its group is covered once',
      assignments: [group('gold'), service('a'), service('x')],
      covered: ['a', 'b', 'x'],
    },
  ];
  for (const c of table) {
    it(c.name, () => {
      const coverage = coverageOf(c.assignments, registry({ gold: ['a', 'b'], silver: ['c'] }));
      assert.deepEqual([...coverage].sort(), c.covered);
      assert.equal(coverage.size, c.covered.length);
      for (const id of c.covered) assert.equal(coverage.has(id), true, id);
      assert.equal(coverage.has('nobody'), false);
    });
  }

  it('reads the groups as they are when asked, without a copy', () => {
    const fleet = registry({ gold: ['a'], silver: ['b'] });
    const one = coverageOf([group('gold')], fleet);
    const two = coverageOf([group('gold'), group('silver')], fleet);
    assert.equal(one, fleet.sets.get('gold'));
    fleet.sets.get('silver')!.add('c');
    fleet.sets.get('gold')!.delete('a');
    assert.deepEqual([...two].sort(), ['b', 'c']);
    assert.equal(two.size, 2);
    assert.equal(two.has('a'), false);
    assert.equal(two.has('c'), true);
  });
});
