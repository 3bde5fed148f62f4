/**
 * On PostgreSQL the services are read at start as a COPY text stream and parsed from its bytes
 * (src/platform/persistence/copyBinary.ts), not through the driver's rows. The two must give the same records,
 * field for field, also for values the text format escapes (tab, newline, carriage return,
 * backslash, the letters of NULL), text beyond ASCII, NULLs in every nullable column, JSON `null`,
 * negative and large numbers, and a read long enough to span many stream chunks.
 * PostgreSQL only: the embedded database reads rows (there is no COPY stream to compare).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { randomUUID } from 'node:crypto';
import { openDatabase, type Database } from '../../../../src/platform/persistence/database.js';
import { readServicesByCopy, readServicesByRows, SERVICES_COPIED_AT_START } from '../../../../src/core/storage/hydrate.js';
import { migrate } from '../../../../src/platform/persistence/migrate.js';
import { productModules } from '../../../../src/plugins/productModules.js';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { postgresBackend, type TestStore } from '../../../support/backends.js';

const url = process.env['SVC_TEST_DATABASE_URL'];

describe('services read at start through COPY (PostgreSQL)', { skip: url ? false : 'SVC_TEST_DATABASE_URL is not set' }, () => {
  let store: TestStore;
  let db: Database;
  before(async () => {
    store = await postgresBackend(url!).createStore();
    db = await openDatabase({ url: store.url, dataDir: '' });
    await migrate(db.knex, createMemoryLogger(), productModules().migrations());
    await db.knex('nodes').insert([
      { path: 'eu', parent_path: null, name: 'eu', depth: 0, created_at: '2026-11-01T00:00:00Z' },
      { path: 'eu/z\u00fcrich', parent_path: 'eu', name: 'z\u00fcrich', depth: 1, created_at: '2026-11-01T00:00:00Z' },
    ]);
  });
  after(async () => {
    await db?.close();
    await store?.dispose();
  });

  const base = (name: string, nodePath = 'eu') => ({
    id: randomUUID(),
    node_path: nodePath,
    name,
    status: 'OPERATIONAL',
    status_since: '2026-11-02T03:04:05.678Z',
    status_seq: 1,
    created_at: '2026-11-01T00:00:00.001Z',
    updated_at: '2026-11-02T03:04:05.678Z',
  });

  it('gives the records the driver rows give, for escaped, non-ASCII, NULL and extreme values', async () => {
    await db.knex('services').insert([
      base('plain'),
      {
        ...base('tab\tnew\nline\rcr back\\slash \\N \\x41 \\101', 'eu/z\u00fcrich'),
        display_name: '\\N',
        status: 'DOWN',
        status_message: 'caf\u00e9 \u{1F600} \u65e5\u672c \t\\\n',
        status_seq: 2147483647,
        criticality: '',
        service_type: ' ',
        tags: JSON.stringify(['a\tb', '\\', '\u{1F600}']),
        // biome-ignore lint/correctness/noPrecisionLoss: a number past 2^53 on purpose, to check the copy keeps what JSON.parse gives
        metadata: JSON.stringify({ 'k\n': 'v\\"x', nested: { n: -1.5e-7, big: 12345678901234567890 } }),
        namespace: 'ns',
        workload_type: 'Deployment',
        workload_name: 'w',
        replicas: -3,
        ready_replicas: 0,
        available_replicas: 2,
        images: JSON.stringify(['img:1']),
        sla_group: 'gold',
        backup_expected: true,
        backup_max_age_days: 7,
        last_backup_at: '1969-12-31T23:59:59.999Z',
        last_backup_status: 'SUCCESS',
        last_backup_size_bytes: 9007199254740991,
        last_backup_message: 'ok',
        last_backup_taken_at: '2100-01-01T00:00:00Z',
        storage: 'null',
        owner_id: randomUUID(),
        team_id: randomUUID(),
        dependencies: JSON.stringify([{ targetId: randomUUID(), kind: 'hard' }]),
      },
      {
        ...base('false backup'),
        backup_expected: false,
        storage: JSON.stringify({ usedBytes: 1, totalBytes: 2 }),
        tags: '[]',
        metadata: '{}',
      },
    ]);
    const byCopy = await readServicesByCopy(db.knex);
    assert.equal(byCopy.length, 3);
    assert.deepEqual(byCopy, await readServicesByRows(db.knex));
  });

  it('gives the same records over a read of many stream chunks', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      ...base(`bulk-${i}-${'\u00e9'.repeat(i % 7)}-${'x'.repeat(i % 50)}`),
      status_message: i % 3 === 0 ? null : `m\t${i}`,
    }));
    for (let i = 0; i < rows.length; i += 500) await db.knex('services').insert(rows.slice(i, i + 500));
    const byCopy = await readServicesByCopy(db.knex);
    assert.equal(byCopy.length, 3003);
    assert.deepEqual(byCopy, await readServicesByRows(db.knex));
  });

  it('streams the services from the first row: in list order through its index, no sort of the whole table first', async () => {
    // What the start runs (hydrate.ts, streamFromFirstRow): a plan that sorts holds back the first row until the
    // whole table is sorted (about a second at a million services).
    const plan = await db.knex.transaction(async (trx) => {
      await trx.raw('set local enable_sort = off');
      const explained = await trx.raw(`explain (format json) ${SERVICES_COPIED_AT_START}`);
      return JSON.stringify(explained.rows[0]['QUERY PLAN']);
    });
    assert.match(plan, /"Index Name":"services_list_order"/);
    assert.doesNotMatch(plan, /"Node Type":"(Sort|Incremental Sort|Gather Merge)"/);
    const names = (await readServicesByCopy(db.knex)).map((s) => `${s.name}\u0000${s.nodePath}`);
    assert.deepEqual(
      names,
      [...names].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b))),
      'byte order of name, then node path',
    );
  });

  it('reads timestamps to the millisecond below, before 1970 and at infinity, as the driver rows give them', async () => {
    // The binary stream carries microseconds since 2000; the rows' epoch arithmetic floors them to milliseconds.
    await db.knex('services').insert([
      { ...base('micro-after'), status_since: '2026-11-02T03:04:05.678999Z', created_at: '2000-01-01T00:00:00.000001Z' },
      { ...base('micro-before'), status_since: '1969-12-31T23:59:59.999001Z', created_at: '1999-12-31T23:59:59.999999Z' },
      { ...base('far'), last_backup_at: '0001-01-01T00:00:00Z', last_backup_taken_at: '9999-12-31T23:59:59.999999Z' },
      { ...base('infinite'), last_backup_at: '-infinity', last_backup_taken_at: 'infinity' },
    ]);
    const byCopy = await readServicesByCopy(db.knex);
    assert.deepEqual(byCopy, await readServicesByRows(db.knex));
    const micro = byCopy.find((s) => s.name === 'micro-before')!;
    assert.equal(micro.statusSince, -1);
    assert.equal(micro.createdAt, Date.parse('1999-12-31T23:59:59.999Z'));
    const infinite = byCopy.find((s) => s.name === 'infinite')!;
    assert.equal(infinite.backup.lastAt, Number.NEGATIVE_INFINITY);
    assert.equal(infinite.backup.lastTakenAt, Number.POSITIVE_INFINITY);
  });
});
