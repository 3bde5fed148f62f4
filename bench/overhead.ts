/**
 * What observability costs a health push, in one run (`npm run bench:overhead`, about 4 minutes; `BENCH_SMOKE=1`:
 * seconds): this server on PostgreSQL started side by side in several variants, each on a fresh schema:
 *
 * - **off**: the shipped default, `SVC_METRICS=off` and no `OTEL_*`: the reference every other variant is read against;
 * - **metrics on**: `SVC_METRICS_TOKEN` set, everything counted as when Prometheus scrapes it (scraped once at the
 *   end, to check the counts; what a scrape costs is `bench:metrics`'s);
 * - **tracing 1 %**: `OTEL_EXPORTER_OTLP_ENDPOINT` to an OTLP/HTTP sink in the bench process,
 *   `parentbased_traceidratio` at 0.01 (the pushes send no `traceparent`, so the ratio decides);
 * - **tracing, every trace** (informational, full runs): the same at ratio 1: what a recorded push costs.
 *
 * Health pushes (the ingest bench's bodies, each a real change) are paced at `BENCH_RATE` (1,500/s; 200 in a
 * smoke run), open loop, latency from each request's due time, in `BENCH_ROUNDS` (8) interleaved rounds of
 * `BENCH_DURATION` s (10): each variant once per round, the order rotated, so a shared machine's load falls on
 * all alike. Figures per variant: server CPU per push (`/proc`, all threads) pooled over the rounds and its ratio
 * to off; the ratio in each round (spread) and their median; p99 and the p99 added over off's in the same round
 * (median). The machine's load average is printed beside each round. Run it on the release build
 * (`BENCH_BUILT=1`): that is what ships, and its CPU per push is about a third of the sources' under tsx, so the
 * same instrumentation is a larger share of it.
 *
 * Before the servers, in this process (load-independent): overhead/metricsPath.ts measures what metrics add to a
 * push's own path (the gateway's per request, the writer's per commit) and overhead/tracingPath.ts what tracing
 * adds to a request's (at ratios 0, 0.01 and 1). The decomposition at the end sets them against off's CPU per push
 * measured here: metrics' share is the in-process cost over it; tracing at 1 %'s is an unsampled request's
 * in-process cost plus a hundredth of what every trace adds end to end (all a sampled push costs: its spans, the
 * batch spans, the export). The end-to-end ratios spread by ±10 % per round on a shared machine, more than the
 * 1-2 % targets; the decomposition does not. Targets (issue 30): metrics on ≤ 1.01x off; tracing at 1 % ≤ 1.02x
 * off and ≤ 0.5 ms p99 added.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HEALTH_PATH, healthBodies } from './cases/healthPush.js';
import { readSettings } from './lib/benchSettings.js';
import { Checks, exitCode, runBench, startWatchdog, targetTable, type Target } from './lib/checks.js';
import { atMost, meanInterval } from './lib/meanInterval.js';
import { startChildServer, type ChildServer } from './lib/childServer.js';
import { postAll } from './lib/httpCalls.js';
import type { LoadResult } from './lib/loadRun.js';
import { logRunHeader, machineInfo } from './lib/machineInfo.js';
import { runPacedLoad } from './lib/pacedLoad.js';
import { createSchema, postgresVersion, type BenchSchema } from './lib/postgresSchema.js';
import { assertProcFs } from './lib/processCpu.js';
import { packageVersion, writeResults } from './lib/resultFile.js';
import { benchServerEnv } from './lib/serverEnv.js';
import { fmt, formatTable } from './lib/table.js';
import { startOtlpSink, type OtlpSink } from './overhead/otlpSink.js';
import { measureDelayMonitor } from './overhead/delayMonitor.js';
import { measureMetricsPath } from './overhead/metricsPath.js';
import { measureTracingPath } from './overhead/tracingPath.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string) => process.stdout.write(`${line}\n`);
const running = new Set<ChildServer>();

interface Variant {
  readonly name: string;
  readonly env: (sink: OtlpSink) => Record<string, string>;
  readonly informational?: boolean;
}

const METRICS_TOKEN = randomBytes(24).toString('hex');
const OFF = 'off';
const METRICS_ON = 'metrics on';
const TRACING_1 = 'tracing 1 %';
const TRACING_ALL = 'tracing, every trace';

function variants(smoke: boolean): Variant[] {
  const tracing =
    (ratio: number, extra: Record<string, string> = {}) =>
    (sink: OtlpSink) => ({
      SVC_METRICS: 'off',
      OTEL_EXPORTER_OTLP_ENDPOINT: sink.url,
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: String(ratio),
      ...extra,
    });
  return [
    { name: OFF, env: () => ({ SVC_METRICS: 'off' }) },
    { name: METRICS_ON, env: () => ({ SVC_METRICS_TOKEN: METRICS_TOKEN }) },
    // The smoke run samples everything, so that its check (spans arrive) does not depend on chance.
    { name: TRACING_1, env: tracing(smoke ? 1 : 0.01) },
    ...(smoke
      ? []
      : [
          {
            name: TRACING_ALL,
            // Every push's four spans: a queue and a schedule that keep up with them.
            env: tracing(1, { OTEL_BSP_SCHEDULE_DELAY: '200', OTEL_BSP_MAX_QUEUE_SIZE: '65536', OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '2048' }),
            informational: true,
          },
        ]),
  ];
}

interface Started {
  readonly variant: Variant;
  readonly server: ChildServer;
  readonly schema: BenchSchema;
  readonly dataDir: string;
  /** Pushes answered so far: the next round starts where the last left off, so every push is still a change. */
  sent: number;
  readonly rounds: LoadResult[];
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor((sorted.length - 1) / 2)]!;
};
const load = () => loadavg()[0]!;

