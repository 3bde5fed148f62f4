/**
 * Memory and restart benchmark: `npm run bench:memory` (full: 100,000 services, a few minutes) or
 * `BENCH_SMOKE=1` (2,000 services; CI). In one run on one machine:
 *
 * 1. This server (the release build, `npm run build` first) on PostgreSQL, started with the inspector on loopback; N services created through
 *    the API (first health push of each), then one status change each. Heap per service = used
 *    heap after a full GC, minus the same at start, divided by N (the inspector's
 *    HeapProfiler.collectGarbage and Runtime.getHeapUsage); resident memory per service likewise
 *    from /proc/<pid>/status.
 * 2. Restart: SIGTERM, start again on the same database; time from spawn until `/ready` answers 200,
 *    and the starting process's CPU time (all its threads, /proc/<pid>/stat) by then; BENCH_RESTARTS
 *    restarts (default 3), the median is the figure.
 * 3. In this process: N snapshots stepped by the host's stepper against N started XState actors.
 *
 * Exit status as the other benches: 1 when something did not work; targets reported, enforced only
 * with BENCH_ENFORCE_TARGETS=1 (exit 3).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Checks, exitCode, runBench, startWatchdog, targetTable, type Target } from './lib/checks.js';
import { startChildServer, type ChildServer } from './lib/childServer.js';
import { postEachOnce } from './lib/httpCalls.js';
import { logRunHeader, machineInfo } from './lib/machineInfo.js';
import { createSchema, DEFAULT_DATABASE_URL, postgresVersion } from './lib/postgresSchema.js';
import { writeResults } from './lib/resultFile.js';
import { benchServerEnv, benchServerNodeFlags } from './lib/serverEnv.js';
import { fmt, formatTable } from './lib/table.js';
import { connectHeapProbe, inspectorUrl } from './memory/heapProbe.js';
import { measureSnapshotsVsActors } from './memory/snapshotsVsActors.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string) => process.stdout.write(`${line}\n`);
const running = new Set<ChildServer>();

const smoke = process.env['BENCH_SMOKE'] === '1';
const services = Number(process.env['BENCH_SERVICES'] ?? (smoke ? 2_000 : 100_000));
const databaseUrl = process.env['BENCH_DATABASE_URL'] ?? DEFAULT_DATABASE_URL;
const enforce = process.env['BENCH_ENFORCE_TARGETS'] === '1';
const apiKey = 'bench-memory-key-0123456789abcdef';
const HEALTH = '/api/v1/health/report';
const TARGET_HEAP_PER_SERVICE = 1.5 * 1024;
const TARGET_RESTART_MS = 3_000;
const restarts = Number(process.env['BENCH_RESTARTS'] ?? 3);

const pushBody = (i: number, status: string) =>
  JSON.stringify({
    service: `svc-${String(i).padStart(6, '0')}`,
    nodeId: `eu/prod/pool-${i % 50}/rack-${i % 1000}`,
    status,
    message: status === 'OPERATIONAL' ? null : 'slow',
    criticality: 'high',
    tags: ['vm'],
  });

const residentBytes = (pid: number): number => {
  const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : Number.NaN;
};

/** CPU time (user + system, every thread) of a process so far, from /proc (clock ticks of 10 ms). */
const cpuMs = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function startServer(
  name: string,
  url: string,
  dataDir: string,
): Promise<{ server: ChildServer; readyMs: number; readyCpuMs: number }> {
  const spawned = performance.now();
  const server = await startChildServer({
    name,
    cwd: root,
    args: [...benchServerNodeFlags(), '--inspect=127.0.0.1:0', 'dist/src/main.js'],
    env: benchServerEnv({ dataDir, databaseUrl: url, apiKey, logLevel: 'info' }),
    startTimeoutMs: 120_000,
  });
  running.add(server);
  for (;;) {
    const answer = await fetch(`${server.url}/ready`).catch(() => undefined);
    if (answer?.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const readyMs = performance.now() - spawned;
  return { server, readyMs, readyCpuMs: cpuMs(server.pid) };
}

async function stop(checks: Checks, server: ChildServer): Promise<void> {
  const code = await server.stop();
  running.delete(server);
  checks.check(code === 0, `${server.name}: stopped cleanly on SIGTERM`, `exit code ${code}`);
  const problems = server.output.filter((line) => line.includes('"level":"error"'));
  checks.check(problems.length === 0, `${server.name}: no error logged`, problems.slice(0, 3).join('\n'));
}

async function main(): Promise<number> {
  const checks = new Checks();
  startWatchdog(
    smoke ? 300 : 1800,
    () => {
      for (const server of running) void server.stop(2000);
    },
    log,
  );
  logRunHeader('memory and restart', smoke, machineInfo(await postgresVersion(databaseUrl)), log);
  log(`services: ${fmt(services)}; this server runs as node --inspect=127.0.0.1:0 dist/src/main.js (the release build) on PostgreSQL`);
  log('building (npm run build)...');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });

  const schema = await createSchema(databaseUrl, 'bench_mem');
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-memory-'));
  const results: Record<string, unknown> = { services };
  try {
    const first = await startServer('this server', schema.url, dataDir);
    const probe = await connectHeapProbe(inspectorUrl(first.server.output));
    const heapEmpty = await probe.usedHeapAfterGc();
    const rssEmpty = residentBytes(first.server.pid);

    let started = performance.now();
    await postEachOnce(
      first.server.url,
      HEALTH,
      apiKey,
      Array.from({ length: services }, (_, i) => pushBody(i, 'OPERATIONAL')),
      32,
    );
    const createSeconds = (performance.now() - started) / 1000;
    const heapCreated = await probe.usedHeapAfterGc();
    started = performance.now();
    await postEachOnce(
      first.server.url,
      HEALTH,
      apiKey,
      Array.from({ length: services }, (_, i) => pushBody(i, 'DEGRADED')),
      32,
    );
    const changeSeconds = (performance.now() - started) / 1000;
    const heapChanged = await probe.usedHeapAfterGc();
    const rssChanged = residentBytes(first.server.pid);
    probe.close();
    const listed = (await (await fetch(`${first.server.url}/ready`)).json()) as unknown;
    checks.check(listed !== null, 'this server: /ready answers after the load');
    await stop(checks, first.server);

    const restartRuns: Array<{ readyMs: number; readyCpuMs: number }> = [];
    for (let run = 1; run <= restarts; run++) {
      const second = await startServer(`this server, restart ${run}`, schema.url, dataDir);
      restartRuns.push({ readyMs: second.readyMs, readyCpuMs: second.readyCpuMs });
      log(`restart ${run}: /ready after ${fmt(second.readyMs)} ms, ${fmt(second.readyCpuMs)} ms of CPU`);
      const count = await fetch(`${second.server.url}/api/v1/operator/services?nodeId=eu`, { headers: { 'x-api-key': apiKey } }).then(
        (r) => r.json() as Promise<{ count: number }>,
      );
      checks.check(count.count === services, 'restarted server holds every service', `count ${count.count}, expected ${services}`);
      await stop(checks, second.server);
    }
    const restartReadyMs = median(restartRuns.map((r) => r.readyMs));
    const restartCpuMs = median(restartRuns.map((r) => r.readyCpuMs));

    const perService = {
      heapCreatedBytes: (heapCreated - heapEmpty) / services,
      heapChangedBytes: (heapChanged - heapEmpty) / services,
      residentBytes: (rssChanged - rssEmpty) / services,
    };
    Object.assign(results, {
      heapEmpty,
      heapCreated,
      heapChanged,
      rssEmpty,
      rssChanged,
      perService,
      createSeconds,
      changeSeconds,
      restartReadyMs,
      restartCpuMs,
      restartRuns,
      firstReadyMs: first.readyMs,
      firstReadyCpuMs: first.readyCpuMs,
    });

    log(`\n== This server, ${fmt(services)} services on PostgreSQL ==`);
    log(
      formatTable(
        ['measure', 'value'],
        [
          ['created through the API (first health push each)', `${fmt(createSeconds, 1)} s`],
          ['one status change each', `${fmt(changeSeconds, 1)} s`],
          ['heap per service after creation (after GC)', `${fmt(perService.heapCreatedBytes)} B`],
          ['heap per service after one status change each', `${fmt(perService.heapChangedBytes)} B`],
          ['resident memory per service', `${fmt(perService.residentBytes)} B`],
          ['first start until /ready (empty database): wall, CPU', `${fmt(first.readyMs)} ms, ${fmt(first.readyCpuMs)} ms`],
          [
            `restart until /ready (${fmt(services)} services), median of ${restarts}: wall, CPU`,
            `${fmt(restartReadyMs)} ms, ${fmt(restartCpuMs)} ms`,
          ],
        ],
      ),
    );
  } catch (error) {
    checks.fail('this server run', error);
  } finally {
    await schema.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  log(`\n== In this process: ${fmt(services)} snapshots (the host) against ${fmt(services)} started actors ==`);
  const models = measureSnapshotsVsActors(services);
  results['snapshotsVsActors'] = models;
  log(
    formatTable(
      ['model', 'heap per service (B)', 'CPU per status change (µs)'],
      [
        ['snapshots stepped by the host', fmt(models.snapshots.heapBytesPerService), fmt(models.snapshots.stepMicroseconds, 2)],
        ['started XState actors', fmt(models.actors.heapBytesPerService), fmt(models.actors.stepMicroseconds, 2)],
        ["xstate's transition() (a throwaway actor per call)", '-', fmt(models.xstateTransitionMicroseconds, 2)],
      ],
    ),
  );

  const perService = results['perService'] as { heapChangedBytes: number } | undefined;
  const restartMs = results['restartReadyMs'] as number | undefined;
  const restartCpuMs = results['restartCpuMs'] as number | undefined;
  const targets: Target[] = [
    {
      target: 'heap per service, snapshot and indexes included',
      measured: perService ? `${fmt(perService.heapChangedBytes)} B` : 'n/a',
      limit: `≤ ${fmt(TARGET_HEAP_PER_SERVICE)} B`,
      met: perService ? perService.heapChangedBytes <= TARGET_HEAP_PER_SERVICE : null,
    },
    {
      target: `restart until /ready, ${fmt(services)} services, PostgreSQL`,
      measured: restartMs !== undefined ? `${fmt(restartMs)} ms (CPU ${fmt(restartCpuMs ?? Number.NaN)} ms)` : 'n/a',
      limit: `< ${fmt(TARGET_RESTART_MS)} ms`,
      met: restartMs !== undefined && !smoke ? restartMs < TARGET_RESTART_MS : null,
    },
    {
      target: 'snapshots use less heap than started actors',
      measured: `${fmt(models.snapshots.heapBytesPerService)} B vs ${fmt(models.actors.heapBytesPerService)} B`,
      limit: 'less',
      met: models.snapshots.heapBytesPerService < models.actors.heapBytesPerService,
    },
  ];
  log(`\n${targetTable(targets)}`);
  writeResults('memory.json', { smoke, results, targets }, log);
  return exitCode(checks, targets, enforce, log);
}

runBench(main, running, log);
