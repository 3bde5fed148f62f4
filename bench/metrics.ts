/**
 * GET /metrics at fleet scale (issue 30, item 1): `npm run bench:metrics`, with BENCH_DATABASE_URL (PostgreSQL;
 * default postgres://postgres@127.0.0.1:5432/test) and BENCH_SERVICES (default 100,000; 2,000 with BENCH_SMOKE=1,
 * the CI smoke run). The decision in docs/adr/0055-prometheus-metrics.md; the method in bench/README.md.
 *
 * 1. A server is started on a fresh schema (migrations), closed, and N services are written into the schema with
 *    one INSERT ... SELECT (statuses spread over the fleet); the server starts again on them with SVC_METRICS_TOKEN
 *    set, in this process, and gets some traffic so the HTTP families have series.
 * 2. Idle window: W seconds with nothing but the event-loop delay monitor (1 ms resolution) and the process CPU.
 * 3. Scraped window: the same W seconds while a scraper in a child process (so its own work is not this loop's)
 *    calls GET /metrics once a second, as Prometheus does.
 * Figures: the server's own time per scrape (from head to answer, read from its svc_http_request_duration_seconds
 * for the /metrics route: serialisation plus a few microseconds of routing), the scraper's round trip, the loop's
 * longest stall and p99 in both windows, CPU per scrape (scraped window minus idle), the exposition's size and series.
 *
 * Not here: ingest CPU per push with metrics on against off (issue 30's 1 % target): `npm run bench:overhead`
 * measures both in one run (bench/overhead.ts). The machine's load average is printed beside each window.
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import knexFactory from 'knex';
import { durableStore, postgresBackend } from '../test/support/backends.js';
import { METRICS_ENV, METRICS_TOKEN, metricsOf, readExposition, scrape } from '../test/support/metrics.js';
import { startTestServer, type TestServer } from '../test/support/testServer.js';
import { Checks, exitCode, runBench, targetTable } from './lib/checks.js';
import { writeResults } from './lib/resultFile.js';

const smoke = process.env['BENCH_SMOKE'] === '1';
const N = Number(process.env['BENCH_SERVICES'] ?? (smoke ? 2_000 : 100_000));
/** Seconds per window; one scrape a second in the scraped one. */
const WINDOW_S = Number(process.env['BENCH_METRICS_SECONDS'] ?? (smoke ? 4 : 60));
const baseUrl = process.env['BENCH_DATABASE_URL'] ?? process.env['SVC_TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const log = (line: string) => process.stdout.write(`${line}\n`);
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const METRICS_ROUTE = { route: '/metrics', method: 'GET', status_class: '2xx' };

interface Window {
  readonly delayP99Ms: number;
  readonly delayMaxMs: number;
  readonly cpuMs: number;
  /** The machine's 1-minute load average at the window's start and end. */
  readonly load: readonly [number, number];
}

/** The event loop's delay (1 ms resolution) and this process's CPU over `run`. */
async function measured(run: () => Promise<void>): Promise<Window> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  const cpu = process.cpuUsage();
  const loadBefore = loadavg()[0]!;
  delay.enable();
  await run();
  delay.disable();
  const used = process.cpuUsage(cpu);
  return {
    delayP99Ms: delay.percentile(99) / 1e6,
    delayMaxMs: delay.max / 1e6,
    cpuMs: (used.user + used.system) / 1000,
    load: [loadBefore, loadavg()[0]!],
  };
}

/**
 * A child process that, once told to go, scrapes `url` every second `count` times and prints its round trips (ms) as
 * JSON. Spawned before the measured window: spawning stalls the parent's event loop for a while itself.
 */
