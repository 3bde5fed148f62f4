/**
 * The names' haystack (issue 31): a name search finds exactly the services whose lower-cased name or display name
 * holds the needle, each once and ranked as `matchRank` ranks it (the walk of every record the search did before),
 * whatever was created, renamed, deleted or restored since the haystack was built, and in list order for what was
 * there at the build.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { matchRank } from '../../../../src/core/domain/nameMatch.js';
import { newServiceRecord, type ServiceRecord } from '../../../../src/core/domain/service.js';
import { MEMO_MAX_HITS, NameHaystack } from '../../../../src/core/fleet/nameHaystack.js';
import { ServiceIndexes } from '../../../../src/core/fleet/serviceIndexes.js';

function fleet() {
  const records = new Map<string, ServiceRecord>();
  const indexes = new ServiceIndexes(
    (id) => records.get(id),
    () => records.values(),
  );
  // Beside the registry's haystack, one built again after every third change.
  const eager = new NameHaystack({ order: indexes.order, recordOf: (id) => records.get(id) }, 3);
  let ids = 0;
  const create = (name: string, displayName: string | null = null, nodePath = 'eu/prod') => {
    const record = { ...newServiceRecord(`id-${ids++}`, { nodePath, name }, 1_000), displayName };
    records.set(record.id, record);
    indexes.add(record, true);
    eager.add(record);
    return record;
  };
  const rename = (record: ServiceRecord, displayName: string | null) => {
    const after = { ...record, displayName };
    records.set(after.id, after);
    indexes.update(record, after);
    eager.update(record, after);
    return after;
  };
  const remove = (record: ServiceRecord) => {
    records.delete(record.id);
    indexes.remove(record);
    eager.remove(record);
  };
  /** What the haystack reports: [name, rank] in the order visited. */
  const search = (needle: string) => {
    const out: Array<[string, number, boolean]> = [];
    indexes.names.forEach(needle, true, (id, rank, inOrder) => out.push([records.get(id)!.name, rank, inOrder]));
    return out;
  };
  /** The old answer: every record, matched and ranked on its own, in list order. */
  const walk = (needle: string) =>
    indexes.order.flatMap((id) => {
      const r = records.get(id)!;
      const rank = matchRank(needle, r.name, r.displayName);
      return rank === undefined ? [] : [[r.name, rank] as [string, number]];
    });
  const searchEager = (needle: string) => {
    const out: Array<[string, number]> = [];
    eager.forEach(needle, true, (id, rank) => out.push([records.get(id)!.name, rank]));
    return out;
  };
  return { records, indexes, eager, create, rename, remove, search, searchEager, walk };
}

const sorted = (hits: Array<[string, number, ...unknown[]]>) =>
  hits.map(([name, rank]) => [name, rank]).sort((a, b) => String(a[0]).localeCompare(String(b[0])));

