/**
 * The kit's load engine: runs a scenario's streams against the target over a pool of keep-alive
 * connections (bench/lib/httpConnection.ts, as bench/lib/pacedLoad.ts does).
 *
 * Open model (the default): every stream's arrival i is due at its own time (arrivals.ts); it is
 * sent on the first idle connection and its latency is measured from the time it was due, so a
 * stalled server shows in the latency of every request that came due during the stall (no
 * coordinated omission). Closed model (`vus`): that many virtual users each send one operation,
 * wait for its answer and send the next, picking streams by their share of the traffic; latency is
 * from the send (a closed model cannot see what it did not send: the summary says which model ran).
 *
 * The generator watches itself: the pump runs every millisecond, and how late it runs is recorded
 * (`lagMs`); a generator that fell behind its schedule is reported as such, not as a lower rate.
 * Concurrency: one event loop; the engine is the only user of its connections.
 */
import { arrivalSeconds } from './arrivals.js';
import { encodeRequest, type HttpConnection, openHttpConnection } from '../lib/httpConnection.js';
import { Histogram } from './histogram.js';
import { type Operation, type Stream, streamWeight } from './operation.js';
import type { Recorder } from './recorder.js';

export interface EngineOptions {
  readonly url: URL;
  readonly streams: readonly Stream[];
  readonly durationSeconds: number;
  readonly rampSeconds: number;
  /** Closed model with this many virtual users; undefined for the open model. */
  readonly vus?: number;
  /** Requests in flight at most (the pool's size, open model). */
  readonly connections: number;
  /** An operation unanswered this long counts as a `timeout` error and its connection is replaced. */
  readonly timeoutMs: number;
  readonly recorder: Recorder;
  /** `performance.now()` of the start (the recorder's too). */
  readonly startedAt: number;
  /** A random number in [0, 1) (seeded: the run is repeatable). */
  readonly random: () => number;
}

export interface EngineReport {
  readonly model: 'open' | 'closed';
  readonly offered: number;
  /** Due before the end but never sent (no connection came free before the drain's timeout). */
  readonly unsent: number;
  readonly inFlightAtEnd: number;
  /** How late the generator's pump ran, over the run. */
  readonly lag: Histogram;
  /** Sends that went out more than BEHIND_MS after they were due while a connection was idle. */
  readonly lateSends: number;
}

interface Ticket {
  readonly operation: Operation;
  readonly due: number;
  readonly sent: number;
}

/** A send this much after its due time, with a connection idle, means the generator itself was late. */
const BEHIND_MS = 10;

