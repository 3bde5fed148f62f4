/**
 * SLA definitions, targets and assignments over real HTTP (issue 16, part 1): the mutations answer
 * after commit, invalid input answers BAD_REQUEST naming the field, roles are enforced, and every
 * change is in the event log.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends } from '../../../support/backends.js';
import { gql, personWithRole, type SignedIn } from '../../../support/graphql.js';
import {
  ASSIGN,
  CREATE_DEFINITION,
  createdDefinition,
  DEFINITION_FIELDS,
  okGql,
  pushedService,
  startSlaServer,
} from '../../../support/sla.js';
import type { TestServer } from '../../../support/testServer.js';

const T0 = Date.parse('2026-04-01T08:00:00Z');
const UPDATE = `mutation($id: ID!, $i: UpdateSLADefinitionInput!) { updateSLADefinition(id: $id, input: $i) { ${DEFINITION_FIELDS} } }`;
const DELETE = 'mutation($id: ID!) { deleteSLADefinition(id: $id) }';
const TARGET = 'mutation($i: CreateSLATargetInput!) { createSLATarget(input: $i) { id definitionId scope scopeValue targetPercent } }';
const ONE = `query($id: ID, $name: String) { slaDefinition(id: $id, name: $name) { ${DEFINITION_FIELDS} targets { id scope scopeValue targetPercent } assignments { id slaGroup service { name } } } }`;
const LOG =
  'query($f: SLAEventLogFilter) { slaEventLog(filter: $f) { kind origin actor { username } definitionId serviceId slaGroup data } slaEventLogCount(filter: $f) }';

for (const backend of testBackends()) {
  describe(`SLA definitions (${backend.name})`, { timeout: 120_000 }, () => {
    const clock = createManualClock(T0);
    let t: TestServer;
    let admin: SignedIn;
    let operator: SignedIn & { username: string };
    let user: SignedIn;

    before(async () => {
      ({ t, admin } = await startSlaServer(backend, clock));
      operator = await personWithRole(t, admin, 'OPERATOR');
      user = await personWithRole(t, admin, 'USER');
    });
    after(() => t.close());

    it('an operator creates a definition with the burn-rate defaults; it is read back by id and by name, and is in the database', async () => {
      const data = await okGql(t, operator.accessToken, CREATE_DEFINITION, {
        i: {
          name: 'Checkout gold',
          description: 'card payments',
          targetPercent: 99.95,
          period: 'MONTH',
          degradedCountsAsDown: true,
          timeZone: 'Europe/Berlin',
        },
      });
      const created = data.createSLADefinition;
      assert.deepEqual(
        { ...created, id: undefined },
        {
          id: undefined,
          name: 'Checkout gold',
          description: 'card payments',
          targetPercent: 99.95,
          period: 'MONTH',
          degradedCountsAsDown: true,
          timeZone: 'Europe/Berlin',
          burnRates: {
            fast: { threshold: 14.4, longWindowMinutes: 60, shortWindowMinutes: 5 },
            slow: { threshold: 6, longWindowMinutes: 360, shortWindowMinutes: 30 },
          },
        },
      );
      const byId = await okGql(t, user.accessToken, ONE, { id: created.id });
      const byName = await okGql(t, user.accessToken, ONE, { name: 'checkout GOLD' });
      assert.equal(byId.slaDefinition.name, 'Checkout gold');
      assert.deepEqual(byName.slaDefinition, byId.slaDefinition);
      const row = await t.server.database.knex('sla_definitions').where({ id: created.id }).first();
      assert.equal(row.target_percent, 99.95);
      assert.equal(row.time_zone, 'Europe/Berlin');
    });

    it('slaDefinitions lists every definition by name', async () => {
      await createdDefinition(t, admin.accessToken, { name: 'aaa first' });
      const data = await okGql(t, user.accessToken, '{ slaDefinitions { name } }');
      const names = data.slaDefinitions.map((d: { name: string }) => d.name);
      assert.deepEqual(
        names,
        [...names].sort((a: string, b: string) => a.localeCompare(b)),
      );
      assert.ok(names.includes('aaa first') && names.includes('Checkout gold'));
    });

    it('a name is unique ignoring case: a second one is a CONFLICT and nothing is written', async () => {
      const before = await t.server.database.knex('sla_definitions').count({ n: '*' });
      const res = await gql(t, CREATE_DEFINITION, { i: { name: 'CHECKOUT GOLD', targetPercent: 99, period: 'DAY' } }, admin.accessToken);
      assert.deepEqual(res.codes, ['CONFLICT'], res.text);
      assert.deepEqual(await t.server.database.knex('sla_definitions').count({ n: '*' }), before);
    });

    const invalid: [string, Record<string, unknown>, RegExp][] = [
      ['a target of 0', { targetPercent: 0 }, /targetPercent must be a percentage above 0 and at most 100/],
      ['a target above 100', { targetPercent: 100.5 }, /targetPercent must be a percentage above 0 and at most 100/],
      ['an unknown time zone', { timeZone: 'Moon/Base' }, /timeZone must be an IANA time zone/],
      ['an empty name', { name: '  ' }, /name must be 1 to 200 characters/],
      [
        'burn-rate windows the wrong way round',
        { burnRates: { slow: { longWindowMinutes: 30, shortWindowMinutes: 60 } } },
        /shortWindowMinutes \(60\) must be shorter than longWindowMinutes \(30\)/,
      ],
      [
        'a fast threshold below the slow one',
        { burnRates: { fast: { threshold: 2 } } },
        /fast.threshold \(2\) must be above burnRates.slow.threshold/,
      ],
    ];
    for (const [label, input, message] of invalid) {
      it(`createSLADefinition refuses ${label} with BAD_USER_INPUT`, async () => {
        const res = await gql(
          t,
          CREATE_DEFINITION,
          { i: { name: `bad ${label}`, targetPercent: 99, period: 'WEEK', ...input } },
          admin.accessToken,
        );
        assert.deepEqual(res.codes, ['BAD_USER_INPUT'], res.text);
        assert.match(res.errors![0].message, message);
      });
    }

    it('a plain user reads definitions but may not create, change or delete them (FORBIDDEN)', async () => {
      const id = await createdDefinition(t, admin.accessToken);
      assert.deepEqual(
        (await gql(t, CREATE_DEFINITION, { i: { name: 'by a user', targetPercent: 99, period: 'DAY' } }, user.accessToken)).codes,
        ['FORBIDDEN'],
      );
      assert.deepEqual((await gql(t, UPDATE, { id, i: { targetPercent: 90 } }, user.accessToken)).codes, ['FORBIDDEN']);
      assert.deepEqual((await gql(t, DELETE, { id }, user.accessToken)).codes, ['FORBIDDEN']);
      assert.deepEqual((await gql(t, '{ slaDefinitions { id } }')).codes, ['UNAUTHENTICATED']);
    });

    it('an update changes what it names (burn rates merged), keeps the rest, and logs the fields it changed', async () => {
      const id = await createdDefinition(t, admin.accessToken, { name: 'to update', description: 'old' });
      const data = await okGql(t, operator.accessToken, UPDATE, {
        id,
        i: { targetPercent: 99.5, description: '', burnRates: { fast: { threshold: 20 } }, period: 'QUARTER' },
      });
      const updated = data.updateSLADefinition;
      assert.equal(updated.targetPercent, 99.5);
      assert.equal(updated.description, null);
      assert.equal(updated.period, 'QUARTER');
      assert.equal(updated.name, 'to update');
      assert.deepEqual(updated.burnRates.fast, { threshold: 20, longWindowMinutes: 60, shortWindowMinutes: 5 });
      const log = await okGql(t, admin.accessToken, LOG, { f: { definitionId: id, kinds: ['DEFINITION_UPDATED'] } });
      assert.equal(log.slaEventLogCount, 1);
      assert.deepEqual(JSON.parse(log.slaEventLog[0].data).fields, ['description', 'targetPercent', 'period', 'burnRates']);
      assert.equal(log.slaEventLog[0].actor.username, operator.username);
    });

    it('updating an unknown definition is NOT_FOUND; renaming onto a taken name is a CONFLICT', async () => {
      assert.deepEqual(
        (await gql(t, UPDATE, { id: '00000000-0000-4000-8000-000000000000', i: { targetPercent: 90 } }, admin.accessToken)).codes,
        ['NOT_FOUND'],
      );
      assert.deepEqual((await gql(t, UPDATE, { id: 'not-an-id', i: { targetPercent: 90 } }, admin.accessToken)).codes, ['NOT_FOUND']);
      const id = await createdDefinition(t, admin.accessToken);
      assert.deepEqual((await gql(t, UPDATE, { id, i: { name: 'checkout gold' } }, admin.accessToken)).codes, ['CONFLICT']);
    });

    it('targets: one per scope, set again to change its value, validated against what they name', async () => {
      const id = await createdDefinition(t, admin.accessToken, { targetPercent: 99 });
      const serviceId = await pushedService(t, 'targeted-api');
      const first = (
        await okGql(t, operator.accessToken, TARGET, {
          i: { definitionId: id, scope: 'SERVICE', scopeValue: serviceId, targetPercent: 99.5 },
        })
      ).createSLATarget;
      const again = (
        await okGql(t, operator.accessToken, TARGET, {
          i: { definitionId: id, scope: 'SERVICE', scopeValue: serviceId, targetPercent: 98 },
        })
      ).createSLATarget;
      assert.equal(again.id, first.id);
      assert.equal(again.targetPercent, 98);
      await okGql(t, operator.accessToken, TARGET, {
        i: { definitionId: id, scope: 'TIER', scopeValue: 'critical', targetPercent: 99.99 },
      });
      const read = (await okGql(t, user.accessToken, ONE, { id })).slaDefinition.targets;
      assert.deepEqual(
        read.map((x: any) => [x.scope, x.scopeValue, x.targetPercent]),
        [
          ['SERVICE', serviceId, 98],
          ['TIER', 'critical', 99.99],
        ],
      );

      const refusals: [Record<string, unknown>, string, RegExp][] = [
        [{ scope: 'SERVICE', scopeValue: '00000000-0000-4000-8000-000000000000' }, 'NOT_FOUND', /no service with id/],
        [{ scope: 'GROUP', scopeValue: 'no-such-group' }, 'NOT_FOUND', /no SLA group named "no-such-group"/],
        [{ scope: 'TIER', scopeValue: 'gold', targetPercent: 0 }, 'BAD_USER_INPUT', /targetPercent must be a percentage/],
        [{ scope: 'TIER', scopeValue: '   ' }, 'BAD_USER_INPUT', /scopeValue must be 1 to 200 characters/],
        [{ definitionId: '00000000-0000-4000-8000-000000000000', scope: 'TIER', scopeValue: 'gold' }, 'NOT_FOUND', /no SLA definition/],
      ];
      for (const [input, code, message] of refusals) {
        const res = await gql(t, TARGET, { i: { definitionId: id, targetPercent: 99, ...input } }, admin.accessToken);
        assert.deepEqual(res.codes, [code], res.text);
        assert.match(res.errors![0].message, message);
      }
      assert.equal(
        (await okGql(t, admin.accessToken, 'mutation($id: ID!) { deleteSLATarget(id: $id) }', { id: first.id })).deleteSLATarget,
        true,
      );
      assert.equal(
        (await okGql(t, admin.accessToken, 'mutation($id: ID!) { deleteSLATarget(id: $id) }', { id: first.id })).deleteSLATarget,
        false,
      );
    });

    it('assignments: to a service or to a group (declared by a sync), once each; invalid ones refused', async () => {
      const id = await createdDefinition(t, admin.accessToken);
      const serviceId = await pushedService(t, 'assigned-api');
      const sync = await t.call('POST', '/api/v1/operator/status', {
        nodeId: 'eu/prod/k8s-1',
        slaGroups: [{ name: 'payments', tier: 'critical', targets: { uptime: 99.9 } }],
      });
      assert.equal(sync.status, 200, sync.text);
      const toService = (await okGql(t, operator.accessToken, ASSIGN, { i: { definitionId: id, serviceId } })).assignSLAToService;
      assert.deepEqual(toService.service, { id: serviceId, name: 'assigned-api' });
      const again = (await okGql(t, operator.accessToken, ASSIGN, { i: { definitionId: id, serviceId } })).assignSLAToService;
      assert.equal(again.id, toService.id);
      const toGroup = (await okGql(t, operator.accessToken, ASSIGN, { i: { definitionId: id, slaGroup: 'payments' } })).assignSLAToService;
      assert.equal(toGroup.slaGroup, 'payments');
      assert.equal(toGroup.service, null);
      const read = (await okGql(t, user.accessToken, ONE, { id })).slaDefinition.assignments;
      assert.equal(read.length, 2);

      const refusals: [Record<string, unknown>, string][] = [
        [{}, 'BAD_USER_INPUT'],
        [{ serviceId, slaGroup: 'payments' }, 'BAD_USER_INPUT'],
        [{ serviceId: '00000000-0000-4000-8000-000000000000' }, 'NOT_FOUND'],
        [{ slaGroup: 'unheard-of' }, 'NOT_FOUND'],
      ];
      for (const [input, code] of refusals)
        assert.deepEqual((await gql(t, ASSIGN, { i: { definitionId: id, ...input } }, admin.accessToken)).codes, [code]);
      assert.equal(
        (await okGql(t, admin.accessToken, 'mutation($id: ID!) { unassignSLA(id: $id) }', { id: toService.id })).unassignSLA,
        true,
      );
      assert.equal((await okGql(t, user.accessToken, ONE, { id })).slaDefinition.assignments.length, 1);
    });

    it('deleting a definition deletes its targets and assignments in the same commit and logs it; deleting it again answers false', async () => {
      const id = await createdDefinition(t, admin.accessToken);
      const serviceId = await pushedService(t, 'doomed-api');
      await okGql(t, admin.accessToken, ASSIGN, { i: { definitionId: id, serviceId } });
      await okGql(t, admin.accessToken, TARGET, { i: { definitionId: id, scope: 'TIER', scopeValue: 'x', targetPercent: 99 } });
      assert.equal((await okGql(t, admin.accessToken, DELETE, { id })).deleteSLADefinition, true);
      const knex = t.server.database.knex;
      assert.equal((await knex('sla_definitions').where({ id })).length, 0);
      assert.equal((await knex('sla_targets').where({ definition_id: id })).length, 0);
      assert.equal((await knex('sla_assignments').where({ definition_id: id })).length, 0);
      assert.equal((await okGql(t, admin.accessToken, ONE, { id })).slaDefinition, null);
      assert.equal((await okGql(t, admin.accessToken, DELETE, { id })).deleteSLADefinition, false);
      const log = await okGql(t, admin.accessToken, LOG, { f: { definitionId: id } });
      assert.deepEqual(
        log.slaEventLog.map((e: any) => e.kind),
        ['DEFINITION_DELETED', 'TARGET_SET', 'ASSIGNED', 'DEFINITION_CREATED'],
      );
      assert.deepEqual(
        JSON.parse(log.slaEventLog[0].data).assignmentsDeleted.map((a: any) => a.serviceId),
        [serviceId],
      );
    });

    it('slaDefinition wants exactly one of id or name', async () => {
      assert.deepEqual((await gql(t, ONE, {}, admin.accessToken)).codes, ['BAD_USER_INPUT']);
      assert.deepEqual((await gql(t, ONE, { id: 'x', name: 'y' }, admin.accessToken)).codes, ['BAD_USER_INPUT']);
      assert.equal((await okGql(t, admin.accessToken, ONE, { id: 'not-a-uuid' })).slaDefinition, null);
    });

    it('the event log filters by kind and time range, pages, and refuses a malformed id or an empty range', async () => {
      const all = await okGql(t, admin.accessToken, LOG, { f: { kinds: ['DEFINITION_CREATED'] } });
      assert.ok(all.slaEventLogCount >= 5);
      assert.ok(all.slaEventLog.every((e: any) => e.kind === 'DEFINITION_CREATED' && e.origin === 'api'));
      const page = await okGql(t, admin.accessToken, 'query { slaEventLog(limit: 2, offset: 1) { kind } }');
      assert.equal(page.slaEventLog.length, 2);
      const later = await okGql(t, admin.accessToken, LOG, { f: { from: new Date(T0 + 1).toISOString() } });
      assert.equal(later.slaEventLogCount, 0);
      assert.deepEqual((await gql(t, LOG, { f: { definitionId: 'nope' } }, admin.accessToken)).codes, ['BAD_USER_INPUT']);
      assert.deepEqual(
        (await gql(t, LOG, { f: { from: new Date(T0).toISOString(), to: new Date(T0).toISOString() } }, admin.accessToken)).codes,
        ['BAD_USER_INPUT'],
      );
    });
  });
}