describe('names haystack', () => {
  const table: Array<{ name: string; services: Array<[string, string | null]>; needle: string; expected: Array<[string, number]> }> = [
    { name: 'nothing holds the needle', services: [['api', null]], needle: 'db', expected: [] },
    { name: 'a prefix ranks by the name length', services: [['api-gateway', null]], needle: 'api', expected: [['api-gateway', 11]] },
    { name: 'a substring ranks after every prefix', services: [['the-api', null]], needle: 'api', expected: [['the-api', 1e6 + 7]] },
    { name: 'case does not matter', services: [['Payments-API', null]], needle: 'api', expected: [['Payments-API', 1e6 + 12]] },
    {
      name: 'a display name ranks when it ranks better',
      services: [['svc-17', 'API front door']],
      needle: 'api',
      expected: [['svc-17', 14]],
    },
    { name: 'a match in both names reports the service once', services: [['api-1', 'api one']], needle: 'api', expected: [['api-1', 5]] },
    {
      name: 'a needle never matches across two services',
      services: [
        ['ab', null],
        ['cd', null],
      ],
      needle: 'bc',
      expected: [],
    },
    { name: 'a needle never matches across a name and its display name', services: [['ab', 'cd']], needle: 'bc', expected: [] },
    {
      name: 'a letter whose lower case is longer is ranked from the record',
      services: [['İstanbul-api', null]],
      needle: 'api',
      expected: [['İstanbul-api', 1e6 + 12]],
    },
    { name: 'a needle with a NUL is looked for record by record', services: [['api', null]], needle: 'a\u0000', expected: [] },
  ];
  for (const c of table) {
    it(c.name, () => {
      const f = fleet();
      for (const [name, display] of c.services) f.create(name, display);
      assert.deepEqual(sorted(f.search(c.needle)), sorted(c.expected));
      assert.deepEqual(sorted(f.search(c.needle)), sorted(f.walk(c.needle)));
    });
  }

  it('hits present at the build come in list order, before those changed since', () => {
    const f = fleet();
    for (const name of ['delta-api', 'alpha-api', 'charlie-api']) f.create(name);
    f.search('api');
    f.create('bravo-api');
    const hits = f.search('api');
    assert.deepEqual(
      hits.map(([name, , inOrder]) => [name, inOrder]),
      [
        ['alpha-api', true],
        ['charlie-api', true],
        ['delta-api', true],
        ['bravo-api', false],
      ],
    );
  });

  it('after creates, display-name changes, deletions and restores the hits equal the walk', () => {
    const f = fleet();
    let x = 11;
    const next = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
    const words = ['api', 'db', 'web', 'Cache', 'auth', 'queue'];
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!;
    const live: ServiceRecord[] = [];
    for (let i = 0; i < 300; i += 1) live.push(f.create(`${pick(words)}-${i}`, next() < 0.3 ? `${pick(words)} ${pick(words)}` : null));
    for (let round = 0; round < 40; round += 1) {
      for (let step = 0; step < 60; step += 1) {
        const roll = next();
        if (roll < 0.3) live.push(f.create(`${pick(words)}-n${round}-${step}`, next() < 0.5 ? pick(words) : null));
        else if (roll < 0.5 && live.length > 0) {
          const gone = live.splice(Math.floor(next() * live.length), 1)[0]!;
          f.remove(gone);
          // A failed commit puts a deleted service back now and then.
          if (next() < 0.3) {
            f.records.set(gone.id, gone);
            f.indexes.add(gone, true);
            f.eager.add(gone);
            live.push(gone);
          }
        } else if (live.length > 0) {
          const at = Math.floor(next() * live.length);
          live[at] = f.rename(live[at]!, next() < 0.3 ? null : `${pick(words)} v${step}`);
        }
      }
      for (const needle of ['api', 'db-1', 'cache', 'e', ' v1', 'zzz']) {
        const hits = f.search(needle);
        assert.equal(new Set(hits.map(([name]) => name)).size, hits.length, `each service once for "${needle}"`);
        assert.deepEqual(sorted(hits), sorted(f.walk(needle)), `round ${round}, "${needle}"`);
        assert.deepEqual(sorted(f.searchEager(needle)), sorted(f.walk(needle)), `round ${round}, "${needle}", built again often`);
      }
    }
  });

  describe('the last search, asked again', () => {
    it('visits the same services with the same ranks and order', () => {
      const f = fleet();
      for (const name of ['delta-api', 'alpha-api', 'web']) f.create(name);
      f.search('api');
      f.create('bravo-api', 'API door');
      const first = f.search('api');
      assert.deepEqual(f.search('api'), first);
      assert.equal(first.length, 3);
    });

    it('sees a service created, renamed or deleted since', () => {
      const f = fleet();
      const alpha = f.create('alpha-api');
      const web = f.create('web');
      const names = () => f.search('api').map(([name]) => name);
      assert.deepEqual(names(), ['alpha-api']);
      f.create('bravo-api');
      assert.deepEqual(names(), ['alpha-api', 'bravo-api']);
      f.rename(web, 'public api');
      assert.deepEqual(names().sort(), ['alpha-api', 'bravo-api', 'web']);
      f.remove(alpha);
      assert.deepEqual(names().sort(), ['bravo-api', 'web']);
      assert.deepEqual(sorted(f.search('api')), sorted(f.walk('api')));
    });

    it('is not the answer to the same needle without ranks', () => {
      const f = fleet();
      f.create('alpha-api');
      f.search('api');
      const unranked: number[] = [];
      f.indexes.names.forEach('api', false, (_id, rank) => unranked.push(rank));
      assert.deepEqual(unranked, [Number.NaN]);
    });

    it('is scanned again when it found more services than are kept', () => {
      const f = fleet();
      for (let i = 0; i <= MEMO_MAX_HITS; i += 1) f.create(`api-${i}`);
      const first = f.search('api');
      assert.equal(first.length, MEMO_MAX_HITS + 1);
      assert.deepEqual(f.search('api'), first);
      // The string is built a chunk of entries at a time: hits past the first chunks are where the walk finds them.
      assert.deepEqual(sorted(first), sorted(f.walk('api')));
      for (const needle of ['api-4095', 'api-4096', 'api-8193', `api-${MEMO_MAX_HITS}`])
        assert.deepEqual(sorted(f.search(needle)), sorted(f.walk(needle)), needle);
    });
  });
});
