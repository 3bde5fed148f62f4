import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ensureBootstrapAdmin } from '../../../../src/core/auth/bootstrapAdmin.js';
import { verifyPassword } from '../../../../src/core/auth/passwordHash.js';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { testBackends } from '../../../support/backends.js';
import { startTestServer, TEST_PASSWORD_HASH_COST } from '../../../support/testServer.js';

for (const backend of testBackends()) {
  describe(`bootstrap admin (${backend.name})`, () => {
    it('the first start creates the admin with a generated password, printed once and stored only as a hash', async () => {
      const t = await startTestServer(backend);
      try {
        const notice = t.logs.find((r) => typeof r['password'] === 'string');
        assert.ok(notice, 'the generated password is printed');
        assert.equal(notice['username'], 'admin');
        const users = await t.server.database.knex('users').select('*');
        assert.equal(users.length, 1);
        assert.equal(users[0].role, 'admin');
        assert.equal(users[0].email, 'admin@localhost');
        assert.notEqual(users[0].password_hash, notice['password']);
        assert.equal(await verifyPassword(String(notice['password']), users[0].password_hash), true);

        const again = await ensureBootstrapAdmin(
          t.server.database.knex,
          { username: 'admin', password: undefined, email: 'a@b' },
          Date.now(),
          createMemoryLogger(),
          TEST_PASSWORD_HASH_COST,
        );
        assert.deepEqual(again, { created: false }, 'with users present nothing is created or printed');
        assert.equal((await t.server.database.knex('users').select('*')).length, 1);
      } finally {
        await t.close();
      }
    });

    it('a configured password is used and never printed', async () => {
      const t = await startTestServer(backend, {
        env: {
          SVC_BOOTSTRAP_ADMIN_USERNAME: 'root',
          SVC_BOOTSTRAP_ADMIN_PASSWORD: 'a-long-admin-password',
          SVC_BOOTSTRAP_ADMIN_EMAIL: 'ops@example.com',
        },
      });
      try {
        assert.equal(
          t.logs.some((r) => 'password' in r),
          false,
        );
        const user = await t.server.database.knex('users').where({ username: 'root' }).first();
        assert.equal(user.email, 'ops@example.com');
        assert.equal(await verifyPassword('a-long-admin-password', user.password_hash), true);
      } finally {
        await t.close();
      }
    });
  });
}
