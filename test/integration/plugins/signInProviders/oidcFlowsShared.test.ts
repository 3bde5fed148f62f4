/**
 * OpenID Connect sign-ins under way in the database (src/plugins/signInProviders/oidcFlows.ts, docs/adr/0066), both
 * databases: a state and a code each work once, through any instance (another `OidcFlows` over the same table);
 * unknown, used, expired and sealed-elsewhere values are refused; the verifier is not stored in clear; the prune
 * bounds the table.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createSecretBox } from '../../../../src/platform/config/secretBox.js';
import { OidcFlows, oidcSignInsMigration, PENDING_TTL_MS, SIGN_IN_CODE_TTL_MS } from '../../../../src/plugins/signInProviders/oidcFlows.js';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { migrate } from '../../../../src/platform/persistence/migrate.js';
import { openDatabase, type Database } from '../../../../src/platform/persistence/database.js';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends, type TestStore } from '../../../support/backends.js';

const KEY = 'oidc-flows-test-key-0123456789-abcdef';
const OTHER_KEY = 'another-instance-key-0123456789-abcdef';
const entry = { providerId: 'p1', codeVerifier: 'verifier-secret-0123456789', nonce: 'n1', browserBinding: 'b1' };

for (const backend of testBackends()) {
  describe(`OpenID Connect sign-ins under way in the database (${backend.name})`, () => {
    let store: TestStore;
    let db: Database;
    const clock = createManualClock(Date.parse('2026-05-01T00:00:00Z'));
    const flows = (key = KEY, max?: number) => new OidcFlows(db.knex, clock, createSecretBox({ current: key }, 'signInProviders'), max);

    before(async () => {
      store = await backend.createStore();
      db = await openDatabase({ url: store.url, dataDir: '', ...(store.pglite ? { pglite: store.pglite } : {}) });
      if (backend.name === 'postgres') await migrate(db.knex, createMemoryLogger(), [oidcSignInsMigration]);
    });
    after(async () => {
      await db.close();
      await store.dispose();
    });

    it('a state begun on one instance is taken on another, once, and its verifier is sealed at rest', async () => {
      await flows().begin('state-1', entry);
      const row = await db.knex('oidc_sign_ins').first();
      assert.ok(
        !JSON.stringify(row).includes('state-1') && !JSON.stringify(row).includes(entry.codeVerifier),
        'neither the state nor the verifier in clear',
      );
      const taken = await flows().take('state-1');
      assert.deepEqual(taken, { ...entry, expiresAt: clock.now() + PENDING_TTL_MS });
      assert.equal(await flows().take('state-1'), undefined);
    });

    it('a code issued on one instance is redeemed on another, once', async () => {
      const { code } = await flows().issueCode('u1', 'p1');
      assert.deepEqual(await flows().redeemCode(code), { userId: 'u1', providerId: 'p1', expiresAt: clock.now() + SIGN_IN_CODE_TTL_MS });
      assert.equal(await flows().redeemCode(code), undefined);
    });

    it('refuses what is unknown, expired or sealed under another key', async () => {
      await flows().begin('expires', entry);
      const { code: expiring } = await flows().issueCode('u1', 'p1');
      await flows(OTHER_KEY).begin('sealed-elsewhere', entry);
      clock.advance(SIGN_IN_CODE_TTL_MS);
      const table: Array<[what: string, outcome: Promise<unknown>]> = [
        ['an unknown state', flows().take('never-begun')],
        ['an empty state', flows().take('')],
        ['an unknown code', flows().redeemCode('never-issued')],
        ['an expired code', flows().redeemCode(expiring)],
        ['a state sealed under another key', flows().take('sealed-elsewhere')],
      ];
      for (const [what, outcome] of table) assert.equal(await outcome, undefined, what);
      clock.advance(PENDING_TTL_MS);
      assert.equal(await flows().take('expires'), undefined, 'an expired state');
    });

    it('the prune deletes expired rows and keeps the newest within the bound', async () => {
      await db.knex('oidc_sign_ins').delete();
      for (let i = 0; i < 5; i += 1) {
        await flows().begin(`s${i}`, entry);
        clock.advance(1);
      }
      await flows().issueCode('u1', 'p1');
      assert.equal(await flows(KEY, 3).prune(), 2);
      assert.equal((await flows().take('s0')) ?? (await flows().take('s1')), undefined, 'the oldest went');
      assert.ok(await flows().take('s4'));
      clock.advance(PENDING_TTL_MS);
      assert.equal(await flows().prune(), 3, 's2, s3 and the code, expired');
      assert.equal(Number((await db.knex('oidc_sign_ins').count({ n: '*' }))[0]!.n), 0);
    });
  });
}
