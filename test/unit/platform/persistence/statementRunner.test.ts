import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { openDatabase, type Database } from '../../../../src/platform/persistence/database.js';
import { numberedParameters } from '../../../../src/platform/persistence/statementRunner.js';

describe('numbered parameters', () => {
  const cases: Array<[string, string]> = [
    ['select 1', 'select 1'],
    [
      'insert into t (a) select a from json_to_recordset(?::json) as r(a int)',
      'insert into t (a) select a from json_to_recordset($1::json) as r(a int)',
    ],
    ['with t0 as (x(?::json)) y(?::json, ?::text)', 'with t0 as (x($1::json)) y($2::json, $3::text)'],
  ];
  for (const [sql, expected] of cases) it(`numbers ${JSON.stringify(sql)}`, () => assert.equal(numberedParameters(sql), expected));
});

const url = process.env['SVC_TEST_DATABASE_URL'];

describe('prepared statements on PostgreSQL', { skip: url === undefined ? 'SVC_TEST_DATABASE_URL is not set' : false }, () => {
  const table = `probe_prepared_${randomBytes(4).toString('hex')}`;
  let db: Database;
  before(async () => {
    // One connection: a statement that failed must have handed it back for the next one to run.
    db = await openDatabase({ url, dataDir: '', poolSize: 1 });
    await db.knex.raw(`create table ${table} (id integer primary key, body text)`);
  });
  after(async () => {
    await db.knex.raw(`drop table if exists ${table}`);
    await db.close();
  });
  const insert = `insert into ${table} (id, body) select id, body from json_to_recordset(?::json) as r(id integer, body text)`;
  const bodies = async () => (await db.knex(table).orderBy('id').select('id', 'body')) as Array<{ id: number; body: string }>;

  it('runs the same statement text again with other parameters (one parse per connection)', async () => {
    await db.statements.run(insert, [JSON.stringify([{ id: 1, body: 'a ? b' }])]);
    await db.statements.run(insert, [
      JSON.stringify([
        { id: 2, body: '$1' },
        { id: 3, body: 'c' },
      ]),
    ]);
    assert.deepEqual(await bodies(), [
      { id: 1, body: 'a ? b' },
      { id: 2, body: '$1' },
      { id: 3, body: 'c' },
    ]);
  });

  it('rejects with the database error, and the connection serves the next statement', async () => {
    await assert.rejects(db.statements.run(insert, [JSON.stringify([{ id: 1, body: 'duplicate' }])]), /duplicate key/);
    await db.statements.run(insert, [JSON.stringify([{ id: 4, body: 'd' }])]);
    assert.deepEqual(
      (await bodies()).map((r) => r.id),
      [1, 2, 3, 4],
    );
  });
});
