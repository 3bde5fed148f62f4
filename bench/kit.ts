/**
 * The load-test kit's own capacity (issue 32): how much one svc-bench process can send and hold, so
 * a person knows when the generator, not the target, is the limit.
 *
 * 1. Health pushes per second from one generator process against the bare uWS floor
 *    (bench/reference/uwsFloor.ts: answers every request, stores nothing), side by side with wrk
 *    (one thread, the same connections, the same body) in the same run: svc-bench's closed model
 *    (as fast as answers come, like wrk), then its open model paced at half of wrk's rate, which must
 *    hold its schedule (no generator warning). Rates are also given per CPU-second of the generator
 *    (wrk's CPU read from /usr/bin/time), which a loaded machine distorts less than wall time.
 * 2. graphql-ws subscribers one generator process holds (target 10,000): the product server as a
 *    child process, N subscribers of svc-bench's Subscribers (one subscription each to a node
 *    subtree), then status changes whose frames must reach every subscriber; the generator's memory,
 *    CPU per frame and the delivery latency from the push's acknowledgement.
 *
 *   npm run bench:kit               (BENCH_SMOKE=1: short and small, figures not meaningful)
 *   KIT_SECONDS=10 KIT_CONNECTIONS=64 KIT_SUBSCRIBERS=10000 npm run bench:kit
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { runEngine } from './kit/engine.js';
import type { Operation } from './kit/operation.js';
import { Recorder } from './kit/recorder.js';
import { Subscribers } from './kit/subscribers.js';
import { Checks, exitCode, runBench, startWatchdog, targetTable, type Target as BenchTarget } from './lib/checks.js';
import { type ChildServer, startChildServer } from './lib/childServer.js';
import { signIn } from './lib/graphqlCalls.js';
import { logRunHeader, machineInfo } from './lib/machineInfo.js';
import { writeResults } from './lib/resultFile.js';
import { benchServerEnv, benchServerNodeFlags } from './lib/serverEnv.js';
import { fmt, formatTable } from './lib/table.js';

const log = (line: string) => process.stdout.write(`${line}\n`);
const root = new URL('..', import.meta.url).pathname;
const smoke = process.env['BENCH_SMOKE'] === '1';
const SECONDS = Number(process.env['KIT_SECONDS'] ?? (smoke ? 2 : 10));
const CONNECTIONS = Number(process.env['KIT_CONNECTIONS'] ?? (smoke ? 8 : 64));
const SUBSCRIBERS = Number(process.env['KIT_SUBSCRIBERS'] ?? (smoke ? 200 : 10_000));
const CHANGES = smoke ? 3 : 10;
const API_KEY = 'bench-operator-key-0123456789abcdef';
const BODY = JSON.stringify({ service: 'kit-push', nodeId: 'bench/kit', status: 'OPERATIONAL', message: 'svc-bench capacity' });
const running = new Set<ChildServer>();
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

interface PushFigures {
  readonly tool: string;
  readonly perSecond: number;
  readonly cpuSeconds: number;
  readonly perCpuSecond: number;
  readonly note: string;
  readonly load: string;
}

/** wrk with its CPU: run through a shell so /usr/bin/time's line (stderr) is kept. */
function wrkWithCpu(url: string): PushFigures {
  const dir = mkdtempSync(join(tmpdir(), 'kit-wrk-'));
  const script = join(dir, 'push.lua');
  writeFileSync(
    script,
    `wrk.method = "POST"\nwrk.body = ${JSON.stringify(BODY)}\nwrk.headers["Content-Type"] = "application/json"\nwrk.headers["X-API-Key"] = "${API_KEY}"\n`,
  );
  const loadAtStart = load();
  const output = execFileSync(
    'sh',
    ['-c', `/usr/bin/time -f 'cpu %U %S' wrk -t1 -c${CONNECTIONS} -d${SECONDS}s -s ${script} ${url}/api/v1/health/report 2>&1`],
    { encoding: 'utf8' },
  );
  rmSync(dir, { recursive: true, force: true });
  const rate = Number(/Requests\/sec:\s+([\d.]+)/.exec(output)?.[1]);
  const cpu = /cpu ([\d.]+) ([\d.]+)/.exec(output);
  const cpuSeconds = cpu ? Number(cpu[1]) + Number(cpu[2]) : Number.NaN;
  if (!Number.isFinite(rate)) throw new Error(`wrk printed no rate:\n${output}`);
  const total = rate * SECONDS;
  return {
    tool: 'wrk 4.1, 1 thread',
    perSecond: rate,
    cpuSeconds,
    perCpuSecond: total / cpuSeconds,
    note: 'closed loop',
    load: loadAtStart,
  };
}

