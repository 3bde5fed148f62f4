/**
 * Services over GraphQL (issue 3; SPEC.md "Service"): createService, updateService and
 * deleteService for each role, every field of a Service (owner, team, metadata, dependencies and
 * dependents in one query), refused input, and the database rows behind each change. Real HTTP on
 * a real socket; every check of what was stored reads the database itself.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends } from '../../../support/backends.js';
import { BOOTSTRAP_ENV, gql, personWithRole, signIn, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { iso } from '../../../support/time.js';

const CREATE = 'mutation($i: CreateServiceInput!) { createService(input: $i) { id name nodeId displayName status } }';
const UPDATE = 'mutation($id: ID!, $i: UpdateServiceInput!) { updateService(id: $id, input: $i) { id displayName status statusMessage } }';
const DELETE = 'mutation($id: ID!) { deleteService(id: $id) }';
const SERVICE = 'query($id: ID!) { service(id: $id) { id name displayName status statusMessage } }';
const ALL_FIELDS = /* GraphQL */ `
  query($id: ID!) {
    service(id: $id) {
      id name displayName nodeId externalId status statusMessage statusSince criticality serviceType tags
      owner { id username } team { id name } metadata namespace slaGroup
      replicas readyReplicas availableReplicas images workloadType workloadName lastOperatorSync
      dependencies { targetService { id name } dependencyType }
      dependents { sourceService { id name } dependencyType }
      backupExpected backupMaxAgeDays lastBackupAt lastBackupStatus backupOverdue
      storage { allocatedBytes usedBytes freePercent status storageType mountPath reportedAt }
      createdAt updatedAt
    }
  }`;
const ms = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).getTime());

