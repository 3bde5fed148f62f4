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
 * All three run at once (idle ones cost next to nothing). Each is warmed up, then BENCH_ROUNDS
 * saturation rounds (autocannon, closed loop) interleaved over the servers (reference, floor, this
 * server, again...), so a shared machine's load falls on all of them alike; then as many rounds paced at
 * 70 % of the reference's saturation (open loop), interleaved the same way. Main figure: server CPU per created ticket
 * against the reference's (target at most 0.5x); req/s and p50/p99 beside it. Every phase checks
 * that the ticket table grew by its 2xx answers. Switches: BENCH_DATABASE_URL, BENCH_SMOKE=1,
 * BENCH_BUILT=1 (this server from `dist/`), BENCH_DURATION (s per phase), BENCH_RATE (pin the paced
 * rate), BENCH_ROUNDS (saturation and paced rounds per server, default 2), BENCH_ENFORCE_TARGETS=1 (exit 3 on
 * a missed target), BENCH_NODE_FLAGS (this server's node flags instead of the shipped ones),
 * BENCH_CPU_PROFILE=<dir> (this server runs with --cpu-prof into that directory;
 * open the .cpuprofile in Chrome DevTools or speedscope).
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTokenService } from '../src/core/auth/tokens.js';
import { systemClock } from '../src/platform/scheduler/index.js';
import { Checks, exitCode, runBench, startWatchdog, targetTable, type Target } from './lib/checks.js';
import { startChildServer, type ChildServer } from './lib/childServer.js';
import { gql } from './lib/graphqlCalls.js';
import { idleMachineCpu } from './lib/machineCpu.js';
import { logRunHeader, machineInfo } from './lib/machineInfo.js';
import { createSchema, DEFAULT_DATABASE_URL, postgresVersion, type BenchSchema } from './lib/postgresSchema.js';
import { assertProcFs } from './lib/processCpu.js';
import { packageVersion, writeResults } from './lib/resultFile.js';
import { fmt, formatTable } from './lib/table.js';
import { combine, pace, saturate, warmUp, type CreateSettings, type CreateTarget, type MeasuredLoad } from './tickets/createLoad.js';
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
const rounds = Math.round(positive('BENCH_ROUNDS') ?? (smoke ? 1 : 2));
const RATE_SHARE = 0.7;
const TARGET_CPU_RATIO = 0.5;
const DISTINCT_BODIES = smoke ? 200 : 5000;

interface Contender {
  readonly name: string;
  readonly target: CreateTarget;
  readonly saturation: MeasuredLoad[];
  readonly paced: MeasuredLoad[];
}

async function stopChecked(checks: Checks, server: ChildServer): Promise<void> {
  const code = await server.stop();
  running.delete(server);
  checks.check(
    code === 0,
    `${server.name}: stopped cleanly on SIGTERM`,
    `exit code ${code}; last output:\n${server.output.slice(-10).join('\n')}`,
  );
  const problems = server.output.filter((line) => line.startsWith('[stderr]') || line.includes('"level":"error"'));
  checks.check(problems.length === 0, `${server.name}: no error logged`, problems.slice(0, 5).join('\n'));
}

async function started(start: () => Promise<ChildServer>): Promise<ChildServer> {
  const server = await start();
  running.add(server);
  return server;
}

