/**
 * A million services on one node (issue 31): `npm run bench:million` (BENCH_MILLION_SIZE services, default
 * 1,000,000; about 10 minutes), or `BENCH_SMOKE=1` (5,000 services; CI, in bench:smoke). PostgreSQL at
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), a fresh schema dropped at the end.
 *
 * 1. The release build (`npm run build` first) starts once on the empty schema (migrations, the bootstrap admin)
 *    and stops; the fleet is then written by bench/million/seed.ts (the documented fast path: INSERT ... SELECT
 *    from generate_series inside PostgreSQL).
 * 2. Target 1, memory, and target 2, restart: the server starts on the fleet (time from spawn to `/ready`, its CPU,
 *    resident memory at `/ready` and after the reads); then it is stopped and started again (the restart).
 * 3. Target 4, reads: each read over GraphQL, signed in as the admin, BENCH_MILLION_RUNS times (default 25) after
 *    warm-up calls: p50, p99, max; the same question straight on PostgreSQL beside it; the first `dashboardStats`
 *    of the process on its own. Plain JS floors: a million names sorted, one scan of them for a substring.
 * 4. Targets 3 and 5 (the sync cycle, the storm) are another part of issue 31: their rows are printed as slots.
 *
 * Exit status as the other benches: 1 when something did not work; targets are reported, enforced only with
 * BENCH_ENFORCE_TARGETS=1 (exit 3). The load average is printed with the figures (the machine is shared).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Checks, exitCode, runBench, startWatchdog, targetTable, type Target } from './lib/checks.js';
import { startChildServer, type ChildServer, untilReady } from './lib/childServer.js';
import { signIn } from './lib/graphqlCalls.js';
import { logRunHeader, machineInfo } from './lib/machineInfo.js';
import { createSchema, DEFAULT_DATABASE_URL, postgresVersion } from './lib/postgresSchema.js';
import { writeResults } from './lib/resultFile.js';
import { benchServerEnv, benchServerNodeFlags } from './lib/serverEnv.js';
import { fmt, formatTable } from './lib/table.js';
import { measureReads, plainJsFloors, type ReadFigure } from './million/reads.js';
import { seedMillion } from './million/seed.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string) => process.stdout.write(`${line}\n`);
const running = new Set<ChildServer>();

const smoke = process.env['BENCH_SMOKE'] === '1';
const size = Number(process.env['BENCH_MILLION_SIZE'] ?? (smoke ? 5_000 : 1_000_000));
const runs = Number(process.env['BENCH_MILLION_RUNS'] ?? (smoke ? 5 : 25));
const databaseUrl = process.env['BENCH_DATABASE_URL'] ?? DEFAULT_DATABASE_URL;
const enforce = process.env['BENCH_ENFORCE_TARGETS'] === '1';
const ADMIN = { username: 'admin', password: 'bench-million-admin-password' };

const TARGET_RSS_BYTES = 1024 ** 3;
/** Issue 31, target 2: a restart within 10 s with 1,000,000 services and within 1.5 s with 100,000; other sizes have none. */
const TARGET_RESTART_MS: ReadonlyMap<number, number> = new Map([
  [1_000_000, 10_000],
  [100_000, 1_500],
]);
const TARGET_READ_P99_MS = 50;
/** Target 4 (reads, the dashboard among them) is set at a million; smaller runs report the first dashboards only. */
const READS_TARGET_SIZE = 1_000_000;

const residentBytes = (pid: number): number => {
  const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : Number.NaN;
};
const cpuMs = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

interface Started {
  readonly server: ChildServer;
  readonly readyMs: number;
  readonly readyCpuMs: number;
  readonly rssAtReady: number;
}

