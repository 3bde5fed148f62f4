import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ServiceNumbering } from '../../../../src/core/dashboard/serviceNumbering.js';

/** The 16 bytes of `id` at offset 3 of a record buffer, as the database sends them (uuid_send). */
function recordOf(id: string): DataView {
  const bytes = new Uint8Array(3 + 16);
  bytes.set(Buffer.from(id.replaceAll('-', ''), 'hex'), 3);
  return new DataView(bytes.buffer);
}

const A = '1b4e28ba-2fa1-11d2-883f-0016d3cca427';
// Same leading 64 bits as A, another tail.
const A_TWIN = '1b4e28ba-2fa1-11d2-ffff-0016d3cca427';
const B = 'f47ac10b-58cc-4372-a567-0e02b2c3d479';

describe('service numbering', () => {
  it('numbers services in the order they are added and finds each from its id bytes', () => {
    const numbering = new ServiceNumbering();
    assert.equal(numbering.add(A), 0);
    assert.equal(numbering.add(B), 1);
    assert.equal(numbering.add(A), 0, 'an id added twice keeps its number');
    assert.equal(numbering.size, 2);
    assert.equal(numbering.numberAt(recordOf(B), 3), 1);
    assert.equal(numbering.numberAt(recordOf(A), 3), 0);
  });

  it('answers undefined for an id it was not given', () => {
    const numbering = new ServiceNumbering();
    numbering.add(A);
    assert.equal(numbering.numberAt(recordOf(B), 3), undefined);
  });

  it('finds every one of many services, and none of the others', () => {
    const numbering = new ServiceNumbering();
    const ids = Array.from({ length: 5000 }, (_, i) => `00000000-0000-7000-8000-${i.toString(16).padStart(12, '0')}`);
    ids.forEach((id, i) => {
      assert.equal(numbering.add(id), i);
    });
    ids.forEach((id, i) => {
      assert.equal(numbering.numberAt(recordOf(id), 3), i, id);
    });
    assert.equal(numbering.numberAt(recordOf('00000000-0000-7000-8000-ffffffffffff'), 3), undefined);
  });

  it('finds every service whatever size it was told to expect, fewer or more than come', () => {
    const ids = Array.from({ length: 3000 }, (_, i) => `00000000-0000-7000-8000-${i.toString(16).padStart(12, '0')}`);
    for (const expected of [0, 3, 1000, 2999, 3000, 100_000]) {
      const numbering = new ServiceNumbering(expected);
      ids.forEach((id, i) => {
        assert.equal(numbering.add(id), i, `expected ${expected}: ${id}`);
      });
      ids.forEach((id, i) => {
        assert.equal(numbering.numberAt(recordOf(id), 3), i, `expected ${expected}: ${id}`);
      });
      assert.equal(numbering.numberAt(recordOf(B), 3), undefined);
    }
  });

  it('tells apart ids that share their leading bits, numbered or not', () => {
    const numbering = new ServiceNumbering();
    numbering.add(A);
    assert.equal(numbering.numberAt(recordOf(A_TWIN), 3), undefined, 'an unnumbered id with the same key is not taken for A');
    numbering.add(A_TWIN);
    assert.equal(numbering.numberAt(recordOf(A), 3), 0);
    assert.equal(numbering.numberAt(recordOf(A_TWIN), 3), 1);
  });

  it('still finds a service whose id is not a uuid by its text', () => {
    const numbering = new ServiceNumbering();
    numbering.add('not-a-uuid');
    numbering.add(B);
    assert.equal(numbering.numberAt(recordOf(B), 3), 1);
    assert.equal(numbering.numberAt(recordOf(A), 3), undefined);
  });

  it('reads upper-case ids as the same services', () => {
    const numbering = new ServiceNumbering();
    numbering.add(B.toUpperCase());
    assert.equal(numbering.numberAt(recordOf(B), 3), 0);
  });

  it('finds a service again by its id text, a uuid in either case or other text, and nothing it was not given', () => {
    const numbering = new ServiceNumbering();
    numbering.add(A);
    numbering.add('Not-A-Uuid');
    numbering.add(B.toUpperCase());
    const cases: Array<[string, number | undefined]> = [
      [A, 0],
      [A.toUpperCase(), 0],
      ['not-a-uuid', 1],
      ['NOT-A-UUID', 1],
      [B, 2],
      [A_TWIN, undefined],
      ['1b4e28ba2fa111d2883f0016d3cca427', undefined],
      ['', undefined],
    ];
    for (const [id, number] of cases) assert.equal(numbering.numberOf(id), number, id);
  });
});
