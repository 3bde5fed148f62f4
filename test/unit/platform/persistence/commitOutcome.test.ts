/**
 * A commit whose connection was lost mid-statement (src/platform/persistence/commitOutcome.ts): which failures leave
 * the outcome unknown, and how the database's later answer settles it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Knex } from 'knex';
import { outcomeUnknown, settleUnknownCommit } from '../../../../src/platform/persistence/commitOutcome.js';

const withCode = (message: string, code?: string) => Object.assign(new Error(message), code === undefined ? {} : { code });
const NO_KNEX = {} as Knex;

describe('a commit whose outcome is unknown', () => {
  const cases: [string, unknown, boolean][] = [
    ['the connection ended while the statement ran', withCode('Connection terminated unexpectedly'), true],
    ['the socket was reset', withCode('read ECONNRESET', 'ECONNRESET'), true],
    ['a broken pipe while sending', withCode('write EPIPE', 'EPIPE'), true],
    ['the server answered with an error (a unique violation)', withCode('duplicate key value', '23505'), false],
    [
      'the server shut the session down (the statement was aborted)',
      withCode('terminating connection due to administrator command', '57P01'),
      false,
    ],
    ['the fence refused it', withCode('stale epoch', 'SVF01'), false],
    ['the server could not be reached (nothing was sent)', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'), false],
    ['no connection came from the pool in time', withCode('Knex: Timeout acquiring a connection. The pool is probably full.'), false],
  ];
  for (const [name, error, unknown] of cases) {
    it(`${unknown ? 'is unknown' : 'is known'} when ${name}`, () => assert.equal(outcomeUnknown(error), unknown));
  }

  it('is settled by the database once it answers: committed when the marker is there, rolled back when not', async () => {
    let asked = 0;
    const flaky = async () => {
      asked += 1;
      if (asked < 3) throw new Error('Connection terminated unexpectedly');
      return true;
    };
    assert.equal(await settleUnknownCommit(NO_KNEX, flaky, 5_000), 'committed');
    assert.equal(asked, 3, 'asked again until the database answered');
    assert.equal(await settleUnknownCommit(NO_KNEX, async () => false, 5_000), 'rolledBack');
  });

  it('stays unknown when the database does not answer in time', async () => {
    const down = async (): Promise<boolean> => {
      throw new Error('connect ECONNREFUSED');
    };
    assert.equal(await settleUnknownCommit(NO_KNEX, down, 300), 'unknown');
  });
});
