/**
 * Case "services page": the first page of 100 services with owner, team and dependencies, over a
 * fleet of 10,000 services seeded through the real API (createUser, createGroup, createService).
 *
 * The fleet: `users` owners and `groups` teams; services `svc-00000`... Every tenth service has no
 * dependencies, every other one depends on `dependencies` of those (types runtime, data, network),
 * so 90 of the 100 services on the first page (ordered by name) carry 3 dependencies each. Owner,
 * team, status and node cycle over the services. The expected first page is computed here from
 * the seed, and every answer checked against it is compared in full.
 */
import { isDeepStrictEqual } from 'node:util';
import type { ChildServer } from '../lib/childServer.js';
import type { Checks } from '../lib/checks.js';
import { gql, gqlData, mapConcurrent } from '../lib/graphqlCalls.js';
import type { GraphQLBenchSettings } from '../lib/graphqlSettings.js';
import { runLoad, type LoadResult } from '../lib/loadRun.js';
import { MachineCpuWindow } from '../lib/machineCpu.js';
import { runPacedLoad } from '../lib/pacedLoad.js';

export const SERVICES_QUERY =
  '{ services(limit: 100) { id name nodeId status owner { username } team { name } dependencies { targetService { name } dependencyType } } }';
export const SERVICES_BODY = JSON.stringify({ query: SERVICES_QUERY });
export const PAGE_SIZE = 100;

const STATUSES = ['OPERATIONAL', 'OPERATIONAL', 'DEGRADED', 'DOWN', 'MAINTENANCE', 'OPERATIONAL', 'UNKNOWN'] as const;
const DEPENDENCY_TYPES = ['runtime', 'data', 'network'] as const;

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const ownerName = (k: number) => `owner-${pad(k, 3)}`;
const teamName = (k: number) => `team-${pad(k, 2)}`;
const serviceName = (i: number) => `svc-${pad(i, 5)}`;
const nodeOf = (i: number) => `eu-west/prod/cluster-${i % 8}/ns-${pad(i % 40, 2)}`;

interface ServicePlan {
  readonly index: number;
  readonly name: string;
  readonly nodeId: string;
  readonly status: (typeof STATUSES)[number];
  readonly owner: number;
  readonly team: number;
  /** Indexes of the services this one depends on, with the dependency type. */
  readonly dependencies: ReadonlyArray<{ readonly index: number; readonly type: string }>;
}

function plan(settings: GraphQLBenchSettings['query']): ServicePlan[] {
  const bases = Math.ceil(settings.services / 10);
  const out: ServicePlan[] = [];
  for (let i = 0; i < settings.services; i += 1) {
    const dependencies = [];
    if (i % 10 !== 0) {
      const k = (i * 7) % bases;
      for (let d = 0; d < settings.dependencies; d += 1)
        dependencies.push({ index: ((k + d) % bases) * 10, type: DEPENDENCY_TYPES[(i + d) % DEPENDENCY_TYPES.length]! });
    }
    out.push({
      index: i,
      name: serviceName(i),
      nodeId: nodeOf(i),
      status: STATUSES[i % STATUSES.length]!,
      owner: i % settings.users,
      team: i % settings.groups,
      dependencies,
    });
  }
  return out;
}

export interface SeededFleet {
  readonly services: number;
  /** The `data` the services query must answer. */
  readonly expected: unknown;
  readonly seedSeconds: number;
  readonly mutations: number;
}

