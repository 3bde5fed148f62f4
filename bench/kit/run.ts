/**
 * One run of a scenario: the checks (target.ts), the scenario's set-up, the load (engine.ts) with
 * its subscribers and the server panel alongside, then the result with its thresholds judged, and
 * the clean-up when asked. The CLI (cli.ts) parses options into RunOptions; tests call `runScenario`
 * directly with a server they started.
 */
import { runEngine } from './engine.js';
import type { Histogram } from './histogram.js';
import { LiveLine } from './liveLine.js';
import { Recorder, statsOf } from './recorder.js';
import { RESULT_KIND, RESULT_VERSION, type GeneratorFigures, type RunResult } from './result.js';
import { AckBook, type Scenario, type ScenarioContext, seededRandom } from './scenario.js';
import { ServerMetrics } from './serverMetrics.js';
import type { Target } from './target.js';
import { evaluateThresholds, type Threshold } from './thresholds.js';

export interface RunOptions {
  readonly scenario: Scenario;
  readonly target: Target;
  readonly durationSeconds: number;
  /** Total arrivals per second over the scenario's steady streams (their proportions kept); undefined: the scenario's own. */
  readonly rate?: number;
  /** Closed model with this many virtual users. */
  readonly vus?: number;
  readonly rampSeconds: number;
  readonly seed: number;
  readonly knobs: Readonly<Record<string, number>>;
  readonly thresholds: readonly Threshold[];
  readonly connections: number;
  readonly timeoutMs: number;
  /** Delete the run's node prefix afterwards (needs a signed-in person). */
  readonly cleanup: boolean;
  readonly prefix: string;
  /** The live line goes here when it is a terminal; nothing otherwise. */
  readonly live?: NodeJS.WriteStream;
  readonly log: (line: string) => void;
}

/** Knobs of a scenario: defaults, then `--set` values; an unknown name is refused. */
export function resolveKnobs(scenario: Scenario, set: Readonly<Record<string, number>>): Record<string, number> {
  const knobs: Record<string, number> = {};
  for (const knob of scenario.knobs) knobs[knob.name] = knob.default;
  for (const [name, value] of Object.entries(set)) {
    if (!(name in knobs))
      throw new Error(`${scenario.name} has no knob ${name}; its knobs: ${scenario.knobs.map((k) => k.name).join(', ') || 'none'}`);
    if (!Number.isFinite(value) || value < 0) throw new Error(`--set ${name}=${value}: a knob is a number >= 0`);
    knobs[name] = value;
  }
  return knobs;
}

export async function runScenario(options: RunOptions): Promise<RunResult> {
  const random = seededRandom(options.seed);
  // The recorder's clock starts when the load does; set-up happens before.
  let recorder = new Recorder(performance.now());
  const acks = new AckBook((at, latency) => recorder.event(at, latency));
  const context: ScenarioContext = {
    target: options.target,
    knobs: options.knobs,
    durationSeconds: options.durationSeconds,
    prefix: options.prefix,
    random,
    get recorder() {
      return recorder;
    },
    acks,
    log: options.log,
  };
  const prepared = await options.scenario.prepare(context);
  let streams = prepared.streams;
  const natural = streams.reduce((sum, s) => sum + (s.kind === 'rate' ? s.perSecond : 0), 0);
  if (options.rate !== undefined) {
    if (natural <= 0) throw new Error(`${options.scenario.name} has no steady stream to pace at --rate`);
    const factor = options.rate / natural;
    streams = streams.map((s) => (s.kind === 'rate' ? { ...s, perSecond: s.perSecond * factor, next: s.next } : s));
  }
  const offeredRate = options.vus === undefined ? (options.rate ?? natural) : null;

  for (const background of prepared.background ?? []) await background.start();
  const startedAt = performance.now();
  recorder = new Recorder(startedAt);
  const server = new ServerMetrics(options.target.metricsUrl, startedAt, options.target.metricsToken);
  await server.start();
  const live = options.live?.isTTY ? new LiveLine(options.live, recorder, startedAt, options.durationSeconds) : undefined;
  const cpuBefore = process.cpuUsage();
  const engine = await runEngine({
    url: options.target.url,
    streams,
    durationSeconds: options.durationSeconds,
    rampSeconds: options.rampSeconds,
    ...(options.vus !== undefined ? { vus: options.vus } : {}),
    connections: options.connections,
    timeoutMs: options.timeoutMs,
    recorder,
    startedAt,
    random,
  });
  const cpu = process.cpuUsage(cpuBefore);
  const wallMs = performance.now() - startedAt;
  live?.stop();
  await server.stop();
  // Events still on their way after the last push: wait until none came for half a second (at most 5 s).
  if (prepared.background?.length) await eventsQuiet(recorder, 500, 5000);
  for (const background of prepared.background ?? []) await background.stop();

  const seconds = options.durationSeconds;
  const operations = recorder.operationStats(seconds);
  const all = recorder.all();
  const totals = recorder.totals;
  const generator = generatorFigures(engine.lag, (cpu.user + cpu.system) / 1000 / wallMs, engine.lateSends, engine.unsent, engine.offered);
  const base = {
    operations,
    all: statsOf(all, totals.ok, totals.errors, seconds),
    events: statsOf(recorder.events, recorder.events.count, 0, seconds),
    errors: { count: totals.errors, rate: totals.ok + totals.errors === 0 ? 0 : totals.errors / (totals.ok + totals.errors) },
  };
  const thresholds = evaluateThresholds(options.thresholds, base);
  const result: RunResult = {
    kind: RESULT_KIND,
    version: RESULT_VERSION,
    scenario: options.scenario.name,
    target: options.target.base,
    targetVersion: options.target.version,
    startedAt: new Date(Date.now() - wallMs).toISOString(),
    durationSeconds: seconds,
    model: engine.model,
    offeredRate: offeredRate === null ? null : Math.round(offeredRate * 100) / 100,
    vus: options.vus ?? null,
    offered: engine.offered,
    rampSeconds: options.rampSeconds,
    seed: options.seed,
    knobs: options.knobs,
    ...base,
    errorKinds: recorder.errorKinds,
    errorKindsByOperation: recorder.errorKindsByOperation,
    subscribers: prepared.background?.reduce((n, b) => n + ((b as { count?: number }).count ?? 0), 0) ?? 0,
    timeline: recorder.timeline(seconds),
    server: { available: server.available, problem: server.problem ?? null, samples: server.samples },
    generator,
    thresholds,
    passed: thresholds.every((t) => t.passed),
  };
  if (options.cleanup) await cleanUp(options.target, options.prefix, options.log);
  return result;
}

