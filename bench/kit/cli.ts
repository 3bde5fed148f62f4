#!/usr/bin/env node
/**
 * svc-bench: load-tests a deployment of svc-ops-monitor with the fleet's own request shapes.
 *
 *   svc-bench list
 *   svc-bench run <scenario|file.yaml> --target http://host:port [--api-key K] [--user U --password P]
 *             [--duration 60] [--rate 200 | --vus 50] [--ramp 10] [--seed 1] [--set knob=value ...]
 *             [--threshold 'push.p99<50ms' ...] [--out result.json] [--html report.html] [--cleanup]
 *             [--confirm-target host] [--connections 64] [--timeout 10] [--metrics-token T] [--metrics-url U]
 *   svc-bench report <result.json> [--html report.html] [--threshold ...]
 *   svc-bench compare <a.json> <b.json>
 *
 * Exit codes: 0 run done and every threshold passed; 1 a threshold failed; 2 a usage or target
 * problem (nothing was sent); 3 the run itself failed. From the sources: `npm run svc-bench -- ...`.
 */
import { realpathSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatComparison } from './compare.js';
import { renderHtmlReport } from './htmlReport.js';
import { readResult, type RunResult } from './result.js';
import { resolveKnobs, runScenario } from './run.js';
import { findScenario, SCENARIOS } from './scenarios/index.js';
import { formatSummary } from './summary.js';
import { connectTarget, TargetError } from './target.js';
import { evaluateThresholds, parseThreshold } from './thresholds.js';

class UsageError extends Error {}

/** Runs a step whose failure is the user's to fix (a scenario name, a knob, a scenario file): exit 2, nothing sent. */
function usage<T>(step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError((error as Error).message);
  }
}

const OPTIONS = {
  target: { type: 'string' },
  'api-key': { type: 'string' },
  user: { type: 'string' },
  password: { type: 'string' },
  duration: { type: 'string' },
  rate: { type: 'string' },
  vus: { type: 'string' },
  ramp: { type: 'string' },
  seed: { type: 'string' },
  set: { type: 'string', multiple: true },
  threshold: { type: 'string', multiple: true },
  out: { type: 'string' },
  html: { type: 'string' },
  cleanup: { type: 'boolean' },
  'confirm-target': { type: 'string' },
  connections: { type: 'string' },
  timeout: { type: 'string' },
  'metrics-token': { type: 'string' },
  'metrics-url': { type: 'string' },
  'run-id': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const USAGE = `usage:
  svc-bench list
  svc-bench run <scenario|file.yaml> --target http://host:port [--api-key K] [--user U --password P]
            [--duration 60] [--rate N | --vus N] [--ramp S] [--seed N] [--set knob=value ...]
            [--threshold 'push.p99<50ms' ...] [--out result.json] [--html report.html] [--cleanup]
            [--confirm-target host] [--connections 64] [--timeout 10] [--metrics-token T] [--metrics-url U]
  svc-bench report <result.json> [--html report.html] [--threshold ...]
  svc-bench compare <a.json> <b.json>
environment: SVC_BENCH_API_KEY, SVC_BENCH_PASSWORD, SVC_BENCH_METRICS_TOKEN (instead of the options)`;

function positiveNumber(name: string, text: string | undefined, fallback: number | undefined): number | undefined {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0) throw new UsageError(`--${name} ${text}: a number above 0`);
  return value;
}

function parseSets(sets: readonly string[]): Record<string, number> {
  const knobs: Record<string, number> = {};
  for (const set of sets) {
    const match = /^([A-Za-z][A-Za-z0-9]*)=(.+)$/.exec(set);
    if (!match || !Number.isFinite(Number(match[2])))
      throw new UsageError(`--set ${set}: write knob=number (svc-bench list shows the knobs)`);
    knobs[match[1]!] = Number(match[2]);
  }
  return knobs;
}

export interface CliIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The terminal for the live line (undefined or not a TTY: no live line). */
  readonly tty?: NodeJS.WriteStream;
}

/** Runs the command; returns the exit code. */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    return await command(argv, io);
  } catch (error) {
    if (error instanceof UsageError || error instanceof TargetError) {
      io.err(`svc-bench: ${error.message}`);
      return 2;
    }
    io.err(`svc-bench: the run failed: ${(error as Error).message}`);
    return 3;
  }
}

