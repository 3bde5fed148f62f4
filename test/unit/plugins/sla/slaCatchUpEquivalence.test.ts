/**
 * The start-up catch-up on the worker pool (issue 27, item 7) ends exactly where the catch-up on
 * the event loop ended before it: two SlaEvaluators over the same stored month (the generated fleet
 * of test/support/slaFleet.ts, 500 services, up to the 20th: BREACHED, AT_RISK and burn-rate alerts),
 * each with its own embedded database. One is given the history as the product's loader used to give
 * it, a timeline built on the event loop (`timelineFromColumns`, then each shard's walk, one per
 * turn: the path before this change); the other the same rows as columns and a piscina pool, where
 * the `slaCatchUp` task builds the timeline and catches the period up. Same statuses, same alerts
 * (message, details, times), the same event-log entries in the same order, the same burn states.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import type { ServiceRecord } from '../../../../src/core/domain/service.js';
import { createInProcessEventBus } from '../../../../src/platform/events/eventBus.js';
import { createLogger } from '../../../../src/platform/log/logger.js';
import { BatchWriter } from '../../../../src/platform/persistence/batchWriter.js';
import type { Database } from '../../../../src/platform/persistence/database.js';
import { AlertStore } from '../../../../src/plugins/sla/alerts/alertStore.js';
import { DefinitionCatalog } from '../../../../src/plugins/sla/definitions/definitionCatalog.js';
import { DEFAULT_BURN_RATES } from '../../../../src/plugins/sla/definitions/slaDefinition.js';
import { BurnAlertStates } from '../../../../src/plugins/sla/evaluation/burnAlertStates.js';
import { SlaEvaluator, type HistoryLoader } from '../../../../src/plugins/sla/evaluation/slaEvaluator.js';
import { SlaEventLog } from '../../../../src/plugins/sla/eventLog/slaEventLog.js';
import { DOWN_CODE, GAP_CODE, type StatusTimeline } from '../../../../src/plugins/sla/arithmetic/timeline/statusTimeline.js';
import {
  timelineFromColumns,
  type IntervalRowColumns,
  type WindowRowColumns,
} from '../../../../src/plugins/sla/arithmetic/timeline/timelineFromColumns.js';
import { createWorkerPool } from '../../../../src/productWorker.js';
import type { ProductWorkerPool } from '../../../../src/platform/workers/productTasks.js';
import { useEmbeddedDatabase } from '../../../support/embeddedDatabase.js';
import { generatedFleet } from '../../../support/slaFleet.js';

const SERVICES = 500;
const START = Date.parse('2026-11-20T00:00:00Z');
const DEFINITION = '00000000-0000-4000-8000-00000000d001';
const BURNING = 5;
const HALF_HOUR = 30 * 60_000;
const idOf = (s: number) => `00000000-0000-4000-8000-${s.toString(16).padStart(12, '0')}`;

/** The fleet's runs before START as `status_intervals` rows (a silence is no row) and its windows ended by then. */
function storedColumns(timeline: StatusTimeline): { rows: IntervalRowColumns; windows: WindowRowColumns } {
  const service: number[] = [];
  const seq: number[] = [];
  const status: number[] = [];
  const startedAt: number[] = [];
  const endedAt: number[] = [];
  for (let s = 0; s + 1 < timeline.offsets.length; s += 1) {
    const hi = timeline.offsets[s + 1]!;
    let n = 0;
    for (let k = timeline.offsets[s]!; k < hi && timeline.starts[k]! < START; k += 1) {
      if (timeline.codes[k] === GAP_CODE) continue;
      service.push(s);
      seq.push((n += 1));
      status.push(timeline.codes[k]!);
      startedAt.push(timeline.starts[k]!);
      endedAt.push(k + 1 < hi && timeline.starts[k + 1]! < START ? timeline.starts[k + 1]! : Number.NaN);
    }
    // A few services down for the last half hour: their budgets burn fast at START.
    if (s < BURNING && Number.isNaN(endedAt[endedAt.length - 1]!) && startedAt[startedAt.length - 1]! < START - HALF_HOUR) {
      endedAt[endedAt.length - 1] = START - HALF_HOUR;
      service.push(s);
      seq.push((n += 1));
      status.push(DOWN_CODE);
      startedAt.push(START - HALF_HOUR);
      endedAt.push(Number.NaN);
    }
  }
  const ws: number[] = [];
  const wStart: number[] = [];
  const wEnd: number[] = [];
  for (let s = 0; s + 1 < timeline.windowOffsets.length; s += 1) {
    for (let w = timeline.windowOffsets[s]!; w < timeline.windowOffsets[s + 1]!; w += 1) {
      if (!(timeline.windowEnds[w]! <= START)) continue;
      ws.push(s);
      wStart.push(timeline.windowStarts[w]!);
      wEnd.push(timeline.windowEnds[w]!);
    }
  }
  return {
    rows: {
      service: Uint32Array.from(service),
      seq: Int32Array.from(seq),
      status: Uint8Array.from(status),
      startedAt: Float64Array.from(startedAt),
      endedAt: Float64Array.from(endedAt),
    },
    windows: { service: Uint32Array.from(ws), start: Float64Array.from(wStart), end: Float64Array.from(wEnd) },
  };
}

const copyColumns = <T extends object>(columns: T): T =>
  Object.fromEntries(Object.entries(columns).map(([k, v]) => [k, (v as Float64Array).slice()])) as T;

