/**
 * The audit plugin (issue 4, item 5): every state-changing call is recorded with who, what, when,
 * source address and outcome, in the same commit as its change; admins read the trail with filters
 * and pages; records cannot be changed or deleted. The plugin gate and hostile input are in
 * auditPlugin.test.ts. Every server here runs with a licence that includes `audit` (SVC_LICENSE_KEY)
 * and a manual clock moved one second before each call, so "newest first" is unambiguous.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { productModules } from '../../../../src/plugins/productModules.js';
import {
  auditEventCount,
  auditEvents,
  auditLicense,
  auditRowCount,
  AUDIT_COUNT,
  AUDIT_EVENTS,
  poisonServices,
  startAuditServer,
} from '../../../support/audit.js';
import { testBackends } from '../../../support/backends.js';
import { ADMIN_PASSWORD, gql, personWithRole, signIn, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { TEST_API_KEY, type TestServer } from '../../../support/testServer.js';

const T0 = Date.parse('2026-03-02T09:00:00Z');
const LOGIN = 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { accessToken } }';
const CREATE_SERVICE = 'mutation($i: CreateServiceInput!) { createService(input: $i) { id } }';
const UPDATE_SERVICE = 'mutation($id: ID!, $i: UpdateServiceInput!) { updateService(id: $id, input: $i) { id } }';
const CREATE_USER = 'mutation($i: CreateUserInput!) { createUser(input: $i) { id } }';
const TOGGLE = 'mutation($n: String!, $e: Boolean!) { togglePlugin(name: $n, enabled: $e) { active } }';
const HEALTH = '/api/v1/health/report';
const ACTIVATE = '/api/v1/license/activate';

/** What a test expects of a record; `at` as the clock's epoch ms. */
interface Expected {
  at: number;
  kind: 'graphql' | 'rest';
  action: string;
  actorId: string | null;
  actor: string | null;
  outcome: 'SUCCESS' | 'FAILURE';
  errorCode: string | null;
  detail: unknown;
}

const project = (e: any): Expected & { sourceAddress: string } => ({
  at: Date.parse(e.at),
  kind: e.kind,
  action: e.action,
  actorId: e.actorId,
  actor: e.actor,
  sourceAddress: e.sourceAddress,
  outcome: e.outcome,
  errorCode: e.errorCode,
  detail: e.detail,
});

