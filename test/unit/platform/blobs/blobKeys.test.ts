import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isBlobKey, newBlobKey } from '../../../../src/platform/blobs/blobStore.js';

describe('blob keys', () => {
  it("a generated key with an owner is '<owner>-<uuid>', a valid key", () => {
    const key = newBlobKey('attachment');
    assert.match(key, /^attachment-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    assert.ok(isBlobKey(key));
  });

  it('a generated key without an owner is a bare uuid', () => {
    assert.match(newBlobKey(), /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  describe("an owner name that could reach into another owner's keys, or out of the store, is refused", () => {
    for (const [what, owner] of [
      ['empty', ''],
      ["with a dash (its prefix would cover another owner's)", 'report-2026'],
      ['upper case', 'Attachment'],
      ['a path', '../x'],
      ['41 characters', 'x'.repeat(41)],
    ] as const) {
      it(what, () => assert.throws(() => newBlobKey(owner), /blob owner .* must be 1-40 characters of a-z and 0-9/));
    }
  });
});
