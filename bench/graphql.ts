/**
 * GraphQL benchmark (issue 3): `npm run bench:graphql` (full, about 2 minutes) or, in a short
 * form, as part of `npm run bench:smoke` (CI).
 *
 * 1. The services page: `{ services(limit: 100) { id name nodeId status owner { username } team
 *    { name } dependencies { targetService { name } dependencyType } } }` over 10,000 services
 *    seeded through the API. Two child processes of the same product server on the same database
 *    schema: this server as shipped (documents parsed and validated once, cached, executed by
 *    graphql-jit) and the plain reference, started with SVC_GRAPHQL_EXECUTION=plain (parse +
 *    validate + graphql-js execute on every request, nothing cached). Closed-loop saturation
 *    (autocannon), interleaved rounds, then both at one paced rate (70 % of the reference's
 *    saturation): req/s, p50/p99 and server CPU per request from /proc.
 * 2. Login cost: the server in this process, 20 logins/s from a child process for 15 s; event-loop
 *    delay p99 (monitorEventLoopDelay), login latency, and scrypt hash time alone.
 *
 * Prints tables, writes bench/results/graphql-latest.json (graphql-smoke.json in a smoke run), and
 * exits 1 when anything did not work (a server failed, a request was refused or answered wrong).
 * Targets are reported, not enforced, unless BENCH_ENFORCE_TARGETS=1 (exit 3). Switches: see
 * lib/graphqlSettings.ts.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runLoginCase, type LoginCaseResult } from './cases/loginCost.js';
import {
  checkPage,
  combine,
  paced,
  PAGE_SIZE,
  saturate,
  seedFleet,
  SERVICES_QUERY,
  warmUp,
  type MeasuredLoad,
  type QueryTarget,
  type SeededFleet,
} from './cases/servicesQuery.js';
import { Checks, exitCode, runBench, startWatchdog, targetTable, type Target } from './lib/checks.js';
import { startChildServer, type ChildServer } from './lib/childServer.js';
import { signIn } from './lib/graphqlCalls.js';
import { readGraphQLSettings, type GraphQLBenchSettings } from './lib/graphqlSettings.js';
import { idleMachineCpu, type MachineCpu } from './lib/machineCpu.js';
import { logRunHeader, machineInfo } from './lib/machineInfo.js';
import { createSchema, postgresVersion } from './lib/postgresSchema.js';
import { assertProcFs } from './lib/processCpu.js';
import { fmt, formatTable } from './lib/table.js';
import { packageVersion, writeResults } from './lib/resultFile.js';
import { benchServerEnv, benchServerNodeFlags } from './lib/serverEnv.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const log = (line: string) => process.stdout.write(`${line}\n`);
const running = new Set<ChildServer>();
const PLAIN_NOTICE = 'SVC_GRAPHQL_EXECUTION=plain';

interface QueryRun {
  readonly name: string;
  readonly saturation: MeasuredLoad[];
  paced?: MeasuredLoad;
}

function startProductServer(
  settings: GraphQLBenchSettings,
  name: string,
  execution: 'compiled' | 'plain',
  databaseUrl: string,
  dataDir: string,
  jwtSecret: string,
): Promise<ChildServer> {
  return startChildServer({
    name,
    cwd: root,
    args: [...benchServerNodeFlags(), ...(settings.built ? ['dist/src/main.js'] : ['--import', 'tsx', 'src/main.ts'])],
    env: {
      // As the container runs it (Dockerfile): graphql-js skips its development-mode checks.
      NODE_ENV: 'production',
      ...benchServerEnv({
        dataDir,
        databaseUrl,
        jwtSecret,
        apiKey: 'bench-operator-key-0123456789abcdef',
        adminPassword: settings.adminPassword,
        logLevel: 'info',
      }),
      ...(execution === 'plain' ? { SVC_GRAPHQL_EXECUTION: 'plain' } : {}),
    },
  });
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

async function runQueryCase(
  settings: GraphQLBenchSettings,
  checks: Checks,
): Promise<{ runs: QueryRun[]; fleet: SeededFleet; responseBytes: number; rate: number } | undefined> {
  const schema = await createSchema(settings.databaseUrl, 'bench_gql');
  const dataDirs = [mkdtempSync(join(tmpdir(), 'svc-bench-gql-')), mkdtempSync(join(tmpdir(), 'svc-bench-gql-'))];
  const jwtSecret = randomBytes(32).toString('hex');
  const servers: ChildServer[] = [];
  try {
    const ours = await startProductServer(settings, 'this server', 'compiled', schema.url, dataDirs[0]!, jwtSecret);
    servers.push(ours);
    running.add(ours);
    const oursToken = await signIn(ours.url, 'admin', settings.adminPassword);
    log(
      `\n[seed] ${settings.query.services} services through the API of this server (createUser, createGroup, createService; ${settings.query.seedConcurrency} in flight)`,
    );
    const fleet = await seedFleet(ours.url, oursToken, settings.query, log);
    const responseBytes = await checkPage(checks, ours.name, ours.url, oursToken, fleet.expected, fleet.services);

    // The reference: the same server, same schema (it loads the seeded fleet at start), plain execution.
    const plain = await startProductServer(settings, 'plain graphql-js reference', 'plain', schema.url, dataDirs[1]!, jwtSecret);
    servers.push(plain);
    running.add(plain);
    const plainToken = await signIn(plain.url, 'admin', settings.adminPassword);
    await checkPage(checks, plain.name, plain.url, plainToken, fleet.expected, fleet.services);
    checks.check(
      plain.output.some((line) => line.includes(PLAIN_NOTICE)),
      `${plain.name}: started in plain execution mode`,
      'its "SVC_GRAPHQL_EXECUTION=plain" notice is missing',
    );
    checks.check(
      !ours.output.some((line) => line.includes(PLAIN_NOTICE)),
      `${ours.name}: started in compiled execution mode`,
      'it logged the plain-mode notice',
    );
    log(`answer: ${fmt(responseBytes)} B for ${PAGE_SIZE} services (identical on both servers)`);

    const targets: Array<{ run: QueryRun; target: QueryTarget }> = [
      { run: { name: 'plain graphql-js reference', saturation: [] }, target: { server: plain, token: plainToken } },
      { run: { name: 'this server (cached + graphql-jit)', saturation: [] }, target: { server: ours, token: oursToken } },
    ];
    log('\n[services page] warm-up');
    for (const { target } of targets) await warmUp(target, settings.query, checks, log);
    log('[services page] saturation, rounds interleaved');
    for (let round = 1; round <= settings.query.rounds; round += 1) {
      for (const { run, target } of targets) run.saturation.push(await saturate(target, settings.query, round, checks, log));
    }
    const reference = combine(targets[0]!.run.saturation);
    const rate = Math.max(1, Math.round(settings.pinnedRate ?? reference.reqPerSec * settings.query.rateShare));
    log(
      `[services page] paced at ${rate} req/s (${settings.pinnedRate !== undefined ? 'BENCH_RATE' : `${settings.query.rateShare * 100} % of the reference's saturation`})`,
    );
    for (const { run, target } of targets) run.paced = await paced(target, settings.query, rate, checks, log);

    for (const { target } of targets)
      await checkPage(checks, `${target.server.name} after the load`, target.server.url, target.token, fleet.expected, fleet.services);
    return { runs: targets.map((t) => t.run), fleet, responseBytes, rate };
  } finally {
    for (const server of servers.reverse()) await stopChecked(checks, server);
    await schema.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  const settings = readGraphQLSettings(process.env);
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
  logRunHeader('graphql', settings.smoke, machine, log);
  log(
    `servers run as: node ${settings.built ? 'dist/src/main.js (compiled)' : '--import tsx src/main.ts'}; the login case runs src/app.ts in this process`,
  );
  const idleBefore: MachineCpu = await idleMachineCpu(2000);
  log(`machine before the run: ${fmt(idleBefore.busyPercent)} % of one core busy, steal ${fmt(idleBefore.stealPercent)} %`);
  if (idleBefore.busyPercent > 15)
    log('WARNING: other programs are using the CPU; the figures of this run will be noisy (see "other CPU %")');
  if (settings.built) {
    log('building (npm run build)...');
    execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
  }

  let query: Awaited<ReturnType<typeof runQueryCase>>;
  try {
    query = await runQueryCase(settings, checks);
  } catch (error) {
    checks.fail('services page case', error);
  }

  log(`\n[login] ${settings.login.rate} logins/s, server in this process`);
  let login: LoginCaseResult | undefined;
  try {
    login = await runLoginCase(root, settings, checks, log);
  } catch (error) {
    checks.fail('login case', error);
  }

  // Report.
  const targets: Target[] = [];
  if (query) {
    log(
      `\n== Services page: ${PAGE_SIZE} of ${fmt(query.fleet.services)} services with owner, team, dependencies (${fmt(query.responseBytes)} B answer); saturation = autocannon, ${settings.query.connections} connections, ${settings.query.durationSeconds} s per round; paced = open loop at ${fmt(query.rate)} req/s ==`,
    );
    const row = (name: string, phase: string, r: MeasuredLoad) => [
      name,
      phase,
      r.offeredRate === null ? 'max' : fmt(r.offeredRate),
      fmt(r.reqPerSec),
      fmt(r.p50Ms, 2),
      fmt(r.p99Ms, 2),
      fmt(r.maxMs, 1),
      fmt(r.serverCpuUsPerReq, 0),
      fmt(r.serverCpuPercent),
      fmt(r.loadGeneratorCpuPercent),
      fmt(r.otherCpuPercent),
      fmt(r.stealPercent),
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
          'max ms',
          'server CPU µs/req',
          'server CPU %',
          'loadgen CPU %',
          'other CPU %',
          'steal %',
          'unsent',
        ],
        query.runs.flatMap((r) => [
          ...r.saturation.map((s, i) => row(r.name, `saturation ${i + 1}`, s)),
          ...(r.paced ? [row(r.name, 'paced', r.paced)] : []),
        ]),
      ),
    );
    const [plainRun, oursRun] = query.runs as [QueryRun, QueryRun];
    const plainSat = combine(plainRun.saturation);
    const oursSat = combine(oursRun.saturation);
    const throughput = oursSat.reqPerSec / plainSat.reqPerSec;
    const cpu = plainSat.serverCpuUsPerReq / oursSat.serverCpuUsPerReq;
    const pacedCpu = plainRun.paced && oursRun.paced ? plainRun.paced.serverCpuUsPerReq / oursRun.paced.serverCpuUsPerReq : undefined;
    log(
      `all saturation rounds: this server ${fmt(oursSat.reqPerSec)} req/s at ${fmt(oursSat.serverCpuUsPerReq)} µs/req; reference ${fmt(plainSat.reqPerSec)} req/s at ${fmt(plainSat.serverCpuUsPerReq)} µs/req`,
    );
    targets.push({
      target: 'services page: req/s at saturation, this server vs plain graphql-js on the same stack',
      measured: `${fmt(throughput, 2)}x (${fmt(oursSat.reqPerSec)} vs ${fmt(plainSat.reqPerSec)} req/s)`,
      limit: '>= 5.00x',
      met: throughput >= 5,
    });
    targets.push({
      target: 'services page (informational): server CPU per request, reference / this server, saturation | paced',
      measured: `${fmt(cpu, 2)}x | ${fmt(pacedCpu, 2)}x`,
      limit: '-',
      met: null,
    });
  }
  if (login) {
    log(
      `\n== Login cost: ${login.login.offeredRate} logins/s for ${fmt(login.login.seconds, 1)} s from a child process; server in this process (PostgreSQL); libuv pool ${login.threadPoolSize} ==`,
    );
    log(
      formatTable(
        ['figure', 'value'],
        [
          ['scrypt hash alone (hashPassword), median ms', fmt(login.hashMs.hashMedian, 1)],
          [
            'scrypt verify alone (verifyPassword), median [min-max] ms',
            `${fmt(login.hashMs.verifyMedian, 1)} [${fmt(login.hashMs.verifyMin, 1)}-${fmt(login.hashMs.verifyMax, 1)}]`,
          ],
          ['logins ok / sent', `${login.login.ok} / ${login.login.total}`],
          ['achieved logins/s', fmt(login.login.achievedRate, 1)],
          [
            'login latency p50 / p99 / max ms (from due time)',
            `${fmt(login.login.p50Ms, 1)} / ${fmt(login.login.p99Ms, 1)} / ${fmt(login.login.maxMs, 1)}`,
          ],
          ['scrypt calls per login', fmt(login.scryptCallsPerLogin, 2)],
          ['server CPU per login ms (all threads)', fmt(login.cpuMsPerLogin, 1)],
          ['event loop utilization during logins', `${fmt(login.eventLoopUtilization * 100, 1)} %`],
          [
            'machine CPU during logins: all / besides this process and PostgreSQL, i.e. login client + others (% of one core)',
            `${fmt(login.machineCpuPercent)} / ${fmt(login.otherCpuPercent)}`,
          ],
          [
            `event-loop delay idle p50 / p99 / max ms (${login.idle.samples} samples)`,
            `${fmt(login.idle.p50Ms, 2)} / ${fmt(login.idle.p99Ms, 2)} / ${fmt(login.idle.maxMs, 2)}`,
          ],
          [
            `event-loop delay under logins p50 / p99 / max ms (${login.underLoad.samples} samples)`,
            `${fmt(login.underLoad.p50Ms, 2)} / ${fmt(login.underLoad.p99Ms, 2)} / ${fmt(login.underLoad.maxMs, 2)}`,
          ],
        ],
      ),
    );
    targets.push({
      target: `login: event-loop delay p99 at ${login.login.offeredRate} logins/s offered`,
      measured: `${fmt(login.underLoad.p99Ms, 2)} ms (achieved ${fmt(login.login.achievedRate, 1)}/s)`,
      limit: '< 50 ms',
      met: login.underLoad.p99Ms < 50,
    });
    targets.push({
      target: `login (informational): logins answered per second at ${login.login.offeredRate}/s offered; latency p99`,
      measured: `${fmt(login.login.achievedRate, 1)}/s; ${fmt(login.login.p99Ms)} ms (hash alone ${fmt(login.hashMs.verifyMedian)} ms)`,
      limit: '-',
      met: null,
    });
    targets.push({
      target: 'login: scrypt hashes per login',
      measured: fmt(login.scryptCallsPerLogin, 2),
      limit: '>= 1',
      met: login.scryptCallsPerLogin >= 1,
    });
  }
  log(`\n== Targets${settings.smoke ? ' (SMOKE run, not meaningful)' : ''} ==`);
  log(targetTable(targets));

  writeResults(
    settings.smoke ? 'graphql-smoke.json' : 'graphql-latest.json',
    {
      date: new Date().toISOString(),
      smoke: settings.smoke,
      machine,
      idleBefore,
      versions: {
        graphql: packageVersion('graphql'),
        'graphql-jit': packageVersion('graphql-jit'),
        autocannon: packageVersion('autocannon'),
      },
      settings: { ...settings, adminPassword: undefined },
      serverCommand: settings.built ? 'node dist/src/main.js' : 'node --import tsx src/main.ts',
      query: SERVICES_QUERY,
      servicesPage: query
        ? {
            services: query.fleet.services,
            seedSeconds: query.fleet.seedSeconds,
            mutations: query.fleet.mutations,
            responseBytes: query.responseBytes,
            pacedRate: query.rate,
            runs: query.runs,
          }
        : null,
      login: login ?? null,
      targets,
      failures: checks.failures,
    },
    log,
  );

  return exitCode(checks, targets, settings.enforceTargets, log);
}

runBench(main, running, log);
