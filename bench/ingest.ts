/**
 * Ingest benchmark: `npm run bench:ingest` (full, a few minutes) or `npm run bench:smoke` (a few
 * seconds; CI). Measures, in one run on one machine, this server against a plain Fastify 5 + pg
 * reference (bench/reference/fastifyServer.ts), each run as its own process so its CPU time can be
 * read from /proc:
 *
 * 1. health push (~200 B): saturation req/s, then every server at a fixed 70 % of the reference's
 *    saturation rate: req/s, p50/p99, server CPU µs per accepted push. A third server, the floor
 *    (bench/reference/uwsFloor.ts: bare uWebSockets.js that reads the body and answers 200,
 *    storing nothing), runs the same phases: what any uWS server pays per request; so does the
 *    durable floor (bench/reference/uwsCommitFloor.ts: the same plus a group commit of each raw
 *    body before the answer): what the durability rule alone costs;
 * 2. status sync of 5,000 services (~1.2 MiB; 500 in a smoke run): server CPU per sync against JSON.parse of the same body
 *    in this process, and the check that only changed services reach their actors;
 * 3. the batch writer alone: rows/s against knex multi-row VALUES and COPY, same rows, same table.
 *
 * Prints tables, writes bench/results/latest.json, and exits 1 when anything did not work (a
 * server failed, a request was refused, a count was wrong). Targets are reported, not enforced,
 * unless BENCH_ENFORCE_TARGETS=1 (exit 3). Switches: see lib/benchSettings.ts. Only 127.0.0.1
 * traffic; the load generator runs in this process and shares the machine's cores with the servers
 * and PostgreSQL.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBatchWriterCase, type WriterMeasurement } from './cases/batchWriter.js';
import { healthBodies, runHealthCase, type HealthCaseResult } from './cases/healthPush.js';
import { measureJsonParse, runReferenceSyncCase, runSyncCase, syncBodies, type SyncCaseResult } from './cases/statusSync.js';
import { readSettings, type BenchSettings } from './lib/benchSettings.js';
import { Checks, exitCode, runBench, startWatchdog, targetTable, type Target } from './lib/checks.js';
import { startChildServer, type ChildServer } from './lib/childServer.js';
import { logRunHeader, machineInfo } from './lib/machineInfo.js';
import type { LoadResult } from './lib/loadRun.js';
import { createSchema, postgresVersion } from './lib/postgresSchema.js';
import { assertProcFs } from './lib/processCpu.js';
import { fmt, formatTable } from './lib/table.js';
import { packageVersion, writeResults } from './lib/resultFile.js';
import { benchServerEnv } from './lib/serverEnv.js';
import { loadConfig } from '../src/platform/config/config.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string) => process.stdout.write(`${line}\n`);
const running = new Set<ChildServer>();
const DURABLE_FLOOR = 'uWS + group commit floor';

interface ServerRun {
  readonly name: string;
  readonly health?: HealthCaseResult;
  readonly sync?: SyncCaseResult;
}

/** Starts a server, runs `body` against it, stops it (and checks that it stopped cleanly). */
async function withServer<T>(checks: Checks, start: () => Promise<ChildServer>, body: (server: ChildServer) => Promise<T>): Promise<T> {
  const server = await start();
  running.add(server);
  try {
    if (server.exited) throw new Error(`${server.name} exited`);
    return await body(server);
  } finally {
    const code = await server.stop();
    running.delete(server);
    checks.check(
      code === 0,
      `${server.name}: stopped cleanly on SIGTERM`,
      `exit code ${code}; last output:\n${server.output.slice(-10).join('\n')}`,
    );
    const problems = server.output.filter((line) => line.startsWith('[stderr]') || line.includes('"level":"error"'));
    checks.check(problems.length === 0, `${server.name}: no error logged`, problems.slice(0, 5).join('\n'));
  }
}

