import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readIdempotencyKey } from '../../../../src/platform/idempotency/idempotencyKey.js';

describe('Idempotency-Key: the header value', () => {
  const taken = ['a', 'order-2026-05-01-0001', '0f8fad5b-d9cb-469f-a165-70867728950e', '~!#$%&*+.^_`|', 'k'.repeat(128)];
  for (const value of taken)
    it(`takes ${JSON.stringify(value.slice(0, 40))}`, () => assert.deepEqual(readIdempotencyKey(value), { key: value }));

  const refused: Array<[string, string, RegExp]> = [
    ['empty', '', /must not be empty/],
    ['129 characters', 'k'.repeat(129), /at most 128 characters, got 129/],
    ['a space', 'two words', /printable ASCII/],
    ['a tab', 'a\tb', /printable ASCII/],
    ['a character outside ASCII', 'cl\u00e9', /printable ASCII/],
    ['a control character', 'a\u0000b', /printable ASCII/],
  ];
  for (const [what, value, reason] of refused)
    it(`refuses ${what}`, () => {
      const reading = readIdempotencyKey(value);
      assert.ok('refusal' in reading);
      assert.match(reading.refusal, reason);
    });
});
