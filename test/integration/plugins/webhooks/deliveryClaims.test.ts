/**
 * Webhook delivery claims (src/plugins/webhooks/deliveryClaims.ts, docs/adr/0066), both databases: two instances'
 * claims over one schema with a manual clock. A live instance's pages are not taken; a dead one's are, once its lease
 * ran out, and by one instance only; a graceful release gives them at once; an instance that stalled past its lease
 * learns it at its renewal and finds its pages gone.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { DeliveryClaims } from '../../../../src/plugins/webhooks/deliveryClaims.js';
import { webhookOutboxSchema } from '../../../../src/plugins/webhooks/migrations/0009_webhook_outbox.js';
import { webhookClaimsSchema } from '../../../../src/plugins/webhooks/migrations/webhookClaims.js';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { migrate } from '../../../../src/platform/persistence/migrate.js';
import { openDatabase, type Database } from '../../../../src/platform/persistence/database.js';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends, type TestStore } from '../../../support/backends.js';

const LEASE = 30_000;

for (const backend of testBackends()) {
  describe(`webhook delivery claims (${backend.name})`, () => {
    let store: TestStore;
    let db: Database;
    const clock = createManualClock(Date.parse('2026-05-01T00:00:00Z'));
    const claims = (instanceId: string) => new DeliveryClaims({ knex: db.knex, clock, instanceId, leaseMs: LEASE });
    const page = async (claimedBy: string | null) => {
      const id = randomUUID();
      await db.knex('webhook_outbox').insert({
        id,
        deliveries: '{"v":1,"bodies":[],"deliveries":[]}',
        created_at: new Date(clock.now()).toISOString(),
        claimed_by: claimedBy,
      });
      clock.advance(1);
      return id;
    };
    const ids = (pages: Array<{ id: string }>) => pages.map((p) => p.id).sort();

    before(async () => {
      store = await backend.createStore();
      db = await openDatabase({ url: store.url, dataDir: '', ...(store.pglite ? { pglite: store.pglite } : {}) });
      if (backend.name === 'postgres') await migrate(db.knex, createMemoryLogger(), [webhookOutboxSchema, webhookClaimsSchema]);
    });
    after(async () => {
      await db.close();
      await store.dispose();
    });

    it("leaves a live instance's pages, takes unclaimed ones and a dead instance's once its lease ran out, each by one instance", async () => {
      const a = claims('a');
      const b = claims('b');
      const c = claims('c');
      const registeredAt = clock.now();
      await a.register();
      await b.register();
      await c.register();
      const ofA = [await page('a'), await page('a')];
      const unclaimed = await page(null);
      assert.deepEqual(ids(await b.takeOver()), [unclaimed], "the unclaimed page, not the live instance's");
      assert.deepEqual(await c.takeOver(), []);
      // a dies (no renewal); b and c renew theirs.
      clock.set(registeredAt + LEASE / 2);
      assert.equal(await b.renew(), true);
      assert.equal(await c.renew(), true);
      clock.set(registeredAt + LEASE - 1);
      assert.deepEqual(await b.takeOver(1), [], "not yet: a's lease holds until its last instant");
      clock.set(registeredAt + LEASE);
      const [byB, byC] = await Promise.all([b.takeOver(), c.takeOver()]);
      assert.deepEqual([...ids(byB!), ...ids(byC!)].sort(), [...ofA].sort(), "a's pages, each taken by one of them");
      assert.equal(await b.holds(unclaimed), true);
    });

    it('a graceful release gives the pages at once', async () => {
      const d = claims('d');
      const e = claims('e');
      await d.register();
      await e.register();
      const ofD = await page('d');
      assert.deepEqual(await e.takeOver(), []);
      await d.release();
      assert.deepEqual(ids(await e.takeOver()), [ofD]);
    });

    it('an instance that stalled past its lease learns it at its renewal, takes a lease again and finds its pages gone', async () => {
      const f = claims('f');
      const g = claims('g');
      await f.register();
      await g.register();
      const ofF = await page('f');
      assert.equal(f.valid, true);
      clock.advance(LEASE + 1);
      assert.equal(f.valid, false, 'no attempt starts now');
      await g.register();
      // With f's page, those of the instances of the tests before, whose leases ran out too.
      assert.ok(ids(await g.takeOver()).includes(ofF));
      const ofFAfter = await page('f');
      assert.equal(f.needsCheck(ofF), false, 'before any lapse nothing is checked');
      assert.equal(await f.renew(), false);
      assert.equal(f.generation, 1);
      assert.equal(f.valid, true);
      assert.equal(f.needsCheck(ofF), true);
      assert.equal(await f.holds(ofF), false, 'taken by g');
      assert.equal(await f.holds(ofFAfter), true, "written after g took over: still f's");
      assert.equal(f.needsCheck(ofFAfter), false, 'checked once');
    });

    it("gives each of a dead instance's pages to one instance when four take over at once, page by page", {
      skip: backend.name === 'postgres' ? false : 'one connection: nothing runs at once',
    }, async () => {
      // Each takeover's snapshot can predate another's commit that its row lock then waits past: PostgreSQL re-checks
      // the row's new version, and a claim condition written as a left join passed it again (a page taken twice in
      // about 4 of 10 rounds like these before the fix).
      const takers = ['t1', 't2', 't3', 't4'].map((id) => claims(`${id}-${randomUUID()}`));
      for (const taker of takers) await taker.register();
      for (let round = 0; round < 30; round++) {
        const dead = `gone-${randomUUID()}`;
        const pages: string[] = [];
        for (let n = 0; n < 12; n++) pages.push(await page(dead));
        const taken = await Promise.all(
          takers.map(async (taker) => {
            const mine: string[] = [];
            for (let attempt = 0; attempt < 4; attempt++) mine.push(...ids(await taker.takeOver(1)));
            return mine;
          }),
        );
        const all = taken.flat().sort();
        assert.deepEqual(all, [...new Set(all)], `round ${round}: no page taken twice`);
        assert.deepEqual(all, [...pages].sort(), `round ${round}: every page taken`);
      }
    });
  });
}
