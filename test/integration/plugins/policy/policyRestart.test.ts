/**
 * The policy survives a restart: rules, environments, grants, field settings and permissions and
 * screen permissions are read back at start and decide as before (both databases).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { durableStore, testBackends } from '../../../support/backends.js';
import { BOOTSTRAP_ENV, gql, personWithRole, signIn, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

for (const backend of testBackends()) {
  describe(`policy across a restart (${backend.name})`, () => {
    it('rules, environments, grants, field and screen permissions are loaded at start and still decide', async () => {
      const clock = createManualClock();
      const store = await durableStore(backend);
      const ok = async (t: TestServer, query: string, variables: Record<string, unknown> | undefined, who: SignedIn) => {
        const res = await gql(t, query, variables, who.accessToken);
        assert.equal(res.errors, undefined, res.text);
        return res.data;
      };
      let person: { username: string; password: string };
      let serviceId: string;
      try {
        const first = await startTestServer(backend, { clock, store: store.forRun(), env: BOOTSTRAP_ENV });
        try {
          const admin = await signInAdmin(first);
          const user = await personWithRole(first, admin, 'USER', 'restart-user');
          person = user;
          const group = (await ok(first, 'mutation { createGroup(input: { name: "restart-team" }) { id } }', undefined, admin)).createGroup
            .id;
          await ok(
            first,
            'mutation($g: ID!, $u: ID!) { addUserToGroup(groupId: $g, userId: $u) { id } }',
            { g: group, u: user.userId },
            admin,
          );
          serviceId = (
            await ok(
              first,
              'mutation { createService(input: { name: "vault", nodeId: "eu/secure", metadata: "{\\"k\\":1}" }) { id } }',
              undefined,
              admin,
            )
          ).createService.id;
          await ok(first, 'mutation { createService(input: { name: "other", nodeId: "eu/open" }) { id } }', undefined, admin);
          const env = (
            await ok(first, 'mutation { createEnvironment(input: { name: "secure", paths: ["eu/secure"] }) { id } }', undefined, admin)
          ).createEnvironment.id;
          await ok(
            first,
            'mutation($g: ID!, $e: ID!) { setGroupEnvironmentAccess(groupId: $g, environmentId: $e, level: READ) { level } }',
            { g: group, e: env },
            admin,
          );
          await ok(
            first,
            'mutation { setFieldPermission(input: { fieldId: "Service.metadata", subjectType: GROUP, subject: "restart-team", canRead: false, canWrite: false }) { id } }',
            undefined,
            admin,
          );
          await ok(
            first,
            'mutation { updateFieldDefinition(id: "Service.criticality", input: { restricted: true, label: "Tier" }) { id } }',
            undefined,
            admin,
          );
          await ok(
            first,
            'mutation { setScreenPermission(input: { screen: "services", subjectType: ROLE, subject: "user", allowed: false }) { id } }',
            undefined,
            admin,
          );
          await ok(
            first,
            'mutation { addPermissionRule(input: { subjectType: ROLE, subject: "user", resource: "dashboard", action: "read", effect: DENY }) { id } }',
            undefined,
            admin,
          );
        } finally {
          await first.close();
        }
        const second = await startTestServer(backend, { clock, store: store.forRun(), env: BOOTSTRAP_ENV });
        try {
          const admin = await signInAdmin(second);
          const user = await signIn(second, person!.username, person!.password);
          assert.deepEqual((await ok(second, '{ services { name metadata } }', undefined, user)).services, [
            { name: 'other', metadata: null },
            { name: 'vault', metadata: null },
          ]);
          assert.deepEqual(
            (await ok(second, '{ services { name } }', undefined, await personWithRole(second, admin, 'USER', 'outsider'))).services,
            [{ name: 'other' }],
          );
          assert.equal(
            (await ok(second, 'query($id: ID!) { service(id: $id) { metadata } }', { id: serviceId! }, admin)).service.metadata,
            '{"k":1}',
          );
          const field = (
            await ok(second, '{ fieldDefinitions(typeName: "Service") { id label restricted } }', undefined, admin)
          ).fieldDefinitions.find((f: any) => f.id === 'Service.criticality');
          assert.deepEqual(field, { id: 'Service.criticality', label: 'Tier', restricted: true });
          const screens = (await ok(second, '{ myUIPermissions { screen allowed } }', undefined, user)).myUIPermissions;
          assert.equal(screens.find((s: any) => s.screen === 'services').allowed, false);
          assert.deepEqual((await gql(second, '{ dashboardStats { totalServices } }', undefined, user.accessToken)).codes, ['FORBIDDEN']);
        } finally {
          await second.close();
        }
      } finally {
        await store.dispose();
      }
    });
  });
}