async function command(argv: readonly string[], io: CliIo): Promise<number> {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  const [verb, ...rest] = positionals;
  if (values.help || verb === undefined) {
    io.out(USAGE);
    return verb === undefined && !values.help ? 2 : 0;
  }
  const thresholds = (values.threshold ?? []).map((text) => {
    try {
      return parseThreshold(text);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  });
  if (verb === 'list') {
    for (const scenario of SCENARIOS) {
      io.out(`${scenario.name}: ${scenario.description}`);
      for (const knob of scenario.knobs) io.out(`  --set ${knob.name}=${knob.default}  ${knob.description}`);
    }
    io.out('a scenario file (YAML): see docs/load-testing.md "Scenario files"');
    return 0;
  }
  if (verb === 'report') {
    if (rest.length !== 1) throw new UsageError(`report takes one result file\n${USAGE}`);
    let result = readResult(rest[0]!);
    if (thresholds.length > 0) {
      const outcomes = evaluateThresholds(thresholds, result);
      result = { ...result, thresholds: outcomes, passed: outcomes.every((o) => o.passed) };
    }
    io.out(formatSummary(result));
    if (values.html) writeHtml(values.html, result, io);
    return result.passed ? 0 : 1;
  }
  if (verb === 'compare') {
    if (rest.length !== 2) throw new UsageError(`compare takes two result files\n${USAGE}`);
    io.out(formatComparison(readResult(rest[0]!), readResult(rest[1]!), rest[0]!, rest[1]!));
    return 0;
  }
  if (verb !== 'run') throw new UsageError(`unknown command ${verb}\n${USAGE}`);
  if (rest.length !== 1) throw new UsageError(`run takes one scenario (svc-bench list shows them)\n${USAGE}`);
  if (values.target === undefined) throw new UsageError('run needs --target http://host:port');
  if (values.rate !== undefined && values.vus !== undefined)
    throw new UsageError('--rate (open model) and --vus (closed model) exclude each other');
  const { found, knobs } = usage(() => {
    const found = findScenario(rest[0]!);
    return { found, knobs: resolveKnobs(found.scenario, { ...found.knobs, ...parseSets(values.set ?? []) }) };
  });
  const scenario = found.scenario;
  const durationSeconds = positiveNumber('duration', values.duration, found.durationSeconds ?? 60)!;
  const rate = positiveNumber('rate', values.rate, found.rate);
  const vus = positiveNumber('vus', values.vus, undefined);
  const seed = values.seed === undefined ? 1 : Number(values.seed);
  if (!Number.isInteger(seed)) throw new UsageError(`--seed ${values.seed}: a whole number`);
  const allThresholds = [...usage(() => (found.thresholds ?? []).map(parseThreshold)), ...thresholds];
  const password = values.password ?? io.env['SVC_BENCH_PASSWORD'];
  const apiKey = values['api-key'] ?? io.env['SVC_BENCH_API_KEY'];
  const metricsToken = values['metrics-token'] ?? io.env['SVC_BENCH_METRICS_TOKEN'];
  const target = await connectTarget({
    url: values.target,
    ...(apiKey !== undefined ? { apiKey } : {}),
    ...(values.user !== undefined ? { user: values.user } : {}),
    ...(password !== undefined ? { password } : {}),
    ...(values['confirm-target'] !== undefined ? { confirmTarget: values['confirm-target'] } : {}),
    ...(metricsToken !== undefined ? { metricsToken } : {}),
    ...(values['metrics-url'] !== undefined ? { metricsUrl: values['metrics-url'] } : {}),
    needsUser: scenario.needsUser === true,
  });
  const runId = values['run-id'] ?? `${new Date().toISOString().replace(/[-:]/g, '').slice(0, 15)}-s${seed}`;
  const result = await runScenario({
    scenario,
    target,
    durationSeconds,
    ...(rate !== undefined ? { rate } : {}),
    ...(vus !== undefined ? { vus: Math.round(vus) } : {}),
    rampSeconds: positiveNumber('ramp', values.ramp, 0) ?? 0,
    seed,
    knobs,
    thresholds: allThresholds,
    connections: Math.round(positiveNumber('connections', values.connections, 64)!),
    timeoutMs: positiveNumber('timeout', values.timeout, 10)! * 1000,
    cleanup: values.cleanup === true,
    prefix: `svc-bench/${runId}`,
    ...(io.tty ? { live: io.tty } : {}),
    log: io.err,
  });
  io.out(formatSummary(result));
  if (values.out) {
    writeFileSync(values.out, `${JSON.stringify(result, null, 1)}\n`);
    io.err(`result written to ${values.out}`);
  }
  if (values.html) writeHtml(values.html, result, io);
  return result.passed ? 0 : 1;
}

function writeHtml(path: string, result: RunResult, io: CliIo): void {
  writeFileSync(path, renderHtmlReport(result));
  io.err(`report written to ${path}`);
}

/** Run as a command (the package's bin links here, or tsx runs this file), not imported by a test. */
function invokedDirectly(): boolean {
  try {
    return process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
  } catch {
    return false;
  }
}

if (invokedDirectly()) {
  main(process.argv.slice(2), {
    out: (text) => process.stdout.write(`${text}\n`),
    err: (text) => process.stderr.write(`${text}\n`),
    env: process.env,
    tty: process.stderr,
  }).then((code) => {
    process.exitCode = code;
  });
}
