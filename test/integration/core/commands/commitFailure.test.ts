/**
 * The commit-failure rule (batchWriter.ts, DESIGN.md "Durability rule"): when the database refuses a
 * group commit, every request of that batch (and of the batch queued behind it, computed on top of
 * it) is answered 503 `{error}`, and memory goes back to what the database holds: a service created
 * in the failed batch does not exist, a status change in it did not happen. Later requests succeed.
 *
 * The database is made to refuse with a trigger on `services` that raises for names starting with
 * "poison" (PGlite is real PostgreSQL, so the same trigger works on both backends). Batches are
 * made deterministic by having the database hold one commit: while it waits, the requests sent
 * meanwhile all gather in the next batch.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { testBackends } from '../../../support/backends.js';
import { startTestServer, type TestResponse, type TestServer } from '../../../support/testServer.js';
import { holdCommits } from '../../../support/commitGate.js';
import { until } from '../../../support/polling.js';

const NODE = 'eu/prod/k8s-1/payments';

function assertRefused(res: TestResponse, what: string): void {
  assert.equal(res.status, 503, `${what}: ${res.status} ${res.text}`);
  assert.deepEqual(Object.keys(res.json ?? {}), ['error'], `${what}: ${res.text}`);
  assert.match(res.json.error, /did not commit/, what);
}

interface Observed {
  readonly status: string;
  readonly statusMessage: string | null;
  readonly statusSince: string;
  readonly statusSeq?: number;
}

/** Services under `NODE`, as the API shows them and as the database holds them: they must be equal. */
async function assertMemoryEqualsDatabase(t: TestServer): Promise<Map<string, Observed>> {
  const res = await t.call('GET', `/api/v1/operator/services?nodeId=${encodeURIComponent(NODE)}`);
  assert.equal(res.status, 200, res.text);
  const api = new Map<string, Observed>(
    (res.json.services as Array<{ name: string } & Observed>).map((s) => [
      s.name,
      { status: s.status, statusMessage: s.statusMessage, statusSince: s.statusSince },
    ]),
  );
  const rows: Array<Record<string, unknown>> = await t.server.database
    .knex('services')
    .where({ node_path: NODE })
    .select('name', 'status', 'status_message', 'status_since', 'status_seq');
  const db = new Map<string, Observed>(
    rows.map((r) => [
      String(r['name']),
      {
        status: String(r['status']),
        statusMessage: (r['status_message'] as string | null) ?? null,
        statusSince: new Date(r['status_since'] as string).toISOString(),
      },
    ]),
  );
  assert.deepEqual(api, db, 'GET /api/v1/operator/services shows what the database holds');
  for (const row of rows) {
    const record = t.server.fleet.services.find(NODE, String(row['name']));
    assert.equal(record?.statusSeq, Number(row['status_seq']), `status interval number of ${String(row['name'])}`);
  }
  const intervals = await t.server.database.knex('status_intervals').whereNull('ended_at').count({ open: '*' });
  assert.equal(Number(intervals[0]!['open']), rows.length + (await otherServiceCount(t)), 'one open status interval per service');
  return api;
}

async function otherServiceCount(t: TestServer): Promise<number> {
  const [row] = await t.server.database.knex('services').whereNot({ node_path: NODE }).count({ n: '*' });
  return Number(row!['n']);
}

const push = (service: string, status: string, message: string | null = null, nodeId = NODE) => ({ service, nodeId, status, message });

