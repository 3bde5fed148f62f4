/**
 * The live SLA evaluation's start-up catch-up (issue 27, item 7): `npm run bench:sla-catch-up`
 * (10,000 and 100,000 services, PostgreSQL) or, at tiny size, in `npm run bench:smoke`.
 *
 * This server in this process (startServer, as main.ts starts it; production settings, a manual
 * clock at 2026-11-20 00:00 UTC) over a PostgreSQL schema holding the month so far of the generated
 * fleet (test/support/slaFleet.ts: about 52 status intervals per service by the 20th; bench/slaCatchUp/seedFleet.ts)
 * and one monthly 99.9 % definition covering every service through its SLA group. At each start the
 * evaluation loads the month, catches the open period up, judges every service, raises the alerts
 * (about 28 % of the fleet BREACHED) and commits them. Measured from startServer's return (the
 * server listens, `/ready` answers) until the catch-up is done (`slaEvaluation.whenCaughtUp()`):
 *
 * - the event loop's delay (monitorEventLoopDelay at 1 ms: p50 / p99 / max; and the time-weighted
 *   wait p99, what a request arriving at a random moment waits; bench/dashboard/loopDelay.ts);
 * - the time to caught up, and the CPU time of the main thread and of all threads.
 *
 * Phases, on the same data, restarted for each (the alerts, their event log and burn states deleted
 * in between, so every start catches up the same month): idle (the floor: the loop doing nothing for
 * as long), pool (the product as shipped: the catch-up task on the piscina pool, SVC_WORKER_THREADS
 * at its default), main thread (the reference: the same catch-up with SVC_WORKER_THREADS=0, the
 * arithmetic on the event loop as before issue 27). Every phase must end with the same alerts.
 *
 * Switches: BENCH_SMOKE=1, BENCH_SIZES (services, comma-separated; default 10000,100000; 300 in a
 * smoke run), BENCH_PHASES (default `pool,main thread`), BENCH_DATABASE_URL, BENCH_ENFORCE_TARGETS=1 (exit 3 when p99 >= 20 ms with the pool).
 * Writes bench/results/sla-catch-up-latest.json (sla-catch-up-smoke.json in a smoke run).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startServer, type RunningServer } from '../src/app.js';
import { loadProductConfig as loadConfig } from '../src/plugins/productModules.js';
import { createManualClock } from '../src/platform/scheduler/index.js';
import { createLogger } from '../src/platform/log/logger.js';
import { generatedFleet } from '../test/support/slaFleet.js';
import { measureIdle, measureLoop, type LoopWindow } from './dashboard/loopDelay.js';
import { Checks, exitCode, runBench, targetTable, type Target } from './lib/checks.js';
import { logRunHeader, machineInfo } from './lib/machineInfo.js';
import { createSchema, DEFAULT_DATABASE_URL, postgresVersion } from './lib/postgresSchema.js';
import { writeResults } from './lib/resultFile.js';
import { benchServerEnv } from './lib/serverEnv.js';
import { fmt, formatTable } from './lib/table.js';
import { seedFleet } from './slaCatchUp/seedFleet.js';

const log = (line: string) => process.stdout.write(`${line}\n`);
const P99_LIMIT_MS = 20;
const START = Date.parse('2026-11-20T00:00:00Z');
const PHASES = (process.env['BENCH_PHASES'] ?? 'pool,main thread')
  .split(',')
  .filter((p): p is 'pool' | 'main thread' => p === 'pool' || p === 'main thread');

type Phase = 'idle (floor)' | 'pool' | 'main thread';

interface PhaseRun extends LoopWindow {
  readonly phase: Phase;
  readonly alerts: number;
}

interface SizeRun {
  readonly services: number;
  readonly intervals: number;
  readonly seedSeconds: number;
  readonly runs: readonly PhaseRun[];
}

/** Starts the server on the seeded schema and measures until its catch-up is done; answers the window and the open alerts. */
async function catchUp(env: Record<string, string>, threads: string | undefined): Promise<{ window: LoopWindow; alerts: string[] }> {
  const logger = createLogger({ level: 'warn' });
  const config = loadConfig({ ...env, ...(threads === undefined ? {} : { SVC_WORKER_THREADS: threads }) });
  const server: RunningServer = await startServer(config, { logger, version: 'bench', clock: createManualClock(START) });
  try {
    const evaluation = server.app.slaEvaluation as RunningServer['app']['slaEvaluation'] & { whenCaughtUp?: () => Promise<void> };
    // The start has scheduled the catch-up; it runs from here (whenCaughtUp; a build without it: idle).
    const { window } = await measureLoop(1, () => (evaluation.whenCaughtUp ? evaluation.whenCaughtUp() : evaluation.idle()));
    const alerts = server.app.sla.alerts
      .activeAlerts()
      .map((a) => `${a.kind}:${a.serviceId}`)
      .sort();
    return { window, alerts };
  } finally {
    await server.close();
  }
}

