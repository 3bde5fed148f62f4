/**
 * The pure parts of the commit fence (src/platform/persistence/batchFence.ts): the fenced statement's text, its
 * parameters, how a batch records the epochs it was staged under, and how a refusal is recognised.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  FENCE_CALL,
  FENCE_SQLSTATE,
  fenceBindings,
  fencedShards,
  fencedStatement,
  touch,
} from '../../../../src/platform/persistence/batchFence.js';
import { CommitError, ShardMovedError } from '../../../../src/platform/persistence/batchWriter.js';
import { toGraphQLCode, toHttpStatus } from '../../../../src/platform/errors/catalog.js';

describe('commit fence: the statement', () => {
  it('makes every table statement a data-modifying CTE and the fence the query', () => {
    assert.equal(fencedStatement(['insert a']), `with t0 as (insert a) ${FENCE_CALL}`);
    assert.equal(fencedStatement(['insert a', 'update b']), `with t0 as (insert a), t1 as (update b) ${FENCE_CALL}`);
  });

  it('passes how many shards, then the shards and their epochs as arrays in the same order, twice', () => {
    assert.deepEqual(
      fenceBindings(
        new Map([
          [7, 12],
          [3, 40],
        ]),
      ),
      [2, '{7,3}', '{12,40}', '{7,3}', '{12,40}'],
    );
  });

  it('has as many parameters as the check has placeholders', () => {
    assert.equal(FENCE_CALL.split('?').length - 1, fenceBindings(new Map([[1, 1]])).length);
  });
});

describe('commit fence: touching shards', () => {
  it('records the epoch a shard is touched at', () => {
    const shards = new Map<number, number>();
    touch(shards, 4, 9);
    touch(shards, 4, 9);
    assert.deepEqual([...shards], [[4, 9]]);
  });

  it('keeps the lower epoch when a batch touches a shard at two', () => {
    const shards = new Map<number, number>();
    touch(shards, 4, 9);
    touch(shards, 4, 11);
    touch(shards, 5, 11);
    touch(shards, 5, 10);
    assert.deepEqual(
      [...shards],
      [
        [4, 9],
        [5, 10],
      ],
    );
  });

  const invalid: Array<[string, number, number, RegExp]> = [
    ['a negative shard', -1, 1, /shard -1 is not a shard number/],
    ['a fractional shard', 1.5, 1, /shard 1.5 is not a shard number/],
    ['a shard beyond integer', 2 ** 31, 1, /is not a shard number/],
    ['a zero epoch', 1, 0, /epoch 0 is not a positive integer/],
    ['a fractional epoch', 1, 2.5, /epoch 2.5 is not a positive integer/],
    ['an unsafe epoch', 1, 2 ** 53, /is not a positive integer/],
    ['NaN', 1, Number.NaN, /epoch NaN is not a positive integer/],
  ];
  for (const [what, shard, epoch, message] of invalid) {
    it(`refuses ${what}`, () => assert.throws(() => touch(new Map(), shard, epoch), message));
  }
});

describe('commit fence: recognising a refusal', () => {
  const cases: Array<[string, unknown, number[] | undefined]> = [
    ['the fence SQLSTATE with its detail', { code: FENCE_SQLSTATE, detail: '3,17' }, [3, 17]],
    ['one shard', { code: FENCE_SQLSTATE, detail: '0' }, [0]],
    ['another SQLSTATE', { code: '23505', detail: 'Key (id)=(1) already exists.' }, undefined],
    ['the SQLSTATE without a detail', { code: FENCE_SQLSTATE }, undefined],
    ['a plain error', new Error('connection terminated'), undefined],
    ['nothing', undefined, undefined],
  ];
  for (const [what, error, shards] of cases) {
    it(`reads ${what}`, () => assert.deepEqual(fencedShards(error), shards));
  }

  it('answers a moved shard like any failed commit: 503 with Retry-After, retryable', () => {
    const error = new ShardMovedError([3], new Error('fenced'));
    assert.ok(error instanceof CommitError);
    assert.equal(toHttpStatus(error.code), 503);
    assert.equal(toGraphQLCode(error.code), 'UNAVAILABLE');
    assert.equal(error.headers['retry-after'], '1');
    assert.deepEqual(error.shards, [3]);
    assert.match(error.message, /moved to another instance.*nothing was applied, retry/);
  });
});
