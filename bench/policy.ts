/**
 * Policy benchmark (issue 18): `npm run bench:policy`, or a tiny run in `npm run bench:smoke`
 * (BENCH_SMOKE=1).
 *
 * The services page as a USER sees it — `services(limit: 100)` with owner, team, criticality,
 * metadata and tags — with the policy engine on and field rules active (metadata denied to the role,
 * owner restricted and allowed to the viewer's group, an environment over part of the fleet that
 * the group may read, so every listed service is checked against it), against the same query with
 * the engine off (`policy.engine.enabled = false`: viewers carry no access, the role table
 * decides, nothing is filtered), in one run on one server in this process (PostgreSQL). Rounds
 * interleave off and on; each round sends requests one at a time on a keep-alive connection and
 * measures latency and this process's CPU per request (client and server share the process, the
 * same for both modes). Target: on / off at most 1.2x (median latency and CPU per request).
 *
 * Switches: BENCH_DATABASE_URL, BENCH_SERVICES (default 2,000; 150 smoke), BENCH_ROUNDS (default 6;
 * 2 smoke), BENCH_REQUESTS per round and mode (default 400; 40 smoke), BENCH_ENFORCE_TARGETS=1.
 * Writes bench/results/policy-latest.json (policy-smoke.json in a smoke run).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Checks, exitCode, runBench, startWatchdog, targetTable, type Target } from './lib/checks.js';
import { gqlData, mapConcurrent, signIn } from './lib/graphqlCalls.js';
import { percentile } from './lib/loadRun.js';
import { logRunHeader, machineInfo } from './lib/machineInfo.js';
import { createSchema, DEFAULT_DATABASE_URL, postgresVersion } from './lib/postgresSchema.js';
import { writeResults } from './lib/resultFile.js';
import { benchServerEnv } from './lib/serverEnv.js';
import { fmt, formatTable } from './lib/table.js';

const log = (line: string) => process.stdout.write(`${line}\n`);
const env = process.env;
const smoke = env['BENCH_SMOKE'] === '1';
const num = (name: string, fallback: number) => (Number(env[name]) > 0 ? Number(env[name]) : fallback);
const settings = {
  smoke,
  databaseUrl: env['BENCH_DATABASE_URL'] || DEFAULT_DATABASE_URL,
  services: num('BENCH_SERVICES', smoke ? 150 : 2000),
  rounds: num('BENCH_ROUNDS', smoke ? 2 : 6),
  requests: num('BENCH_REQUESTS', smoke ? 40 : 400),
  enforce: env['BENCH_ENFORCE_TARGETS'] === '1',
};
const ADMIN_PASSWORD = 'bench-admin-password-0123456789';
const PAGE = 100;
const QUERY = `{ services(limit: ${PAGE}) { id name nodeId status criticality metadata tags owner { username } team { name } } }`;

interface Measured {
  readonly mode: 'off' | 'on';
  readonly round: number;
  readonly medianUs: number;
  readonly p99Us: number;
  readonly cpuUsPerReq: number;
}

async function measure(
  url: string,
  token: string,
  requests: number,
): Promise<{ medianUs: number; p99Us: number; cpuUsPerReq: number; body: any }> {
  const latencies = new Float64Array(requests);
  let body: any;
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < requests; i += 1) {
    const started = performance.now();
    const res = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: QUERY }),
    });
    body = await res.json();
    latencies[i] = (performance.now() - started) * 1000;
  }
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort();
  return {
    medianUs: percentile(latencies, 0.5),
    p99Us: percentile(latencies, 0.99),
    cpuUsPerReq: (cpu.user + cpu.system) / requests,
    body,
  };
}

async function main(): Promise<number> {
  const checks = new Checks();
  startWatchdog(smoke ? 300 : 1800, () => undefined, log);
  logRunHeader('policy', smoke, machineInfo(await postgresVersion(settings.databaseUrl)), log);
  const { startServer } = await import('../src/app.js');
  const { loadProductConfig: loadConfig } = await import('../src/plugins/productModules.js');
  const { createLogger } = await import('../src/platform/log/logger.js');

  const schema = await createSchema(settings.databaseUrl, 'bench_policy');
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-policy-'));
  const config = loadConfig(benchServerEnv({ dataDir, databaseUrl: schema.url, adminPassword: ADMIN_PASSWORD, logLevel: 'warn' }));
  const server = await startServer(config, {
    logger: createLogger({ level: 'warn', write: (line) => void process.stderr.write(`${line}\n`) }),
    version: 'bench',
  });
  const url = `http://127.0.0.1:${server.port}`;
  const results: Measured[] = [];
  try {
    const admin = await signIn(url, 'admin', ADMIN_PASSWORD);
    const gql = (query: string, variables?: Record<string, unknown>) => gqlData(url, query, variables, admin);
    const owner = (
      await gql('mutation { createUser(input: { username: "owner", password: "bench-owner-password-1", role: OPERATOR }) { id } }')
    ).createUser.id;
    const team = (await gql('mutation { createGroup(input: { name: "team" }) { id } }')).createGroup.id;
    const readers = (await gql('mutation { createGroup(input: { name: "readers" }) { id } }')).createGroup.id;
    const viewerId = (
      await gql('mutation { createUser(input: { username: "viewer", password: "bench-viewer-password-1", role: USER }) { id } }')
    ).createUser.id;
    await gql('mutation($g: ID!, $u: ID!) { addUserToGroup(groupId: $g, userId: $u) { id } }', { g: readers, u: viewerId });
    log(`[seed] ${settings.services} services (createService, 8 in flight)`);
    await mapConcurrent(
      Array.from({ length: settings.services }, (_, i) => i),
      8,
      (i) =>
        gql('mutation($i: CreateServiceInput!) { createService(input: $i) { id } }', {
          i: {
            name: `svc-${String(i).padStart(5, '0')}`,
            nodeId: `bench/${i % 2 === 0 ? 'a' : 'b'}/cluster-${i % 7}`,
            criticality: 'high',
            tags: ['bench', `shard-${i % 5}`],
            metadata: JSON.stringify({ runbook: `https://wiki/${i}` }),
            ownerId: owner,
            teamId: team,
          },
        }),
    );
    // The rules: a field denied to the role, a restricted field allowed to the group, an environment the group reads.
    await gql(
      'mutation { setFieldPermission(input: { fieldId: "Service.metadata", subjectType: ROLE, subject: "user", canRead: false, canWrite: false }) { id } }',
    );
    await gql('mutation { updateFieldDefinition(id: "Service.owner", input: { restricted: true }) { id } }');
    await gql(
      'mutation($g: String!) { setFieldPermission(input: { fieldId: "Service.owner", subjectType: GROUP, subject: $g, canRead: true, canWrite: false }) { id } }',
      { g: readers },
    );
    const environment = (await gql('mutation { createEnvironment(input: { name: "bench-a", paths: ["bench/a"] }) { id } }'))
      .createEnvironment.id;
    await gql('mutation($g: ID!, $e: ID!) { setGroupEnvironmentAccess(groupId: $g, environmentId: $e, level: READ) { level } }', {
      g: readers,
      e: environment,
    });
    await gql(
      'mutation { addPermissionRule(input: { subjectType: ROLE, subject: "user", resource: "webhook", action: "read", effect: DENY }) { id } }',
    );

    const token = await signIn(url, 'viewer', 'bench-viewer-password-1');
    const engine = server.app.policy.engine;
    const setMode = (mode: 'off' | 'on') => void (engine.enabled = mode === 'on');

    // Answers are right in both modes before anything is timed.
    for (const mode of ['off', 'on'] as const) {
      setMode(mode);
      const { body } = await measure(url, token, 1);
      const page = body.data?.services as any[] | undefined;
      checks.check(page?.length === PAGE, `engine ${mode}: a page of ${PAGE} services`, JSON.stringify(body).slice(0, 300));
      if (!page) continue;
      if (mode === 'on') {
        checks.check(
          page.every((s) => s.metadata === null),
          'engine on: metadata is null on every service',
        );
        checks.check(
          page.every((s) => s.owner?.username === 'owner'),
          'engine on: owner is read through the group allow',
        );
        checks.check(
          page.every((s) => s.nodeId.startsWith('bench/a/') || s.nodeId.startsWith('bench/b/')),
          'engine on: services listed',
        );
      } else {
        checks.check(
          page.every((s) => typeof s.metadata === 'string'),
          'engine off: metadata is read',
        );
      }
    }

    log(`[measure] ${settings.rounds} rounds x ${settings.requests} requests per mode, interleaved`);
    for (let round = 1; round <= settings.rounds; round += 1) {
      for (const mode of round % 2 === 1 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
        setMode(mode);
        await measure(url, token, Math.max(5, Math.round(settings.requests / 10)));
        const m = await measure(url, token, settings.requests);
        results.push({ mode, round, medianUs: m.medianUs, p99Us: m.p99Us, cpuUsPerReq: m.cpuUsPerReq });
        log(`  round ${round} engine ${mode}: median ${fmt(m.medianUs)} µs, p99 ${fmt(m.p99Us)} µs, CPU ${fmt(m.cpuUsPerReq)} µs/req`);
      }
    }
    setMode('on');
  } finally {
    await server.close();
    await schema.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const median = (values: number[]) => percentile(Float64Array.from(values).sort(), 0.5);
  const of = (mode: 'off' | 'on', key: 'medianUs' | 'p99Us' | 'cpuUsPerReq') =>
    median(results.filter((r) => r.mode === mode).map((r) => r[key]));
  log(`\n== Services page of ${PAGE} (of ${settings.services}) as a USER with field rules and an environment: engine on vs off ==`);
  log(
    formatTable(
      ['engine', 'median µs (median of rounds)', 'p99 µs', 'CPU µs/req'],
      (['off', 'on'] as const).map((m) => [m, fmt(of(m, 'medianUs')), fmt(of(m, 'p99Us')), fmt(of(m, 'cpuUsPerReq'))]),
    ),
  );
  const latencyRatio = of('on', 'medianUs') / of('off', 'medianUs');
  const cpuRatio = of('on', 'cpuUsPerReq') / of('off', 'cpuUsPerReq');
  const targets: Target[] = [
    {
      target: 'services page latency, engine on with field rules / engine off (median)',
      measured: `${fmt(latencyRatio, 2)}x`,
      limit: '<= 1.20x',
      met: latencyRatio <= 1.2,
    },
    {
      target: 'services page CPU per request, engine on / off (this process: client + server)',
      measured: `${fmt(cpuRatio, 2)}x`,
      limit: '<= 1.20x',
      met: cpuRatio <= 1.2,
    },
  ];
  log(targetTable(targets));
  writeResults(smoke ? 'policy-smoke' : 'policy-latest', { settings, results, latencyRatio, cpuRatio }, log);
  return exitCode(checks, targets, settings.enforce, log);
}

runBench(main, [], log);
