/**
 * Many graphql-ws subscribers in one process, each a real graphql-ws client (its own socket) with
 * the documented reconnect settings (docs/api/realtime.md, web/src/api/reconnect.ts): no cap on
 * attempts, every failure retried (a refused connection too), jittered waits of at most 5 s, and on
 * each reconnect a catch-up query for what was missed while away. Cheap by construction: every
 * client subscribes with the same document and the same subscription id, so the server executes
 * one payload per event and publishes it once to all of them.
 *
 * Records per subscriber what a drain is judged by: close codes and times, upgrade refusals (the
 * status of each), reconnect times, events, and catch-up results (performance.now() times).
 */
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { reconnectWait } from '../../web/src/api/reconnect.js';

export interface SubscriberRecord {
  readonly index: number;
  readonly connects: number[];
  readonly closes: Array<{ readonly code: number; readonly reason: string; readonly at: number }>;
  /** Statuses the server answered an upgrade with instead of upgrading (503 while it starts or stops). */
  readonly refusals: number[];
  /** Other connection errors (a refused connection while no process listens), by message. */
  readonly errors: string[];
  readonly events: unknown[];
  /** What the catch-up query answered after each reconnect, with when it was asked. */
  readonly catchUps: Array<{ readonly at: number; readonly value: unknown }>;
}

export interface SubscriberFleet {
  readonly records: readonly SubscriberRecord[];
  dispose(): Promise<void>;
}

export interface SubscriberOptions {
  readonly wsUrl: string;
  readonly token: string;
  readonly count: number;
  readonly query: string;
  /** Run after every reconnect (not the first connect): what the subscriber missed, asked again. */
  readonly catchUp: () => Promise<unknown>;
}

const SHARED_SUBSCRIPTION_ID = 'drain-watch';

export function startSubscribers(options: SubscriberOptions): SubscriberFleet {
  const records: SubscriberRecord[] = [];
  const clients: Client[] = [];
  for (let index = 0; index < options.count; index += 1) {
    const record: SubscriberRecord = { index, connects: [], closes: [], refusals: [], errors: [], events: [], catchUps: [] };
    records.push(record);
    const client = createClient({
      url: options.wsUrl,
      webSocketImpl: WebSocket,
      connectionParams: { token: options.token },
      generateID: () => SHARED_SUBSCRIPTION_ID,
      // The documented settings (docs/api/realtime.md "Reconnecting").
      retryAttempts: Number.POSITIVE_INFINITY,
      shouldRetry: () => true,
      retryWait: reconnectWait,
      on: {
        connected: (_socket, _payload, wasRetry) => {
          record.connects.push(performance.now());
          if (!wasRetry) return;
          void options.catchUp().then(
            (value) => record.catchUps.push({ at: performance.now(), value }),
            (error: unknown) => record.errors.push(`catch-up failed: ${(error as Error).message}`),
          );
        },
        closed: (event) => {
          const { code, reason } = event as { code: number; reason: unknown };
          record.closes.push({ code, reason: String(reason), at: performance.now() });
        },
        error: (error) => {
          const message = String((error as { message?: unknown }).message ?? error);
          const refused = /Unexpected server response: (\d+)/.exec(message);
          if (refused) record.refusals.push(Number(refused[1]));
          else record.errors.push(message);
        },
      },
    });
    clients.push(client);
    client.subscribe(
      { query: options.query },
      {
        next: (value) => record.events.push(value),
        error: (error) => record.errors.push(`subscription failed: ${JSON.stringify(error)}`),
        complete: () => undefined,
      },
    );
  }
  return {
    records,
    async dispose() {
      await Promise.all(clients.map((client) => Promise.resolve(client.dispose()).catch(() => undefined)));
    },
  };
}
