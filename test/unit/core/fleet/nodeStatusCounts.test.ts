/**
 * Services per status at and below each node, kept as services come, change and go (issue 31): the counts at every
 * node equal a count of the services whose node path is that node or below it (the walk the hierarchy did before),
 * whether the services were added one by one or loaded and finished at once.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NodeStatusCounts } from '../../../../src/core/fleet/nodeStatusCounts.js';
import { ServiceIndexes } from '../../../../src/core/fleet/serviceIndexes.js';
import { newServiceRecord, SERVICE_STATUSES, type ServiceRecord, type ServiceStatus } from '../../../../src/core/domain/service.js';

type Placed = { nodePath: string; status: ServiceStatus };

/** The old answer: a walk of every service, counting those at `path` or below it. */
function walked(services: readonly Placed[], path: string) {
  const counts = Object.fromEntries(SERVICE_STATUSES.map((s) => [s, 0])) as Record<ServiceStatus, number>;
  let total = 0;
  for (const s of services) {
    if (s.nodePath !== path && !s.nodePath.startsWith(`${path}/`)) continue;
    counts[s.status] += 1;
    total += 1;
  }
  return { ...counts, total };
}

const prefixesOf = (path: string) => path.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'));

describe('node status counts', () => {
  const cases: Array<{ name: string; services: Placed[]; path: string; expected: Partial<Record<ServiceStatus | 'total', number>> }> = [
    { name: 'a node with nothing under it', services: [], path: 'eu', expected: { total: 0, DOWN: 0 } },
    {
      name: 'a service counts at its own node',
      services: [{ nodePath: 'eu/prod', status: 'DOWN' }],
      path: 'eu/prod',
      expected: { total: 1, DOWN: 1 },
    },
    {
      name: 'a service counts at every prefix of its node',
      services: [{ nodePath: 'eu/prod/k8s', status: 'DEGRADED' }],
      path: 'eu',
      expected: { total: 1, DEGRADED: 1 },
    },
    {
      name: 'a sibling with a longer name is not below a node',
      services: [
        { nodePath: 'eu/prod', status: 'DOWN' },
        { nodePath: 'eu/prod-2', status: 'DOWN' },
      ],
      path: 'eu/prod',
      expected: { total: 1, DOWN: 1 },
    },
    {
      name: 'statuses are counted apart',
      services: [
        { nodePath: 'eu/a', status: 'OPERATIONAL' },
        { nodePath: 'eu/b', status: 'OPERATIONAL' },
        { nodePath: 'eu/b/c', status: 'UNKNOWN' },
        { nodePath: 'us/a', status: 'MAINTENANCE' },
      ],
      path: 'eu',
      expected: { total: 3, OPERATIONAL: 2, UNKNOWN: 1, MAINTENANCE: 0 },
    },
  ];
  for (const c of cases) {
    it(`${c.name}: added one by one or loaded at once`, () => {
      const added = new NodeStatusCounts();
      const loaded = new NodeStatusCounts();
      for (const s of c.services) {
        added.add(s);
        loaded.load(s);
      }
      loaded.finishLoad();
      for (const counts of [added, loaded]) {
        const under = counts.under(c.path);
        for (const [key, value] of Object.entries(c.expected)) assert.equal(under[key as ServiceStatus | 'total'], value, key);
        assert.equal(counts.totalUnder(c.path), c.expected.total);
      }
    });
  }

  it('a status change moves one count at every prefix, and a removal takes it away', () => {
    const counts = new NodeStatusCounts();
    const before: Placed = { nodePath: 'eu/prod/k8s', status: 'OPERATIONAL' };
    counts.add(before);
    const after: Placed = { ...before, status: 'DOWN' };
    counts.update(before, after);
    for (const path of ['eu', 'eu/prod', 'eu/prod/k8s']) {
      assert.equal(counts.under(path).DOWN, 1, path);
      assert.equal(counts.under(path).OPERATIONAL, 0, path);
      assert.equal(counts.under(path).total, 1, path);
    }
    counts.remove(after);
    assert.deepEqual(counts.under('eu'), walked([], 'eu'));
  });

  it("after any sequence of creates, status changes and removals the registry's counts equal the walk at every node", () => {
    let x = 7;
    const next = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
    const records = new Map<string, ServiceRecord>();
    const indexes = new ServiceIndexes(
      (id) => records.get(id),
      () => records.values(),
    );
    const nodes = ['eu', 'eu/prod', 'eu/prod/a', 'eu/prod/b', 'eu/test', 'us/prod/a', 'us'];
    let ids = 0;
    const create = (inOrder: boolean) => {
      const id = `id-${ids++}`;
      const record = newServiceRecord(id, { nodePath: pick(nodes), name: `svc-${id}`, status: pick(SERVICE_STATUSES) }, 1_000);
      records.set(id, record);
      indexes.add(record, inOrder);
    };
    for (let i = 0; i < 200; i += 1) create(false);
    indexes.sortOrder();
    for (let step = 0; step < 600; step += 1) {
      const roll = next();
      const all = [...records.values()];
      if (roll < 0.2 || all.length === 0) create(true);
      else if (roll < 0.3) {
        const gone = pick(all);
        records.delete(gone.id);
        indexes.remove(gone);
      } else {
        const before = pick(all);
        const after: ServiceRecord = { ...before, status: pick(SERVICE_STATUSES) };
        records.set(after.id, after);
        indexes.update(before, after);
      }
    }
    const all = [...records.values()];
    for (const path of new Set(nodes.flatMap(prefixesOf)))
      assert.deepEqual({ ...indexes.statusUnderNode.under(path) }, walked(all, path), path);
  });
});
