/**
 * The database's readiness check on a real embedded database and a manual clock: probes read the
 * cached outcome, round trips happen on the check's own timer.
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { startDatabaseCheck, type DatabaseCheck } from '../../../../src/platform/health/databaseCheck.js';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { openDatabase, type Database } from '../../../../src/platform/persistence/database.js';
import { createManualClock, type ManualClock } from '../../../../src/platform/scheduler/index.js';
import { emptyPGlite } from '../../../support/backends.js';

describe('the database readiness check', () => {
  let database: Database;
  let clock: ManualClock;
  let logger: ReturnType<typeof createMemoryLogger>;
  let check: DatabaseCheck;
  let queries: string[];

  // One database for the suite (an embedded one takes seconds to open); the test that closes it runs last.
  before(async () => {
    database = await openDatabase({ url: undefined, dataDir: '', pglite: await emptyPGlite() });
    database.knex.on('query', (query: { sql: string }) => queries.push(query.sql));
  });
  after(() => database.close().catch(() => undefined));
  beforeEach(async () => {
    queries = [];
    clock = createManualClock(Date.parse('2026-05-01T10:00:00Z'));
    logger = createMemoryLogger();
    check = startDatabaseCheck({ database, clock, logger, intervalMs: 2000 });
    await check.refresh();
  });
  afterEach(() => check.stop());

  it('passes with the round trip time and when it was observed', () => {
    const result = check.check();
    assert.equal(result.status, 'pass');
    assert.equal(result.componentType, 'datastore');
    assert.equal(result.observedUnit, 'ms');
    assert.equal(typeof result.observedValue, 'number');
    assert.equal(result.time, '2026-05-01T10:00:00.000Z');
  });

  it('answers any number of probes without a round trip', () => {
    const before = queries.length;
    for (let i = 0; i < 1000; i += 1) assert.equal(check.check().status, 'pass');
    assert.equal(queries.length, before);
  });

  it('asks the database again one interval after the last answer, once', async () => {
    const before = queries.length;
    clock.advance(1999);
    assert.equal(queries.length, before);
    clock.advance(1);
    await check.refresh();
    assert.equal(queries.length, before + 1, 'the timer and a refresh under way share one round trip');
    assert.equal(check.check().time, '2026-05-01T10:00:02.000Z');
  });

  it('fails when its last answer is older than interval + time-out + 1 s (a check that stopped observing)', async () => {
    await check.stop();
    clock.advance(5000);
    assert.equal(check.check().status, 'pass');
    clock.advance(1);
    const result = check.check();
    assert.equal(result.status, 'fail');
    assert.equal(result.output, 'no answer from the database for 5001 ms');
  });

  it('fails once the database stops answering, naming the store, and logs the change once', async () => {
    await database.close();
    await check.refresh();
    await check.refresh();
    const result = check.check();
    assert.equal(result.status, 'fail');
    assert.match(result.output!, /^embedded: /);
    assert.equal(logger.records.filter((r) => r['msg'] === 'readiness: the database check fails').length, 1);
  });
});
