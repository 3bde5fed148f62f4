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
 * The client is a minimal HTTP/1.1 keep-alive client on raw sockets (requests pre-encoded, responses
 * delimited by Content-Length), so the load generator costs little CPU on a shared 2-core machine.
 */
import { connect, type Socket } from 'node:net';
import type { LoadOptions, LoadResult } from './loadRun.js';
import { summarizeLoad } from './loadRun.js';
import { CpuWindow } from './processCpu.js';

/** As for a closed-loop run, plus the pace; `connections` bounds the requests in flight. */
export interface PacedLoadOptions extends LoadOptions {
  /** Requests per second. */
  readonly rate: number;
}

const HEADER_END = Buffer.from('\r\n\r\n');

class Connection {
  private buffer: Buffer = Buffer.alloc(0);
  private due = 0;
  busy = false;
  dead = false;

  constructor(
    private readonly socket: Socket,
    private readonly onResponse: (connection: Connection, status: number, due: number) => void,
    private readonly onFailure: (connection: Connection, error: Error) => void,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', (error) => this.fail(error));
    socket.on('close', () => this.fail(new Error('connection closed by the server')));
  }

  send(request: Buffer, due: number): void {
    this.busy = true;
    this.due = due;
    this.socket.write(request);
  }

  close(): void {
    this.dead = true;
    this.socket.destroy();
  }

  private fail(error: Error): void {
    if (this.dead) return;
    this.dead = true;
    this.onFailure(this, error);
  }

  private receive(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf(HEADER_END);
      if (headerEnd < 0) return;
      const head = this.buffer.toString('latin1', 0, headerEnd);
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
      if (!length) {
        this.fail(new Error(`response without Content-Length: ${head.slice(0, 200)}`));
        return;
      }
      const total = headerEnd + HEADER_END.length + Number(length[1]);
      if (this.buffer.length < total) return;
      this.buffer = this.buffer.subarray(total);
      this.busy = false;
      this.onResponse(this, Number(head.slice(9, 12)), this.due);
    }
  }
}

export async function runPacedLoad(options: PacedLoadOptions): Promise<LoadResult> {
  const target = new URL(options.url);
  const host = target.hostname;
  const port = Number(target.port);
  const head = (length: number) =>
    `POST ${options.path} HTTP/1.1\r\nHost: ${target.host}\r\ncontent-type: application/json\r\n` +
    Object.entries(options.headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('') +
    `content-length: ${length}\r\n\r\n`;
  const requests = options.bodies.map((body) => Buffer.concat([Buffer.from(head(Buffer.byteLength(body))), Buffer.from(body)]));

  const statusCodes: Record<string, number> = {};
  let latencies = new Float64Array(1 << 16);
  let count = 0;
  let errors = 0;
  let next = 0;
  const queue: number[] = [];
  let queueHead = 0;
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
  const onResponse = (connection: Connection, status: number, due: number) => {
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
  const onFailure = (connection: Connection) => {
    if (connection.busy) {
      inFlight -= 1;
      errors += 1;
    }
    if (inFlight === 0 && settled) settled();
  };

  const connections = await Promise.all(
    Array.from(
      { length: options.connections },
      () =>
        new Promise<Connection>((resolve, reject) => {
          const socket = connect({ host, port }, () => resolve(new Connection(socket, onResponse, onFailure)));
          socket.once('error', reject);
        }),
    ),
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
