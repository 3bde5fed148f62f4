/**
 * Saved filters (issue 18, item 4) over GraphQL through real HTTP: a person's own filters, sharing
 * with groups (read-only for members), one default per person and resource, validated filters,
 * and persistence across a restart.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { durableStore, testBackends } from '../../../support/backends.js';
import { BOOTSTRAP_ENV, gql, personWithRole, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

const FIELDS = 'id name resource filter ownerId ownerUsername isOwn isDefault sharedWith { id name }';
const CREATE = `mutation($i: CreateSavedFilterInput!) { createSavedFilter(input: $i) { ${FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $i: UpdateSavedFilterInput!) { updateSavedFilter(id: $id, input: $i) { ${FIELDS} } }`;
const DELETE = 'mutation($id: ID!) { deleteSavedFilter(id: $id) }';
const SET_DEFAULT = `mutation($r: SavedFilterResource!, $id: ID) { setDefaultFilter(resource: $r, id: $id) { ${FIELDS} } }`;
const LIST = `query($r: SavedFilterResource) { savedFilters(resource: $r) { ${FIELDS} } }`;
const ONE = `query($id: ID!) { savedFilter(id: $id) { ${FIELDS} } }`;

type Person = SignedIn & { username: string };

for (const backend of testBackends()) {
  describe(`saved filters (${backend.name})`, () => {
    let t: TestServer;
    let admin: SignedIn;
    let alice: Person;
    let bob: Person;
    let carol: Person;
    let team: string;
    before(async () => {
      t = await startTestServer(backend, { env: BOOTSTRAP_ENV });
      admin = await signInAdmin(t);
      alice = await personWithRole(t, admin, 'USER', 'alice');
      bob = await personWithRole(t, admin, 'USER', 'bob');
      carol = await personWithRole(t, admin, 'USER', 'carol');
      team = (await gql(t, 'mutation { createGroup(input: { name: "payments" }) { id } }', undefined, admin.accessToken)).data.createGroup
        .id;
      await gql(
        t,
        'mutation($g: ID!, $u: ID!) { addUserToGroup(groupId: $g, userId: $u) { id } }',
        { g: team, u: bob.userId },
        admin.accessToken,
      );
    });
    after(() => t.close());

    const create = async (who: Person, input: Record<string, unknown>) => {
      const res = await gql(t, CREATE, { i: { resource: 'SERVICES', filter: '{"status":["DOWN"]}', ...input } }, who.accessToken);
      assert.equal(res.errors, undefined, res.text);
      return res.data.createSavedFilter;
    };
    const list = async (who: Person, r?: string) => (await gql(t, LIST, r ? { r } : {}, who.accessToken)).data.savedFilters as any[];

    it('a person creates a filter and reads it back; nobody else sees an unshared one', async () => {
      const mine = await create(alice, { name: 'Down services', filter: '{"status": ["DOWN"], "nodeId": "eu/prod"}' });
      assert.deepEqual(JSON.parse(mine.filter), { status: ['DOWN'], nodeId: 'eu/prod' });
      assert.equal(mine.isOwn, true);
      assert.equal(mine.ownerUsername, 'alice');
      assert.ok((await list(alice)).some((f) => f.id === mine.id));
      assert.equal((await gql(t, ONE, { id: mine.id }, bob.accessToken)).data.savedFilter, null);
      assert.ok(!(await list(bob)).some((f) => f.id === mine.id));
      assert.equal(
        (await gql(t, ONE, { id: mine.id }, admin.accessToken)).data.savedFilter,
        null,
        "not even an admin reads another person's filter",
      );
    });

    it('a filter shared with a group is read by its members, read-only, and not by others', async () => {
      const shared = await create(alice, { name: 'Payments', sharedWithGroupIds: [team] });
      assert.deepEqual(shared.sharedWith, [{ id: team, name: 'payments' }]);
      const seen = (await list(bob, 'SERVICES')).find((f) => f.id === shared.id);
      assert.equal(seen.isOwn, false);
      assert.equal(seen.ownerUsername, 'alice');
      assert.equal((await gql(t, UPDATE, { id: shared.id, i: { name: 'mine now' } }, bob.accessToken)).codes[0], 'FORBIDDEN');
      assert.equal((await gql(t, DELETE, { id: shared.id }, bob.accessToken)).codes[0], 'FORBIDDEN');
      assert.equal((await gql(t, SET_DEFAULT, { r: 'SERVICES', id: shared.id }, bob.accessToken)).codes[0], 'FORBIDDEN');
      assert.equal((await gql(t, ONE, { id: shared.id }, carol.accessToken)).data.savedFilter, null, 'carol is not in the group');
      assert.equal((await gql(t, UPDATE, { id: shared.id, i: { name: 'x' } }, carol.accessToken)).codes[0], 'NOT_FOUND');
      const unshared = await gql(t, UPDATE, { id: shared.id, i: { sharedWithGroupIds: null } }, alice.accessToken);
      assert.deepEqual(unshared.data.updateSavedFilter.sharedWith, []);
      assert.equal((await gql(t, ONE, { id: shared.id }, bob.accessToken)).data.savedFilter, null, 'unshared at once');
    });

    it('one default per person per resource: a new default replaces the old one; other resources keep theirs', async () => {
      const a = await create(carol, { name: 'A', isDefault: true });
      const tickets = await create(carol, { name: 'Mine', resource: 'TICKETS', filter: '{"assignee":"me"}', isDefault: true });
      const b = await create(carol, { name: 'B', isDefault: true });
      const defaults = (await list(carol))
        .filter((f) => f.isDefault)
        .map((f) => f.id)
        .sort();
      assert.deepEqual(defaults, [b.id, tickets.id].sort());
      const set = await gql(t, SET_DEFAULT, { r: 'SERVICES', id: a.id }, carol.accessToken);
      assert.equal(set.data.setDefaultFilter.id, a.id);
      assert.deepEqual(
        (await list(carol, 'SERVICES')).filter((f) => f.isDefault).map((f) => f.id),
        [a.id],
      );
      const cleared = await gql(t, SET_DEFAULT, { r: 'SERVICES' }, carol.accessToken);
      assert.equal(cleared.data.setDefaultFilter, null);
      assert.deepEqual(
        (await list(carol, 'SERVICES')).filter((f) => f.isDefault),
        [],
      );
      assert.equal(
        (await gql(t, SET_DEFAULT, { r: 'SERVICES', id: tickets.id }, carol.accessToken)).codes[0],
        'BAD_USER_INPUT',
        'a TICKETS filter is no SERVICES default',
      );
      await t.server.writer.settled();
      const rows = await t.server.database.knex('saved_filters').where({ owner_id: carol.userId, is_default: true }).select('id');
      assert.deepEqual(
        rows.map((r: { id: string }) => r.id),
        [tickets.id],
      );
    });

    it('the owner updates and deletes their filter', async () => {
      const f = await create(alice, { name: 'Old name' });
      const updated = await gql(t, UPDATE, { id: f.id, i: { name: 'New name', filter: '{"criticality":"high"}' } }, alice.accessToken);
      assert.equal(updated.errors, undefined, updated.text);
      assert.equal(updated.data.updateSavedFilter.name, 'New name');
      assert.deepEqual(JSON.parse(updated.data.updateSavedFilter.filter), { criticality: 'high' });
      assert.equal((await gql(t, DELETE, { id: f.id }, alice.accessToken)).data.deleteSavedFilter, true);
      assert.equal((await gql(t, ONE, { id: f.id }, alice.accessToken)).data.savedFilter, null);
      assert.equal((await gql(t, DELETE, { id: f.id }, alice.accessToken)).codes[0], 'NOT_FOUND');
    });

    it('invalid input is refused with BAD_USER_INPUT and nothing is saved', async () => {
      const deep = JSON.stringify(Array.from({ length: 9 }).reduce<unknown>((inner) => ({ a: inner }), 1)); // 9 levels
      const cases: [string, Record<string, unknown>][] = [
        ['not JSON', { name: 'x', filter: '{status' }],
        ['an array', { name: 'x', filter: '["DOWN"]' }],
        ['a string', { name: 'x', filter: '"DOWN"' }],
        ['null', { name: 'x', filter: 'null' }],
        ['too deep', { name: 'x', filter: deep }],
        ['too large', { name: 'x', filter: JSON.stringify({ q: 'x'.repeat(17_000) }) }],
        ['too many values', { name: 'x', filter: JSON.stringify({ ids: Array.from({ length: 1001 }, (_, i) => i) }) }],
        ['empty name', { name: '  ', filter: '{}' }],
        ['unknown group', { name: 'x', filter: '{}', sharedWithGroupIds: ['00000000-0000-4000-8000-000000000000'] }],
        ['a name taken by the person', { name: 'Down services', filter: '{}' }],
      ];
      const before = (await list(alice)).length;
      for (const [why, input] of cases) {
        const res = await gql(t, CREATE, { i: { resource: 'SERVICES', ...input } }, alice.accessToken);
        assert.equal(res.codes[0], 'BAD_USER_INPUT', `${why}: ${res.text.slice(0, 200)}`);
      }
      assert.equal((await list(alice)).length, before);
    });

    it('signed-out callers are refused', async () => {
      assert.equal((await gql(t, LIST)).codes[0], 'UNAUTHENTICATED');
    });

    it('deleting a person deletes their filters', async () => {
      const dave = await personWithRole(t, admin, 'USER', 'dave');
      const f = await create(dave, { name: "Dave's", sharedWithGroupIds: [team] });
      assert.equal((await gql(t, 'mutation($id: ID!) { deleteUser(id: $id) }', { id: dave.userId }, admin.accessToken)).errors, undefined);
      assert.equal((await gql(t, ONE, { id: f.id }, bob.accessToken)).data.savedFilter, null);
      assert.equal((await t.server.database.knex('saved_filters').where({ id: f.id })).length, 0);
    });
  });

  describe(`saved filters across a restart (${backend.name})`, () => {
    it('filters, sharing and defaults are there after a restart', async () => {
      const store = await durableStore(backend);
      try {
        const first = await startTestServer(backend, { env: BOOTSTRAP_ENV, store: store.forRun() });
        let id: string;
        try {
          const admin = await signInAdmin(first);
          const res = await gql(
            first,
            CREATE,
            { i: { name: 'Kept', resource: 'TICKETS', filter: '{"state":"open"}', isDefault: true } },
            admin.accessToken,
          );
          id = res.data.createSavedFilter.id;
        } finally {
          await first.close();
        }
        const second = await startTestServer(backend, { env: BOOTSTRAP_ENV, store: store.forRun() });
        try {
          const admin = await signInAdmin(second);
          const f = (await gql(second, ONE, { id }, admin.accessToken)).data.savedFilter;
          assert.equal(f.name, 'Kept');
          assert.equal(f.isDefault, true);
          assert.deepEqual(JSON.parse(f.filter), { state: 'open' });
        } finally {
          await second.close();
        }
      } finally {
        await store.dispose();
      }
    });
  });
}
