import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { requestIdOf } from '../../../../src/platform/requestContext/requestId.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request id', () => {
  const sane = [
    'abc',
    'f47ac10b-58cc-4372-a567-0e02b2c3d479',
    '01ARZ3NDEKTSV4RRFFQ69G5FAV',
    'YmFzZTY0/+=',
    'lb:edge-7@eu.1',
    'x'.repeat(128),
  ];
  for (const id of sane) {
    it(`takes the client's ${JSON.stringify(id.length > 40 ? `${id.slice(0, 10)}... (${id.length})` : id)}`, () => {
      assert.equal(requestIdOf(id), id);
    });
  }

  const insane: Array<[string, string | undefined]> = [
    ['absent', undefined],
    ['empty', ''],
    ['over 128 characters', 'x'.repeat(129)],
    ['a space', 'two words'],
    ['a quote (a forged log field)', 'id","level":"error'],
    ['a line break (a split header or log line)', 'id\r\nx-evil: 1'],
    ['a non-ASCII letter', 'idé'],
    ['a semicolon', 'a;b'],
  ];
  for (const [what, header] of insane) {
    it(`replaces one with ${what} by a new UUID`, () => {
      const id = requestIdOf(header);
      assert.match(id, UUID);
      assert.notEqual(id, header);
    });
  }

  it('makes a different id each time', () => {
    assert.notEqual(requestIdOf(undefined), requestIdOf(undefined));
  });
});
