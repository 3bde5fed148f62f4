/**
 * The audit plugin's gate and its robustness (issue 4, item 5; audit.test.ts has the trail itself):
 * with the plugin turned off or unlicensed the trail answers PLUGIN_INACTIVE and nothing is
 * recorded; hostile text (NUL, unpaired surrogates) in a call never breaks the group commit that
 * carries its record; and a record is not lost when the batch it joined is refused for another
 * request's change.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import type { Row, TableSpec } from '../../../../src/platform/persistence/batchWriter.js';
import {
  AUDIT_COUNT,
  AUDIT_EVENTS,
  auditEvents,
  auditLicense,
  auditRowCount,
  holdCommits,
  whileHeld,
  poisonServices,
  startAuditServer,
  until,
} from '../../../support/audit.js';
import { testBackends } from '../../../support/backends.js';
import { gql, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import type { TestResponse, TestServer } from '../../../support/testServer.js';

const T0 = Date.parse('2026-03-02T09:00:00Z');
const LOGIN = 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { accessToken } }';
const CREATE_SERVICE = 'mutation($i: CreateServiceInput!) { createService(input: $i) { id } }';
const TOGGLE = 'mutation($n: String!, $e: Boolean!) { togglePlugin(name: $n, enabled: $e) { name active } }';
const HEALTH = '/api/v1/health/report';

/** Audit records staged with the writer, as `action:outcome`, in staging order (to line batches up). */
function watchStagedRecords(t: TestServer): string[] {
  const staged: string[] = [];
  const writer = t.server.writer;
  const insert = writer.insert.bind(writer);
  writer.insert = (table: TableSpec, row: Row) => {
    if (table.name === 'audit_events') staged.push(`${String(row['action'])}:${String(row['outcome'])}`);
    insert(table, row);
  };
  return staged;
}

const count = (list: readonly string[], item: string) => list.filter((x) => x === item).length;

/** A few state-changing calls of every kind: sign-ins, a mutation, machine pushes. */
async function someCalls(t: TestServer, admin: SignedIn, tag: string): Promise<void> {
  assert.deepEqual((await gql(t, LOGIN, { u: 'admin', p: 'not-the-password' })).codes, ['UNAUTHENTICATED']);
  assert.equal((await signInAdmin(t)).userId, admin.userId);
  const created = await gql(t, CREATE_SERVICE, { i: { name: `svc-${tag}`, nodeId: 'eu/prod/gated' } }, admin.accessToken);
  assert.equal(created.errors, undefined, created.text);
  assert.equal((await t.call('POST', HEALTH, { service: `svc-${tag}`, nodeId: 'eu/prod/gated', status: 'DOWN' })).status, 200);
  assert.equal((await t.call('POST', HEALTH, { service: `svc-${tag}` })).status, 400);
}

async function assertTrailInactive(t: TestServer, admin: SignedIn): Promise<void> {
  for (const document of [AUDIT_EVENTS, AUDIT_COUNT]) {
    const res = await gql(t, document, {}, admin.accessToken);
    assert.deepEqual(res.codes, ['PLUGIN_INACTIVE'], res.text);
    assert.equal(res.data, null);
  }
}

