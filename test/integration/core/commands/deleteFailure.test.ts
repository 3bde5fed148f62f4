/**
 * A refused delete rolls back like any other commit (batchWriter.ts): the GraphQL mutation answers
 * UNAVAILABLE, and the service is back in memory with its indexes (listed, found by name, still a
 * dependency target), equal to the database. The database refuses through a trigger that raises on
 * deleting services named "undeletable*" (PGlite is real PostgreSQL, so it works on both backends).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testBackends } from '../../../support/backends.js';
import { BOOTSTRAP_ENV, gql, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

const CREATE = 'mutation($i: CreateServiceInput!) { createService(input: $i) { id } }';

for (const backend of testBackends()) {
  describe(`a refused delete is rolled back in memory (${backend.name})`, { timeout: 120_000 }, () => {
    let t: TestServer;
    let admin: SignedIn;
    let target: string;
    let dependent: string;

    before(async () => {
      t = await startTestServer(backend, { env: BOOTSTRAP_ENV });
      admin = await signInAdmin(t);
      target = (await gql(t, CREATE, { i: { name: 'undeletable-db', nodeId: 'eu/prod/db' } }, admin.accessToken)).data.createService.id;
      const created = await gql(
        t,
        CREATE,
        { i: { name: 'api', nodeId: 'eu/prod/app', dependencies: [{ targetServiceId: target, dependencyType: 'data' }] } },
        admin.accessToken,
      );
      dependent = created.data.createService.id;
      await t.server.database.knex.raw(`create function refuse_delete() returns trigger language plpgsql as $$
        begin
          if old.name like 'undeletable%' then raise exception 'service % may not go (test trigger)', old.name; end if;
          return old;
        end $$`);
      await t.server.database.knex.raw(
        'create trigger refuse_delete before delete on services for each row execute function refuse_delete()',
      );
    });
    after(async () => {
      await t?.close();
    });

    it('deleteService answers UNAVAILABLE and the service, its place in lists and its dependents are back', async () => {
      const res = await gql(t, 'mutation($id: ID!) { deleteService(id: $id) }', { id: target }, admin.accessToken);
      assert.deepEqual(res.codes, ['UNAVAILABLE'], res.text);

      const after = await gql(
        t,
        `query($id: ID!) {
        service(id: $id) { name dependents { sourceService { id } dependencyType } }
        services(filter: { search: "undeletable" }) { id }
        serviceCount
      }`,
        { id: target },
        admin.accessToken,
      );
      assert.equal(after.errors, undefined, after.text);
      assert.equal(after.data.service.name, 'undeletable-db');
      assert.deepEqual(after.data.service.dependents, [{ sourceService: { id: dependent }, dependencyType: 'data' }]);
      assert.deepEqual(after.data.services, [{ id: target }]);
      assert.equal(after.data.serviceCount, 2);
      assert.equal(t.server.fleet.services.find('eu/prod/db', 'undeletable-db')?.id, target);

      const rows = await t.server.database.knex('services').where({ id: target });
      assert.equal(rows.length, 1, 'the row is still in the database');
      const dependentRow = await t.server.database.knex('services').where({ id: dependent }).first();
      const dependencies =
        typeof dependentRow.dependencies === 'string' ? JSON.parse(dependentRow.dependencies) : dependentRow.dependencies;
      assert.deepEqual(dependencies, [{ targetId: target, type: 'data' }], 'the dependent kept its dependency in the database too');
    });

    it('after the refusal the server keeps working: another service is deleted normally', async () => {
      const res = await gql(t, 'mutation($id: ID!) { deleteService(id: $id) }', { id: dependent }, admin.accessToken);
      assert.equal(res.errors, undefined, res.text);
      assert.equal(res.data.deleteService, true);
      assert.equal(t.server.fleet.services.get(dependent), undefined);
      assert.equal((await t.server.database.knex('services').where({ id: dependent })).length, 0);
    });
  });
}
