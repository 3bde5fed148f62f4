/**
 * Claims of cluster-wide jobs (src/platform/once, docs/adr/0066): two instances over one schema, each with its
 * own claims object and instance id, a manual clock for the claims' expiry. Both databases (the embedded PGlite
 * has one connection: the two instances share it, and every rule holds there too).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { migrate } from '../../../../src/platform/persistence/migrate.js';
import { openDatabase, type Database } from '../../../../src/platform/persistence/database.js';
import { OnceClaims, periodKey } from '../../../../src/platform/once/onceClaims.js';
import { onceClaimsMigration } from '../../../../src/platform/once/onceMigration.js';
import { createManualClock } from '../../../../src/platform/scheduler/manualClock.js';
import { testBackends, type TestStore } from '../../../support/backends.js';

const T0 = Date.parse('2026-05-01T10:00:00Z');
const MIN = 60_000;

for (const backend of testBackends()) {
  describe(`once claims (${backend.name})`, () => {
    let store: TestStore;
    let db: Database;
    const clock = createManualClock(T0);
    let a: OnceClaims;
    let b: OnceClaims;

    before(async () => {
      store = await backend.createStore();
      db = await openDatabase({ url: store.url, dataDir: '', ...(store.pglite ? { pglite: store.pglite } : {}) });
      // The embedded template has every product migration; a PostgreSQL store is an empty schema.
      if (backend.name === 'postgres') await migrate(db.knex, createMemoryLogger(), [onceClaimsMigration]);
      a = new OnceClaims({ knex: db.knex, clock, instanceId: 'a', claimMs: 10 * MIN });
      b = new OnceClaims({ knex: db.knex, clock, instanceId: 'b', claimMs: 10 * MIN });
    });
    after(async () => {
      await db.close();
      await store.dispose();
    });

    it('runs a period on the first instance that asks; the other, before and after it finished, does not run it', async () => {
      let runs = 0;
      const work = async () => ++runs;
      const first = await a.run('prune', 'p1', work);
      assert.deepEqual(first, { ran: true, value: 1 });
      const second = await b.run('prune', 'p1', work);
      assert.deepEqual(second, { ran: false, claim: { kind: 'done' } });
      assert.deepEqual(await a.run('prune', 'p1', work), { ran: false, claim: { kind: 'done' } });
      assert.equal(runs, 1);
      // Another period, another job: each runs once again.
      assert.equal((await b.run('prune', 'p2', work)).ran, true);
      assert.equal((await b.run('report', 'p1', work)).ran, true);
      assert.equal(runs, 3);
    });

    it('runs both instances at once: one of them runs the period', async () => {
      let runs = 0;
      const work = async () => ++runs;
      const outcomes = await Promise.all([a.run('race', 'p', work), b.run('race', 'p', work), a.run('race', 'p', work)]);
      assert.equal(outcomes.filter((o) => o.ran).length, 1);
      assert.equal(runs, 1);
    });

    it('leaves a claim held by a live instance, and takes it over once it expired unfinished', async () => {
      assert.equal((await a.claim('stuck', 'p')).kind, 'mine');
      const held = await b.claim('stuck', 'p');
      assert.deepEqual(held, { kind: 'held', by: 'a', until: T0 + 10 * MIN });
      clock.set(T0 + 10 * MIN - 1);
      assert.equal((await b.claim('stuck', 'p')).kind, 'held');
      clock.set(T0 + 10 * MIN);
      assert.equal((await b.claim('stuck', 'p')).kind, 'mine', 'a died: b takes its claim over');
      // a comes back late and finishes: b's claim is not ended by it.
      await a.finish('stuck', 'p');
      const row = await db.knex('once_claims').where({ job: 'stuck', period: 'p' }).first();
      assert.equal(row.claimed_by, 'b');
      assert.equal(row.finished_at, null);
      await b.finish('stuck', 'p');
      assert.deepEqual(await a.claim('stuck', 'p'), { kind: 'done' });
    });

    it('gives the claim back when the work fails, so another instance can run the period at once', async () => {
      await assert.rejects(
        a.run('fails', 'p', async () => {
          throw new Error('database went away');
        }),
        /database went away/,
      );
      assert.deepEqual(await b.run('fails', 'p', async () => 'done'), { ran: true, value: 'done' });
    });

    it('refuses a job or period that is not a key, naming it', async () => {
      const table: Array<[job: string, period: string, message: RegExp]> = [
        ['', 'p', /the job "" is not a key/],
        ['a b', 'p', /the job "a b" is not a key/],
        ['x'.repeat(101), 'p', /is not a key/],
        ['job', '', /the period "" is not a key/],
        ['job', "p'; drop table once_claims", /the period .* is not a key/],
      ];
      for (const [job, period, message] of table) await assert.rejects(a.claim(job, period), message, `${job} / ${period}`);
    });

    it('one process at start gives back the unfinished claims a crash left, and keeps the finished ones', async () => {
      assert.equal((await a.claim('crashed', 'p')).kind, 'mine');
      assert.equal((await a.run('finished', 'p', async () => undefined)).ran, true);
      const restarted = new OnceClaims({ knex: db.knex, clock, instanceId: 'a-restarted', claimMs: 10 * MIN });
      assert.ok((await restarted.releaseAllUnfinished()) >= 1);
      assert.equal((await restarted.claim('crashed', 'p')).kind, 'mine', 'at once, not after the claim would expire');
      assert.deepEqual(await restarted.claim('finished', 'p'), { kind: 'done' });
    });

    it('forgets rows whose claim ended more than the kept time ago', async () => {
      const keep = new OnceClaims({ knex: db.knex, clock, instanceId: 'k', claimMs: MIN, keepMs: 7 * MIN });
      assert.equal((await keep.run('kept', 'old', async () => undefined)).ran, true);
      clock.set(clock.now() + 9 * MIN);
      assert.equal((await keep.run('kept', 'new', async () => undefined)).ran, true);
      const periods = (await db.knex('once_claims').where({ job: 'kept' }).select('period')).map((r) => r.period);
      assert.deepEqual(periods, ['new']);
    });
  });
}

describe('periodKey', () => {
  it('names the period an instant falls in by its start', () => {
    const hour = 60 * MIN;
    assert.equal(periodKey(Date.parse('2026-05-01T10:59:59.999Z'), hour), '2026-05-01T10:00:00.000Z');
    assert.equal(periodKey(Date.parse('2026-05-01T11:00:00Z'), hour), '2026-05-01T11:00:00.000Z');
  });

  it('refuses a period that is not one', () => {
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) assert.throws(() => periodKey(T0, bad), /is not a period/);
  });
});
