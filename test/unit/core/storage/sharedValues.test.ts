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

  it('gives every row with the same parsed list the same frozen list, without writing its JSON', () => {
    const pool = new SharedValues();
    const first = pool.listOf(['web', 'prod']);
    assert.deepEqual(first, ['web', 'prod']);
    assert.equal(pool.listOf(['web', 'prod']), first);
    assert.equal(Object.isFrozen(first), true);
    assert.equal(pool.listOf([]), EMPTY_LIST);
  });

  for (const [one, other] of [
    [['a', 'b'], ['a\u0000b']],
    [['', 'a'], ['a']],
    [
      ['a\u0000', 'b'],
      ['a', '\u0000b'],
    ],
  ] as const) {
    it(`keeps ${JSON.stringify(one)} and ${JSON.stringify(other)} apart`, () => {
      const pool = new SharedValues();
      assert.deepEqual(pool.listOf(one), one);
      assert.deepEqual(pool.listOf(other), other);
    });
  }

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

  it('pools node paths of any length: every service of a node holds its path', () => {
    const pool = new SharedValues();
    const path = () => ['', ...Array.from({ length: 40 }, (_, i) => `level-${i}`), 'rack'].join('/');
    assert.ok(path().length > 128, 'longer than the free text the pool leaves out');
    assert.equal(pool.path(path()), path());
    pool.path(path());
    assert.deepEqual(pool.size, { strings: 1, lists: 0 });
  });

  it('does not pool long free text', () => {
    const pool = new SharedValues();
    pool.string('x'.repeat(129));
    assert.deepEqual(pool.size, { strings: 0, lists: 0 });
  });
});
