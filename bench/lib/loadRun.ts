/**
 * One closed-loop autocannon run (as fast as the server answers, `connections` requests in flight)
 * against a server process, from this (the bench) process, with the server's CPU time read from
 * /proc over the same window. Latencies are taken from autocannon's per-response event (sub-ms
 * resolution; its own histogram rounds to whole milliseconds), for 2xx answers only. Fixed-rate
 * phases use pacedLoad.ts instead (autocannon's `overallRate` is a per-second budget, not a pace).
 */
import autocannon from 'autocannon';
import { CpuWindow } from './processCpu.js';

export interface LoadOptions {
  readonly url: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Request bodies, sent in turn (shared counter over all connections). */
  readonly bodies: readonly string[];
  readonly connections: number;
  readonly durationSeconds: number;
  /** Server process whose CPU time is measured. */
  readonly pid: number;
}

export interface LoadResult {
  readonly offeredRate: number | null;
  readonly durationSeconds: number;
  readonly completed: number;
  readonly ok: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly timeouts: number;
  /** Paced load only: requests that came due but found no free connection before the end. */
  readonly unsent: number;
  readonly statusCodes: Readonly<Record<string, number>>;
  /** 2xx answers per second. */
  readonly reqPerSec: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** Server CPU time (user + system, all threads) divided by 2xx answers. */
  readonly serverCpuUsPerReq: number;
  /** Server CPU share of one core over the run (100 = one core busy). */
  readonly serverCpuPercent: number;
  /** All `postgres` processes' CPU time divided by 2xx answers (informational). */
  readonly databaseCpuUsPerReq: number;
  /** The bench process's (load generator's) CPU share of one core. */
  readonly loadGeneratorCpuPercent: number;
}

export function percentile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  let next = 0;
  const { bodies } = options;
  let latencies = new Float64Array(1 << 16);
  let count = 0;
  const statusCodes: Record<string, number> = {};

  const window = new CpuWindow(options.pid);
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.durationSeconds,
        timeout: 10,
        requests: [
          {
            method: 'POST',
            path: options.path,
            headers: { 'content-type': 'application/json', ...options.headers },
            setupRequest: (request) => {
              request.body = bodies[next]!;
              next = next + 1 === bodies.length ? 0 : next + 1;
              return request;
            },
          },
        ],
      },
      (error, res) => (error ? reject(error) : resolve(res)),
    );
    instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTimeMs: number) => {
      statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
      if (statusCode < 200 || statusCode >= 300) return;
      if (count === latencies.length) {
        const grown = new Float64Array(latencies.length * 2);
        grown.set(latencies);
        latencies = grown;
      }
      latencies[count++] = responseTimeMs;
    });
  });
  const cpu = window.close();

  const seconds = result.duration > 0 ? result.duration : cpu.wallMs / 1000;
  return summarizeLoad({
    offeredRate: null,
    seconds,
    latencies: latencies.subarray(0, count),
    statusCodes,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    unsent: 0,
    cpu,
  });
}

export interface LoadCounts {
  readonly offeredRate: number | null;
  readonly seconds: number;
  /** Latencies of 2xx answers, in ms (sorted here, in place). */
  readonly latencies: Float64Array;
  readonly statusCodes: Record<number, number>;
  readonly ok: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly timeouts: number;
  readonly unsent: number;
  readonly cpu: ReturnType<CpuWindow['close']>;
}

/** One result shape for closed-loop and paced runs: rates, latency percentiles, CPU per accepted request. */
export function summarizeLoad(c: LoadCounts): LoadResult {
  const sorted = c.latencies.sort();
  const perOk = (us: number) => (c.ok > 0 ? us / c.ok : Number.NaN);
  return {
    offeredRate: c.offeredRate,
    durationSeconds: c.seconds,
    completed: Object.values(c.statusCodes).reduce((a, b) => a + b, 0),
    ok: c.ok,
    non2xx: c.non2xx,
    errors: c.errors,
    timeouts: c.timeouts,
    unsent: c.unsent,
    statusCodes: c.statusCodes,
    reqPerSec: c.ok / c.seconds,
    p50Ms: percentile(sorted, 0.5),
    p99Ms: percentile(sorted, 0.99),
    maxMs: sorted.length > 0 ? sorted[sorted.length - 1]! : Number.NaN,
    serverCpuUsPerReq: perOk(c.cpu.serverUs),
    serverCpuPercent: (c.cpu.serverUs / 1000 / c.cpu.wallMs) * 100,
    databaseCpuUsPerReq: perOk(c.cpu.databaseUs),
    loadGeneratorCpuPercent: (c.cpu.loadGeneratorUs / 1000 / c.cpu.wallMs) * 100,
  };
}
