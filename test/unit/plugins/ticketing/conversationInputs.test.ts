/** The conversation's inputs (src/plugins/ticketing/conversation/conversationInputs.ts) and relation directions, as tables. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../../../src/platform/errors/catalog.js';
import {
  commentBody,
  MAX_COMMENT_BYTES,
  MAX_WORK_MINUTES,
  recordIdOf,
  ticketIdOf,
  workedAt,
  workMinutes,
  workNote,
} from '../../../../src/plugins/ticketing/conversation/conversationInputs.js';
import { excerptOf, EXCERPT_LENGTH } from '../../../../src/plugins/ticketing/conversation/ticketComments.js';
import { inverseOf, RELATION_TYPES, seenFrom, storedDirection } from '../../../../src/plugins/ticketing/conversation/ticketRelations.js';

const NOW = Date.parse('2026-06-01T12:00:00.000Z');
const DAY = 86_400_000;

function refused(run: () => unknown, code: string, message: RegExp): void {
  assert.throws(run, (error: unknown) => error instanceof AppError && error.code === code && message.test(error.message));
}

describe('comment body', () => {
  const bad: Array<[string, unknown, RegExp]> = [
    ['not a string', 42, /must be a string/],
    ['empty', '', /is empty/],
    ['only blanks', ' \n\t ', /is empty/],
    ['one byte over 64 KiB', 'a'.repeat(MAX_COMMENT_BYTES + 1), /65537 bytes of UTF-8; a comment is at most 65536/],
    ['64 KiB of characters that are 2 bytes each', 'é'.repeat(MAX_COMMENT_BYTES / 2 + 1), /at most 65536/],
    ['a NUL character', 'a\u0000b', /NUL character/],
    ['an unpaired surrogate', 'a\ud800b', /unpaired surrogate/],
  ];
  for (const [what, value, message] of bad) it(`refuses ${what}`, () => refused(() => commentBody(value), 'BAD_REQUEST', message));

  it('keeps a body of exactly 64 KiB, newlines and emoji as written', () => {
    assert.equal(commentBody('a'.repeat(MAX_COMMENT_BYTES)).length, MAX_COMMENT_BYTES);
    assert.equal(commentBody('line 1\n  line 2 🎉'), 'line 1\n  line 2 🎉');
  });
});

describe('worklog', () => {
  const badMinutes: Array<[unknown, RegExp]> = [
    [0, /between 1 and 10080/],
    [-5, /between 1 and 10080/],
    [MAX_WORK_MINUTES + 1, /between 1 and 10080/],
    [1.5, /whole number/],
    ['30', /whole number/],
    [Number.NaN, /whole number/],
  ];
  for (const [value, message] of badMinutes)
    it(`refuses ${String(value)} minutes`, () => refused(() => workMinutes(value), 'BAD_REQUEST', message));
  it('takes 1 to 10080 minutes', () => assert.deepEqual([1, 90, MAX_WORK_MINUTES].map(workMinutes), [1, 90, 10080]));

  it('a note is optional; blank is none; over 2000 characters or unstorable is refused', () => {
    assert.equal(workNote(undefined), null);
    assert.equal(workNote('   '), null);
    assert.equal(workNote('restarted the pod'), 'restarted the pod');
    refused(() => workNote('x'.repeat(2001)), 'BAD_REQUEST', /longer than 2000/);
    refused(() => workNote('a\u0000'), 'BAD_REQUEST', /NUL/);
    refused(() => workNote(7), 'BAD_REQUEST', /must be a string/);
  });

  const badTimes: Array<[string, number, RegExp]> = [
    ['an hour ahead', NOW + 3_600_000, /in the future/],
    ['367 days back', NOW - 367 * DAY, /more than 366 days ago/],
  ];
  for (const [what, value, message] of badTimes)
    it(`refuses workedAt ${what}`, () => refused(() => workedAt(value, NOW), 'BAD_REQUEST', message));
  it('workedAt defaults to now and takes the past and a little clock skew', () => {
    assert.equal(workedAt(undefined, NOW), NOW);
    assert.equal(workedAt(NOW - 3 * DAY, NOW), NOW - 3 * DAY);
    assert.equal(workedAt(NOW + 60_000, NOW), NOW + 60_000);
  });
});

describe('ids', () => {
  for (const value of ['', 'x'.repeat(201), 'a\nb', 12, null]) {
    it(`ticket id ${JSON.stringify(value)?.slice(0, 20)} is no ticket (NOT_FOUND)`, () =>
      refused(() => ticketIdOf(value), 'NOT_FOUND', /no ticket/));
  }
  it('a comment id must be a UUID, read in lower case', () => {
    refused(() => recordIdOf('comment-1', 'comment'), 'NOT_FOUND', /no comment "comment-1"/);
    assert.equal(recordIdOf('0F8B2C4E-1D2A-4B3C-8D9E-0A1B2C3D4E5F', 'comment'), '0f8b2c4e-1d2a-4b3c-8d9e-0a1b2c3d4e5f');
  });
});

describe('excerpt', () => {
  it('flattens whitespace and cuts long text at a whole character with an ellipsis', () => {
    assert.equal(excerptOf('  a\n\nb  '), 'a b');
    const long = excerptOf('😀'.repeat(EXCERPT_LENGTH + 10));
    assert.equal(Array.from(long).length, EXCERPT_LENGTH);
    assert.ok(long.endsWith('😀…'));
  });
});

describe('relation directions', () => {
  const cases: Array<[string, { sourceId: string; targetId: string; type: string }, string]> = [
    ['RELATES_TO', { sourceId: 'a', targetId: 'b', type: 'RELATES_TO' }, 'RELATES_TO'],
    ['DUPLICATES', { sourceId: 'a', targetId: 'b', type: 'DUPLICATES' }, 'DUPLICATED_BY'],
    ['DUPLICATED_BY', { sourceId: 'b', targetId: 'a', type: 'DUPLICATES' }, 'DUPLICATES'],
    ['BLOCKS', { sourceId: 'a', targetId: 'b', type: 'BLOCKS' }, 'BLOCKED_BY'],
    ['BLOCKED_BY', { sourceId: 'b', targetId: 'a', type: 'BLOCKS' }, 'BLOCKS'],
    ['PARENT_OF', { sourceId: 'a', targetId: 'b', type: 'PARENT_OF' }, 'CHILD_OF'],
    ['CHILD_OF', { sourceId: 'b', targetId: 'a', type: 'PARENT_OF' }, 'PARENT_OF'],
  ];
  for (const [given, stored, otherSide] of cases) {
    it(`a ${given} b is stored as ${stored.sourceId} ${stored.type} ${stored.targetId}; b sees ${otherSide}, a sees ${given}`, () => {
      assert.deepEqual(storedDirection('a', 'b', given as never), stored);
      const record = { id: 'r', ...stored, type: stored.type as never, createdBy: null, createdAt: 0 };
      assert.equal(seenFrom(record, 'a').type, given);
      assert.equal(seenFrom(record, 'a').otherId, 'b');
      assert.equal(seenFrom(record, 'b').type, otherSide);
      assert.equal(seenFrom(record, 'b').otherId, 'a');
    });
  }
  it('every type is the inverse of its inverse', () => {
    for (const type of RELATION_TYPES) assert.equal(inverseOf(inverseOf(type)), type);
  });
});
