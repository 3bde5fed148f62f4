/**
 * Idempotency-Key on state-changing requests (issue 29 item 2; docs/api/idempotency.md), over real HTTP
 * on every backend: a retry with the same key and request applies nothing again and gets the first
 * answer byte for byte (with `Idempotent-Replayed: true`); the same key with another request is 422; keys
 * are per caller; bad keys are refused at the edge; the record rides in the commit of its change (a
 * refused commit records nothing, so the retry applies), survives a restart, and expires after 24 h.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { PRUNE_PERIOD_MS } from '../../../../src/platform/idempotency/idempotencyModule.js';
import { durableStore, testBackends } from '../../../support/backends.js';
import { holdCommits } from '../../../support/commitGate.js';
import { BOOTSTRAP_ENV, gql, personWithRole, signInAdmin, type SignedIn } from '../../../support/graphql.js';
import { call, startTestServer, TEST_API_KEY, type TestServer } from '../../../support/testServer.js';

const NODE = 'eu/prod/k8s-1/idem';
const HOUR = 60 * 60 * 1000;
const HEALTH = '/api/v1/health/report';
const CREATE = 'mutation($i: CreateServiceInput!) { createService(input: $i) { id name nodeId } }';
const key = (k: string) => ({ 'idempotency-key': k });
const push = (service: string, status = 'DOWN') => ({ service, nodeId: NODE, status, message: 'probe failed' });

for (const backend of testBackends()) {
  describe(`Idempotency-Key (${backend.name})`, { timeout: 120_000 }, () => {
    const clock = createManualClock(Date.parse('2026-05-01T08:00:00Z'));
    let t: TestServer;
    let admin: SignedIn;
    before(async () => {
      t = await startTestServer(backend, { clock, env: BOOTSTRAP_ENV });
      admin = await signInAdmin(t);
    });
    after(() => t?.close());

    const keyRows = () => t.server.database.knex('idempotency_keys').select('*');
    const intervalsOf = async (name: string) => {
      const row = await t.serviceRow(NODE, name);
      return t.server.database.knex('status_intervals').where({ service_id: row.id }).select('*');
    };

    it('a retried health push applies once and replays the first answer byte for byte', async () => {
      const first = await t.call('POST', HEALTH, push('retried'), key('push-1'));
      assert.equal(first.status, 200, first.text);
      assert.equal(first.json.created, true);
      assert.equal(first.headers.get('idempotent-replayed'), null);
      clock.advance(1000);
      const retry = await t.call('POST', HEALTH, push('retried'), key('push-1'));
      assert.equal(retry.status, 200);
      assert.equal(retry.text, first.text, 'the recorded answer, not a new one (which would say created: false)');
      assert.equal(retry.headers.get('idempotent-replayed'), 'true');
      assert.equal(retry.headers.get('content-type'), 'application/json');
      assert.equal((await intervalsOf('retried')).length, 1, 'one status interval: the push applied once');
    });

    it('a retried registration applies once and replays its 201', async () => {
      const body = { name: 'registered', nodeId: NODE, displayName: 'Registered', criticality: 'critical' };
      const first = await t.call('POST', '/api/v1/operator/register', body, key('register-1'));
      assert.equal(first.status, 201, first.text);
      const retry = await t.call('POST', '/api/v1/operator/register', body, key('register-1'));
      assert.equal(retry.status, 201);
      assert.equal(retry.text, first.text);
      assert.equal(retry.headers.get('idempotent-replayed'), 'true');
      assert.equal((await t.serviceRows(NODE, 'registered')).length, 1);
    });

    it('a retried GraphQL mutation applies once and replays its answer', async () => {
      const input = { i: { name: 'made-by-graphql', nodeId: NODE } };
      const first = await gql(t, CREATE, input, admin.accessToken, key('create-1'));
      assert.equal(first.errors, undefined, first.text);
      const retry = await gql(t, CREATE, input, admin.accessToken, key('create-1'));
      assert.equal(retry.text, first.text, 'the same service id: not a second create (which would be refused as a duplicate)');
      assert.equal(retry.headers.get('idempotent-replayed'), 'true');
      assert.equal((await t.serviceRows(NODE, 'made-by-graphql')).length, 1);
    });

    it('the same key with a different request is refused 422 and applies nothing', async () => {
      assert.equal((await t.call('POST', HEALTH, push('reused', 'DOWN'), key('reused-1'))).status, 200);
      const other = await t.call('POST', HEALTH, push('reused', 'OPERATIONAL'), key('reused-1'));
      assert.equal(other.status, 422, other.text);
      assert.deepEqual(Object.keys(other.json), ['error']);
      assert.match(other.json.error, /different request/);
      assert.equal((await t.serviceRow(NODE, 'reused')).status, 'DOWN');
    });

    it('on GraphQL the reused key is a coded error', async () => {
      assert.equal((await gql(t, CREATE, { i: { name: 'g-reused', nodeId: NODE } }, admin.accessToken, key('g-reused'))).errors, undefined);
      const other = await gql(t, CREATE, { i: { name: 'g-other', nodeId: NODE } }, admin.accessToken, key('g-reused'));
      assert.equal(other.status, 422);
      assert.deepEqual(other.codes, ['UNPROCESSABLE']);
      assert.equal((await t.serviceRows(NODE, 'g-other')).length, 0);
    });

    it('two callers with the same key are independent: each applies and neither reads the other answer', async () => {
      const operator = await personWithRole(t, admin, 'OPERATOR');
      const mine = await gql(t, CREATE, { i: { name: 'caller-a', nodeId: NODE } }, admin.accessToken, key('shared-key'));
      const theirs = await gql(t, CREATE, { i: { name: 'caller-b', nodeId: NODE } }, operator.accessToken, key('shared-key'));
      assert.equal(mine.errors, undefined, mine.text);
      assert.equal(theirs.errors, undefined, theirs.text);
      assert.equal(theirs.headers.get('idempotent-replayed'), null);
      assert.equal(theirs.data.createService.name, 'caller-b');
      const agent = await gql(
        t,
        'mutation($i: CreateAgentKeyInput!) { createAgentKey(input: $i) { key } }',
        { i: { name: 'idem agent', nodeId: NODE, endpoints: ['health/report'] } },
        admin.accessToken,
      );
      assert.equal(agent.errors, undefined, agent.text);
      const operatorPush = await t.call('POST', HEALTH, push('by-operator-key'), key('machine-shared'));
      const agentPush = await call(t.url, 'POST', HEALTH, push('by-agent-key'), {
        'x-api-key': agent.data.createAgentKey.key,
        ...key('machine-shared'),
      });
      assert.equal(operatorPush.status, 200, operatorPush.text);
      assert.equal(agentPush.status, 200, agentPush.text);
      assert.equal(agentPush.json.serviceName, 'by-agent-key');
      assert.equal(agentPush.headers.get('idempotent-replayed'), null);
    });

    describe('a bad key is refused before anything runs', () => {
      const cases: Array<[string, string]> = [
        ['empty', ''],
        ['longer than 128 characters', 'k'.repeat(129)],
        ['with a space', 'two words'],
        ['with a control character (tab)', 'tab\there'],
      ];
      for (const [what, value] of cases) {
        it(`REST: ${what} is 400 {error}`, async () => {
          const res = await t.call('POST', HEALTH, push(`bad-key-${what}`), key(value));
          assert.equal(res.status, 400, res.text);
          assert.deepEqual(Object.keys(res.json), ['error']);
          assert.match(res.json.error, /Idempotency-Key/);
          assert.equal((await t.serviceRows(NODE, `bad-key-${what}`)).length, 0);
        });
      }
      it('GraphQL: a bad key is a coded error', async () => {
        const res = await gql(t, CREATE, { i: { name: 'bad-key-gql', nodeId: NODE } }, admin.accessToken, key('two words'));
        assert.equal(res.status, 400);
        assert.deepEqual(res.codes, ['BAD_USER_INPUT']);
      });
      it('GraphQL: a key without a signed-in caller is refused (an anonymous answer must not be shared)', async () => {
        const res = await gql(t, 'mutation { logout }', undefined, undefined, key('anonymous'));
        assert.equal(res.status, 400);
        assert.match(res.errors?.[0]?.message, /signed-in caller/);
      });
      it('the longest key (128 printable characters) is taken', async () => {
        const res = await t.call('POST', HEALTH, push('longest-key'), key('~'.repeat(128)));
        assert.equal(res.status, 200, res.text);
      });
    });

    it('a request without the header writes no idempotency row', async () => {
      const before = (await keyRows()).length;
      assert.equal((await t.call('POST', HEALTH, push('unkeyed'))).status, 200);
      assert.equal((await keyRows()).length, before);
    });

    it('a request that changed nothing is not recorded (a refusal runs again on retry)', async () => {
      const before = (await keyRows()).length;
      const refused = await t.call('POST', HEALTH, { service: 'x', nodeId: NODE, status: 'NOPE' }, key('refused-1'));
      assert.equal(refused.status, 400);
      assert.equal((await keyRows()).length, before);
    });

    it('a retry while the first request is still waiting for its commit is 409 with Retry-After', async () => {
      const gate = await holdCommits(t);
      const blocker = t.call('POST', HEALTH, push('gate-blocker'));
      await gate.started;
      const first = t.call('POST', HEALTH, push('in-flight'), key('in-flight-1'));
      // The first request is staged (its commit waits behind the gate) once its service is in memory.
      for (let i = 0; i < 200 && !t.server.fleet.services.find(NODE, 'in-flight'); i += 1) await new Promise((r) => setTimeout(r, 5));
      const retry = await t.call('POST', HEALTH, push('in-flight'), key('in-flight-1'));
      assert.equal(retry.status, 409, retry.text);
      assert.equal(retry.headers.get('retry-after'), '1');
      await gate.release();
      assert.equal((await blocker).status, 200);
      assert.equal((await first).status, 200);
      const later = await t.call('POST', HEALTH, push('in-flight'), key('in-flight-1'));
      assert.equal(later.headers.get('idempotent-replayed'), 'true');
    });

    it('a refused commit records nothing, so the retry applies', async () => {
      const knex = t.server.database.knex;
      await knex.raw(`create function refuse_idem_poison() returns trigger language plpgsql as $$
        begin
          if new.name like 'idem-poison%' then raise exception 'poisoned (test trigger)'; end if;
          return new;
        end $$`);
      await knex.raw(
        'create trigger refuse_idem_poison before insert or update on services for each row execute function refuse_idem_poison()',
      );
      try {
        const refused = await t.call('POST', HEALTH, push('idem-poison'), key('poison-1'));
        assert.equal(refused.status, 503, refused.text);
        assert.equal((await knex('idempotency_keys').where({ key: 'poison-1' })).length, 0, 'no record without its change');
      } finally {
        await knex.raw('drop trigger refuse_idem_poison on services');
        await knex.raw('drop function refuse_idem_poison()');
      }
      const retry = await t.call('POST', HEALTH, push('idem-poison'), key('poison-1'));
      assert.equal(retry.status, 200, retry.text);
      assert.equal(retry.headers.get('idempotent-replayed'), null);
      assert.equal(retry.json.created, true);
      assert.equal((await knex('idempotency_keys').where({ key: 'poison-1' })).length, 1);
    });

    it('a key expires after 24 hours: the retry runs again, and the prune timer deletes the row', async () => {
      const first = await t.call('POST', HEALTH, push('expiring'), key('expiring-1'));
      assert.equal(first.json.created, true);
      clock.advance(24 * HOUR - 1000);
      const still = await t.call('POST', HEALTH, push('expiring'), key('expiring-1'));
      assert.equal(still.headers.get('idempotent-replayed'), 'true', 'kept until 24 hours have passed');
      clock.advance(2000);
      const again = await t.call('POST', HEALTH, push('expiring'), key('expiring-1'));
      assert.equal(again.headers.get('idempotent-replayed'), null);
      assert.equal(again.json.created, false, 'it ran again');
      const knex = t.server.database.knex;
      // The new answer replaced the row; a full day later the prune timer deletes it.
      clock.advance(24 * HOUR + PRUNE_PERIOD_MS);
      for (let i = 0; i < 400 && (await knex('idempotency_keys').where({ key: 'expiring-1' })).length > 0; i += 1)
        await new Promise((r) => setTimeout(r, 5));
      assert.equal((await knex('idempotency_keys').where({ key: 'expiring-1' })).length, 0);
      assert.equal((await keyRows()).length, 0, 'every answer older than 24 hours is gone');
    });
  });

  describe(`Idempotency-Key across a restart (${backend.name})`, { timeout: 120_000 }, () => {
    it('a retry after the server restarted on the same store replays the first answer', async () => {
      const store = await durableStore(backend);
      const clock = createManualClock(Date.parse('2026-05-01T08:00:00Z'));
      try {
        const first = await startTestServer(backend, { clock, store: store.forRun() });
        let answer: string;
        try {
          const res = await first.call('POST', HEALTH, push('restarted'), key('restart-1'));
          assert.equal(res.status, 200, res.text);
          answer = res.text;
        } finally {
          await first.close();
        }
        const second = await startTestServer(backend, { clock, store: store.forRun() });
        try {
          const retry = await call(second.url, 'POST', HEALTH, push('restarted'), { 'x-api-key': TEST_API_KEY, ...key('restart-1') });
          assert.equal(retry.text, answer);
          assert.equal(retry.headers.get('idempotent-replayed'), 'true');
        } finally {
          await second.close();
        }
      } finally {
        await store.dispose();
      }
    });
  });
}
