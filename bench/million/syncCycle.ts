/**
 * Issue 31, target 3: the 30-second sync cycle. Every leaf's agent sends its status sync once per cycle, the syncs
 * spread evenly over the cycle (at a million services in syncs of 1,000: 33 syncs a second, 33,000 service reports
 * a second), 1 % of the entries a real change (a different service each cycle: OPERATIONAL to DEGRADED, anything
 * else back to OPERATIONAL). Measured over the cycles after a warm-up cycle: the server's CPU as a share of one
 * core (beside the same server idle for 10 s before: its timers and collections with no syncs), each sync's time
 * from send to answer (the answer follows the commit), the server's event-loop delay (loopProbe.mjs). Reference in
 * the same run: `JSON.parse` of the very bodies sent, in this process, per sync.
 */
import { CpuWindow } from '../lib/processCpu.js';
import { type DatabaseWindowResult, openDatabaseWindow } from './databaseWindow.js';
import type { LoopWindow, ServerProbe } from './probe.js';
import { openServerWindow, type ServerWindow } from './serverHistograms.js';
import type { Status, SyncFleet } from './syncFleet.js';

export interface SyncCycleOptions {
  readonly url: string;
  readonly apiKey: string;
  readonly fleet: SyncFleet;
  readonly probe: ServerProbe;
  /** A cycle's length. @default 30,000 */
  readonly cycleMs: number;
  /** Cycles measured after the warm-up cycle. */
  readonly cycles: number;
  /** The idle window before the measured cycles. @default 10,000 */
  readonly idleMs?: number;
  /** Share of entries that change per cycle. @default 0.01 */
  readonly changeShare?: number;
  /** The database's URL, to read what PostgreSQL did over the measured cycles (checkpoints, WAL). */
  readonly databaseUrl?: string;
  /** Read the server's commit and request histograms over the measured cycles (its `/metrics`, serverHistograms.ts). */
  readonly serverMetrics?: boolean;
  readonly log: (line: string) => void;
}

export interface SyncCycleFigures {
  readonly syncs: number;
  readonly entries: number;
  readonly changes: number;
  readonly wallMs: number;
  /** Server CPU over the measured cycles, as a share of one core (1 = a whole core). */
  readonly serverCoreShare: number;
  /** The same server with no syncs, over `idleMs` before the cycles: what it costs doing nothing (timers, GC). */
  readonly idleCoreShare: number;
  readonly serverUsPerSync: number;
  /** PostgreSQL's CPU per sync (every postgres process of the machine's cluster: a lower bound, others' work mixed in). */
  readonly databaseUsPerSync: number;
  readonly syncMs: { readonly p50: number; readonly p99: number; readonly max: number };
  readonly loop: LoopWindow;
  /** PostgreSQL over the measured cycles (when `databaseUrl` was given). */
  readonly database?: DatabaseWindowResult;
  /** The server's group commits and its own time per sync over the measured cycles (when `serverMetrics`). */
  readonly server?: ServerWindow;
  /** The reference: JSON.parse of the same bodies, µs of CPU per sync. */
  readonly jsonParseUsPerSync: number;
  readonly failures: readonly string[];
}

