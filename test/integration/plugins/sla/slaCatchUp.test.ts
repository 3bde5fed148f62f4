/**
 * The live SLA evaluation's start-up catch-up (issue 27, item 7) on both databases: a server
 * restarted on the 20th of the month over 3,000 services of one SLA group with a monthly 99.9 %
 * definition, a fifth of them down for 90 minutes on the 5th (a spent budget: BREACHED under any
 * reading of the open period). At start the evaluation builds the month so far from stored history
 * and raises 600 BREACHED alerts.
 *
 * Regression: the catch-up used to stage every alert in one synchronous step (and build the
 * timeline, seed the history in one), so nothing else ran meanwhile: a request that arrived once the
 * first alert was committed was answered only after the last one was. Now the alerts are staged in
 * slices with turns of the event loop between them and commit in several batches, so the request
 * is answered while the catch-up still runs; and what it ends with is what the reference arithmetic
 * (arithmetic/periods/measureTimeline.ts) says of each service.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import type { PeriodStatus, StatusInterval } from '../../../../src/core/domain/periodArithmetic.js';
import { calendarPeriodAt } from '../../../../src/plugins/sla/arithmetic/periods/calendarPeriods.js';
import { timelinePeriodResult } from '../../../../src/plugins/sla/arithmetic/periods/measureTimeline.js';
import { TimelineBuilder } from '../../../../src/plugins/sla/arithmetic/timeline/statusTimeline.js';
import { DEFAULT_BURN_RATES } from '../../../../src/plugins/sla/definitions/slaDefinition.js';
import { durableStore, testBackends } from '../../../support/backends.js';
import { call, startTestServer, type TestServer } from '../../../support/testServer.js';
import { iso } from '../../../support/time.js';

const SERVICES = 3_000;
const MINUTE = 60_000;
const MONTH_START = Date.parse('2026-05-01T00:00:00Z');
const OUTAGE = Date.parse('2026-05-05T00:00:00Z');
const OUTAGE_END = OUTAGE + 90 * MINUTE;
/** The restart: product time, on a bucket boundary (the figures are as of it). */
const T = Date.parse('2026-05-20T00:00:00Z');
const isDown = (n: number) => n % 5 === 0;

/** What the database holds of service n. */
function rowsOf(n: number): StatusInterval[] {
  if (!isDown(n)) return [{ status: 'OPERATIONAL', startedAt: MONTH_START, endedAt: null }];
  return [
    { status: 'OPERATIONAL', startedAt: MONTH_START, endedAt: OUTAGE },
    { status: 'DOWN', startedAt: OUTAGE, endedAt: OUTAGE_END },
    { status: 'OPERATIONAL', startedAt: OUTAGE_END, endedAt: null },
  ];
}

/** Services, their month so far, the definition and its assignment, written by SQL. */
async function seed(t: TestServer): Promise<{ definitionId: string; ids: string[] }> {
  const { knex } = t.server.database;
  const ids = Array.from({ length: SERVICES }, () => randomUUID());
  await knex('nodes').insert({ path: 'cu', parent_path: null, name: 'cu', depth: 1, created_at: iso(MONTH_START) });
  await knex('sla_groups').insert({
    name: 'fleet',
    id: randomUUID(),
    targets: '{}',
    created_at: iso(MONTH_START),
    updated_at: iso(MONTH_START),
  });
  for (let at = 0; at < SERVICES; at += 500) {
    const chunk = ids.slice(at, at + 500).map((id, k) => ({ id, n: at + k }));
    await knex('services').insert(
      chunk.map(({ id, n }) => ({
        id,
        node_path: 'cu',
        name: `svc-${String(n).padStart(5, '0')}`,
        status: 'OPERATIONAL',
        status_since: iso(isDown(n) ? OUTAGE_END : MONTH_START),
        status_seq: rowsOf(n).length,
        sla_group: 'fleet',
        created_at: iso(MONTH_START),
        updated_at: iso(MONTH_START),
      })),
    );
    await knex('status_intervals').insert(
      chunk.flatMap(({ id, n }) =>
        rowsOf(n).map((r, k) => ({
          service_id: id,
          seq: k + 1,
          status: r.status,
          message: null,
          started_at: iso(r.startedAt),
          ended_at: r.endedAt === null ? null : iso(r.endedAt),
        })),
      ),
    );
  }
  const definitionId = randomUUID();
  await knex('sla_definitions').insert({
    id: definitionId,
    name: 'Fleet',
    target_percent: 99.9,
    period: 'MONTH',
    degraded_counts_as_down: false,
    burn_rates: JSON.stringify(DEFAULT_BURN_RATES),
    created_at: iso(MONTH_START),
    updated_at: iso(MONTH_START),
  });
  await knex('sla_assignments').insert({
    id: randomUUID(),
    definition_id: definitionId,
    service_id: null,
    group_name: 'fleet',
    created_at: iso(MONTH_START),
  });
  return { definitionId, ids };
}

