/**
 * The stock reference, what a user would pick instead: a `ws` WebSocketServer with graphql-ws's
 * `useServer`, a graphql-js schema (@graphql-tools/schema) with the same subscription field and
 * payload shape, and a small in-process pubsub that gives every subscriber its own async iterator,
 * as graphql-subscriptions' PubSub does. graphql-ws therefore executes the selection set and
 * serializes the result once per subscriber per event. The connection_init token is accepted
 * without a check (this server verifies a JWT there; that is connect-time work, not fan-out).
 */
import { makeExecutableSchema } from '@graphql-tools/schema';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { statusChange, WS_PATH, type StatusChangePayload } from './frames.js';
import { runServerChild } from './serverHost.js';

const SERVICE_ID = '5b7c1f4e-2d3a-4c8b-9e6f-0a1b2c3d4e5f';

const typeDefs = /* GraphQL */ `
  enum ServiceStatus { OPERATIONAL DEGRADED PARTIAL_OUTAGE DOWN MAINTENANCE UNKNOWN }
  type ServiceRef { id: ID! name: String! path: String! }
  type ServiceStatusChange {
    event: String!
    status: ServiceStatus!
    previousStatus: ServiceStatus!
    message: String
    service: ServiceRef
    changedAt: String!
  }
  type Query { ok: Boolean }
  type Subscription { serviceStatusChanged: ServiceStatusChange! }
`;

/** An in-process pubsub: one async iterator (with its own queue) per subscriber. */
class PubSub<T> {
  private readonly listeners = new Set<(value: T) => void>();

  get size(): number {
    return this.listeners.size;
  }

  publish(value: T): void {
    for (const listener of this.listeners) listener(value);
  }

  iterator(): AsyncIterableIterator<T> {
    const queue: T[] = [];
    let waiting: ((result: IteratorResult<T>) => void) | undefined;
    let done = false;
    const listener = (value: T) => {
      if (waiting) {
        const resolve = waiting;
        waiting = undefined;
        resolve({ value, done: false });
      } else {
        queue.push(value);
      }
    };
    this.listeners.add(listener);
    const finish = (): Promise<IteratorResult<T>> => {
      done = true;
      this.listeners.delete(listener);
      queue.length = 0;
      if (waiting) {
        waiting({ value: undefined, done: true });
        waiting = undefined;
      }
      return Promise.resolve({ value: undefined, done: true });
    };
    return {
      next: () => {
        if (queue.length > 0) return Promise.resolve({ value: queue.shift()!, done: false });
        if (done) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => (waiting = resolve));
      },
      return: finish,
      throw: (error: unknown) => {
        void finish();
        return Promise.reject(error);
      },
      [Symbol.asyncIterator]() {
        return this;
      },
    };
  }
}

await runServerChild(async () => {
  const pubsub = new PubSub<StatusChangePayload>();
  const schema = makeExecutableSchema({
    typeDefs,
    resolvers: {
      Subscription: {
        serviceStatusChanged: {
          subscribe: () => pubsub.iterator(),
          resolve: (payload: StatusChangePayload) => payload,
        },
      },
    },
  });
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: WS_PATH, perMessageDeflate: false });
  await new Promise<void>((resolve, reject) => {
    wss.once('listening', resolve);
    wss.once('error', reject);
  });
  const graphqlWs = useServer({ schema }, wss);
  const address = wss.address();
  if (typeof address !== 'object' || address === null) throw new Error('ws server has no port');
  return {
    port: address.port,
    publish(seq) {
      pubsub.publish(statusChange(seq, SERVICE_ID, Date.now()));
    },
    async close() {
      await graphqlWs.dispose();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
    info: () => ({ subscribers: pubsub.size }),
  };
});
