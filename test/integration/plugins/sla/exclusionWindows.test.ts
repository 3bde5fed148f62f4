/**
 * Maintenance (exclusion) windows over real HTTP (issue 16, part 3; SPEC.md "Exclusion windows"):
 * both start/stop variants of the machine API, the service's status moving through its actor
 * (service:status_changed to a graphql-ws subscriber, the webhook for the status move, no
 * service.down for a DOWN held during the window), the scheduled end (also after a restart), the
 * refusals, GraphQL's create/stop/delete/list, and the `sla` licence gate.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock, type Clock } from '../../../../src/platform/scheduler/index.js';
import { durableStore, testBackends } from '../../../support/backends.js';
import { gql, personWithRole, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { LICENSE_ENV, licenseToken } from '../../../support/license.js';
import { connectClient, subscribe, waitForSubscribers } from '../../../support/realtime.js';
import { call, startTestServer, TEST_API_KEY, type TestServer } from '../../../support/testServer.js';
import { createWebhook, useReceivers, WEBHOOK_ENV } from '../../../support/webhooks.js';
import { iso } from '../../../support/time.js';

const T0 = Date.parse('2026-05-04T08:00:00.000Z');
const MINUTE = 60_000;
const START = '/api/v1/sla/exclusion-window/start';
const STOP = '/api/v1/sla/exclusion-window/stop';
const STATUS = `subscription($id: ID) { serviceStatusChanged(serviceId: $id) { previousStatus status message origin } }`;
const WINDOW_FIELDS =
  'id serviceId service { name } reason startedAt expectedEndAt endedAt endedBy active createdVia createdBy { username } endedVia endedByUser { username }';
const CREATE = `mutation($i: CreateExclusionWindowInput!) { createExclusionWindow(input: $i) { ${WINDOW_FIELDS} } }`;
const STOP_GQL = `mutation($id: ID!) { stopExclusionWindow(id: $id) { ${WINDOW_FIELDS} } }`;
const DELETE = 'mutation($id: ID!) { deleteExclusionWindow(id: $id) }';
const LIST = `query($f: ExclusionWindowFilter) { slaExclusionWindows(filter: $f) { ${WINDOW_FIELDS} } slaExclusionWindowCount(filter: $f) }`;

const slaEnv = (clock: Clock) => ({ ...LICENSE_ENV, ...WEBHOOK_ENV, SVC_LICENSE_KEY: licenseToken(clock) });

for (const backend of testBackends()) {
  describe(`maintenance windows (${backend.name})`, { timeout: 120_000 }, () => {
    const clock = createManualClock(T0);
    let t: TestServer;
    let admin: SignedIn;
    let n = 0;
    before(async () => {
      t = await startTestServer(backend, { clock, env: slaEnv(clock) });
      admin = await signInAdmin(t);
    });
    after(() => t.close());
    const receiver = useReceivers();

    async function newService(status = 'OPERATIONAL'): Promise<{ id: string; name: string; nodeId: string }> {
      const name = `win-${++n}`;
      const res = await t.call('POST', '/api/v1/health/report', {
        service: name,
        nodeId: 'eu/prod/vm',
        status,
        message: `${name} ${status}`,
      });
      assert.equal(res.status, 200, res.text);
      return { id: res.json.serviceId, name, nodeId: 'eu/prod/vm' };
    }
    const push = async (s: { name: string; nodeId: string }, status: string, message: string) => {
      const res = await t.call('POST', '/api/v1/health/report', { service: s.name, nodeId: s.nodeId, status, message });
      assert.equal(res.status, 200, res.text);
      return res.json;
    };
    const statusOf = (id: string) => t.server.fleet.services.get(id)!;
    const windowRow = async (id: string) => t.server.database.knex('maintenance_windows').where({ id }).first();

    it('variant B: start by serviceId answers windowId, the service shows MAINTENANCE, a DOWN meanwhile is held and shown once stopped', async () => {
      const r = await receiver();
      const webhook = await createWebhook(t, admin.accessToken, { url: r.url, events: ['service.down', 'service.up', 'service.degraded'] });
      const service = await newService();
      const client = connectClient(t, { token: admin.accessToken });
      const feed = subscribe(client, STATUS, { id: service.id });
      await waitForSubscribers(t, `service-status:id:${service.id}`, 1);

      const started = await t.call('POST', START, { serviceId: service.id, reason: 'kernel upgrade' });
      assert.equal(started.status, 200, started.text);
      assert.match(started.json.windowId, /^[0-9a-f-]{36}$/);
      assert.deepEqual(
        { ...started.json, windowId: undefined },
        {
          success: true,
          windowId: undefined,
          serviceId: service.id,
          serviceName: service.name,
          nodeId: service.nodeId,
          reason: 'kernel upgrade',
          startedAt: iso(T0),
          expectedEndAt: null,
          endedAt: null,
          active: true,
          serviceStatus: 'MAINTENANCE',
          warnings: [],
        },
      );
      assert.deepEqual((await feed.data()).serviceStatusChanged, {
        previousStatus: 'OPERATIONAL',
        status: 'MAINTENANCE',
        message: 'kernel upgrade',
        origin: 'agent',
      });

      const during = await push(service, 'DOWN', 'restarting');
      assert.equal(during.status, 'MAINTENANCE', 'the push is answered with the status shown');
      assert.equal(statusOf(service.id).status, 'MAINTENANCE');
      assert.deepEqual(await windowRow(started.json.windowId).then((row) => [row.held_status, row.held_message]), ['DOWN', 'restarting']);
      const updatedAt = statusOf(service.id).updatedAt;
      clock.advance(MINUTE);
      await push(service, 'DOWN', 'restarting');
      assert.equal(statusOf(service.id).updatedAt, updatedAt, 'a push repeating what the window holds changes nothing');

      clock.advance(4 * MINUTE);
      const stopped = await t.call('POST', STOP, { windowId: started.json.windowId });
      assert.equal(stopped.status, 200, stopped.text);
      assert.deepEqual(
        [stopped.json.windowId, stopped.json.active, stopped.json.endedAt, stopped.json.serviceStatus],
        [started.json.windowId, false, iso(T0 + 5 * MINUTE), 'DOWN'],
      );
      // The next event after MAINTENANCE is the end of the window: the held DOWN produced none.
      assert.deepEqual((await feed.data()).serviceStatusChanged, {
        previousStatus: 'MAINTENANCE',
        status: 'DOWN',
        message: 'restarting',
        origin: 'agent',
      });
      const [delivery] = await r.received(1);
      assert.equal(delivery!.json.event, 'service.down');
      assert.deepEqual(
        [delivery!.json.data.previousStatus, delivery!.json.data.status, delivery!.json.timestamp],
        ['MAINTENANCE', 'DOWN', iso(T0 + 5 * MINUTE)],
      );
      const row = await windowRow(started.json.windowId);
      assert.deepEqual([row.ended_by, row.created_via, new Date(row.ended_at).getTime()], ['stop', 'api_key', T0 + 5 * MINUTE]);
      const intervals = await t.server.database.knex('status_intervals').where({ service_id: service.id }).orderBy('seq').select('status');
      assert.deepEqual(
        intervals.map((i: { status: string }) => i.status),
        ['OPERATIONAL', 'MAINTENANCE', 'DOWN'],
      );
      assert.equal(webhook.events.length, 3);
      await client.dispose();
    });

    it('variant A: start by service and nodeId with expectedEndAt, stop by service and nodeId', async () => {
      const service = await newService('DEGRADED');
      const started = await t.call('POST', START, {
        service: service.name,
        nodeId: service.nodeId,
        reason: 'db migration',
        expectedEndAt: iso(clock.now() + 30 * MINUTE),
      });
      assert.equal(started.status, 200, started.text);
      assert.equal(started.json.expectedEndAt, iso(clock.now() + 30 * MINUTE));
      assert.equal(statusOf(service.id).status, 'MAINTENANCE');
      assert.equal(t.server.app.maintenanceWindows.dueAt(started.json.windowId), clock.now() + 30 * MINUTE);

      const stopped = await t.call('POST', STOP, { service: service.name, nodeId: service.nodeId });
      assert.equal(stopped.status, 200, stopped.text);
      assert.equal(stopped.json.windowId, started.json.windowId);
      assert.equal(statusOf(service.id).status, 'DEGRADED', 'back to what it reported before the window');
      assert.equal(t.server.app.maintenanceWindows.dueAt(started.json.windowId), undefined, 'the scheduled end is cancelled');
    });

    it("an agent's status sync during the window is held too, and shown when the window ends", async () => {
      const service = await newService();
      const started = await t.call('POST', START, { service: service.name, nodeId: service.nodeId, reason: 'node drain' });
      assert.equal(started.status, 200, started.text);
      const sync = await t.call('POST', '/api/v1/operator/status', {
        nodeId: service.nodeId,
        operatorVersion: '1.0.0',
        services: [{ name: service.name, status: 'DEGRADED', message: '1/3 ready', readyReplicas: 1 }],
      });
      assert.equal(sync.status, 200, sync.text);
      assert.deepEqual([statusOf(service.id).status, statusOf(service.id).readyReplicas], ['MAINTENANCE', 1]);
      const again = await t.call('POST', '/api/v1/operator/status', {
        nodeId: service.nodeId,
        operatorVersion: '1.0.0',
        services: [{ name: service.name, status: 'DEGRADED', message: '1/3 ready', readyReplicas: 1 }],
      });
      assert.deepEqual([again.json.updated, again.json.unchanged], [0, 1], 'a sync repeating what the window holds changes nothing');
      const stopped = await t.call('POST', STOP, { service: service.name, nodeId: service.nodeId });
      assert.equal(stopped.json.serviceStatus, 'DEGRADED');
      assert.equal(statusOf(service.id).statusMessage, '1/3 ready');
    });

    it('a window ends by itself at expectedEndAt (a scheduled event on the clock)', async () => {
      const service = await newService();
      const started = await t.call('POST', START, { serviceId: service.id, expectedEndAt: iso(clock.now() + 10 * MINUTE) });
      assert.equal(started.status, 200, started.text);
      clock.advance(10 * MINUTE - 1);
      assert.equal(statusOf(service.id).status, 'MAINTENANCE');
      clock.advance(1);
      assert.equal(statusOf(service.id).status, 'OPERATIONAL');
      await t.server.writer.settled();
      const row = await windowRow(started.json.windowId);
      assert.deepEqual([row.ended_by, new Date(row.ended_at).getTime()], ['expiry', clock.now()]);
      const stopAgain = await t.call('POST', STOP, { windowId: started.json.windowId });
      assert.equal(stopAgain.status, 409, stopAgain.text);
      assert.match(stopAgain.json.error, /ended at its expectedEndAt/);
    });

    it('a second window on the same service is a 409 naming the active one', async () => {
      const service = await newService();
      const first = await t.call('POST', START, { serviceId: service.id, reason: 'first' });
      assert.equal(first.status, 200, first.text);
      const second = await t.call('POST', START, { service: service.name, nodeId: service.nodeId, reason: 'second' });
      assert.equal(second.status, 409, second.text);
      assert.equal(
        second.json.error,
        `service ${service.nodeId}/${service.name} already has an active maintenance window ${first.json.windowId} (started ${iso(clock.now())}: first); stop it first`,
      );
      assert.equal((await t.call('POST', STOP, { windowId: first.json.windowId })).status, 200);
      assert.equal(
        (await t.call('POST', START, { serviceId: service.id, reason: 'again' })).status,
        200,
        'a new window once the first ended',
      );
    });

    it('refuses bodies it cannot act on with 400 and a message naming the field', async () => {
      const service = await newService();
      const cases: Array<[string, string, unknown, RegExp]> = [
        ['start', 'no service at all', { reason: 'x' }, /"serviceId" \(or "service" with "nodeId"\) is required/],
        [
          'start',
          'both variants at once',
          { serviceId: service.id, service: service.name, nodeId: service.nodeId },
          /either "serviceId" or "service"/,
        ],
        ['start', 'a serviceId that is not an id', { serviceId: 'payments' }, /"serviceId" must be an id/],
        [
          'start',
          'an expectedEndAt in the past',
          { serviceId: service.id, expectedEndAt: iso(clock.now() - MINUTE) },
          /expectedEndAt .* is not in the future/,
        ],
        ['start', 'an expectedEndAt of now', { serviceId: service.id, expectedEndAt: iso(clock.now()) }, /is not in the future/],
        [
          'start',
          'an expectedEndAt that is not a timestamp',
          { serviceId: service.id, expectedEndAt: 'tomorrow' },
          /"expectedEndAt" must be an ISO 8601 timestamp/,
        ],
        ['start', 'an expectedEndAt without a zone', { serviceId: service.id, expectedEndAt: '2026-05-04T10:00:00' }, /with a time zone/],
        ['start', 'an expectedEndAt that is a number', { serviceId: service.id, expectedEndAt: clock.now() + MINUTE }, /ISO 8601/],
        ['start', 'an impossible date', { serviceId: service.id, expectedEndAt: '2026-13-45T10:00:00Z' }, /not a valid date/],
        [
          'start',
          'an expectedEndAt years ahead',
          { serviceId: service.id, expectedEndAt: '2099-01-01T00:00:00Z' },
          /more than 366 days ahead/,
        ],
        ['start', 'a reason that is not text', { serviceId: service.id, reason: 42 }, /"reason" must be a string/],
        ['start', 'a service name with a slash', { service: 'a/b', nodeId: 'eu' }, /must not contain "\/"/],
        ['start', 'a body that is an array', [], /request body must be a JSON object/],
        ['start', 'a body that is not JSON', '{"serviceId":', /not valid JSON/],
        ['stop', 'no window and no service', {}, /"windowId" \(or "service" with "nodeId"\) is required/],
        ['stop', 'a window and a service', { windowId: service.id, service: service.name }, /either "windowId" or the service/],
        ['stop', 'a windowId that is not an id', { windowId: 7 }, /"windowId" must be a string/],
      ];
      for (const [route, what, body, message] of cases) {
        const res = await t.call('POST', route === 'start' ? START : STOP, body);
        assert.equal(res.status, 400, `${what}: ${res.text}`);
        assert.match(res.json.error, message, what);
      }
      assert.equal(statusOf(service.id).status, 'OPERATIONAL', 'nothing was applied');
    });

    it('unknown services and windows are 404, a service without a window is 409', async () => {
      const service = await newService();
      const cases: Array<[string, unknown, number, RegExp]> = [
        [START, { serviceId: '00000000-0000-4000-8000-000000000000' }, 404, /no service with id 00000000-0000-4000-8000-000000000000/],
        [START, { service: 'nope', nodeId: 'eu/prod/vm' }, 404, /no service named nope under node eu\/prod\/vm/],
        [STOP, { windowId: '00000000-0000-4000-8000-000000000000' }, 404, /no maintenance window with id/],
        [STOP, { service: 'nope', nodeId: 'eu' }, 404, /no service named nope/],
        [STOP, { serviceId: service.id }, 409, /has no active maintenance window/],
      ];
      for (const [path, body, status, message] of cases) {
        const res = await t.call('POST', path, body);
        assert.equal(res.status, status, `${JSON.stringify(body)}: ${res.text}`);
        assert.match(res.json.error, message);
      }
    });

    it('bodies over 64 KiB are refused with 413 on both routes', async () => {
      for (const path of [START, STOP]) {
        const res = await t.call('POST', path, { serviceId: '00000000-0000-4000-8000-000000000000', reason: 'x'.repeat(64 * 1024) });
        assert.equal(res.status, 413, res.text);
        assert.equal(typeof res.json.error, 'string');
      }
    });

    it('the API key is required on both routes', async () => {
      for (const path of [START, STOP]) {
        const res = await call(
          t.url,
          'POST',
          path,
          { windowId: '00000000-0000-4000-8000-000000000000' },
          { 'x-api-key': `${TEST_API_KEY}-wrong` },
        );
        assert.equal(res.status, 401, res.text);
      }
    });

    it('GraphQL: an operator creates, stops and deletes windows; lists filter by service, activity and time; a user may read but not write', async () => {
      admin = await signInAdmin(t); // the clock moved past the last token's lifetime
      const service = await newService();
      const operator = await personWithRole(t, admin, 'OPERATOR');
      const created = await gql(
        t,
        CREATE,
        { i: { serviceId: service.id, reason: 'patch', expectedEndAt: iso(clock.now() + 60 * MINUTE) } },
        operator.accessToken,
      );
      assert.equal(created.errors, undefined, created.text);
      const window = created.data.createExclusionWindow;
      assert.deepEqual(
        { ...window, id: undefined },
        {
          id: undefined,
          serviceId: service.id,
          service: { name: service.name },
          reason: 'patch',
          startedAt: iso(clock.now()),
          expectedEndAt: iso(clock.now() + 60 * MINUTE),
          endedAt: null,
          endedBy: null,
          active: true,
          createdVia: 'USER',
          createdBy: { username: operator.username },
          endedVia: null,
          endedByUser: null,
        },
      );
      const again = await gql(t, CREATE, { i: { serviceId: service.id } }, operator.accessToken);
      assert.deepEqual(again.codes, ['CONFLICT'], again.text);

      const user = await personWithRole(t, admin, 'USER');
      assert.deepEqual((await gql(t, STOP_GQL, { id: window.id }, user.accessToken)).codes, ['FORBIDDEN']);
      const listed = await gql(t, LIST, { f: { serviceId: service.id, active: true } }, user.accessToken);
      assert.equal(listed.errors, undefined, listed.text);
      assert.deepEqual(
        [listed.data.slaExclusionWindows.map((w: { id: string }) => w.id), listed.data.slaExclusionWindowCount],
        [[window.id], 1],
      );

      clock.advance(2 * MINUTE);
      const stopped = await gql(t, STOP_GQL, { id: window.id }, operator.accessToken);
      assert.equal(stopped.errors, undefined, stopped.text);
      assert.deepEqual(
        [stopped.data.stopExclusionWindow.endedBy, stopped.data.stopExclusionWindow.endedVia, stopped.data.stopExclusionWindow.endedByUser],
        ['STOP', 'USER', { username: operator.username }],
      );
      assert.deepEqual((await gql(t, STOP_GQL, { id: window.id }, operator.accessToken)).codes, ['CONFLICT']);
      const ended = await gql(
        t,
        LIST,
        { f: { serviceId: service.id, active: false, from: iso(clock.now() - MINUTE), to: iso(clock.now()) } },
        user.accessToken,
      );
      assert.deepEqual(
        ended.data.slaExclusionWindows.map((w: { id: string }) => w.id),
        [window.id],
      );
      const before = await gql(t, LIST, { f: { serviceId: service.id, to: iso(clock.now() - 10 * MINUTE) } }, user.accessToken);
      assert.deepEqual(before.data.slaExclusionWindowCount, 0, 'a range before the window holds none');

      assert.deepEqual((await gql(t, DELETE, { id: window.id }, operator.accessToken)).data, { deleteExclusionWindow: true });
      assert.deepEqual(
        (await gql(t, LIST, { f: { serviceId: service.id } }, user.accessToken)).data.slaExclusionWindowCount,
        0,
        'a deleted window is not listed',
      );
      assert.deepEqual((await gql(t, DELETE, { id: window.id }, operator.accessToken)).codes, ['NOT_FOUND']);
      const row = await windowRow(window.id);
      assert.ok(row.deleted_at !== null && row.deleted_via === 'user', 'the deletion is recorded');
    });

    it('deleting an active window ends it first and takes it out of the excluded spans', async () => {
      admin = await signInAdmin(t); // the clock moved past the last token's lifetime
      const service = await newService();
      await push(service, 'OPERATIONAL', 'fine');
      const created = await gql(t, CREATE, { i: { serviceId: service.id, reason: 'oops' } }, admin.accessToken);
      const id = created.data.createExclusionWindow.id;
      const spans = () => t.server.app.maintenanceWindowService.excludedSpans(service.id, T0, clock.now() + 60 * MINUTE);
      assert.deepEqual(await spans(), [[clock.now(), null]]);
      clock.advance(MINUTE);
      assert.deepEqual((await gql(t, DELETE, { id }, admin.accessToken)).data, { deleteExclusionWindow: true });
      assert.equal(statusOf(service.id).status, 'OPERATIONAL');
      assert.equal((await windowRow(id)).ended_by, 'delete');
      assert.deepEqual(await spans(), []);
    });

    it('deleting a service in a window takes the window with it, and its scheduled end then does nothing', async () => {
      admin = await signInAdmin(t);
      const service = await newService();
      const started = await t.call('POST', START, { serviceId: service.id, expectedEndAt: iso(clock.now() + 5 * MINUTE) });
      assert.equal(started.status, 200, started.text);
      const deleted = await gql(t, 'mutation($id: ID!) { deleteService(id: $id) }', { id: service.id }, admin.accessToken);
      assert.equal(deleted.errors, undefined, deleted.text);
      assert.equal(await windowRow(started.json.windowId), undefined, 'the row went with its service');
      assert.equal(t.server.app.maintenanceWindows.get(started.json.windowId), undefined);
      const errors = t.logs.filter((r) => r['level'] === 'error').length;
      clock.advance(5 * MINUTE);
      await t.server.writer.settled();
      assert.equal(t.logs.filter((r) => r['level'] === 'error').length, errors, 'nothing failed');
    });

    it('GraphQL input: an unknown service is NOT_FOUND, an expectedEndAt in the past BAD_USER_INPUT', async () => {
      admin = await signInAdmin(t); // the clock moved past the last token's lifetime
      const unknown = await gql(t, CREATE, { i: { serviceId: '00000000-0000-4000-8000-000000000000' } }, admin.accessToken);
      assert.deepEqual(unknown.codes, ['NOT_FOUND'], unknown.text);
      const service = await newService();
      const past = await gql(t, CREATE, { i: { serviceId: service.id, expectedEndAt: iso(clock.now() - 1) } }, admin.accessToken);
      assert.deepEqual(past.codes, ['BAD_USER_INPUT'], past.text);
      const bad = await gql(t, CREATE, { i: { serviceId: service.id, expectedEndAt: 'soon' } }, admin.accessToken);
      assert.deepEqual(bad.codes, ['BAD_USER_INPUT'], bad.text);
    });
  });

  describe(`maintenance windows across a restart (${backend.name})`, { timeout: 120_000 }, () => {
    it('a window ends by its scheduled event after a restart, to the status held before the restart', async () => {
      const clock = createManualClock(T0);
      const store = await durableStore(backend);
      const env = slaEnv(clock);
      let serviceId: string;
      let windowId: string;
      try {
        const first = await startTestServer(backend, { clock, store: store.forRun(), env });
        try {
          const pushed = await first.call('POST', '/api/v1/health/report', {
            service: 'restart-me',
            nodeId: 'eu/prod',
            status: 'OPERATIONAL',
          });
          serviceId = pushed.json.serviceId;
          const started = await first.call('POST', START, {
            service: 'restart-me',
            nodeId: 'eu/prod',
            reason: 'reboot',
            expectedEndAt: iso(T0 + 30 * MINUTE),
          });
          assert.equal(started.status, 200, started.text);
          windowId = started.json.windowId;
          const held = await first.call('POST', '/api/v1/health/report', {
            service: 'restart-me',
            nodeId: 'eu/prod',
            status: 'DEGRADED',
            message: 'warming up',
          });
          assert.equal(held.json.status, 'MAINTENANCE');
        } finally {
          await first.close();
        }
        clock.set(T0 + 45 * MINUTE);
        const second = await startTestServer(backend, { clock, store: store.forRun(), env });
        try {
          assert.equal(second.server.fleet.services.get(serviceId)!.status, 'MAINTENANCE', 'loaded in its window');
          assert.equal(second.server.app.maintenanceWindows.dueAt(windowId), T0 + 30 * MINUTE, 'the end is armed again from the row');
          // Past due at start: it fires at once.
          clock.runDue();
          const service = second.server.fleet.services.get(serviceId)!;
          assert.deepEqual([service.status, service.statusMessage], ['DEGRADED', 'warming up']);
          await second.server.writer.settled();
          const row = await second.server.database.knex('maintenance_windows').where({ id: windowId }).first();
          assert.deepEqual([row.ended_by, new Date(row.ended_at).getTime()], ['expiry', T0 + 45 * MINUTE]);
          const stored = await second.serviceRow('eu/prod', 'restart-me');
          assert.equal(stored.status, 'DEGRADED');
        } finally {
          await second.close();
        }
      } finally {
        await store.dispose();
      }
    });
  });

  describe(`maintenance windows without the sla plugin (${backend.name})`, { timeout: 120_000 }, () => {
    let t: TestServer;
    let admin: SignedIn;
    before(async () => {
      t = await startTestServer(backend, { clock: createManualClock(T0), env: LICENSE_ENV });
      admin = await signInAdmin(t);
    });
    after(() => t.close());

    it('both REST routes answer 503 naming the plugin', async () => {
      for (const path of [START, STOP]) {
        const res = await t.call('POST', path, { serviceId: '00000000-0000-4000-8000-000000000000' });
        assert.equal(res.status, 503, res.text);
        assert.match(res.json.error, /sla plugin is not active/);
      }
    });

    it('every window field answers PLUGIN_INACTIVE', async () => {
      const pushed = await t.call('POST', '/api/v1/health/report', { service: 'gated', nodeId: 'eu', status: 'OPERATIONAL' });
      const id = '00000000-0000-4000-8000-000000000000';
      const documents: Array<[string, Record<string, unknown>]> = [
        ['{ slaExclusionWindows { id } }', {}],
        ['{ slaExclusionWindowCount }', {}],
        [CREATE, { i: { serviceId: pushed.json.serviceId } }],
        [STOP_GQL, { id }],
        [DELETE, { id }],
        ['{ services { name activeExclusionWindow { id } } }', {}],
      ];
      for (const [document, variables] of documents) {
        const res = await gql(t, document, variables, admin.accessToken);
        assert.deepEqual(res.codes, ['PLUGIN_INACTIVE'], `${document}: ${res.text}`);
      }
      assert.equal(t.server.fleet.services.get(pushed.json.serviceId)!.status, 'OPERATIONAL');
    });
  });
}
