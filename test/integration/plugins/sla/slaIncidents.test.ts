/**
 * SLA incidents over real HTTP (issue 16, parts 1 and 5): opened and closed by status changes of
 * covered services in the batch of the change (a refused commit leaves neither the status nor the
 * incident), recorded and updated by hand, listed with filters and pages, announced as
 * `sla:incident` on the generic entity subscription.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends } from '../../../support/backends.js';
import { gql, personWithRole, type SignedIn } from '../../../support/graphql.js';
import { connectClient, subscribe, waitForSubscribers } from '../../../support/realtime.js';
import { ASSIGN, createdDefinition, okGql, pushedService, pushStatus, startSlaServer } from '../../../support/sla.js';
import type { TestServer } from '../../../support/testServer.js';
import { iso } from '../../../support/time.js';

const T0 = Date.parse('2026-04-01T08:00:00Z');
const MINUTE = 60_000;
const FIELDS = 'id serviceId service { name } definitionIds source title description severity startedAt endedAt open resolution';
const LIST = `query($f: SLAIncidentFilter, $l: Int, $o: Int) { slaIncidents(filter: $f, limit: $l, offset: $o) { ${FIELDS} } slaIncidentCount(filter: $f) }`;
const CREATE = `mutation($i: CreateSLAIncidentInput!) { createSLAIncident(input: $i) { ${FIELDS} } }`;
const UPDATE = `mutation($id: ID!, $i: UpdateSLAIncidentInput!) { updateSLAIncident(id: $id, input: $i) { ${FIELDS} } }`;
const EVENTS = 'subscription($type: String!, $id: ID!) { entityEvents(entityType: $type, entityId: $id) { event entityId data } }';

for (const backend of testBackends()) {
  describe(`SLA incidents (${backend.name})`, { timeout: 120_000 }, () => {
    const clock = createManualClock(T0);
    let t: TestServer;
    let admin: SignedIn;
    let user: SignedIn;
    let lenient: string;
    let strict: string;

    before(async () => {
      ({ t, admin } = await startSlaServer(backend, clock));
      user = await personWithRole(t, admin, 'USER');
      lenient = await createdDefinition(t, admin.accessToken, { name: 'lenient', degradedCountsAsDown: false });
      strict = await createdDefinition(t, admin.accessToken, { name: 'strict', degradedCountsAsDown: true });
    });
    after(() => t.close());

    const covered = async (name: string, definitions: string[]) => {
      const id = await pushedService(t, name);
      for (const definitionId of definitions) await okGql(t, admin.accessToken, ASSIGN, { i: { definitionId, serviceId: id } });
      return id;
    };
    const incidentsOf = async (serviceId: string) => (await okGql(t, user.accessToken, LIST, { f: { serviceId } })).slaIncidents;

    it('DOWN opens an automatic incident against every covering definition, in the commit of the status change; OPERATIONAL closes it', async () => {
      const id = await covered('orders-api', [lenient, strict]);
      clock.advance(MINUTE);
      await pushStatus(t, 'orders-api', 'DOWN', 'connection refused');
      const opened = (await incidentsOf(id))[0];
      assert.deepEqual(
        { ...opened, id: undefined, definitionIds: [...opened.definitionIds].sort() },
        {
          id: undefined,
          serviceId: id,
          service: { name: 'orders-api' },
          definitionIds: [lenient, strict].sort(),
          source: 'AUTOMATIC',
          title: 'orders-api is DOWN',
          description: 'connection refused',
          severity: 'CRITICAL',
          startedAt: iso(clock.now()),
          endedAt: null,
          open: true,
          resolution: null,
        },
      );
      clock.advance(2 * MINUTE);
      await pushStatus(t, 'orders-api', 'OPERATIONAL');
      const closed = await incidentsOf(id);
      assert.equal(closed.length, 1);
      assert.equal(closed[0].endedAt, iso(clock.now()));
      assert.equal(closed[0].open, false);
    });

    it('DEGRADED opens one only under a definition that counts it; UNKNOWN keeps it open', async () => {
      const onlyLenient = await covered('search-api', [lenient]);
      await pushStatus(t, 'search-api', 'DEGRADED');
      assert.deepEqual(await incidentsOf(onlyLenient), []);

      const both = await covered('cart-api', [lenient, strict]);
      await pushStatus(t, 'cart-api', 'DEGRADED');
      const [degraded] = await incidentsOf(both);
      assert.deepEqual([degraded.severity, degraded.definitionIds], ['MAJOR', [strict]]);
      await pushStatus(t, 'cart-api', 'DOWN');
      const [down] = await incidentsOf(both);
      assert.equal(down.id, degraded.id);
      assert.deepEqual([down.severity, [...down.definitionIds].sort()], ['CRITICAL', [lenient, strict].sort()]);
      await pushStatus(t, 'cart-api', 'UNKNOWN');
      assert.equal((await incidentsOf(both))[0].open, true);
      await pushStatus(t, 'cart-api', 'OPERATIONAL');
      assert.equal((await incidentsOf(both))[0].open, false);
    });

    it('a service no definition covers gets no incident', async () => {
      const id = await pushedService(t, 'uncovered-api');
      await pushStatus(t, 'uncovered-api', 'DOWN');
      assert.deepEqual(await incidentsOf(id), []);
    });

    it('a service covered through its SLA group gets incidents', async () => {
      const reg = await t.call('POST', '/api/v1/operator/register', { name: 'ledger-db', nodeId: 'eu/prod/k8s-1', slaGroup: 'ledger' });
      assert.equal(reg.status, 201, reg.text);
      await okGql(t, admin.accessToken, ASSIGN, { i: { definitionId: lenient, slaGroup: 'ledger' } });
      const sync = await t.call('POST', '/api/v1/operator/status', {
        nodeId: 'eu/prod/k8s-1',
        services: [{ name: 'ledger-db', status: 'DOWN' }],
      });
      assert.equal(sync.status, 200, sync.text);
      const [incident] = await incidentsOf(reg.json.service.id);
      assert.deepEqual([incident.source, incident.definitionIds, incident.open], ['AUTOMATIC', [lenient], true]);
    });

    // Issue 27: "4 breached, 1 open incident": services already down when an SLA was assigned had none.
    it('a service already DOWN when an SLA is assigned to it gets its incident in the commit of the assignment, dated from when it went down', async () => {
      const id = await pushedService(t, 'ledger-api');
      const wentDown = clock.now();
      await pushStatus(t, 'ledger-api', 'DOWN', 'disk full');
      clock.advance(10 * MINUTE);
      assert.deepEqual(await incidentsOf(id), [], 'no SLA covers it yet');
      await okGql(t, admin.accessToken, ASSIGN, { i: { definitionId: lenient, serviceId: id } });
      const [opened] = await incidentsOf(id);
      assert.deepEqual(
        { ...opened, id: undefined },
        {
          id: undefined,
          serviceId: id,
          service: { name: 'ledger-api' },
          definitionIds: [lenient],
          source: 'AUTOMATIC',
          title: 'ledger-api is DOWN',
          description: 'disk full',
          severity: 'CRITICAL',
          startedAt: iso(wentDown),
          endedAt: null,
          open: true,
          resolution: null,
        },
      );
      const log = await okGql(
        t,
        admin.accessToken,
        'query($id: ID) { slaEventLog(filter: {serviceId: $id, kinds: [INCIDENT_OPENED]}) { at origin } }',
        { id },
      );
      assert.deepEqual(log.slaEventLog, [{ at: iso(clock.now()), origin: 'api' }], 'recorded when the assignment made it count');

      // A second definition assigned while it is open counts the same incident; recovery closes it.
      await okGql(t, admin.accessToken, ASSIGN, { i: { definitionId: strict, serviceId: id } });
      const [extended] = await incidentsOf(id);
      assert.deepEqual([extended.id, [...extended.definitionIds].sort()], [opened.id, [lenient, strict].sort()]);
      await pushStatus(t, 'ledger-api', 'OPERATIONAL');
      assert.deepEqual(
        (await incidentsOf(id)).map((i: { open: boolean }) => i.open),
        [false],
      );
    });

    it('a group assigned while members are down opens an incident for each DOWN one, and for DEGRADED ones once the definition counts DEGRADED', async () => {
      const group = 'ledger-pool';
      const down = await pushedService(t, 'ledger-a', { slaGroup: group, status: 'DOWN' });
      const degraded = await pushedService(t, 'ledger-b', { slaGroup: group, status: 'DEGRADED' });
      const fine = await pushedService(t, 'ledger-c', { slaGroup: group });
      const pool = await createdDefinition(t, admin.accessToken, { name: 'ledger pool', degradedCountsAsDown: false });
      await okGql(t, admin.accessToken, ASSIGN, { i: { definitionId: pool, slaGroup: group } });
      assert.deepEqual(
        (await incidentsOf(down)).map((i: { severity: string; open: boolean }) => [i.severity, i.open]),
        [['CRITICAL', true]],
      );
      assert.deepEqual(await incidentsOf(degraded), [], 'DEGRADED does not count under this definition');
      assert.deepEqual(await incidentsOf(fine), []);
      await okGql(
        t,
        admin.accessToken,
        'mutation($id: ID!, $i: UpdateSLADefinitionInput!) { updateSLADefinition(id: $id, input: $i) { id } }',
        { id: pool, i: { degradedCountsAsDown: true } },
      );
      assert.deepEqual(
        (await incidentsOf(degraded)).map((i: { severity: string; open: boolean; definitionIds: string[] }) => [
          i.severity,
          i.open,
          i.definitionIds,
        ]),
        [['MAJOR', true, [pool]]],
      );
      assert.equal((await incidentsOf(down)).length, 1, 'the DOWN one keeps its one incident');
    });

    it('a person records an incident; it counts against the covering definitions unless told otherwise', async () => {
      const id = await covered('billing-api', [lenient]);
      const created = (
        await okGql(t, admin.accessToken, CREATE, {
          i: {
            serviceId: id,
            title: 'Card network outage',
            severity: 'CRITICAL',
            startedAt: iso(clock.now() - 30 * MINUTE),
            endedAt: iso(clock.now() - 5 * MINUTE),
            resolution: 'provider fixed it',
          },
        })
      ).createSLAIncident;
      assert.deepEqual(
        [created.source, created.definitionIds, created.open, created.resolution],
        ['MANUAL', [lenient], false, 'provider fixed it'],
      );
      const explicit = (await okGql(t, admin.accessToken, CREATE, { i: { serviceId: id, title: 'Open by hand', definitionIds: [strict] } }))
        .createSLAIncident;
      assert.deepEqual(
        [explicit.definitionIds, explicit.open, explicit.severity, explicit.startedAt],
        [[strict], true, 'MAJOR', iso(clock.now())],
      );
    });

    const invalidCreates: [string, (serviceId: string) => Record<string, unknown>, string, RegExp][] = [
      [
        'an end before the start',
        (s) => ({ serviceId: s, title: 'x', startedAt: iso(T0 - MINUTE), endedAt: iso(T0 - 2 * MINUTE) }),
        'BAD_USER_INPUT',
        /endedAt .* must be after startedAt/,
      ],
      [
        'an end in the future',
        (s) => ({ serviceId: s, title: 'x', startedAt: iso(T0 - MINUTE), endedAt: iso(Date.parse('2030-01-01T00:00:00Z')) }),
        'BAD_USER_INPUT',
        /endedAt .* is in the future/,
      ],
      [
        'a start in the future',
        (s) => ({ serviceId: s, title: 'x', startedAt: iso(Date.parse('2030-01-01T00:00:00Z')) }),
        'BAD_USER_INPUT',
        /startedAt .* is in the future/,
      ],
      ['an empty title', (s) => ({ serviceId: s, title: '   ' }), 'BAD_USER_INPUT', /title must be 1 to 200 characters/],
      ['an unknown service', () => ({ serviceId: '00000000-0000-4000-8000-000000000000', title: 'x' }), 'NOT_FOUND', /no service with id/],
      [
        'an unknown definition',
        (s) => ({ serviceId: s, title: 'x', definitionIds: ['00000000-0000-4000-8000-000000000000'] }),
        'NOT_FOUND',
        /no SLA definition/,
      ],
    ];
    for (const [label, input, code, message] of invalidCreates) {
      it(`createSLAIncident refuses ${label} and writes nothing`, async () => {
        const serviceId = (await t.serviceRow('eu/prod/k8s-1/apps', 'orders-api')).id;
        const count = (await okGql(t, admin.accessToken, LIST, {})).slaIncidentCount;
        const res = await gql(t, CREATE, { i: input(serviceId) }, admin.accessToken);
        assert.deepEqual(res.codes, [code], res.text);
        assert.match(res.errors![0].message, message);
        assert.equal((await okGql(t, admin.accessToken, LIST, {})).slaIncidentCount, count);
      });
    }

    it('updateSLAIncident changes what it names, closes an open automatic incident by endedAt, and validates times against the stored ones', async () => {
      const id = await covered('mail-api', [lenient]);
      await pushStatus(t, 'mail-api', 'DOWN');
      const [open] = await incidentsOf(id);
      clock.advance(MINUTE);
      const updated = (
        await okGql(t, admin.accessToken, UPDATE, {
          id: open.id,
          i: { title: 'SMTP relay down', severity: 'MINOR', description: 'relay', resolution: 'restarted relay' },
        })
      ).updateSLAIncident;
      assert.deepEqual(
        [updated.title, updated.severity, updated.description, updated.resolution, updated.open],
        ['SMTP relay down', 'MINOR', 'relay', 'restarted relay', true],
      );
      const refused = await gql(t, UPDATE, { id: open.id, i: { endedAt: iso(Date.parse(open.startedAt) - MINUTE) } }, admin.accessToken);
      assert.deepEqual(refused.codes, ['BAD_USER_INPUT'], refused.text);
      const closed = (await okGql(t, admin.accessToken, UPDATE, { id: open.id, i: { endedAt: iso(clock.now()) } })).updateSLAIncident;
      assert.equal(closed.open, false);
      // Closed by hand: the recovery that follows does not touch it, the next outage opens a new one.
      await pushStatus(t, 'mail-api', 'OPERATIONAL');
      await pushStatus(t, 'mail-api', 'DOWN');
      const after = await incidentsOf(id);
      assert.equal(after.length, 2);
      assert.equal(after.find((i: { id: string }) => i.id === open.id).endedAt, iso(clock.now()));
      assert.deepEqual((await gql(t, UPDATE, { id: '00000000-0000-4000-8000-000000000000', i: { title: 'x' } }, admin.accessToken)).codes, [
        'NOT_FOUND',
      ]);
      assert.deepEqual((await gql(t, UPDATE, { id: open.id, i: { title: 'x' } }, user.accessToken)).codes, ['FORBIDDEN']);
    });

    it('slaIncidents filters by definition, open or closed and time range, newest first, in pages; a malformed id is refused', async () => {
      const all = await okGql(t, user.accessToken, LIST, {});
      const starts = all.slaIncidents.map((i: { startedAt: string }) => i.startedAt);
      assert.deepEqual(starts, [...starts].sort().reverse());
      const ofStrict = await okGql(t, user.accessToken, LIST, { f: { definitionId: strict } });
      assert.ok(ofStrict.slaIncidentCount >= 3);
      assert.ok(ofStrict.slaIncidents.every((i: { definitionIds: string[] }) => i.definitionIds.includes(strict)));
      const open = await okGql(t, user.accessToken, LIST, { f: { open: true } });
      const closed = await okGql(t, user.accessToken, LIST, { f: { open: false } });
      assert.equal(open.slaIncidentCount + closed.slaIncidentCount, all.slaIncidentCount);
      assert.ok(open.slaIncidents.every((i: { open: boolean }) => i.open));
      const page = await okGql(t, user.accessToken, LIST, { l: 2, o: 1 });
      assert.deepEqual(
        page.slaIncidents.map((i: { id: string }) => i.id),
        all.slaIncidents.slice(1, 3).map((i: { id: string }) => i.id),
      );
      const early = await okGql(t, user.accessToken, LIST, { f: { from: iso(T0 - 60 * MINUTE), to: iso(T0) } });
      assert.ok(early.slaIncidents.every((i: { startedAt: string }) => Date.parse(i.startedAt) < T0));
      assert.deepEqual((await gql(t, LIST, { f: { serviceId: 'x' } }, user.accessToken)).codes, ['BAD_USER_INPUT']);
      assert.deepEqual((await gql(t, LIST, { l: 1001 }, user.accessToken)).codes, ['BAD_USER_INPUT']);
    });

    it('every incident change is in the event log with its origin', async () => {
      const log = await okGql(
        t,
        user.accessToken,
        'query($f: SLAEventLogFilter) { slaEventLog(filter: $f, limit: 1000) { kind origin incidentId } }',
        { f: { kinds: ['INCIDENT_OPENED', 'INCIDENT_CLOSED', 'INCIDENT_UPDATED'] } },
      );
      const kinds = new Set(log.slaEventLog.map((e: { kind: string }) => e.kind));
      assert.deepEqual([...kinds].sort(), ['INCIDENT_CLOSED', 'INCIDENT_OPENED', 'INCIDENT_UPDATED']);
      assert.ok(log.slaEventLog.some((e: { origin: string }) => e.origin === 'agent'));
      assert.ok(log.slaEventLog.every((e: { incidentId: string | null }) => e.incidentId !== null));
    });

    it('sla:incident reaches subscribers of the service, of the definition and of every SLA event', async () => {
      const id = await covered('live-api', [lenient]);
      const client = connectClient(t, { token: user.accessToken });
      const feeds = [
        ['sla-service', id],
        ['sla-definition', lenient],
        ['sla', 'all'],
      ].map(([type, entity]) => subscribe(client, EVENTS, { type, id: entity }));
      await waitForSubscribers(t, `entity:sla-service:${id}`, 1);
      await waitForSubscribers(t, `entity:sla-definition:${lenient}`, 1);
      await waitForSubscribers(t, 'entity:sla:all', 1);
      await pushStatus(t, 'live-api', 'DOWN');
      for (const feed of feeds) {
        // The same push may also raise an sla:alert on these feeds; the two are not ordered.
        let { entityEvents } = await feed.data('sla:incident');
        while (entityEvents.event === 'sla:alert') ({ entityEvents } = await feed.data('sla:incident'));
        assert.equal(entityEvents.event, 'sla:incident');
        const data = JSON.parse(entityEvents.data);
        assert.deepEqual([data.change, data.incident.serviceId, data.incident.title], ['opened', id, 'live-api is DOWN']);
      }
      await client.dispose();
    });

    it('deleting a service ends its open incident and drops the assignments and targets naming it, in the same commit', async () => {
      const id = await covered('gone-api', [lenient]);
      await okGql(t, admin.accessToken, 'mutation($i: CreateSLATargetInput!) { createSLATarget(input: $i) { id } }', {
        i: { definitionId: lenient, scope: 'SERVICE', scopeValue: id, targetPercent: 95 },
      });
      await pushStatus(t, 'gone-api', 'DOWN');
      clock.advance(1000);
      assert.equal((await okGql(t, admin.accessToken, 'mutation($id: ID!) { deleteService(id: $id) }', { id })).deleteService, true);
      const [incident] = await incidentsOf(id);
      assert.deepEqual(
        [incident.open, incident.endedAt, incident.resolution, incident.service],
        [false, iso(clock.now()), 'the service was deleted', null],
      );
      const knex = t.server.database.knex;
      assert.equal((await knex('sla_assignments').where({ service_id: id })).length, 0);
      assert.equal((await knex('sla_targets').where({ scope_type: 'SERVICE', scope_value: id })).length, 0);
      const log = await okGql(
        t,
        admin.accessToken,
        'query($id: ID) { slaEventLog(filter: {serviceId: $id}, limit: 3) { kind origin actor { username } } }',
        { id },
      );
      assert.deepEqual(log.slaEventLog.map((e: { kind: string }) => e.kind).sort(), ['INCIDENT_CLOSED', 'TARGET_DELETED', 'UNASSIGNED']);
    });

    it('a refused commit leaves neither the status change nor its incident; the next change opens it', async () => {
      const id = await covered('poison-api', [lenient]);
      const knex = t.server.database.knex;
      await knex.raw(`create function refuse_poisoned_incident() returns trigger language plpgsql as $$
        begin
          if new.title like 'poison%' then raise exception 'incident % is poisoned (test trigger)', new.title; end if;
          return new;
        end $$`);
      await knex.raw(
        'create trigger refuse_poisoned_incident before insert or update on sla_incidents for each row execute function refuse_poisoned_incident()',
      );
      const refused = await t.call('POST', '/api/v1/health/report', {
        service: 'poison-api',
        nodeId: 'eu/prod/k8s-1/apps',
        status: 'DOWN',
      });
      assert.equal(refused.status, 503, refused.text);
      assert.equal((await t.serviceRow('eu/prod/k8s-1/apps', 'poison-api')).status, 'OPERATIONAL');
      assert.deepEqual(await incidentsOf(id), []);
      await knex.raw('drop trigger refuse_poisoned_incident on sla_incidents');
      await knex.raw('drop function refuse_poisoned_incident()');
      await pushStatus(t, 'poison-api', 'DOWN');
      const [incident] = await incidentsOf(id);
      assert.equal(incident.open, true);
    });
  });
}
