/**
 * The sign-in throttle over its PostgreSQL store (src/core/auth/sharedThrottleStore.ts, docs/adr/0066), both
 * databases: the same rules as in memory; concurrent checks are each counted (held by the advisory locks); a new
 * throttle over the same table (another instance, or after a restart) sees the counts; the prune keeps the table
 * bounded and forgets only what the rules treat as absent.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createLoginThrottle, type LoginThrottle } from '../../../../src/core/auth/loginThrottle.js';
import {
  pruneThrottle,
  sharedThrottleStore,
  signInThrottleMigration,
  throttleKeyAtRest,
} from '../../../../src/core/auth/sharedThrottleStore.js';
import { AppError } from '../../../../src/platform/errors/catalog.js';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { migrate } from '../../../../src/platform/persistence/migrate.js';
import { openDatabase, type Database } from '../../../../src/platform/persistence/database.js';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends, type TestStore } from '../../../support/backends.js';

const limited = (e: unknown) => e instanceof AppError && e.code === 'RATE_LIMITED';
const HOUR = 3_600_000;

for (const backend of testBackends()) {
  describe(`the sign-in throttle in the database (${backend.name})`, () => {
    let store: TestStore;
    const dbs: Database[] = [];
    const clock = createManualClock(Date.parse('2026-05-01T00:00:00Z'));
    const open = async () => {
      const db = await openDatabase({ url: store.url, dataDir: '', ...(store.pglite ? { pglite: store.pglite } : {}) });
      dbs.push(db);
      return db;
    };
    let first: Database;
    const throttleOn = (db: Database): LoginThrottle =>
      createLoginThrottle({
        perAddressPerMinute: 30,
        perAccountPerMinute: 10,
        now: clock.now,
        store: sharedThrottleStore({ knex: db.knex, now: clock.now }),
      });

    before(async () => {
      store = await backend.createStore();
      first = await open();
      if (backend.name === 'postgres') await migrate(first.knex, createMemoryLogger(), [signInThrottleMigration]);
    });
    after(async () => {
      for (const db of dbs.reverse()) await db.close();
      await store.dispose();
    });

    it('counts concurrent checks each, and another throttle over the same table (another instance) sees them', async () => {
      // PostgreSQL: a pool of its own, as another instance has; PGlite: its one connection.
      const second = backend.name === 'postgres' ? await open() : first;
      const a = throttleOn(first);
      const b = throttleOn(second);
      const outcomes = await Promise.allSettled([0, 1, 2, 3, 4, 5].map((i) => (i % 2 === 0 ? a : b).check('alice', '192.0.2.1')));
      assert.equal(outcomes.filter((o) => o.status === 'fulfilled').length, 4, 'a burst of 4 per account and address');
      assert.ok(outcomes.filter((o) => o.status === 'rejected').every((o) => limited((o as PromiseRejectedResult).reason)));
      await assert.rejects(throttleOn(second).check('alice', '192.0.2.1'), limited, 'a throttle made afresh (a restart) still holds it');
      await assert.doesNotReject(b.check('alice', '192.0.2.2'), 'another address is not held');
    });

    it('prunes what the rules treat as absent, keeps what still holds someone, and bounds each kind', async () => {
      const t = throttleOn(first);
      clock.advance(HOUR);
      for (let i = 0; i < 4; i += 1) {
        await t.check('bob', '198.51.100.1');
        await t.failed('bob', '198.51.100.1');
      }
      await t.check('carol', '198.51.100.2');
      await t.succeeded('carol', '198.51.100.2');
      // Now: bob's pair is held; a minute on, the buckets that are full again may go, bob's account may not.
      const kinds = async () => (await first.knex('sign_in_throttle').select('key', 'kind')).map((r) => `${r.kind}:${r.key}`).sort();
      assert.equal(
        await pruneThrottle(first.knex, clock.now(), { accountForgetAfterMs: HOUR, maxEntries: 100 }),
        4,
        "the first test's entries, an hour old",
      );
      await assert.rejects(t.check('bob', '198.51.100.1'), limited, 'nothing that holds bob went');
      clock.advance(11 * 60_000);
      await pruneThrottle(first.knex, clock.now(), { accountForgetAfterMs: HOUR, maxEntries: 100 });
      assert.deepEqual(await kinds(), [`account:${throttleKeyAtRest('u bob')}`, `known:${throttleKeyAtRest('k carol')}`].sort());
      await assert.doesNotReject(t.check('bob', '198.51.100.1'));
      await pruneThrottle(first.knex, clock.now(), { accountForgetAfterMs: HOUR, maxEntries: 0 });
      assert.deepEqual(await kinds(), []);
    });
  });
}
