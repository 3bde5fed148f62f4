/**
 * Webhook benchmark (issue 6): `npm run bench:webhooks` (full, about 2 minutes) or, short, as part of
 * `npm run bench:smoke`. This server runs as a child process on PostgreSQL; the receiver
 * (reference/webhookReceiver.ts) is another child process that answers 204, checks signatures and
 * counts duplicates.
 *
 * 1. Deliveries per second: 1,000 webhooks (signed) subscribed to service.down/up; a few status
 *    changes, each owing a delivery to every webhook; from the first push until the outbox is empty:
 *    deliveries/s, server CPU per delivery, and the latency of the pushes that staged them.
 * 2. Push throughput with and without webhooks: the health push of bench/ingest.ts over 1,000
 *    services, each push a status change, on three fresh servers side by side: without webhooks;
 *    with 1,000 webhooks subscribed to the pushes' events but filtered to other services (the cost
 *    of having them); with 1,000 webhooks each filtered to one pushed service (every push owes one
 *    delivery). Interleaved saturation rounds (autocannon; each server's outbox drained before the
 *    next is measured) and a paced phase at 70 % of the no-webhook server's median saturation:
 *    req/s, p99, server and PostgreSQL CPU per push; then the time the outbox takes to drain.
 *
 * Exits 1 when anything did not work (a server failed, a request was refused, a delivery was
 * missing, duplicated or badly signed); targets are reported, enforced only with BENCH_ENFORCE_TARGETS=1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { healthBodies, HEALTH_PATH } from './cases/healthPush.js';
import { Checks, exitCode, runBench, startWatchdog, targetTable } from './lib/checks.js';
import { startChildServer, type ChildServer } from './lib/childServer.js';
import { gqlData, mapConcurrent, signIn } from './lib/graphqlCalls.js';
import { postAll, postJson } from './lib/httpCalls.js';
import { runLoad, type LoadResult } from './lib/loadRun.js';
import { logRunHeader, machineInfo } from './lib/machineInfo.js';
import { runPacedLoad } from './lib/pacedLoad.js';
import { createSchema, DEFAULT_DATABASE_URL, postgresVersion } from './lib/postgresSchema.js';
import { assertProcFs, CpuWindow } from './lib/processCpu.js';
import { fmt, formatTable } from './lib/table.js';
import { writeResults } from './lib/resultFile.js';
import { benchServerEnv, benchServerNodeFlags } from './lib/serverEnv.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string) => process.stdout.write(`${line}\n`);
const running = new Set<ChildServer>();

const smoke = process.env['BENCH_SMOKE'] === '1';
const settings = {
  smoke,
  databaseUrl: process.env['BENCH_DATABASE_URL'] || DEFAULT_DATABASE_URL,
  enforceTargets: process.env['BENCH_ENFORCE_TARGETS'] === '1',
  apiKey: 'bench-operator-key-0123456789abcdef',
  adminPassword: 'bench-admin-password-0123',
  secret: 'bench-webhook-secret-0123456789abcdef',
  webhooks: smoke ? 100 : 1000,
  /** Status changes in case 1, each owed to every webhook. */
  changes: smoke ? 2 : 20,
  services: smoke ? 100 : 1000,
  connections: smoke ? 8 : 32,
  pacedConnections: smoke ? 16 : 64,
  warmupSeconds: smoke ? 1 : 3,
  durationSeconds: Number(process.env['BENCH_DURATION'] ?? '') || (smoke ? 1 : 10),
  rateShare: 0.7,
  /** Interleaved saturation rounds per server (the machine's commit latency drifts; medians compare). */
  rounds: smoke ? 1 : 3,
  watchdogSeconds: smoke ? 240 : 1200,
};

type Config = 'none' | 'idle' | 'delivering';

interface PushRun {
  readonly name: string;
  readonly config: Config;
  readonly saturation: LoadResult[];
  paced?: LoadResult;
  deliveries?: { readonly delivered: number; readonly drainMs: number };
}

