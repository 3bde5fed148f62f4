/**
 * Health pushes for `bench:cluster`: the services (each in a known shard, so the bench knows its owner), their
 * bodies, one timed push, and a paced load spread over several instances whose server CPU is summed (each
 * instance's own paced load, bench/lib/pacedLoad.ts, at its share of the rate, all at once).
 */
import { serviceShardKey } from '../../src/core/domain/service.js';
import { shardOf } from '../../src/platform/cluster/shards.js';
import type { LoadResult } from '../lib/loadRun.js';
import { runPacedLoad } from '../lib/pacedLoad.js';
import { processCpuMicros } from '../lib/processCpu.js';

export const HEALTH_PATH = '/api/v1/health/report';
export const LOAD_NODE = 'bench/cluster/load';
export const PROBE_NODE = 'bench/cluster/probe';

export interface BenchService {
  readonly nodeId: string;
  readonly name: string;
  readonly shard: number;
}

/** `count` load services under LOAD_NODE's pools. */
export function loadServices(count: number, shards: number): BenchService[] {
  return Array.from({ length: count }, (_, i) => {
    const nodeId = `${LOAD_NODE}/pool-${i % 8}`;
    const name = `api-${String(i).padStart(5, '0')}`;
    return { nodeId, name, shard: shardOf(serviceShardKey(nodeId, name), shards) };
  });
}

/** One probe service in each shard (names tried in turn until every shard has one). */
export function probeServices(shards: number): BenchService[] {
  const byShard = new Map<number, BenchService>();
  for (let i = 0; byShard.size < shards; i++) {
    const name = `probe-${i}`;
    const shard = shardOf(serviceShardKey(PROBE_NODE, name), shards);
    if (!byShard.has(shard)) byShard.set(shard, { nodeId: PROBE_NODE, name, shard });
  }
  return [...byShard.values()].sort((a, b) => a.shard - b.shard);
}

export function healthBody(service: BenchService, status: string, message: string): string {
  return JSON.stringify({
    service: service.name,
    nodeId: service.nodeId,
    status,
    message,
    criticality: 'critical',
    serviceType: 'http',
    tags: ['external', 'vm'],
  });
}

/**
 * Each load service's last pushed status, so that the bodies of every window flip it whatever the last window left
 * (a paced window stops anywhere in its cycle): every accepted push is a change that must be written.
 */
export class LoadStatuses {
  readonly #status = new Map<BenchService, string>();