/** Each service's status as of T by the reference arithmetic (one service at a time, from its rows). */
function expectedStatuses(): PeriodStatus[] {
  const period = calendarPeriodAt('month', T - 1, 'UTC');
  return Array.from({ length: SERVICES }, (_, n) => {
    const builder = new TimelineBuilder();
    builder.add(rowsOf(n));
    return timelinePeriodResult(builder.build(), 0, { period, now: T, targetPercent: 99.9 }).status;
  });
}

for (const backend of testBackends()) {
  describe(`SLA catch-up at start (${backend.name})`, { timeout: 300_000 }, () => {
    const clock = createManualClock(T);
    let store: Awaited<ReturnType<typeof durableStore>>;
    let t: TestServer;
    let definitionId: string;
    let ids: string[];
    /** `sla.alert` events published (after their commit) since the restart. */
    let committedAlerts = 0;
    /** The GET /health sent once the first alert of the catch-up was committed: its status and how many alerts were committed when it was answered. */
    let answered: Promise<{ status: number; committedAlerts: number; caughtUp: boolean }> | undefined;

    before(async () => {
      store = await durableStore(backend);
      const first = await startTestServer(backend, { clock, store: store.forRun() });
      ({ definitionId, ids } = await seed(first));
      await first.close();
      t = await startTestServer(backend, { clock, store: store.forRun() });
      // Subscribed before the catch-up's first alert: it loads the month first.
      t.server.bus.subscribe('sla.alert', () => {
        committedAlerts += 1;
        answered ??= call(t.url, 'GET', '/health').then((res) => ({
          status: res.status,
          committedAlerts,
          caughtUp: t.server.app.slaEvaluation.caughtUp,
        }));
      });
      await t.server.app.slaEvaluation.whenCaughtUp();
    });
    after(async () => {
      await t?.close();
      await store?.dispose();
    });

    it('a request that arrives during the catch-up is answered before the catch-up ends', async () => {
      assert.ok(answered, 'the catch-up raised alerts');
      const reply = await answered;
      assert.equal(reply.status, 200);
      assert.ok(
        reply.committedAlerts < committedAlerts,
        `answered after ${reply.committedAlerts} of ${committedAlerts} alerts were committed: the catch-up held the event loop`,
      );
      assert.equal(reply.caughtUp, false);
    });

    it("after the catch-up every status and alert is the reference arithmetic's, each alert once in the database and the event log", async () => {
      const evaluation = t.server.app.slaEvaluation;
      assert.equal(evaluation.caughtUp, true);
      const expected = expectedStatuses();
      assert.equal(expected.filter((s) => s === 'BREACHED').length, SERVICES / 5, 'the seeded outage breaches a fifth of the fleet');
      assert.deepEqual(
        ids.map((id) => evaluation.statusOf(definitionId, id)),
        expected,
      );
      const pooled = evaluation.statusOf(definitionId, null);
      const want = [
        ...ids.flatMap((id, n) => (expected[n] === 'MET' ? [] : [`${expected[n]}:${id}`])),
        ...(pooled === 'MET' ? [] : [`${pooled}:pooled`]),
      ].sort();
      const active = t.server.app.sla.alerts
        .activeAlerts()
        .map((a) => `${a.kind}:${a.serviceId ?? 'pooled'}`)
        .sort();
      assert.deepEqual(active, want);
      assert.equal(committedAlerts, want.length);
      const { knex } = t.server.database;
      const stored = (await knex('sla_alerts').select('kind', 'service_id'))
        .map((r: any) => `${r.kind}:${r.service_id ?? 'pooled'}`)
        .sort();
      assert.deepEqual(stored, want);
      const [raised] = await knex('sla_events').where({ kind: 'ALERT_RAISED' }).count({ n: '*' });
      assert.equal(Number(raised?.n), want.length);
      assert.ok(
        t.logs.some((r) => r['msg'] === 'SLA evaluation caught up from stored history' && r['services'] === SERVICES),
        'the catch-up says when it is done',
      );
    });
  });
}
