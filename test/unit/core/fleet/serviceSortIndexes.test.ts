/**
 * The list orders the service registry keeps (issue 27, item D): after any sequence of creates, changes and
 * removals, each kept order equals a sort of the records by the order's comparator, and a page read by skipping
 * (`page`) equals the same slice of the walk. A revert removes a record the host no longer holds.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ServiceIndexes } from '../../../../src/core/fleet/serviceIndexes.js';
import { RecencyOrder } from '../../../../src/core/fleet/serviceSortIndexes.js';
import {
  newServiceRecord,
  SERVICE_STATUSES,
  type ServiceRecord,
  type ServiceStatus,
  type StorageStatus,
} from '../../../../src/core/domain/service.js';
import { serviceComparator, SERVICE_SORT_FIELDS, SORT_DIRECTIONS, type ServiceSort } from '../../../../src/core/domain/serviceOrder.js';

/** A small deterministic random source (tests must not flap). */
function random(seed: number): () => number {
  let x = seed;
  return () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
}

const SORTS: ServiceSort[] = SERVICE_SORT_FIELDS.flatMap((field) => SORT_DIRECTIONS.map((direction) => ({ field, direction })));
const STORAGE: (StorageStatus | null)[] = [null, 'healthy', 'warning', 'critical'];

function fleet(seed: number) {
  const next = random(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
  const records = new Map<string, ServiceRecord>();
  const indexes = new ServiceIndexes(
    (id) => records.get(id),
    () => records.values(),
  );
  const reading = (status: StorageStatus | null) =>
    status === null
      ? null
      : { allocatedBytes: 100, usedBytes: 50, storageType: null, mountPath: null, freePercent: 50, status, reportedAt: 0 };
  let time = 1_000;
  let ids = 0;
  // (node, name) is unique in a fleet (the database's unique key); the id in the name keeps it so here.
  const create = (inOrder: boolean) => {
    const id = `id-${ids++}`;
    const record: ServiceRecord = {
      ...newServiceRecord(
        id,
        {
          nodePath: pick(['eu/a', 'eu/b', 'us/a']),
          name: `${pick(['api', 'db', 'web', 'cache', 'auth'])}-${Math.floor(next() * 1e6)}-${id}`,
          status: pick(SERVICE_STATUSES),
        },
        (time += pick([0, 1, 5])),
      ),
      storage: reading(pick(STORAGE)),
    };
    records.set(id, record);
    indexes.add(record, inOrder);
  };
  return { records, indexes, next, pick, create, reading, tick: () => (time += pick([0, 1, 7, -3])) };
}

/** Status filters a page may use: one status, two, every one. */
const STATUS_CHOICES: ServiceStatus[][] = [['DOWN'], ['DEGRADED', 'UNKNOWN'], [...SERVICE_STATUSES]];

function assertOrders(records: Map<string, ServiceRecord>, indexes: ServiceIndexes): void {
  for (const sort of SORTS) {
    // The services of some statuses, read from their buckets alone, in the order's sequence.
    for (const statuses of STATUS_CHOICES) {
      const ids = indexes.withStatuses(statuses, sort);
      if (sort.field === 'UPDATED_AT') {
        assert.equal(ids, null);
        continue;
      }
      const filtered = [...records.values()]
        .filter((r) => statuses.includes(r.status))
        .sort(serviceComparator(sort))
        .map((r) => r.id);
      assert.deepEqual([...ids!], filtered, `${sort.field} ${sort.direction} of ${statuses.join(', ')}`);
    }
    const expected = [...records.values()].sort(serviceComparator(sort)).map((r) => r.id);
    const walked = [...indexes.sorted(sort)];
    assert.deepEqual(walked, expected, `${sort.field} ${sort.direction}`);
    for (const [offset, limit] of [
      [0, 7],
      [3, 5],
      [expected.length - 2, 10],
      [expected.length + 1, 3],
    ] as const) {
      assert.deepEqual(
        indexes.page(sort, Math.max(0, offset), limit),
        expected.slice(Math.max(0, offset), Math.max(0, offset) + limit),
        `${sort.field} ${sort.direction} page ${offset}`,
      );
    }
  }
}

describe('the kept service orders', () => {
  // Small fleets, and one large enough that the sorted lists split and drop chunks (sortedIdList.ts).
  for (const [seed, loaded, steps] of [
    [1, 60, 400],
    [2, 60, 400],
    [3, 60, 400],
    [4, 3000, 6000],
  ] as const) {
    it(`equal a sort of the records after creates, changes and removals (seed ${seed}, ${loaded} services, ${steps} steps)`, () => {
      const f = fleet(seed);
      for (let i = 0; i < loaded; i += 1) f.create(false);
      f.indexes.sortOrder();
      assertOrders(f.records, f.indexes);
      for (let step = 0; step < steps; step += 1) {
        const roll = f.next();
        const ids = [...f.records.keys()];
        if (roll < 0.15) f.create(true);
        else if (roll < 0.25 && ids.length > 0) {
          const id = f.pick(ids);
          const record = f.records.get(id)!;
          // As a revert does: the host already dropped it when the index hears of it.
          f.records.delete(id);
          f.indexes.remove(record);
        } else if (ids.length > 0) {
          const before = f.records.get(f.pick(ids))!;
          const after: ServiceRecord = {
            ...before,
            status: f.next() < 0.5 ? f.pick(SERVICE_STATUSES) : before.status,
            storage: f.next() < 0.3 ? f.reading(f.pick(STORAGE)) : before.storage,
            updatedAt: f.tick(),
          };
          f.records.set(after.id, after);
          f.indexes.update(before, after);
        }
      }
      assertOrders(f.records, f.indexes);
    });
  }

  it('a change far back in time (a revert, a clock set back) still leaves every order sorted at the next read', () => {
    const f = fleet(5);
    for (let i = 0; i < 300; i += 1) f.create(true);
    for (const record of [...f.records.values()].slice(0, 120)) {
      const after = { ...record, updatedAt: record.updatedAt - 1_000_000 };
      f.records.set(after.id, after);
      f.indexes.update(record, after);
    }
    assertOrders(f.records, f.indexes);
  });

  it('storage counts at each node follow storage states in and out of trouble', () => {
    const f = fleet(9);
    for (let i = 0; i < 80; i += 1) f.create(true);
    for (const path of ['eu', 'eu/a', 'eu/b', 'us', 'us/a', 'nowhere']) {
      const under = [...f.records.values()].filter((r) => r.nodePath === path || r.nodePath.startsWith(`${path}/`));
      assert.deepEqual(
        f.indexes.storage.countsUnder(path),
        {
          warning: under.filter((r) => r.storage?.status === 'warning').length,
          critical: under.filter((r) => r.storage?.status === 'critical').length,
        },
        path,
      );
    }
    for (const r of [...f.records.values()]) {
      const after = { ...r, storage: f.reading('healthy') };
      f.records.set(r.id, after);
      f.indexes.update(r, after);
    }
    assert.deepEqual(f.indexes.storage.countsUnder('eu'), { warning: 0, critical: 0 });
    assert.deepEqual(f.indexes.storage.countsUnder(null), { warning: 0, critical: 0 });
  });
});

describe('the recency order in blocks', () => {
  it('a page at any offset, either way, equals the same slice of the walk while nodes move between small blocks', () => {
    const f = fleet(21);
    const records = new Map<string, ServiceRecord>();
    const order = new RecencyOrder(3);
    let ids = 0;
    const create = () => {
      const record = newServiceRecord(`r-${ids++}`, { nodePath: 'eu/a', name: `svc-${ids}` }, f.tick() + 10_000);
      records.set(record.id, record);
      order.add(record, true);
    };
    const check = (label: string) => {
      for (const direction of SORT_DIRECTIONS) {
        const walked = [...order.ids(direction)];
        for (let offset = 0; offset <= walked.length + 1; offset += 1) {
          for (const limit of [1, 4, 100]) {
            assert.deepEqual(
              order.page(direction, offset, limit),
              walked.slice(offset, offset + limit),
              `${label}: ${direction} ${offset}+${limit}`,
            );
          }
        }
      }
    };
    for (let i = 0; i < 40; i += 1) create();
    check('placed one by one');
    for (let step = 0; step < 300; step += 1) {
      const roll = f.next();
      if (roll < 0.1 || records.size < 2) create();
      else if (roll < 0.2) {
        const record = records.get(f.pick([...records.keys()]))!;
        records.delete(record.id);
        order.remove(record);
      } else {
        const before = records.get(f.pick([...records.keys()]))!;
        // Mostly the newest change; now and then one far back (the list sorts itself again at the next read).
        const after = { ...before, updatedAt: f.next() < 0.05 ? before.updatedAt - 1_000_000 : f.tick() + 10_000 };
        records.set(after.id, after);
        order.update(before, after);
      }
      if (step % 30 === 0) check(`step ${step}`);
    }
    check('after 300 steps');
    assert.deepEqual(
      [...order.ids('ASC')],
      [...records.values()].sort(serviceComparator({ field: 'UPDATED_AT', direction: 'ASC' })).map((r) => r.id),
    );
  });
});