async function startServer(name: string, url: string, dataDir: string): Promise<Started> {
  const spawned = performance.now();
  const server = await startChildServer({
    name,
    cwd: root,
    args: [...benchServerNodeFlags(), 'dist/src/main.js'],
    env: {
      ...benchServerEnv({ dataDir, databaseUrl: url, adminPassword: ADMIN.password, logLevel: 'info' }),
      SVC_BOOTSTRAP_ADMIN_USERNAME: ADMIN.username,
    },
    // Loading a million on a shared machine at load 40 took over 5 minutes before the listening line.
    startTimeoutMs: 1_200_000,
  });
  running.add(server);
  await untilReady(server);
  const readyMs = performance.now() - spawned;
  return { server, readyMs, readyCpuMs: cpuMs(server.pid), rssAtReady: residentBytes(server.pid) };
}

async function stop(checks: Checks, server: ChildServer): Promise<void> {
  const code = await server.stop(60_000);
  running.delete(server);
  checks.check(code === 0, `${server.name}: stopped cleanly on SIGTERM`, `exit code ${code}`);
  const problems = server.output.filter((line) => line.includes('"level":"error"'));
  checks.check(problems.length === 0, `${server.name}: no error logged`, problems.slice(0, 3).join('\n'));
}

/**
 * How long the start's computation of the whole fleet's figures took (ADR 0087), from the server's log line; undefined
 * when it logged none (a small fleet, or figures kept from before).
 */
function startComputationOf(output: readonly string[]): number | undefined {
  for (const line of output) {
    if (!line.includes('"dashboard figures computed at start"')) continue;
    const ms = (JSON.parse(line) as { ms?: unknown }).ms;
    if (typeof ms === 'number') return ms;
  }
  return undefined;
}

const mib = (bytes: number) => `${fmt(bytes / 2 ** 20)} MiB`;

