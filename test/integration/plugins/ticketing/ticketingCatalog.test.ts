/**
 * The catalog over GraphQL (issue 17, part 3; SPEC.md ticketing queries): `availableWorkflows`,
 * `availableCatalogCategories`, `availableCatalogItems` (by category), `availableGroups`, for
 * anyone signed in, behind the ticketing licence gate; and the catalog as the database keeps it:
 * loaded again at start, with the execution records.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { durableStore, testBackends } from '../../../support/backends.js';
import { gql, personWithRole, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { LICENSE_ENV, licenseToken } from '../../../support/license.js';
import { exportedDefinitions, fullTemplate, imported } from '../../../support/templates.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';
import { useReceivers, WEBHOOK_ENV } from '../../../support/webhooks.js';
import { eventually } from '../../../support/polling.js';

const T0 = Date.parse('2026-05-04T08:00:00.000Z');
const WORKFLOWS = `query($t: TicketType) { availableWorkflows(ticketType: $t) { name description ticketTypes initialState
  states { name category } transitions { name from to steps { type name url method message } } } }`;
const CATEGORIES = '{ availableCatalogCategories { name description itemCount } }';
const ITEMS = `query($c: String) { availableCatalogItems(categoryName: $c) { name categoryName description ticketType workflowName groupId group { name }
  calendarName responseMinutes resolutionMinutes } }`;
const GROUPS = '{ availableGroups { id name } }';

for (const backend of testBackends()) {
  describe(`ticketing catalog queries (${backend.name})`, { timeout: 120_000 }, () => {
    const clock = createManualClock(T0);
    let t: TestServer;
    let admin: SignedIn;
    let user: SignedIn;
    before(async () => {
      t = await startTestServer(backend, { clock, env: { ...LICENSE_ENV, SVC_LICENSE_KEY: licenseToken(clock) } });
      admin = await signInAdmin(t);
      user = await personWithRole(t, admin, 'USER');
      for (const name of ['Service desk', 'Network']) {
        const res = await gql(t, 'mutation($n: String!) { createGroup(input: { name: $n }) { id } }', { n: name }, admin.accessToken);
        assert.equal(res.errors, undefined, res.text);
      }
    });
    after(() => t.close());

    async function query(document: string, variables?: Record<string, unknown>, token = user.accessToken): Promise<any> {
      const res = await gql(t, document, variables, token);
      assert.equal(res.errors, undefined, res.text);
      return res.data;
    }

    it('workflow run records are kept 30 days: older finished runs are pruned, a run still marked RUNNING is kept', async () => {
      const DAY = 24 * 3_600_000;
      const run = (n: number, status: string, startedAt: number) => ({
        id: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
        ticket_id: `P-${n}`,
        ticket_number: `REQ-0001${String(n).padStart(2, '0')}`,
        workflow_name: 'Service request',
        transition: 'start',
        actor_id: null,
        status,
        steps: JSON.stringify([]),
        error: null,
        started_at: new Date(startedAt).toISOString(),
        finished_at: status === 'RUNNING' ? null : new Date(startedAt + 1_000).toISOString(),
      });
      const now = clock.now();
      const rows = [
        run(1, 'COMPLETED', now - 31 * DAY),
        run(2, 'FAILED', now - 30 * DAY - 1),
        run(3, 'RUNNING', now - 31 * DAY),
        run(4, 'COMPLETED', now - 29 * DAY),
      ];
      await t.server.database.knex('workflow_executions').insert(rows);
      const pruned = await t.server.app.ticketingCatalogAdmin.executions.prune(now);
      assert.equal(pruned, 2);
      const left = await t.server.database
        .knex('workflow_executions')
        .whereIn(
          'id',
          rows.map((r) => r.id),
        )
        .orderBy('id')
        .pluck('ticket_id');
      assert.deepEqual(left, ['P-3', 'P-4']);
      await t.server.database
        .knex('workflow_executions')
        .whereIn(
          'id',
          rows.map((r) => r.id),
        )
        .delete();
    });

    it('before any template: the built-in workflows, no categories, no items', async () => {
      const { availableWorkflows } = await query(WORKFLOWS);
      assert.deepEqual(
        availableWorkflows.map((w: any) => [w.name, w.ticketTypes]),
        [
          ['Incident', ['INCIDENT', 'PROBLEM']],
          ['Service request', ['SERVICE_REQUEST']],
          ['Change', ['CHANGE']],
        ],
      );
      assert.deepEqual(
        availableWorkflows[0].states.map((s: any) => s.category),
        ['NEW', 'IN_PROGRESS', 'WAITING', 'RESOLVED', 'CLOSED'],
      );
      assert.deepEqual((await query(CATEGORIES)).availableCatalogCategories, []);
      assert.deepEqual((await query(ITEMS)).availableCatalogItems, []);
    });

    it('after an import: the workflows, filtered by ticket type; HTTP steps show the method, the URL to staff only, never headers or body', async () => {
      await imported(t, fullTemplate('Service desk'));
      const { availableWorkflows } = await query(WORKFLOWS, { t: 'SERVICE_REQUEST' });
      assert.deepEqual(
        availableWorkflows.map((w: any) => w.name),
        ['Hardware request'],
      );
      const ship = availableWorkflows[0].transitions.find((tr: any) => tr.name === 'ship');
      assert.deepEqual(ship.steps, [{ type: 'HTTP_REQUEST', name: 'tell-warehouse', url: null, method: 'POST', message: null }]);
      const asAdmin = (await query(WORKFLOWS, { t: 'SERVICE_REQUEST' }, admin.accessToken)).availableWorkflows[0].transitions.find(
        (tr: any) => tr.name === 'ship',
      );
      assert.equal(asAdmin.steps[0].url, 'https://warehouse.example.com/orders');
      const resolve = availableWorkflows[0].transitions.find((tr: any) => tr.name === 'resolve');
      assert.deepEqual(resolve.from, ['*']);
      assert.deepEqual(resolve.steps, [
        { type: 'NOTIFY', name: 'tell-requester', url: null, method: null, message: 'Your hardware was delivered' },
      ]);
      assert.deepEqual((await query(WORKFLOWS, { t: 'CHANGE' })).availableWorkflows, []);
    });

    it('categories with their item counts, and the items of one category in their defined order', async () => {
      assert.deepEqual((await query(CATEGORIES)).availableCatalogCategories, [
        { name: 'Hardware', description: 'Things you can hold', itemCount: 2 },
        { name: 'Access', description: null, itemCount: 1 },
      ]);
      const { availableCatalogItems } = await query(ITEMS, { c: 'Hardware' });
      assert.deepEqual(
        availableCatalogItems.map((i: any) => i.name),
        ['New laptop', 'Mouse'],
      );
      assert.deepEqual(availableCatalogItems[0], {
        name: 'New laptop',
        categoryName: 'Hardware',
        description: 'A laptop for a new colleague',
        ticketType: 'SERVICE_REQUEST',
        workflowName: 'Hardware request',
        groupId: availableCatalogItems[0].groupId,
        group: { name: 'Service desk' },
        calendarName: 'Office',
        responseMinutes: 60,
        resolutionMinutes: 2880,
      });
      assert.equal(availableCatalogItems[1].group, null);
      assert.equal(availableCatalogItems[1].responseMinutes, null);
      assert.deepEqual(
        (await query(ITEMS)).availableCatalogItems.map((i: any) => i.name),
        ['New laptop', 'Mouse', 'VPN access'],
      );
    });

    it('items of an unknown category: NOT_FOUND naming where to look', async () => {
      const res = await gql(t, ITEMS, { c: 'Furniture' }, user.accessToken);
      assert.deepEqual(res.codes, ['NOT_FOUND']);
      assert.match(res.errors![0].message, /no catalog category named "Furniture"/);
    });

    it('the groups a ticket can go to, by name', async () => {
      assert.deepEqual(
        (await query(GROUPS)).availableGroups.map((g: any) => g.name),
        ['Network', 'Service desk'],
      );
    });

    it('every query needs a signed-in person', async () => {
      for (const document of [WORKFLOWS, CATEGORIES, ITEMS, GROUPS]) {
        assert.deepEqual((await gql(t, document)).codes, ['UNAUTHENTICATED']);
      }
    });

    it('answers PLUGIN_INACTIVE while the ticketing plugin is turned off, and again once it is on', async () => {
      const toggle = (enabled: boolean) =>
        gql(t, 'mutation($e: Boolean!) { togglePlugin(name: "ticketing", enabled: $e) { name } }', { e: enabled }, admin.accessToken);
      assert.equal((await toggle(false)).errors, undefined);
      try {
        for (const document of [WORKFLOWS, CATEGORIES, ITEMS, GROUPS]) {
          assert.deepEqual((await gql(t, document, undefined, user.accessToken)).codes, ['PLUGIN_INACTIVE']);
        }
      } finally {
        assert.equal((await toggle(true)).errors, undefined);
      }
      assert.equal((await query(WORKFLOWS)).availableWorkflows.length, 2);
    });
  });

  describe(`ticketing catalog across a restart (${backend.name})`, { timeout: 180_000 }, () => {
    const receiver = useReceivers();

    it('the imported catalog and the execution records are loaded again at start; runs cut short by the stop or a crash are recorded failed', async () => {
      const clock = createManualClock(T0);
      const store = await durableStore(backend);
      const env = { ...LICENSE_ENV, ...WEBHOOK_ENV, SVC_LICENSE_KEY: licenseToken(clock) };
      const hanging = await receiver(() => 'hang');
      try {
        const first = await startTestServer(backend, { clock, store: store.forRun(), env });
        let exported: unknown;
        try {
          const admin = await signInAdmin(first);
          assert.equal(
            (await gql(first, 'mutation { createGroup(input: { name: "Service desk" }) { id } }', undefined, admin.accessToken)).errors,
            undefined,
          );
          await imported(first, fullTemplate('Service desk'));
          exported = await exportedDefinitions(first);
          const ticket = {
            id: 'T-1',
            number: 'REQ-000001',
            title: 'Laptop',
            description: null,
            type: 'SERVICE_REQUEST',
            status: 'Ordered',
            statusCategory: 'NEW',
            workflowName: 'Hardware request',
            impact: 'LOW',
            urgency: 'LOW',
            priority: 'P5',
            serviceId: null,
            catalogItemName: 'New laptop',
            requesterId: admin.userId,
            assigneeId: null,
            groupId: null,
            createdAt: T0,
            updatedAt: T0,
            deletedAt: null,
          } as const;
          const resolve = first.server.app.ticketingCatalog.workflow('Hardware request')!.transitions.find((tr) => tr.name === 'resolve')!;
          first.server.app.workflowSteps.transitioned(ticket, resolve, admin.userId);
          await first.server.app.workflowSteps.idle();
          // In flight when the server stops: aborted, and recorded before the last flush.
          const ship = {
            name: 'ship',
            from: ['Ordered'],
            to: 'Shipping',
            steps: [{ type: 'HTTP_REQUEST', name: 'slow', url: hanging.url, method: 'POST' }],
          } as const;
          first.server.app.workflowSteps.transitioned({ ...ticket, id: 'T-2', number: 'REQ-000002' }, ship, admin.userId);
          await hanging.received(1);
          // What a crash leaves behind: a run recorded as started, never finished.
          await first.server.database.knex('workflow_executions').insert({
            id: '00000000-0000-4000-8000-000000000003',
            ticket_id: 'T-3',
            ticket_number: 'REQ-000003',
            workflow_name: 'Hardware request',
            transition: 'ship',
            actor_id: null,
            status: 'RUNNING',
            steps: JSON.stringify([]),
            error: null,
            started_at: new Date(T0).toISOString(),
            finished_at: null,
          });
        } finally {
          await first.close();
        }
        const second = await startTestServer(backend, { clock, store: store.forRun(), env });
        try {
          assert.deepEqual(await exportedDefinitions(second), exported);
          const catalog = second.server.app.ticketingCatalog;
          assert.equal(catalog.workflowFor('SERVICE_REQUEST', 'New laptop').name, 'Hardware request');
          assert.equal(catalog.calendar(null).name, 'Office');
          assert.equal(catalog.priorityPolicy().targets.P1.resolutionMinutes, 120);
          assert.notEqual(catalog.routeGroup({ type: 'INCIDENT', serviceId: null }), null);
          const admin = await signInAdmin(second);
          const runs = await eventually(async () => {
            const res = await gql(
              second,
              '{ workflowExecutions { ticketNumber transition status error steps { name status } } }',
              undefined,
              admin.accessToken,
            );
            const list: any[] = res.data.workflowExecutions;
            return list.every((e) => e.status !== 'RUNNING')
              ? list.sort((a, b) => a.ticketNumber.localeCompare(b.ticketNumber))
              : undefined;
          }, 'the interrupted run is marked failed');
          assert.deepEqual(
            runs.map((e) => [e.ticketNumber, e.transition, e.status, e.steps.map((st: any) => `${st.name}:${st.status}`)]),
            [
              ['REQ-000001', 'resolve', 'COMPLETED', ['tell-requester:SUCCESS']],
              ['REQ-000002', 'ship', 'FAILED', ['slow:FAILED']],
              ['REQ-000003', 'ship', 'FAILED', []],
            ],
          );
          assert.match(runs[2].error, /the server stopped while the steps ran/);
        } finally {
          await second.close();
        }
      } finally {
        await store.dispose();
      }
    });
  });
}
