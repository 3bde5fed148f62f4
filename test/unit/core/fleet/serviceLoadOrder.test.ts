/**
 * The list order after a load (src/core/fleet/serviceIndexes.ts `sortOrder`): the database hands services over in
 * list order, so a load that arrives in it is kept as it is without a second walk of the fleet; any other load, or
 * one mixed with creates and deletes, is sorted by (name, node path) in code-unit order.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newServiceRecord, type ServiceRecord } from '../../../../src/core/domain/service.js';
import { ServiceIndexes } from '../../../../src/core/fleet/serviceIndexes.js';

function fleet() {
  const records = new Map<string, ServiceRecord>();
  let lookUps = 0;
  const indexes = new ServiceIndexes(
    (id) => {
      lookUps += 1;
      return records.get(id);
    },
    () => records.values(),
  );
  let ids = 0;
  const record = (name: string, nodePath = 'eu/prod') => {
    const r = newServiceRecord(`id-${ids++}`, { nodePath, name }, 1_000);
    records.set(r.id, r);
    return r;
  };
  const names = () => indexes.order.map((id) => records.get(id)!.name);
  return { records, indexes, record, names, lookUps: () => lookUps };
}

describe('the list order after a load', () => {
  it('keeps a load that arrived in list order, without looking the services up again', () => {
    const f = fleet();
    for (const name of ['alpha', 'bravo', 'charlie', 'delta']) f.indexes.add(f.record(name), false);
    const before = f.lookUps();
    f.indexes.sortOrder();
    assert.equal(f.lookUps(), before);
    assert.deepEqual(f.names(), ['alpha', 'bravo', 'charlie', 'delta']);
  });

  const table: Array<{ name: string; load: (f: ReturnType<typeof fleet>) => void; expected: string[]; paths?: string[] }> = [
    {
      name: 'sorts a load that did not arrive in list order',
      load: (f) => {
        for (const name of ['charlie', 'alpha', 'delta', 'bravo']) f.indexes.add(f.record(name), false);
      },
      expected: ['alpha', 'bravo', 'charlie', 'delta'],
    },
    {
      name: 'orders equal names by their node path',
      load: (f) => {
        f.indexes.add(f.record('api', 'us'), false);
        f.indexes.add(f.record('api', 'eu'), false);
      },
      expected: ['api', 'api'],
      paths: ['eu', 'us'],
    },
    {
      name: 'sorts a load appended after services already in the order',
      load: (f) => {
        f.indexes.add(f.record('delta'), true);
        for (const name of ['alpha', 'bravo']) f.indexes.add(f.record(name), false);
      },
      expected: ['alpha', 'bravo', 'delta'],
    },
    {
      name: 'sorts a load that a create came in the middle of',
      load: (f) => {
        f.indexes.add(f.record('bravo'), false);
        f.indexes.add(f.record('alpha'), true);
        f.indexes.add(f.record('charlie'), false);
      },
      expected: ['alpha', 'bravo', 'charlie'],
    },
    {
      name: 'keeps the order of a load that a delete came in the middle of',
      load: (f) => {
        const gone = f.record('alpha');
        f.indexes.add(gone, false);
        f.indexes.add(f.record('bravo'), false);
        f.records.delete(gone.id);
        f.indexes.remove(gone);
        f.indexes.add(f.record('charlie'), false);
      },
      expected: ['bravo', 'charlie'],
    },
  ];
  for (const c of table) {
    it(c.name, () => {
      const f = fleet();
      c.load(f);
      f.indexes.sortOrder();
      assert.deepEqual(f.names(), c.expected);
      if (c.paths)
        assert.deepEqual(
          f.indexes.order.map((id) => f.records.get(id)!.nodePath),
          c.paths,
        );
    });
  }

  it('starts over after each load: a second load out of order is sorted', () => {
    const f = fleet();
    for (const name of ['alpha', 'bravo']) f.indexes.add(f.record(name), false);
    f.indexes.sortOrder();
    for (const name of ['zulu', 'charlie']) f.indexes.add(f.record(name), false);
    f.indexes.sortOrder();
    assert.deepEqual(f.names(), ['alpha', 'bravo', 'charlie', 'zulu']);
  });
});