/** An evaluator over its own database, caught up at START; what it ended with. */
async function caughtUp(database: Database, loadHistory: HistoryLoader, workers?: ProductWorkerPool) {
  const { knex } = database;
  const logger = createLogger({ level: 'error', write: () => undefined });
  const clock = createManualClock(START);
  const writer = new BatchWriter({ knex, logger });
  const bus = createInProcessEventBus(logger);
  let n = 0;
  // Ids in the order they are made: both runs raise the same alerts in the same order, so the same ids.
  const newId = () => `00000000-0000-4000-9000-${(n += 1).toString(16).padStart(12, '0')}`;
  const log = new SlaEventLog({ writer, knex, newId });
  const catalog = new DefinitionCatalog(writer);
  const alerts = new AlertStore({ writer, knex, bus, clock, newId, log });
  await knex('sla_definitions').insert({
    id: DEFINITION,
    name: 'Fleet',
    target_percent: 99.9,
    period: 'MONTH',
    degraded_counts_as_down: false,
    burn_rates: JSON.stringify(DEFAULT_BURN_RATES),
    created_at: new Date(START),
    updated_at: new Date(START),
  });
  catalog.load(
    [
      {
        id: DEFINITION,
        name: 'Fleet',
        description: null,
        targetPercent: 99.9,
        period: 'MONTH',
        degradedCountsAsDown: false,
        timeZone: null,
        burnRates: DEFAULT_BURN_RATES,
        raiseTicket: false,
        ticketCatalogItem: null,
        createdAt: START,
        updatedAt: START,
      },
    ],
    [],
    [{ id: idOf(0xa551), definitionId: DEFINITION, serviceId: null, groupName: 'fleet', createdAt: START }],
  );
  const records = Array.from(
    { length: SERVICES },
    (_, s) => ({ id: idOf(s), name: `svc-${s}`, nodePath: 'eu/fleet', slaGroup: 'fleet' }) as unknown as ServiceRecord,
  );
  const byId = new Map(records.map((r) => [r.id, r]));
  const evaluator = new SlaEvaluator({
    clock,
    writer,
    bus,
    logger,
    catalog,
    alerts,
    burnStates: new BurnAlertStates(writer),
    services: { get: (id) => byId.get(id), idsInSlaGroup: (group) => new Set(group === 'fleet' ? records.map((r) => r.id) : []) },
    slaGroups: { get: () => undefined },
    loadHistory,
    ...(workers ? { workers } : {}),
    shardSize: 128,
  });
  evaluator.start();
  await evaluator.whenCaughtUp();
  await evaluator.stop();
  await writer.settled();
  return {
    statuses: [...records.map((r) => evaluator.statusOf(DEFINITION, r.id)), evaluator.statusOf(DEFINITION, null)],
    alerts: await knex('sla_alerts').select('*').orderBy('id'),
    events: await knex('sla_events')
      .select('id', 'at', 'kind', 'origin', 'actor_id', 'definition_id', 'service_id', 'group_name', 'incident_id', 'alert_id', 'data')
      .orderBy('seq'),
    burnStates: await knex('sla_burn_alert_states').select('*').orderBy(['service_id', 'severity']),
  };
}

describe('SLA catch-up: worker pool against the event loop', () => {
  const onEventLoop = useEmbeddedDatabase();
  const onPool = useEmbeddedDatabase();
  const fleet = generatedFleet(SERVICES, 7);
  const stored = storedColumns(fleet.timeline);
  const numberOf = (id: string) => (/^00000000-0000-4000-8000-/.test(id) ? Number.parseInt(id.slice(24), 16) : -1);
  let pool: ProductWorkerPool;
  let before_: Awaited<ReturnType<typeof caughtUp>>;
  let after_: Awaited<ReturnType<typeof caughtUp>>;

  before(async () => {
    pool = createWorkerPool({ threads: 1 });
    // As loadTimeline gave it before: the timeline built on the event loop from the rows read.
    before_ = await caughtUp(onEventLoop(), async (ids) => ({
      timeline: timelineFromColumns(copyColumns(stored.rows), ids.length, copyColumns(stored.windows)),
      indexOf: numberOf,
    }));
    // As loadTimelineColumns gives it now: the rows, for the pool (they are moved to the thread: a copy each run).
    after_ = await caughtUp(
      onPool(),
      async () => ({ rows: copyColumns(stored.rows), windows: copyColumns(stored.windows), indexOf: numberOf }),
      pool,
    );
  });
  after(() => pool.close());

  it('gives every service and the definition the same status', () => {
    assert.ok(before_.statuses.includes('BREACHED') && before_.statuses.includes('MET'), 'the fleet is spread over statuses');
    assert.deepEqual(after_.statuses, before_.statuses);
  });

  it('raises the same alerts, with the same messages, details and times', () => {
    assert.ok(
      before_.alerts.some((a: any) => a.kind === 'FAST_BURN' || a.kind === 'SLOW_BURN'),
      'burn-rate alerts too',
    );
    assert.deepEqual(after_.alerts, before_.alerts);
  });

  it('writes the same event-log entries in the same order, and the same burn states', () => {
    assert.ok(before_.events.length >= before_.alerts.length);
    assert.deepEqual(after_.events, before_.events);
    assert.deepEqual(after_.burnStates, before_.burnStates);
  });
});