/** Sends one cycle of syncs, paced; resolves when every answer is in. Returns the latencies and the bodies sent. */
export async function runCycle(
  options: Pick<SyncCycleOptions, 'url' | 'apiKey' | 'fleet' | 'cycleMs'>,
  changeOf: (g: number, now: Status) => Status,
  onAnswer?: (leaf: number, answeredAt: number, downDelta: number) => void,
): Promise<{ latencies: number[]; bodies: string[]; changes: number; failures: string[] }> {
  const { fleet } = options;
  const spacing = options.cycleMs / fleet.leaves;
  const started = performance.now();
  const latencies: number[] = [];
  const bodies: string[] = [];
  const failures: string[] = [];
  let changes = 0;
  const inFlight: Promise<void>[] = [];
  for (let leaf = 0; leaf < fleet.leaves; leaf += 1) {
    const due = started + leaf * spacing;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const sync = fleet.sync(leaf, changeOf);
    bodies.push(sync.body);
    changes += sync.changes;
    const sent = performance.now();
    inFlight.push(
      fetch(`${options.url}/api/v1/operator/status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': options.apiKey },
        body: sync.body,
      }).then(
        async (response) => {
          const text = await response.text();
          const answeredAt = performance.now();
          latencies.push(answeredAt - sent);
          if (response.status !== 200) failures.push(`sync of leaf ${leaf}: ${response.status} ${text.slice(0, 200)}`);
          else {
            const answer = JSON.parse(text) as { updated?: number; skipped?: number };
            if (answer.skipped !== 0 || answer.updated !== sync.changes)
              failures.push(`sync of leaf ${leaf}: updated ${answer.updated} skipped ${answer.skipped}, meant ${sync.changes} changes`);
          }
          onAnswer?.(leaf, answeredAt, sync.downDelta);
        },
        (error: unknown) => {
          failures.push(`sync of leaf ${leaf}: ${String(error)}`);
        },
      ),
    );
  }
  await Promise.all(inFlight);
  return { latencies, bodies, changes, failures };
}

/**
 * 1 % of the fleet, a different 1 % each cycle, spread over every sync: service `g` is the `floor(g / leaves)`-th of
 * its leaf (syncFleet.ts), so every leaf's sync carries its share of the changes (10 of 1,000). Choosing by `g`
 * alone put the whole 1 % in 1 % of the syncs (`g % 100` picks whole leaves when 100 divides the leaf count): ten
 * syncs of 1,000 changes each a cycle, which is a small storm, not the cycle the issue describes.
 */
export function cycleChanges(cycle: number, share: number, leaves: number): (g: number, now: Status) => Status {
  const every = Math.round(1 / share);
  const offset = (cycle * 37) % every;
  return (g, now) => ((Math.floor(g / leaves) + offset) % every !== 0 ? now : now === 'OPERATIONAL' ? 'DEGRADED' : 'OPERATIONAL');
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** CPU µs this process spends on JSON.parse of `bodies` (best of three passes). */
export function jsonParseCpuUs(bodies: readonly string[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (let pass = 0; pass < 3; pass += 1) {
    const before = process.cpuUsage();
    let keep = 0;
    for (const body of bodies) keep += (JSON.parse(body) as { services: unknown[] }).services.length;
    const used = process.cpuUsage(before);
    if (keep === 0) throw new Error('parsed nothing');
    best = Math.min(best, used.user + used.system);
  }
  return best;
}

export async function measureSyncCycle(options: SyncCycleOptions): Promise<SyncCycleFigures> {
  const { log, fleet } = options;
  const share = options.changeShare ?? 0.01;
  log(`sync cycle: ${fleet.leaves} syncs of ${fleet.syncSize} every ${options.cycleMs / 1000} s; warm-up cycle...`);
  const warm = await runCycle(options, cycleChanges(0, share, fleet.leaves));
  const failures = [...warm.failures];
  const idle = new CpuWindow(options.probe.pid);
  await new Promise((resolve) => setTimeout(resolve, options.idleMs ?? 10_000));
  const idleCpu = idle.close();
  await options.probe.open();
  const database = options.databaseUrl === undefined ? undefined : await openDatabaseWindow(options.databaseUrl);
  const server = options.serverMetrics === true ? await openServerWindow(options.url) : undefined;
  const window = new CpuWindow(options.probe.pid);
  const latencies: number[] = [];
  const bodies: string[] = [];
  let changes = 0;
  for (let c = 1; c <= options.cycles; c += 1) {
    const cycle = await runCycle(options, cycleChanges(c, share, fleet.leaves));
    latencies.push(...cycle.latencies);
    bodies.push(...cycle.bodies);
    changes += cycle.changes;
    failures.push(...cycle.failures);
    log(`  cycle ${c}: ${cycle.bodies.length} syncs, ${cycle.changes} changes, sync p99 ${percentile(cycle.latencies, 99).toFixed(1)} ms`);
  }
  const cpu = window.close();
  const loop = await options.probe.close();
  const databaseFigures = await database?.close();
  const serverFigures = await server?.close();
  const syncs = bodies.length;
  return {
    syncs,
    entries: syncs * fleet.syncSize,
    changes,
    wallMs: cpu.wallMs,
    serverCoreShare: cpu.serverUs / 1000 / cpu.wallMs,
    idleCoreShare: idleCpu.serverUs / 1000 / idleCpu.wallMs,
    serverUsPerSync: cpu.serverUs / syncs,
    databaseUsPerSync: cpu.databaseUs / syncs,
    syncMs: { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: Math.max(...latencies) },
    loop,
    ...(databaseFigures === undefined ? {} : { database: databaseFigures }),
    ...(serverFigures === undefined ? {} : { server: serverFigures }),
    jsonParseUsPerSync: jsonParseCpuUs(bodies) / syncs,
    failures,
  };
}
