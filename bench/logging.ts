/**
 * Logging on the ingest path (issue 30): `npm run bench:logging` (a few seconds; BENCH_SMOKE=1 runs
 * a tenth). Figures in bench/README.md; the decision in docs/adr/0062-request-ids-logs-and-runtime.md.
 *
 * In this process, per operation (ns, median of 5 rounds):
 * 1. a `debug` call with fields while the level is `info` (what a push costs when nothing is logged
 *    for it): the hand-written logger before pino (bench/logging/handWrittenLogger.ts) against pino;
 * 2. the line a group commit writes at `info` (what the ingest path does log, once per batch), both
 *    written synchronously to /dev/null; pino also through its default asynchronous destination
 *    (the product's stdout path), inside a request (its id and trace added by the mixin), with ten
 *    secret values registered for redaction, and through pino's own `redact` with wildcard paths
 *    (what src/platform/log/redaction.ts replaces);
 * 3. the request context: a request shaped like a health push on the server (11 promises, counted
 *    on the real server: scratch harness, ADR 0062) with and without AsyncLocalStorage, each in a
 *    child process of its own (once a storage is used, Node 20 pays its promise hook in the whole
 *    process), plus the context's own making (`requestContextOf`: id and trace from the headers);
 * 4. the group commit line as a server under load writes it, one a millisecond (about the commit rate of
 *    `bench:tickets` paced), to stdout (/dev/null) through pino's asynchronous destination: each line written alone
 *    (before docs/adr/0091) against lines close together gathered into one write (coalescedLines.ts). Process CPU of
 *    every thread (the writes' system calls included) per line, less the same timers writing nothing; a child process
 *    each.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, writeSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { CoalescedLines } from '../src/platform/log/coalescedLines.js';
import { createLogger } from '../src/platform/log/logger.js';
import { requestContextOf, runInRequest } from '../src/platform/requestContext/requestContext.js';
import { createLogger as createHandWrittenLogger } from './logging/handWrittenLogger.js';
import { fmt, formatTable } from './lib/table.js';

const smoke = process.env['BENCH_SMOKE'] === '1';
const SCALE = smoke ? 0.1 : 1;
const log = (line: string) => process.stdout.write(`${line}\n`);

/** ns per call of `op`, median of 5 rounds of `n` calls (after one warm-up round). */
function measure(n: number, op: (i: number) => void): number {
  const rounds: number[] = [];
  for (let round = 0; round < 6; round += 1) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < n; i += 1) op(i);
    const ns = Number(process.hrtime.bigint() - start) / n;
    if (round > 0) rounds.push(ns);
  }
  return rounds.sort((a, b) => a - b)[2]!;
}

const COMMIT_FIELDS = { batch: 1234, rows: 48, requests: 17, ms: 3.2 };
const PUSH_FIELDS = { method: 'POST', path: '/api/v1/health/report', status: 200, ms: 1.3 };

async function promiseChainCase(withContext: boolean): Promise<number> {
  // A push on the server: route handler -> command -> stage -> await the group commit -> reply (11 promises).
  let waiting: Array<() => void> = [];
  const commit = () => {
    const w = waiting;
    waiting = [];
    for (const resolve of w) resolve();
  };
  const staged = () => new Promise<void>((resolve) => waiting.push(resolve));
  const step = async (x: number) => x + 1;
  const command = async (body: string) => {
    const value = JSON.parse(body) as { n: number };
    await step(value.n);
    await step(value.n);
    await staged();
    return step(value.n);
  };
  const handler = async (body: string) => JSON.stringify({ ok: await command(body) });
  const headers = { 'x-request-id': 'bench-request-0001' };
  const request = (body: string) => (withContext ? runInRequest(requestContextOf(headers), () => handler(body)) : handler(body));
  const body = '{"n":1,"service":"billing","status":"OPERATIONAL"}';
  const round = async (n: number) => {
    const all: Promise<string>[] = [];
    for (let i = 0; i < n; i += 1) all.push(request(body));
    // The commit comes once every request has staged (as the writer's commit window does).
    await new Promise((resolve) => setImmediate(resolve));
    commit();
    await Promise.all(all);
  };
  const rounds = Math.round(3000 * SCALE);
  for (let i = 0; i < rounds / 10; i += 1) await round(100);
  const results: number[] = [];
  for (let r = 0; r < 5; r += 1) {
    const start = process.cpuUsage();
    for (let i = 0; i < rounds / 5; i += 1) await round(100);
    const used = process.cpuUsage(start);
    results.push(((used.user + used.system) * 1000) / ((rounds / 5) * 100));
  }
  return results.sort((a, b) => a - b)[2]!;
}

/** CPU µs of the process (every thread) per commit line, one line a millisecond to stdout; `none` writes nothing. */
async function commitLinesCase(how: 'none' | 'alone' | 'coalesced'): Promise<number> {
  const destination = pino.destination({ dest: 1, sync: false });
  const stream = how === 'coalesced' ? new CoalescedLines(destination) : destination;
  const logger = pino({ level: 'info', timestamp: pino.stdTimeFunctions.isoTime }, stream);
  const lines = Math.round(3000 * SCALE);
  const tick = () => new Promise((resolve) => setTimeout(resolve, 1));
  for (let i = 0; i < 100; i += 1) await tick();
  const start = process.cpuUsage();
  for (let i = 0; i < lines; i += 1) {
    if (how !== 'none') logger.info({ ...COMMIT_FIELDS, batch: i }, 'group commit');
    await tick();
  }
  stream.flushSync();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / lines;
}