for (const backend of testBackends()) {
  describe(`audit trail (${backend.name})`, { timeout: 120_000 }, () => {
    it('the trail of a sequence of calls is exactly what happened, newest first, failures included, queries left out', async () => {
      const clock = createManualClock(T0);
      const t = await startAuditServer(backend, clock);
      try {
        const expected: Expected[] = [];
        const step = () => (clock.advance(1000), clock.now());
        const gqlRecord = (
          action: string,
          who: { id: string | null; name: string | null },
          detail: unknown,
          errorCode: string | null = null,
        ) =>
          expected.push({
            at: clock.now(),
            kind: 'graphql',
            action,
            actorId: who.id,
            actor: who.name,
            outcome: errorCode ? 'FAILURE' : 'SUCCESS',
            errorCode,
            detail,
          });
        const restRecord = (action: string, actor: string, detail: unknown, errorCode: string | null = null) =>
          expected.push({
            at: clock.now(),
            kind: 'rest',
            action,
            actorId: null,
            actor,
            outcome: errorCode ? 'FAILURE' : 'SUCCESS',
            errorCode,
            detail,
          });

        step();
        assert.deepEqual((await gql(t, LOGIN, { u: 'admin', p: 'wrong-password-1' })).codes, ['UNAUTHENTICATED']);
        gqlRecord('login', { id: null, name: 'admin' }, { username: 'admin', password: '[redacted]' }, 'UNAUTHENTICATED');

        step();
        const admin = await signInAdmin(t);
        gqlRecord('login', { id: null, name: 'admin' }, { username: 'admin', password: '[redacted]' });
        const asAdmin = { id: admin.userId, name: 'admin' };

        step();
        const created = await gql(t, CREATE_SERVICE, { i: { name: 'billing', nodeId: 'eu/prod/billing' } }, admin.accessToken);
        assert.equal(created.errors, undefined, created.text);
        gqlRecord('createService', asAdmin, { input: { name: 'billing', nodeId: 'eu/prod/billing' } });

        step();
        const newUser = await gql(
          t,
          CREATE_USER,
          { i: { username: 'audited', password: 'password-of-audited', role: 'USER' } },
          admin.accessToken,
        );
        assert.equal(newUser.errors, undefined, newUser.text);
        gqlRecord('createUser', asAdmin, { input: { username: 'audited', password: '[redacted]', role: 'user' } });

        step();
        const user = await signIn(t, 'audited', 'password-of-audited');
        gqlRecord('login', { id: null, name: 'audited' }, { username: 'audited', password: '[redacted]' });

        step();
        const serviceId = created.data.createService.id;
        assert.deepEqual((await gql(t, UPDATE_SERVICE, { id: serviceId, i: { displayName: 'Billing' } }, user.accessToken)).codes, [
          'FORBIDDEN',
        ]);
        gqlRecord('updateService', { id: user.userId, name: 'audited' }, { id: serviceId, input: { displayName: 'Billing' } }, 'FORBIDDEN');

        step();
        const push = { service: 'billing', nodeId: 'eu/prod/billing', status: 'DEGRADED', message: 'slow' };
        assert.equal((await t.call('POST', HEALTH, push)).status, 200);
        restRecord(`POST ${HEALTH}`, 'api-key', push);

        step();
        const badPush = { service: 'billing', nodeId: 'eu/prod/billing', status: 'BROKEN' };
        assert.equal((await t.call('POST', HEALTH, badPush)).status, 400);
        restRecord(`POST ${HEALTH}`, 'api-key', badPush, 'BAD_REQUEST');

        step();
        const renewed = auditLicense(clock, { licenseId: 'audit-lic-2', issuedAt: clock.now() - 60_000 });
        const activation = await t.call('POST', ACTIVATE, { licenseKey: renewed });
        assert.equal(activation.status, 200, activation.text);
        restRecord(`POST ${ACTIVATE}`, 'api-key', { licenseKey: '[redacted]' });

        step();
        assert.equal((await gql(t, TOGGLE, { n: 'sla', e: false }, admin.accessToken)).errors, undefined);
        gqlRecord('togglePlugin', asAdmin, { name: 'sla', enabled: false });

        step();
        assert.deepEqual((await gql(t, CREATE_SERVICE, { i: { name: 'no/slashes', nodeId: 'eu' } }, admin.accessToken)).codes, [
          'BAD_USER_INPUT',
        ]);
        gqlRecord('createService', asAdmin, { input: { name: 'no/slashes', nodeId: 'eu' } }, 'BAD_REQUEST');

        // Reads change nothing and are not recorded: GraphQL queries, machine GETs, the trail itself.
        step();
        assert.equal((await gql(t, '{ services { id } licenseInfo { status } }', undefined, admin.accessToken)).errors, undefined);
        assert.equal((await t.call('GET', '/api/v1/operator/services?nodeId=eu')).status, 200);
        assert.equal((await gql(t, AUDIT_EVENTS, {}, admin.accessToken)).errors, undefined);

        const trail = await auditEvents(t, admin.accessToken);
        assert.deepEqual(
          trail.map(project),
          expected.reverse().map((e) => ({ ...e, sourceAddress: '127.0.0.1' })),
        );
        for (const e of trail) assert.equal(e.errorMessage === null, e.outcome === 'SUCCESS', `errorMessage of ${e.action} ${e.outcome}`);
        assert.equal(await auditEventCount(t, admin.accessToken), expected.length);

        const stored = JSON.stringify(await t.server.database.knex('audit_events').select('*'));
        for (const secret of ['wrong-password-1', ADMIN_PASSWORD, 'password-of-audited', renewed, TEST_API_KEY]) {
          assert.equal(stored.includes(secret), false, `the stored trail holds no secret (${secret.slice(0, 12)}…)`);
        }
      } finally {
        await t.close();
      }
    });

    it('a machine call with an agent key names the key; the shared key stays `api-key`', async () => {
      const clock = createManualClock(T0);
      const t = await startAuditServer(backend, clock);
      try {
        const admin = await signInAdmin(t);
        const created = await gql(
          t,
          'mutation($i: CreateAgentKeyInput!) { createAgentKey(input: $i) { key agentKey { id } } }',
          { i: { name: 'edge agent', nodeId: 'eu/edge', endpoints: ['health/report'] } },
          admin.accessToken,
        );
        assert.equal(created.errors, undefined, created.text);
        const { key, agentKey } = created.data.createAgentKey;
        clock.advance(1000);
        const scoped = await t.call(
          'POST',
          HEALTH,
          { service: 'gateway', nodeId: 'eu/edge/gw', status: 'OPERATIONAL' },
          { 'x-api-key': key },
        );
        assert.equal(scoped.status, 200, scoped.text);
        clock.advance(1000);
        assert.equal((await t.call('POST', HEALTH, { service: 'gateway', nodeId: 'eu/edge/gw', status: 'DEGRADED' })).status, 200);
        const pushes = (await auditEvents(t, admin.accessToken)).filter((e) => e.action === `POST ${HEALTH}`);
        assert.deepEqual(
          pushes.map((e) => [e.actorId, e.actor, e.outcome]),
          [
            [null, 'api-key', 'SUCCESS'],
            [null, `agent-key "edge agent" (${agentKey.id})`, 'SUCCESS'],
          ],
        );
        assert.equal(JSON.stringify(pushes).includes(key), false, 'the trail never holds the key itself');
      } finally {
        await t.close();
      }
    });

    it('a success record is committed in the same transaction as its change', async () => {
      const clock = createManualClock(T0);
      const t = await startAuditServer(backend, clock);
      try {
        const admin = await signInAdmin(t);
        clock.advance(1000);
        const res = await gql(t, CREATE_SERVICE, { i: { name: 'payments', nodeId: 'eu/prod/payments' } }, admin.accessToken);
        assert.equal(res.errors, undefined, res.text);
        const knex = t.server.database.knex;
        const [service] = await knex('services').where({ name: 'payments' }).select(knex.raw('xmin::text as tx'));
        const records = await knex('audit_events').where({ action: 'createService' }).select('outcome', knex.raw('xmin::text as tx'));
        assert.deepEqual(records, [{ outcome: 'success', tx: service.tx }], 'the record and the service row share a transaction');
      } finally {
        await t.close();
      }
    });

    it('a change whose commit the database refuses leaves no row and no SUCCESS record, only a FAILURE (UNAVAILABLE) record', async () => {
      const clock = createManualClock(T0);
      const t = await startAuditServer(backend, clock);
      try {
        const admin = await signInAdmin(t);
        await poisonServices(t);
        clock.advance(1000);
        const res = await gql(t, CREATE_SERVICE, { i: { name: 'poison-svc', nodeId: 'eu/prod/poison' } }, admin.accessToken);
        assert.deepEqual(res.codes, ['UNAVAILABLE'], res.text);
        assert.equal((await t.serviceRows('eu/prod/poison', 'poison-svc')).length, 0, 'no services row');
        const trail = await auditEvents(t, admin.accessToken, { action: 'createService' });
        assert.deepEqual(
          trail.map((e) => ({ outcome: e.outcome, errorCode: e.errorCode, actorId: e.actorId, at: Date.parse(e.at) })),
          [{ outcome: 'FAILURE', errorCode: 'UNAVAILABLE', actorId: admin.userId, at: clock.now() }],
        );
        assert.match(trail[0].errorMessage, /did not commit/);
      } finally {
        await t.close();
      }
    });
  });

  describe(`reading the audit trail (${backend.name})`, { timeout: 120_000 }, () => {
    const clock = createManualClock(T0);
    let t: TestServer;
    let admin: SignedIn;
    let operator: SignedIn;
    let user: SignedIn;
    /** The whole trail after `before`, newest first. */
    let all: any[];
    let proxiedAt: number;

    before(async () => {
      t = await startAuditServer(backend, clock, { env: { SVC_TRUSTED_PROXIES: '127.0.0.1' } });
      const step = () => clock.advance(1000);
      step();
      await gql(t, LOGIN, { u: 'ghost', p: 'nothing-here' });
      step();
      admin = await signInAdmin(t);
      step();
      operator = await personWithRole(t, admin, 'OPERATOR', 'op-reader');
      step();
      user = await personWithRole(t, admin, 'USER', 'plain-reader');
      step();
      await gql(t, CREATE_SERVICE, { i: { name: 'search', nodeId: 'eu/prod/search' } }, operator.accessToken);
      step();
      await gql(t, CREATE_SERVICE, { i: { name: 'ledger', nodeId: 'eu/prod/ledger' } }, user.accessToken);
      step();
      await t.call('POST', HEALTH, { service: 'search', nodeId: 'eu/prod/search', status: 'DOWN' });
      step();
      proxiedAt = clock.now();
      await t.call(
        'POST',
        HEALTH,
        { service: 'search', nodeId: 'eu/prod/search', status: 'OPERATIONAL' },
        { 'x-forwarded-for': '203.0.113.7' },
      );
      step();
      await t.call('POST', HEALTH, { service: 'search' });
      step();
      all = await auditEvents(t, admin.accessToken);
    });
    after(async () => {
      await t?.close();
    });

    /** The filter answers exactly the records of the whole trail that `keep` selects, and the count agrees. */
    async function assertFilter(filter: Record<string, unknown>, keep: (e: any) => boolean): Promise<void> {
      const wanted = all.filter(keep);
      assert.ok(
        wanted.length > 0 && wanted.length < all.length,
        `the fixture makes ${JSON.stringify(filter)} select some records, not all`,
      );
      assert.deepEqual(await auditEvents(t, admin.accessToken, filter), wanted, JSON.stringify(filter));
      assert.equal(await auditEventCount(t, admin.accessToken, filter), wanted.length, `count of ${JSON.stringify(filter)}`);
    }

    it('the fixture trail holds every call, newest first', () => {
      assert.equal(all.length, 11);
      const times = all.map((e) => Date.parse(e.at));
      assert.deepEqual(
        times,
        [...times].sort((a, b) => b - a),
      );
    });

    it('filter by actor', () => assertFilter({ actor: 'op-reader' }, (e) => e.actor === 'op-reader'));

    it('filter by actorId', () => assertFilter({ actorId: admin.userId }, (e) => e.actorId === admin.userId));

    it('an actorId that is not a uuid matches nothing (no error)', async () => {
      assert.deepEqual(await auditEvents(t, admin.accessToken, { actorId: 'not-a-uuid' }), []);
      assert.equal(await auditEventCount(t, admin.accessToken, { actorId: 'not-a-uuid' }), 0);
    });

    it('filter by action', () => assertFilter({ action: 'createService' }, (e) => e.action === 'createService'));

    it('filter by outcome', async () => {
      await assertFilter({ outcome: 'FAILURE' }, (e) => e.outcome === 'FAILURE');
      await assertFilter({ outcome: 'SUCCESS' }, (e) => e.outcome === 'SUCCESS');
    });

    it('filter by kind', () => assertFilter({ kind: 'rest' }, (e) => e.kind === 'rest'));

    it('filter by time: from is inclusive, to exclusive', async () => {
      const from = T0 + 3000;
      const to = T0 + 7000;
      await assertFilter(
        { from: new Date(from).toISOString(), to: new Date(to).toISOString() },
        (e) => Date.parse(e.at) >= from && Date.parse(e.at) < to,
      );
    });

    it('filters combine (and)', () =>
      assertFilter(
        { action: 'createService', outcome: 'FAILURE', actor: 'plain-reader' },
        (e) => e.action === 'createService' && e.outcome === 'FAILURE' && e.actor === 'plain-reader',
      ));

    it('limit and offset page through the trail in order', async () => {
      const pages: any[] = [];
      for (let offset = 0; offset < all.length; offset += 4)
        pages.push(...(await auditEvents(t, admin.accessToken, undefined, { limit: 4, offset })));
      assert.deepEqual(pages, all);
      assert.deepEqual(
        await auditEvents(t, admin.accessToken, { kind: 'rest' }, { limit: 2, offset: 1 }),
        all.filter((e) => e.kind === 'rest').slice(1, 3),
      );
      assert.deepEqual(await auditEvents(t, admin.accessToken, undefined, { limit: 0 }), []);
      assert.deepEqual(await auditEvents(t, admin.accessToken, undefined, { offset: all.length }), []);
    });

    it('a page larger than 1000 or a negative offset is refused', async () => {
      assert.deepEqual((await gql(t, AUDIT_EVENTS, { l: 1001 }, admin.accessToken)).codes, ['BAD_USER_INPUT']);
      assert.deepEqual((await gql(t, AUDIT_EVENTS, { o: -1 }, admin.accessToken)).codes, ['BAD_USER_INPUT']);
    });

    it('the source address is the client behind a trusted proxy', () => {
      const proxied = all.filter((e) => Date.parse(e.at) === proxiedAt);
      assert.deepEqual(
        proxied.map((e) => e.sourceAddress),
        ['203.0.113.7'],
      );
      assert.ok(all.filter((e) => e !== proxied[0]).every((e) => e.sourceAddress === '127.0.0.1'));
    });

    it('operators and users are FORBIDDEN to read the trail', async () => {
      for (const who of [operator, user]) {
        for (const document of [AUDIT_EVENTS, AUDIT_COUNT]) {
          const res = await gql(t, document, {}, who.accessToken);
          assert.deepEqual(res.codes, ['FORBIDDEN'], res.text);
          assert.equal(res.data, null);
        }
      }
    });

    it('without a token the trail answers UNAUTHENTICATED', async () => {
      for (const document of [AUDIT_EVENTS, AUDIT_COUNT]) assert.deepEqual((await gql(t, document, {})).codes, ['UNAUTHENTICATED']);
    });

    it('the API has no mutation that changes or deletes audit records', async () => {
      const mutations = Object.keys(productModules().schema().getMutationType()!.getFields());
      assert.ok(mutations.includes('createService'), 'the schema lists mutations');
      assert.deepEqual(
        mutations.filter((name) => /audit/i.test(name)),
        [],
      );
      for (const guess of ['mutation { deleteAuditEvent(id: "x") }', 'mutation { updateAuditEvent(id: "x", outcome: SUCCESS) { id } }']) {
        const res = await gql(t, guess, undefined, admin.accessToken);
        assert.equal(res.status, 400, res.text);
        assert.match(res.errors![0].message, /Cannot query field "(delete|update)AuditEvent" on type "Mutation"/);
      }
    });

    it('the database refuses UPDATE, DELETE and TRUNCATE on audit_events', async () => {
      const knex = t.server.database.knex;
      const before = await knex('audit_events').orderBy('id').select('*');
      await assert.rejects(knex('audit_events').update({ outcome: 'success', error_code: null }), /append-only/);
      await assert.rejects(knex('audit_events').where({ id: all[0].id }).del(), /append-only/);
      await assert.rejects(knex.raw('truncate audit_events'), /append-only/);
      assert.deepEqual(await knex('audit_events').orderBy('id').select('*'), before);
      assert.equal(await auditRowCount(t), all.length);
    });
  });
}