async function main(): Promise<number> {
  const settings = readSettings(process.env);
  const { smoke } = settings;
  const rounds = Number(process.env['BENCH_ROUNDS'] ?? '') || (smoke ? 1 : 8);
  const rate = settings.pinnedRate ?? (smoke ? 200 : 1500);
  const seconds = settings.health.durationSeconds;
  const checks = new Checks();
  assertProcFs();
  startWatchdog(settings.watchdogSeconds, () => running.forEach((s) => void s.stop(2000)), log);
  logRunHeader('overhead', smoke, machineInfo(await postgresVersion(settings.databaseUrl)), log);
  log(
    `this server as: node ${settings.built ? 'dist/src/main.js' : '--import tsx src/main.ts'}; ${rounds} rounds of ${seconds} s per variant, paced at ${rate} pushes/s`,
  );
  // First, in this process and before any server runs: what metrics and tracing add to a push's own path (load-independent).
  const metricsPath = measureMetricsPath(smoke);
  log(
    `\nmetrics on a push's own path, in this process (CPU ns, median; load avg ${fmt(load(), 1)}): ${fmt(metricsPath.requestNs, 1)} per request (the gateway), ${fmt(metricsPath.commitNs, 1)} per group commit (the writer)`,
  );
  const monitor = await measureDelayMonitor(smoke);
  log(
    `the runtime metrics' event-loop delay monitor (${monitor.precisionMs} ms), two processes side by side, CPU it adds a second: ${fmt(monitor.busyCpuMsPerSecond, 2)} ms taking a turn every ms, ${fmt(monitor.idleCpuMsPerSecond, 2)} ms idle (load avg ${fmt(load(), 1)})`,
  );
  const path = await measureTracingPath(smoke);
  log(
    `\ntracing on a request's own path, in this process (CPU ns per request, median; load avg ${fmt(load(), 1)}):\n${formatTable(
      ['sampling ratio', 'without tracing', 'with tracing', 'added'],
      path.map((p) => [String(p.ratio), fmt(p.plainNs), fmt(p.tracedNs), fmt(p.tracedNs - p.plainNs)]),
    )}\n`,
  );
  const bodies = healthBodies(settings.health.services);
  const sink = await startOtlpSink();
  const started: Started[] = [];
  const loads: number[] = [load()];
  try {
    for (const variant of variants(smoke)) {
      const schema = await createSchema(settings.databaseUrl, 'bench_obs');
      const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-obs-'));
      const server = await startChildServer({
        name: variant.name,
        cwd: root,
        args: [...settings.serverNodeArgs, ...(settings.built ? ['dist/src/main.js'] : ['--import', 'tsx', 'src/main.ts'])],
        env: {
          ...benchServerEnv({ dataDir, databaseUrl: schema.url, apiKey: settings.apiKey, logLevel: 'info' }),
          ...variant.env(sink),
        },
      });
      running.add(server);
      started.push({ variant, server, schema, dataDir, sent: 0, rounds: [] });
      await postAll(server.url, HEALTH_PATH, settings.apiKey, bodies.seed, 16);
    }
    log(`started ${started.map((s) => s.variant.name).join(', ')}; services seeded (${bodies.seed.length} each)`);

    const pace = async (s: Started, durationSeconds: number): Promise<LoadResult> => {
      const offset = s.sent % bodies.load.length;
      const result = await runPacedLoad({
        url: s.server.url,
        path: HEALTH_PATH,
        headers: { 'x-api-key': settings.apiKey },
        bodies: [...bodies.load.slice(offset), ...bodies.load.slice(0, offset)],
        connections: settings.health.pacedConnections,
        durationSeconds,
        pid: s.server.pid,
        rate,
      });
      s.sent += result.ok;
      checks.check(
        result.ok > 0 && result.non2xx === 0 && result.errors === 0 && result.timeouts === 0,
        `${s.variant.name}: every push answered 2xx`,
        `2xx=${result.ok} non2xx=${result.non2xx} errors=${result.errors} timeouts=${result.timeouts}`,
      );
      return result;
    };
    log(`warm-up: ${settings.health.warmupSeconds} s each`);
    for (const s of started) await pace(s, settings.health.warmupSeconds);

    const roundRows: string[][] = [];
    for (let round = 0; round < rounds; round += 1) {
      const order = started.map((_, i) => started[(i + round) % started.length]!);
      for (const s of order) {
        const before = load();
        const result = await pace(s, seconds);
        s.rounds.push(result);
        loads.push(load());
        roundRows.push([
          String(round + 1),
          s.variant.name,
          fmt(result.reqPerSec),
          fmt(result.serverCpuUsPerReq, 1),
          fmt(result.p50Ms, 2),
          fmt(result.p99Ms, 2),
          `${fmt(before, 1)}-${fmt(load(), 1)}`,
        ]);
      }
    }
    log(`\n${formatTable(['round', 'variant', 'pushes/s', 'server CPU µs/push', 'p50 ms', 'p99 ms', 'load avg (1 min)'], roundRows)}`);

    // Checks that each variant ran as named.
    const metricsVariant = started.find((s) => s.variant.name === METRICS_ON)!;
    const scraped = await fetch(`${metricsVariant.server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    const exposition = await scraped.text();
    checks.check(
      scraped.status === 200 && /svc_http_requests_total\{[^}]*route="\/api\/v1\/health\/report"/.test(exposition),
      'metrics on: /metrics counts the pushes',
      `status ${scraped.status}`,
    );
    const offVariant = started.find((s) => s.variant.name === OFF)!;
    const offScrape = await fetch(`${offVariant.server.url}/metrics`);
    checks.check(offScrape.status === 404, 'off: no /metrics', `status ${offScrape.status}`);
    const tracingPushes = started.filter((s) => s.variant.name.startsWith('tracing')).reduce((n, s) => n + s.sent, 0);
    await new Promise((resolve) => setTimeout(resolve, 6000)); // one export period of the 1 % variant (5 s by default)
    checks.check(sink.traces > 0, 'tracing: traces reach the OTLP sink', `${sink.spans} spans of ${sink.traces} traces`);
    log(
      `\nOTLP sink: ${fmt(sink.spans)} spans of ${fmt(sink.traces)} traces in ${fmt(sink.exports)} exports; the tracing variants answered ${fmt(tracingPushes)} pushes`,
    );

    // Figures.
    const off = offVariant.rounds;
    const pooled = (results: readonly LoadResult[]) =>
      results.reduce((cpu, r) => cpu + r.serverCpuUsPerReq * r.ok, 0) / results.reduce((n, r) => n + r.ok, 0);
    const offCpu = pooled(off);
    const summary = started.map((s) => {
      const cpu = pooled(s.rounds);
      const ratios = s.rounds.map((r, i) => r.serverCpuUsPerReq / off[i]!.serverCpuUsPerReq);
      const addedP99 = s.rounds.map((r, i) => r.p99Ms - off[i]!.p99Ms);
      return {
        variant: s.variant.name,
        informational: s.variant.informational === true,
        cpuUsPerPush: cpu,
        ratio: cpu / offCpu,
        roundRatios: ratios,
        medianRatio: median(ratios),
        p99Ms: median(s.rounds.map((r) => r.p99Ms)),
        addedP99Ms: median(addedP99),
      };
    });
    log(
      `\n${formatTable(
        ['variant', 'server CPU µs/push (pooled)', 'vs off', 'median of rounds', 'per round', 'p99 ms (median)', 'p99 added (median)'],
        summary.map((v) => [
          v.variant + (v.informational ? ' (informational)' : ''),
          fmt(v.cpuUsPerPush, 1),
          `${fmt(v.ratio, 3)}x`,
          `${fmt(v.medianRatio, 3)}x`,
          v.roundRatios.map((r) => fmt(r, 3)).join(' / '),
          fmt(v.p99Ms, 2),
          fmt(v.addedP99Ms, 2),
        ]),
      )}`,
    );
    const loadRange = `load avg ${fmt(Math.min(...loads), 1)}-${fmt(Math.max(...loads), 1)}`;
    const of = (name: string) => summary.find((v) => v.variant === name)!;
    const parts = decomposition(
      offCpu,
      {
        ...metricsPath,
        monitorNs: (Math.max(0, monitor.busyCpuMsPerSecond) * 1e6) / rate,
        monitorIdleNs: (monitor.idleCpuMsPerSecond * 1e6) / rate,
      },
      path,
      smoke ? undefined : of(TRACING_ALL).cpuUsPerPush - offCpu,
    );
    log(`\n${parts.table}`);
    // The end-to-end ratios are judged by their rounds' 95 % interval: on a machine whose rounds spread by ±10-25 %
    // a 1-2 % target is met or missed only when the whole interval says so; otherwise the run does not resolve it.
    const endToEnd = (name: string, label: string, limit: number): Target => {
      const interval = meanInterval(of(name).roundRatios);
      const verdict = smoke || interval === undefined ? null : atMost(interval, limit);
      return {
        target: `ingest server CPU per push, ${label} vs off (end to end)`,
        measured: `${fmt(of(name).ratio, 3)}x pooled; rounds' mean ${interval ? `${fmt(interval.mean, 3)}x, 95 % interval ${fmt(interval.low, 3)}-${fmt(interval.high, 3)}x` : 'n/a'} (${loadRange})`,
        limit: `≤ ${fmt(limit, 2)}x`,
        met: verdict,
        unresolved: !smoke && verdict === null,
      };
    };
    const targets: Target[] = [
      endToEnd(METRICS_ON, 'metrics on', 1.01),
      endToEnd(TRACING_1, 'tracing at 1 %', 1.02),
      {
        target: 'p99 added by tracing at 1 % (median over rounds)',
        measured: `${fmt(of(TRACING_1).addedP99Ms, 2)} ms (${loadRange})`,
        limit: '≤ 0.5 ms',
        met: smoke ? null : of(TRACING_1).addedP99Ms <= 0.5,
      },
      {
        target: "metrics' CPU per push, in process, against off's push",
        measured: `${fmt(1 + parts.metricsShare, 4)}x (${fmt(parts.metricsNs, 0)} ns of ${fmt(offCpu, 1)} µs)`,
        limit: '≤ 1.01x',
        met: smoke ? null : parts.metricsShare <= 0.01,
      },
      ...(parts.tracingShare === undefined
        ? []
        : [
            {
              target: "tracing at 1 %'s CPU per push, decomposed, against off's push",
              measured: `${fmt(1 + parts.tracingShare, 4)}x (${fmt(parts.tracingNs!, 0)} ns of ${fmt(offCpu, 1)} µs)`,
              limit: '≤ 1.02x',
              met: parts.tracingShare <= 0.02,
            },
          ]),
    ];
    log(`\n${targetTable(targets)}`);
    writeResults(
      'overhead',
      {
        versions: { sdk: packageVersion('@opentelemetry/sdk-trace-base'), promClient: packageVersion('prom-client') },
        smoke,
        rate,
        rounds,
        seconds,
        loads,
        summary,
        inProcess: { metrics: metricsPath, delayMonitor: monitor, tracing: path },
        decomposition: {
          metricsNs: parts.metricsNs,
          metricsShare: parts.metricsShare,
          tracingNs: parts.tracingNs,
          tracingShare: parts.tracingShare,
        },
        otlp: { spans: sink.spans, traces: sink.traces },
      },
      log,
    );
    await stopAll();
    return exitCode(checks, targets, settings.enforceTargets, log);
  } finally {
    await stopAll();
  }

  async function stopAll(): Promise<void> {
    for (const s of started.splice(0)) {
      const code = await s.server.stop();
      running.delete(s.server);
      checks.check(code === 0, `${s.variant.name}: stopped cleanly`, `exit code ${code}`);
      const errors = s.server.output.filter((line) => line.startsWith('[stderr]') || line.includes('"level":"error"'));
      checks.check(errors.length === 0, `${s.variant.name}: no error logged`, errors.slice(0, 5).join('\n'));
      await s.schema.drop();
      rmSync(s.dataDir, { recursive: true, force: true });
    }
    await sink.close();
  }
}