function ourServerStarter(settings: BenchSettings, name: string, databaseUrl: string | undefined, dataDir: string) {
  return () =>
    startChildServer({
      name,
      cwd: root,
      args: [...settings.serverNodeArgs, ...(settings.built ? ['dist/src/main.js'] : ['--import', 'tsx', 'src/main.ts'])],
      env: benchServerEnv({ dataDir, ...(databaseUrl !== undefined ? { databaseUrl } : {}), apiKey: settings.apiKey, logLevel: 'info' }),
      startTimeoutMs: databaseUrl === undefined ? 180_000 : 60_000,
    });
}

async function main(): Promise<number> {
  const settings = readSettings(process.env);
  const checks = new Checks();
  assertProcFs();
  startWatchdog(
    settings.watchdogSeconds,
    () => {
      for (const server of running) void server.stop(2000);
    },
    log,
  );

  const machine = machineInfo(await postgresVersion(settings.databaseUrl));
  logRunHeader('ingest', settings.smoke, machine, log);
  log(
    `this server runs as: node ${settings.built ? 'dist/src/main.js (compiled)' : '--import tsx src/main.ts'}; the reference as: node --import tsx bench/reference/fastifyServer.ts`,
  );
  if (settings.built) {
    log('building (npm run build)...');
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
  }

  const health = healthBodies(settings.health.services);
  const sync = syncBodies(settings.sync.services, settings.sync.changed);
  const parse = measureJsonParse(sync.base, settings.sync.parseRepeats);
  log(
    `bodies: health push ${fmt(health.meanBytes)} B mean over ${settings.health.services} services; status sync ${fmt(sync.base.length)} B (${settings.sync.services} services)`,
  );
  log(
    `JSON.parse of the status sync body in this process, before any server runs: median ${fmt(parse.medianUs)} µs, min ${fmt(parse.minUs)} µs`,
  );

  const runs: ServerRun[] = [];
  let referenceRate: number | undefined;

  // 1. The reference first: its saturation rate sets the fixed rate for every server.
  log('\n[reference] Fastify 5 + pg, one statement per write');
  try {
    const schema = await createSchema(settings.databaseUrl, 'bench_ref');
    try {
      const run = await withServer(
        checks,
        () =>
          startChildServer({
            name: 'reference',
            cwd: root,
            args: ['--import', 'tsx', 'bench/reference/fastifyServer.ts'],
            env: { REF_DATABASE_URL: schema.url, REF_API_KEY: settings.apiKey, REF_HOST: '127.0.0.1', REF_PORT: '0' },
          }),
        async (server) => {
          const h = await runHealthCase(
            server,
            settings,
            health,
            (saturation) => (referenceRate = settings.pinnedRate ?? saturation.reqPerSec * settings.health.rateShare),
            checks,
            log,
          );
          const s = await runReferenceSyncCase(server, settings, sync, checks, log);
          return { name: 'Fastify + pg reference', health: h, sync: s };
        },
      );
      runs.push(run);
    } finally {
      await schema.drop();
    }
  } catch (error) {
    checks.fail('reference server run', error);
  }
  const fixedRate = settings.pinnedRate ?? referenceRate ?? 1000;

  // 1b. The floor: bare uWS, same bodies, same phases, same fixed rate.
  log('\n[floor] bare uWebSockets.js: reads the body, answers 200, stores nothing');
  try {
    const run = await withServer(
      checks,
      () =>
        startChildServer({
          name: 'floor',
          cwd: root,
          args: ['--import', 'tsx', 'bench/reference/uwsFloor.ts'],
          env: { FLOOR_HOST: '127.0.0.1', FLOOR_PORT: '0' },
        }),
      async (server) => ({ name: 'bare uWS floor', health: await runHealthCase(server, settings, health, fixedRate, checks, log) }),
    );
    runs.push(run);
  } catch (error) {
    checks.fail('floor server run', error);
  }

  // 1c. The durable floor: bare uWS that stores each body by group commit before answering, with the
  // commit window this server runs with in this bench.
  const commitWindowMs = loadConfig(
    benchServerEnv({ dataDir: tmpdir(), databaseUrl: settings.databaseUrl, apiKey: settings.apiKey, logLevel: 'info' }),
  ).database.commitWindowMs;
  log(
    '\n[durable floor] bare uWebSockets.js + group commit: stores each body as one row (no parsing, no state) and answers after the commit',
  );
  try {
    const schema = await createSchema(settings.databaseUrl, 'bench_floor');
    try {
      const run = await withServer(
        checks,
        () =>
          startChildServer({
            name: 'durable floor',
            cwd: root,
            args: ['--import', 'tsx', 'bench/reference/uwsCommitFloor.ts'],
            env: {
              FLOOR_DATABASE_URL: schema.url,
              FLOOR_HOST: '127.0.0.1',
              FLOOR_PORT: '0',
              FLOOR_COMMIT_WINDOW_MS: String(commitWindowMs),
            },
          }),
        async (server) => ({ name: DURABLE_FLOOR, health: await runHealthCase(server, settings, health, fixedRate, checks, log) }),
      );
      runs.push(run);
    } finally {
      await schema.drop();
    }
  } catch (error) {
    checks.fail('durable floor server run', error);
  }

  // 2. This server on PostgreSQL.
  log('\n[this server] uWS + actors + group commit, PostgreSQL');
  const dataDirs: string[] = [];
  try {
    const schema = await createSchema(settings.databaseUrl, 'bench_svc');
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-'));
    dataDirs.push(dataDir);
    try {
      const run = await withServer(checks, ourServerStarter(settings, 'this server (PostgreSQL)', schema.url, dataDir), async (server) => {
        const h = await runHealthCase(server, settings, health, fixedRate, checks, log);
        const s = await runSyncCase(server, settings, sync, checks, log);
        return { name: 'this server, PostgreSQL', health: h, sync: s };
      });
      runs.push(run);
    } finally {
      await schema.drop();
    }
  } catch (error) {
    checks.fail('this server (PostgreSQL) run', error);
  }

  // 3. This server on its embedded database (informational).
  if (settings.embedded) {
    log('\n[this server] embedded database (PGlite), informational');
    try {
      const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-embedded-'));
      dataDirs.push(dataDir);
      const run = await withServer(checks, ourServerStarter(settings, 'this server (embedded)', undefined, dataDir), async (server) => {
        const h = await runHealthCase(server, settings, health, fixedRate, checks, log);
        const s = await runSyncCase(server, settings, sync, checks, log);
        return { name: 'this server, embedded PGlite', health: h, sync: s };
      });
      runs.push(run);
    } catch (error) {
      checks.fail('this server (embedded) run', error);
    }
  }
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });

  // 4. The batch writer alone.
  log('\n[batch writer alone] same rows, same table, PostgreSQL');
  let writer: WriterMeasurement[] = [];
  try {
    writer = await runBatchWriterCase(settings, checks, log);
  } catch (error) {
    checks.fail('batch writer case', error);
  }

  // Report.
  const reference = runs.find((r) => r.name.startsWith('Fastify'));
  const floor = runs.find((r) => r.name === 'bare uWS floor');
  const ours = runs.find((r) => r.name === 'this server, PostgreSQL');
  log(
    `\n== Health push (${fmt(health.meanBytes)} B): saturation = autocannon, ${settings.health.connections} connections; paced = open loop at ${fmt(fixedRate)} req/s (${settings.health.rateShare * 100} % of the reference's saturation), latency from due time; ${settings.health.durationSeconds} s each ==`,
  );
  if (settings.pinnedRate !== undefined)
    log(`(paced rate pinned by BENCH_RATE=${settings.pinnedRate}; the "70 %" in the targets does not hold)`);
  const healthRow = (name: string, phase: string, r: LoadResult) => [
    name,
    phase,
    r.offeredRate === null ? 'max' : fmt(r.offeredRate),
    fmt(r.reqPerSec),
    fmt(r.p50Ms, 2),
    fmt(r.p99Ms, 2),
    fmt(r.maxMs, 1),
    fmt(r.serverCpuUsPerReq, 1),
    fmt(r.serverCpuPercent),
    fmt(r.databaseCpuUsPerReq, 1),
    fmt(r.loadGeneratorCpuPercent),
    String(r.unsent),
  ];
  log(
    formatTable(
      [
        'server',
        'phase',
        'offered/s',
        'req/s',
        'p50 ms',
        'p99 ms',
        'max ms',
        'server CPU µs/req',
        'server CPU %',
        'PG CPU µs/req',
        'loadgen CPU %',
        'unsent',
      ],
      runs.flatMap((r) =>
        r.health ? [healthRow(r.name, 'saturation', r.health.saturation), healthRow(r.name, 'paced', r.health.fixedRate)] : [],
      ),
    ),
  );

  log(
    `\n== Status sync of ${settings.sync.services} services (${fmt(sync.base.length)} B); JSON.parse timed in this process after each request (wall and CPU; the targets use CPU, like the server's figure) ==`,
  );
  const syncRow = (name: string, phase: string, p: SyncCaseResult['unchanged']) => [
    name,
    phase,
    String(p.requests),
    fmt(p.serverCpuUs / 1000, 2),
    fmt(p.jsonParseUs / 1000, 2),
    fmt(p.jsonParseCpuUs / 1000, 2),
    fmt(p.serverCpuUs / p.jsonParseCpuUs, 2),
    fmt(p.serverCpuUs / p.jsonParseUs, 2),
    fmt(p.wallMedianMs, 2),
    fmt(p.databaseCpuUs / 1000, 2),
  ];
  log(
    formatTable(
      [
        'server',
        'sync',
        'requests',
        'server CPU ms/sync',
        'JSON.parse ms',
        'JSON.parse CPU ms',
        'x JSON.parse CPU',
        'x JSON.parse wall',
        'wall ms p50',
        'PG CPU ms/sync',
      ],
      runs.flatMap((r) => {
        if (!r.sync) return [];
        const rows = [
          syncRow(r.name, r.sync.changed ? 'identical (0 changed)' : `identical (all ${settings.sync.services} written)`, r.sync.unchanged),
        ];
        if (r.sync.changed) rows.push(syncRow(r.name, `${settings.sync.changed} changed`, r.sync.changed));
        return rows;
      }),
    ),
  );
  if (ours?.sync?.verification) {
    const v = ours.sync.verification as { first: any; identical: any; changed: any };
    const c = (x: any) => `updated ${x?.updated}, unchanged ${x?.unchanged}, skipped ${x?.skipped}`;
    log(
      `verification (this server): first sync: ${c(v.first)}; identical: ${c(v.identical)}; ${settings.sync.changed} changed: ${c(v.changed)}`,
    );
  }

  const knexRate = writer.find((w) => w.method === 'knex multi-row VALUES')?.rowsPerSec;
  log(`\n== Batch writer alone: ${fmt(settings.writer.rows)} rows x ${settings.writer.repeats} (median), 6 columns, into one table ==`);
  log(
    formatTable(
      ['method', 'rows/s', 'x knex', 'commits', 'rows/commit'],
      writer.map((w) => [
        w.method,
        fmt(w.rowsPerSec),
        knexRate ? fmt(w.rowsPerSec / knexRate, 2) : '-',
        fmt(w.batches),
        fmt(w.rowsPerBatch),
      ]),
    ),
  );

  // Targets (PostgreSQL).
  const targets: Target[] = [];
  const ratio = (a: number | undefined, b: number | undefined) => (a !== undefined && b !== undefined && b > 0 ? a / b : undefined);
  for (const phase of ['saturation', 'fixedRate'] as const) {
    const floorRatio = ratio(ours?.health?.[phase].serverCpuUsPerReq, floor?.health?.[phase].serverCpuUsPerReq);
    targets.push({
      target: `health push: server CPU per accepted push vs the bare uWS floor, ${phase === 'saturation' ? 'both at saturation' : `both at ${fmt(fixedRate)} req/s`}`,
      measured:
        floorRatio === undefined
          ? '-'
          : `${fmt(floorRatio, 2)}x (${fmt(ours?.health?.[phase].serverCpuUsPerReq, 1)} vs ${fmt(floor?.health?.[phase].serverCpuUsPerReq, 1)} µs)`,
      limit: '<= 3.00x',
      met: floorRatio === undefined ? null : floorRatio <= 3,
    });
  }
  // What the durability rule alone costs: the same targets met by the durable floor (reported; when
  // the floor alone misses a limit, no server that acknowledges after commit can meet it here).
  const durable = runs.find((r) => r.name === DURABLE_FLOOR);
  for (const phase of ['saturation', 'fixedRate'] as const) {
    const durableRatio = ratio(durable?.health?.[phase].serverCpuUsPerReq, floor?.health?.[phase].serverCpuUsPerReq);
    targets.push({
      target: `the durable floor alone (uWS + group commit, no parsing or state) vs the bare uWS floor, ${phase === 'saturation' ? 'both at saturation' : `both at ${fmt(fixedRate)} req/s`}`,
      measured:
        durableRatio === undefined
          ? '-'
          : `${fmt(durableRatio, 2)}x (${fmt(durable?.health?.[phase].serverCpuUsPerReq, 1)} vs ${fmt(floor?.health?.[phase].serverCpuUsPerReq, 1)} µs)`,
      limit: 'reported (<= 3.00x for the target above to be possible)',
      met: null,
    });
    const oursOverDurable = ratio(ours?.health?.[phase].serverCpuUsPerReq, durable?.health?.[phase].serverCpuUsPerReq);
    targets.push({
      target: `health push: server CPU per accepted push vs the durable floor, ${phase === 'saturation' ? 'both at saturation' : `both at ${fmt(fixedRate)} req/s`}`,
      measured:
        oursOverDurable === undefined
          ? '-'
          : `${fmt(oursOverDurable, 2)}x (${fmt(ours?.health?.[phase].serverCpuUsPerReq, 1)} vs ${fmt(durable?.health?.[phase].serverCpuUsPerReq, 1)} µs)`,
      limit: 'reported',
      met: null,
    });
  }
  const durableOverReference = ratio(durable?.health?.fixedRate.serverCpuUsPerReq, reference?.health?.fixedRate.serverCpuUsPerReq);
  targets.push({
    target: `the durable floor alone vs reference, both at ${fmt(fixedRate)} req/s`,
    measured:
      durableOverReference === undefined
        ? '-'
        : `${fmt(durableOverReference, 2)}x (${fmt(durable?.health?.fixedRate.serverCpuUsPerReq, 1)} vs ${fmt(reference?.health?.fixedRate.serverCpuUsPerReq, 1)} µs)`,
    limit: 'reported (<= 0.40x for the target below to be possible)',
    met: null,
  });
  const cpuRatio = ratio(ours?.health?.fixedRate.serverCpuUsPerReq, reference?.health?.fixedRate.serverCpuUsPerReq);
  targets.push({
    target: `health push: server CPU per accepted push vs reference, both at ${fmt(fixedRate)} req/s`,
    measured:
      cpuRatio === undefined
        ? '-'
        : `${fmt(cpuRatio, 2)}x (${fmt(ours?.health?.fixedRate.serverCpuUsPerReq, 1)} vs ${fmt(reference?.health?.fixedRate.serverCpuUsPerReq, 1)} µs)`,
    limit: '<= 0.40x',
    met: cpuRatio === undefined ? null : cpuRatio <= 0.4,
  });
  const p99 = ours?.health?.fixedRate.p99Ms;
  const achieved = ours?.health?.fixedRate.reqPerSec;
  targets.push({
    target: `health push: p99 at 70 % of the reference's saturation (${fmt(fixedRate)} req/s)`,
    measured: p99 === undefined ? '-' : `${fmt(p99, 2)} ms (achieved ${fmt(achieved)} req/s)`,
    limit: '< 20 ms',
    met: p99 === undefined ? null : p99 < 20 && (achieved ?? 0) >= fixedRate * 0.95,
  });
  const syncRatio = ratio(ours?.sync?.unchanged.serverCpuUs, ours?.sync?.unchanged.jsonParseCpuUs);
  targets.push({
    target: `status sync (${fmt(settings.sync.services)} services, none changed): server CPU per sync vs JSON.parse of the body`,
    measured:
      syncRatio === undefined
        ? '-'
        : `${fmt(syncRatio, 2)}x (${fmt(ours?.sync?.unchanged.serverCpuUs)} vs ${fmt(ours?.sync?.unchanged.jsonParseCpuUs)} µs of CPU; ${fmt(ratio(ours?.sync?.unchanged.serverCpuUs, ours?.sync?.unchanged.jsonParseUs), 2)}x the parse's wall time)`,
    limit: '<= 1.50x',
    met: syncRatio === undefined ? null : syncRatio <= 1.5,
  });
  const syncChangedRatio = ratio(ours?.sync?.changed?.serverCpuUs, ours?.sync?.changed?.jsonParseCpuUs);
  targets.push({
    target: `status sync (${fmt(settings.sync.services)} services, ${settings.sync.changed} changed): server CPU per sync vs JSON.parse`,
    measured:
      syncChangedRatio === undefined
        ? '-'
        : `${fmt(syncChangedRatio, 2)}x (${fmt(ours?.sync?.changed?.serverCpuUs)} vs ${fmt(ours?.sync?.changed?.jsonParseCpuUs)} µs of CPU)`,
    limit: '<= 1.50x',
    met: syncChangedRatio === undefined ? null : syncChangedRatio <= 1.5,
  });
  const verificationOk = ours?.sync !== undefined && !checks.failures.some((f) => f.startsWith('this server (PostgreSQL) status sync'));
  targets.push({
    target: 'status sync: only changed services reach their actors',
    measured: ours?.sync
      ? verificationOk
        ? `identical: updated 0 / unchanged ${settings.sync.services}; ${settings.sync.changed} changed: updated ${settings.sync.changed}`
        : 'counts wrong (see failures)'
      : '-',
    limit: 'exact counts',
    met: ours?.sync ? verificationOk : null,
  });
  const writerRatio = ratio(writer.find((w) => w.method === 'BatchWriter (insert)')?.rowsPerSec, knexRate);
  targets.push({
    target: 'batch writer rows/s vs knex multi-row VALUES',
    measured: writerRatio === undefined ? '-' : `${fmt(writerRatio, 2)}x`,
    limit: '>= 3.00x',
    met: writerRatio === undefined ? null : writerRatio >= 3,
  });
  log(`\n== Targets (PostgreSQL${settings.smoke ? '; SMOKE run, not meaningful' : ''}) ==`);
  log(targetTable(targets));

  writeResults(
    settings.smoke ? 'smoke.json' : 'latest.json',
    {
      date: new Date().toISOString(),
      smoke: settings.smoke,
      machine,
      versions: {
        autocannon: packageVersion('autocannon'),
        fastify: packageVersion('fastify'),
        pg: packageVersion('pg'),
        knex: packageVersion('knex'),
      },
      settings: { ...settings, apiKey: undefined },
      serverCommand: settings.built ? 'node dist/src/main.js' : 'node --import tsx src/main.ts',
      fixedRate,
      jsonParseUs: parse,
      bodies: { healthMeanBytes: health.meanBytes, syncBytes: sync.base.length },
      servers: runs,
      batchWriter: writer,
      targets,
      failures: checks.failures,
    },
    log,
  );

  return exitCode(checks, targets, settings.enforceTargets, log);
}

runBench(main, running, log);