for (const backend of testBackends()) {
  describe(`commit failure: a refused group commit answers 503 and memory equals the database (${backend.name})`, {
    timeout: 120_000,
  }, () => {
    // `?.` in `after`: a failed `before` must still close whatever it started.
    let t: TestServer;
    const clock = createManualClock(Date.parse('2026-04-01T08:00:00Z'));

    before(async () => {
      t = await startTestServer(backend, { clock });
      // Created before the trigger exists: later changes to it are refused too.
      assert.equal((await t.call('POST', '/api/v1/health/report', push('poison-existing', 'OPERATIONAL', 'ok'))).status, 200);
      assert.equal((await t.call('POST', '/api/v1/health/report', push('steady', 'OPERATIONAL', 'all good'))).status, 200);
      const knex = t.server.database.knex;
      await knex.raw(`create function refuse_poisoned_service() returns trigger language plpgsql as $$
        begin
          if new.name like 'poison%' then raise exception 'service % is poisoned (test trigger)', new.name; end if;
          return new;
        end $$`);
      await knex.raw(
        'create trigger refuse_poisoned_service before insert or update on services for each row execute function refuse_poisoned_service()',
      );
    });
    after(async () => {
      await t?.close();
    });

    it('a lone refused change is answered 503 {error}; the service is neither in memory nor in the database', async () => {
      clock.advance(1000);
      const res = await t.call('POST', '/api/v1/health/report', push('poison-alone', 'DOWN', 'boom'));
      assertRefused(res, 'poisoned push');
      assert.equal(t.server.fleet.services.find(NODE, 'poison-alone'), undefined);
      const services = await assertMemoryEqualsDatabase(t);
      assert.equal(services.has('poison-alone'), false);
      assert.equal(services.get('steady')?.status, 'OPERATIONAL');
    });

    it('a refused change tells the client when to retry: Retry-After: 1', async () => {
      clock.advance(1000);
      const res = await t.call('POST', '/api/v1/health/report', push('poison-retry', 'DOWN', 'boom'));
      assertRefused(res, 'poisoned push');
      assert.equal(res.headers.get('retry-after'), '1');
    });

    it('every request that shares the refused batch gets 503, and each change is undone in memory', async () => {
      clock.advance(1000);
      const knownNodes = t.server.fleet.nodes.size;
      // Batch 1: one valid push, held at the gate, so the requests below all gather in batch 2.
      const held = await holdCommits(t);
      const first = t.call('POST', '/api/v1/health/report', push('first', 'OPERATIONAL'));
      await held.started;
      const requests = {
        poison: t.call('POST', '/api/v1/health/report', push('poison-new', 'DOWN', 'boom')),
        newService: t.call('POST', '/api/v1/health/report', push('victim-new', 'DEGRADED', 'slow')),
        newNode: t.call('POST', '/api/v1/health/report', push('victim-elsewhere', 'DOWN', null, 'eu/prod/k8s-9/new-node')),
        statusChange: t.call('POST', '/api/v1/health/report', push('steady', 'DOWN', 'outage')),
        poisonUpdate: t.call('POST', '/api/v1/health/report', push('poison-existing', 'DEGRADED', 'slow')),
        registration: t.call('POST', '/api/v1/operator/register', {
          name: 'steady',
          nodeId: NODE,
          displayName: 'Steady Service',
          tags: ['changed'],
        }),
        storage: t.call('POST', '/api/v1/storage/report', { service: 'steady', nodeId: NODE, allocatedBytes: 100, usedBytes: 95 }),
        heartbeat: t.call('POST', '/api/v1/operator/heartbeat', { nodeId: 'eu/prod/k8s-9', version: '1.0.0', watchedServices: 3 }),
      };
      const { fleet } = t.server;
      await until(
        () =>
          fleet.services.find(NODE, 'poison-new') !== undefined &&
          fleet.services.find(NODE, 'victim-new') !== undefined &&
          fleet.services.find('eu/prod/k8s-9/new-node', 'victim-elsewhere') !== undefined &&
          fleet.services.find(NODE, 'steady')?.status === 'DOWN' &&
          fleet.services.find(NODE, 'poison-existing')?.status === 'DEGRADED' &&
          fleet.services.find(NODE, 'steady')?.displayName === 'Steady Service' &&
          fleet.services.find(NODE, 'steady')?.storage !== null &&
          fleet.agents.get('eu/prod/k8s-9') !== undefined,
        'every request of batch 2 is applied in memory',
      );
      await held.release();

      assert.equal((await first).status, 200, 'batch 1 committed');
      for (const [what, pending] of Object.entries(requests)) assertRefused(await pending, what);

      assert.equal(fleet.services.find(NODE, 'poison-new'), undefined);
      assert.equal(fleet.services.find(NODE, 'victim-new'), undefined);
      assert.equal(fleet.services.find('eu/prod/k8s-9/new-node', 'victim-elsewhere'), undefined);
      assert.equal(fleet.nodes.get('eu/prod/k8s-9'), undefined, 'hierarchy nodes created in the failed batch are gone');
      assert.equal(fleet.nodes.size, knownNodes, 'no node was left behind');
      assert.equal(fleet.agents.get('eu/prod/k8s-9'), undefined, 'the heartbeat of the failed batch is undone');
      const steady = fleet.services.find(NODE, 'steady')!;
      assert.deepEqual(
        {
          status: steady.status,
          message: steady.statusMessage,
          displayName: steady.displayName,
          tags: steady.tags,
          storage: steady.storage,
        },
        { status: 'OPERATIONAL', message: 'all good', displayName: null, tags: [], storage: null },
      );
      assert.equal(fleet.services.find(NODE, 'poison-existing')?.status, 'OPERATIONAL');

      const services = await assertMemoryEqualsDatabase(t);
      assert.deepEqual([...services.keys()].sort(), ['first', 'poison-existing', 'steady']);
      const nodes = await t.call('GET', '/api/v1/operator/nodes');
      assert.equal(
        (nodes.json.nodes as Array<{ nodeId: string }>).some((n) => n.nodeId === 'eu/prod/k8s-9'),
        false,
      );
      const [nodeRows] = await t.server.database.knex('nodes').where({ path: 'eu/prod/k8s-9' }).count({ n: '*' });
      assert.equal(Number(nodeRows!['n']), 0);
    });

    it('a refused batch also fails the batch queued behind it, whose changes were computed on top of it', async () => {
      clock.advance(1000);
      const held = await holdCommits(t);
      const poison = t.call('POST', '/api/v1/health/report', push('poison-first', 'DOWN', 'boom'));
      await held.started;
      const queued = {
        newService: t.call('POST', '/api/v1/health/report', push('queued-new', 'OPERATIONAL')),
        statusChange: t.call('POST', '/api/v1/health/report', push('steady', 'MAINTENANCE', 'window')),
      };
      const { fleet } = t.server;
      await until(
        () => fleet.services.find(NODE, 'queued-new') !== undefined && fleet.services.find(NODE, 'steady')?.status === 'MAINTENANCE',
        'the queued requests are applied in memory',
      );
      await held.release();
      assertRefused(await poison, 'poisoned push');
      for (const [what, pending] of Object.entries(queued)) assertRefused(await pending, what);
      assert.equal(fleet.services.find(NODE, 'queued-new'), undefined);
      assert.equal(fleet.services.find(NODE, 'steady')?.status, 'OPERATIONAL');
      await assertMemoryEqualsDatabase(t);
    });

    it('after a failure, valid requests succeed and build on the committed state', async () => {
      clock.advance(1000);
      const created = await t.call('POST', '/api/v1/health/report', push('victim-new', 'DEGRADED', 'slow'));
      assert.equal(created.status, 200, created.text);
      assert.equal(created.json.created, true);
      clock.advance(1000);
      const changed = await t.call('POST', '/api/v1/health/report', push('steady', 'DOWN', 'outage'));
      assert.equal(changed.status, 200, changed.text);
      assert.equal(changed.json.previousStatus, 'OPERATIONAL');
      const elsewhere = await t.call('POST', '/api/v1/health/report', push('victim-elsewhere', 'DOWN', null, 'eu/prod/k8s-9/new-node'));
      assert.equal(elsewhere.status, 200, elsewhere.text);
      assertRefused(await t.call('POST', '/api/v1/health/report', push('poison-new', 'DOWN')), 'the poisoned service is still refused');

      const services = await assertMemoryEqualsDatabase(t);
      assert.equal(services.has('poison-new'), false, 'GET does not show the refused service');
      assert.deepEqual(services.get('steady'), {
        status: 'DOWN',
        statusMessage: 'outage',
        statusSince: new Date(clock.now()).toISOString(),
      });
      assert.equal(
        t.server.fleet.services.find(NODE, 'steady')?.statusSeq,
        2,
        'the undone status changes left no gap in the interval numbers',
      );
      const [poisonRows] = await t.server.database
        .knex('services')
        .where('name', 'like', 'poison-%')
        .whereNot({ name: 'poison-existing' })
        .count({ n: '*' });
      assert.equal(Number(poisonRows!['n']), 0, 'no refused service reached the database');
    });

    it('a service changed in a committed batch and again in the refused one keeps the committed change', async () => {
      clock.advance(1000);
      const held = await holdCommits(t);
      const committed = t.call('POST', '/api/v1/health/report', push('steady', 'DEGRADED', 'held'));
      await held.started;
      const refused = {
        statusChange: t.call('POST', '/api/v1/health/report', push('steady', 'MAINTENANCE', 'refused')),
        poison: t.call('POST', '/api/v1/health/report', push('poison-again', 'DOWN')),
      };
      const { fleet } = t.server;
      await until(
        () => fleet.services.find(NODE, 'steady')?.status === 'MAINTENANCE' && fleet.services.find(NODE, 'poison-again') !== undefined,
        'batch 2 is applied in memory',
      );
      await held.release();
      assert.equal((await committed).status, 200);
      for (const [what, pending] of Object.entries(refused)) assertRefused(await pending, what);
      const steady = fleet.services.find(NODE, 'steady')!;
      assert.deepEqual(
        { status: steady.status, message: steady.statusMessage, seq: steady.statusSeq },
        { status: 'DEGRADED', message: 'held', seq: 3 },
      );
      await assertMemoryEqualsDatabase(t);

      clock.advance(1000);
      const next = await t.call('POST', '/api/v1/health/report', push('steady', 'OPERATIONAL', 'recovered'));
      assert.equal(next.status, 200, next.text);
      assert.equal(next.json.previousStatus, 'DEGRADED');
      await assertMemoryEqualsDatabase(t);
      const intervals: Array<Record<string, unknown>> = await t.server.database
        .knex('status_intervals')
        .where({ service_id: steady.id })
        .orderBy('seq')
        .select('seq', 'status', 'ended_at');
      assert.deepEqual(
        intervals.map((i) => [Number(i['seq']), i['status'], i['ended_at'] === null]),
        [
          [1, 'OPERATIONAL', false],
          [2, 'DOWN', false],
          [3, 'DEGRADED', false],
          [4, 'OPERATIONAL', true],
        ],
        'the status history has exactly the committed changes',
      );
    });
  });
}
