/**
 * A paced (open-loop) load at a fixed arrival rate, for the fixed-rate phases. autocannon's
 * `overallRate` is not one: each connection runs closed-loop at full speed until it has spent its
 * per-second budget, then idles until the next second (node_modules/autocannon/lib/httpClient.js,
 * `reqsMadeThisSecond`), so "70 % of saturation" there means bursts at saturation for 70 % of every
 * second. Here request i is due at `start + i / rate`; it goes out on the first idle keep-alive
 * connection, and its latency is measured from its due time, not from when a connection was free
 * (no coordinated omission). A server that cannot keep up shows as a lower achieved rate and a
 * growing latency, not as a quietly lower offered rate.
 *
 * The client is a minimal HTTP/1.1 keep-alive client on raw sockets (httpConnection.ts, shared with the
 * load-test kit), so the load generator costs little CPU on a shared 2-core machine.
 */
import { encodeRequest, type HttpConnection, openHttpConnection } from './httpConnection.js';
import type { LoadOptions, LoadResult } from './loadRun.js';
import { summarizeLoad } from './loadRun.js';
import { CpuWindow } from './processCpu.js';

/** As for a closed-loop run, plus the pace; `connections` bounds the requests in flight. */
export interface PacedLoadOptions extends LoadOptions {
  /** Requests per second. */
  readonly rate: number;
}

export async function runPacedLoad(options: PacedLoadOptions): Promise<LoadResult> {
  const target = new URL(options.url);
  const host = target.hostname;
  const port = Number(target.port);
  const requests = options.bodies.map((body) => encodeRequest('POST', options.path, target.host, options.headers, body));

  const statusCodes: Record<string, number> = {};
  let latencies = new Float64Array(1 << 16);
  let count = 0;
  let errors = 0;
  let next = 0;
  const queue: number[] = [];
  let queueHead = 0;
  type Connection = HttpConnection<number>;
  const idle: Connection[] = [];

  const dispatch = () => {
    while (queueHead < queue.length && idle.length > 0) {
      const connection = idle.pop()!;
      if (connection.dead) continue;
      inFlight += 1;
      connection.send(requests[next]!, queue[queueHead++]!);
      next = next + 1 === requests.length ? 0 : next + 1;
    }
  };
  let inFlight = 0;
  let settled: (() => void) | undefined;
  const onResponse = (connection: Connection, status: number, _body: Buffer, due: number) => {
    const at = performance.now();
    inFlight -= 1;
    statusCodes[status] = (statusCodes[status] ?? 0) + 1;
    if (status >= 200 && status < 300) {
      if (count === latencies.length) {
        const grown = new Float64Array(latencies.length * 2);
        grown.set(latencies);
        latencies = grown;
      }
      latencies[count++] = at - due;
    }
    idle.push(connection);
    if (!stopped) dispatch();
    if (inFlight === 0 && settled) settled();
  };
  const onFailure = (_connection: Connection, _error: Error, due: number | undefined) => {
    if (due !== undefined) {
      inFlight -= 1;
      errors += 1;
    }
    if (inFlight === 0 && settled) settled();
  };

  const connections = await Promise.all(
    Array.from({ length: options.connections }, () => openHttpConnection<number>(host, port, onResponse, onFailure)),
  );
  idle.push(...connections);

  let stopped = false;
  const window = new CpuWindow(options.pid);
  const interval = 1000 / options.rate;
  const start = performance.now();
  const end = start + options.durationSeconds * 1000;
  let issued = 0;
  await new Promise<void>((resolve) => {
    const pump = () => {
      const now = performance.now();
      const horizon = Math.min(now, end);
      while (start + issued * interval <= horizon) queue.push(start + issued++ * interval);
      dispatch();
      if (now < end) setTimeout(pump, 1);
      else resolve();
    };
    pump();
  });
  stopped = true;
  const unsent = queue.length - queueHead;
  if (inFlight > 0) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 10_000);
      settled = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
  const cpu = window.close();
  const timeouts = inFlight;
  for (const c of connections) c.close();

  const completed = Object.values(statusCodes).reduce((a, b) => a + b, 0);
  return summarizeLoad({
    offeredRate: options.rate,
    seconds: cpu.wallMs / 1000,
    latencies: latencies.subarray(0, count),
    statusCodes,
    ok: count,
    non2xx: completed - count,
    errors,
    timeouts,
    unsent,
    cpu,
  });
}