async function kitRun(
  url: string,
  mode: 'closed' | 'open',
  rate: number,
): Promise<PushFigures & { warning: string | null; lagP99Ms: number; p99Ms: number }> {
  const operation: Operation = {
    name: 'push',
    method: 'POST',
    path: '/api/v1/health/report',
    headers: { 'x-api-key': API_KEY },
    body: BODY,
  };
  const loadAtStart = load();
  const startedAt = performance.now() + 50;
  const recorder = new Recorder(startedAt);
  const before = process.cpuUsage();
  while (performance.now() < startedAt) await new Promise((resolve) => setTimeout(resolve, 5));
  const report = await runEngine({
    url: new URL(url),
    streams: [{ kind: 'rate', perSecond: rate, next: () => operation }],
    durationSeconds: SECONDS,
    rampSeconds: 0,
    ...(mode === 'closed' ? { vus: CONNECTIONS } : {}),
    connections: CONNECTIONS,
    timeoutMs: 10_000,
    recorder,
    startedAt,
    random: Math.random,
  });
  const used = process.cpuUsage(before);
  const cpuSeconds = (used.user + used.system) / 1e6;
  const { ok, errors } = recorder.totals;
  if (errors > 0) throw new Error(`svc-bench ${mode}: ${errors} errors ${JSON.stringify(recorder.errorKinds)}`);
  const lagP99Ms = report.lag.percentileMs(0.99);
  const lateShare = report.offered === 0 ? 0 : report.lateSends / report.offered;
  const warning =
    mode === 'open' && (lagP99Ms > 10 || lateShare > 0.01 || report.unsent > 0)
      ? `behind its schedule: pump p99 late ${lagP99Ms.toFixed(1)} ms, ${report.lateSends} late sends, ${report.unsent} unsent`
      : null;
  return {
    tool: mode === 'closed' ? `svc-bench, closed model (${CONNECTIONS} users)` : `svc-bench, open model at ${fmt(rate)}/s`,
    perSecond: ok / SECONDS,
    cpuSeconds,
    perCpuSecond: ok / cpuSeconds,
    note: mode === 'closed' ? 'closed loop' : `latency from the due time: p99 ${recorder.all().percentileMs(0.99).toFixed(2)} ms`,
    load: loadAtStart,
    warning,
    lagP99Ms,
    p99Ms: recorder.all().percentileMs(0.99),
  };
}

