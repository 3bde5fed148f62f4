/**
 * Realtime over a real socket: the real graphql-ws client (`connectClient`, `Feed`) for the
 * protocol as users see it, and a bare `ws` socket (`rawSocket`) where a test needs close codes or
 * a client that misbehaves on purpose.
 */
import assert from 'node:assert/strict';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { until } from './polling.js';
import type { TestServer } from './testServer.js';

const WAIT_MS = 10_000;

export function wsUrl(server: TestServer): string {
  return `${server.url.replace(/^http/, 'ws')}/graphql/ws`;
}

export interface ClientOptions {
  /** Sent as connection parameter `token`. */
  readonly token?: string;
  /** Connection parameters as they are (instead of `token`), for clients that spell them their own way. */
  readonly connectionParams?: Record<string, unknown>;
  /** Headers of the upgrade request (Authorization, Origin). */
  readonly headers?: Record<string, string>;
  /** Subscription ids this client uses (default: graphql-ws's random ones). */
  readonly generateID?: () => string;
}

/** A graphql-ws client that connects at once and never retries (a refusal must show). */
export function connectClient(
  server: TestServer,
  options: ClientOptions = {},
): Client & { closed: Promise<{ code: number; reason: string }>; connected: Promise<void> } {
  const headers = options.headers ?? {};
  let closedWith: (event: { code: number; reason: string }) => void = () => undefined;
  const closed = new Promise<{ code: number; reason: string }>((resolve) => (closedWith = resolve));
  let connectedWith: () => void = () => undefined;
  const connected = new Promise<void>((resolve) => (connectedWith = resolve));
  const client = createClient({
    url: wsUrl(server),
    webSocketImpl: class extends WebSocket {
      constructor(url: string, protocols?: string | string[]) {
        super(url, protocols, { headers });
      }
    },
    lazy: false,
    // The test reads the close from `closed`; the default would print it.
    onNonLazyError: () => undefined,
    retryAttempts: 0,
    ...(options.token !== undefined ? { connectionParams: { token: options.token } } : {}),
    ...(options.connectionParams !== undefined ? { connectionParams: options.connectionParams } : {}),
    ...(options.generateID ? { generateID: options.generateID } : {}),
    on: {
      closed: (event) => closedWith({ code: (event as { code: number }).code, reason: String((event as { reason: unknown }).reason) }),
      connected: () => connectedWith(),
    },
  });
  return Object.assign(client, { closed, connected });
}

/** The events of one subscription, awaited one by one. */
export class Feed {
  private readonly queue: any[] = [];
  private waiters: Array<(value: any) => void> = [];
  private failure: unknown;
  completed = false;
  readonly dispose: () => void;
  /** Settles when the server completes the subscription or fails it (an `error` frame). */
  readonly ended: Promise<'complete' | 'error'>;
  private settle: (how: 'complete' | 'error') => void = () => undefined;

  constructor(client: Client, query: string, variables?: Record<string, unknown>) {
    this.ended = new Promise((resolve) => (this.settle = resolve));
    this.dispose = client.subscribe(
      { query, ...(variables ? { variables } : {}) },
      {
        next: (value) => this.push(value),
        error: (error) => {
          this.failure = error;
          this.push({ failure: error });
          this.settle('error');
        },
        complete: () => {
          this.completed = true;
          this.settle('complete');
        },
      },
    );
  }

  /** The next event (`{data}` or `{errors}`); fails the test when none arrives in time. */
  async next(label = 'the next event'): Promise<any> {
    const queued = this.queue.shift();
    if (queued !== undefined) return queued;
    let timer: NodeJS.Timeout | undefined;
    try {
      return await new Promise((resolve, reject) => {
        this.waiters.push(resolve);
        timer = setTimeout(() => reject(new Error(`timed out waiting for ${label}`)), WAIT_MS);
      });
    } finally {
      clearTimeout(timer);
    }
  }

  /** The next event's data; fails when it carries errors. */
  async data(label?: string): Promise<any> {
    const event = await this.next(label);
    assert.equal(event.errors, undefined, `expected data, got ${JSON.stringify(event)}`);
    assert.equal(event.failure, undefined, `expected data, got failure ${JSON.stringify(event.failure)}`);
    return event.data;
  }

  /** Events received and not yet taken. */
  get pending(): number {
    return this.queue.length;
  }

  get error(): unknown {
    return this.failure;
  }

  private push(value: any): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter(value);
    else this.queue.push(value);
  }
}

export function subscribe(client: Client, query: string, variables?: Record<string, unknown>): Feed {
  return new Feed(client, query, variables);
}

export interface RawSocket {
  readonly ws: WebSocket;
  readonly opened: Promise<void>;
  readonly closed: Promise<{ code: number; reason: string }>;
  /** Upgrade refused: the HTTP status. */
  readonly refused: Promise<number>;
  send(message: unknown): void;
  /** The next message of `type` (others are skipped). */
  nextOfType(type: string): Promise<any>;
  readonly received: any[];
}

/** A bare graphql-transport-ws socket under the test's control. */
export function rawSocket(
  server: TestServer,
  headers: Record<string, string> = {},
  protocol: string | null = 'graphql-transport-ws',
): RawSocket {
  const ws =
    protocol === null
      ? new WebSocket(wsUrl(server), { headers, perMessageDeflate: false })
      : new WebSocket(wsUrl(server), protocol, { headers, perMessageDeflate: false });
  const received: any[] = [];
  const listeners: Array<(message: any) => void> = [];
  ws.on('message', (data) => {
    const message = JSON.parse(String(data));
    received.push(message);
    for (const listener of [...listeners]) listener(message);
  });
  ws.on('error', () => undefined);
  const opened = new Promise<void>((resolve) => ws.once('open', () => resolve()));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  const refused = new Promise<number>((resolve) => ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
  return {
    ws,
    opened,
    closed,
    refused,
    received,
    send: (message) => ws.send(typeof message === 'string' ? message : JSON.stringify(message)),
    nextOfType(type) {
      const seen = received.findIndex((m) => m.type === type);
      if (seen >= 0) return Promise.resolve(received.splice(seen, 1)[0]);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`timed out waiting for a ${type} message`)), WAIT_MS);
        const listener = (message: any) => {
          if (message.type !== type) return;
          listeners.splice(listeners.indexOf(listener), 1);
          received.splice(received.indexOf(message), 1);
          clearTimeout(timer);
          resolve(message);
        };
        listeners.push(listener);
      });
    },
  };
}

/**
 * Resolves once `count` subscribers listen on `channel`. graphql-ws has no "subscribed" message,
 * so the test polls the server's own count, yielding to the event loop between looks.
 */
export async function waitForSubscribers(t: TestServer, channel: string, count: number): Promise<void> {
  const subscribers = () => t.server.app.realtime.subscriberCount(channel);
  await until(
    () => subscribers() === count,
    () => `${count} subscribers listen on ${channel} (have ${subscribers()})`,
    WAIT_MS,
  );
}
