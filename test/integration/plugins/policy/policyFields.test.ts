/**
 * Field permissions through the real server (docs/access.md "Fields"): a field a person may not
 * read is null in `service`, in the `services` list, in mutation answers and in subscription
 * payloads (serviceStatusChanged and the generic entityEvents); one they may not write is refused
 * naming the field; a change takes effect on the next request; only admins manage the policy.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends } from '../../../support/backends.js';
import { BOOTSTRAP_ENV, gql, personWithRole, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { connectClient, subscribe, waitForSubscribers } from '../../../support/realtime.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

const SERVICE = 'query($id: ID!) { service(id: $id) { id name metadata criticality } }';
const SERVICES = '{ services(limit: 100) { id name metadata criticality } }';
const SET_FIELD =
  'mutation($i: SetFieldPermissionInput!) { setFieldPermission(input: $i) { id fieldId subjectType subject canRead canWrite field { id restricted } } }';

for (const backend of testBackends()) {
  describe(`policy: field permissions (${backend.name})`, () => {
    const clock = createManualClock(Date.now());
    let t: TestServer;
    let admin: SignedIn;
    let user: SignedIn;
    let operator: SignedIn;
    let sreOperator: SignedIn;
    let sreGroupId: string;
    let serviceId: string;
    let serviceName: string;
    const METADATA = JSON.stringify({ runbook: 'https://wiki/payments' });

    const ok = async (query: string, variables: Record<string, unknown> | undefined, who: SignedIn) => {
      const res = await gql(t, query, variables, who.accessToken);
      assert.equal(res.errors, undefined, res.text);
      return res.data;
    };
    const setField = (input: Record<string, unknown>) => ok(SET_FIELD, { i: input }, admin).then((d) => d.setFieldPermission);
    const removeField = (id: string) => ok('mutation($id: ID!) { deleteFieldPermission(id: $id) }', { id }, admin);

    before(async () => {
      t = await startTestServer(backend, { clock, env: BOOTSTRAP_ENV });
      admin = await signInAdmin(t);
      user = await personWithRole(t, admin, 'USER');
      operator = await personWithRole(t, admin, 'OPERATOR');
      sreOperator = await personWithRole(t, admin, 'OPERATOR');
      sreGroupId = (await ok('mutation { createGroup(input: { name: "sre" }) { id } }', undefined, admin)).createGroup.id;
      await ok(
        'mutation($g: ID!, $u: ID!) { addUserToGroup(groupId: $g, userId: $u) { id } }',
        { g: sreGroupId, u: sreOperator.userId },
        admin,
      );
      serviceName = 'payments';
      const created = await ok(
        'mutation($i: CreateServiceInput!) { createService(input: $i) { id } }',
        { i: { name: serviceName, nodeId: 'eu/prod/k8s', metadata: METADATA, criticality: 'critical' } },
        admin,
      );
      serviceId = created.createService.id;
    });
    after(() => t.close());

    it('lists the protectable fields: nullable fields of Service, not its identity', async () => {
      const defs = (await ok('{ fieldDefinitions(typeName: "Service") { id typeName fieldName label restricted } }', undefined, user))
        .fieldDefinitions;
      const ids = defs.map((d: any) => d.id);
      assert.ok(ids.includes('Service.metadata') && ids.includes('Service.owner') && ids.includes('Service.criticality'));
      assert.ok(!ids.includes('Service.id') && !ids.includes('Service.name') && !ids.includes('Service.status'));
    });

    it('a field denied to a role is null in service, in the services list and in a mutation answer; others still read it', async () => {
      const permission = await setField({
        fieldId: 'Service.metadata',
        subjectType: 'ROLE',
        subject: 'user',
        canRead: false,
        canWrite: false,
      });
      try {
        assert.equal((await ok(SERVICE, { id: serviceId }, user)).service.metadata, null);
        assert.equal((await ok(SERVICE, { id: serviceId }, user)).service.criticality, 'critical', 'other fields are untouched');
        const listed = (await ok(SERVICES, undefined, user)).services;
        assert.ok(listed.length >= 1);
        for (const s of listed) assert.equal(s.metadata, null);
        // Aliases and fragments are followed.
        const aliased = await ok(
          'query($id: ID!) { a: service(id: $id) { ...F } } fragment F on Service { m: metadata }',
          { id: serviceId },
          user,
        );
        assert.equal(aliased.a.m, null);
        assert.equal((await ok(SERVICE, { id: serviceId }, operator)).service.metadata, METADATA);
        assert.equal((await ok(SERVICE, { id: serviceId }, admin)).service.metadata, METADATA);
        const mine = (await ok('{ myFieldPermissions(typeName: "Service") { fieldId canRead canWrite } }', undefined, user))
          .myFieldPermissions;
        assert.deepEqual(
          mine.find((p: any) => p.fieldId === 'Service.metadata'),
          { fieldId: 'Service.metadata', canRead: false, canWrite: false },
        );
      } finally {
        await removeField(permission.id);
      }
      assert.equal(
        (await ok(SERVICE, { id: serviceId }, user)).service.metadata,
        METADATA,
        'deleting the permission shows the field on the next request',
      );
    });

    it('a restricted field is read only by the groups allowed it; admins always read it', async () => {
      await ok(
        'mutation { updateFieldDefinition(id: "Service.metadata", input: { restricted: true, label: "Runbook metadata" }) { id restricted label } }',
        undefined,
        admin,
      );
      const permission = await setField({
        fieldId: 'Service.metadata',
        subjectType: 'GROUP',
        subject: 'sre',
        canRead: true,
        canWrite: true,
      });
      try {
        assert.equal(permission.subject, sreGroupId, 'a group named by its name is stored by id');
        assert.equal((await ok(SERVICE, { id: serviceId }, operator)).service.metadata, null);
        assert.equal((await ok(SERVICE, { id: serviceId }, sreOperator)).service.metadata, METADATA);
        assert.equal((await ok(SERVICE, { id: serviceId }, admin)).service.metadata, METADATA);
      } finally {
        await removeField(permission.id);
        await ok('mutation { updateFieldDefinition(id: "Service.metadata", input: { restricted: false }) { id } }', undefined, admin);
      }
    });

    it('writing a field one may not write is refused naming the field, and nothing changes', async () => {
      const permission = await setField({
        fieldId: 'Service.metadata',
        subjectType: 'ROLE',
        subject: 'operator',
        canRead: true,
        canWrite: false,
      });
      try {
        const refused = await gql(
          t,
          'mutation($id: ID!, $i: UpdateServiceInput!) { updateService(id: $id, input: $i) { id } }',
          { id: serviceId, i: { metadata: '{"runbook":"x"}' } },
          operator.accessToken,
        );
        assert.deepEqual(refused.codes, ['FORBIDDEN']);
        assert.match(refused.errors![0].message, /Service\.metadata/);
        assert.equal((await ok(SERVICE, { id: serviceId }, admin)).service.metadata, METADATA);
        // The other fields stay writable.
        const changed = await ok(
          'mutation($id: ID!, $i: UpdateServiceInput!) { updateService(id: $id, input: $i) { criticality } }',
          { id: serviceId, i: { criticality: 'high' } },
          operator,
        );
        assert.equal(changed.updateService.criticality, 'high');
      } finally {
        await removeField(permission.id);
        await ok('mutation($id: ID!) { updateService(id: $id, input: { criticality: "critical" }) { id } }', { id: serviceId }, admin);
      }
    });

    it('a hidden field is null in serviceStatusChanged and in entityEvents data, for that viewer only', async () => {
      const permission = await setField({
        fieldId: 'Service.metadata',
        subjectType: 'ROLE',
        subject: 'user',
        canRead: false,
        canWrite: false,
      });
      const userClient = connectClient(t, { token: user.accessToken });
      const adminClient = connectClient(t, { token: admin.accessToken });
      try {
        const status = 'subscription($id: ID) { serviceStatusChanged(serviceId: $id) { status service { name metadata } } }';
        const entity = 'subscription($id: ID!) { entityEvents(entityType: "service", entityId: $id) { event data } }';
        const userStatus = subscribe(userClient, status, { id: serviceId });
        const adminStatus = subscribe(adminClient, status, { id: serviceId });
        const userEntity = subscribe(userClient, entity, { id: serviceId });
        const adminEntity = subscribe(adminClient, entity, { id: serviceId });
        await waitForSubscribers(t, `service-status:id:${serviceId}`, 2);
        await waitForSubscribers(t, `entity:service:${serviceId}`, 2);
        const push = await t.call('POST', '/api/v1/health/report', { service: serviceName, nodeId: 'eu/prod/k8s', status: 'DOWN' });
        assert.equal(push.status, 200, push.text);
        assert.deepEqual((await userStatus.data()).serviceStatusChanged, {
          status: 'DOWN',
          service: { name: serviceName, metadata: null },
        });
        assert.deepEqual((await adminStatus.data()).serviceStatusChanged, {
          status: 'DOWN',
          service: { name: serviceName, metadata: METADATA },
        });
        // The status event carries a reference to the service (id, name, path): nothing protected.
        assert.equal(JSON.parse((await userEntity.data()).entityEvents.data).status, 'DOWN');
        assert.equal(JSON.parse((await adminEntity.data()).entityEvents.data).status, 'DOWN');
        // An event that carries the service's record (as a plugin publishes it) is redacted per viewer.
        const record = t.server.fleet.services.get(serviceId)!;
        t.server.app.realtime.publishEntityEvent('service', serviceId, 'plugin:touched', { service: record }, clock.now());
        const userData = JSON.parse((await userEntity.data()).entityEvents.data);
        const adminData = JSON.parse((await adminEntity.data()).entityEvents.data);
        assert.equal(userData.service.metadata, null);
        assert.equal(userData.service.name, serviceName);
        assert.deepEqual(adminData.service.metadata, JSON.parse(METADATA));
      } finally {
        await userClient.dispose();
        await adminClient.dispose();
        await removeField(permission.id);
      }
    });

    it('a field permission set while a subscription is open applies to its next event', async () => {
      const client = connectClient(t, { token: user.accessToken });
      let permissionId: string | undefined;
      try {
        const feed = subscribe(client, 'subscription($id: ID) { serviceStatusChanged(serviceId: $id) { status service { metadata } } }', {
          id: serviceId,
        });
        await waitForSubscribers(t, `service-status:id:${serviceId}`, 1);
        const push = async (status: string) =>
          assert.equal(
            (await t.call('POST', '/api/v1/health/report', { service: serviceName, nodeId: 'eu/prod/k8s', status })).status,
            200,
          );
        await push('DEGRADED');
        assert.deepEqual((await feed.data()).serviceStatusChanged, { status: 'DEGRADED', service: { metadata: METADATA } });
        permissionId = (
          await setField({ fieldId: 'Service.metadata', subjectType: 'ROLE', subject: 'user', canRead: false, canWrite: false })
        ).id;
        await push('OPERATIONAL');
        assert.deepEqual((await feed.data()).serviceStatusChanged, { status: 'OPERATIONAL', service: { metadata: null } });
        await removeField(permissionId!);
        permissionId = undefined;
        await push('DEGRADED');
        assert.deepEqual((await feed.data()).serviceStatusChanged, { status: 'DEGRADED', service: { metadata: METADATA } });
      } finally {
        await client.dispose();
        if (permissionId) await removeField(permissionId);
      }
    });

    it('only admins manage field, screen and rule permissions', async () => {
      for (const who of [user, operator]) {
        for (const [query, variables] of [
          [SET_FIELD, { i: { fieldId: 'Service.metadata', subjectType: 'ROLE', subject: 'user', canRead: true, canWrite: true } }],
          [
            'mutation { addPermissionRule(input: { subjectType: ROLE, subject: "user", resource: "service", action: "write", effect: ALLOW }) { id } }',
            undefined,
          ],
          [
            'mutation { setScreenPermission(input: { screen: "webhooks", subjectType: ROLE, subject: "user", allowed: true }) { id } }',
            undefined,
          ],
          ['mutation { updateFieldDefinition(id: "Service.metadata", input: { restricted: true }) { id } }', undefined],
          ['{ fieldPermissions { id } }', undefined],
          ['{ permissionRules { id } }', undefined],
          ['{ screenPermissions { id } }', undefined],
        ] as const) {
          const res = await gql(t, query, variables as Record<string, unknown> | undefined, who.accessToken);
          assert.deepEqual(res.codes, ['FORBIDDEN'], `${query}: ${res.text}`);
        }
      }
    });

    it('refuses an unknown or non-null field and an unknown role', async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ fieldId: 'Service.id', subjectType: 'ROLE', subject: 'user', canRead: false, canWrite: false }, 'NOT_FOUND'],
        [{ fieldId: 'Service.nope', subjectType: 'ROLE', subject: 'user', canRead: false, canWrite: false }, 'NOT_FOUND'],
        [{ fieldId: 'Service.metadata', subjectType: 'ROLE', subject: 'root', canRead: false, canWrite: false }, 'BAD_USER_INPUT'],
        [{ fieldId: 'Service.metadata', subjectType: 'GROUP', subject: 'no-such-group', canRead: false, canWrite: false }, 'NOT_FOUND'],
      ];
      for (const [input, code] of cases) {
        const res = await gql(t, SET_FIELD, { i: input }, admin.accessToken);
        assert.deepEqual(res.codes, [code], res.text);
      }
    });
  });
}
