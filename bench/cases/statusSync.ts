/**
 * Case "status sync": POST /api/v1/operator/status from one agent reporting 5,000 registered
 * services (~1.2 MiB: every entry field of SPEC.md but the optional `externalId`, short values;
 * the field names alone are ~45 % of it). Requests are sent one at a time and the server's CPU time per request is read
 * from /proc; the same body's JSON.parse time is measured in this process, so the two are compared
 * in the same run on the same machine.
 *
 * Phases (this server): seed (a health push creates each service), first sync (all 5,000 change:
 * workload fields appear), identical sync (must report updated 0, unchanged 5,000), a sync with 50
 * changed services (must report updated 50). Then measured: N identical syncs, N syncs alternating
 * between the two bodies (each changes 50 services). The reference updates every entry every time.
 */
import type { ChildServer } from '../lib/childServer.js';
import type { BenchSettings } from '../lib/benchSettings.js';
import type { Checks } from '../lib/checks.js';
import { postAll, postJson, type CallResult } from '../lib/httpCalls.js';
import { percentile } from '../lib/loadRun.js';
import { CpuWindow } from '../lib/processCpu.js';
import { HEALTH_PATH } from './healthPush.js';

export const SYNC_PATH = '/api/v1/operator/status';
export const SYNC_NODE = 'eu-west/prod/k8s-sync/apps';

export interface SyncBodies {
  readonly seed: readonly string[];
  /** The steady state: every service as it is. */
  readonly base: Buffer;
  /** `base` with the first `changed` services DEGRADED. */
  readonly changed: Buffer;
  readonly changedCount: number;
  readonly services: number;
}

const serviceName = (i: number) => `svc-${String(i).padStart(5, '0')}`;

function syncBody(services: number, degradedBelow: number): string {
  const entries = [];
  for (let i = 0; i < services; i += 1) {
    const name = serviceName(i);
    const degraded = i < degradedBelow;
    entries.push({
      name,
      namespace: 'apps',
      status: degraded ? 'DEGRADED' : 'OPERATIONAL',
      message: degraded ? '1/3 ready' : '3/3 ready',
      workloadType: 'Deployment',
      workloadName: name,
      replicas: 3,
      readyReplicas: degraded ? 1 : 3,
      availableReplicas: degraded ? 1 : 3,
      images: [`reg.io/apps/${name}:1.4.${i % 10}`],
      slaGroup: `apps-${i % 3 === 0 ? 'gold' : 'silver'}`,
    });
  }
  return JSON.stringify({
    nodeId: SYNC_NODE,
    operatorVersion: '4.2.0',
    services: entries,
    slaGroups: [
      { name: 'apps-gold', displayName: 'Apps gold', tier: 'critical', targets: { uptime: 99.95 } },
      { name: 'apps-silver', displayName: 'Apps silver', tier: 'standard', targets: { uptime: 99.5 } },
    ],
  });
}

export function syncBodies(services: number, changed: number): SyncBodies {
  const seed: string[] = [];
  for (let i = 0; i < services; i += 1) {
    seed.push(JSON.stringify({ service: serviceName(i), nodeId: SYNC_NODE, status: 'OPERATIONAL', serviceType: 'k8s' }));
  }
  return {
    seed,
    base: Buffer.from(syncBody(services, 0)),
    changed: Buffer.from(syncBody(services, changed)),
    changedCount: changed,
    services,
  };
}

/** JSON.parse of the body text, in this process: median and minimum over `repeats` runs, in µs. */
export function measureJsonParse(body: Buffer, repeats: number): { medianUs: number; minUs: number } {
  const text = body.toString('utf8');
  for (let i = 0; i < 3; i += 1) JSON.parse(text);
  const times = new Float64Array(repeats);
  for (let i = 0; i < repeats; i += 1) {
    const started = performance.now();
    JSON.parse(text);
    times[i] = (performance.now() - started) * 1000;
  }
  times.sort();
  return { medianUs: percentile(times, 0.5), minUs: times[0]! };
}

export interface SyncPhase {
  readonly requests: number;
  /** Server CPU (user + system) per sync request. */
  readonly serverCpuUs: number;
  /** PostgreSQL CPU per sync request (informational). */
  readonly databaseCpuUs: number;
  /** Wall time per request seen by the client: median. */
  readonly wallMedianMs: number;
  /**
   * JSON.parse of the same body text in this process, timed once after each request of the phase
   * (so under the same machine conditions as the server's figure): median, µs.
   */
  readonly jsonParseUs: number;
  /**
   * The same parses' CPU time (user + system of this process, `process.cpuUsage`): median, µs. The
   * server's figure is CPU time too, so this is the like-for-like reference on a busy machine, where
   * a wall-clock parse also counts the time it waited for a core.
   */
  readonly jsonParseCpuUs: number;
  readonly lastResponse: unknown;
}

export interface SyncCaseResult {
  readonly verification: { readonly first: unknown; readonly identical: unknown; readonly changed: unknown } | null;
  readonly unchanged: SyncPhase;
  readonly changed: SyncPhase | null;
}