/** Seeds the fleet through GraphQL as `token` (an admin): users, groups, then services in two waves. */
export async function seedFleet(
  url: string,
  token: string,
  settings: GraphQLBenchSettings['query'],
  log: (line: string) => void,
): Promise<SeededFleet> {
  const started = performance.now();
  const { seedConcurrency } = settings;
  const userIds = await mapConcurrent(
    Array.from({ length: settings.users }, (_, k) => k),
    seedConcurrency,
    async (k) => {
      const data = await gqlData(
        url,
        'mutation($i: CreateUserInput!) { createUser(input: $i) { id } }',
        { i: { username: ownerName(k), email: `${ownerName(k)}@example.com`, role: 'OPERATOR' } },
        token,
      );
      return data.createUser.id as string;
    },
  );
  const groupIds = await mapConcurrent(
    Array.from({ length: settings.groups }, (_, k) => k),
    seedConcurrency,
    async (k) => {
      const data = await gqlData(
        url,
        'mutation($i: CreateGroupInput!) { createGroup(input: $i) { id } }',
        { i: { name: teamName(k), description: `team ${k}` } },
        token,
      );
      return data.createGroup.id as string;
    },
  );

  const services = plan(settings);
  const ids = new Array<string>(services.length);
  const create = async (s: ServicePlan) => {
    const input = {
      name: s.name,
      nodeId: s.nodeId,
      status: s.status,
      criticality: s.index % 3 === 0 ? 'critical' : 'standard',
      serviceType: 'http',
      tags: ['bench', `shard-${s.index % 4}`],
      ownerId: userIds[s.owner],
      teamId: groupIds[s.team],
      dependencies: s.dependencies.map((d) => ({ targetServiceId: ids[d.index]!, dependencyType: d.type })),
    };
    const data = await gqlData(url, 'mutation($i: CreateServiceInput!) { createService(input: $i) { id } }', { i: input }, token);
    ids[s.index] = data.createService.id as string;
  };
  // Dependency targets first, so every dependency names a service that exists.
  await mapConcurrent(
    services.filter((s) => s.dependencies.length === 0),
    seedConcurrency,
    create,
  );
  await mapConcurrent(
    services.filter((s) => s.dependencies.length > 0),
    seedConcurrency,
    create,
  );
  const seedSeconds = (performance.now() - started) / 1000;
  const mutations = settings.users + settings.groups + services.length;
  log(
    `  seeded ${settings.users} users, ${settings.groups} groups, ${services.length} services (${mutations} mutations) in ${seedSeconds.toFixed(1)} s`,
  );

  const expected = {
    services: services
      .map((s) => s)
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .slice(0, PAGE_SIZE)
      .map((s) => ({
        id: ids[s.index],
        name: s.name,
        nodeId: s.nodeId,
        status: s.status,
        owner: { username: ownerName(s.owner) },
        team: { name: teamName(s.team) },
        dependencies: s.dependencies.map((d) => ({ targetService: { name: serviceName(d.index) }, dependencyType: d.type })),
      })),
  };
  return { services: services.length, expected, seedSeconds, mutations };
}

/** Asks the page once and compares it in full with the expectation; returns the answer's size in bytes. */
export async function checkPage(
  checks: Checks,
  label: string,
  url: string,
  token: string,
  expected: unknown,
  count: number,
): Promise<number> {
  const page = await gql(url, SERVICES_QUERY, undefined, token);
  const ok = page.status === 200 && page.json?.errors === undefined && isDeepStrictEqual(page.json?.data, expected);
  checks.check(
    ok,
    `${label}: services page answers exactly the seeded services, owners, teams and dependencies`,
    `status ${page.status}: ${page.text.slice(0, 400)}`,
  );
  const total = await gql(url, '{ serviceCount }', undefined, token);
  checks.check(total.json?.data?.serviceCount === count, `${label}: serviceCount is ${count}`, total.text.slice(0, 200));
  return Buffer.byteLength(page.text);
}

export function checkLoad(checks: Checks, label: string, result: LoadResult): void {
  checks.check(
    result.ok > 0 && result.non2xx === 0 && result.errors === 0 && result.timeouts === 0,
    `${label}: every request answered 2xx`,
    `2xx=${result.ok} non2xx=${result.non2xx} errors=${result.errors} timeouts=${result.timeouts} codes=${JSON.stringify(result.statusCodes)}`,
  );
}

