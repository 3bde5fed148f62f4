/**
 * A load-client process: opens its share of the subscribers with `ws` (no compression, no UTF-8
 * validation), each one a graphql-transport-ws connection (`connection_init` with the token, wait
 * for `connection_ack`, `subscribe` with its id) and records, per connection and per measured
 * sequence number, the CLOCK_MONOTONIC time a `next` frame arrived. Frames are not JSON-parsed: a
 * byte scan finds `"type":"next"`, the subscriber's own `"id":"..."` and the digits of
 * `"message":"<seq>"`. Other messages (ack, ping, error, complete) are rare and parsed. WebSocket
 * pings are answered by `ws`; graphql-ws `ping` messages get a `pong`.
 *
 * Driven by the bench over IPC (ipc.ts): connect, probe, measure, progress, results, close.
 */
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { frameSeq, idNeedle, isNextFrame, SUBPROTOCOL, uniqueId } from './frames.js';
import { announceReady, serveIpc } from './ipc.js';

const url = process.env['FANOUT_URL']!;
const clientIndex = Number(process.env['FANOUT_CLIENT_INDEX'] ?? '0');
const token = process.env['FANOUT_TOKEN'] ?? '';
const query = process.env['FANOUT_QUERY']!;
const HANDSHAKE_TIMEOUT_MS = 30_000;
const MAX_KEPT_ERRORS = 20;

interface Connection {
  readonly socket: WebSocket;
  readonly index: number;
  readonly id: string;
  readonly needle: Buffer;
  closing: boolean;
}

let connections: Connection[] = [];
/** Connections opened over this process's life: unique ids stay unique across the warm-up and the measured set. */
let opened = 0;
const probeCounts = new Map<number, number>();
const errors: string[] = [];
let errorCount = 0;
let closedEarly = 0;
let wrongId = 0;
let badFrames = 0;

let measuring: { first: number; count: number; receipts: Float64Array } | undefined;
let measuredFrames = 0;
let duplicates = 0;
let beyondRange = 0;
let frameBytes = 0;
/** The first measured frame, kept as text so the bench can check its whole payload once (outside the measured path). */
let sampleFrame = '';
let sampleId = '';

function problem(message: string): void {
  errorCount += 1;
  if (errors.length < MAX_KEPT_ERRORS) errors.push(message);
}

function onFrame(connection: Connection, data: Buffer): void {
  const now = Number(process.hrtime.bigint());
  const seq = frameSeq(data);
  if (seq < 0) {
    badFrames += 1;
    problem(`next frame without a numeric message: ${data.toString('utf8', 0, 300)}`);
    return;
  }
  if (data.indexOf(connection.needle) === -1) {
    wrongId += 1;
    if (wrongId <= 3) problem(`frame without this subscriber's id ${connection.id}: ${data.toString('utf8', 0, 300)}`);
  }
  const m = measuring;
  if (m !== undefined && seq >= m.first) {
    if (seq >= m.first + m.count) {
      beyondRange += 1;
      return;
    }
    const slot = connection.index * m.count + (seq - m.first);
    if (m.receipts[slot] !== 0) duplicates += 1;
    else {
      m.receipts[slot] = now;
      measuredFrames += 1;
      if (frameBytes === 0) {
        frameBytes = data.length;
        sampleFrame = data.toString('utf8');
        sampleId = connection.id;
      }
    }
    return;
  }
  probeCounts.set(seq, (probeCounts.get(seq) ?? 0) + 1);
}