async function forget(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('truncate sla_alerts, sla_events, sla_burn_alert_states, sla_incidents');
  } finally {
    await client.end();
  }
}

async function runSize(services: number, databaseUrl: string, checks: Checks): Promise<SizeRun> {
  const schema = await createSchema(databaseUrl, 'bench_sla_catch_up');
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-sla-catch-up-'));
  try {
    const env = benchServerEnv({ dataDir, databaseUrl: schema.url, apiKey: 'bench-sla-catch-up-key-0123456789', logLevel: 'warn' });
    // A first start migrates the schema.
    await (
      await startServer(loadConfig(env), { logger: createLogger({ level: 'warn' }), version: 'bench', clock: createManualClock(START) })
    ).close();
    const seedStarted = performance.now();
    const fleet = generatedFleet(services, 7);
    const seeded = await seedFleet(schema.url, fleet.timeline, START, fleet.period.start);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    log(
      `${fmt(services)} services: ${fmt(seeded.intervals)} status intervals and ${fmt(seeded.windows)} windows written in ${fmt(seedSeconds, 1)} s`,
    );
    const runs: PhaseRun[] = [];
    let reference: string[] | undefined;
    for (const phase of PHASES) {
      await forget(schema.url);
      const { window, alerts } = await catchUp(env, phase === 'pool' ? undefined : '0');
      runs.push({ phase, alerts: alerts.length, ...window });
      log(
        `  ${phase}: caught up in ${fmt(window.wallMs)} ms, ${fmt(alerts.length)} alerts; loop delay p99 ${fmt(window.delayP99Ms, 1)} ms, max ${fmt(window.delayMaxMs, 1)} ms (load ${loadavg()[0]!.toFixed(1)})`,
      );
      if (reference === undefined) reference = alerts;
      else
        checks.check(
          alerts.length === reference.length && alerts.every((a, i) => a === reference![i]),
          `${fmt(services)} services: the ${phase} catch-up ends with the pool's alerts`,
          `${alerts.length} against ${reference.length}`,
        );
    }
    checks.check((reference?.length ?? 0) > 0, `${fmt(services)} services: the catch-up raised alerts`);
    const idle = await measureIdle(1, Math.max(1000, Math.min(10_000, runs[0]!.wallMs)));
    runs.unshift({ phase: 'idle (floor)', alerts: 0, ...idle });
    return { services, intervals: seeded.intervals, seedSeconds, runs };
  } finally {
    await schema.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  const smoke = process.env['BENCH_SMOKE'] === '1';
  const databaseUrl = process.env['BENCH_DATABASE_URL'] || DEFAULT_DATABASE_URL;
  const sizes = (process.env['BENCH_SIZES'] ?? (smoke ? '300' : '10000,100000'))
    .split(',')
    .map((s) => Math.round(Number(s)))
    .filter((n) => n > 0);
  const checks = new Checks();
  logRunHeader('sla-catch-up', smoke, machineInfo(await postgresVersion(databaseUrl)), log);
  log(
    `load average at start: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const results: SizeRun[] = [];
  for (const services of sizes) results.push(await runSize(services, databaseUrl, checks));

  log('');
  log(
    formatTable(
      [
        'services',
        'phase',
        'caught up ms',
        'main CPU ms',
        'all CPU ms',
        'delay p50 ms',
        'delay p99 ms',
        'delay max ms',
        'wait p99 ms',
        'alerts',
      ],
      results.flatMap((r) =>
        r.runs.map((p) => [
          fmt(r.services),
          p.phase,
          p.phase === 'idle (floor)' ? '-' : fmt(p.wallMs),
          fmt(p.mainCpuMs),
          fmt(p.allCpuMs),
          fmt(p.delayP50Ms, 1),
          fmt(p.delayP99Ms, 1),
          fmt(p.delayMaxMs, 1),
          fmt(p.waitP99Ms, 1),
          p.phase === 'idle (floor)' ? '-' : fmt(p.alerts),
        ]),
      ),
    ),
  );
  const targets: Target[] = results.map((r) => {
    const pool = r.runs.find((p) => p.phase === 'pool')!;
    return {
      target: `event-loop delay p99 during the start-up catch-up, ${fmt(r.services)} services (pool)`,
      measured: `${fmt(pool.delayP99Ms, 1)} ms`,
      limit: `< ${P99_LIMIT_MS} ms`,
      met: pool.delayP99Ms < P99_LIMIT_MS,
    };
  });
  log('');
  log(targetTable(targets));
  log(
    `load average at the end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  writeResults(smoke ? 'sla-catch-up-smoke.json' : 'sla-catch-up-latest.json', { start: new Date(START).toISOString(), results }, log);
  return exitCode(checks, targets, process.env['BENCH_ENFORCE_TARGETS'] === '1', log);
}

runBench(main, [], log);
