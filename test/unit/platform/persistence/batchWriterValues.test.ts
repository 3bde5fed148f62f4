import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { BatchWriter, type TableSpec } from '../../../../src/platform/persistence/batchWriter.js';
import { nodesTable } from '../../../../src/core/storage/tables.js';
import { useEmbeddedDatabase } from '../../../support/embeddedDatabase.js';
import { queriesDuring } from '../../../support/queriesDuring.js';

describe("batch writer, tables bound by value (bind: 'values')", () => {
  const db = useEmbeddedDatabase();
  const documents: TableSpec = {
    name: 'probe_document',
    key: ['id'],
    order: 5,
    mode: 'upsert',
    bind: 'values',
    columns: [
      { name: 'id', type: 'integer' },
      { name: 'body', type: 'text' },
      { name: 'at', type: 'timestamptz' },
    ],
  };
  before(async () => {
    await db().knex.raw('create table probe_document (id integer primary key, body text, at timestamptz)');
  });
  const writer = () => new BatchWriter({ knex: db().knex, logger: createMemoryLogger() });
  const bodyOf = async (id: number) =>
    ((await db().knex('probe_document').where({ id }).first()) as { body: string | null } | undefined)?.body;

  it('stores a text value byte for byte, quotes, backslashes, question marks and all', async () => {
    const text = `{"a":"x\\"y"} ? $1 ?? 'quoted' \\ \u00e9\u{1F600}`;
    const w = writer();
    w.upsert(documents, { id: 1, body: text, at: '2026-11-23T10:00:00.000Z' });
    await w.committed();
    assert.equal(await bodyOf(1), text);
  });

  it('stores an object value as its JSON text, produced when the batch is written', async () => {
    const w = writer();
    const value = {
      items: [] as number[],
      toJSON() {
        return { items: this.items };
      },
    };
    w.upsert(documents, { id: 2, body: value, at: null });
    value.items.push(1, 2);
    await w.committed();
    assert.equal(await bodyOf(2), '{"items":[1,2]}');
  });

  it('writes its rows in the same single statement as the tables bound as JSON', async () => {
    const w = writer();
    const queries = await queriesDuring(db().knex, async () => {
      w.upsert(nodesTable, {
        path: 'values-probe',
        parent_path: null,
        name: 'values-probe',
        depth: 0,
        created_at: '2026-11-23T10:00:00.000Z',
      });
      w.upsert(documents, { id: 3, body: 'three', at: null });
      await w.committed();
    });
    assert.equal(queries.length, 1, JSON.stringify(queries));
    assert.match(queries[0]!, /values \(/);
    assert.equal(await bodyOf(3), 'three');
    assert.ok(await db().knex('nodes').where({ path: 'values-probe' }).first());
  });

  it('replaces a row on a later upsert of the same key', async () => {
    const w = writer();
    w.upsert(documents, { id: 4, body: 'first', at: null });
    await w.committed();
    w.upsert(documents, { id: 4, body: 'second', at: null });
    await w.committed();
    assert.equal(await bodyOf(4), 'second');
  });

  it('sends the rows as JSON past its parameter limit, and writes them all', async () => {
    const w = writer();
    const queries = await queriesDuring(db().knex, async () => {
      for (let id = 1000; id < 5000; id += 1) w.upsert(documents, { id, body: `row ${id}`, at: null });
      await w.committed();
    });
    assert.match(queries[0]!, /json_to_recordset/);
    const { n } = (await db().knex('probe_document').where('id', '>=', 1000).count({ n: '*' }))[0] as { n: string | number };
    assert.equal(Number(n), 4000);
    assert.equal(await bodyOf(4999), 'row 4999');
  });
});