for (const backend of testBackends()) {
  describe(`GraphQL services: writes and fields (${backend.name})`, () => {
    const clock = createManualClock();
    let t: TestServer;
    let admin: SignedIn;
    let operator: SignedIn;
    let user: SignedIn;
    let people: Array<{ username: string; password: string }>;
    before(async () => {
      t = await startTestServer(backend, { clock, env: BOOTSTRAP_ENV });
      admin = await signInAdmin(t);
      const [o, u] = [await personWithRole(t, admin, 'OPERATOR'), await personWithRole(t, admin, 'USER')];
      [operator, user, people] = [o, u, [o, u]];
    });
    /** Fresh tokens after the manual clock moved past their 15 minutes. */
    const signInAgain = async () => {
      admin = await signInAdmin(t);
      operator = await signIn(t, people[0]!.username, people[0]!.password);
      user = await signIn(t, people[1]!.username, people[1]!.password);
    };
    after(() => t.close());

    const db = () => t.server.database.knex;
    const rowsNamed = (name: string) => db()('services').where({ name }).select('*');
    const rowOf = async (id: string) => db()('services').where({ id }).first();
    const intervals = (id: string) => db()('status_intervals').where({ service_id: id }).orderBy('seq').select('*');
    let counter = 0;
    /** A service created by the admin through GraphQL; returns its id. */
    const newService = async (input: Record<string, unknown> = {}): Promise<string> => {
      const res = await gql(t, CREATE, { i: { name: `svc-${++counter}`, nodeId: 'eu/prod/k8s-1/graph', ...input } }, admin.accessToken);
      assert.equal(res.errors, undefined, res.text);
      return res.data.createService.id;
    };

    describe('createService', () => {
      for (const role of ['admin', 'operator'] as const) {
        it(`${role.toUpperCase()} creates a service, stored with its hierarchy nodes`, async () => {
          const token = (role === 'admin' ? admin : operator).accessToken;
          const res = await gql(
            t,
            CREATE,
            { i: { name: `made-by-${role}`, nodeId: `eu/prod/k8s-2/${role}`, displayName: 'Made', status: 'OPERATIONAL' } },
            token,
          );
          assert.equal(res.status, 200);
          assert.equal(res.errors, undefined, res.text);
          const { id, ...created } = res.data.createService;
          assert.deepEqual(created, {
            name: `made-by-${role}`,
            nodeId: `eu/prod/k8s-2/${role}`,
            displayName: 'Made',
            status: 'OPERATIONAL',
          });
          const row = await rowOf(id);
          assert.equal(row.name, `made-by-${role}`);
          assert.equal(row.node_path, `eu/prod/k8s-2/${role}`);
          assert.equal(row.display_name, 'Made');
          assert.equal(row.status, 'OPERATIONAL');
          assert.equal((await db()('nodes').whereIn('path', ['eu', 'eu/prod', 'eu/prod/k8s-2', `eu/prod/k8s-2/${role}`])).length, 4);
          assert.deepEqual(
            (await intervals(id)).map((i) => [i.seq, i.status, i.ended_at]),
            [[1, 'OPERATIONAL', null]],
          );
        });
      }

      it('USER gets FORBIDDEN and nothing is stored', async () => {
        const res = await gql(t, CREATE, { i: { name: 'made-by-user', nodeId: 'eu/prod/k8s-2/user' } }, user.accessToken);
        assert.equal(res.status, 200);
        assert.deepEqual(res.codes, ['FORBIDDEN']);
        assert.equal(res.data, null);
        assert.equal((await rowsNamed('made-by-user')).length, 0);
        assert.equal((await db()('nodes').where({ path: 'eu/prod/k8s-2/user' })).length, 0);
      });

      it('without a token the answer is UNAUTHENTICATED and nothing is stored', async () => {
        const res = await gql(t, CREATE, { i: { name: 'made-by-nobody', nodeId: 'eu/prod/k8s-2/nobody' } });
        assert.deepEqual(res.codes, ['UNAUTHENTICATED']);
        assert.equal((await rowsNamed('made-by-nobody')).length, 0);
      });

      it('a second service of the same name under the same node is refused with BAD_USER_INPUT', async () => {
        await newService({ name: 'twin', nodeId: 'eu/prod/k8s-2/twins' });
        const res = await gql(t, CREATE, { i: { name: 'twin', nodeId: 'eu/prod/k8s-2/twins' } }, admin.accessToken);
        assert.deepEqual(res.codes, ['BAD_USER_INPUT']);
        assert.equal((await rowsNamed('twin')).length, 1);
      });
    });

    describe('createService refuses invalid input with BAD_USER_INPUT and stores nothing', () => {
      const cases: Array<[string, Record<string, unknown>]> = [
        ['a nodeId of only slashes', { nodeId: '///' }],
        ['a nodeId with a control character', { nodeId: 'eu/pro\u0001d' }],
        ['a slash in the name', { name: 'bad/name' }],
        ['an unknown dependency', { dependencies: [{ targetServiceId: randomUUID() }] }],
        ['an unknown owner', { ownerId: randomUUID() }],
        ['an unknown team', { teamId: randomUUID() }],
        ['metadata that is a JSON array', { metadata: '[1, 2]' }],
        ['metadata that is a JSON string', { metadata: '"text"' }],
        ['metadata that is not JSON', { metadata: '{owner: team-a' }],
        ['a NUL character in displayName', { displayName: 'Orders\u0000DB' }],
        ['metadata holding a NUL character', { metadata: '{"note":"a\\u0000b"}' }],
        ['metadata nested deeper than 16 levels', { metadata: `${'{"a":'.repeat(17)}1${'}'.repeat(17)}` }],
        ['a tag with a control character', { tags: ['ok', 'bad\u0007tag'] }],
        ['a service name with surrounding spaces', { name: ' padded ' }],
        ['an unknown status', { status: 'EXPLODED' }],
      ];
      for (const [what, fields] of cases) {
        it(what, async () => {
          const name = `invalid-${++counter}`;
          const res = await gql(t, CREATE, { i: { name, nodeId: 'eu/prod/k8s-3/invalid', ...fields } }, admin.accessToken);
          assert.deepEqual(res.codes, ['BAD_USER_INPUT'], res.text);
          assert.equal(res.data ?? null, null);
          assert.equal((await rowsNamed(typeof fields['name'] === 'string' ? fields['name'] : name)).length, 0);
        });
      }
    });

    describe('updateService', () => {
      for (const role of ['admin', 'operator'] as const) {
        it(`${role.toUpperCase()} updates a service and the row changes`, async () => {
          const id = await newService({ displayName: 'Before' });
          clock.advance(1_000);
          const res = await gql(
            t,
            UPDATE,
            { id, i: { displayName: `After ${role}`, criticality: 'critical' } },
            (role === 'admin' ? admin : operator).accessToken,
          );
          assert.equal(res.errors, undefined, res.text);
          assert.equal(res.data.updateService.displayName, `After ${role}`);
          const row = await rowOf(id);
          assert.equal(row.display_name, `After ${role}`);
          assert.equal(row.criticality, 'critical');
          assert.equal(ms(row.updated_at), clock.now());
        });
      }

      it('USER gets FORBIDDEN and the service is unchanged', async () => {
        const id = await newService({ displayName: 'Kept' });
        const before = await rowOf(id);
        const res = await gql(t, UPDATE, { id, i: { displayName: 'Changed', status: 'DOWN' } }, user.accessToken);
        assert.deepEqual(res.codes, ['FORBIDDEN']);
        assert.deepEqual(await rowOf(id), before);
        assert.equal((await intervals(id)).length, 1);
      });

      it('without a token the answer is UNAUTHENTICATED and the service is unchanged', async () => {
        const id = await newService({ displayName: 'Kept' });
        const before = await rowOf(id);
        const res = await gql(t, UPDATE, { id, i: { displayName: 'Changed' } });
        assert.deepEqual(res.codes, ['UNAUTHENTICATED']);
        assert.deepEqual(await rowOf(id), before);
      });

      it('an unknown id is NOT_FOUND', async () => {
        const res = await gql(t, UPDATE, { id: randomUUID(), i: { displayName: 'x' } }, admin.accessToken);
        assert.deepEqual(res.codes, ['NOT_FOUND']);
      });

      it('a status change closes the open status interval and opens a new one, and the agent endpoint sees it', async () => {
        const id = await newService({ name: 'status-mover', nodeId: 'eu/prod/k8s-4/moving' });
        const createdAt = clock.now();
        clock.advance(60_000);
        const res = await gql(t, UPDATE, { id, i: { status: 'MAINTENANCE', statusMessage: 'planned upgrade' } }, operator.accessToken);
        assert.equal(res.errors, undefined, res.text);
        assert.deepEqual(res.data.updateService, { id, displayName: null, status: 'MAINTENANCE', statusMessage: 'planned upgrade' });
        const rows = await intervals(id);
        assert.deepEqual(
          rows.map((i) => [i.seq, i.status, ms(i.started_at), ms(i.ended_at)]),
          [
            [1, 'UNKNOWN', createdAt, clock.now()],
            [2, 'MAINTENANCE', clock.now(), null],
          ],
        );
        assert.equal(rows[1].message, 'planned upgrade');
        const row = await rowOf(id);
        assert.equal(row.status, 'MAINTENANCE');
        assert.equal(ms(row.status_since), clock.now());

        const rest = await t.call('GET', '/api/v1/operator/services?nodeId=eu/prod/k8s-4/moving');
        assert.equal(rest.status, 200);
        assert.equal(rest.json.services.length, 1);
        assert.equal(rest.json.services[0].status, 'MAINTENANCE');
        assert.equal(rest.json.services[0].statusMessage, 'planned upgrade');
      });

      it('an update that leaves the status as it is writes no status interval', async () => {
        const id = await newService({ status: 'OPERATIONAL' });
        clock.advance(1_000);
        await gql(t, UPDATE, { id, i: { status: 'OPERATIONAL', displayName: 'Same status' } }, admin.accessToken);
        assert.deepEqual(
          (await intervals(id)).map((i) => [i.seq, i.ended_at]),
          [[1, null]],
        );
      });

      it('declares dependencies, replacing the earlier list', async () => {
        const a = await newService();
        const b = await newService();
        const id = await newService({ dependencies: [{ targetServiceId: a }] });
        const res = await gql(t, UPDATE, { id, i: { dependencies: [{ targetServiceId: b, dependencyType: 'data' }] } }, admin.accessToken);
        assert.equal(res.errors, undefined, res.text);
        const stored = (await rowOf(id)).dependencies;
        assert.deepEqual(typeof stored === 'string' ? JSON.parse(stored) : stored, [{ targetId: b, type: 'data' }]);
      });

      const refused: Array<[string, (self: string) => Record<string, unknown>]> = [
        ['a dependency on itself', (self) => ({ dependencies: [{ targetServiceId: self }] })],
        ['an unknown dependency', () => ({ dependencies: [{ targetServiceId: randomUUID() }] })],
        ['an unknown owner', () => ({ ownerId: randomUUID() })],
        ['an unknown team', () => ({ teamId: randomUUID() })],
        ['metadata that is a JSON array', () => ({ metadata: '[]' })],
        ['a NUL character in displayName', () => ({ displayName: 'a\u0000b' })],
      ];
      for (const [what, input] of refused) {
        it(`refuses ${what} with BAD_USER_INPUT and leaves the service unchanged`, async () => {
          const id = await newService({ displayName: 'Untouched' });
          const before = await rowOf(id);
          const res = await gql(t, UPDATE, { id, i: { ...input(id), status: 'DOWN' } }, admin.accessToken);
          assert.deepEqual(res.codes, ['BAD_USER_INPUT'], res.text);
          assert.deepEqual(await rowOf(id), before);
          assert.equal((await intervals(id)).length, 1);
        });
      }
    });

    describe('deleteService', () => {
      for (const role of ['admin', 'operator'] as const) {
        it(`${role.toUpperCase()} deletes a service with its status intervals`, async () => {
          const id = await newService();
          clock.advance(1_000);
          await gql(t, UPDATE, { id, i: { status: 'DOWN' } }, admin.accessToken);
          assert.equal((await intervals(id)).length, 2);
          const res = await gql(t, DELETE, { id }, (role === 'admin' ? admin : operator).accessToken);
          assert.equal(res.errors, undefined, res.text);
          assert.equal(res.data.deleteService, true);
          assert.equal(await rowOf(id), undefined);
          assert.equal((await intervals(id)).length, 0);
          assert.equal((await gql(t, SERVICE, { id }, admin.accessToken)).data.service, null);
        });
      }

      it('USER gets FORBIDDEN and the service stays', async () => {
        const id = await newService();
        const res = await gql(t, DELETE, { id }, user.accessToken);
        assert.deepEqual(res.codes, ['FORBIDDEN']);
        assert.ok(await rowOf(id));
        assert.equal((await intervals(id)).length, 1);
      });

      it('without a token the answer is UNAUTHENTICATED and the service stays', async () => {
        const id = await newService();
        const res = await gql(t, DELETE, { id });
        assert.deepEqual(res.codes, ['UNAUTHENTICATED']);
        assert.ok(await rowOf(id));
      });

      it('services depending on a deleted service drop the dependency, in memory and in the database', async () => {
        const target = await newService();
        const other = await newService();
        const dependent = await newService({
          dependencies: [{ targetServiceId: target }, { targetServiceId: other, dependencyType: 'network' }],
        });
        const res = await gql(t, DELETE, { id: target }, operator.accessToken);
        assert.equal(res.data.deleteService, true, res.text);
        const stored = (await rowOf(dependent)).dependencies;
        assert.deepEqual(typeof stored === 'string' ? JSON.parse(stored) : stored, [{ targetId: other, type: 'network' }]);
        const view = await gql(
          t,
          'query($id: ID!) { service(id: $id) { dependencies { targetService { id } dependencyType } } }',
          { id: dependent },
          user.accessToken,
        );
        assert.deepEqual(view.data.service.dependencies, [{ targetService: { id: other }, dependencyType: 'network' }]);
      });
    });

    describe('reading services', () => {
      for (const role of ['admin', 'operator', 'user'] as const) {
        it(`${role.toUpperCase()} may read service, services and serviceCount`, async () => {
          const id = await newService({ displayName: 'Readable' });
          const token = { admin, operator, user }[role].accessToken;
          const res = await gql(
            t,
            'query($id: ID!) { service(id: $id) { id displayName } services(limit: 1) { id } serviceCount }',
            { id },
            token,
          );
          assert.equal(res.errors, undefined, res.text);
          assert.deepEqual(res.data.service, { id, displayName: 'Readable' });
          assert.equal(res.data.services.length, 1);
          assert.ok(res.data.serviceCount >= 1);
        });
      }

      it('without a token service, services and serviceCount are UNAUTHENTICATED', async () => {
        for (const query of ['{ services { id } }', '{ serviceCount }', `{ service(id: "${randomUUID()}") { id } }`]) {
          const res = await gql(t, query);
          assert.deepEqual(res.codes, ['UNAUTHENTICATED'], query);
        }
      });

      it('an unknown id gives service: null', async () => {
        const res = await gql(t, SERVICE, { id: randomUUID() }, user.accessToken);
        assert.equal(res.errors, undefined);
        assert.equal(res.data.service, null);
      });

      it('returns every field of a Service, with values from registration, status sync, backup and storage reports', async () => {
        const node = 'eu/prod/k8s-9/orders';
        const registeredAt = clock.now();
        const registered = await t.call('POST', '/api/v1/operator/register', {
          name: 'orders-db',
          displayName: 'Orders database',
          nodeId: node,
          criticality: 'critical',
          serviceType: 'database',
          namespace: 'orders',
          tags: ['db'],
          metadata: { links: { runbook: 'https://runbooks/orders' } },
          operations: { backup: { expected: true, maxAgeDays: 3 } },
        });
        assert.equal(registered.status, 201, registered.text);
        const id: string = registered.json.service.id;
        clock.advance(30_000);
        const syncedAt = clock.now();
        const sync = await t.call('POST', '/api/v1/operator/status', {
          nodeId: node,
          operatorVersion: '2.3.1',
          services: [
            {
              name: 'orders-db',
              status: 'OPERATIONAL',
              message: 'ready',
              namespace: 'orders',
              workloadType: 'StatefulSet',
              workloadName: 'orders-db',
              replicas: 3,
              readyReplicas: 2,
              availableReplicas: 2,
              images: ['postgres:16', 'exporter:1'],
              slaGroup: 'gold',
            },
          ],
        });
        assert.equal(sync.json.updated, 1, sync.text);
        clock.advance(1_000);
        const backupAt = clock.now();
        assert.equal(
          (await t.call('POST', '/api/v1/backup/report', { service: 'orders-db', nodeId: node, status: 'success', sizeBytes: 1024 }))
            .status,
          200,
        );
        clock.advance(1_000);
        const storageAt = clock.now();
        assert.equal(
          (
            await t.call('POST', '/api/v1/storage/report', {
              service: 'orders-db',
              nodeId: node,
              allocatedBytes: 1000,
              usedBytes: 750,
              storageType: 'pvc',
              mountPath: '/var/lib/postgresql',
            })
          ).status,
          200,
        );
        const team = await gql(t, 'mutation { createGroup(input: { name: "dba-team" }) { id } }', undefined, admin.accessToken);
        const teamId = team.data.createGroup.id;
        const upstream = await newService({ name: 'orders-api', nodeId: node });
        await gql(t, UPDATE, { id: upstream, i: { dependencies: [{ targetServiceId: id, dependencyType: 'data' }] } }, admin.accessToken);
        const storageDep = await newService({ name: 'orders-volume', nodeId: node });
        clock.advance(1_000);
        const updated = await gql(
          t,
          UPDATE,
          {
            id,
            i: {
              ownerId: admin.userId,
              teamId,
              tags: ['db', 'orders'],
              metadata: '{"links":{"runbook":"https://runbooks/orders"},"tier":1}',
              dependencies: [{ targetServiceId: storageDep, dependencyType: 'storage' }],
            },
          },
          operator.accessToken,
        );
        assert.equal(updated.errors, undefined, updated.text);

        const res = await gql(t, ALL_FIELDS, { id }, user.accessToken);
        assert.equal(res.errors, undefined, res.text);
        assert.deepEqual(res.data.service, {
          id,
          name: 'orders-db',
          displayName: 'Orders database',
          nodeId: node,
          externalId: `${node}/orders-db`,
          status: 'OPERATIONAL',
          statusMessage: 'ready',
          statusSince: iso(syncedAt),
          criticality: 'critical',
          serviceType: 'database',
          tags: ['db', 'orders'],
          owner: { id: admin.userId, username: 'admin' },
          team: { id: teamId, name: 'dba-team' },
          metadata: '{"links":{"runbook":"https://runbooks/orders"},"tier":1}',
          namespace: 'orders',
          slaGroup: 'gold',
          replicas: 3,
          readyReplicas: 2,
          availableReplicas: 2,
          images: ['postgres:16', 'exporter:1'],
          workloadType: 'StatefulSet',
          workloadName: 'orders-db',
          lastOperatorSync: iso(syncedAt),
          dependencies: [{ targetService: { id: storageDep, name: 'orders-volume' }, dependencyType: 'storage' }],
          dependents: [{ sourceService: { id: upstream, name: 'orders-api' }, dependencyType: 'data' }],
          backupExpected: true,
          backupMaxAgeDays: 3,
          lastBackupAt: iso(backupAt),
          lastBackupStatus: 'success',
          backupOverdue: false,
          storage: {
            allocatedBytes: 1000,
            usedBytes: 750,
            freePercent: 25,
            status: 'warning',
            storageType: 'pvc',
            mountPath: '/var/lib/postgresql',
            reportedAt: iso(storageAt),
          },
          createdAt: iso(registeredAt),
          updatedAt: iso(clock.now()),
        });
        assert.deepEqual(JSON.parse(res.data.service.metadata), { links: { runbook: 'https://runbooks/orders' }, tier: 1 });
      });

      it('metadata is JSON text with the keys of every object sorted, whatever order they were given in', async () => {
        const id = await newService({ metadata: '{"zeta":{"b":1,"a":[{"y":1,"x":2}]},"__proto__":{"k":1},"alpha":null}' });
        const res = await gql(t, 'query($id: ID!) { service(id: $id) { metadata } }', { id }, user.accessToken);
        assert.equal(res.data.service.metadata, '{"__proto__":{"k":1},"alpha":null,"zeta":{"a":[{"x":2,"y":1}],"b":1}}');
      });

      it('backupOverdue turns true once the last backup is older than backupMaxAgeDays', async () => {
        const node = 'eu/prod/k8s-9/overdue';
        await t.call('POST', '/api/v1/operator/register', {
          name: 'nightly',
          nodeId: node,
          operations: { backup: { expected: true, maxAgeDays: 1 } },
        });
        await t.call('POST', '/api/v1/backup/report', { service: 'nightly', nodeId: node, status: 'success' });
        const id = t.server.fleet.services.find(node, 'nightly')!.id;
        const overdue = async () => {
          // Tokens live 15 minutes of the manual clock: sign in at the time of the question.
          const res = await gql(t, 'query($id: ID!) { service(id: $id) { backupOverdue } }', { id }, (await signInAdmin(t)).accessToken);
          return res.data.service.backupOverdue;
        };
        assert.equal(await overdue(), false);
        // Time only moves forward (the gateway's rate limiter takes a step back for a debt of requests).
        clock.advance(25 * 60 * 60_000);
        try {
          assert.equal(await overdue(), true);
        } finally {
          await signInAgain();
        }
      });

      it('dependencies and dependents of a page of services resolve in one query, both directions', async () => {
        const node = 'eu/prod/k8s-9/chain';
        const db1 = await newService({ name: 'chain-db', nodeId: node });
        const cache = await newService({ name: 'chain-cache', nodeId: node });
        const api = await newService({
          name: 'chain-api',
          nodeId: node,
          dependencies: [{ targetServiceId: db1, dependencyType: 'data' }, { targetServiceId: cache }],
        });
        await newService({ name: 'chain-web', nodeId: node, dependencies: [{ targetServiceId: api, dependencyType: 'runtime' }] });
        const res = await gql(
          t,
          `{ services(filter: { nodeId: "${node}" }) {
          name dependencies { targetService { name } dependencyType } dependents { sourceService { name } dependencyType } } }`,
          undefined,
          user.accessToken,
        );
        assert.equal(res.errors, undefined, res.text);
        assert.deepEqual(res.data.services, [
          {
            name: 'chain-api',
            dependencies: [
              { targetService: { name: 'chain-db' }, dependencyType: 'data' },
              { targetService: { name: 'chain-cache' }, dependencyType: 'runtime' },
            ],
            dependents: [{ sourceService: { name: 'chain-web' }, dependencyType: 'runtime' }],
          },
          { name: 'chain-cache', dependencies: [], dependents: [{ sourceService: { name: 'chain-api' }, dependencyType: 'runtime' }] },
          { name: 'chain-db', dependencies: [], dependents: [{ sourceService: { name: 'chain-api' }, dependencyType: 'data' }] },
          { name: 'chain-web', dependencies: [{ targetService: { name: 'chain-api' }, dependencyType: 'runtime' }], dependents: [] },
        ]);
      });
    });
  });
}
