import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newServiceRecord } from '../../../../src/core/domain/service.js';
import { rowToService, serviceStatusRow, serviceToRow, withStatusColumns } from '../../../../src/core/storage/serviceRows.js';

const T0 = Date.parse('2026-03-01T00:00:00Z');
const held = newServiceRecord(
  'svc-1',
  { nodePath: 'eu/prod/k8s/payments', name: 'api', status: 'OPERATIONAL', tags: ['a'], metadata: { k: 1 } },
  T0,
);
const reported = { ...held, status: 'DOWN' as const, statusMessage: 'gone', statusSince: T0 + 5_000, statusSeq: 2, updatedAt: T0 + 5_000 };

describe('a status patch applied to a held service (cluster read model)', () => {
  it('gives the record a full row merge would, field for field', () => {
    const patch = serviceStatusRow(reported);
    assert.deepEqual(withStatusColumns(held, patch), rowToService({ ...serviceToRow(held), ...patch }));
    assert.deepEqual(withStatusColumns(held, patch), reported);
  });

  it('changes only the columns the patch names', () => {
    assert.deepEqual(withStatusColumns(held, { id: held.id, status_message: 'why' }), { ...held, statusMessage: 'why' });
  });

  it('declines a patch of any other column (the caller merges it into a full row)', () => {
    assert.equal(withStatusColumns(held, { id: held.id, status: 'DOWN', tags: ['b'] }), undefined);
  });
});
