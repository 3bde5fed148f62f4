/**
 * Groups over GraphQL (issue 3), through real HTTP: every signed-in role reads groups and their
 * members; only admins create, rename, delete groups and change membership (other roles get
 * FORBIDDEN and nothing changes); names are unique ignoring case; the tables match what the API
 * says. Users: graphqlPeople.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends } from '../../../support/backends.js';
import { BOOTSTRAP_ENV, gql, personWithRole, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

type Role = 'ADMIN' | 'OPERATOR' | 'USER';
const ROLES: readonly Role[] = ['ADMIN', 'OPERATOR', 'USER'];
const REFUSED: readonly (Role | null)[] = ['OPERATOR', 'USER', null];
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const CREATE = 'mutation($i: CreateGroupInput!) { createGroup(input: $i) { id name description memberCount createdAt } }';
const UPDATE = 'mutation($id: ID!, $i: UpdateGroupInput!) { updateGroup(id: $id, input: $i) { id name description } }';
const DELETE = 'mutation($id: ID!) { deleteGroup(id: $id) }';
const ADD = 'mutation($g: ID!, $u: ID!) { addUserToGroup(groupId: $g, userId: $u) { id memberCount members { username } } }';
const REMOVE = 'mutation($g: ID!, $u: ID!) { removeUserFromGroup(groupId: $g, userId: $u) { id memberCount members { username } } }';

const who = (role: Role | null) => role ?? 'an unauthenticated caller';
const refusal = (role: Role | null) => (role ? 'FORBIDDEN' : 'UNAUTHENTICATED');

for (const backend of testBackends()) {
  describe(`groups over GraphQL (${backend.name})`, () => {
    const clock = createManualClock();
    let t: TestServer;
    const as = {} as Record<Role, SignedIn>;
    let member: SignedIn & { username: string };
    let outsider: SignedIn & { username: string };
    let fixture: string;
    before(async () => {
      t = await startTestServer(backend, { clock, env: BOOTSTRAP_ENV });
      as.ADMIN = await signInAdmin(t);
      as.OPERATOR = await personWithRole(t, as.ADMIN, 'OPERATOR', 'gina-operator');
      as.USER = await personWithRole(t, as.ADMIN, 'USER', 'gus-user');
      member = await personWithRole(t, as.ADMIN, 'USER', 'mia-member');
      outsider = await personWithRole(t, as.ADMIN, 'USER', 'otto-outsider');
      fixture = (await gql(t, CREATE, { i: { name: 'fixture-team', description: 'kept by every test' } }, as.ADMIN.accessToken)).data
        .createGroup.id;
      await gql(t, ADD, { g: fixture, u: member.userId }, as.ADMIN.accessToken);
    });
    after(() => t.close());

    const db = () => t.server.database.knex;
    const q = (role: Role | null, query: string, variables?: Record<string, unknown>) =>
      gql(t, query, variables, role === null ? undefined : as[role].accessToken);
    const snapshot = async () => ({
      groups: await db()('groups').orderBy('id').select('*'),
      members: await db()('group_members').orderBy(['group_id', 'user_id']).select('*'),
    });
    const newGroup = async (name: string) => {
      const res = await q('ADMIN', CREATE, { i: { name } });
      assert.equal(res.errors, undefined, res.text);
      return res.data.createGroup.id as string;
    };
    const memberRows = (groupId: string) => db()('group_members').where({ group_id: groupId }).orderBy('user_id').select('user_id');

    describe('reading groups', () => {
      const READS: { name: string; query: string; check: (data: any) => void }[] = [
        {
          name: 'group',
          query: 'query($id: ID!) { group(id: $id) { name memberCount members { username } } }',
          check: (d) => assert.deepEqual(d.group, { name: 'fixture-team', memberCount: 1, members: [{ username: 'mia-member' }] }),
        },
        {
          name: 'groups',
          query: '{ groups(search: "FIXTURE") { name } }',
          check: (d) => assert.deepEqual(d.groups, [{ name: 'fixture-team' }]),
        },
        {
          name: 'groupMembers',
          query: 'query($id: ID!) { groupMembers(groupId: $id) { username } }',
          check: (d) => assert.deepEqual(d.groupMembers, [{ username: 'mia-member' }]),
        },
      ];
      for (const op of READS) {
        for (const role of ROLES) {
          it(`${op.name} answers for ${role}`, async () => {
            const res = await q(role, op.query, op.name === 'groups' ? undefined : { id: fixture });
            assert.equal(res.errors, undefined, res.text);
            op.check(res.data);
          });
        }
        it(`${op.name} without a token is UNAUTHENTICATED`, async () => {
          assert.deepEqual((await q(null, op.query, op.name === 'groups' ? undefined : { id: fixture })).codes, ['UNAUTHENTICATED']);
        });
      }

      it('group of an unknown id is null; groupMembers of an unknown group is NOT_FOUND', async () => {
        assert.equal((await q('USER', 'query($id: ID!) { group(id: $id) { id } }', { id: UNKNOWN_ID })).data.group, null);
        assert.deepEqual((await q('USER', 'query($id: ID!) { groupMembers(groupId: $id) { id } }', { id: UNKNOWN_ID })).codes, [
          'NOT_FOUND',
        ]);
      });

      it('a user lists their groups by name, and members show email to admins only', async () => {
        const res = await q('USER', 'query($id: ID!, $g: ID!) { user(id: $id) { groups { name } } group(id: $g) { members { email } } }', {
          id: member.userId,
          g: fixture,
        });
        assert.deepEqual(res.data, { user: { groups: [{ name: 'fixture-team' }] }, group: { members: [{ email: null }] } });
        const asAdmin = await q('ADMIN', 'query($g: ID!) { groupMembers(groupId: $g) { email } }', { g: fixture });
        assert.deepEqual(asAdmin.data.groupMembers, [{ email: 'mia-member@example.com' }]);
      });

      it('groups are ordered by name and paged with limit and offset; search matches part of the name in any case', async () => {
        for (const name of ['pg-delta', 'pg-alpha', 'pg-charlie', 'pg-bravo']) await newGroup(name);
        const names = async (args: string) =>
          (await q('OPERATOR', `{ groups(${args}) { name } }`)).data.groups.map((g: { name: string }) => g.name);
        assert.deepEqual(await names('search: "PG-"'), ['pg-alpha', 'pg-bravo', 'pg-charlie', 'pg-delta']);
        assert.deepEqual(await names('search: "pg-", limit: 2, offset: 1'), ['pg-bravo', 'pg-charlie']);
        assert.deepEqual(await names('search: "arli"'), ['pg-charlie']);
        assert.deepEqual((await q('USER', '{ groups(limit: 5000) { id } }')).codes, ['BAD_USER_INPUT']);
      });

      it('members and groupMembers are ordered by username and paged', async () => {
        const group = await newGroup('paged-members');
        for (const p of [outsider, member, as.USER, as.OPERATOR]) await q('ADMIN', ADD, { g: group, u: p.userId });
        const res = await q(
          'USER',
          'query($g: ID!) { group(id: $g) { memberCount members(limit: 2, offset: 1) { username } } groupMembers(groupId: $g, offset: 3) { username } }',
          { g: group },
        );
        assert.deepEqual(res.data, {
          group: { memberCount: 4, members: [{ username: 'gus-user' }, { username: 'mia-member' }] },
          groupMembers: [{ username: 'otto-outsider' }],
        });
      });
    });

    describe('createGroup', () => {
      it('an admin creates a group, stored in the groups table', async () => {
        const res = await q('ADMIN', CREATE, { i: { name: 'Platform', description: 'runs the platform' } });
        assert.equal(res.errors, undefined, res.text);
        const group = res.data.createGroup;
        assert.deepEqual(
          { ...group, id: undefined },
          {
            id: undefined,
            name: 'Platform',
            description: 'runs the platform',
            memberCount: 0,
            createdAt: new Date(clock.now()).toISOString(),
          },
        );
        const row = await db()('groups').where({ id: group.id }).first();
        assert.deepEqual([row.name, row.description, new Date(row.created_at).getTime()], ['Platform', 'runs the platform', clock.now()]);
      });

      it('a name another group has, in any case, is BAD_USER_INPUT', async () => {
        const before = await snapshot();
        assert.deepEqual((await q('ADMIN', CREATE, { i: { name: 'FIXTURE-Team' } })).codes, ['BAD_USER_INPUT']);
        assert.deepEqual(await snapshot(), before);
      });

      for (const role of REFUSED) {
        it(`by ${who(role)} is ${refusal(role)} and creates nothing`, async () => {
          const before = await snapshot();
          const res = await q(role, CREATE, { i: { name: `made-by-${who(role)}` } });
          assert.deepEqual(res.codes, [refusal(role)]);
          assert.deepEqual(await snapshot(), before);
        });
      }
    });

    describe('updateGroup', () => {
      it('an admin renames a group and changes or clears its description', async () => {
        const id = await newGroup('to-rename');
        const res = await q('ADMIN', UPDATE, { id, i: { name: 'renamed-group', description: 'now described' } });
        assert.deepEqual(res.data.updateGroup, { id, name: 'renamed-group', description: 'now described' });
        assert.equal((await q('ADMIN', UPDATE, { id, i: { description: null } })).data.updateGroup.description, null);
        const row = await db()('groups').where({ id }).first();
        assert.deepEqual([row.name, row.description], ['renamed-group', null]);
        assert.ok(await newGroup('to-rename'), 'the old name is free again');
      });

      it('to a name another group has is BAD_USER_INPUT; to its own name in another case is fine', async () => {
        const id = await newGroup('case-only');
        assert.deepEqual((await q('ADMIN', UPDATE, { id, i: { name: 'Fixture-Team' } })).codes, ['BAD_USER_INPUT']);
        assert.equal((await q('ADMIN', UPDATE, { id, i: { name: 'CASE-ONLY' } })).data.updateGroup.name, 'CASE-ONLY');
      });

      it('of an unknown group is NOT_FOUND', async () => {
        assert.deepEqual((await q('ADMIN', UPDATE, { id: UNKNOWN_ID, i: { name: 'ghost' } })).codes, ['NOT_FOUND']);
      });

      for (const role of REFUSED) {
        it(`by ${who(role)} is ${refusal(role)} and changes nothing`, async () => {
          const before = await snapshot();
          assert.deepEqual((await q(role, UPDATE, { id: fixture, i: { name: 'hijacked', description: 'defaced' } })).codes, [
            refusal(role),
          ]);
          assert.deepEqual(await snapshot(), before);
        });
      }
    });

    describe('deleteGroup', () => {
      it('an admin deletes a group: its memberships go, and services it was the team of have no team', async () => {
        const id = await newGroup('to-delete');
        await q('ADMIN', ADD, { g: id, u: outsider.userId });
        const created = await q(
          'ADMIN',
          'mutation($g: ID!) { createService(input: { name: "team-svc", nodeId: "eu/prod/groups-1", teamId: $g }) { id team { id } } }',
          { g: id },
        );
        assert.equal(created.data.createService.team.id, id, created.text);
        assert.equal((await q('ADMIN', DELETE, { id })).data.deleteGroup, true);
        assert.equal(await db()('groups').where({ id }).first(), undefined);
        assert.deepEqual(await memberRows(id), []);
        assert.equal((await db()('services').where({ id: created.data.createService.id }).first()).team_id, null);
        const after = await q(
          'ADMIN',
          'query($g: ID!, $u: ID!, $s: ID!) { group(id: $g) { id } user(id: $u) { groups { name } } service(id: $s) { team { id } } }',
          { g: id, u: outsider.userId, s: created.data.createService.id },
        );
        assert.equal(after.data.group, null);
        assert.ok(!after.data.user.groups.some((g: { name: string }) => g.name === 'to-delete'), 'the member is in the group no more');
        assert.equal(after.data.service.team, null);
      });

      it('of an unknown group is NOT_FOUND', async () => {
        assert.deepEqual((await q('ADMIN', DELETE, { id: UNKNOWN_ID })).codes, ['NOT_FOUND']);
      });

      for (const role of REFUSED) {
        it(`by ${who(role)} is ${refusal(role)} and deletes nothing`, async () => {
          const before = await snapshot();
          assert.deepEqual((await q(role, DELETE, { id: fixture })).codes, [refusal(role)]);
          assert.deepEqual(await snapshot(), before);
        });
      }
    });

    describe('addUserToGroup and removeUserFromGroup', () => {
      it("an admin adds a member: the answer, the user's groups and the group_members table agree", async () => {
        const id = await newGroup('joiners');
        const res = await q('ADMIN', ADD, { g: id, u: outsider.userId });
        assert.deepEqual(res.data.addUserToGroup, { id, memberCount: 1, members: [{ username: 'otto-outsider' }] });
        assert.deepEqual(await memberRows(id), [{ user_id: outsider.userId }]);
        const groups = await q('USER', 'query($u: ID!) { user(id: $u) { groups { name } } }', { u: outsider.userId });
        assert.ok(groups.data.user.groups.some((g: { name: string }) => g.name === 'joiners'));
      });

      it('adding a member twice keeps one membership', async () => {
        const id = await newGroup('twice');
        await q('ADMIN', ADD, { g: id, u: outsider.userId });
        assert.equal((await q('ADMIN', ADD, { g: id, u: outsider.userId })).data.addUserToGroup.memberCount, 1);
        assert.equal((await memberRows(id)).length, 1);
      });

      it('adding an unknown user or to an unknown group is NOT_FOUND', async () => {
        assert.deepEqual((await q('ADMIN', ADD, { g: fixture, u: UNKNOWN_ID })).codes, ['NOT_FOUND']);
        assert.deepEqual((await q('ADMIN', ADD, { g: UNKNOWN_ID, u: outsider.userId })).codes, ['NOT_FOUND']);
      });

      it('an admin removes a member: the row goes, other members stay', async () => {
        const id = await newGroup('leavers-2');
        await q('ADMIN', ADD, { g: id, u: outsider.userId });
        await q('ADMIN', ADD, { g: id, u: member.userId });
        const res = await q('ADMIN', REMOVE, { g: id, u: outsider.userId });
        assert.deepEqual(res.data.removeUserFromGroup, { id, memberCount: 1, members: [{ username: 'mia-member' }] });
        assert.deepEqual(await memberRows(id), [{ user_id: member.userId }]);
      });

      it('removing someone who is not a member changes nothing; from an unknown group is NOT_FOUND', async () => {
        const before = await snapshot();
        assert.equal((await q('ADMIN', REMOVE, { g: fixture, u: outsider.userId })).data.removeUserFromGroup.memberCount, 1);
        assert.deepEqual(await snapshot(), before);
        assert.deepEqual((await q('ADMIN', REMOVE, { g: UNKNOWN_ID, u: outsider.userId })).codes, ['NOT_FOUND']);
      });

      for (const role of REFUSED) {
        it(`addUserToGroup by ${who(role)} is ${refusal(role)} and adds nobody`, async () => {
          const before = await snapshot();
          const self = role ? as[role].userId : outsider.userId;
          assert.deepEqual((await q(role, ADD, { g: fixture, u: self })).codes, [refusal(role)]);
          assert.deepEqual(await snapshot(), before);
        });

        it(`removeUserFromGroup by ${who(role)} is ${refusal(role)} and removes nobody`, async () => {
          const before = await snapshot();
          assert.deepEqual((await q(role, REMOVE, { g: fixture, u: member.userId })).codes, [refusal(role)]);
          assert.deepEqual(await snapshot(), before);
        });
      }
    });
  });
}