/**
 * The floor-style decomposition: the instrumentation's own CPU per push (in process) against a whole push's (off,
 * measured end to end in this run). Metrics: a request's part plus a commit's (at most one commit per push, so an
 * upper bound), plus the event-loop delay monitor's CPU a second in a busy process over the pushes a second (its
 * CPU in an idle process, where each of its samples wakes the loop, is printed beside it as its most). Tracing at 1 %: an unsampled request's in-process part plus a hundredth of what a recorded push
 * adds end to end (`everyTraceAddedUs`: every trace's CPU per push minus off's).
 */
function decomposition(
  offCpuUs: number,
  metrics: { readonly requestNs: number; readonly commitNs: number; readonly monitorNs: number; readonly monitorIdleNs: number },
  tracing: readonly { readonly ratio: number; readonly tracedNs: number; readonly plainNs: number }[],
  everyTraceAddedUs: number | undefined,
) {
  const offNs = offCpuUs * 1000;
  const metricsNs = metrics.requestNs + metrics.commitNs + metrics.monitorNs;
  const unsampled = tracing.find((t) => t.ratio === 0);
  const tracingNs =
    everyTraceAddedUs === undefined || unsampled === undefined
      ? undefined
      : Math.max(0, unsampled.tracedNs - unsampled.plainNs) + Math.max(0, everyTraceAddedUs * 1000) / 100;
  const rows = [
    ['a push, everything (off, end to end, pooled)', fmt(offNs, 0), '100 %'],
    ['metrics: the gateway, per request', fmt(metrics.requestNs, 1), `${fmt((100 * metrics.requestNs) / offNs, 3)} %`],
    ['metrics: the writer, per commit (at most one per push)', fmt(metrics.commitNs, 1), `${fmt((100 * metrics.commitNs) / offNs, 3)} %`],
    [
      'metrics: the delay monitor, its CPU a second in a busy process / pushes a second',
      fmt(metrics.monitorNs, 0),
      `${fmt((100 * metrics.monitorNs) / offNs, 3)} %`,
    ],
    [
      '  (not counted: the same in an idle process, its most)',
      fmt(metrics.monitorIdleNs, 0),
      `${fmt((100 * metrics.monitorIdleNs) / offNs, 3)} %`,
    ],
    ...(unsampled
      ? [
          [
            'tracing: an unsampled request (in process, ratio 0)',
            fmt(unsampled.tracedNs - unsampled.plainNs, 0),
            `${fmt((100 * (unsampled.tracedNs - unsampled.plainNs)) / offNs, 2)} %`,
          ],
        ]
      : []),
    ...(everyTraceAddedUs === undefined
      ? []
      : [
          [
            'tracing: a recorded push (every trace minus off, end to end) / 100',
            fmt((everyTraceAddedUs * 1000) / 100, 0),
            `${fmt((everyTraceAddedUs / offNs) * 1000, 2)} %`,
          ],
        ]),
  ];
  return {
    metricsNs,
    metricsShare: metricsNs / offNs,
    tracingNs,
    tracingShare: tracingNs === undefined ? undefined : tracingNs / offNs,
    table: `decomposition: CPU per push (ns) of each part against a whole push's:\n${formatTable(['part', 'ns per push', 'share'], rows)}`,
  };
}

runBench(main, running, log);