async function main(): Promise<number> {
  const checks = new Checks();
  startWatchdog(
    smoke ? 600 : 3600,
    () => {
      for (const server of running) void server.stop(2000);
    },
    log,
  );
  logRunHeader('million', smoke, machineInfo(await postgresVersion(databaseUrl)), log);
  log(`services: ${fmt(size)}; reads ${runs} runs each; load average at start ${load()}`);
  log('building (npm run build)...');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });

  const schema = await createSchema(databaseUrl, 'bench_million');
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-million-'));
  const results: Record<string, unknown> = { services: size, runs, loadAtStart: loadavg() };
  let reads: ReadFigure[] = [];
  let firstDashboardMs: number | undefined;
  let monthScanFloorMs: number | undefined;
  let startComputationMs: number | undefined;
  let firstDashboardAfterRestartMs: number | undefined;
  let loaded: Started | undefined;
  let restarted: Started | undefined;
  let rssAfterReads: number | undefined;
  try {
    const empty = await startServer('this server, empty schema', schema.url, dataDir);
    await stop(checks, empty.server);

    const db = new pg.Client({ connectionString: schema.url });
    await db.connect();
    const seed = await seedMillion(db, { services: size }).finally(() => db.end());
    log(
      `seeded ${fmt(seed.services)} services under ${fmt(seed.leaves)} leaf nodes (${fmt(seed.nodes)} nodes) in ${fmt(seed.seconds, 1)} s`,
    );

    loaded = await startServer('this server, loaded', schema.url, dataDir);
    log(
      `started on the fleet: /ready after ${fmt(loaded.readyMs)} ms (${fmt(loaded.readyCpuMs)} ms CPU), resident ${mib(loaded.rssAtReady)}; load ${load()}`,
    );
    log('reads (GraphQL, signed in as the admin):');
    const measured = await measureReads({
      url: loaded.server.url,
      pid: loaded.server.pid,
      signIn: () => signIn(loaded!.server.url, ADMIN.username, ADMIN.password),
      databaseUrl: schema.url,
      services: size,
      runs,
      warmUp: smoke ? 1 : 3,
      log,
    });
    reads = measured.figures;
    firstDashboardMs = measured.firstDashboardMs;
    monthScanFloorMs = measured.monthScanFloorMs;
    startComputationMs = startComputationOf(loaded.server.output);
    rssAfterReads = residentBytes(loaded.server.pid);
    log(`load average after the reads ${load()}`);
    await stop(checks, loaded.server);

    restarted = await startServer('this server, restarted', schema.url, dataDir);
    log(`restart: /ready after ${fmt(restarted.readyMs)} ms (${fmt(restarted.readyCpuMs)} ms CPU), resident ${mib(restarted.rssAtReady)}`);
    const again = await signIn(restarted.server.url, ADMIN.username, ADMIN.password);
    const count = await fetch(`${restarted.server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${again}` },
      body: JSON.stringify({ query: '{ serviceCount }' }),
    }).then((r) => r.json() as Promise<{ data?: { serviceCount: number } }>);
    checks.check(count.data?.serviceCount === size, 'the restarted server holds every service', JSON.stringify(count));
    // The first dashboardStats after a restart: answered from the figures the first process kept (ADR 0081) when
    // they were slow to compute, else computed.
    const dashboardStarted = performance.now();
    const dashboard = await fetch(`${restarted.server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${again}` },
      body: JSON.stringify({ query: '{ dashboardStats { totalServices } }' }),
    }).then((r) => r.json() as Promise<{ data?: { dashboardStats: { totalServices: number } } }>);
    firstDashboardAfterRestartMs = performance.now() - dashboardStarted;
    checks.check(
      dashboard.data?.dashboardStats.totalServices === size,
      'the restarted server answers dashboardStats',
      JSON.stringify(dashboard),
    );
    await stop(checks, restarted.server);
  } catch (error) {
    checks.fail('this server run', error);
  } finally {
    for (const server of running) await server.stop(5000);
    await schema.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const floors = plainJsFloors(size);
  Object.assign(results, {
    reads,
    firstDashboardMs,
    monthScanFloorMs,
    startComputationMs,
    firstDashboardAfterRestartMs,
    loaded,
    restarted,
    rssAfterReads,
    floors,
    loadAtEnd: loadavg(),
  });

  const readRows = reads.map((r) => [
    r.read,
    `${fmt(r.p50, 1)} / ${fmt(r.p99, 1)} / ${fmt(r.max, 1)}`,
    `${fmt(r.cpuP50, 1)} / ${fmt(r.cpuP99, 1)}`,
    r.referenceMs === undefined ? '-' : `${fmt(r.referenceMs, 1)} (${r.reference})`,
  ]);
  log(`\n== ${fmt(size)} services on PostgreSQL (load average now ${load()}) ==`);
  log(
    formatTable(
      ['measure', 'this server (ms: p50 / p99 / max)', 'main thread CPU ms: p50 / p99', 'reference: PostgreSQL p50 ms'],
      [
        [
          'resident memory after load (at /ready; after the reads)',
          loaded ? `${mib(loaded.rssAtReady)}; ${mib(rssAfterReads ?? Number.NaN)}` : '-',
          '-',
          '-',
        ],
        ['resident memory after a restart (at /ready)', restarted ? mib(restarted.rssAtReady) : '-', '-', '-'],
        ['start on the fleet until /ready: wall, CPU', loaded ? `${fmt(loaded.readyMs)} ms, ${fmt(loaded.readyCpuMs)} ms` : '-', '-', '-'],
        ['restart until /ready: wall, CPU', restarted ? `${fmt(restarted.readyMs)} ms, ${fmt(restarted.readyCpuMs)} ms` : '-', '-', '-'],
        ...readRows,
        [
          "dashboardStats, the first of the process (asked at /ready: it shares the start's computation)",
          fmt(firstDashboardMs, 1),
          '-',
          '-',
        ],
        ["the start's computation of the fleet's figures (ADR 0087): ms from readiness", fmt(startComputationMs), '-', '-'],
        [
          "floor of a first dashboardStats computed fresh: PostgreSQL counting the month's status intervals (its input), no row sent",
          '-',
          '-',
          fmt(monthScanFloorMs, 1),
        ],
        ['dashboardStats, the first after a restart', fmt(firstDashboardAfterRestartMs, 1), '-', '-'],
        [
          'plain JS: a million-size array of names sorted; one substring scan',
          `${fmt(floors.sortMs, 1)}; ${fmt(floors.scanMs, 1)}`,
          '-',
          '-',
        ],
        ['the sync cycle (target 3)', 'not measured here: issue 31 targets 3 and 5, other part', '-', '-'],
        ['the outage storm (target 5)', 'not measured here: issue 31 targets 3 and 5, other part', '-', '-'],
      ],
    ),
  );

  const worstRead = reads.reduce<ReadFigure | undefined>((worst, r) => (worst === undefined || r.p99 > worst.p99 ? r : worst), undefined);
  const worstCpu = reads.reduce<ReadFigure | undefined>(
    (worst, r) => (worst === undefined || r.cpuP99 > worst.cpuP99 ? r : worst),
    undefined,
  );
  const full = !smoke;
  const restartLimit = TARGET_RESTART_MS.get(size);
  const dashboardLimited = size === READS_TARGET_SIZE;
  const dashboardLimit = dashboardLimited ? `≤ ${TARGET_READ_P99_MS} ms` : 'none at this size (target 4 is at a million)';
  const targets: Target[] = [
    {
      target: `resident memory, ${fmt(size)} services, after load and after a restart`,
      measured: loaded && restarted ? `${mib(Math.max(loaded.rssAtReady, rssAfterReads ?? 0))}; ${mib(restarted.rssAtReady)}` : 'n/a',
      limit: '≤ 1 GiB',
      met: loaded && restarted && full ? Math.max(loaded.rssAtReady, rssAfterReads ?? 0, restarted.rssAtReady) <= TARGET_RSS_BYTES : null,
    },
    {
      target: `restart until /ready, ${fmt(size)} services`,
      measured: restarted ? `${fmt(restarted.readyMs)} ms` : 'n/a',
      limit: restartLimit === undefined ? 'none at this size' : `≤ ${fmt(restartLimit)} ms`,
      met: restarted && full && restartLimit !== undefined ? restarted.readyMs <= restartLimit : null,
    },
    {
      target: 'every read of target 4, p99 (the worst named)',
      measured: worstRead ? `${fmt(worstRead.p99, 1)} ms (${worstRead.read})` : 'n/a',
      limit: `≤ ${TARGET_READ_P99_MS} ms`,
      met: worstRead && full ? worstRead.p99 <= TARGET_READ_P99_MS : null,
    },
    {
      target:
        "every read of target 4, the server main thread's CPU p99 (what the wall p99 comes to on an idle machine, less the round trip)",
      measured: worstCpu ? `${fmt(worstCpu.cpuP99, 1)} ms (${worstCpu.read})` : 'n/a',
      limit: `≤ ${TARGET_READ_P99_MS} ms`,
      met: worstCpu && full ? worstCpu.cpuP99 <= TARGET_READ_P99_MS : null,
    },
    {
      target: 'the first dashboardStats of a deployment (no earlier figures to answer)',
      measured:
        firstDashboardMs === undefined
          ? 'n/a'
          : `${fmt(firstDashboardMs, 1)} ms (floor: PostgreSQL counting its input ${fmt(monthScanFloorMs, 1)} ms)`,
      limit: dashboardLimit,
      met: firstDashboardMs !== undefined && full && dashboardLimited ? firstDashboardMs <= TARGET_READ_P99_MS : null,
    },
    {
      target: 'the first dashboardStats after a restart',
      measured: firstDashboardAfterRestartMs === undefined ? 'n/a' : `${fmt(firstDashboardAfterRestartMs, 1)} ms`,
      limit: dashboardLimit,
      met:
        firstDashboardAfterRestartMs !== undefined && full && dashboardLimited ? firstDashboardAfterRestartMs <= TARGET_READ_P99_MS : null,
    },
    {
      target: 'the sync cycle; the storm (targets 3, 5)',
      measured: 'not measured here: issue 31 targets 3 and 5, other part',
      limit: '-',
      met: null,
    },
  ];
  log(`\n${targetTable(targets)}`);
  writeResults('million.json', results, log);
  return exitCode(checks, targets, enforce, log);
}

runBench(main, running, log);
