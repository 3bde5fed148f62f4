/**
 * A plugin is added by a folder and one line in the module list, and nothing else (issue 28, item 2):
 * test/fixtures/checklists is such a folder, and `.with(checklistsModule)` the line. Everything it
 * declares appears in the lists the product derives from its modules: its permissions with their
 * default roles in the permission table, its screen among the console's, its setting read and
 * validated with the rest of the configuration, its stream served by the realtime module, its
 * migration run in its own namespace, its table written, its schema served. Over real HTTP and
 * GraphQL-over-WebSocket too.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadProductConfig, productModules } from '../../src/plugins/productModules.js';
import { ADMIN, EVERYONE, STAFF } from '../../src/core/auth/roles.js';
import { migrationId } from '../../src/platform/persistence/migration.js';
import { testBackends } from '../support/backends.js';
import { gql, personWithRole, signInAdmin, type SignedIn } from '../support/graphql.js';
import { connectClient, subscribe, waitForSubscribers } from '../support/realtime.js';
import { startTestServer, type TestServer } from '../support/testServer.js';
import { checklistsModule } from '../fixtures/checklists/checklistsModule.js';
import { BOOTSTRAP_ENV } from '../support/graphql.js';
import { configProblems } from '../support/configProblems.js';

const product = productModules();
const withChecklists = productModules().with(checklistsModule);

const problemsOf = (env: Record<string, string>): string[] => configProblems(() => loadProductConfig(env, undefined, [checklistsModule]));

describe('a plugin added by its folder and one line: the derived lists', () => {
  it("its permissions and their default roles join the permission table, after the product's", () => {
    const table = withChecklists.permissions();
    assert.deepEqual(table.slice(0, product.permissions().length), product.permissions());
    assert.deepEqual(table.slice(product.permissions().length), [
      ['checklist:read', EVERYONE],
      ['checklist:write', STAFF],
    ]);
    assert.equal(new Map(product.permissions()).get('policy:manage'), ADMIN);
    assert.equal(new Map(product.permissions()).has('checklist:read'), false);
  });

  it("its screen joins the console's screens", () => {
    assert.deepEqual(withChecklists.screens().at(-1), { name: 'checklists', label: 'Checklists', needs: 'checklist:read' });
    assert.equal(
      product.screens().some((s) => s.name === 'checklists'),
      false,
    );
  });

  it('its setting is a typed slice of the configuration, validated and reported with the rest', () => {
    assert.equal(loadProductConfig({}, undefined, [checklistsModule]).checklists.titleMax, 80);
    assert.equal(loadProductConfig({ SVC_CHECKLIST_TITLE_MAX: '12' }, undefined, [checklistsModule]).checklists.titleMax, 12);
    assert.deepEqual(problemsOf({ SVC_PORT: 'eighty', SVC_CHECKLIST_TITLE_MAX: 'many', SVC_SLA_REPORT_TIME: '25:00' }), [
      'SVC_PORT must be a whole number, got "eighty"',
      'SVC_SLA_REPORT_TIME must be a UTC time of day as HH:MM (00:00 to 23:59), got "25:00"',
      'SVC_CHECKLIST_TITLE_MAX must be a whole number from 1 to 500, got "many"',
    ]);
    assert.equal('checklists' in loadProductConfig({}), false, 'the product alone has no such setting');
  });

  it('its stream joins the named streams', () => {
    assert.deepEqual(
      withChecklists.streams().map((s) => s.field),
      ['licenseUpdated', 'notificationReceived', 'checklistAdded'],
    );
  });

  it("its migration runs in its own namespace, after the product's", () => {
    const ids = withChecklists.migrations().map(migrationId);
    assert.deepEqual(ids.slice(0, -1), product.migrations().map(migrationId));
    assert.equal(ids.at(-1), 'checklists/1');
  });

  it('its table commits in an order derived from the module list, after the table it references', () => {
    const orders = withChecklists.tableOrder();
    assert.equal(product.tableOrder().size, 0, 'every product table has its order');
    const highest = Math.max(...product.modules.flatMap((m) => (m.tables ?? []).map((t) => t.order!)));
    assert.ok(orders.get('checklists')! > highest, 'after every table with an order (services among them)');
    const parentless = {
      ...checklistsModule,
      name: 'early',
      migrations: [],
      tables: [
        { ...checklistsModule.tables![0]!, name: 'early_checklists', references: [{ ...checklistsModule.tables![0]!, references: [] }] },
      ],
    };
    assert.throws(
      () => productModules().with(parentless).tableOrder(),
      /table early_checklists of module early references checklists, which no module declares/,
    );
  });

  it("its schema is served with the product's", () => {
    const schema = withChecklists.schema();
    assert.ok(schema.getQueryType()!.getFields()['checklists']);
    assert.ok(schema.getSubscriptionType()!.getFields()['checklistAdded']);
  });

  it('a clash with what another module declares is refused before anything starts', () => {
    const twin = {
      ...checklistsModule,
      name: 'checklists-twin',
      migrations: [],
      tables: [],
      schema: [],
      streams: [],
      screens: [],
      settings: [],
    };
    assert.throws(
      () => productModules().with(checklistsModule).with(twin).permissions(),
      /permission checklist:read is declared by module checklists and by module checklists-twin/,
    );
    assert.throws(
      () =>
        productModules()
          .with({ ...twin, permissions: {}, screens: checklistsModule.screens! })
          .screens(),
      /screen checklists of module checklists-twin needs checklist:read, which no module declares/,
    );
    assert.throws(
      () =>
        productModules()
          .with(checklistsModule)
          .with({ ...twin, permissions: {}, streams: checklistsModule.streams! })
          .streams(),
      /stream checklistAdded is declared by module checklists and by module checklists-twin/,
    );
    assert.throws(
      () =>
        productModules()
          .with(checklistsModule)
          .with({ ...twin, permissions: {}, settings: checklistsModule.settings! })
          .settings(),
      /settings slice checklists is declared by module checklists and by module checklists-twin/,
    );
    assert.throws(
      () =>
        productModules()
          .with({ ...twin, permissions: {}, migrations: checklistsModule.migrations! })
          .migrations(),
      /migration checklists\/1 of module checklists-twin is in another module's namespace/,
    );
    assert.throws(
      () =>
        productModules()
          .with({ ...twin, permissions: {}, migrations: [{ version: 27, name: 'late', up: async () => undefined }] })
          .migrations(),
      /migration 27 \(late\) of module checklists-twin has no namespace: the product-wide sequence ended at 26/,
    );
  });
});

for (const backend of testBackends()) {
  describe(`a plugin added by its folder and one line, over HTTP and WebSocket (${backend.name})`, () => {
    let t: TestServer;
    let admin: SignedIn;
    let user: SignedIn;
    let serviceId: string;
    before(async () => {
      t = await startTestServer(backend, { extraModules: [checklistsModule], env: { ...BOOTSTRAP_ENV, SVC_CHECKLIST_TITLE_MAX: '12' } });
      admin = await signInAdmin(t);
      user = await personWithRole(t, admin, 'USER');
      serviceId = (
        await gql(t, 'mutation { createService(input: { name: "billing", nodeId: "eu/prod" }) { id } }', undefined, admin.accessToken)
      ).data.createService.id;
    });
    after(() => t?.close());

    it('its permissions decide by their default roles: a user may read checklists, not add one; an admin may', async () => {
      assert.deepEqual((await gql(t, '{ checklists { title } }', undefined, user.accessToken)).data, { checklists: [] });
      const add = 'mutation($s: ID!, $t: String!) { addChecklist(serviceId: $s, title: $t) { serviceId title } }';
      const refused = await gql(t, add, { s: serviceId, t: 'runbook' }, user.accessToken);
      assert.deepEqual(refused.codes, ['FORBIDDEN']);
      assert.match(refused.errors![0].message, /role user may not write checklists/);
      assert.deepEqual((await gql(t, add, { s: serviceId, t: 'runbook' }, admin.accessToken)).data, {
        addChecklist: { serviceId, title: 'runbook' },
      });
      assert.deepEqual(
        await t.server.database.knex('checklists').pluck('title'),
        ['runbook'],
        'its table, created by its migration, holds the row',
      );
      assert.deepEqual(await t.server.database.knex('module_migrations').where({ namespace: 'checklists' }).pluck('version'), [1]);
    });

    it('its setting reaches the module: a title over SVC_CHECKLIST_TITLE_MAX is refused', async () => {
      const res = await gql(
        t,
        'mutation($s: ID!) { addChecklist(serviceId: $s, title: "far too long a title") { id } }',
        { s: serviceId },
        admin.accessToken,
      );
      assert.deepEqual(res.codes, ['BAD_USER_INPUT']);
      assert.match(res.errors![0].message, /at most 12 characters \(SVC_CHECKLIST_TITLE_MAX\)/);
    });

    it('the policy knows its actions and its screen', async () => {
      const resources = (await gql(t, '{ policyResources { resource actions } }', undefined, admin.accessToken)).data.policyResources;
      assert.deepEqual(
        resources.find((r: { resource: string }) => r.resource === 'checklist'),
        { resource: 'checklist', actions: ['read', 'write'] },
      );
      const screens = (await gql(t, '{ myUIPermissions { screen label allowed } }', undefined, user.accessToken)).data.myUIPermissions;
      assert.deepEqual(
        screens.find((s: { screen: string }) => s.screen === 'checklists'),
        { screen: 'checklists', label: 'Checklists', allowed: true },
      );
      const deny =
        'mutation { addPermissionRule(input: { subjectType: ROLE, subject: "user", resource: "checklist", action: "read", effect: DENY }) { id } }';
      assert.equal((await gql(t, deny, undefined, admin.accessToken)).errors, undefined);
      assert.deepEqual((await gql(t, '{ checklists { title } }', undefined, user.accessToken)).codes, ['FORBIDDEN']);
    });

    it('its stream delivers what it publishes to those who may read it', async () => {
      const client = connectClient(t, { token: admin.accessToken });
      const feed = subscribe(client, 'subscription { checklistAdded { title } }');
      await waitForSubscribers(t, 'checklists', 1);
      assert.equal(
        (await gql(t, 'mutation($s: ID!) { addChecklist(serviceId: $s, title: "on-call") { id } }', { s: serviceId }, admin.accessToken))
          .errors,
        undefined,
      );
      assert.deepEqual((await feed.data()).checklistAdded, { title: 'on-call' });
      await client.dispose();
    });
  });
}
