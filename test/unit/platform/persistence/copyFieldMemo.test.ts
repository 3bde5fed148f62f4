/**
 * A column's values of the binary COPY stream remembered by their bytes (src/platform/persistence/copyFieldMemo.ts):
 * a repeat is answered without decoding, different bytes never share a value, NULL is a value of its own, and past
 * the limit every field is still answered right.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CopyRow } from '../../../../src/platform/persistence/copyBinary.js';
import { CopyFieldMemo } from '../../../../src/platform/persistence/copyFieldMemo.js';

/** A one-field row over `value`'s UTF-8 bytes (null: a NULL field), at an offset inside a larger chunk. */
function rowOf(value: string | null): CopyRow {
  const bytes = value === null ? Buffer.alloc(0) : Buffer.from(value, 'utf8');
  const chunk = Buffer.concat([Buffer.from('prefix'), bytes, Buffer.from('suffix')]);
  const row = new CopyRow();
  row.reset(chunk);
  row.push(6, value === null ? -1 : bytes.length);
  return row;
}

/** A memo that decodes the field's text and counts its decodes. */
function countingMemo(limit?: number) {
  const decoded: (string | null)[] = [];
  const memo = new CopyFieldMemo((row, i) => {
    const text = row.text(i);
    decoded.push(text);
    return { text };
  }, limit);
  return { memo, decoded };
}

describe('a COPY column remembered by its bytes', () => {
  it('decodes a value once and answers its repeats with the same value', () => {
    const { memo, decoded } = countingMemo();
    const first = memo.of(rowOf('OPERATIONAL'), 0);
    const again = memo.of(rowOf('OPERATIONAL'), 0);
    assert.equal(again, first);
    assert.deepEqual(decoded, ['OPERATIONAL']);
  });

  it('gives different bytes their own values, also of equal length, a prefix, empty and beyond ASCII', () => {
    const { memo } = countingMemo();
    const values = ['DOWN', 'DOWM', 'DOW', '', 'caf\u00e9', 'cafe', 'z\u00fcrich', '\u{1F600}'];
    for (let round = 0; round < 2; round++)
      for (const value of values) assert.equal(memo.of(rowOf(value), 0).text, value, `round ${round}: ${value}`);
  });

  it('decodes NULL once, apart from the empty string', () => {
    const { memo, decoded } = countingMemo();
    assert.equal(memo.of(rowOf(null), 0).text, null);
    assert.equal(memo.of(rowOf(''), 0).text, '');
    assert.equal(memo.of(rowOf(null), 0).text, null);
    assert.deepEqual(decoded, [null, '']);
  });

  it('keeps every value through its growth: thousands of distinct values, each decoded once', () => {
    const { memo, decoded } = countingMemo();
    const values = Array.from({ length: 5000 }, (_, i) => `region-${i % 10}/env-${i % 3}/ns-${i}`);
    for (const value of values) memo.of(rowOf(value), 0);
    for (const value of values) assert.equal(memo.of(rowOf(value), 0).text, value);
    assert.equal(decoded.length, values.length);
  });

  it('past its limit decodes each new value every time, and still answers every field right', () => {
    const { memo, decoded } = countingMemo(2);
    for (let round = 0; round < 2; round++) for (const value of ['a', 'b', 'c', 'd']) assert.equal(memo.of(rowOf(value), 0).text, value);
    // 'a' and 'b' were kept; 'c' and 'd' were decoded in both rounds.
    assert.deepEqual(decoded, ['a', 'b', 'c', 'd', 'c', 'd']);
  });
});