/** Opens one subscriber; resolves once `subscribe` is sent (after `connection_ack`). */
function openOne(index: number, id: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const socket = new WebSocket(url, SUBPROTOCOL, {
      perMessageDeflate: false,
      skipUTF8Validation: true,
      maxPayload: 1 << 20,
      handshakeTimeout: HANDSHAKE_TIMEOUT_MS,
    });
    const connection: Connection = { socket, index, id, needle: idNeedle(id), closing: false };
    let settled = false;
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) reject(error);
      else resolve();
    };
    const timer = setTimeout(() => {
      settle(new Error(`no connection_ack within ${HANDSHAKE_TIMEOUT_MS} ms`));
      socket.terminate();
    }, HANDSHAKE_TIMEOUT_MS);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: token === '' ? {} : { token } })));
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      if (!isBinary && isNextFrame(data)) {
        onFrame(connection, data);
        return;
      }
      let message: { type?: string; payload?: unknown };
      try {
        message = JSON.parse(data.toString('utf8')) as typeof message;
      } catch {
        problem(`unparsable message: ${data.toString('utf8', 0, 200)}`);
        return;
      }
      switch (message.type) {
        case 'connection_ack':
          socket.send(JSON.stringify({ id, type: 'subscribe', payload: { query } }));
          connections[index] = connection;
          settle();
          break;
        case 'ping':
          socket.send('{"type":"pong"}');
          break;
        case 'pong':
          break;
        default:
          problem(`unexpected ${message.type} message: ${data.toString('utf8', 0, 300)}`);
      }
    });
    socket.on('error', (error) => {
      if (!settled) settle(error);
      else problem(`socket error: ${error.message}`);
    });
    socket.on('close', (code, reason) => {
      if (!settled) settle(new Error(`closed before connection_ack: ${code} ${reason.toString()}`));
      else if (!connection.closing) {
        closedEarly += 1;
        problem(`closed by the server: ${code} ${reason.toString()}`);
      }
    });
  });
}

/** Opens `count` more subscribers at `rate` per second with at most `inFlight` handshakes at a time. */
async function connect({ count, ids, rate, inFlight }: { count: number; ids: 'shared' | 'unique'; rate: number; inFlight: number }) {
  const base = connections.length;
  connections.length = base + count;
  const started = performance.now();
  let next = 0;
  let active = 0;
  let done = 0;
  let failed = 0;
  let timer: NodeJS.Timeout | undefined;
  await new Promise<void>((resolve) => {
    if (count === 0) resolve();
    const pump = () => {
      timer = undefined;
      while (next < count && active < inFlight) {
        const wait = started + (next * 1000) / rate - performance.now();
        if (wait > 0) {
          timer ??= setTimeout(pump, wait);
          return;
        }
        const index = base + next++;
        active += 1;
        const id = ids === 'shared' ? '1' : uniqueId(clientIndex, opened++);
        openOne(index, id)
          .catch((error: unknown) => {
            failed += 1;
            problem(`connection ${index}: ${error instanceof Error ? error.message : String(error)}`);
          })
          .finally(() => {
            active -= 1;
            done += 1;
            if (done === count) resolve();
            else if (timer === undefined) pump();
          });
      }
    };
    pump();
  });
  return { connected: count - failed, failed, seconds: (performance.now() - started) / 1000 };
}

async function closeAll(): Promise<{ closed: number }> {
  const open = connections.filter((c) => c !== undefined);
  await Promise.all(
    open.map(
      (c) =>
        new Promise<void>((resolve) => {
          c.closing = true;
          if (c.socket.readyState === WebSocket.CLOSED) {
            resolve();
            return;
          }
          const timer = setTimeout(() => {
            c.socket.terminate();
            resolve();
          }, 5000);
          c.socket.once('close', () => {
            clearTimeout(timer);
            resolve();
          });
          c.socket.close(1000, 'bench done');
        }),
    ),
  );
  connections = [];
  return { closed: open.length };
}

serveIpc({
  connect,
  probe: ({ seq }: { seq: number }) => probeCounts.get(seq) ?? 0,
  measure: ({ first, count }: { first: number; count: number }) => {
    measuring = { first, count, receipts: new Float64Array(connections.length * count) };
    measuredFrames = 0;
    duplicates = 0;
    beyondRange = 0;
  },
  progress: () => ({ measuredFrames, errorCount }),
  results: () => ({
    connections: connections.length,
    receipts: measuring?.receipts ?? new Float64Array(0),
    measuredFrames,
    duplicates,
    beyondRange,
    wrongId,
    badFrames,
    closedEarly,
    frameBytes,
    sampleFrame,
    sampleId,
    errorCount,
    errors,
  }),
  close: closeAll,
  exit: () => setTimeout(() => process.exit(0), 50),
});
announceReady({ pid: process.pid });
