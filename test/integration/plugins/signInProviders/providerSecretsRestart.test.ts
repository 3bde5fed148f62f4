/**
 * Provider secrets across restarts: sealed under SVC_AUTH_SECRET_KEY, opened at start, so a
 * provider keeps binding after a restart; under another key the secret does not open, the provider
 * says so (`secretError`) and fails its BIND step with that reason, local sign-in is unaffected, and
 * the sealed value is kept (a status change does not erase it) so the right key brings it back.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { durableStore, testBackends } from '../../../support/backends.js';
import { BOOTSTRAP_ENV, gql, signInAdmin } from '../../../support/graphql.js';
import {
  LDAP_READER_DN,
  LDAP_READER_PASSWORD,
  PEOPLE_DN,
  SEED_PEOPLE,
  slapdAvailable,
  startLdapServer,
  type LdapServer,
} from '../../../support/ldapServer.js';
import { createProvider, LOGIN_WITH_PROVIDER, ok, ONE_PROVIDER, PROVIDER_STATUS, TEST_PROVIDER } from '../../../support/signInProviders.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

const KEY_A = 'restart-test-key-a-0123456789-abcdefghijkl';
const KEY_B = 'restart-test-key-b-0123456789-abcdefghijkl';

for (const backend of testBackends()) {
  describe(`provider secrets across restarts (${backend.name})`, {
    timeout: 180_000,
    skip: slapdAvailable() ? false : 'slapd is not installed',
  }, () => {
    let ldap: LdapServer;
    let durable: Awaited<ReturnType<typeof durableStore>>;
    before(async () => {
      ldap = await startLdapServer();
      durable = await durableStore(backend);
    });
    after(async () => {
      await durable?.dispose();
      await ldap?.close();
    });
    const run = async <T>(key: string, body: (t: TestServer) => Promise<T>, previous?: string): Promise<T> => {
      const keys = { SVC_AUTH_SECRET_KEY: key, ...(previous !== undefined ? { SVC_AUTH_SECRET_KEY_PREVIOUS: previous } : {}) };
      const t = await startTestServer(backend, { store: durable.forRun(), env: { ...BOOTSTRAP_ENV, ...keys } });
      try {
        return await body(t);
      } finally {
        await t.close();
      }
    };

    it('a provider keeps its secret over a restart; another key shows why it cannot bind, and the right key brings it back', async () => {
      const alicePassword = SEED_PEOPLE.find((p) => p.uid === 'alice')!.password;
      const { providerId, userId } = await run(KEY_A, async (t) => {
        const admin = await signInAdmin(t);
        const p = await createProvider(t, admin, {
          type: 'LDAP',
          name: 'corp',
          enabled: true,
          ldap: { url: ldap.url, bindDn: LDAP_READER_DN, bindPassword: LDAP_READER_PASSWORD, userBaseDn: PEOPLE_DN },
        });
        const signedIn = ok(await gql(t, LOGIN_WITH_PROVIDER, { p: 'corp', u: 'alice', pw: alicePassword })).loginWithProvider;
        return { providerId: p.id, userId: signedIn.user.id };
      });
      await run(KEY_A, async (t) => {
        const admin = await signInAdmin(t);
        assert.equal(ok(await gql(t, TEST_PROVIDER, { id: providerId }, admin.accessToken)).testAuthProvider.success, true);
        assert.equal(
          ok(await gql(t, LOGIN_WITH_PROVIDER, { p: 'corp', u: 'alice', pw: alicePassword })).loginWithProvider.user.id,
          userId,
          'the link survived',
        );
      });
      await run(KEY_B, async (t) => {
        const admin = await signInAdmin(t);
        const p = ok(await gql(t, ONE_PROVIDER, { id: providerId }, admin.accessToken)).authProvider;
        assert.equal(p.hasSecret, false);
        assert.match(p.secretError, /SVC_AUTH_SECRET_KEY/);
        const test = ok(await gql(t, TEST_PROVIDER, { id: providerId }, admin.accessToken)).testAuthProvider;
        assert.equal(test.failedStep, 'BIND');
        assert.match(test.message, /SVC_AUTH_SECRET_KEY/);
        ok(await gql(t, PROVIDER_STATUS, { id: providerId, e: true }, admin.accessToken));
        assert.ok(
          t.logs.some((l) => String(l['msg'] ?? l['message']).includes('cannot be decrypted')),
          JSON.stringify(t.logs.slice(0, 5)),
        );
      });
      await run(KEY_A, async (t) => {
        const admin = await signInAdmin(t);
        assert.equal(
          ok(await gql(t, TEST_PROVIDER, { id: providerId }, admin.accessToken)).testAuthProvider.success,
          true,
          'the sealed secret was kept',
        );
      });
    });

    it('after a key rotation (the old key as SVC_AUTH_SECRET_KEY_PREVIOUS) a provider keeps binding, and its secret is sealed again under the new key', async () => {
      const sealedOf = async (t: TestServer, id: string) =>
        ((await t.server.database.knex('auth_providers').where({ id }).first('secrets')) as { secrets: string }).secrets;
      const { providerId, sealedBefore } = await run(KEY_A, async (t) => {
        const admin = await signInAdmin(t);
        const p = await createProvider(t, admin, {
          type: 'LDAP',
          name: 'rotated',
          enabled: true,
          ldap: { url: ldap.url, bindDn: LDAP_READER_DN, bindPassword: LDAP_READER_PASSWORD, userBaseDn: PEOPLE_DN },
        });
        return { providerId: p.id as string, sealedBefore: await sealedOf(t, p.id) };
      });
      await run(
        KEY_B,
        async (t) => {
          const admin = await signInAdmin(t);
          assert.equal(
            ok(await gql(t, TEST_PROVIDER, { id: providerId }, admin.accessToken)).testAuthProvider.success,
            true,
            'the previous key opens it',
          );
          await t.server.writer.flush();
          assert.notEqual(await sealedOf(t, providerId), sealedBefore, 'sealed again at start');
        },
        KEY_A,
      );
      await run(KEY_B, async (t) => {
        const admin = await signInAdmin(t);
        const p = ok(await gql(t, ONE_PROVIDER, { id: providerId }, admin.accessToken)).authProvider;
        assert.equal(p.secretError, null, 'the new key alone opens it now');
        assert.equal(ok(await gql(t, TEST_PROVIDER, { id: providerId }, admin.accessToken)).testAuthProvider.success, true);
      });
    });
  });
}
