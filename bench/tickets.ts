/**
 * Ticket creation benchmark (issue 17): `npm run bench:tickets` (full, about 2 minutes) or
 * `BENCH_SMOKE=1` (seconds; CI). In one run on one machine, each server its own process (CPU from
 * /proc), each on its own fresh schema of the same PostgreSQL database:
 *
 * 1. the plain reference (bench/reference/ticketFastifyServer.ts: Fastify 5 + pg, one INSERT per
 *    ticket with the priority and due dates computed in JS and the number from a sequence);
 * 2. the floor (bench/reference/uwsFloor.ts: bare uWS, reads the body, answers 200, stores nothing),
 *    sent the same GraphQL bodies as this server;
 * 3. this server: `createTicket` through the real GraphQL endpoint as a signed-in operator (bearer
 *    token from login), the ticketing plugin licensed.
 *
 * Phases per server: warm-up, saturation (autocannon, closed loop), paced at 70 % of the
 * reference's saturation (open loop). Main figure: server CPU per created ticket against the
 * reference's (target at most 0.5x); req/s and p50/p99 beside it. Every phase checks that the
 * ticket table grew by exactly its 2xx answers. Switches: BENCH_DATABASE_URL, BENCH_SMOKE=1,
 * BENCH_BUILT=1 (this server from `dist/`), BENCH_DURATION (s per phase), BENCH_RATE (pin the paced
 * rate), BENCH_ENFORCE_TARGETS=1 (exit 3 on a missed target), BENCH_CPU_PROFILE=<dir> (this server
 * runs with --cpu-prof into that directory; open the .cpuprofile in Chrome DevTools or speedscope).
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTokenService } from '../src/auth/tokens.js';
import { systemClock } from '../src/clock.js';
import { Checks, exitCode, runBench, startWatchdog, targetTable, type Target } from './lib/checks.js';
import { startChildServer, type ChildServer } from './lib/childServer.js';
import { gqlData } from './lib/graphqlCalls.js';
import { idleMachineCpu } from './lib/machineCpu.js';
import { logRunHeader, machineInfo } from './lib/machineInfo.js';
import { createSchema, DEFAULT_DATABASE_URL, postgresVersion, type BenchSchema } from './lib/postgresSchema.js';
import { assertProcFs } from './lib/processCpu.js';
import { packageVersion, writeResults } from './lib/resultFile.js';
import { fmt, formatTable } from './lib/table.js';
import { runCreateCase, type CreateCaseResult, type CreateSettings } from './tickets/createLoad.js';
import { countRows } from './tickets/seedTickets.js';
import { CREATE_TICKET, createTicketBodies, newJwtSecret, signInOperator, startTicketServer, ticketInput } from './tickets/ticketServer.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string) => process.stdout.write(`${line}\n`);
const running = new Set<ChildServer>();

const flag = (name: string) => process.env[name] === '1';
const positive = (name: string): number | undefined => (Number(process.env[name] ?? '') > 0 ? Number(process.env[name]) : undefined);
const smoke = flag('BENCH_SMOKE');
const built = flag('BENCH_BUILT');
const databaseUrl = process.env['BENCH_DATABASE_URL'] || DEFAULT_DATABASE_URL;
const settings: CreateSettings = {
  connections: smoke ? 8 : 32,
  pacedConnections: smoke ? 16 : 64,
  warmupSeconds: smoke ? 1 : 3,
  durationSeconds: positive('BENCH_DURATION') ?? (smoke ? 1 : 10),
};
const cpuProfileDir = process.env['BENCH_CPU_PROFILE'];
const cpuProfileArgs = cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [];
const RATE_SHARE = 0.7;
const TARGET_CPU_RATIO = 0.5;
const DISTINCT_BODIES = smoke ? 200 : 5000;

interface ServerRun {
  readonly name: string;
  readonly result: CreateCaseResult;
}

async function withServer<T>(checks: Checks, start: () => Promise<ChildServer>, body: (server: ChildServer) => Promise<T>): Promise<T> {
  const server = await start();
  running.add(server);
  try {
    return await body(server);
  } finally {
    const code = await server.stop();
    running.delete(server);
    checks.check(code === 0, `${server.name}: stopped cleanly on SIGTERM`, `exit code ${code}; last output:\n${server.output.slice(-10).join('\n')}`);
    const problems = server.output.filter((line) => line.startsWith('[stderr]') || line.includes('"level":"error"'));
    checks.check(problems.length === 0, `${server.name}: no error logged`, problems.slice(0, 5).join('\n'));
  }
}

async function withSchema<T>(prefix: string, body: (schema: BenchSchema) => Promise<T>): Promise<T> {
  const schema = await createSchema(databaseUrl, prefix);
  try {
    return await body(schema);
  } finally {
    await schema.drop();
  }
}

async function main(): Promise<number> {
  const checks = new Checks();
  assertProcFs();
  startWatchdog(smoke ? 240 : 1200, () => {
    for (const server of running) void server.stop(2000);
  }, log);
  const machine = machineInfo(await postgresVersion(databaseUrl));
  logRunHeader('tickets (createTicket throughput)', smoke, machine, log);
  const idle = await idleMachineCpu(2000);
  log(`machine before the run: ${fmt(idle.busyPercent)} % of one core busy (200 = both of 2 cores), steal ${fmt(idle.stealPercent)} %${idle.busyPercent > 15 ? ' -- NOT idle: latencies and req/s are the machine\'s, read the CPU ratios' : ''}`);
  log(`this server runs as: node ${built ? 'dist/src/main.js (compiled)' : '--import tsx src/main.ts'}; the reference as: node --import tsx bench/reference/ticketFastifyServer.ts`);
  if (built) {
    log('building (npm run build)...');
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
  }

  // One secret for the run: the reference verifies tokens as this server does, with this server's secret.
  const jwtSecret = newJwtSecret();
  const graphqlBodies = createTicketBodies(DISTINCT_BODIES);
  const restBodies = Array.from({ length: DISTINCT_BODIES }, (_, i) => JSON.stringify(ticketInput(i)));
  const meanBytes = (bodies: readonly string[]) => bodies.reduce((sum, b) => sum + Buffer.byteLength(b), 0) / bodies.length;
  log(`bodies: ${DISTINCT_BODIES} different tickets; GraphQL ${fmt(meanBytes(graphqlBodies))} B mean, REST ${fmt(meanBytes(restBodies))} B mean`);

  const runs: ServerRun[] = [];
  let referenceRate: number | undefined;

  log('\n[reference] Fastify 5 + pg, one INSERT per ticket');
  try {
    await withSchema('bench_tkref', (schema) =>
      withServer(
        checks,
        () => startChildServer({ name: 'reference', cwd: root, args: ['--import', 'tsx', 'bench/reference/ticketFastifyServer.ts'], env: { REF_DATABASE_URL: schema.url, REF_JWT_SECRET: jwtSecret, REF_HOST: '127.0.0.1', REF_PORT: '0' } }),
        async (server) => {
          const tokens = createTokenService({ secret: jwtSecret, clock: systemClock });
          const { token } = await tokens.issue('access', { userId: randomUUID(), sessionId: randomUUID() });
          const headers = { authorization: `Bearer ${token}` };
          const probe = await fetch(`${server.url}/api/v1/tickets`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: restBodies[0] });
          const answer = (await probe.json()) as { number?: string; priority?: string };
          checks.check(probe.status === 201 && /^INC-\d{6}$/.test(answer.number ?? '') && answer.priority === 'P5', 'reference: creates a ticket with a number and a priority', JSON.stringify(answer));
          const result = await runCreateCase(
            { server, path: '/api/v1/tickets', headers, bodies: restBodies, storedTickets: () => countRows(schema.url, 'ref_tickets') },
            settings,
            (saturation) => (referenceRate = positive('BENCH_RATE') ?? saturation.reqPerSec * RATE_SHARE),
            checks,
            log,
          );
          runs.push({ name: 'Fastify 5 + pg reference', result });
        },
      ),
    );
  } catch (error) {
    checks.fail('reference run', error);
  }
  const rate = positive('BENCH_RATE') ?? referenceRate ?? 100;

  log('\n[floor] bare uWebSockets.js: reads the body, answers 200, stores nothing');
  try {
    await withServer(
      checks,
      () => startChildServer({ name: 'floor', cwd: root, args: ['--import', 'tsx', 'bench/reference/uwsFloor.ts'], env: { FLOOR_HOST: '127.0.0.1', FLOOR_PORT: '0' } }),
      async (server) => {
        runs.push({ name: 'bare uWS floor', result: await runCreateCase({ server, path: '/graphql', headers: { authorization: 'Bearer x' }, bodies: graphqlBodies }, settings, rate, checks, log) });
      },
    );
  } catch (error) {
    checks.fail('floor run', error);
  }

  log('\n[this server] createTicket over GraphQL as a signed-in operator, PostgreSQL');
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-tickets-'));
  try {
    await withSchema('bench_tksvc', (schema) =>
      withServer(
        checks,
        () => startTicketServer({ name: 'this server', root, built, databaseUrl: schema.url, dataDir, jwtSecret, nodeArgs: cpuProfileArgs }),
        async (server) => {
          const operator = await signInOperator(server.url);
          const first = await gqlData(server.url, CREATE_TICKET, { i: ticketInput(0) }, operator.token);
          checks.check(/^INC-\d{6}$/.test(first.createTicket?.number ?? '') && first.createTicket?.priority === 'P5', 'this server: createTicket answers a number and a priority', JSON.stringify(first));
          const result = await runCreateCase(
            { server, path: '/graphql', headers: { authorization: `Bearer ${operator.token}` }, bodies: graphqlBodies, storedTickets: () => countRows(schema.url, 'tickets') },
            settings,
            rate,
            checks,
            log,
          );
          runs.push({ name: 'this server, PostgreSQL', result });
        },
      ),
    );
  } catch (error) {
    checks.fail('this server run', error);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  // Report.
  log(`\n== createTicket: saturation = autocannon, ${settings.connections} connections; paced = open loop at ${fmt(rate)} req/s (${positive('BENCH_RATE') !== undefined ? 'BENCH_RATE' : `${RATE_SHARE * 100} % of the reference's saturation`}), latency from the due time; ${settings.durationSeconds} s each ==`);
  const row = (name: string, phase: string, r: CreateCaseResult['saturation']) => [
    name, phase, r.offeredRate === null ? 'max' : fmt(r.offeredRate), fmt(r.reqPerSec), fmt(r.p50Ms, 2), fmt(r.p99Ms, 2), fmt(r.serverCpuUsPerReq, 1),
    fmt(r.serverCpuPercent), fmt(r.databaseCpuUsPerReq, 1), fmt(r.loadGeneratorCpuPercent), fmt(r.otherCpuPercent), String(r.unsent),
  ];
  log(formatTable(
    ['server', 'phase', 'offered/s', 'req/s', 'p50 ms', 'p99 ms', 'server CPU µs/ticket', 'server CPU %', 'PG CPU µs/ticket', 'loadgen CPU %', 'other CPU %', 'unsent'],
    runs.flatMap((r) => [row(r.name, 'saturation', r.result.saturation), row(r.name, 'paced', r.result.paced)]),
  ));

  const reference = runs.find((r) => r.name.startsWith('Fastify'))?.result;
  const floor = runs.find((r) => r.name === 'bare uWS floor')?.result;
  const ours = runs.find((r) => r.name.startsWith('this server'))?.result;
  const targets: Target[] = [];
  for (const phase of ['paced', 'saturation'] as const) {
    const a = ours?.[phase].serverCpuUsPerReq;
    const b = reference?.[phase].serverCpuUsPerReq;
    const ratio = a !== undefined && b !== undefined && b > 0 ? a / b : undefined;
    targets.push({
      target: `server CPU per created ticket vs the Fastify + pg reference, ${phase === 'paced' ? `both paced at ${fmt(rate)} req/s` : 'both at saturation'}`,
      measured: ratio === undefined ? '-' : `${fmt(ratio, 2)}x (${fmt(a, 1)} vs ${fmt(b, 1)} µs)`,
      limit: `<= ${fmt(TARGET_CPU_RATIO, 2)}x`,
      met: ratio === undefined || smoke ? null : ratio <= TARGET_CPU_RATIO,
    });
  }
  const floorRatio = ours && floor ? ours.paced.serverCpuUsPerReq / floor.paced.serverCpuUsPerReq : undefined;
  targets.push({
    target: `server CPU per created ticket vs the bare uWS floor, paced (informational)`,
    measured: floorRatio === undefined ? '-' : `${fmt(floorRatio, 2)}x (${fmt(ours?.paced.serverCpuUsPerReq, 1)} vs ${fmt(floor?.paced.serverCpuUsPerReq, 1)} µs)`,
    limit: '-',
    met: null,
  });
  targets.push({
    target: 'req/s at saturation, this server vs the reference (informational)',
    measured: ours && reference ? `${fmt(ours.saturation.reqPerSec / reference.saturation.reqPerSec, 2)}x (${fmt(ours.saturation.reqPerSec)} vs ${fmt(reference.saturation.reqPerSec)})` : '-',
    limit: '-',
    met: null,
  });
  log(`\n== Targets${smoke ? ' (SMOKE run, not meaningful)' : ''} ==`);
  log(targetTable(targets));

  writeResults(smoke ? 'tickets-smoke.json' : 'tickets.json', {
    date: new Date().toISOString(),
    smoke,
    machine,
    machineBefore: idle,
    versions: { autocannon: packageVersion('autocannon'), fastify: packageVersion('fastify'), pg: packageVersion('pg') },
    settings: { ...settings, built, rate, distinctBodies: DISTINCT_BODIES },
    servers: runs,
    targets,
    failures: checks.failures,
  }, log);
  return exitCode(checks, targets, flag('BENCH_ENFORCE_TARGETS'), log);
}

runBench(main, running, log);