/** Starts the three servers and checks that each answers one ticket right; in the reference, floor, this server order. */
async function startContenders(
  checks: Checks,
  schemas: { reference: BenchSchema; ours: BenchSchema },
  dataDir: string,
  jwtSecret: string,
): Promise<Contender[]> {
  const restBodies = Array.from({ length: DISTINCT_BODIES }, (_, i) => JSON.stringify(ticketInput(i)));
  const graphqlBodies = createTicketBodies(DISTINCT_BODIES);
  const meanBytes = (bodies: readonly string[]) => bodies.reduce((sum, b) => sum + Buffer.byteLength(b), 0) / bodies.length;
  log(
    `bodies: ${DISTINCT_BODIES} different tickets; GraphQL ${fmt(meanBytes(graphqlBodies))} B mean, REST ${fmt(meanBytes(restBodies))} B mean`,
  );

  const reference = await started(() =>
    startChildServer({
      name: 'reference',
      cwd: root,
      args: ['--import', 'tsx', 'bench/reference/ticketFastifyServer.ts'],
      env: { REF_DATABASE_URL: schemas.reference.url, REF_JWT_SECRET: jwtSecret, REF_HOST: '127.0.0.1', REF_PORT: '0' },
    }),
  );
  const { token } = await createTokenService({ secret: jwtSecret, clock: systemClock }).issue('access', {
    userId: randomUUID(),
    sessionId: randomUUID(),
  });
  const referenceHeaders = { authorization: `Bearer ${token}` };
  const probe = await fetch(`${reference.url}/api/v1/tickets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...referenceHeaders },
    body: restBodies[0],
  });
  const answer = (await probe.json()) as { number?: string; priority?: string };
  checks.check(
    probe.status === 201 && /^INC-\d{6}$/.test(answer.number ?? '') && answer.priority === 'P5',
    'reference: creates a ticket with a number and a priority',
    JSON.stringify(answer),
  );

  const floor = await started(() =>
    startChildServer({
      name: 'floor',
      cwd: root,
      args: ['--import', 'tsx', 'bench/reference/uwsFloor.ts'],
      env: { FLOOR_HOST: '127.0.0.1', FLOOR_PORT: '0' },
    }),
  );

  const ours = await started(() =>
    startTicketServer({ name: 'this server', root, built, databaseUrl: schemas.ours.url, dataDir, jwtSecret, nodeArgs: cpuProfileArgs }),
  );
  const operator = await signInOperator(ours.url);
  const first = await gql(ours.url, CREATE_TICKET, { i: ticketInput(0) }, operator.token);
  checks.check(
    /^INC-\d{6}$/.test(first.json?.data?.createTicket?.number ?? '') && first.json?.data?.createTicket?.priority === 'P5',
    'this server: createTicket answers a number and a priority',
    `${first.text.slice(0, 300)}${first.text.includes('createTicket') ? '' : ' (is the ticketing module registered in src/app.ts and licensed?)'}`,
  );

  return [
    {
      name: 'Fastify 5 + pg reference',
      saturation: [],
      paced: [],
      target: {
        server: reference,
        path: '/api/v1/tickets',
        headers: referenceHeaders,
        bodies: restBodies,
        storedTickets: () => countRows(schemas.reference.url, 'ref_tickets'),
      },
    },
    {
      name: 'bare uWS floor',
      saturation: [],
      paced: [],
      target: { server: floor, path: '/graphql', headers: { authorization: 'Bearer x' }, bodies: graphqlBodies },
    },
    {
      name: 'this server, PostgreSQL',
      saturation: [],
      paced: [],
      target: {
        server: ours,
        path: '/graphql',
        headers: { authorization: `Bearer ${operator.token}` },
        bodies: graphqlBodies,
        storedTickets: () => countRows(schemas.ours.url, 'tickets'),
      },
    },
  ];
}

async function main(): Promise<number> {
  const checks = new Checks();
  assertProcFs();
  startWatchdog(
    smoke ? 240 : 1200,
    () => {
      for (const server of running) void server.stop(2000);
    },
    log,
  );
  const machine = machineInfo(await postgresVersion(databaseUrl));
  logRunHeader('tickets (createTicket throughput)', smoke, machine, log);
  const idle = await idleMachineCpu(2000);
  log(
    `machine before the run: ${fmt(idle.busyPercent)} % of one core busy (200 = both of 2 cores), steal ${fmt(idle.stealPercent)} %${idle.busyPercent > 15 ? " -- NOT idle: latencies and req/s are the machine's, read the CPU ratios" : ''}`,
  );
  log(
    `this server runs as: node ${built ? 'dist/src/main.js (compiled)' : '--import tsx src/main.ts'}; the reference as: node --import tsx bench/reference/ticketFastifyServer.ts`,
  );
  if (built) {
    log('building (npm run build)...');
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
  }

  // One secret for the run: the reference verifies tokens as this server does, with this server's secret.
  const jwtSecret = newJwtSecret();
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-tickets-'));
  const referenceSchema = await createSchema(databaseUrl, 'bench_tkref');
  const oursSchema = await createSchema(databaseUrl, 'bench_tksvc');
  let contenders: Contender[] = [];
  let rate = positive('BENCH_RATE') ?? 100;
  try {
    contenders = await startContenders(checks, { reference: referenceSchema, ours: oursSchema }, dataDir, jwtSecret);
    log('\n[warm-up]');
    for (const c of contenders) await warmUp(c.target, settings, checks, log);
    log(`[saturation] ${rounds} round(s), interleaved`);
    for (let round = 1; round <= rounds; round += 1) {
      for (const c of contenders) c.saturation.push(await saturate(c.target, settings, round, checks, log));
    }
    rate = Math.max(1, Math.round(positive('BENCH_RATE') ?? combine(contenders[0]!.saturation).reqPerSec * RATE_SHARE));
    log(
      `[paced] ${rate} req/s (${positive('BENCH_RATE') !== undefined ? 'BENCH_RATE' : `${RATE_SHARE * 100} % of the reference's saturation`})`,
    );
    // Paced in interleaved rounds too: one window per server in turn drifted 0.51-0.59x between two runs of one build.
    for (let round = 1; round <= rounds; round += 1) {
      for (const c of contenders) c.paced.push(await pace(c.target, settings, rate, checks, log));
    }
  } catch (error) {
    checks.fail('ticket creation run', error);
  } finally {
    for (const c of [...contenders].reverse()) await stopChecked(checks, c.target.server);
    for (const server of [...running]) await stopChecked(checks, server);
    await referenceSchema.drop();
    await oursSchema.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  // Report.
  log(
    `\n== createTicket: saturation = autocannon, ${settings.connections} connections, ${rounds} interleaved round(s); paced = open loop at ${fmt(rate)} req/s, latency from the due time; ${settings.durationSeconds} s each ==`,
  );
  const row = (name: string, phase: string, r: MeasuredLoad) => [
    name,
    phase,
    r.offeredRate === null ? 'max' : fmt(r.offeredRate),
    fmt(r.reqPerSec),
    fmt(r.p50Ms, 2),
    fmt(r.p99Ms, 2),
    fmt(r.serverCpuUsPerReq, 1),
    fmt(r.serverCpuPercent),
    fmt(r.databaseCpuUsPerReq, 1),
    fmt(r.loadGeneratorCpuPercent),
    fmt(r.otherCpuPercent),
    String(r.unsent),
  ];
  log(
    formatTable(
      [
        'server',
        'phase',
        'offered/s',
        'req/s',
        'p50 ms',
        'p99 ms',
        'server CPU µs/ticket',
        'server CPU %',
        'PG CPU µs/ticket',
        'loadgen CPU %',
        'other CPU %',
        'unsent',
      ],
      contenders.flatMap((c) => [
        ...c.saturation.map((r, i) => row(c.name, `saturation ${i + 1}`, r)),
        ...c.paced.map((r, i) => row(c.name, `paced ${i + 1}`, r)),
      ]),
    ),
  );
  const [reference, floor, ours] = contenders;
  const sat = (c: Contender | undefined) => (c && c.saturation.length > 0 ? combine(c.saturation) : undefined);
  const [refSat, floorSat, oursSat] = [sat(reference), sat(floor), sat(ours)];
  if (refSat && oursSat && floorSat) {
    log(
      `all saturation rounds: this server ${fmt(oursSat.reqPerSec)} req/s at ${fmt(oursSat.serverCpuUsPerReq, 1)} µs/ticket; reference ${fmt(refSat.reqPerSec)} req/s at ${fmt(refSat.serverCpuUsPerReq, 1)} µs/ticket; floor ${fmt(floorSat.serverCpuUsPerReq, 1)} µs/request`,
    );
  }
  const targets: Target[] = [];
  const cpuRatio = (label: string, a: number | undefined, b: number | undefined) => {
    const ratio = a !== undefined && b !== undefined && b > 0 ? a / b : undefined;
    targets.push({
      target: `server CPU per created ticket vs the Fastify + pg reference, ${label}`,
      measured: ratio === undefined ? '-' : `${fmt(ratio, 2)}x (${fmt(a, 1)} vs ${fmt(b, 1)} µs)`,
      limit: `<= ${fmt(TARGET_CPU_RATIO, 2)}x`,
      met: ratio === undefined || smoke ? null : ratio <= TARGET_CPU_RATIO,
    });
  };
  cpuRatio(`saturation, all ${rounds} interleaved round(s)`, oursSat?.serverCpuUsPerReq, refSat?.serverCpuUsPerReq);
  const paced = (c: Contender | undefined) => (c && c.paced.length > 0 ? combine(c.paced) : undefined);
  cpuRatio(
    `both paced at ${fmt(rate)} req/s, all ${rounds} interleaved round(s)`,
    paced(ours)?.serverCpuUsPerReq,
    paced(reference)?.serverCpuUsPerReq,
  );
  targets.push({
    target: 'server CPU per created ticket vs the bare uWS floor, saturation (informational)',
    measured:
      oursSat && floorSat
        ? `${fmt(oursSat.serverCpuUsPerReq / floorSat.serverCpuUsPerReq, 2)}x (${fmt(oursSat.serverCpuUsPerReq, 1)} vs ${fmt(floorSat.serverCpuUsPerReq, 1)} µs)`
        : '-',
    limit: '-',
    met: null,
  });
  targets.push({
    target: 'req/s at saturation, this server vs the reference (informational)',
    measured:
      oursSat && refSat ? `${fmt(oursSat.reqPerSec / refSat.reqPerSec, 2)}x (${fmt(oursSat.reqPerSec)} vs ${fmt(refSat.reqPerSec)})` : '-',
    limit: '-',
    met: null,
  });
  log(`\n== Targets${smoke ? ' (SMOKE run, not meaningful)' : ''} ==`);
  log(targetTable(targets));

  writeResults(
    smoke ? 'tickets-smoke.json' : 'tickets.json',
    {
      date: new Date().toISOString(),
      smoke,
      machine,
      machineBefore: idle,
      versions: { autocannon: packageVersion('autocannon'), fastify: packageVersion('fastify'), pg: packageVersion('pg') },
      settings: { ...settings, built, rounds, rate, distinctBodies: DISTINCT_BODIES },
      servers: contenders.map((c) => ({ name: c.name, saturation: c.saturation, paced: c.paced })),
      targets,
      failures: checks.failures,
    },
    log,
  );
  return exitCode(checks, targets, flag('BENCH_ENFORCE_TARGETS'), log);
}

runBench(main, running, log);