function scraperChild(url: string, count: number): { go(): Promise<number[]> } {
  const code = `
    const times = [];
    let left = ${count};
    const once = async () => {
      const at = performance.now();
      const response = await fetch(${JSON.stringify(url)}, { headers: { authorization: 'Bearer ${METRICS_TOKEN}' } });
      await response.text();
      if (response.status !== 200) throw new Error('scrape answered ' + response.status);
      times.push(performance.now() - at);
      if (--left === 0) { clearInterval(timer); process.stdout.write(JSON.stringify(times)); }
    };
    let timer;
    process.stdin.once('data', () => {
      timer = setInterval(() => once().catch((e) => { console.error(e); process.exit(1); }), 1000);
      process.stdin.pause();
    });`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const done = new Promise<number[]>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (status) =>
      status === 0 ? resolve(JSON.parse(out) as number[]) : reject(new Error(`the scraper exited with ${status}`)),
    );
  });
  return {
    go() {
      child.stdin.end('go\n');
      return done;
    },
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const percentile = (xs: readonly number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

async function main(): Promise<number> {
  const checks = new Checks();
  const store = await durableStore(postgresBackend(baseUrl));
  let t: TestServer | undefined;
  try {
    const first = await startTestServer(postgresBackend(baseUrl), { store: store.forRun() });
    await first.close();
    const db = knexFactory({ client: 'pg', connection: store.forRun().url! });
    const seededAt = performance.now();
    await db.raw(`insert into nodes (path, parent_path, name, depth, created_at)
      select 'fleet', null, 'fleet', 1, now() union all
      select 'fleet/n' || g, 'fleet', 'n' || g, 2, now() from generate_series(0, 99) g`);
    await db.raw(`insert into services (id, node_path, name, status, status_since, status_seq, tags, metadata, images, dependencies, created_at, updated_at, backup_expected)
      select gen_random_uuid(), 'fleet/n' || (g % 100), 'svc-' || lpad(g::text, 7, '0'),
        (array['OPERATIONAL','OPERATIONAL','OPERATIONAL','DEGRADED','DOWN','MAINTENANCE','UNKNOWN'])[1 + g % 7],
        now(), 1, '[]'::jsonb, '{}'::jsonb, '[]'::jsonb, '[]'::jsonb, now(), now(), false
      from generate_series(0, ${N - 1}) g`);
    await db.destroy();
    log(`seeded ${fmt(N)} services in ${fmt((performance.now() - seededAt) / 1000, 1)} s`);

    t = await startTestServer(postgresBackend(baseUrl), { store: store.forRun(), env: METRICS_ENV });
    // Traffic on a few routes and status classes, so the HTTP families hold series as a live server's do.
    for (let i = 0; i < 200; i += 1)
      await t.call('POST', '/api/v1/health/report', {
        service: `svc-${String(i % 20).padStart(7, '0')}`,
        nodeId: `fleet/n${i % 20}`,
        status: i % 2 ? 'DOWN' : 'OPERATIONAL',
      });
    await t.call('GET', `/api/v1/operator/services?nodeId=fleet/n1`);
    await t.call('GET', '/health');
    await t.call('GET', '/no/such/path');
    for (let i = 0; i < 5; i += 1) await scrape(t.url);

    const exposition = await metricsOf(t.url);
    const text = (await scrape(t.url)).text;
    checks.check(exposition.value('svc_entities', { type: 'service' }) === N, `the exposition counts the ${fmt(N)} services held`);
    const series = exposition.samples.length;
    const productSeries = exposition.samples.filter((s) => s.name.startsWith('svc_')).length;
    log(
      `exposition: ${fmt(text.length)} bytes, ${fmt(series)} series (${fmt(productSeries)} svc_), ${exposition.families.length} families`,
    );

    await sleep(2000); // what the start and the traffic left behind (a commit, a GC) settles first
    const idle = await measured(() => sleep(WINDOW_S * 1000));
    const before = await metricsOf(t.url);
    const scraper = scraperChild(`${t.url}/metrics`, WINDOW_S);
    await sleep(1000); // the child is up and waiting
    let roundTrips: number[] = [];
    const scraped = await measured(async () => {
      roundTrips = await scraper.go();
    });
    const after = await metricsOf(t.url);
    const moved = (name: string) => (after.value(name, METRICS_ROUTE) ?? 0) - (before.value(name, METRICS_ROUTE) ?? 0);
    // A scrape is tallied as it is answered, after its exposition was made: the one that read `before` is in
    // `after` (a scrape of the same exposition: its time is averaged in), the one that read `after` is not.
    const timed = moved('svc_http_request_duration_seconds_count');
    const serverMs = (moved('svc_http_request_duration_seconds_sum') * 1000) / timed;
    checks.check(timed - 1 === WINDOW_S, `the server answered the scraper's ${WINDOW_S} scrapes`, `${timed - 1}`);
    checks.check(
      readExposition(text).families.length === exposition.families.length,
      'the exposition parses with a Prometheus text parser',
    );
    const cpuPerScrapeMs = Math.max(0, scraped.cpuMs - idle.cpuMs) / Math.max(1, roundTrips.length);

    log(
      `\n| window (${WINDOW_S} s) | loop delay p99, ms | longest stall, ms | process CPU, ms | load avg (1 min) |\n|---|---|---|---|---|\n` +
        `| idle | ${fmt(idle.delayP99Ms, 2)} | ${fmt(idle.delayMaxMs, 2)} | ${fmt(idle.cpuMs)} | ${fmt(idle.load[0], 1)}-${fmt(idle.load[1], 1)} |\n` +
        `| scraped once a second | ${fmt(scraped.delayP99Ms, 2)} | ${fmt(scraped.delayMaxMs, 2)} | ${fmt(scraped.cpuMs)} | ${fmt(scraped.load[0], 1)}-${fmt(scraped.load[1], 1)} |`,
    );
    log(
      `per scrape: ${fmt(serverMs, 2)} ms in the server (head to answer, mean of ${timed}), ${fmt(cpuPerScrapeMs, 2)} ms CPU; ` +
        `scraper's round trip p50 ${fmt(percentile(roundTrips, 50), 2)} ms, p99 ${fmt(percentile(roundTrips, 99), 2)} ms, max ${fmt(Math.max(...roundTrips), 2)} ms`,
    );
    const targets = [
      {
        target: `GET /metrics serialisation at ${fmt(N)} services (server, head to answer, mean)`,
        measured: `${fmt(serverMs, 2)} ms (CPU ${fmt(cpuPerScrapeMs, 2)} ms; load avg ${fmt(scraped.load[1], 1)})`,
        limit: '< 5 ms',
        met: serverMs < 5,
      },
      {
        target: 'longest event-loop stall while scraped every second',
        measured: `${fmt(scraped.delayMaxMs, 2)} ms (idle: ${fmt(idle.delayMaxMs, 2)} ms; load avg ${fmt(scraped.load[1], 1)})`,
        limit: '<= 5 ms',
        met: scraped.delayMaxMs <= 5,
      },
    ];
    log(targetTable(targets));
    writeResults(
      smoke ? 'metrics-smoke.json' : 'metrics-latest.json',
      {
        services: N,
        windowSeconds: WINDOW_S,
        exposition: { bytes: text.length, series, productSeries, families: exposition.families.length },
        serverMsPerScrape: serverMs,
        cpuMsPerScrape: cpuPerScrapeMs,
        roundTripMs: { p50: percentile(roundTrips, 50), p99: percentile(roundTrips, 99), max: Math.max(...roundTrips) },
        idle,
        scraped,
      },
      log,
    );
    return exitCode(checks, targets, process.env['BENCH_ENFORCE_TARGETS'] === '1', log);
  } finally {
    await t?.close();
    await store.dispose();
  }
}

runBench(main, [], log);
