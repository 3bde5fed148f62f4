/**
 * Permission rules, environments and screens through the real server (docs/access.md): a rule
 * takes effect on the next request and is gone as soon as it is deleted; services inside an
 * environment are listed, read, changed and heard of only by admins and the groups granted it;
 * services in no environment behave as before; screens follow the role table unless a screen
 * permission says otherwise.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends } from '../../../support/backends.js';
import { BOOTSTRAP_ENV, gql, personWithRole, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { connectClient, subscribe, waitForSubscribers } from '../../../support/realtime.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

for (const backend of testBackends()) {
  describe(`policy: rules, environments and screens (${backend.name})`, () => {
    const clock = createManualClock(Date.now());
    let t: TestServer;
    let admin: SignedIn;
    let user: SignedIn;
    let operator: SignedIn;
    let prodOperator: SignedIn;
    let prodGroupId: string;
    let environmentId: string;
    const services: Record<string, { id: string; name: string; nodeId: string }> = {};

    const ok = async (query: string, variables: Record<string, unknown> | undefined, who: SignedIn) => {
      const res = await gql(t, query, variables, who.accessToken);
      assert.equal(res.errors, undefined, res.text);
      return res.data;
    };
    const listed = async (who: SignedIn) =>
      (await ok('{ services(limit: 500) { name } }', undefined, who)).services.map((s: any) => s.name).sort();
    const readOne = async (who: SignedIn, id: string) => (await ok('query($id: ID!) { service(id: $id) { name } }', { id }, who)).service;

    before(async () => {
      t = await startTestServer(backend, { clock, env: BOOTSTRAP_ENV });
      admin = await signInAdmin(t);
      user = await personWithRole(t, admin, 'USER');
      operator = await personWithRole(t, admin, 'OPERATOR');
      prodOperator = await personWithRole(t, admin, 'OPERATOR');
      prodGroupId = (await ok('mutation { createGroup(input: { name: "prod-team" }) { id } }', undefined, admin)).createGroup.id;
      await ok(
        'mutation($g: ID!, $u: ID!) { addUserToGroup(groupId: $g, userId: $u) { id } }',
        { g: prodGroupId, u: prodOperator.userId },
        admin,
      );
      for (const [name, nodeId] of [
        ['checkout', 'eu/prod/k8s'],
        ['search', 'us/prod'],
        ['sandbox', 'eu/lab'],
      ]) {
        const res = await t.call('POST', '/api/v1/health/report', { service: name!, nodeId: nodeId!, status: 'OPERATIONAL' });
        assert.equal(res.status, 200, res.text);
        services[name!] = { id: res.json.serviceId, name: name!, nodeId: nodeId! };
      }
    });
    after(() => t.close());

    it('without environments everyone lists every service, as before', async () => {
      for (const who of [admin, user, operator, prodOperator]) assert.deepEqual(await listed(who), ['checkout', 'sandbox', 'search']);
    });

    it('a permission rule takes effect on the next request and ends when deleted', async () => {
      const added = await ok(
        'mutation { addPermissionRule(input: { subjectType: ROLE, subject: "user", resource: "service", action: "read", effect: DENY, description: "no services for users" }) { id effect resource action subjectType subject } }',
        undefined,
        admin,
      );
      const rule = added.addPermissionRule;
      assert.deepEqual(
        { ...rule, id: undefined },
        { id: undefined, effect: 'DENY', resource: 'service', action: 'read', subjectType: 'ROLE', subject: 'user' },
      );
      const refused = await gql(t, '{ services { name } }', undefined, user.accessToken);
      assert.deepEqual(refused.codes, ['FORBIDDEN']);
      assert.deepEqual(await listed(operator), ['checkout', 'sandbox', 'search'], 'another role is untouched');
      const rules = (await ok('{ permissionRules(resource: "service") { id } }', undefined, admin)).permissionRules;
      assert.deepEqual(
        rules.map((r: any) => r.id),
        [rule.id],
      );
      await ok(
        'mutation($id: ID!, $i: UpdatePermissionRuleInput!) { updatePermissionRule(id: $id, input: $i) { effect } }',
        { id: rule.id, i: { effect: 'ALLOW' } },
        admin,
      );
      assert.deepEqual(await listed(user), ['checkout', 'sandbox', 'search']);
      await ok(
        'mutation($id: ID!, $i: UpdatePermissionRuleInput!) { updatePermissionRule(id: $id, input: $i) { effect } }',
        { id: rule.id, i: { effect: 'DENY' } },
        admin,
      );
      assert.deepEqual((await gql(t, '{ services { name } }', undefined, user.accessToken)).codes, ['FORBIDDEN']);
      assert.equal((await ok('mutation($id: ID!) { deletePermissionRule(id: $id) }', { id: rule.id }, admin)).deletePermissionRule, true);
      assert.deepEqual(await listed(user), ['checkout', 'sandbox', 'search']);
    });

    it('a group allow rule gives its members what their role lacks', async () => {
      const rule = (
        await ok(
          'mutation { addPermissionRule(input: { subjectType: GROUP, subject: "prod-team", resource: "webhook", action: "manage", effect: ALLOW }) { id subjectName } }',
          undefined,
          admin,
        )
      ).addPermissionRule;
      assert.equal(rule.subjectName, 'prod-team');
      try {
        assert.deepEqual((await gql(t, '{ webhooks { id } }', undefined, prodOperator.accessToken)).codes, []);
      } finally {
        await ok('mutation($id: ID!) { deletePermissionRule(id: $id) }', { id: rule.id }, admin);
      }
    });

    it('refuses rules on unknown resources and actions, and on the policy itself', async () => {
      for (const [resource, action] of [
        ['nope', 'read'],
        ['service', 'fly'],
        ['policy', 'manage'],
      ]) {
        const res = await gql(
          t,
          'mutation($r: String!, $a: String!) { addPermissionRule(input: { subjectType: ROLE, subject: "user", resource: $r, action: $a, effect: ALLOW }) { id } }',
          { r: resource, a: action },
          admin.accessToken,
        );
        assert.deepEqual(res.codes, ['BAD_USER_INPUT'], res.text);
      }
    });

    it('an environment hides its services from people whose groups are not granted it, in lists, reads, counts and subscriptions', async () => {
      const created = await ok(
        'mutation { createEnvironment(input: { name: "production", paths: ["eu/prod", "/us/prod/"] }) { id name paths } }',
        undefined,
        admin,
      );
      environmentId = created.createEnvironment.id;
      assert.deepEqual(created.createEnvironment.paths, ['eu/prod', 'us/prod']);
      assert.deepEqual(await listed(user), ['sandbox']);
      assert.deepEqual(await listed(operator), ['sandbox']);
      assert.deepEqual(await listed(prodOperator), ['sandbox'], 'no grant yet');
      assert.deepEqual(await listed(admin), ['checkout', 'sandbox', 'search']);
      assert.equal(await readOne(user, services['checkout']!.id), null);
      assert.equal((await ok('{ serviceCount }', undefined, user)).serviceCount, 1);
      const found = (await ok('{ globalSearch(query: "c") { services { name } } }', undefined, user)).globalSearch.services.map(
        (s: any) => s.name,
      );
      assert.ok(!found.includes('checkout'), `search found ${found}`);
      assert.deepEqual((await ok('{ operationsNode(id: "eu") { services { name } } }', undefined, user)).operationsNode.services, [
        { name: 'sandbox' },
      ]);
      assert.deepEqual(
        (await ok('{ operationsNode(id: "eu") { services { name } } }', undefined, admin)).operationsNode.services
          .map((s: any) => s.name)
          .sort(),
        ['checkout', 'sandbox'],
      );

      const client = connectClient(t, { token: user.accessToken });
      try {
        const feed = subscribe(client, 'subscription { serviceStatusChanged { service { name } status } }');
        await waitForSubscribers(t, 'service-status:*', 1);
        await t.call('POST', '/api/v1/health/report', { service: 'checkout', nodeId: 'eu/prod/k8s', status: 'DOWN' });
        await t.call('POST', '/api/v1/health/report', { service: 'sandbox', nodeId: 'eu/lab', status: 'DOWN' });
        assert.deepEqual(
          (await feed.data()).serviceStatusChanged,
          { service: { name: 'sandbox' }, status: 'DOWN' },
          'the prod change never arrives',
        );
        const refused = subscribe(client, 'subscription($id: ID!) { entityEvents(entityType: "service", entityId: $id) { event } }', {
          id: services['checkout']!.id,
        });
        assert.equal((await refused.next()).errors[0].extensions.code, 'FORBIDDEN');
      } finally {
        await client.dispose();
      }
    });

    it('a READ grant shows the environment to the group; WRITE lets its members change what is inside', async () => {
      const granted = await ok(
        'mutation($g: ID!, $e: ID!) { setGroupEnvironmentAccess(groupId: $g, environmentId: $e, level: READ) { level group { name } environment { name } } }',
        { g: prodGroupId, e: environmentId },
        admin,
      );
      assert.deepEqual(granted.setGroupEnvironmentAccess, {
        level: 'READ',
        group: { name: 'prod-team' },
        environment: { name: 'production' },
      });
      assert.deepEqual(await listed(prodOperator), ['checkout', 'sandbox', 'search']);
      assert.deepEqual(await listed(operator), ['sandbox']);
      const update = 'mutation($id: ID!) { updateService(id: $id, input: { criticality: "high" }) { criticality } }';
      assert.deepEqual((await gql(t, update, { id: services['checkout']!.id }, prodOperator.accessToken)).codes, ['FORBIDDEN']);
      await ok(
        'mutation($g: ID!, $e: ID!) { setGroupEnvironmentAccess(groupId: $g, environmentId: $e, level: WRITE) { level } }',
        { g: prodGroupId, e: environmentId },
        admin,
      );
      assert.equal((await ok(update, { id: services['checkout']!.id }, prodOperator)).updateService.criticality, 'high');
      assert.deepEqual((await gql(t, update, { id: services['checkout']!.id }, operator.accessToken)).codes, ['FORBIDDEN']);
      const grants = (
        await ok('query($g: ID!) { groupEnvironmentAccess(groupId: $g) { level environment { id } } }', { g: prodGroupId }, admin)
      ).groupEnvironmentAccess;
      assert.deepEqual(grants, [{ level: 'WRITE', environment: { id: environmentId } }]);
    });

    it('people check their own environment access', async () => {
      const check = 'query($e: ID!) { checkEnvironmentAccess(environmentId: $e) { allowed level environment { name } } }';
      assert.deepEqual((await ok(check, { e: environmentId }, prodOperator)).checkEnvironmentAccess, {
        allowed: true,
        level: 'WRITE',
        environment: { name: 'production' },
      });
      assert.deepEqual((await ok(check, { e: environmentId }, user)).checkEnvironmentAccess, {
        allowed: false,
        level: null,
        environment: { name: 'production' },
      });
      const resource =
        'query($n: String, $s: ID, $a: String) { checkEnvironmentResourceAccess(nodeId: $n, serviceId: $s, action: $a) { nodeId action allowed environments { name } } }';
      assert.deepEqual((await ok(resource, { n: 'eu/prod/k8s/x', a: 'service:write' }, prodOperator)).checkEnvironmentResourceAccess, {
        nodeId: 'eu/prod/k8s/x',
        action: 'service:write',
        allowed: true,
        environments: [{ name: 'production' }],
      });
      assert.deepEqual((await ok(resource, { n: 'eu/prod', a: 'service:read' }, user)).checkEnvironmentResourceAccess.allowed, false);
      assert.deepEqual((await ok(resource, { s: services['sandbox']!.id }, user)).checkEnvironmentResourceAccess, {
        nodeId: 'eu/lab',
        action: 'service:read',
        allowed: true,
        environments: [],
      });
      const mine = (
        await ok('{ myEnvironmentResourcePermissions { environment { name } level actions { action allowed } } }', undefined, prodOperator)
      ).myEnvironmentResourcePermissions;
      assert.equal(mine.length, 1);
      assert.equal(mine[0].level, 'WRITE');
      assert.equal(mine[0].actions.find((a: any) => a.action === 'service:write').allowed, true);
      assert.deepEqual((await ok('{ myEnvironmentResourcePermissions { level } }', undefined, user)).myEnvironmentResourcePermissions, []);
    });

    it('removing the grant, then the environment, restores the earlier view at once', async () => {
      assert.equal(
        (
          await ok(
            'mutation($g: ID!, $e: ID!) { setGroupEnvironmentAccess(groupId: $g, environmentId: $e, level: null) { level } }',
            { g: prodGroupId, e: environmentId },
            admin,
          )
        ).setGroupEnvironmentAccess,
        null,
      );
      assert.deepEqual(await listed(prodOperator), ['sandbox']);
      assert.equal((await ok('mutation($e: ID!) { deleteEnvironment(id: $e) }', { e: environmentId }, admin)).deleteEnvironment, true);
      assert.deepEqual(await listed(user), ['checkout', 'sandbox', 'search']);
    });

    it('screens follow the role table until a screen permission says otherwise', async () => {
      const screens = async (who: SignedIn) =>
        Object.fromEntries(
          (await ok('{ myUIPermissions { screen allowed } }', undefined, who)).myUIPermissions.map((s: any) => [s.screen, s.allowed]),
        );
      assert.equal((await screens(user)).services, true);
      assert.equal((await screens(user)).webhooks, false);
      assert.equal((await screens(admin)).access, true);
      assert.equal((await screens(operator)).access, false);
      const set = (
        await ok(
          'mutation { setScreenPermission(input: { screen: "webhooks", subjectType: ROLE, subject: "user", allowed: true }) { id screen allowed } }',
          undefined,
          admin,
        )
      ).setScreenPermission;
      assert.equal((await screens(user)).webhooks, true);
      const listedPermissions = (await ok('{ screenPermissions(screen: "webhooks") { id subjectName } }', undefined, admin))
        .screenPermissions;
      assert.deepEqual(listedPermissions, [{ id: set.id, subjectName: 'user' }]);
      assert.deepEqual((await ok('query($id: ID!) { screenPermission(id: $id) { screen } }', { id: set.id }, admin)).screenPermission, {
        screen: 'webhooks',
      });
      await ok('mutation($id: ID!) { deleteScreenPermission(id: $id) }', { id: set.id }, admin);
      assert.equal((await screens(user)).webhooks, false);
      const refused = await gql(
        t,
        'mutation { setScreenPermission(input: { screen: "nowhere", subjectType: ROLE, subject: "user", allowed: true }) { id } }',
        undefined,
        admin.accessToken,
      );
      assert.deepEqual(refused.codes, ['BAD_USER_INPUT']);
    });

    it('only admins define environments and grant them', async () => {
      for (const [query, variables] of [
        ['mutation { createEnvironment(input: { name: "x", paths: ["a"] }) { id } }', undefined],
        [
          'mutation($g: ID!) { setGroupEnvironmentAccess(groupId: $g, environmentId: "00000000-0000-0000-0000-000000000000", level: READ) { level } }',
          { g: prodGroupId },
        ],
        ['{ environments { id } }', undefined],
        ['query($g: ID!) { groupEnvironmentAccess(groupId: $g) { level } }', { g: prodGroupId }],
      ] as const) {
        const res = await gql(t, query, variables as Record<string, unknown> | undefined, operator.accessToken);
        assert.deepEqual(res.codes, ['FORBIDDEN'], `${query}: ${res.text}`);
      }
    });
  });
}
