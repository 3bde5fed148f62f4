/**
 * Ticket memory and rehydration benchmark (issue 17): `npm run bench:tickets-memory` (full: 100,000
 * open tickets, several minutes) or `BENCH_SMOKE=1` (300 tickets; CI). Run with --expose-gc like
 * bench:memory. In one run on one machine, this server's release build on PostgreSQL, started with
 * the inspector on loopback and the `ticketing` plugin licensed:
 *
 * 1. Floor: the first start on an empty schema (migrations), then BENCH_RESTARTS starts on the
 *    migrated, still empty schema: time from spawn until `/ready` answers 200 and the starting
 *    process's CPU (all threads, /proc/<pid>/stat). The last of them stays up for step 2.
 * 2. Heap through the API: BENCH_API_TICKETS tickets raised with `createTicket` by a signed-in
 *    operator (GraphQL, 32 in flight), then one change each (`assignTicket` to the operator, which
 *    also stops the response clock). Heap per ticket = V8's used heap after a full GC (inspector:
 *    HeapProfiler.collectGarbage, Runtime.getHeapUsage) minus the same before, over the tickets;
 *    every ticket's snapshot, host entry, index and armed breach timer included.
 * 3. Rehydration: the table topped up to BENCH_TICKETS open tickets with COPY (clones of the rows
 *    step 2 committed, tickets/seedTickets.ts), then BENCH_RESTARTS restarts until `/ready`: wall
 *    and CPU, and the heap per ticket held after the first one (all BENCH_TICKETS in memory).
 *
 * BENCH_HEAP_DIFF=1 adds heap snapshots (before, after creation, after the change) and prints the
 * constructors that grew most per ticket: the profile behind a heap figure. Keep BENCH_API_TICKETS
 * at 20,000 or less with it (a snapshot is parsed in this process). BENCH_CPU_PROFILE=<dir> runs the
 * restarts with open tickets under --cpu-prof (one .cpuprofile per restart, start to SIGTERM).
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
import type { ChildServer } from './lib/childServer.js';
import { gqlData } from './lib/graphqlCalls.js';
import { idleMachineCpu } from './lib/machineCpu.js';
import { logRunHeader, machineInfo } from './lib/machineInfo.js';
import { createSchema, DEFAULT_DATABASE_URL, postgresVersion } from './lib/postgresSchema.js';
import { writeResults } from './lib/resultFile.js';
import { fmt, formatTable } from './lib/table.js';
import { connectHeapProbe, inspectorUrl, type HeapProbe } from './memory/heapProbe.js';
import { diffPerTicket, takeHeapSummary, type HeapSummary } from './tickets/heapDiff.js';
import { countRows, seedOpenTickets, ticketIds } from './tickets/seedTickets.js';
import { sendEachOnce } from './tickets/sendEachOnce.js';
import {
  assignTicketBodies,
  CREATE_TICKET,
  createTicketBodies,
  newJwtSecret,
  signInOperator,
  startTicketServer,
  ticketInput,
} from './tickets/ticketServer.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string) => process.stdout.write(`${line}\n`);
const running = new Set<ChildServer>();

const smoke = process.env['BENCH_SMOKE'] === '1';
const positive = (name: string): number | undefined =>
  Number(process.env[name] ?? '') > 0 ? Math.round(Number(process.env[name])) : undefined;
const held = positive('BENCH_TICKETS') ?? (smoke ? 300 : 100_000);
const viaApi = Math.min(held, positive('BENCH_API_TICKETS') ?? (smoke ? 200 : 20_000));
const restarts = positive('BENCH_RESTARTS') ?? (smoke ? 1 : 3);
const databaseUrl = process.env['BENCH_DATABASE_URL'] || DEFAULT_DATABASE_URL;
const enforce = process.env['BENCH_ENFORCE_TARGETS'] === '1';
const heapDiff = process.env['BENCH_HEAP_DIFF'] === '1';
const cpuProfileDir = process.env['BENCH_CPU_PROFILE'];
const WARM_UP_TICKETS = 24;
const TARGET_HEAP_PER_TICKET = 2 * 1024;
const TARGET_REHYDRATE_MS = 3_000;

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

interface Started {
  readonly server: ChildServer;
  readonly readyMs: number;
  readonly readyCpuMs: number;
}

async function startUntilReady(name: string, url: string, dataDir: string, jwtSecret: string, profile = false): Promise<Started> {
  const spawned = performance.now();
  const nodeArgs = ['--inspect=127.0.0.1:0', ...(profile && cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [])];
  const server = await startTicketServer({
    name,
    root,
    built: true,
    nodeArgs,
    databaseUrl: url,
    dataDir,
    jwtSecret,
    startTimeoutMs: 120_000,
  });
  running.add(server);
  for (;;) {
    const answer = await fetch(`${server.url}/ready`).catch(() => undefined);
    if (answer?.status === 200) break;
    if (server.exited) throw new Error(`${name} exited before /ready:\n${server.output.slice(-10).join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { server, readyMs: performance.now() - spawned, readyCpuMs: cpuMs(server.pid) };
}

async function stop(checks: Checks, server: ChildServer): Promise<void> {
  const code = await server.stop();
  running.delete(server);
  checks.check(code === 0, `${server.name}: stopped cleanly on SIGTERM`, `exit code ${code}`);
  const problems = server.output.filter((line) => line.includes('"level":"error"'));
  checks.check(problems.length === 0, `${server.name}: no error logged`, problems.slice(0, 3).join('\n'));
}

const perTicket = (after: number, before: number, n: number) => (n > 0 ? (after - before) / n : Number.NaN);

async function main(): Promise<number> {
  const checks = new Checks();
  startWatchdog(
    smoke ? 300 : 2400,
    () => {
      for (const server of running) void server.stop(2000);
    },
    log,
  );
  logRunHeader('tickets memory and rehydration', smoke, machineInfo(await postgresVersion(databaseUrl)), log);
  const idle = await idleMachineCpu(2000);
  log(
    `machine before the run: ${fmt(idle.busyPercent)} % of one core busy (200 = both of 2 cores), steal ${fmt(idle.stealPercent)} %${idle.busyPercent > 15 ? ' -- NOT idle: wall times are inflated' : ''}`,
  );
  log(
    `open tickets held: ${fmt(held)}${!smoke && held < 100_000 ? ' (REDUCED size; the target is for 100,000)' : ''} (${fmt(viaApi)} raised through the API, the rest copied in); restarts: ${restarts}; this server runs as node --inspect=127.0.0.1:0 dist/src/main.js (the release build) on PostgreSQL`,
  );
  log('building (npm run build)...');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });

  const schema = await createSchema(databaseUrl, 'bench_tkmem');
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-tickets-memory-'));
  const jwtSecret = newJwtSecret();
  const results: Record<string, unknown> = { held, viaApi, restarts };
  let probe: HeapProbe | undefined;
  try {
    // 1. Floor: starts on the empty schema.
    const first = await startUntilReady('this server, first start (empty schema, migrations)', schema.url, dataDir, jwtSecret);
    log(`first start (empty schema, migrations run): /ready after ${fmt(first.readyMs)} ms, ${fmt(first.readyCpuMs)} ms of CPU`);
    await stop(checks, first.server);
    const emptyRuns: Array<{ readyMs: number; readyCpuMs: number }> = [];
    let server: ChildServer | undefined;
    for (let run = 1; run <= restarts; run += 1) {
      const started = await startUntilReady(`this server, empty restart ${run}`, schema.url, dataDir, jwtSecret);
      emptyRuns.push({ readyMs: started.readyMs, readyCpuMs: started.readyCpuMs });
      log(`empty restart ${run}: /ready after ${fmt(started.readyMs)} ms, ${fmt(started.readyCpuMs)} ms of CPU`);
      if (run < restarts) await stop(checks, started.server);
      else server = started.server;
    }
    const a = server!;

    // 2. Heap through the API.
    probe = await connectHeapProbe(inspectorUrl(a.output));
    const heapEmpty = await probe.usedHeapAfterGc();
    const rssEmpty = residentBytes(a.pid);
    const operator = await signInOperator(a.url);
    const headers = { authorization: `Bearer ${operator.token}` };
    const sample = await gqlData(a.url, CREATE_TICKET, { i: ticketInput(0) }, operator.token);
    checks.check(
      /^[A-Z]{3}-\d{6}$/.test(sample.createTicket?.number ?? '') && sample.createTicket?.status === 'NEW',
      'createTicket answers a number and the initial state',
      JSON.stringify(sample),
    );
    await sendEachOnce(a.url, '/graphql', headers, createTicketBodies(WARM_UP_TICKETS - 1, 1), 8);
    const heapBefore = await probe.usedHeapAfterGc();
    const summaries: HeapSummary[] = heapDiff ? [await takeHeapSummary(inspectorUrl(a.output))] : [];
    const createSeconds = await sendEachOnce(a.url, '/graphql', headers, createTicketBodies(viaApi, WARM_UP_TICKETS), 32);
    const heapCreated = await probe.usedHeapAfterGc();
    const rssCreated = residentBytes(a.pid);
    if (heapDiff) summaries.push(await takeHeapSummary(inspectorUrl(a.output)));
    const rows = await countRows(schema.url, 'tickets');
    checks.check(
      rows === viaApi + WARM_UP_TICKETS,
      'one ticket row per createTicket call',
      `${rows} rows, expected ${viaApi + WARM_UP_TICKETS}`,
    );

    const ids = (await ticketIds(schema.url)).slice(WARM_UP_TICKETS);
    const changeSeconds = await sendEachOnce(a.url, '/graphql', headers, assignTicketBodies(ids, operator.userId), 32);
    const heapChanged = await probe.usedHeapAfterGc();
    const rssChanged = residentBytes(a.pid);
    if (heapDiff) {
      summaries.push(await takeHeapSummary(inspectorUrl(a.output)));
      const [before, created, changed] = summaries as [HeapSummary, HeapSummary, HeapSummary];
      for (const [label, from, to] of [
        ['creation', before, created],
        ['the change (from creation)', created, changed],
      ] as const) {
        log(
          `\nheap snapshot diff over ${label}, per ticket (${fmt(viaApi)} tickets; self sizes, total ${fmt((to.totalBytes - from.totalBytes) / viaApi)} B):`,
        );
        log(
          formatTable(
            ['type:constructor', 'objects per ticket', 'bytes per ticket'],
            diffPerTicket(from, to, viaApi).map((r) => [r.group, fmt(r.perTicket, 2), fmt(r.bytesPerTicket)]),
          ),
        );
      }
    }
    const assigned = await gqlData(
      a.url,
      'query($f: TicketFilter) { ticketCount(filter: $f) }',
      { f: { assigneeId: operator.userId } },
      operator.token,
    );
    checks.check(
      assigned.ticketCount === viaApi,
      'every ticket assigned once',
      `ticketCount(assigneeId) ${assigned.ticketCount}, expected ${viaApi}`,
    );
    probe.close();
    probe = undefined;
    await stop(checks, a);

    // 3. Rehydration of `held` open tickets.
    const seed = await seedOpenTickets(schema.url, Math.max(0, held - viaApi - WARM_UP_TICKETS));
    log(`seeded ${fmt(seed.seeded)} tickets with COPY in ${fmt(seed.seconds, 1)} s; open tickets in the table: ${fmt(seed.openTickets)}`);
    const openTickets = seed.openTickets;
    const restartRuns: Array<{ readyMs: number; readyCpuMs: number }> = [];
    let heapHydrated = Number.NaN;
    let rssHydrated = Number.NaN;
    for (let run = 1; run <= restarts; run += 1) {
      const started = await startUntilReady(
        `this server, restart ${run} (${fmt(openTickets)} open tickets)`,
        schema.url,
        dataDir,
        jwtSecret,
        true,
      );
      restartRuns.push({ readyMs: started.readyMs, readyCpuMs: started.readyCpuMs });
      log(
        `restart ${run} with ${fmt(openTickets)} open tickets: /ready after ${fmt(started.readyMs)} ms, ${fmt(started.readyCpuMs)} ms of CPU`,
      );
      if (run === 1) {
        probe = await connectHeapProbe(inspectorUrl(started.server.output));
        heapHydrated = await probe.usedHeapAfterGc();
        rssHydrated = residentBytes(started.server.pid);
        probe.close();
        probe = undefined;
        const token = (await signInOperator(started.server.url)).token;
        const count = await gqlData(started.server.url, '{ ticketCount }', undefined, token);
        checks.check(
          count.ticketCount === openTickets,
          'the restarted server lists every ticket',
          `ticketCount ${count.ticketCount}, expected ${openTickets}`,
        );
      }
      await stop(checks, started.server);
    }

    const figures = {
      createdBytes: perTicket(heapCreated, heapBefore, viaApi),
      changedBytes: perTicket(heapChanged, heapBefore, viaApi),
      hydratedBytes: perTicket(heapHydrated, heapEmpty, openTickets),
      residentCreatedBytes: perTicket(rssCreated, rssEmpty, viaApi),
      residentChangedBytes: perTicket(rssChanged, rssEmpty, viaApi),
      residentHydratedBytes: perTicket(rssHydrated, rssEmpty, openTickets),
    };
    const emptyReadyMs = median(emptyRuns.map((r) => r.readyMs));
    const emptyCpuMs = median(emptyRuns.map((r) => r.readyCpuMs));
    const readyMs = median(restartRuns.map((r) => r.readyMs));
    const readyCpuMs = median(restartRuns.map((r) => r.readyCpuMs));
    Object.assign(results, {
      heapEmpty,
      heapBefore,
      heapCreated,
      heapChanged,
      heapHydrated,
      rssEmpty,
      rssCreated,
      rssChanged,
      rssHydrated,
      figures,
      openTickets,
      createSeconds,
      changeSeconds,
      seedSeconds: seed.seconds,
      firstStart: { readyMs: first.readyMs, readyCpuMs: first.readyCpuMs },
      emptyRuns,
      restartRuns,
      emptyReadyMs,
      emptyCpuMs,
      readyMs,
      readyCpuMs,
    });

    log(`\n== This server, tickets on PostgreSQL (${fmt(viaApi)} through the API, ${fmt(openTickets)} held after a restart) ==`);
    log(
      formatTable(
        ['measure', 'value'],
        [
          [`${fmt(viaApi)} createTicket calls (32 in flight)`, `${fmt(createSeconds, 1)} s (${fmt(viaApi / createSeconds)} /s)`],
          [`${fmt(viaApi)} assignTicket calls (one change each)`, `${fmt(changeSeconds, 1)} s (${fmt(viaApi / changeSeconds)} /s)`],
          ['heap per ticket after creation (after GC)', `${fmt(figures.createdBytes)} B`],
          ['heap per ticket after one change each', `${fmt(figures.changedBytes)} B`],
          [`heap per ticket held after a restart (${fmt(openTickets)} hydrated)`, `${fmt(figures.hydratedBytes)} B`],
          [
            'resident memory per ticket: created, changed, hydrated',
            `${fmt(figures.residentCreatedBytes)} / ${fmt(figures.residentChangedBytes)} / ${fmt(figures.residentHydratedBytes)} B`,
          ],
          ['first start, empty schema (migrations): wall, CPU', `${fmt(first.readyMs)} ms, ${fmt(first.readyCpuMs)} ms`],
          [
            `start on the empty migrated schema (floor), median of ${restarts}: wall, CPU`,
            `${fmt(emptyReadyMs)} ms, ${fmt(emptyCpuMs)} ms`,
          ],
          [`restart with ${fmt(openTickets)} open tickets, median of ${restarts}: wall, CPU`, `${fmt(readyMs)} ms, ${fmt(readyCpuMs)} ms`],
          ["the tickets' share (restart minus floor): wall, CPU", `${fmt(readyMs - emptyReadyMs)} ms, ${fmt(readyCpuMs - emptyCpuMs)} ms`],
        ],
      ),
    );
  } catch (error) {
    checks.fail('this server run', error);
  } finally {
    probe?.close();
    for (const server of running) await server.stop(5000);
    await schema.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const figures = results['figures'] as { createdBytes: number; changedBytes: number; hydratedBytes: number } | undefined;
  const heapTarget = (label: string, value: number | undefined, n: number): Target => ({
    target: `heap per open ticket ${label} (${fmt(n)} tickets), snapshot included`,
    measured: value === undefined ? 'n/a' : `${fmt(value)} B`,
    limit: `≤ ${fmt(TARGET_HEAP_PER_TICKET)} B`,
    met: value === undefined || smoke ? null : value <= TARGET_HEAP_PER_TICKET,
  });
  const readyMs = results['readyMs'] as number | undefined;
  const openTickets = (results['openTickets'] as number | undefined) ?? held;
  const targets: Target[] = [
    heapTarget('after creation through the API', figures?.createdBytes, viaApi),
    heapTarget('after one change each', figures?.changedBytes, viaApi),
    heapTarget('held after a restart', figures?.hydratedBytes, openTickets),
    {
      target: `restart until /ready, ${fmt(openTickets)} open tickets, PostgreSQL (floor: empty ${fmt(results['emptyReadyMs'] as number | undefined)} ms)`,
      measured: readyMs === undefined ? 'n/a' : `${fmt(readyMs)} ms (CPU ${fmt(results['readyCpuMs'] as number)} ms)`,
      limit: `< ${fmt(TARGET_REHYDRATE_MS)} ms`,
      met: readyMs === undefined || smoke ? null : readyMs < TARGET_REHYDRATE_MS,
    },
  ];
  log(`\n== Targets${smoke ? ' (SMOKE run, not meaningful)' : ''} ==`);
  log(targetTable(targets));
  writeResults(
    smoke ? 'tickets-memory-smoke.json' : 'tickets-memory.json',
    { date: new Date().toISOString(), smoke, machineBefore: idle, results, targets, failures: checks.failures },
    log,
  );
  return exitCode(checks, targets, enforce, log);
}

runBench(main, running, log);