const child = process.argv[2];
if (child === 'chain-plain' || child === 'chain-context') {
  process.stdout.write(String(await promiseChainCase(child === 'chain-context')));
  process.exit(0);
}
if (child === 'lines-none' || child === 'lines-alone' || child === 'lines-coalesced') {
  // stdout is the lines' destination here: the figure goes out on stderr.
  process.stderr.write(String(await commitLinesCase(child.slice('lines-'.length) as 'none' | 'alone' | 'coalesced')));
  process.exit(0);
}

const devNull = openSync('/dev/null', 'w');
const toDevNull = (line: string) => void writeSync(devNull, line);
const N = Math.round(400_000 * SCALE);

const handWritten = createHandWrittenLogger({ level: 'info', write: toDevNull });
const pinoLogger = createLogger({ level: 'info', write: toDevNull });
const redacting = createLogger({ level: 'info', write: toDevNull });
redacting.redact(Array.from({ length: 10 }, (_, i) => `secret-value-number-${i}-${'x'.repeat(24)}`));
// pino's own redaction with a path per secret field, at the top and one level down (what redaction.ts does by hand).
const SECRET_FIELDS = [
  'authorization',
  'cookie',
  'secret',
  'clientSecret',
  'bindPassword',
  'apiKey',
  'token',
  'accessToken',
  'refreshToken',
];
const pinoRedacting = pino(
  { level: 'info', timestamp: pino.stdTimeFunctions.isoTime, redact: { paths: [...SECRET_FIELDS, ...SECRET_FIELDS.map((f) => `*.${f}`)] } },
  { write: toDevNull },
);
const asyncDestination = pino.destination({ dest: openSync('/dev/null', 'w'), sync: false });
const pinoAsync = pino({ level: 'info', timestamp: pino.stdTimeFunctions.isoTime }, asyncDestination);
const context = requestContextOf({ traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' });

const rows: string[][] = [];
const row = (what: string, before: number | undefined, after: number) =>
  rows.push([what, before === undefined ? '-' : fmt(before, 0), fmt(after, 0), before === undefined ? '-' : `${fmt(after / before, 2)}x`]);

row(
  'debug call with fields at level info (per push)',
  measure(N * 5, (i) => handWritten.debug('request', { ...PUSH_FIELDS, status: i })),
  measure(N * 5, (i) => pinoLogger.debug('request', { ...PUSH_FIELDS, status: i })),
);
row(
  'commit line at info, sync write to /dev/null',
  measure(N, (i) => handWritten.info('group commit', { ...COMMIT_FIELDS, batch: i })),
  measure(N, (i) => pinoLogger.info('group commit', { ...COMMIT_FIELDS, batch: i })),
);
row(
  'commit line, pino default async destination',
  undefined,
  measure(N, (i) => pinoAsync.info({ ...COMMIT_FIELDS, batch: i }, 'group commit')),
);
row(
  'commit line inside a request (id and trace added)',
  undefined,
  runInRequest(context, () => measure(N, (i) => pinoLogger.info('group commit', { ...COMMIT_FIELDS, batch: i }))),
);
row(
  'commit line with 10 secret values registered',
  undefined,
  measure(N, (i) => redacting.info('group commit', { ...COMMIT_FIELDS, batch: i })),
);
row(
  "commit line through pino's redact (wildcard paths) instead",
  undefined,
  measure(N, (i) => pinoRedacting.info({ ...COMMIT_FIELDS, batch: i }, 'group commit')),
);
row(
  'request context from headers (id, traceparent)',
  undefined,
  measure(
    N * 5,
    () => void requestContextOf({ 'x-request-id': 'abc-123', traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' }),
  ),
);
row(
  'request context, no headers (new id and trace)',
  undefined,
  measure(N * 5, () => void requestContextOf({})),
);
asyncDestination.flushSync();
closeSync(devNull);

const here = fileURLToPath(import.meta.url);
const inChild = (which: string) => {
  const out = spawnSync(process.execPath, [...process.execArgv, here, which], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`${which} failed (${out.status} ${out.signal} ${String(out.error)}): ${out.stderr}`);
  return Number(out.stdout);
};
const linesInChild = (which: string) => {
  const out = spawnSync(process.execPath, [...process.execArgv, here, which], { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
  if (out.status !== 0) throw new Error(`${which} failed (${out.status} ${out.signal} ${String(out.error)})`);
  return Number(out.stderr);
};
// Five rounds of the three in turn, medians: a child's timers alone cost ~50 µs of CPU a millisecond, and drift.
const lineRounds = { none: [] as number[], alone: [] as number[], coalesced: [] as number[] };
for (let round = 0; round < (smoke ? 1 : 5); round += 1) {
  for (const how of ['none', 'alone', 'coalesced'] as const) lineRounds[how].push(linesInChild(`lines-${how}`));
}
const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
row(
  'commit line once a millisecond to stdout, CPU µs of every thread per line beyond the timers (median of 5): each written alone / gathered (ADR 0091)',
  medianOf(lineRounds.alone) - medianOf(lineRounds.none),
  medianOf(lineRounds.coalesced) - medianOf(lineRounds.none),
);
const plain = inChild('chain-plain');
const withContext = inChild('chain-context');
row('push-shaped request, CPU ns (11 promises): plain / in a request context', plain, withContext);

log(`logging bench${smoke ? ' (smoke: figures not meaningful)' : ''}, node ${process.version}, ns per operation`);
log(formatTable(['operation', 'before / without', 'pino / with', 'ratio'], rows));
log(`request context on a push: +${fmt(withContext - plain, 0)} ns CPU`);
