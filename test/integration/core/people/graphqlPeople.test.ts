/**
 * Users over GraphQL (issue 3), through real HTTP: every signed-in role reads the directory; only
 * admins change it (a person may edit their own email and display name); a role that may not act
 * gets FORBIDDEN and nothing changes; email is shown to admins and to the person only; usernames
 * and emails are unique ignoring case; there is always an active admin; deleting a user takes their
 * sessions, memberships and service ownership with them. Groups: graphqlGroups.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends } from '../../../support/backends.js';
import { BOOTSTRAP_ENV, gql, personWithRole, signIn, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

type Role = 'ADMIN' | 'OPERATOR' | 'USER';
type Person = SignedIn & { username: string; password: string };
const ROLES: readonly Role[] = ['ADMIN', 'OPERATOR', 'USER'];
const NOT_ADMIN: readonly Role[] = ['OPERATOR', 'USER'];
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const USER_FIELDS = 'id username email displayName role active groups { name }';

for (const backend of testBackends()) {
  describe(`users over GraphQL (${backend.name})`, () => {
    const clock = createManualClock();
    let t: TestServer;
    const as: Record<Role, Person> = {} as Record<Role, Person>;
    let target: Person;
    before(async () => {
      t = await startTestServer(backend, { clock, env: BOOTSTRAP_ENV });
      const admin = await signInAdmin(t);
      as.ADMIN = { ...admin, username: 'admin', password: BOOTSTRAP_ENV.SVC_BOOTSTRAP_ADMIN_PASSWORD };
      as.OPERATOR = await personWithRole(t, admin, 'OPERATOR', 'olga-operator');
      as.USER = await personWithRole(t, admin, 'USER', 'ulf-user');
      target = await personWithRole(t, admin, 'USER', 'tara-target');
    });
    after(() => t.close());

    const db = () => t.server.database.knex;
    const q = (role: Role | null, query: string, variables?: Record<string, unknown>) =>
      gql(t, query, variables, role === null ? undefined : as[role].accessToken);
    /** The people tables as rows, to show a refused call changed nothing. */
    const snapshot = async () => ({
      users: await db()('users')
        .orderBy('id')
        .select('id', 'username', 'email', 'display_name', 'password_hash', 'role', 'active', 'updated_at'),
      members: await db()('group_members').orderBy(['group_id', 'user_id']).select('*'),
      openSessions: await db()('sessions').whereNull('ended_at').orderBy('id').select('id'),
    });
    const newPerson = (role: Role = 'USER', name?: string) => personWithRole(t, as.ADMIN, role, name);

    describe('reading the directory', () => {
      const READS: { name: string; query: string; vars: () => Record<string, unknown>; check: (data: any) => void }[] = [
        { name: 'me', query: '{ me { id username } }', vars: () => ({}), check: (d) => assert.ok(d.me.id) },
        {
          name: 'user',
          query: 'query($id: ID!) { user(id: $id) { id username } }',
          vars: () => ({ id: target.userId }),
          check: (d) => assert.equal(d.user.username, 'tara-target'),
        },
        {
          name: 'userByUsername',
          query: '{ userByUsername(username: "TARA-target") { id } }',
          vars: () => ({}),
          check: (d) => assert.equal(d.userByUsername.id, target.userId),
        },
        {
          name: 'users',
          query: '{ users(filter: { search: "tara" }) { id } }',
          vars: () => ({}),
          check: (d) => assert.deepEqual(d.users, [{ id: target.userId }]),
        },
        {
          name: 'userCount',
          query: '{ userCount(filter: { search: "tara" }) }',
          vars: () => ({}),
          check: (d) => assert.equal(d.userCount, 1),
        },
      ];
      for (const op of READS) {
        for (const role of ROLES) {
          it(`${op.name} answers for ${role}`, async () => {
            const res = await q(role, op.query, op.vars());
            assert.equal(res.errors, undefined, res.text);
            op.check(res.data);
          });
        }
        it(`${op.name} without a token is UNAUTHENTICATED`, async () => {
          const res = await q(null, op.query, op.vars());
          assert.deepEqual(res.codes, ['UNAUTHENTICATED']);
        });
      }

      it('me is the signed-in user, with their own email', async () => {
        const res = await q('USER', `{ me { ${USER_FIELDS} } }`);
        assert.deepEqual(res.data.me, {
          id: as.USER.userId,
          username: 'ulf-user',
          email: 'ulf-user@example.com',
          displayName: null,
          role: 'USER',
          active: true,
          groups: [],
        });
      });

      it('user and userByUsername of someone unknown are null', async () => {
        const res = await q('USER', `query($id: ID!) { user(id: $id) { id } userByUsername(username: "no-such-person") { id } }`, {
          id: UNKNOWN_ID,
        });
        assert.deepEqual(res.data, { user: null, userByUsername: null });
      });
    });

    describe('email visibility', () => {
      const EMAILS = `query($id: ID!) { user(id: $id) { email } userByUsername(username: "tara-target") { email } users(filter: { search: "tara" }) { email } }`;

      it("an admin sees every user's email", async () => {
        const res = await q('ADMIN', EMAILS, { id: target.userId });
        assert.deepEqual(res.data, {
          user: { email: 'tara-target@example.com' },
          userByUsername: { email: 'tara-target@example.com' },
          users: [{ email: 'tara-target@example.com' }],
        });
      });

      for (const role of NOT_ADMIN) {
        it(`${role} sees null for another user's email`, async () => {
          const res = await q(role, EMAILS, { id: target.userId });
          assert.deepEqual(res.data, { user: { email: null }, userByUsername: { email: null }, users: [{ email: null }] });
        });

        it(`${role} cannot find another user by searching for their email`, async () => {
          const res = await q(
            role,
            '{ users(filter: { search: "tara-target@example" }) { id } userCount(filter: { search: "tara-target@example" }) }',
          );
          assert.deepEqual(res.data, { users: [], userCount: 0 });
        });
      }

      it('the user sees their own email through user(id) as well as me', async () => {
        const res = await gql(t, 'query($id: ID!) { user(id: $id) { email } }', { id: target.userId }, target.accessToken);
        assert.equal(res.data.user.email, 'tara-target@example.com');
      });
    });

    describe('createUser', () => {
      const CREATE = `mutation($i: CreateUserInput!) { createUser(input: $i) { ${USER_FIELDS} createdAt } }`;

      it('an admin creates a user, stored with a scrypt hash of the password, who can sign in', async () => {
        const res = await q('ADMIN', CREATE, {
          i: {
            username: 'carl-created',
            email: 'Carl@Example.com',
            displayName: 'Carl C.',
            password: 'carls-password-1',
            role: 'OPERATOR',
          },
        });
        assert.equal(res.errors, undefined, res.text);
        const user = res.data.createUser;
        assert.deepEqual(
          { ...user, id: undefined, createdAt: undefined },
          {
            id: undefined,
            username: 'carl-created',
            email: 'Carl@Example.com',
            displayName: 'Carl C.',
            role: 'OPERATOR',
            active: true,
            groups: [],
            createdAt: undefined,
          },
        );
        assert.equal(user.createdAt, new Date(clock.now()).toISOString());
        const row = await db()('users').where({ id: user.id }).first();
        assert.deepEqual(
          { username: row.username, email: row.email, display_name: row.display_name, role: row.role, active: row.active },
          { username: 'carl-created', email: 'Carl@Example.com', display_name: 'Carl C.', role: 'operator', active: true },
        );
        assert.match(row.password_hash, /^scrypt\$/);
        assert.ok(!row.password_hash.includes('carls-password-1'));
        assert.equal((await signIn(t, 'carl-created', 'carls-password-1')).userId, user.id);
      });

      it('the role defaults to USER, and without a password the user cannot sign in', async () => {
        const res = await q('ADMIN', CREATE, { i: { username: 'nadia-nopass' } });
        assert.equal(res.data.createUser.role, 'USER');
        assert.equal((await db()('users').where({ username: 'nadia-nopass' }).first()).password_hash, null);
        assert.deepEqual((await gql(t, 'mutation { login(username: "nadia-nopass", password: "anything-at-all") { sessionId } }')).codes, [
          'UNAUTHENTICATED',
        ]);
      });

      for (const role of [...NOT_ADMIN, null] as const) {
        it(`by ${role ?? 'an unauthenticated caller'} is ${role ? 'FORBIDDEN' : 'UNAUTHENTICATED'} and creates nothing`, async () => {
          const before = await snapshot();
          const res = await q(role, CREATE, { i: { username: 'sneaky-admin', password: 'sneaky-password', role: 'ADMIN' } });
          assert.deepEqual(res.codes, [role ? 'FORBIDDEN' : 'UNAUTHENTICATED']);
          assert.equal(res.data, null);
          assert.deepEqual(await snapshot(), before);
        });
      }

      const refusals: [string, Record<string, unknown>][] = [
        ['a username taken in another case', { username: 'TARA-TARGET', password: 'a-fine-password' }],
        ['an email taken in another case', { username: 'tara-two', email: 'Tara-Target@EXAMPLE.com', password: 'a-fine-password' }],
        ['a username with a space', { username: 'two words', password: 'a-fine-password' }],
        ['a username with an @', { username: 'me@there', password: 'a-fine-password' }],
        ['an email without @', { username: 'no-at-email', email: 'not-an-address', password: 'a-fine-password' }],
        ['a password under 10 characters', { username: 'short-pass', password: 'short' }],
        ['a password equal to the username', { username: 'same-as-password', password: 'Same-As-Password' }],
      ];
      for (const [what, input] of refusals) {
        it(`with ${what} is BAD_USER_INPUT and creates nothing`, async () => {
          const before = await snapshot();
          assert.deepEqual((await q('ADMIN', CREATE, { i: input })).codes, ['BAD_USER_INPUT']);
          assert.deepEqual(await snapshot(), before);
        });
      }
    });

    describe('updateUser', () => {
      const UPDATE = `mutation($id: ID!, $i: UpdateUserInput!) { updateUser(id: $id, input: $i) { ${USER_FIELDS} } }`;

      it("an admin changes another user's username, email, display name and role", async () => {
        const p = await newPerson('USER');
        const res = await q('ADMIN', UPDATE, {
          id: p.userId,
          i: { username: `${p.username}-renamed`, email: 'renamed@example.com', displayName: 'Renamed', role: 'OPERATOR' },
        });
        assert.equal(res.errors, undefined, res.text);
        assert.deepEqual(res.data.updateUser, {
          id: p.userId,
          username: `${p.username}-renamed`,
          email: 'renamed@example.com',
          displayName: 'Renamed',
          role: 'OPERATOR',
          active: true,
          groups: [],
        });
        const row = await db()('users').where({ id: p.userId }).first();
        assert.deepEqual(
          [row.username, row.email, row.display_name, row.role],
          [`${p.username}-renamed`, 'renamed@example.com', 'Renamed', 'operator'],
        );
        assert.equal((await signIn(t, `${p.username}-renamed`, p.password)).userId, p.userId, 'the new username signs in');
      });

      it("a role change applies to the user's next request, on the token they already hold", async () => {
        const p = await newPerson('USER');
        const create = 'mutation { createGroup(input: { name: "made-after-promotion" }) { id } }';
        assert.deepEqual((await gql(t, create, undefined, p.accessToken)).codes, ['FORBIDDEN']);
        await q('ADMIN', UPDATE, { id: p.userId, i: { role: 'ADMIN' } });
        assert.equal((await gql(t, create, undefined, p.accessToken)).errors, undefined);
        await q('ADMIN', UPDATE, { id: p.userId, i: { role: 'USER' } });
        assert.deepEqual(
          (await gql(t, 'mutation { createGroup(input: { name: "made-after-demotion" }) { id } }', undefined, p.accessToken)).codes,
          ['FORBIDDEN'],
        );
      });

      for (const role of NOT_ADMIN) {
        it(`${role} may change their own email and display name`, async () => {
          const p = await newPerson(role);
          const res = await gql(
            t,
            UPDATE,
            { id: p.userId, i: { email: `${p.username}@new.example.com`, displayName: 'Me Myself' } },
            p.accessToken,
          );
          assert.equal(res.errors, undefined, res.text);
          assert.equal(res.data.updateUser.email, `${p.username}@new.example.com`);
          assert.equal((await db()('users').where({ id: p.userId }).first()).display_name, 'Me Myself');
        });

        for (const field of [{ role: 'ADMIN' }, { active: false }, { username: 'new-name-for-me' }]) {
          it(`${role} changing their own ${Object.keys(field)[0]} is FORBIDDEN and changes nothing`, async () => {
            const p = await newPerson(role);
            const before = await snapshot();
            assert.deepEqual((await gql(t, UPDATE, { id: p.userId, i: field }, p.accessToken)).codes, ['FORBIDDEN']);
            assert.deepEqual(await snapshot(), before);
          });
        }
      }

      for (const role of [...NOT_ADMIN, null] as const) {
        it(`of another user by ${role ?? 'an unauthenticated caller'} is ${role ? 'FORBIDDEN' : 'UNAUTHENTICATED'} and changes nothing`, async () => {
          const before = await snapshot();
          const res = await q(role, UPDATE, { id: target.userId, i: { displayName: 'defaced' } });
          assert.deepEqual(res.codes, [role ? 'FORBIDDEN' : 'UNAUTHENTICATED']);
          assert.deepEqual(await snapshot(), before);
        });
      }

      it('to an email another user has is BAD_USER_INPUT', async () => {
        const p = await newPerson('USER');
        const res = await gql(t, UPDATE, { id: p.userId, i: { email: 'TARA-TARGET@example.com' } }, p.accessToken);
        assert.deepEqual(res.codes, ['BAD_USER_INPUT']);
      });

      it('to a username another user has is BAD_USER_INPUT', async () => {
        const p = await newPerson('USER');
        assert.deepEqual((await q('ADMIN', UPDATE, { id: p.userId, i: { username: 'Tara-Target' } })).codes, ['BAD_USER_INPUT']);
      });

      it('of an unknown user is NOT_FOUND', async () => {
        assert.deepEqual((await q('ADMIN', UPDATE, { id: UNKNOWN_ID, i: { displayName: 'x' } })).codes, ['NOT_FOUND']);
      });
    });

    describe('deactivateUser and deleteUser', () => {
      const DEACTIVATE = 'mutation($id: ID!) { deactivateUser(id: $id) { id active } }';
      const DELETE = 'mutation($id: ID!) { deleteUser(id: $id) }';

      it('an admin deactivates a user: stored inactive, listed with active: false', async () => {
        const p = await newPerson('OPERATOR');
        assert.deepEqual((await q('ADMIN', DEACTIVATE, { id: p.userId })).data.deactivateUser, { id: p.userId, active: false });
        assert.equal((await db()('users').where({ id: p.userId }).first()).active, false);
        const listed = await q('ADMIN', 'query($s: String!) { users(filter: { search: $s, active: false }) { id } }', { s: p.username });
        assert.deepEqual(listed.data.users, [{ id: p.userId }]);
      });

      for (const [name, mutation] of [
        ['deactivateUser', DEACTIVATE],
        ['deleteUser', DELETE],
      ] as const) {
        for (const role of [...NOT_ADMIN, null] as const) {
          it(`${name} by ${role ?? 'an unauthenticated caller'} is ${role ? 'FORBIDDEN' : 'UNAUTHENTICATED'} and changes nothing`, async () => {
            const before = await snapshot();
            assert.deepEqual((await q(role, mutation, { id: target.userId })).codes, [role ? 'FORBIDDEN' : 'UNAUTHENTICATED']);
            assert.deepEqual(await snapshot(), before);
          });
        }
        it(`${name} of an unknown user is NOT_FOUND`, async () => {
          assert.deepEqual((await q('ADMIN', mutation, { id: UNKNOWN_ID })).codes, ['NOT_FOUND']);
        });
      }

      it('an admin deletes a user: sessions, memberships and reset tokens go, and services they owned have no owner', async () => {
        const p = await newPerson('OPERATOR');
        const group = (await q('ADMIN', 'mutation { createGroup(input: { name: "leavers" }) { id } }')).data.createGroup.id;
        await q('ADMIN', 'mutation($g: ID!, $u: ID!) { addUserToGroup(groupId: $g, userId: $u) { id } }', { g: group, u: p.userId });
        await q('ADMIN', 'mutation($id: ID!) { resetPassword(userId: $id) { token } }', { id: p.userId });
        const created = await q(
          'ADMIN',
          'mutation($o: ID!) { createService(input: { name: "owned-svc", nodeId: "eu/prod/people-1", ownerId: $o }) { id owner { id } } }',
          { o: p.userId },
        );
        assert.equal(created.data.createService.owner.id, p.userId, created.text);
        const serviceId = created.data.createService.id;

        assert.equal((await q('ADMIN', DELETE, { id: p.userId })).data.deleteUser, true);

        for (const table of ['users', 'sessions', 'group_members', 'password_reset_tokens']) {
          const column = table === 'users' ? 'id' : 'user_id';
          assert.deepEqual(
            await db()(table)
              .where({ [column]: p.userId })
              .select('*'),
            [],
            `no ${table} rows of the deleted user`,
          );
        }
        assert.equal((await db()('services').where({ id: serviceId }).first()).owner_id, null);
        const after = await q(
          'ADMIN',
          'query($s: ID!, $g: ID!, $u: ID!) { service(id: $s) { owner { id } } group(id: $g) { memberCount } user(id: $u) { id } }',
          { s: serviceId, g: group, u: p.userId },
        );
        assert.deepEqual(after.data, { service: { owner: null }, group: { memberCount: 0 }, user: null });
        const res = await gql(t, '{ me { id } }', undefined, p.accessToken);
        assert.equal(res.status, 401, "the deleted user's token stops working");
        assert.deepEqual(
          (
            await gql(t, 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { sessionId } }', {
              u: p.username,
              p: p.password,
            })
          ).codes,
          ['UNAUTHENTICATED'],
        );
      });

      it("a deleted user's username and email can be used again", async () => {
        const p = await newPerson('USER', 'reborn');
        await q('ADMIN', DELETE, { id: p.userId });
        const res = await q('ADMIN', 'mutation { createUser(input: { username: "reborn", email: "reborn@example.com" }) { id } }');
        assert.equal(res.errors, undefined, res.text);
        assert.notEqual(res.data.createUser.id, p.userId);
      });
    });

    describe('users: filters and pagination', () => {
      const people: Record<string, string> = {};
      let groupId: string;
      before(async () => {
        const create = 'mutation($i: CreateUserInput!) { createUser(input: $i) { id } }';
        const specs = [
          { username: 'flt-anna', displayName: 'Anna Zebra', role: 'ADMIN' },
          { username: 'flt-bert', role: 'OPERATOR' },
          { username: 'flt-cleo', role: 'USER' },
          { username: 'flt-dave', role: 'USER' },
          { username: 'flt-emil', role: 'OPERATOR' },
        ];
        for (const spec of specs)
          people[spec.username] = (
            await q('ADMIN', create, { i: { ...spec, email: `${spec.username}@filters.example.com` } })
          ).data.createUser.id;
        await q('ADMIN', 'mutation($id: ID!) { deactivateUser(id: $id) { id } }', { id: people['flt-dave'] });
        groupId = (await q('ADMIN', 'mutation { createGroup(input: { name: "flt-team" }) { id } }')).data.createGroup.id;
        for (const name of ['flt-bert', 'flt-dave'])
          await q('ADMIN', 'mutation($g: ID!, $u: ID!) { addUserToGroup(groupId: $g, userId: $u) { id } }', {
            g: groupId,
            u: people[name],
          });
      });
      const list = async (args: string, role: Role = 'OPERATOR') => {
        const res = await q(
          role,
          `{ users(${args}) { username } userCount${/filter/.test(args) ? `(${args.replace(/,?\s*(limit|offset): -?\d+/g, '')})` : ''} }`,
        );
        assert.equal(res.errors, undefined, res.text);
        return { names: res.data.users.map((u: { username: string }) => u.username), count: res.data.userCount };
      };

      it('users are ordered by username and paged with limit and offset', async () => {
        assert.deepEqual((await list('filter: { search: "flt-" }')).names, ['flt-anna', 'flt-bert', 'flt-cleo', 'flt-dave', 'flt-emil']);
        assert.deepEqual((await list('filter: { search: "flt-" }, limit: 2')).names, ['flt-anna', 'flt-bert']);
        assert.deepEqual((await list('filter: { search: "flt-" }, limit: 2, offset: 2')).names, ['flt-cleo', 'flt-dave']);
        assert.deepEqual((await list('filter: { search: "flt-" }, limit: 2, offset: 4')).names, ['flt-emil']);
        assert.deepEqual((await list('filter: { search: "flt-" }, offset: 5')).names, []);
      });

      it('search matches part of the username or display name in any case', async () => {
        assert.deepEqual((await list('filter: { search: "FLT-CL" }')).names, ['flt-cleo']);
        assert.deepEqual((await list('filter: { search: "zebra" }')).names, ['flt-anna']);
      });

      it('an admin also finds users by part of their email', async () => {
        assert.deepEqual((await list('filter: { search: "@filters.EXAMPLE" }', 'ADMIN')).names, [
          'flt-anna',
          'flt-bert',
          'flt-cleo',
          'flt-dave',
          'flt-emil',
        ]);
      });

      it('role, active and groupId filter, alone and together, and userCount counts the same set', async () => {
        const cases: [string, string[]][] = [
          ['filter: { search: "flt-", role: OPERATOR }', ['flt-bert', 'flt-emil']],
          ['filter: { search: "flt-", role: ADMIN }', ['flt-anna']],
          ['filter: { search: "flt-", active: false }', ['flt-dave']],
          ['filter: { search: "flt-", active: true, role: USER }', ['flt-cleo']],
          [`filter: { groupId: "${groupId}" }`, ['flt-bert', 'flt-dave']],
          [`filter: { groupId: "${groupId}", active: true }`, ['flt-bert']],
        ];
        for (const [args, names] of cases) {
          const got = await list(args);
          assert.deepEqual(got.names, names, args);
          assert.equal(got.count, names.length, `userCount(${args})`);
        }
      });

      it('userCount without a filter counts every user', async () => {
        const res = await q('USER', '{ userCount }');
        assert.equal(res.data.userCount, Number((await db()('users').count({ n: '*' }).first())!['n']));
      });

      it('a limit over 1000 or a negative offset is BAD_USER_INPUT', async () => {
        assert.deepEqual((await q('USER', '{ users(limit: 1001) { id } }')).codes, ['BAD_USER_INPUT']);
        assert.deepEqual((await q('USER', '{ users(offset: -1) { id } }')).codes, ['BAD_USER_INPUT']);
      });
    });
  });

  describe(`the last active admin (${backend.name})`, () => {
    let t: TestServer;
    let admin: SignedIn;
    before(async () => {
      t = await startTestServer(backend, { clock: createManualClock(), env: BOOTSTRAP_ENV });
      admin = await signInAdmin(t);
    });
    after(() => t.close());

    const activeAdmins = async () =>
      (await t.server.database.knex('users').where({ role: 'admin', active: true }).select('username')).map((r) => r.username).sort();

    it('the only admin cannot deactivate, demote or delete themselves', async () => {
      const attempts = [
        'mutation($id: ID!) { deactivateUser(id: $id) { id } }',
        'mutation($id: ID!) { updateUser(id: $id, input: { active: false }) { id } }',
        'mutation($id: ID!) { updateUser(id: $id, input: { role: USER }) { id } }',
        'mutation($id: ID!) { deleteUser(id: $id) }',
      ];
      for (const mutation of attempts) {
        const res = await gql(t, mutation, { id: admin.userId }, admin.accessToken);
        assert.deepEqual(res.codes, ['BAD_USER_INPUT'], mutation);
      }
      assert.deepEqual(await activeAdmins(), ['admin']);
      assert.equal((await gql(t, '{ me { role active } }', undefined, admin.accessToken)).data.me.role, 'ADMIN');
    });

    it('two admins demoting each other at the same moment leave exactly one admin', async () => {
      const second = await personWithRole(t, admin, 'ADMIN', 'second-admin');
      const demote = (who: SignedIn, whom: string) =>
        gql(t, 'mutation($id: ID!) { updateUser(id: $id, input: { role: USER }) { role } }', { id: whom }, who.accessToken);
      const [a, b] = await Promise.all([demote(admin, second.userId), demote(second, admin.userId)]);
      const outcomes = [a, b].map((r) => (r.errors ? r.codes[0] : 'ok')).sort();
      assert.equal(outcomes.filter((o) => o === 'ok').length, 1, `one demotion goes through: ${a.text} ${b.text}`);
      assert.equal((await activeAdmins()).length, 1);
    });
  });
}