for (const backend of testBackends()) {
  describe(`audit plugin switched off and on (${backend.name})`, { timeout: 120_000 }, () => {
    const clock = createManualClock(T0);
    let t: TestServer;
    let admin: SignedIn;
    let rowsWhenOff: number;

    before(async () => {
      t = await startAuditServer(backend, clock);
      admin = await signInAdmin(t);
    });
    after(async () => {
      await t?.close();
    });

    it('turning the audit plugin off is itself recorded', async () => {
      clock.advance(1000);
      const res = await gql(t, TOGGLE, { n: 'audit', e: false }, admin.accessToken);
      assert.deepEqual(res.data?.togglePlugin, { name: 'audit', active: false }, res.text);
      const [last] = await t.server.database.knex('audit_events').orderBy('at', 'desc').limit(1).select('*');
      assert.deepEqual(
        { action: last.action, outcome: last.outcome, actor: last.actor, at: new Date(last.at).getTime(), detail: last.detail },
        { action: 'togglePlugin', outcome: 'success', actor: 'admin', at: clock.now(), detail: { name: 'audit', enabled: false } },
      );
      rowsWhenOff = await auditRowCount(t);
    });

    it('with the audit plugin off, auditEvents and auditEventCount answer PLUGIN_INACTIVE', () => assertTrailInactive(t, admin));

    it('with the audit plugin off, no call is recorded', async () => {
      clock.advance(1000);
      await someCalls(t, admin, 'while-off');
      assert.equal(await auditRowCount(t), rowsWhenOff);
    });

    it('turned on again, the trail answers and records new calls', async () => {
      clock.advance(1000);
      assert.deepEqual((await gql(t, TOGGLE, { n: 'audit', e: true }, admin.accessToken)).data?.togglePlugin, {
        name: 'audit',
        active: true,
      });
      const before = await auditRowCount(t);
      clock.advance(1000);
      await someCalls(t, admin, 'back-on');
      const trail = await auditEvents(t, admin.accessToken, { from: new Date(clock.now()).toISOString() });
      assert.deepEqual(trail.map((e) => `${e.action}:${e.outcome}`).sort(), [
        'POST /api/v1/health/report:FAILURE',
        'POST /api/v1/health/report:SUCCESS',
        'createService:SUCCESS',
        'login:FAILURE',
        'login:SUCCESS',
      ]);
      assert.equal(await auditRowCount(t), before + 5);
    });
  });

  describe(`audit plugin without a licence (${backend.name})`, { timeout: 120_000 }, () => {
    const clock = createManualClock(T0);
    let t: TestServer;
    let admin: SignedIn;

    before(async () => {
      t = await startAuditServer(backend, clock, { licensed: false });
      admin = await signInAdmin(t);
    });
    after(async () => {
      await t?.close();
    });

    it('without a licence auditEvents and auditEventCount answer PLUGIN_INACTIVE', () => assertTrailInactive(t, admin));

    it('without a licence no call is recorded', async () => {
      await someCalls(t, admin, 'unlicensed');
      assert.equal(await auditRowCount(t), 0);
    });

    it('activating a licence with the audit plugin opens the trail and later calls are recorded', async () => {
      const res = await t.call('POST', '/api/v1/license/activate', { licenseKey: auditLicense(clock) });
      assert.equal(res.status, 200, res.text);
      clock.advance(1000);
      await someCalls(t, admin, 'licensed');
      assert.equal((await auditEvents(t, admin.accessToken)).length, 5);
    });
  });

  describe(`hostile text and refused batches do not cost records (${backend.name})`, { timeout: 120_000 }, () => {
    const clock = createManualClock(T0);
    let t: TestServer;
    let admin: SignedIn;
    let staged: string[];

    before(async () => {
      t = await startAuditServer(backend, clock);
      admin = await signInAdmin(t);
      staged = watchStagedRecords(t);
    });
    after(async () => {
      await t?.close();
    });

    /**
     * Sends `hostile` while the database holds a first push, so its record joins one batch with a
     * push and a createService of other clients; those must still succeed and nothing may fail.
     */
    async function inOneBatchWithOthers<R extends TestResponse>(tag: string, hostile: () => Promise<R>, recorded: string): Promise<R> {
      clock.advance(1000);
      const failuresBefore = t.server.writer.stats.failures;
      const held = await holdCommits(t);
      // Released whatever happens: a commit held past a failed wait would hang the file's other tests and its close.
      const { first, requests } = await whileHeld(held, async () => {
        const first = t.call('POST', HEALTH, { service: `first-${tag}`, nodeId: 'eu/prod/batch', status: 'OPERATIONAL' });
        await held.started;
        const seen = staged.length;
        const requests = {
          hostile: hostile(),
          push: t.call('POST', HEALTH, { service: `push-${tag}`, nodeId: 'eu/prod/batch', status: 'DOWN' }),
          create: gql(t, CREATE_SERVICE, { i: { name: `create-${tag}`, nodeId: 'eu/prod/batch' } }, admin.accessToken),
        };
        await until(
          () => staged.slice(seen).length === 3 && staged.slice(seen).includes(recorded),
          'the three records are staged in the held batch',
        );
        return { first, requests };
      });
      assert.equal((await first).status, 200);
      assert.equal((await requests.push).status, 200, (await requests.push).text);
      assert.equal((await requests.create).errors, undefined, (await requests.create).text);
      assert.equal(t.server.writer.stats.failures, failuresBefore, 'no group commit failed');
      return requests.hostile;
    }

    const latest = async (action: string) =>
      (await auditEvents(t, admin.accessToken, { action, from: new Date(clock.now()).toISOString() }))[0];

    /**
     * A sign-in decides its throttle in a database transaction (docs/adr/0066); the embedded database runs one
     * statement at a time, so while the test holds it a sign-in waits and cannot join the held batch. PostgreSQL's
     * hold is a lock on `services` only.
     */
    const signInJoinsHeldBatch = backend.name === 'postgres' ? {} : { skip: 'the embedded database holds a sign-in with the batch' };

    it('a NUL in a failed sign-in username is recorded (as U+FFFD) and does not break the batch', signInJoinsHeldBatch, async () => {
      const res = await inOneBatchWithOthers('nul', () => gql(t, LOGIN, { u: 'ad\u0000min', p: 'guess' }), 'login:failure');
      assert.deepEqual(res.codes, ['UNAUTHENTICATED']);
      const record = await latest('login');
      assert.deepEqual(
        [record.actor, record.outcome, record.errorCode, record.detail],
        ['ad\ufffdmin', 'FAILURE', 'UNAUTHENTICATED', { username: 'ad\ufffdmin', password: '[redacted]' }],
      );
    });

    it(
      'an unpaired surrogate in a failed sign-in username is recorded (as U+FFFD) and does not break the batch',
      signInJoinsHeldBatch,
      async () => {
        const res = await inOneBatchWithOthers('surrogate', () => gql(t, LOGIN, { u: 'x\ud800y', p: 'guess' }), 'login:failure');
        assert.deepEqual(res.codes, ['UNAUTHENTICATED']);
        const record = await latest('login');
        assert.deepEqual([record.actor, record.detail], ['x\ufffdy', { username: 'x\ufffdy', password: '[redacted]' }]);
      },
    );

    it('an error message that quotes a NUL from the request is recorded and does not break the batch', async () => {
      const hostile = () => t.call('POST', HEALTH, { service: 'quoted', nodeId: 'eu/prod/batch', status: 'BAD\u0000' });
      const res = await inOneBatchWithOthers('quoted', hostile, `POST ${HEALTH}:failure`);
      assert.equal(res.status, 400, res.text);
      const failures = await auditEvents(t, admin.accessToken, {
        action: `POST ${HEALTH}`,
        outcome: 'FAILURE',
        from: new Date(clock.now()).toISOString(),
      });
      assert.equal(failures.length, 1);
      assert.match(failures[0].errorMessage, /got "BAD\ufffd"/);
      assert.equal(failures[0].detail.status, 'BAD\ufffd');
    });

    it('a failure record staged behind a refused batch is not lost', signInJoinsHeldBatch, async () => {
      await poisonServices(t);
      clock.advance(1000);
      const held = await holdCommits(t);
      const { poison, badLogin, victim } = await whileHeld(held, async () => {
        const poison = gql(t, CREATE_SERVICE, { i: { name: 'poison-a', nodeId: 'eu/prod/poison' } }, admin.accessToken);
        await held.started;
        const seen = staged.length;
        // Queued behind the refused batch: a failed sign-in (its record only) and a valid change.
        const badLogin = gql(t, LOGIN, { u: 'admin', p: 'queued-guess' });
        const victim = gql(t, CREATE_SERVICE, { i: { name: 'victim', nodeId: 'eu/prod/poison' } }, admin.accessToken);
        await until(
          () => count(staged.slice(seen), 'login:failure') === 1 && count(staged.slice(seen), 'createService:success') === 1,
          'both records are staged behind the held batch',
        );
        return { poison, badLogin, victim };
      });
      assert.deepEqual((await poison).codes, ['UNAVAILABLE']);
      assert.deepEqual((await victim).codes, ['UNAVAILABLE']);
      assert.deepEqual((await badLogin).codes, ['UNAUTHENTICATED']);
      const trail = await auditEvents(t, admin.accessToken, { from: new Date(clock.now()).toISOString() });
      assert.deepEqual(trail.map((e) => `${e.action}:${e.outcome}:${e.errorCode}`).sort(), [
        'createService:FAILURE:UNAVAILABLE',
        'createService:FAILURE:UNAVAILABLE',
        'login:FAILURE:UNAUTHENTICATED',
      ]);
    });
  });
}