async function measure(
  server: ChildServer,
  settings: BenchSettings,
  bodies: readonly Buffer[],
  count: number,
  expect: (result: CallResult) => boolean,
  checks: Checks,
  label: string,
): Promise<SyncPhase> {
  const deadline = performance.now() + settings.sync.maxPhaseSeconds * 1000;
  const walls: number[] = [];
  const parses: number[] = [];
  const parseCpus: number[] = [];
  const texts = bodies.map((b) => b.toString('utf8'));
  let last: CallResult | undefined;
  let bad = 0;
  const window = new CpuWindow(server.pid);
  for (let i = 0; i < count && (i === 0 || performance.now() < deadline); i += 1) {
    last = await postJson(server.url, SYNC_PATH, settings.apiKey, bodies[i % bodies.length]!);
    walls.push(last.ms);
    if (!expect(last)) bad += 1;
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    JSON.parse(texts[i % texts.length]!);
    parses.push((performance.now() - started) * 1000);
    const cpu = process.cpuUsage(cpuBefore);
    parseCpus.push(cpu.user + cpu.system);
  }
  const cpu = window.close();
  checks.check(
    bad === 0,
    `${label}: every response as expected`,
    `${bad} of ${walls.length} unexpected; last: ${JSON.stringify(last?.json).slice(0, 300)}`,
  );
  const sorted = Float64Array.from(walls).sort();
  return {
    requests: walls.length,
    serverCpuUs: cpu.serverUs / walls.length,
    databaseCpuUs: cpu.databaseUs / walls.length,
    wallMedianMs: percentile(sorted, 0.5),
    jsonParseUs: percentile(Float64Array.from(parses).sort(), 0.5),
    jsonParseCpuUs: percentile(Float64Array.from(parseCpus).sort(), 0.5),
    lastResponse: last?.json,
  };
}

/** What the server holds for the first synced service, next to what the sync sent for it. */
async function describeService(server: ChildServer, apiKey: string, bodies: SyncBodies): Promise<string> {
  const response = await fetch(`${server.url}/api/v1/operator/services?nodeId=${encodeURIComponent(SYNC_NODE)}`, {
    headers: { 'x-api-key': apiKey },
  });
  const listed = (await response.json()) as { services?: Array<Record<string, unknown>> };
  const sent = (JSON.parse(bodies.base.toString('utf8')) as { services: Array<Record<string, unknown>> }).services[0]!;
  const held = listed.services?.find((s) => s['name'] === sent['name']);
  return `sent ${JSON.stringify(sent)}; server holds ${JSON.stringify(held)}`;
}

const counts = (r: CallResult) =>
  `status ${r.status}: updated=${r.json?.updated} unchanged=${r.json?.unchanged} skipped=${r.json?.skipped}`;

/** This server: verification of "only changed services reach their actors", then measurement. */
export async function runSyncCase(
  server: ChildServer,
  settings: BenchSettings,
  bodies: SyncBodies,
  checks: Checks,
  log: (line: string) => void,
): Promise<SyncCaseResult> {
  const { apiKey } = settings;
  const n = bodies.services;
  const k = bodies.changedCount;
  const label = `${server.name} status sync`;
  log(`  ${label}: seeding ${n} services`);
  await postAll(server.url, HEALTH_PATH, apiKey, bodies.seed, 16);

  const is = (r: CallResult, updated: number, unchanged: number) =>
    r.status === 200 && r.json?.updated === updated && r.json?.unchanged === unchanged && r.json?.skipped === 0;
  const first = await postJson(server.url, SYNC_PATH, apiKey, bodies.base);
  checks.check(is(first, n, 0), `${label}: first sync updates all ${n}`, counts(first));
  const identical = await postJson(server.url, SYNC_PATH, apiKey, bodies.base);
  if (!checks.check(is(identical, 0, n), `${label}: identical sync reports updated 0, unchanged ${n}`, counts(identical))) {
    checks.check(false, `${label}: diagnostics`, await describeService(server, apiKey, bodies));
  }
  const changed = await postJson(server.url, SYNC_PATH, apiKey, bodies.changed);
  checks.check(is(changed, k, n - k), `${label}: sync with ${k} changed reports updated ${k}, unchanged ${n - k}`, counts(changed));
  const back = await postJson(server.url, SYNC_PATH, apiKey, bodies.base);
  checks.check(is(back, k, n - k), `${label}: changing them back reports updated ${k}`, counts(back));
  for (let i = 0; i < 3; i += 1) await postJson(server.url, SYNC_PATH, apiKey, bodies.base); // warm-up

  log(`  ${label}: ${settings.sync.unchangedRequests} identical syncs`);
  const unchangedPhase = await measure(
    server,
    settings,
    [bodies.base],
    settings.sync.unchangedRequests,
    (r) => is(r, 0, n),
    checks,
    `${label} identical`,
  );
  log(`  ${label}: ${settings.sync.changedRequests} syncs with ${k} changed`);
  const changedPhase = await measure(
    server,
    settings,
    [bodies.changed, bodies.base],
    settings.sync.changedRequests,
    (r) => is(r, k, n - k),
    checks,
    `${label} ${k} changed`,
  );
  return {
    verification: { first: first.json, identical: identical.json, changed: changed.json },
    unchanged: unchangedPhase,
    changed: changedPhase,
  };
}

/** The reference: it writes every entry of every sync. */
export async function runReferenceSyncCase(
  server: ChildServer,
  settings: BenchSettings,
  bodies: SyncBodies,
  checks: Checks,
  log: (line: string) => void,
): Promise<SyncCaseResult> {
  const { apiKey } = settings;
  const n = bodies.services;
  const label = `${server.name} status sync`;
  log(`  ${label}: seeding ${n} services`);
  await postAll(server.url, HEALTH_PATH, apiKey, bodies.seed, 16);
  const ok = (r: CallResult) => r.status === 200 && r.json?.updated === n && r.json?.skipped === 0;
  const first = await postJson(server.url, SYNC_PATH, apiKey, bodies.base);
  checks.check(ok(first), `${label}: sync updates all ${n}`, JSON.stringify(first.json).slice(0, 300));
  log(`  ${label}: ${settings.sync.referenceRequests} identical syncs`);
  const unchangedPhase = await measure(server, settings, [bodies.base], settings.sync.referenceRequests, ok, checks, `${label} identical`);
  return { verification: null, unchanged: unchangedPhase, changed: null };
}