async function subscriberCapacity(checks: Checks): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kit-server-'));
  const password = 'bench-admin-password-0123456789';
  const server = await startChildServer({
    name: 'svc-ops-monitor',
    cwd: root,
    args: [...benchServerNodeFlags(), '--import', 'tsx', 'src/main.ts'],
    // The embedded database's first open takes long on a loaded machine.
    startTimeoutMs: 300_000,
    env: { NODE_ENV: 'production', ...benchServerEnv({ dataDir, apiKey: API_KEY, adminPassword: password, logLevel: 'info' }) },
  });
  running.add(server);
  try {
    const token = await signIn(server.url, 'admin', password);
    const nodeId = 'bench/kit/watched';
    const push = async (status: string, key: string) => {
      const response = await fetch(`${server.url}/api/v1/health/report`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': API_KEY },
        body: JSON.stringify({ service: 'watched', nodeId, status, message: key }),
      });
      if (response.status !== 200) throw new Error(`push answered ${response.status}`);
      return performance.now();
    };
    await push('OPERATIONAL', 'start');
    const frames = new Map<string, number[]>();
    const subscribers = new Subscribers({
      url: `${server.url.replace('http', 'ws')}/graphql/ws`,
      token,
      count: SUBSCRIBERS,
      concurrency: 100,
      subscriptions: () => [
        { query: 'subscription($p: String) { serviceStatusChanged(nodePath: $p) { message } }', variables: { p: nodeId } },
      ],
      onFrame: (_i, _s, payload, at) => {
        const key = (payload as { data?: { serviceStatusChanged?: { message?: string } } }).data?.serviceStatusChanged?.message;
        if (key) (frames.get(key) ?? frames.set(key, []).get(key)!).push(at);
      },
    });
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const connectStarted = performance.now();
    const cpuBefore = process.cpuUsage();
    await subscribers.start();
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    const connectCpu = process.cpuUsage(cpuBefore);
    // Subscriptions are sent after each acknowledgement; give the server a moment to register the last ones.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const rssAfter = process.memoryUsage().rss;
    const latencies: number[] = [];
    const frameCpuBefore = process.cpuUsage();
    let delivered = 0;
    for (let change = 0; change < CHANGES; change += 1) {
      const key = `kit change ${change}`;
      const ackAt = await push(change % 2 === 0 ? 'DEGRADED' : 'OPERATIONAL', key);
      const deadline = performance.now() + 30_000;
      while ((frames.get(key)?.length ?? 0) < SUBSCRIBERS && performance.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 5));
      const got = frames.get(key) ?? [];
      delivered += got.length;
      for (const at of got) latencies.push(Math.max(0, at - ackAt));
    }
    const frameCpu = process.cpuUsage(frameCpuBefore);
    latencies.sort((a, b) => a - b);
    const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)] ?? Number.NaN;
    const closes = { ...subscribers.closes };
    await subscribers.stop();
    checks.check(
      delivered === SUBSCRIBERS * CHANGES,
      `every one of ${SUBSCRIBERS} subscribers got each of ${CHANGES} changes`,
      `${delivered} of ${SUBSCRIBERS * CHANGES}; closes ${JSON.stringify(closes)}`,
    );
    checks.check(
      subscribers.subscriptionErrors.length === 0,
      'no subscription was refused',
      subscribers.subscriptionErrors.slice(0, 3).join('; '),
    );
    return {
      subscribers: SUBSCRIBERS,
      connectSeconds,
      connectCpuSeconds: (connectCpu.user + connectCpu.system) / 1e6,
      generatorRssMiBPerThousand: ((rssAfter - rssBefore) / 2 ** 20 / SUBSCRIBERS) * 1000,
      generatorRssMiB: rssAfter / 2 ** 20,
      changes: CHANGES,
      delivered,
      frameCpuUsPerFrame: (frameCpu.user + frameCpu.system) / Math.max(1, delivered),
      deliveryP50Ms: q(0.5),
      deliveryP99Ms: q(0.99),
      deliveryMaxMs: latencies[latencies.length - 1] ?? Number.NaN,
      closes,
      load: load(),
    };
  } finally {
    await server.stop();
    running.delete(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The tools the reference run needs, named with the package that brings them, before anything starts. */
function assertTools(): void {
  for (const [tool, debianPackage] of [
    ['/usr/bin/wrk', 'wrk'],
    ['/usr/bin/time', 'time'],
  ] as const) {
    if (!existsSync(tool))
      throw new Error(`${tool} is missing: this bench compares svc-bench with wrk (apt-get install -y ${debianPackage})`);
  }
}

async function main(): Promise<number> {
  assertTools();
  logRunHeader('kit (svc-bench capacity)', smoke, machineInfo('not used'), log);
  startWatchdog(
    smoke ? 300 : 900,
    () => {
      for (const server of running) void server.stop(2000);
    },
    log,
  );
  const checks = new Checks();
  const floor = await startChildServer({
    name: 'uws floor',
    cwd: root,
    args: ['--import', 'tsx', 'bench/reference/uwsFloor.ts'],
    env: { FLOOR_HOST: '127.0.0.1', FLOOR_PORT: '0' },
  });
  running.add(floor);
  const pushes: PushFigures[] = [];
  let wrkRate: number;
  let open: Awaited<ReturnType<typeof kitRun>>;
  try {
    log(`\nhealth pushes against the bare uWS floor, ${CONNECTIONS} connections, ${SECONDS} s each (load average at each start)`);
    const reference = wrkWithCpu(floor.url);
    pushes.push(reference);
    wrkRate = reference.perSecond;
    pushes.push(await kitRun(floor.url, 'closed', 1));
    open = await kitRun(floor.url, 'open', Math.round(wrkRate / 2));
    pushes.push(open);
  } finally {
    await floor.stop();
    running.delete(floor);
  }
  log(
    formatTable(
      ['generator', 'pushes/s', 'CPU s', 'pushes per CPU-s', 'note', 'load'],
      pushes.map((p) => [p.tool, fmt(p.perSecond), fmt(p.cpuSeconds, 2), fmt(p.perCpuSecond), p.note, p.load]),
    ),
  );
  if (open.warning) log(`open model: ${open.warning}`);

  log(`\ngraphql-ws subscribers in one generator process: ${fmt(SUBSCRIBERS)}, ${CHANGES} status changes each delivered to all`);
  const subscribers = await subscriberCapacity(checks);
  log(
    formatTable(
      ['figure', 'value'],
      Object.entries(subscribers).map(([k, v]) => [k, typeof v === 'number' ? fmt(v, 2) : JSON.stringify(v)]),
    ),
  );

  const closed = pushes[1]!;
  const targets: BenchTarget[] = [
    {
      target: "svc-bench paces health pushes at half of wrk's rate, on schedule",
      measured: `${fmt(open.perSecond)}/s of ${fmt(wrkRate / 2)}/s offered (wrk ${fmt(wrkRate)}/s)${open.warning ? ', fell behind' : ''}`,
      limit: '>= 0.5 x wrk, no generator warning',
      met: open.perSecond >= (wrkRate / 2) * 0.98 && open.warning === null,
    },
    {
      target: 'svc-bench closed model against wrk',
      measured: `${fmt(closed.perSecond)}/s = ${fmt(closed.perSecond / wrkRate, 2)} x wrk`,
      limit: '>= 0.5 x wrk',
      met: closed.perSecond >= wrkRate / 2,
    },
    {
      target: 'graphql-ws subscribers held by one generator process',
      measured: `${fmt(subscribers['subscribers'] as number)} (every change delivered: ${subscribers['delivered'] === SUBSCRIBERS * CHANGES})`,
      limit: '>= 10,000',
      met: smoke ? null : (subscribers['subscribers'] as number) >= 10_000 && subscribers['delivered'] === SUBSCRIBERS * CHANGES,
    },
  ];
  log(`\n${targetTable(targets)}`);
  writeResults(
    smoke ? 'kit-smoke.json' : 'kit.json',
    { smoke, seconds: SECONDS, connections: CONNECTIONS, pushes, subscribers, targets },
    log,
  );
  return exitCode(checks, targets, false, log);
}

runBench(main, running, log);