export interface QueryTarget {
  readonly server: ChildServer;
  readonly token: string;
}

function loadOptions(target: QueryTarget, connections: number, durationSeconds: number) {
  return {
    url: target.server.url,
    path: '/graphql',
    headers: { authorization: `Bearer ${target.token}` },
    bodies: [SERVICES_BODY],
    connections,
    durationSeconds,
    pid: target.server.pid,
  };
}

export async function warmUp(
  target: QueryTarget,
  settings: GraphQLBenchSettings['query'],
  checks: Checks,
  log: (line: string) => void,
): Promise<void> {
  log(`  ${target.server.name}: warm-up ${settings.warmupSeconds} s, ${settings.connections} connections`);
  checkLoad(checks, `${target.server.name} warm-up`, await runLoad(loadOptions(target, settings.connections, settings.warmupSeconds)));
}

/** A load phase with the machine's CPU use over the same window: what else ran beside the server and the load generator. */
export interface MeasuredLoad extends LoadResult {
  /** All processes on the machine, percent of one core. */
  readonly machineCpuPercent: number;
  /** Machine CPU not used by the server, the load generator or PostgreSQL (another program, the idle second server). */
  readonly otherCpuPercent: number;
  readonly stealPercent: number;
}

async function measured(run: () => Promise<LoadResult>): Promise<MeasuredLoad> {
  const machine = new MachineCpuWindow();
  const result = await run();
  const cpu = machine.close();
  const databasePercent = (result.databaseCpuUsPerReq * result.ok) / result.durationSeconds / 1e4;
  const other =
    cpu.busyPercent - result.serverCpuPercent - result.loadGeneratorCpuPercent - (Number.isFinite(databasePercent) ? databasePercent : 0);
  return { ...result, machineCpuPercent: cpu.busyPercent, otherCpuPercent: Math.max(0, other), stealPercent: cpu.stealPercent };
}

export async function saturate(
  target: QueryTarget,
  settings: GraphQLBenchSettings['query'],
  round: number,
  checks: Checks,
  log: (line: string) => void,
): Promise<MeasuredLoad> {
  log(`  ${target.server.name}: saturation round ${round}, ${settings.durationSeconds} s, ${settings.connections} connections`);
  const result = await measured(() => runLoad(loadOptions(target, settings.connections, settings.durationSeconds)));
  checkLoad(checks, `${target.server.name} saturation round ${round}`, result);
  log(
    `    ${result.reqPerSec.toFixed(0)} req/s, ${result.serverCpuUsPerReq.toFixed(0)} µs server CPU per request; machine ${result.machineCpuPercent.toFixed(0)} % busy, ${result.otherCpuPercent.toFixed(0)} % outside the bench`,
  );
  return result;
}

export async function paced(
  target: QueryTarget,
  settings: GraphQLBenchSettings['query'],
  rate: number,
  checks: Checks,
  log: (line: string) => void,
): Promise<MeasuredLoad> {
  log(`  ${target.server.name}: paced at ${rate} req/s for ${settings.durationSeconds} s`);
  const result = await measured(() => runPacedLoad({ ...loadOptions(target, settings.pacedConnections, settings.durationSeconds), rate }));
  checkLoad(checks, `${target.server.name} paced`, result);
  return result;
}

/** Several phases as one: total answers over total time, CPU per answer over all of them. */
export function combine(results: readonly LoadResult[]): { reqPerSec: number; serverCpuUsPerReq: number; ok: number } {
  const ok = results.reduce((sum, r) => sum + r.ok, 0);
  const seconds = results.reduce((sum, r) => sum + r.durationSeconds, 0);
  const cpu = results.reduce((sum, r) => sum + r.serverCpuUsPerReq * r.ok, 0);
  return { reqPerSec: ok / seconds, serverCpuUsPerReq: cpu / ok, ok };
}