  /** Two rounds over `services`: each flipped, then flipped back (they were created DEGRADED). */
  bodies(services: readonly BenchService[]): string[] {
    const flipped = services.map((s) => (this.#status.get(s) === 'OPERATIONAL' ? 'DEGRADED' : 'OPERATIONAL'));
    const back = flipped.map((status) => (status === 'OPERATIONAL' ? 'DEGRADED' : 'OPERATIONAL'));
    return [
      ...services.map((s, i) => healthBody(s, flipped[i]!, `load ${flipped[i]}`)),
      ...services.map((s, i) => healthBody(s, back[i]!, `load ${back[i]}`)),
    ];
  }

  /** `sent` bodies of `bodies(services)` went out, in order from the first. */
  sent(services: readonly BenchService[], sent: number): void {
    const n = services.length;
    if (n === 0) return;
    // Whole cycles leave a service as it was; the rest of the last cycle flips the first ones once or twice.
    const rest = sent % (2 * n);
    for (let i = 0; i < n; i++) {
      const times = i < rest - n ? 2 : i < rest ? 1 : 0;
      if (times === 1) {
        const s = services[i]!;
        this.#status.set(s, this.#status.get(s) === 'OPERATIONAL' ? 'DEGRADED' : 'OPERATIONAL');
      }
    }
  }
}

export interface PushAnswer {
  readonly status: number;
  /** The answer's body when it was not 200 (the start of it), or the client's error. */
  readonly refusal?: string;
  /** performance.now() when the request went out and when its whole answer was read. */
  readonly sentAt: number;
  readonly answeredAt: number;
}

/** One push (fetch, keep-alive); a network failure or timeout is status 0. */
export async function push(url: string, apiKey: string, body: string, timeoutMs = 10_000): Promise<PushAnswer> {
  const sentAt = performance.now();
  try {
    const answer = await fetch(url + HEALTH_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await answer.text();
    const answeredAt = performance.now();
    return answer.status === 200
      ? { status: 200, sentAt, answeredAt }
      : { status: answer.status, refusal: text.slice(0, 160), sentAt, answeredAt };
  } catch (error) {
    return { status: 0, refusal: String((error as { cause?: unknown }).cause ?? error), sentAt, answeredAt: performance.now() };
  }
}

/**
 * Pushes every body once through `url` with `concurrency` in flight; throws on an answer other than 2xx. A 503 (the
 * server's "retry": a busy database or a moving shard on a loaded machine) is tried again, up to 5 times a push.
 */
export async function pushAll(url: string, apiKey: string, bodies: readonly string[], concurrency: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < bodies.length) {
      const body = bodies[next++]!;
      let answer = await push(url, apiKey, body);
      for (let retry = 0; answer.status === 503 && retry < 5; retry++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        answer = await push(url, apiKey, body);
      }
      if (answer.status !== 200) throw new Error(`a seeding push to ${url} answered ${answer.status}: ${answer.refusal ?? ''}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, bodies.length) }, worker));
}

export interface SpreadLoadTarget {
  readonly url: string;
  readonly pid: number;
  /** The services this instance gets pushes of (in turn, each flipped: `LoadStatuses`). */
  readonly services: readonly BenchService[];
}

export interface SpreadLoadResult {
  readonly perInstance: readonly LoadResult[];
  readonly ok: number;
  readonly failed: number;
  /** Server CPU of every instance (and the NATS server when given) over the window, per accepted push. */
  readonly serverCpuUsPerPush: number;
  readonly natsCpuUsPerPush: number | undefined;
  /** The floor's listener (eventListener.ts) over the window, per accepted push, when given. */
  readonly listenerCpuUsPerPush: number | undefined;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly reqPerSec: number;
}

/**
 * Every target's paced load at once, `rate / targets` each; the server CPU of all the targets' processes is read
 * around the whole window (every push's cost, wherever it was spent: the edge and the owner of a forwarded one).
 */
export async function runSpreadLoad(
  targets: readonly SpreadLoadTarget[],
  options: {
    readonly statuses: LoadStatuses;
    readonly apiKey: string;
    readonly rate: number;
    readonly durationSeconds: number;
    readonly connections: number;
    readonly natsPid?: number;
    readonly listenerPid?: number;
  },
): Promise<SpreadLoadResult> {
  const pids = targets.map((t) => t.pid);
  const cpuBefore = pids.map(processCpuMicros);
  const natsBefore = options.natsPid === undefined ? undefined : processCpuMicros(options.natsPid);
  const listenerBefore = options.listenerPid === undefined ? undefined : processCpuMicros(options.listenerPid);
  const perInstance = await Promise.all(
    targets.map((target) =>
      runPacedLoad({
        url: target.url,
        path: HEALTH_PATH,
        headers: { 'x-api-key': options.apiKey },
        bodies: options.statuses.bodies(target.services),
        connections: options.connections,
        durationSeconds: options.durationSeconds,
        pid: target.pid,
        rate: options.rate / targets.length,
      }),
    ),
  );
  for (const [k, result] of perInstance.entries()) {
    // A request sent and never answered (none expected) is counted as sent: the server may have applied it.
    options.statuses.sent(targets[k]!.services, result.completed + result.errors + result.timeouts);
  }
  const serverUs = pids.map(processCpuMicros).reduce((sum, now, i) => sum + now - cpuBefore[i]!, 0);
  const natsUs = natsBefore === undefined ? undefined : processCpuMicros(options.natsPid!) - natsBefore;
  const listenerUs = listenerBefore === undefined ? undefined : processCpuMicros(options.listenerPid!) - listenerBefore;
  const ok = perInstance.reduce((sum, r) => sum + r.ok, 0);
  const failed = perInstance.reduce((sum, r) => sum + r.non2xx + r.errors + r.timeouts, 0);
  // The instances' p50 / p99 weighted by their answers (each instance's own distribution is not kept).
  const weighted = (pick: (r: LoadResult) => number) => perInstance.reduce((sum, r) => sum + pick(r) * r.ok, 0) / Math.max(1, ok);
  return {
    perInstance,
    ok,
    failed,
    serverCpuUsPerPush: serverUs / Math.max(1, ok),
    natsCpuUsPerPush: natsUs === undefined ? undefined : natsUs / Math.max(1, ok),
    listenerCpuUsPerPush: listenerUs === undefined ? undefined : listenerUs / Math.max(1, ok),
    p50Ms: weighted((r) => r.p50Ms),
    p99Ms: Math.max(...perInstance.map((r) => r.p99Ms)),
    reqPerSec: perInstance.reduce((sum, r) => sum + r.reqPerSec, 0),
  };
}