async function eventsQuiet(recorder: Recorder, quietMs: number, maxMs: number): Promise<void> {
  const deadline = performance.now() + maxMs;
  let count = -1;
  while (recorder.events.count !== count && performance.now() < deadline) {
    count = recorder.events.count;
    await new Promise((resolve) => setTimeout(resolve, quietMs));
  }
}

function generatorFigures(lag: Histogram, cpuShare: number, lateSends: number, unsent: number, offered: number): GeneratorFigures {
  const lagP99Ms = lag.percentileMs(0.99);
  const lagMaxMs = lag.percentileMs(1);
  const reasons: string[] = [];
  if (lagP99Ms > 10) reasons.push(`its pump ran ${lagP99Ms.toFixed(0)} ms late at p99`);
  if (offered > 0 && lateSends > offered * 0.01) reasons.push(`${lateSends} sends went out over 10 ms late with a connection free`);
  if (cpuShare > 0.9) reasons.push(`it used ${(cpuShare * 100).toFixed(0)} % of a core`);
  return {
    cpuPercent: Math.round(cpuShare * 1000) / 10,
    lagP99Ms: Number.isFinite(lagP99Ms) ? lagP99Ms : 0,
    lagMaxMs: Number.isFinite(lagMaxMs) ? lagMaxMs : 0,
    lateSends,
    unsent,
    warning:
      reasons.length === 0
        ? null
        : `the generator fell behind its schedule (${reasons.join('; ')}): the latencies include its own delay; lower --rate, or run more svc-bench processes`,
  };
}

/** Deletes the run's node prefix and everything under it (GraphQL deleteOperationsNode with cascade). */
export async function cleanUp(target: Target, prefix: string, log: (line: string) => void): Promise<void> {
  if (!target.token) {
    log(`--cleanup needs a signed-in person (--user, --password): ${prefix} was left in place`);
    return;
  }
  const response = await fetch(`${target.base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${target.token}` },
    body: JSON.stringify({
      query: 'mutation($id: ID!) { deleteOperationsNode(id: $id, cascade: true) { deletedNodes deletedServices } }',
      variables: { id: prefix },
    }),
  });
  const json = (await response.json()) as {
    data?: { deleteOperationsNode?: { deletedNodes: number; deletedServices: number } };
    errors?: Array<{ message: string }>;
  };
  const deleted = json.data?.deleteOperationsNode;
  if (!deleted) throw new Error(`cleaning up ${prefix} failed: ${json.errors?.[0]?.message ?? response.status}`);
  log(`cleaned up ${prefix}: ${deleted.deletedNodes} nodes, ${deleted.deletedServices} services deleted`);
}
