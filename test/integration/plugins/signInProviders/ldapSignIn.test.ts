/**
 * LDAP sign-in against a real OpenLDAP (Debian's slapd, started by the suite on a free port with a
 * seeded directory; test/support/ldapServer.ts): provider management without secrets in any answer,
 * sign-in ending in the product's tokens, provisioning with the user's source, refusals, group
 * mappings applied at every sign-in, LDAP group sync, testAuthProvider naming the failing step, and
 * a directory that is down (a clear error; local admins still sign in).
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { testBackends } from '../../../support/backends.js';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  BOOTSTRAP_ENV,
  gql,
  personWithRole,
  signIn,
  signInAdmin,
  type SignedIn,
} from '../../../support/graphql.js';
import {
  GROUPS_DN,
  groupDn,
  LDAP_READER_DN,
  LDAP_READER_PASSWORD,
  LDAP_ROOT_PASSWORD,
  PEOPLE_DN,
  SEED_PEOPLE,
  slapdAvailable,
  startLdapServer,
  type LdapServer,
} from '../../../support/ldapServer.js';
import {
  assertNoSecret,
  createProvider,
  LIST_PROVIDERS,
  LOGIN_WITH_PROVIDER,
  ME,
  newGroup,
  ok,
  ONE_PROVIDER,
  PROVIDER_STATUS,
  TEST_PROVIDER,
  UPDATE_PROVIDER,
} from '../../../support/signInProviders.js';
import { call, startTestServer, type TestServer } from '../../../support/testServer.js';

const password = (uid: string) => SEED_PEOPLE.find((p) => p.uid === uid)!.password;
const SECRETS = [LDAP_READER_PASSWORD, LDAP_ROOT_PASSWORD, ...SEED_PEOPLE.map((p) => p.password)];
const SYNC =
  'mutation($p: ID, $g: ID) { syncLDAPGroups(providerId: $p, ldapGroupId: $g) { ldapGroup { id dn group { name } lastSyncedAt } added { username } removed { username } provisioned { username } unresolved } }';
const names = (users: { username: string }[]) => users.map((u) => u.username).sort();

for (const backend of testBackends()) {
  describe(`LDAP sign-in against slapd (${backend.name})`, {
    timeout: 180_000,
    skip: slapdAvailable() ? false : 'slapd is not installed (apt-get install -y slapd ldap-utils)',
  }, () => {
    let ldap: LdapServer;
    let t: TestServer;
    let admin: SignedIn;
    /** The suite's directory provider: a person is one user, so every sign-in goes through it. */
    let corp: any;
    const answers: string[] = [];
    let n = 0;

    before(async () => {
      ldap = await startLdapServer();
      t = await startTestServer(backend, { env: BOOTSTRAP_ENV });
      admin = await signInAdmin(t);
      corp = await createProvider(t, admin, ldapInput());
    });
    after(async () => {
      await t?.close();
      await ldap?.close();
    });

    const ldapInput = (extra: Record<string, unknown> = {}, top: Record<string, unknown> = {}) => ({
      type: 'LDAP',
      name: `corp-${++n}`,
      displayName: 'Corporate directory',
      enabled: true,
      ...top,
      ldap: {
        url: ldap.url,
        bindDn: LDAP_READER_DN,
        bindPassword: LDAP_READER_PASSWORD,
        userBaseDn: PEOPLE_DN,
        groupBaseDn: GROUPS_DN,
        connectTimeoutMs: 1000,
        timeoutMs: 2000,
        ...extra,
      },
    });
    const adminGql = async (query: string, variables?: Record<string, unknown>) => {
      const res = await gql(t, query, variables, admin.accessToken);
      answers.push(res.text);
      return res;
    };
    const login = async (provider: string, username: string, pw: string) => {
      const res = await gql(t, LOGIN_WITH_PROVIDER, { p: provider, u: username, pw });
      answers.push(res.text);
      return res;
    };
    const me = async (token: string) => ok(await gql(t, ME, undefined, token)).me;
    const provider = async (extra: Record<string, unknown> = {}, top: Record<string, unknown> = {}) => {
      const created = await createProvider(t, admin, ldapInput(extra, top));
      answers.push(JSON.stringify(created));
      return created;
    };

    it('an admin creates an LDAP provider: it answers hasSecret, never the bind password, and the database holds it sealed', async () => {
      const p = await provider();
      assert.equal(p.type, 'LDAP');
      assert.equal(p.hasSecret, true);
      assert.equal(p.ldap.bindDn, LDAP_READER_DN);
      assert.equal(p.ldap.userFilter, '(uid={username})');
      assert.equal(p.ldap.groupMembership, 'MEMBER_OF');
      const row = await t.server.database.knex('auth_providers').where({ id: p.id }).first();
      assert.match(row.secrets, /^v1\./);
      assert.ok(!JSON.stringify(row).includes(LDAP_READER_PASSWORD), 'the bind password is not stored in clear');
      ok(await adminGql(LIST_PROVIDERS));
      ok(await adminGql(ONE_PROVIDER, { id: p.id }));
    });

    it('GET /api/v1/auth/providers lists local and the enabled providers with public fields only', async () => {
      const on = await provider();
      const off = await provider({}, { enabled: false });
      const res = await call(t.url, 'GET', '/api/v1/auth/providers');
      answers.push(res.text);
      assert.equal(res.status, 200);
      const ids = res.json.providers.map((p: { id: string }) => p.id);
      assert.ok(ids.includes('local') && ids.includes(on.id) && !ids.includes(off.id));
      const listed = res.json.providers.find((p: { id: string }) => p.id === on.id);
      assert.deepEqual(listed, { id: on.id, type: 'ldap', name: 'Corporate directory', enabled: true, loginMethod: 'password' });
    });

    it('a person signs in with their directory password and gets the same result as login; their user is provisioned with its source', async () => {
      const p = corp;
      const res = await login(p.name, 'alice', password('alice'));
      const signedIn = ok(res).loginWithProvider;
      assert.equal(signedIn.user.username, 'alice');
      assert.equal(signedIn.user.email, 'alice@example.org');
      assert.equal(signedIn.user.displayName, 'Alice Archer');
      assert.equal(signedIn.user.role, 'USER');
      assert.equal(signedIn.user.authSource, 'LDAP');
      const self = await me(signedIn.accessToken);
      assert.equal(self.username, 'alice');
      assert.equal(self.authProvider, null, "the provider's settings are for admins");
      const seen = ok(
        await gql(t, 'query($id: ID!) { user(id: $id) { authSource authProvider { id } } }', { id: self.id }, admin.accessToken),
      ).user;
      assert.deepEqual(seen, { authSource: 'LDAP', authProvider: { id: p.id } });
      const refreshed = ok(
        await gql(t, 'mutation($r: String!) { refreshToken(refreshToken: $r) { accessToken } }', { r: signedIn.refreshToken }),
      );
      assert.ok(refreshed.refreshToken.accessToken);
      const again = ok(await login(p.id, 'alice', password('alice'))).loginWithProvider;
      assert.equal(again.user.id, signedIn.user.id, 'the second sign-in finds the same user');
      const link = await t.server.database.knex('auth_identities').where({ user_id: signedIn.user.id }).first();
      assert.equal(link.provider_id, p.id);
      assert.equal(link.dn, `uid=alice,${PEOPLE_DN}`);
    });

    for (const [what, username, pw] of [
      ['a wrong password', 'bob', 'not-bobs-password'],
      ['an empty password (an anonymous bind would succeed)', 'bob', ''],
      ['an unknown person', 'nobody', 'whatever-password'],
      ['a filter injection in the username', '*', password('bob')],
      ['a filter injection that closes the filter', 'bob)(uid=*', password('bob')],
    ] as const) {
      it(`${what} is refused as "invalid username or password"`, async () => {
        const res = await login(corp.id, username, pw);
        assert.deepEqual(res.codes, ['UNAUTHENTICATED'], res.text);
        assert.match(res.errors![0].message, /invalid username or password/);
      });
    }

    it('a user filter that matches several entries refuses the sign-in and logs why', async () => {
      const p = await provider({ userFilter: '(|(uid={username})(objectClass=inetOrgPerson))' });
      const res = await login(p.id, 'bob', password('bob'));
      assert.deepEqual(res.codes, ['UNAUTHENTICATED']);
      assert.ok(t.logs.some((l) => JSON.stringify(l).includes('several directory entries match')));
    });

    it('a deleted user signs in again as a new user of the same person', async () => {
      const first = ok(await login(corp.id, 'gina', password('gina'))).loginWithProvider;
      ok(await adminGql('mutation($id: ID!) { deleteUser(id: $id) }', { id: first.user.id }));
      const again = ok(await login(corp.id, 'gina', password('gina'))).loginWithProvider;
      assert.notEqual(again.user.id, first.user.id);
      assert.equal(again.user.authSource, 'LDAP');
    });

    it('a disabled or unknown provider is refused with a message that says so', async () => {
      const p = await provider({}, { enabled: false });
      for (const ref of [p.id, 'no-such-provider']) {
        const res = await login(ref, 'alice', password('alice'));
        assert.deepEqual(res.codes, ['BAD_USER_INPUT']);
        assert.match(res.errors![0].message, /no enabled LDAP sign-in provider/);
      }
    });

    it('a directory person whose username a local account holds is refused, and the local account is untouched', async () => {
      const res = await login(corp.id, 'admin', password('admin'));
      assert.deepEqual(res.codes, ['CONFLICT'], res.text);
      assert.match(res.errors![0].message, /already belongs to a local account/);
      const local = await signIn(t, ADMIN_USERNAME, ADMIN_PASSWORD);
      assert.equal((await me(local.accessToken)).authSource, 'LOCAL');
    });

    it('group mappings give product groups and roles at sign-in, and take them away when the directory group changes', async () => {
      const p = corp;
      const opsTeam = await newGroup(t, admin, `operations-${n}`);
      const devTeam = await newGroup(t, admin, `developers-${n}`);
      ok(
        await adminGql(
          'mutation($i: SetGroupMappingInput!) { setGroupMapping(input: $i) { id externalGroup role group { name } provider { id } } }',
          { i: { providerId: p.id, externalGroup: groupDn('ops'), groupId: opsTeam, role: 'OPERATOR' } },
        ),
      );
      // A mapping by cn (any case) works as well as by DN.
      ok(
        await adminGql('mutation($i: SetGroupMappingInput!) { setGroupMapping(input: $i) { id } }', {
          i: { providerId: p.id, externalGroup: 'DEVS', groupId: devTeam },
        }),
      );
      const mappings = ok(
        await adminGql('query($p: ID) { groupMappings(providerId: $p) { externalGroup role group { name } } }', { p: p.id }),
      ).groupMappings;
      assert.equal(mappings.length, 2);

      const first = ok(await login(p.id, 'alice', password('alice'))).loginWithProvider;
      assert.equal(first.user.role, 'OPERATOR');
      assert.deepEqual((await me(first.accessToken)).groups.map((g: { name: string }) => g.name).sort(), [
        `developers-${n}`,
        `operations-${n}`,
      ]);

      await ldap.removeMember('ops', 'alice');
      try {
        const second = ok(await login(p.id, 'alice', password('alice'))).loginWithProvider;
        assert.equal(second.user.role, 'USER', 'the role falls back to the default role');
        assert.deepEqual(
          (await me(second.accessToken)).groups.map((g: { name: string }) => g.name),
          [`developers-${n}`],
        );
      } finally {
        await ldap.addMember('ops', 'alice');
      }
      const third = ok(await login(p.id, 'alice', password('alice'))).loginWithProvider;
      assert.equal(third.user.role, 'OPERATOR', 'back in the group, the role comes back');
    });

    it('a mapping needs a group or a role, and a known group', async () => {
      const p = await provider();
      const none = await adminGql('mutation($i: SetGroupMappingInput!) { setGroupMapping(input: $i) { id } }', {
        i: { providerId: p.id, externalGroup: 'ops' },
      });
      assert.deepEqual(none.codes, ['BAD_USER_INPUT']);
      const unknown = await adminGql('mutation($i: SetGroupMappingInput!) { setGroupMapping(input: $i) { id } }', {
        i: { providerId: p.id, externalGroup: 'ops', groupId: '00000000-0000-4000-8000-000000000000' },
      });
      assert.deepEqual(unknown.codes, ['NOT_FOUND']);
    });

    it('syncLDAPGroups adds the members, provisions those who never signed in, removes those who left, and changes nothing when run again', async () => {
      const p = corp;
      const created = ok(
        await adminGql(
          'mutation($i: CreateLDAPGroupInput!) { createLDAPGroup(input: $i) { id dn group { id name description } provider { id } } }',
          { i: { providerId: p.id, groupDn: groupDn('devs'), name: `devs-${n}` } },
        ),
      ).createLDAPGroup;
      assert.equal(created.group.name, `devs-${n}`);
      const sync = async () => ok(await adminGql(SYNC, { g: created.id })).syncLDAPGroups[0];

      const first = await sync();
      assert.deepEqual(names(first.added), ['alice', 'bob']);
      assert.deepEqual(first.removed, []);
      assert.ok(first.ldapGroup.lastSyncedAt);
      const second = await sync();
      assert.deepEqual([second.added, second.removed, second.provisioned], [[], [], []], 'idempotent');

      await ldap.removeMember('devs', 'bob');
      try {
        const third = await sync();
        assert.deepEqual(third.added, []);
        assert.deepEqual(names(third.removed), ['bob']);
        const fourth = await sync();
        assert.deepEqual([fourth.added, fourth.removed], [[], []]);
      } finally {
        await ldap.addMember('devs', 'bob');
      }
      const members = ok(
        await adminGql('query($id: ID!) { groupMembers(groupId: $id) { username authSource } }', { id: created.group.id }),
      ).groupMembers;
      assert.deepEqual(
        members.map((m: { username: string }) => m.username),
        ['alice'],
      );
      const listed = ok(await adminGql('query($p: ID) { ldapGroups(providerId: $p) { id dn } }', { p: p.id })).ldapGroups;
      assert.deepEqual(
        listed.map((g: { id: string }) => g.id),
        [created.id],
      );
      ok(await adminGql('mutation($id: ID!) { deleteLDAPGroup(id: $id) }', { id: created.id }));
      assert.deepEqual(ok(await adminGql('query($p: ID) { ldapGroups(providerId: $p) { id } }', { p: p.id })).ldapGroups, []);
    });

    it('a local user an admin put in a synced group is not removed by the sync', async () => {
      const p = corp;
      const local = await personWithRole(t, admin, 'USER');
      const created = ok(
        await adminGql('mutation($i: CreateLDAPGroupInput!) { createLDAPGroup(input: $i) { id group { id } } }', {
          i: { providerId: p.id, groupDn: groupDn('admins'), name: `admins-${n}` },
        }),
      ).createLDAPGroup;
      ok(
        await adminGql('mutation($g: ID!, $u: ID!) { addUserToGroup(groupId: $g, userId: $u) { id } }', {
          g: created.group.id,
          u: local.userId,
        }),
      );
      const report = ok(await adminGql(SYNC, { g: created.id })).syncLDAPGroups[0];
      assert.deepEqual(report.removed, []);
      assert.deepEqual(names(report.added), ['carol']);
    });

    it('searchUsersAcrossProviders finds directory and local people, and provisionProviderUser makes a directory person a user before they sign in', async () => {
      const p = corp;
      const found = ok(
        await adminGql(
          'query($q: String!) { searchUsersAcrossProviders(query: $q) { people { provider { id } username email displayName dn user { id } groups } failures { step message } } }',
          { q: 'caro' },
        ),
      ).searchUsersAcrossProviders;
      const carol = found.people.find(
        (x: { provider: { id: string } | null; username: string }) => x.provider?.id === p.id && x.username === 'carol',
      );
      assert.ok(carol, JSON.stringify(found));
      assert.equal(carol.dn, `uid=carol,${PEOPLE_DN}`);
      const local = ok(
        await adminGql('query($q: String!) { searchUsersAcrossProviders(query: $q) { people { provider { id } username } } }', {
          q: ADMIN_USERNAME,
        }),
      ).searchUsersAcrossProviders;
      assert.ok(local.people.some((x: { provider: unknown; username: string }) => x.provider === null && x.username === ADMIN_USERNAME));
      const injected = ok(
        await adminGql('query($q: String!) { searchUsersAcrossProviders(query: $q) { people { username } failures { message } } }', {
          q: '*)(uid=*',
        }),
      ).searchUsersAcrossProviders;
      assert.deepEqual(injected, { people: [], failures: [] }, 'the search text is escaped');

      const user = ok(
        await adminGql(
          'mutation($i: ProvisionProviderUserInput!) { provisionProviderUser(input: $i) { id username email authSource lastLoginAt } }',
          { i: { providerId: p.id, username: 'dave' } },
        ),
      ).provisionProviderUser;
      assert.deepEqual([user.username, user.email, user.authSource, user.lastLoginAt], ['dave', 'dave@example.org', 'LDAP', null]);
      const signedIn = ok(await login(p.id, 'dave', password('dave'))).loginWithProvider;
      assert.equal(signedIn.user.id, user.id, 'the first sign-in finds the provisioned user');
      const missing = await adminGql('mutation($i: ProvisionProviderUserInput!) { provisionProviderUser(input: $i) { id } }', {
        i: { providerId: p.id, username: 'nobody' },
      });
      assert.deepEqual(missing.codes, ['NOT_FOUND']);
    });

    it('testAuthProvider runs every step when the directory is healthy', async () => {
      const p = await provider();
      const result = ok(await adminGql(TEST_PROVIDER, { id: p.id, u: 'alice' })).testAuthProvider;
      assert.equal(result.success, true, JSON.stringify(result));
      assert.equal(result.failedStep, null);
      assert.deepEqual(
        result.steps.map((s: { step: string }) => s.step),
        ['CONNECTION', 'BIND', 'SEARCH'],
      );
      assert.match(result.steps[2].message, /found alice/);
    });

    for (const [how, settings] of [
      ['StartTLS', () => ({ startTls: true, tlsCaPem: ldap.caPem })],
      ['LDAPS', () => ({ url: ldap.ldapsUrl, tlsCaPem: ldap.caPem })],
    ] as const) {
      it(`signs in over ${how} with the directory's CA, and testAuthProvider passes its TLS step`, async () => {
        const p = await provider(settings());
        assert.equal(p.ldap.hasTlsCa, true);
        const result = ok(await adminGql(TEST_PROVIDER, { id: p.id, u: 'alice' })).testAuthProvider;
        assert.deepEqual(
          result.steps.map((s: { step: string; ok: boolean }) => [s.step, s.ok]),
          [
            ['CONNECTION', true],
            ['TLS', true],
            ['BIND', true],
            ['SEARCH', true],
          ],
        );
        // alice is corp's person: through another provider the directory check passes and the name is refused as taken.
        const res = await login(p.id, 'alice', password('alice'));
        assert.deepEqual(res.codes, ['CONFLICT'], res.text);
        assert.deepEqual((await login(p.id, 'alice', 'wrong-password')).codes, ['UNAUTHENTICATED'], 'the password was checked over TLS');
      });
    }

    it('LDAPS to a certificate nobody vouches for fails at the TLS step', async () => {
      const p = await provider({ url: ldap.ldapsUrl });
      const result = ok(await adminGql(TEST_PROVIDER, { id: p.id })).testAuthProvider;
      assert.equal(result.failedStep, 'TLS', JSON.stringify(result));
      assert.match(result.message, /certificate/);
      assert.deepEqual((await login(p.id, 'alice', password('alice'))).codes, ['UNAVAILABLE']);
    });

    for (const [step, settings] of [
      ['BIND', { bindPassword: 'not-the-reader-password' }],
      ['TLS', { startTls: true }],
      ['SEARCH', { userBaseDn: 'ou=nowhere,dc=example,dc=org' }],
      ['CONNECTION', { url: 'ldap://127.0.0.1:1' }],
    ] as const) {
      it(`testAuthProvider says the ${step} step failed`, async () => {
        const p = await provider(settings);
        const result = ok(await adminGql(TEST_PROVIDER, { id: p.id })).testAuthProvider;
        assert.equal(result.success, false);
        assert.equal(result.failedStep, step, JSON.stringify(result));
        assert.equal(result.steps.at(-1).ok, false);
        assert.ok(result.steps.slice(0, -1).every((s: { ok: boolean }) => s.ok));
      });
    }

    it('updateAuthProvider keeps the secret unless sent, an empty string clears it, and updateAuthProviderStatus disables sign-in', async () => {
      const p = await provider();
      const renamed = ok(
        await adminGql(UPDATE_PROVIDER, { id: p.id, i: { displayName: 'Renamed', ldap: { timeoutMs: 3000 } } }),
      ).updateAuthProvider;
      assert.equal(renamed.hasSecret, true);
      assert.equal(renamed.ldap.timeoutMs, 3000);
      assert.equal(ok(await adminGql(TEST_PROVIDER, { id: p.id })).testAuthProvider.success, true, 'the kept secret still binds');
      const cleared = ok(await adminGql(UPDATE_PROVIDER, { id: p.id, i: { ldap: { bindPassword: '' } } })).updateAuthProvider;
      assert.equal(cleared.hasSecret, false);
      assert.equal(ok(await adminGql(TEST_PROVIDER, { id: p.id })).testAuthProvider.failedStep, 'BIND');
      ok(await adminGql(UPDATE_PROVIDER, { id: p.id, i: { ldap: { bindPassword: LDAP_READER_PASSWORD } } }));
      const disabled = ok(await adminGql(PROVIDER_STATUS, { id: p.id, e: false })).updateAuthProviderStatus;
      assert.equal(disabled.enabled, false);
      assert.deepEqual((await login(p.id, 'alice', password('alice'))).codes, ['BAD_USER_INPUT']);
    });

    for (const [what, input, message] of [
      ['no URL', { url: null }, /ldap.url is required/],
      ['a URL that is not LDAP', { url: 'http://127.0.0.1:389' }, /ldap.url must start with ldap:/],
      ['a user filter without {username}', { userFilter: '(uid=alice)' }, /ldap.userFilter/],
      ['an unbalanced user filter', { userFilter: '(uid={username}' }, /ldap.userFilter/],
      ['StartTLS on an ldaps URL', { url: 'ldaps://127.0.0.1:636', startTls: true }, /startTls/],
      ['a timeout out of range', { connectTimeoutMs: 5 }, /connectTimeoutMs/],
      ['an attribute name with a filter in it', { usernameAttribute: 'uid)(x' }, /usernameAttribute/],
    ] as const) {
      it(`createAuthProvider refuses ${what}`, async () => {
        const res = await adminGql('mutation($i: CreateAuthProviderInput!) { createAuthProvider(input: $i) { id } }', {
          i: ldapInput(input as Record<string, unknown>),
        });
        assert.deepEqual(res.codes, ['BAD_USER_INPUT'], res.text);
        assert.match(res.errors![0].message, message);
      });
    }

    it('only admins see and manage providers', async () => {
      const operator = await personWithRole(t, admin, 'OPERATOR');
      for (const query of [LIST_PROVIDERS, '{ groupMappings { id } }', '{ ldapGroups { id } }']) {
        assert.deepEqual((await gql(t, query, undefined, operator.accessToken)).codes, ['FORBIDDEN']);
      }
      const res = await gql(
        t,
        'mutation($i: CreateAuthProviderInput!) { createAuthProvider(input: $i) { id } }',
        { i: ldapInput() },
        operator.accessToken,
      );
      assert.deepEqual(res.codes, ['FORBIDDEN']);
    });

    it('deleting a provider keeps its users as local users without a password, and drops its mappings', async () => {
      const p = await provider();
      const team = await newGroup(t, admin, `deleted-provider-team-${n}`);
      ok(
        await adminGql('mutation($i: SetGroupMappingInput!) { setGroupMapping(input: $i) { id } }', {
          i: { providerId: p.id, externalGroup: 'ops', groupId: team },
        }),
      );
      const user = ok(
        await adminGql('mutation($i: ProvisionProviderUserInput!) { provisionProviderUser(input: $i) { id authSource } }', {
          i: { providerId: p.id, username: 'erin' },
        }),
      ).provisionProviderUser;
      assert.equal(user.authSource, 'LDAP');
      assert.equal(ok(await adminGql('mutation($id: ID!) { deleteAuthProvider(id: $id) }', { id: p.id })).deleteAuthProvider, true);
      assert.equal(ok(await adminGql(ONE_PROVIDER, { id: p.id })).authProvider, null);
      assert.deepEqual(ok(await adminGql('query($p: ID) { groupMappings(providerId: $p) { id } }', { p: p.id })).groupMappings, []);
      assert.equal(await t.server.database.knex('group_mappings').where({ provider_id: p.id }).first(), undefined);
      assert.deepEqual((await login(p.id, 'alice', password('alice'))).codes, ['BAD_USER_INPUT']);
      const kept = ok(
        await adminGql('query($id: ID!) { user(id: $id) { username authSource authProvider { id } } }', { id: user.id }),
      ).user;
      assert.deepEqual(kept, { username: 'erin', authSource: 'LOCAL', authProvider: null });
    });

    it('provider sign-ins go through the same sign-in throttle as local ones: guessing a directory password is slowed', async () => {
      const limited = await startTestServer(backend, { env: { ...BOOTSTRAP_ENV, SVC_AUTH_LOGIN_RATE_PER_ACCOUNT: '3' } });
      try {
        const limitedAdmin = await signInAdmin(limited);
        const p = await createProvider(limited, limitedAdmin, ldapInput());
        const codes: string[] = [];
        for (let i = 0; i < 10 && !codes.includes('RATE_LIMITED'); i++) {
          codes.push(...(await gql(limited, LOGIN_WITH_PROVIDER, { p: p.id, u: 'bob', pw: `guess-${i}` })).codes);
        }
        assert.ok(codes.includes('RATE_LIMITED'), codes.join(', '));
        assert.deepEqual(
          codes.filter((c) => c !== 'RATE_LIMITED' && c !== 'UNAUTHENTICATED'),
          [],
        );
      } finally {
        await limited.close();
      }
    });

    it('a directory that does not answer in time is a clear error within its timeout', async () => {
      // Accepts the connection and never answers: the operation timeout ends the wait.
      const silent: Server = createServer(() => undefined);
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      try {
        const port = (silent.address() as { port: number }).port;
        const p = await provider({ url: `ldap://127.0.0.1:${port}`, timeoutMs: 300 });
        const started = performance.now();
        const res = await login(p.id, 'alice', password('alice'));
        assert.ok(performance.now() - started < 5000, 'answered within the timeout, not after the default');
        assert.deepEqual(res.codes, ['UNAVAILABLE'], res.text);
        assert.match(res.errors![0].message, /Corporate directory is not available right now .*sign in with a local account/);
      } finally {
        silent.close();
      }
    });

    it('a directory that is down gives a clear error, and local admins still sign in', async () => {
      const p = corp;
      await ldap.stop();
      try {
        const res = await login(p.id, 'alice', password('alice'));
        assert.deepEqual(res.codes, ['UNAVAILABLE'], res.text);
        assert.match(res.errors![0].message, /CONNECTION step failed/);
        const local = await signIn(t, ADMIN_USERNAME, ADMIN_PASSWORD);
        assert.equal((await me(local.accessToken)).username, ADMIN_USERNAME);
        const test = ok(await adminGql(TEST_PROVIDER, { id: p.id })).testAuthProvider;
        assert.equal(test.failedStep, 'CONNECTION');
      } finally {
        await ldap.start();
      }
      ok(await login(p.id, 'alice', password('alice')));
    });

    it('no answer of any provider query or mutation, and no log line, carries a secret', async () => {
      ok(await adminGql(LIST_PROVIDERS));
      assert.ok(answers.length > 20);
      assertNoSecret([...answers, JSON.stringify(t.logs)], SECRETS);
    });
  });
}
