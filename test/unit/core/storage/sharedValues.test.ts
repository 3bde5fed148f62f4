/**
 * Values loaded services hold in common (src/core/storage/sharedValues.ts, docs/adr/0082): one frozen list per JSON
 * text, the empty list shared, anything but a list of strings refused, and a pool that stops growing at its limit.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EMPTY_LIST } from '../../../../src/core/domain/service.js';
import { SharedValues } from '../../../../src/core/storage/sharedValues.js';

describe('shared values', () => {
  it('gives every row with the same list text the same frozen list', () => {
    const pool = new SharedValues();
    const first = pool.stringList('["web", "prod"]');
    assert.deepEqual(first, ['web', 'prod']);
    assert.equal(pool.stringList('["web", "prod"]'), first);
    assert.equal(Object.isFrozen(first), true);
  });

  for (const [text, why] of [
    [null, 'NULL'],
    ['null', 'JSON null'],
    ['[]', 'an empty list'],
  ] as const) {
    it(`gives the one shared empty list for ${why}`, () => {
      assert.equal(new SharedValues().stringList(text), EMPTY_LIST);
    });
  }

  for (const text of ['{"a": 1}', '[1, 2]', '["a", null]', '"web"']) {
    it(`refuses ${text}: not a list of strings`, () => {
      assert.throws(() => new SharedValues().stringList(text), /expected a JSON list of strings/);
    });
  }

  it('pools strings and lists up to its limit, then hands values back as read', () => {
    const pool = new SharedValues(2);
    pool.string('a');
    pool.string('b');
    pool.string('c');
    pool.stringList('["x"]');
    pool.stringList('["y"]');
    const third = pool.stringList('["z"]');
    assert.deepEqual(pool.size, { strings: 2, lists: 2 });
    assert.notEqual(pool.stringList('["z"]'), third, 'past the limit each call parses its own');
    assert.deepEqual(pool.stringList('["z"]'), ['z']);
  });

  it('does not pool long free text', () => {
    const pool = new SharedValues();
    pool.string('x'.repeat(129));
    assert.deepEqual(pool.size, { strings: 0, lists: 0 });
  });
});