function startServer(name: string, databaseUrl: string, dataDir: string): Promise<ChildServer> {
  return startChildServer({
    name,
    cwd: root,
    args: [...benchServerNodeFlags(), '--import', 'tsx', 'src/main.ts'],
    env: {
      NODE_ENV: 'production',
      ...benchServerEnv({ dataDir, databaseUrl, apiKey: settings.apiKey, adminPassword: settings.adminPassword, logLevel: 'info' }),
      SVC_SECURITY_WEBHOOK_HOST_ALLOWLIST: '127.0.0.1',
    },
  });
}

interface Started {
  readonly server: ChildServer;
  readonly token: string;
  stop(): Promise<void>;
}

/** A server on a fresh schema; `stop` stops it, checks it stopped cleanly without errors, and drops the schema. */
async function start(checks: Checks, name: string): Promise<Started> {
  const schema = await createSchema(settings.databaseUrl, 'bench_hook');
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-hook-'));
  const server = await startServer(name, schema.url, dataDir);
  running.add(server);
  return {
    server,
    token: await signIn(server.url, 'admin', settings.adminPassword),
    async stop() {
      const code = await server.stop();
      running.delete(server);
      checks.check(code === 0, `${name}: stopped cleanly on SIGTERM`, `exit code ${code}`);
      const problems = server.output.filter((line) => line.startsWith('[stderr]') || line.includes('"level":"error"'));
      checks.check(problems.length === 0, `${name}: no error logged`, problems.slice(0, 5).join('\n'));
      await schema.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function withServer<T>(checks: Checks, name: string, body: (server: ChildServer, token: string) => Promise<T>): Promise<T> {
  const started = await start(checks, name);
  try {
    return await body(started.server, started.token);
  } finally {
    await started.stop();
  }
}

interface ReceiverStats {
  total: number;
  duplicates: number;
  badSignatures: number;
  events: number;
}

const receiverStats = async (receiver: ChildServer): Promise<ReceiverStats> =>
  (await (await fetch(`${receiver.url}/stats`)).json()) as ReceiverStats;

async function createWebhooks(
  server: ChildServer,
  token: string,
  receiver: ChildServer,
  inputs: Array<Record<string, unknown>>,
): Promise<void> {
  await mapConcurrent(inputs, 16, (input, i) =>
    gqlData(
      server.url,
      'mutation($i: CreateWebhookInput!) { createWebhook(input: $i) { id } }',
      { i: { url: `${receiver.url}/hook?w=${i}`, secret: settings.secret, ...input } },
      token,
    ),
  );
}

/** Polls the outbox until nothing is pending; returns the figures and how long it took. */
async function drained(server: ChildServer, token: string, timeoutMs = 300_000): Promise<{ delivered: number; ms: number }> {
  const started = performance.now();
  for (;;) {
    const stats = (await gqlData(server.url, '{ webhookStats { delivered pending } }', undefined, token)).webhookStats;
    if (stats.pending === 0) return { delivered: stats.delivered, ms: performance.now() - started };
    if (performance.now() - started > timeoutMs)
      throw new Error(`the outbox did not drain within ${timeoutMs} ms (${stats.pending} pending)`);
    await new Promise((done) => setTimeout(done, 20));
  }
}

interface DeliveryCase {
  readonly deliveries: number;
  readonly seconds: number;
  readonly perSecond: number;
  readonly serverCpuUsPerDelivery: number;
  readonly pushMsMedian: number;
  readonly pushMsMax: number;
}

async function runDeliveryCase(checks: Checks, receiver: ChildServer): Promise<DeliveryCase> {
  return withServer(checks, 'this server (deliveries)', async (server, token) => {
    log(`  creating ${settings.webhooks} webhooks (signed, service.down and service.up, no filter)`);
    await createWebhooks(
      server,
      token,
      receiver,
      Array.from({ length: settings.webhooks }, () => ({ events: ['service.down', 'service.up'], retryMax: 3, retryDelayMs: 1000 })),
    );
    const push = (status: string) =>
      postJson(server.url, HEALTH_PATH, settings.apiKey, JSON.stringify({ service: 'fanout-db', nodeId: 'bench/fanout', status }));
    await push('OPERATIONAL');
    const before = await receiverStats(receiver);
    const expected = settings.changes * settings.webhooks;
    log(`  ${settings.changes} status changes x ${settings.webhooks} webhooks = ${fmt(expected)} deliveries`);
    const window = new CpuWindow(server.pid);
    const started = performance.now();
    const pushMs: number[] = [];
    for (let i = 0; i < settings.changes; i += 1) {
      const t0 = performance.now();
      const res = await push(i % 2 === 0 ? 'DOWN' : 'OPERATIONAL');
      pushMs.push(performance.now() - t0);
      checks.check(res.status === 200, 'deliveries case: push answered 200', `${res.status}`);
    }
    const outbox = await drained(server, token);
    const seconds = (performance.now() - started) / 1000;
    const cpu = window.close();
    const after = await receiverStats(receiver);
    checks.check(outbox.delivered === expected, `deliveries case: all ${expected} delivered`, `delivered ${outbox.delivered}`);
    checks.check(
      after.total - before.total === expected,
      `deliveries case: the receiver got ${expected}`,
      `got ${after.total - before.total}`,
    );
    checks.check(
      after.duplicates === 0 && after.badSignatures === 0,
      'deliveries case: no duplicate, every signature valid',
      JSON.stringify(after),
    );
    pushMs.sort((a, b) => a - b);
    return {
      deliveries: expected,
      seconds,
      perSecond: expected / seconds,
      serverCpuUsPerDelivery: cpu.serverUs / expected,
      pushMsMedian: pushMs[Math.floor(pushMs.length / 2)]!,
      pushMsMax: pushMs[pushMs.length - 1]!,
    };
  });
}

const CONFIG_NAMES: Record<Config, string> = {
  none: 'no webhooks',
  idle: `${settings.webhooks} webhooks, none matching`,
  delivering: `${settings.webhooks} webhooks, one delivery per push`,
};

/**
 * Three servers side by side, interleaved: without webhooks; with webhooks subscribed to the pushes'
 * events but filtered to other services (the cost of having them); with one webhook per pushed
 * service (every push owes a delivery). Each server's outbox is drained before another is measured.
 */
async function runPushCase(checks: Checks, receiver: ChildServer): Promise<PushRun[]> {
  const bodies = healthBodies(settings.services);
  const names = bodies.seed.map((b) => (JSON.parse(b) as { service: string }).service).slice(0, settings.webhooks);
  const configs: Config[] = ['none', 'idle', 'delivering'];
  const servers: Array<{ run: PushRun; started: Started }> = [];
  try {
    for (const config of configs) {
      const started = await start(checks, `this server, ${CONFIG_NAMES[config]}`);
      servers.push({ run: { name: CONFIG_NAMES[config], config, saturation: [] }, started });
      if (config !== 'none') {
        log(`  ${CONFIG_NAMES[config]}: creating the webhooks`);
        const filter = (service: string) => JSON.stringify({ 'service.name': config === 'idle' ? `elsewhere-${service}` : service });
        await createWebhooks(
          started.server,
          started.token,
          receiver,
          names.map((service) => ({ events: ['service.up', 'service.degraded'], filters: filter(service) })),
        );
      }
      await postAll(started.server.url, HEALTH_PATH, settings.apiKey, bodies.seed, 16);
    }
    const common = (server: ChildServer) => ({
      url: server.url,
      path: HEALTH_PATH,
      headers: { 'x-api-key': settings.apiKey },
      bodies: bodies.load,
      connections: settings.connections,
      pid: server.pid,
    });
    const ok = (label: string, r: LoadResult) =>
      checks.check(
        r.ok > 0 && r.non2xx === 0 && r.errors === 0 && r.timeouts === 0,
        `${label}: every push answered 2xx`,
        `2xx=${r.ok} non2xx=${r.non2xx} errors=${r.errors} timeouts=${r.timeouts}`,
      );
    for (const { run, started } of servers) {
      log(`  ${run.name}: warm-up ${settings.warmupSeconds} s`);
      ok(`${run.name} warm-up`, await runLoad({ ...common(started.server), durationSeconds: settings.warmupSeconds }));
      await drained(started.server, started.token);
    }
    for (let round = 1; round <= settings.rounds; round += 1) {
      for (const { run, started } of servers) {
        log(`  ${run.name}: saturation round ${round}, ${settings.durationSeconds} s`);
        const result = await runLoad({ ...common(started.server), durationSeconds: settings.durationSeconds });
        ok(`${run.name} saturation`, result);
        run.saturation.push(result);
        await drained(started.server, started.token);
      }
    }
    const rate = Math.max(1, Math.round(median(servers[0]!.run.saturation.map((r) => r.reqPerSec)) * settings.rateShare));
    for (const { run, started } of servers) {
      log(`  ${run.name}: paced at ${rate} req/s for ${settings.durationSeconds} s`);
      run.paced = await runPacedLoad({
        ...common(started.server),
        connections: settings.pacedConnections,
        durationSeconds: settings.durationSeconds,
        rate,
      });
      ok(`${run.name} paced`, run.paced);
      const outbox = await drained(started.server, started.token);
      if (run.config === 'delivering') run.deliveries = { delivered: outbox.delivered, drainMs: outbox.ms };
    }
    const stats = await receiverStats(receiver);
    checks.check(
      stats.duplicates === 0 && stats.badSignatures === 0,
      'push case: no duplicate delivery, every signature valid',
      JSON.stringify(stats),
    );
    const delivering = servers.find((s) => s.run.config === 'delivering')!.run;
    const expected = delivering.saturation.reduce((n, r) => n + r.ok, 0) + (delivering.paced?.ok ?? 0);
    checks.check(
      (delivering.deliveries?.delivered ?? 0) >= expected,
      'push case: every push that changed a status was delivered',
      `${delivering.deliveries?.delivered} delivered, at least ${expected} expected`,
    );
    return servers.map((s) => s.run);
  } finally {
    for (const { started } of servers) await started.stop();
  }
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor(sorted.length / 2)]!;
};

async function main(): Promise<number> {
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
  logRunHeader('webhooks', smoke, machine, log);

  const receiver = await startChildServer({
    name: 'receiver',
    cwd: root,
    args: ['--import', 'tsx', 'bench/reference/webhookReceiver.ts'],
    env: { RECEIVER_SECRET: settings.secret },
  });
  running.add(receiver);
  let deliveries: DeliveryCase | undefined;
  const pushes: PushRun[] = [];
  try {
    log(`\n[1] deliveries per second, ${settings.webhooks} webhooks subscribed`);
    try {
      deliveries = await runDeliveryCase(checks, receiver);
    } catch (error) {
      checks.fail('deliveries case', error);
    }
    log(`\n[2] health push throughput with and without webhooks (${settings.services} services, every push a status change)`);
    try {
      pushes.push(...(await runPushCase(checks, receiver)));
    } catch (error) {
      checks.fail('push case', error);
    }
  } finally {
    await receiver.stop();
    running.delete(receiver);
  }

  if (deliveries) {
    log(
      `\n== Deliveries: ${fmt(deliveries.deliveries)} to one local receiver (${settings.webhooks} webhooks x ${settings.changes} status changes), signed ==`,
    );
    log(
      formatTable(
        [
          'deliveries',
          'seconds',
          'deliveries/s',
          'server CPU µs/delivery',
          `push ms p50 (owes ${settings.webhooks} deliveries)`,
          'push ms max',
        ],
        [
          [
            fmt(deliveries.deliveries),
            fmt(deliveries.seconds, 2),
            fmt(deliveries.perSecond),
            fmt(deliveries.serverCpuUsPerDelivery, 1),
            fmt(deliveries.pushMsMedian, 1),
            fmt(deliveries.pushMsMax, 1),
          ],
        ],
      ),
    );
  }
  const row = (r: PushRun, phase: string, l: LoadResult) => [
    r.name,
    phase,
    l.offeredRate === null ? 'max' : fmt(l.offeredRate),
    fmt(l.reqPerSec),
    fmt(l.p50Ms, 2),
    fmt(l.p99Ms, 2),
    fmt(l.serverCpuUsPerReq, 1),
    fmt(l.databaseCpuUsPerReq, 1),
    String(l.unsent),
  ];
  log(
    `\n== Health push, ${settings.services} services, every push a status change: saturation (autocannon, ${settings.connections} connections; ${settings.rounds} interleaved rounds) and paced (open loop), ${settings.durationSeconds} s each ==`,
  );
  log(
    formatTable(
      ['server', 'phase', 'offered/s', 'req/s', 'p50 ms', 'p99 ms', 'server CPU µs/req', 'PG CPU µs/req', 'unsent'],
      pushes.flatMap((r) => [
        ...r.saturation.map((l, i) => row(r, `saturation ${i + 1}`, l)),
        ...(r.paced ? [row(r, 'paced', r.paced)] : []),
      ]),
    ),
  );
  const delivering = pushes.find((r) => r.deliveries);
  if (delivering?.deliveries)
    log(
      `outbox (${delivering.name}): ${fmt(delivering.deliveries.delivered)} delivered in total; drained ${fmt(delivering.deliveries.drainMs)} ms after the paced phase`,
    );

  const byConfig = (config: Config) => pushes.find((r) => r.config === config);
  const saturation = (r: PushRun | undefined) => (r && r.saturation.length > 0 ? median(r.saturation.map((l) => l.reqPerSec)) : undefined);
  const ratio = (a: number | undefined, b: number | undefined) => (a !== undefined && b !== undefined && b > 0 ? a / b : undefined);
  const none = byConfig('none');
  const targets = (['idle', 'delivering'] as const).flatMap((config) => {
    const r = byConfig(config);
    const sat = ratio(saturation(r), saturation(none));
    const paced = ratio(r?.paced?.reqPerSec, none?.paced?.reqPerSec);
    return [
      {
        target: `push req/s, ${CONFIG_NAMES[config]} vs none, saturation (median)`,
        measured: sat === undefined ? '-' : `${fmt(sat, 3)}x (${fmt(saturation(r))} vs ${fmt(saturation(none))})`,
        limit: '>= 0.90x',
        met: sat === undefined ? null : sat >= 0.9,
      },
      {
        target: `push req/s, ${CONFIG_NAMES[config]} vs none, paced`,
        measured: paced === undefined ? '-' : `${fmt(paced, 3)}x (p99 ${fmt(r?.paced?.p99Ms, 2)} vs ${fmt(none?.paced?.p99Ms, 2)} ms)`,
        limit: '>= 0.90x',
        met: paced === undefined ? null : paced >= 0.9,
      },
    ];
  });
  log(`\n== Targets${smoke ? ' (SMOKE run, not meaningful)' : ''} ==`);
  log(targetTable(targets));

  writeResults(
    smoke ? 'webhooks-smoke.json' : 'webhooks-latest.json',
    {
      date: new Date().toISOString(),
      machine,
      settings: { ...settings, apiKey: undefined, adminPassword: undefined, secret: undefined },
      deliveries,
      pushes,
      targets,
      failures: checks.failures,
    },
    log,
  );
  return exitCode(checks, targets, settings.enforceTargets, log);
}

runBench(main, running, log);