export async function runEngine(options: EngineOptions): Promise<EngineReport> {
  const { recorder, url } = options;
  const host = url.hostname;
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const end = options.startedAt + options.durationSeconds * 1000;
  const inFlight = new Map<HttpConnection<Ticket>, Ticket>();
  const idle: HttpConnection<Ticket>[] = [];
  const queue: Array<{ operation: Operation; due: number }> = [];
  let queueHead = 0;
  let stopped = false;
  let settled: (() => void) | undefined;
  let lateSends = 0;
  // Closed model: each answer (or failure) lets its virtual user send the next operation.
  let closedNext: (() => void) | undefined;

  // An operation sent again (the same object) is encoded once.
  const encoded = new WeakMap<Operation, Buffer>();
  const encode = (operation: Operation) => {
    let bytes = encoded.get(operation);
    if (bytes === undefined) {
      bytes = encodeRequest(operation.method, operation.path, url.host, operation.headers, operation.body);
      encoded.set(operation, bytes);
    }
    return bytes;
  };

  /** After the last arrival: resolves the drain once nothing is queued or in flight. */
  const checkSettled = () => {
    if (settled && inFlight.size === 0 && queueHead >= queue.length) settled();
  };
  const finish = (connection: HttpConnection<Ticket>) => {
    inFlight.delete(connection);
    checkSettled();
  };

  const onResponse = (connection: HttpConnection<Ticket>, status: number, body: Buffer, ticket: Ticket) => {
    const at = performance.now();
    finish(connection);
    const latency = at - ticket.due;
    const name = ticket.operation.name;
    if (status < 200 || status >= 300) recorder.error(name, `http ${status}`, at, latency);
    else {
      const code = ticket.operation.graphql ? graphqlErrorCode(body) : undefined;
      if (code !== undefined) recorder.error(name, `graphql ${code}`, at, latency);
      else {
        recorder.ok(name, at, latency);
        ticket.operation.onAnswer?.(body, at);
      }
    }
    idle.push(connection);
    if (!stopped) dispatch();
    closedNext?.();
  };

  const onFailure = (connection: HttpConnection<Ticket>, error: Error, ticket: Ticket | undefined) => {
    const at = performance.now();
    const index = idle.indexOf(connection);
    if (index >= 0) idle.splice(index, 1);
    if (ticket) {
      finish(connection);
      recorder.error(ticket.operation.name, connectionErrorKind(error), at);
    }
    if (!stopped) void replace();
    closedNext?.();
  };

  const open = () => openHttpConnection<Ticket>(host, port, onResponse, onFailure);
  const replace = async () => {
    try {
      idle.push(await open());
      dispatch();
    } catch (error) {
      // The target refuses connections: the queued operations wait; the next failure tries again.
      recorder.error('connect', connectionErrorKind(error as Error), performance.now());
      if (!stopped) setTimeout(() => void replace(), 100);
    }
  };

  const send = (operation: Operation, due: number) => {
    const connection = idle.pop()!;
    const now = performance.now();
    if (now - due > BEHIND_MS && idle.length > 0) lateSends += 1;
    const ticket = { operation, due, sent: now };
    inFlight.set(connection, ticket);
    recorder.sent(now);
    connection.send(encode(operation), ticket);
  };

  const dispatch = () => {
    while (queueHead < queue.length && idle.length > 0) {
      const item = queue[queueHead++]!;
      send(item.operation, item.due);
    }
    if (queueHead > 4096 && queueHead * 2 > queue.length) {
      queue.splice(0, queueHead);
      queueHead = 0;
    }
  };

  const sweepTimeouts = () => {
    const now = performance.now();
    for (const [connection, ticket] of inFlight) {
      if (now - ticket.sent < options.timeoutMs) continue;
      inFlight.delete(connection);
      recorder.error(ticket.operation.name, 'timeout', now);
      connection.close();
      if (!stopped) void replace();
      closedNext?.();
    }
    checkSettled();
  };

  const pool = options.vus ?? options.connections;
  idle.push(...(await Promise.all(Array.from({ length: pool }, open))));
  const lag = new Histogram();
  const sweeper = setInterval(sweepTimeouts, 250);
  let offered = 0;

  if (options.vus === undefined) {
    const counters = options.streams.map(() => 0);
    const nextDue = options.streams.map((stream) => arrivalSeconds(stream, 0, options.rampSeconds));
    await new Promise<void>((resolve) => {
      let expected = performance.now();
      const pump = () => {
        const now = performance.now();
        lag.recordMs(now - expected);
        options.streams.forEach((stream, s) => {
          // Due by now, and before the end (an arrival due at the end belongs to no second of the run).
          while (options.startedAt + nextDue[s]! * 1000 <= now && options.startedAt + nextDue[s]! * 1000 < end) {
            const due = options.startedAt + nextDue[s]! * 1000;
            queue.push({ operation: stream.next(counters[s]!), due });
            offered += 1;
            counters[s]! += 1;
            nextDue[s] = arrivalSeconds(stream, counters[s]!, options.rampSeconds);
          }
        });
        dispatch();
        if (now >= end) return resolve();
        expected = performance.now() + 1;
        setTimeout(pump, 1);
      };
      pump();
    });
  } else {
    const weights = options.streams.map((stream) => streamWeight(stream, options.durationSeconds));
    const total = weights.reduce((a, b) => a + b, 0);
    const counters = options.streams.map(() => 0);
    const pick = () => {
      let r = options.random() * total;
      for (let s = 0; s < weights.length; s += 1) {
        r -= weights[s]!;
        if (r < 0) return s;
      }
      return weights.length - 1;
    };
    await new Promise<void>((resolve) => {
      let users = options.vus!;
      closedNext = () => {
        if (performance.now() < end && idle.length > 0) {
          const s = pick();
          offered += 1;
          send(options.streams[s]!.next(counters[s]!++), performance.now());
          return;
        }
        users -= 1;
        if (users === 0) resolve();
      };
      for (let user = 0; user < options.vus!; user += 1) closedNext();
    });
  }

  // What came due before the end is still sent and measured: dropping the queue would hide the end of a stall
  // (the requests that waited longest). The drain lasts until nothing is queued or in flight, at most the timeout.
  if (inFlight.size > 0 || queueHead < queue.length) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, options.timeoutMs + 500);
      settled = () => {
        clearTimeout(timer);
        resolve();
      };
      dispatch();
    });
  }
  stopped = true;
  const unsent = queue.length - queueHead;
  clearInterval(sweeper);
  const inFlightAtEnd = inFlight.size;
  for (const connection of [...idle, ...inFlight.keys()]) connection.close();
  return { model: options.vus === undefined ? 'open' : 'closed', offered, unsent, inFlightAtEnd, lag, lateSends };
}

/** The first error's `extensions.code` of a GraphQL answer with errors, or undefined when it has none. */
export function graphqlErrorCode(body: Buffer): string | undefined {
  // Cheap test first: an answer without the word is not parsed.
  if (body.indexOf('"errors"') < 0) return undefined;
  try {
    const json = JSON.parse(body.toString('utf8')) as { errors?: Array<{ extensions?: { code?: unknown } }> };
    if (!json.errors || json.errors.length === 0) return undefined;
    return String(json.errors[0]?.extensions?.code ?? 'UNKNOWN');
  } catch {
    return 'UNPARSABLE';
  }
}

function connectionErrorKind(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  return `connection ${code ?? error.message}`;
}
