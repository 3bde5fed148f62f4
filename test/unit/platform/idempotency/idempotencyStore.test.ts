/** The store's memory is bounded (entries and bytes) and its answers enter memory only once committed. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { BatchWriter } from '../../../../src/platform/persistence/batchWriter.js';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { IdempotencyStore } from '../../../../src/platform/idempotency/idempotencyStore.js';
import { idempotencyMigration } from '../../../../src/platform/idempotency/idempotencyTable.js';
import { useEmbeddedDatabase } from '../../../support/embeddedDatabase.js';

const answer = (body: string) => ({ requestHash: 'h', status: 200, contentType: 'application/json', body });

describe('idempotency store', () => {
  const db = useEmbeddedDatabase();
  const setUp = async (limits: { maxEntries?: number; maxBytes?: number }) => {
    const knex = db().knex;
    if (!(await knex.schema.hasTable('idempotency_keys'))) await knex.transaction((trx) => idempotencyMigration.up(trx));
    await knex('idempotency_keys').del();
    const writer = new BatchWriter({ knex, logger: createMemoryLogger() });
    const clock = createManualClock(Date.parse('2026-05-01T00:00:00Z'));
    return { writer, clock, store: new IdempotencyStore({ knex, writer, clock, ...limits }) };
  };

  it('holds at most maxEntries answers in memory; an evicted one is still found in the table', async () => {
    const { writer, store } = await setUp({ maxEntries: 2 });
    for (const k of ['a', 'b', 'c']) store.stage('operator', k, answer(`"${k}"`));
    await writer.committed();
    assert.equal(store.held, 2);
    assert.equal((await store.find('operator', 'a'))?.body, '"a"', 'read back from the table');
    assert.equal(store.held, 2);
  });

  it('holds at most maxBytes of answer bodies', async () => {
    const { writer, store } = await setUp({ maxBytes: 10 });
    store.stage('operator', 'big-1', answer('x'.repeat(6)));
    store.stage('operator', 'big-2', answer('y'.repeat(6)));
    await writer.committed();
    assert.equal(store.held, 1);
  });

  it('an answer whose commit has not happened is not in memory', async () => {
    const { writer, store } = await setUp({});
    store.stage('operator', 'pending', answer('"p"'));
    assert.equal(store.held, 0);
    await writer.committed();
    assert.equal(store.held, 1);
  });

  it('scopes keep two callers apart', async () => {
    const { writer, store } = await setUp({});
    store.stage('person:a', 'same', answer('"a"'));
    await writer.committed();
    assert.equal(await store.find('person:b', 'same'), undefined);
    assert.ok(store.claim('person:a', 'same'));
    assert.ok(store.claim('person:b', 'same'), 'a claim is per scope too');
    assert.equal(store.claim('person:a', 'same'), false);
  });
});
