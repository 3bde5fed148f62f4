/**
 * The live SLA evaluation's tick, end to end: `npm run bench:sla-tick` (10,000 services) or, at tiny
 * size, in `npm run bench:smoke`.
 *
 * The product's SlaEvaluator (src/plugins/sla/evaluation) with its real parts: the SLA tables migrated into
 * an embedded database, the batch writer, the definition catalog, the alert store and its event log,
 * the burn states. One monthly 99.9 % definition covers every service through one SLA group; the
 * month so far (November 2026 up to the 20th, the generated fleet of test/support/slaFleet.ts) is
 * what the history loader gives at start. Then, bucket after bucket on a manual clock, the fleet's
 * runs that begin in the bucket arrive as committed `service.status_changed` events, and the tick
 * runs: reconcile with the catalog, close the bucket for every service (shards), judge each service
 * and the definition, evaluate burn rates, stage and commit the alerts that moved.
 *
 * Figures: main-thread CPU per tick / services (the per-bucket cost per service, target <= 5 µs),
 * and the longest event-loop delay while ticking (shards yield between them). Switches:
 * BENCH_SMOKE=1, BENCH_SERVICES (default 10,000; 300 smoke), BENCH_TICKS (default 36, 3 hours; 4
 * smoke), BENCH_SHARD (default the product's 2,000), BENCH_ENFORCE_TARGETS=1 (exit 3 on a miss).
 * Writes bench/results/sla-tick-latest.json (sla-tick-smoke.json in a smoke run).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { productModules } from '../src/plugins/productModules.js';
import { createManualClock } from '../src/platform/scheduler/index.js';
import type { ServiceRecord, ServiceStatus } from '../src/core/domain/service.js';
import { SERVICE_STATUSES } from '../src/core/domain/service.js';
import { createInProcessEventBus } from '../src/platform/events/eventBus.js';
import { createLogger } from '../src/platform/log/logger.js';
import { BatchWriter } from '../src/platform/persistence/batchWriter.js';
import { openDatabase } from '../src/platform/persistence/database.js';
import { migrate } from '../src/platform/persistence/migrate.js';
import { AlertStore } from '../src/plugins/sla/alerts/alertStore.js';
import { DefinitionCatalog } from '../src/plugins/sla/definitions/definitionCatalog.js';
import { DEFAULT_BURN_RATES } from '../src/plugins/sla/definitions/slaDefinition.js';
import { BurnAlertStates } from '../src/plugins/sla/evaluation/burnAlertStates.js';
import { DEFAULT_SHARD_SIZE, SlaEvaluator } from '../src/plugins/sla/evaluation/slaEvaluator.js';
import { SlaEventLog } from '../src/plugins/sla/eventLog/slaEventLog.js';
import { BUCKET_MS } from '../src/plugins/sla/arithmetic/periods/calendarPeriods.js';
import { GAP_CODE, sliceTimeline, type StatusTimeline } from '../src/plugins/sla/arithmetic/timeline/statusTimeline.js';
import { generatedFleet } from '../test/support/slaFleet.js';
import { measureLoop } from './dashboard/loopDelay.js';
import { Checks, exitCode, runBench, targetTable } from './lib/checks.js';
import { logRunHeader, machineInfo } from './lib/machineInfo.js';
import { writeResults } from './lib/resultFile.js';
import { fmt } from './lib/table.js';

const log = (line: string) => process.stdout.write(`${line}\n`);
const positive = (value: string | undefined, fallback: number) => (Number(value ?? '') > 0 ? Math.round(Number(value)) : fallback);

async function main(): Promise<number> {
  const smoke = process.env['BENCH_SMOKE'] === '1';
  const services = positive(process.env['BENCH_SERVICES'], smoke ? 300 : 10_000);
  const ticks = positive(process.env['BENCH_TICKS'], smoke ? 4 : 36);
  const shardSize = positive(process.env['BENCH_SHARD'], DEFAULT_SHARD_SIZE);
  const checks = new Checks();
  logRunHeader('sla-tick', smoke, machineInfo('not used'), log);

  const fleet = generatedFleet(services, 7);
  const startAt = Date.parse('2026-11-20T00:00:00Z');
  const ids = Array.from({ length: services }, (): string => randomUUID()).sort();
  const timeline = fleet.timeline;
  const numbers = new Map(ids.map((id, i) => [id, i]));

  const dataDir = mkdtempSync(join(tmpdir(), 'bench-sla-tick-'));
  const logger = createLogger({ level: 'warn' });
  const database = await openDatabase({ url: undefined, dataDir });
  try {
    await migrate(database.knex, logger, productModules().migrations());
    const clock = createManualClock(startAt);
    const writer = new BatchWriter({ knex: database.knex, logger });
    const bus = createInProcessEventBus(logger);
    const eventLog = new SlaEventLog({ writer, knex: database.knex, newId: randomUUID });
    const catalog = new DefinitionCatalog(writer);
    const alerts = new AlertStore({ writer, knex: database.knex, bus, clock, newId: randomUUID, log: eventLog });
    const burnStates = new BurnAlertStates(writer);
    const definitionId = randomUUID();
    await database.knex('sla_definitions').insert({
      id: definitionId,
      name: 'Fleet',
      target_percent: 99.9,
      period: 'MONTH',
      degraded_counts_as_down: false,
      burn_rates: JSON.stringify(DEFAULT_BURN_RATES),
      created_at: new Date(startAt),
      updated_at: new Date(startAt),
    });
    catalog.load(
      [
        {
          id: definitionId,
          name: 'Fleet',
          description: null,
          targetPercent: 99.9,
          period: 'MONTH',
          degradedCountsAsDown: false,
          timeZone: null,
          burnRates: DEFAULT_BURN_RATES,
          raiseTicket: false,
          ticketCatalogItem: null,
          createdAt: startAt,
          updatedAt: startAt,
        },
      ],
      [],
      [{ id: randomUUID(), definitionId, serviceId: null, groupName: 'fleet', createdAt: startAt }],
    );
    // The registry's two reads the evaluator makes (by id, members of a group), over plain records.
    const records = new Map(
      ids.map((id, i) => [id, { id, name: `svc-${i}`, nodePath: 'eu/bench', slaGroup: 'fleet' } as unknown as ServiceRecord]),
    );
    const members = [...records.values()];
    const evaluator = new SlaEvaluator({
      clock,
      writer,
      bus,
      logger,
      catalog,
      alerts,
      burnStates,
      services: { get: (id) => records.get(id), idsInSlaGroup: (group) => new Set(group === 'fleet' ? members.map((m) => m.id) : []) },
      slaGroups: { get: () => undefined },
      // Stored history: the month so far, as the timeline loader would give it (service i = ids[i]).
      loadHistory: async (serviceIds) => ({
        timeline: cutAt(sliceTimeline(timeline, 0, serviceIds.length), startAt),
        indexOf: (id) => numbers.get(id) ?? -1,
      }),
      shardSize,
    });
    const buildStarted = performance.now();
    evaluator.start();
    await evaluator.idle();
    log(
      `start: the month so far (${fmt((startAt - fleet.period.start) / BUCKET_MS)} buckets) built and caught up for ${fmt(services)} services in ${fmt(performance.now() - buildStarted)} ms`,
    );

    // Each tick: the bucket's status changes arrive as events (prepared beforehand, not measured), then the bucket closes.
    const perBucket: Array<Array<{ s: number; status: ServiceStatus; at: number }>> = Array.from({ length: ticks + 1 }, () => []);
    for (let s = 0; s < services; s += 1) {
      for (let k = timeline.offsets[s]!; k < timeline.offsets[s + 1]!; k += 1) {
        const b = Math.floor((timeline.starts[k]! - startAt) / BUCKET_MS);
        if (b < 0 || b > ticks) continue;
        perBucket[b]!.push({
          s,
          status: timeline.codes[k] === GAP_CODE ? 'UNKNOWN' : SERVICE_STATUSES[timeline.codes[k]! - 1]!,
          at: timeline.starts[k]!,
        });
      }
    }
    for (const list of perBucket) list.sort((a, b) => a.at - b.at);
    let changes = 0;
    const tickOnce = async (b: number) => {
      for (const { s, status, at } of perBucket[b]!) {
        evaluator.onCommitted({
          type: 'service.status_changed',
          service: { id: ids[s]!, name: `svc-${s}`, path: 'eu/bench' } as never,
          previousStatus: 'OPERATIONAL',
          status,
          message: null,
          at,
          origin: 'agent',
        });
        changes += 1;
      }
      clock.advance(BUCKET_MS);
      await evaluator.idle();
    };
    await tickOnce(0); // warm-up
    const measured = await measureLoop(1, async () => {
      for (let b = 1; b <= ticks; b += 1) await tickOnce(b);
    });
    await evaluator.stop();
    await writer.settled();
    const perServiceUs = (measured.window.mainCpuMs * 1000) / (ticks * services);
    const perTickMs = measured.window.mainCpuMs / ticks;
    const open = alerts.activeAlerts();
    log(
      `ticks: ${ticks} buckets x ${fmt(services)} services, ${fmt(changes)} status changes fed; ${fmt(measured.window.mainCpuMs, 1)} ms main-thread CPU: ${fmt(perTickMs, 1)} ms per tick, ${fmt(perServiceUs, 3)} µs per service per bucket`,
    );
    log(
      `event loop while ticking: delay p99 ${fmt(measured.window.delayP99Ms, 1)} ms, max ${fmt(measured.window.delayMaxMs, 1)} ms (shards of ${fmt(shardSize)})`,
    );
    log(
      `alerts active at the end: ${open.length} (${['BREACHED', 'AT_RISK', 'FAST_BURN', 'SLOW_BURN'].map((k) => `${k} ${open.filter((a) => a.kind === k).length}`).join(', ')})`,
    );
    checks.check(evaluator.statusOf(definitionId, null) !== null, 'the definition has a pooled status after the ticks', '');
    const targets = [
      {
        target: 'incremental update per closed 5-minute bucket per service, end-to-end tick (main-thread CPU)',
        measured: `${fmt(perServiceUs, 3)} µs`,
        limit: '<= 5 µs',
        met: perServiceUs <= 5,
      },
    ];
    log(targetTable(targets));
    writeResults(
      smoke ? 'sla-tick-smoke' : 'sla-tick-latest',
      { services, ticks, shardSize, changes, perServiceUs, perTickMs, loop: measured.window, alerts: open.length },
      log,
    );
    return exitCode(checks, targets, process.env['BENCH_ENFORCE_TARGETS'] === '1', log);
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The runs that began before `at` (what the database holds at start). */
function cutAt(timeline: StatusTimeline, at: number): StatusTimeline {
  const services = timeline.offsets.length - 1;
  const keep: number[] = [];
  const offsets = new Uint32Array(services + 1);
  for (let s = 0; s < services; s += 1) {
    for (let k = timeline.offsets[s]!; k < timeline.offsets[s + 1]!; k += 1) if (timeline.starts[k]! < at) keep.push(k);
    offsets[s + 1] = keep.length;
  }
  return {
    offsets,
    starts: Float64Array.from(keep, (k) => timeline.starts[k]!),
    codes: Uint8Array.from(keep, (k) => timeline.codes[k]!),
    windowOffsets: timeline.windowOffsets,
    windowStarts: timeline.windowStarts,
    windowEnds: timeline.windowEnds,
  };
}

runBench(main, [], log);
