/**
 * Case "health push": ~200-byte POST /api/v1/health/report bodies over a set of services, each push
 * flipping its service's status (OPERATIONAL <-> DEGRADED), so every accepted push is a real change
 * that must be written (for this server: the service row, two status-interval rows and a domain
 * event; for the reference: one upsert). Phases: seed (first push creates each service), warm-up,
 * saturation (autocannon, closed loop: as fast as the server answers), and a paced fixed rate
 * (lib/pacedLoad.ts: open loop, latency from each request's due time).
 */
import type { ChildServer } from '../lib/childServer.js';
import type { BenchSettings } from '../lib/benchSettings.js';
import type { Checks } from '../lib/checks.js';
import { postAll, postJson } from '../lib/httpCalls.js';
import { runLoad, type LoadResult } from '../lib/loadRun.js';
import { runPacedLoad } from '../lib/pacedLoad.js';

export const HEALTH_PATH = '/api/v1/health/report';

export interface HealthBodies {
  /** One body per service (status DEGRADED): creates the services. */
  readonly seed: readonly string[];
  /** Two rounds (OPERATIONAL, then DEGRADED) over all services, sent in turn. */
  readonly load: readonly string[];
  readonly meanBytes: number;
}

const TEAMS = ['checkout', 'payments', 'search', 'ledger'] as const;

function healthBody(i: number, status: 'OPERATIONAL' | 'DEGRADED'): string {
  const team = TEAMS[i % TEAMS.length]!;
  return JSON.stringify({
    service: `${team}-api-${String(i).padStart(5, '0')}`,
    nodeId: `eu-west/prod/vm-pool-${i % 8}/${team}`,
    status,
    message: status === 'OPERATIONAL' ? 'all checks passing' : 'p99 latency 840 ms over the 500 ms objective',
    criticality: 'critical',
    slaGroup: `${team}-gold`,
    serviceType: 'http',
    tags: ['external', 'vm'],
  });
}

export function healthBodies(services: number): HealthBodies {
  const seed: string[] = [];
  const load: string[] = [];
  for (let i = 0; i < services; i += 1) seed.push(healthBody(i, 'DEGRADED'));
  for (const status of ['OPERATIONAL', 'DEGRADED'] as const) {
    for (let i = 0; i < services; i += 1) load.push(healthBody(i, status));
  }
  const meanBytes = load.reduce((sum, b) => sum + Buffer.byteLength(b), 0) / load.length;
  return { seed, load, meanBytes };
}

export interface HealthCaseResult {
  readonly saturation: LoadResult;
  readonly fixedRate: LoadResult;
}

/** Refusals, errors and timeouts are failures; a paced run the server could not keep up with is a figure (unsent). */
function checkLoad(checks: Checks, label: string, result: LoadResult): void {
  checks.check(
    result.ok > 0 && result.non2xx === 0 && result.errors === 0 && result.timeouts === 0,
    `${label}: every request answered 2xx`,
    `2xx=${result.ok} non2xx=${result.non2xx} errors=${result.errors} timeouts=${result.timeouts} codes=${JSON.stringify(result.statusCodes)}`,
  );
}

/**
 * Runs the phases against one server. `fixedRate`: requests/s of the fixed-rate phase, or a
 * function of this server's own saturation rate (the reference: 70 % of its saturation).
 */
export async function runHealthCase(
  server: ChildServer,
  settings: BenchSettings,
  bodies: HealthBodies,
  fixedRate: number | ((saturation: LoadResult) => number),
  checks: Checks,
  log: (line: string) => void,
): Promise<HealthCaseResult> {
  const { health, apiKey } = settings;
  const label = `${server.name} health push`;

  const probe = await postJson(server.url, HEALTH_PATH, apiKey, bodies.seed[0]!);
  checks.check(
    probe.status === 200 && probe.json?.success === true,
    `${label}: first push answers 200 success`,
    JSON.stringify(probe.json),
  );
  await postAll(server.url, HEALTH_PATH, apiKey, bodies.seed, 16);

  const common = {
    url: server.url,
    path: HEALTH_PATH,
    headers: { 'x-api-key': apiKey },
    bodies: bodies.load,
    connections: health.connections,
    pid: server.pid,
  };
  log(`  ${label}: warm-up ${health.warmupSeconds} s`);
  const warm = await runLoad({ ...common, durationSeconds: health.warmupSeconds });
  checkLoad(checks, `${label} warm-up`, warm);

  log(`  ${label}: saturation ${health.durationSeconds} s, ${health.connections} connections`);
  const saturation = await runLoad({ ...common, durationSeconds: health.durationSeconds });
  checkLoad(checks, `${label} saturation`, saturation);

  const rate = Math.max(1, Math.round(typeof fixedRate === 'number' ? fixedRate : fixedRate(saturation)));
  log(`  ${label}: paced at ${rate} req/s for ${health.durationSeconds} s`);
  const fixed = await runPacedLoad({ ...common, connections: health.pacedConnections, durationSeconds: health.durationSeconds, rate });
  checkLoad(checks, `${label} fixed rate`, fixed);
  return { saturation, fixedRate: fixed };
}
