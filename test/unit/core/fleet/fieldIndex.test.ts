/**
 * Services by a field, built when first asked (src/core/fleet/fieldIndex.ts, docs/adr/0082): before that, changes
 * cost nothing; the first question sees every service the host holds then; from then on it follows every change.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newServiceRecord, type ServiceRecord } from '../../../../src/core/domain/service.js';
import { FieldIndex } from '../../../../src/core/fleet/fieldIndex.js';

const T0 = Date.parse('2026-03-01T00:00:00Z');
const service = (id: string, namespace: string | null) => newServiceRecord(id, { nodePath: 'eu', name: id, namespace }, T0);

function harness() {
  const held = new Map<string, ServiceRecord>();
  const index = new FieldIndex(
    (r) => r.namespace,
    () => held.values(),
  );
  const put = (record: ServiceRecord) => {
    const before = held.get(record.id);
    held.set(record.id, record);
    if (before) index.update(before, record);
    else index.add(record);
  };
  const ids = (key: string) => [...(index.get(key) ?? [])].sort();
  return { held, index, put, ids };
}

describe('field index', () => {
  it('is not built until asked, and then holds every service the host holds', () => {
    const { index, put, ids } = harness();
    put(service('a', 'payments'));
    put(service('b', 'payments'));
    put(service('c', 'search'));
    assert.equal(index.isBuilt, false);
    assert.deepEqual(ids('payments'), ['a', 'b']);
    assert.equal(index.isBuilt, true);
  });

  it('sees changes made before it was built through the host, not through its own entries', () => {
    const { put, ids } = harness();
    put(service('a', 'payments'));
    put({ ...service('a', 'search') });
    assert.deepEqual(ids('payments'), []);
    assert.deepEqual(ids('search'), ['a']);
  });

  it('once built, follows a service that moves, arrives or leaves', () => {
    const { held, index, put, ids } = harness();
    put(service('a', 'payments'));
    assert.deepEqual(ids('payments'), ['a']);
    put(service('a', 'search'));
    put(service('b', 'payments'));
    const c = service('c', 'search');
    put(c);
    held.delete('c');
    index.remove(c);
    assert.deepEqual([ids('payments'), ids('search')], [['b'], ['a']]);
  });

  it('leaves out services without the field', () => {
    const { put, ids, index } = harness();
    put(service('a', null));
    assert.equal(index.get('null'), undefined);
    assert.deepEqual(ids(''), []);
  });
});
