/**
 * Several in-process instances of the product on ONE PostgreSQL schema and one test NATS server, each with cluster
 * mode's read model (src/platform/cluster/readModel.ts, docs/adr/0065) on a NATS connection of its own. Instance 0
 * is the only writer: it holds every shard at epoch 1 and prunes the history; the others hold none (a routing that
 * owns nothing: they refuse commands and leave timers to instance 0). No leases, no fence, no forwarding: tests send
 * every change to instance 0 and read anywhere. (Cluster mode proper, with all of these: testCluster.ts.)
 *
 * Each instance reaches NATS through a TCP relay of its own (`cut` / `mend`): a test drops an instance's messages
 * for real (the connection is gone, what is published meanwhile never reaches it) without touching the others.
 */
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { readHeads } from '../../src/platform/cluster/eventReplay.js';
import { isAfter } from '../../src/platform/cluster/eventStream.js';
import { shardOf } from '../../src/platform/cluster/shards.js';
import type { Clock } from '../../src/platform/scheduler/index.js';
import type { Backend, TestStore } from './backends.js';
import { startNatsServer, type NatsServer } from './natsServer.js';
import { until } from './polling.js';
import { TcpRelay } from './tcpRelay.js';
import { startTestServer, type TestServer } from './testServer.js';

export const READ_MODEL_SHARDS = 64;

/** Why a cluster test does not run: it needs PostgreSQL (several processes' worth of instances on one database). */
export interface ReadModelInstance {
  readonly t: TestServer;
  readonly nc: NatsConnection;
  readonly relay: TcpRelay;
}

export interface ReadModelCluster {
  readonly nats: NatsServer;
  readonly store: TestStore;
  /** Instance 0 writes; the others follow. */
  readonly instances: readonly ReadModelInstance[];
  close(): Promise<void>;
}

export interface ReadModelClusterOptions {
  readonly count?: number;
  readonly env?: Record<string, string>;
  readonly clock?: Clock;
  /** The cluster's name (subject prefix). @default a fixed test name */
  readonly name?: string;
}

export async function startReadModelCluster(backend: Backend, options: ReadModelClusterOptions = {}): Promise<ReadModelCluster> {
  const nats = await startNatsServer();
  const store = await backend.createStore();
  const instances: ReadModelInstance[] = [];
  const close = async () => {
    for (const { t } of [...instances].reverse()) await t.close();
    for (const { nc, relay } of instances) {
      await nc.close().catch(() => undefined);
      await relay.close();
    }
    await store.dispose();
    await nats.stop();
  };
  try {
    const all = Array.from({ length: READ_MODEL_SHARDS }, (_, shard) => shard);
    for (let i = 0; i < (options.count ?? 2); i++) {
      const relay = await TcpRelay.start({ port: nats.port });
      const nc = await connect({
        servers: `nats://127.0.0.1:${relay.port}`,
        reconnectTimeWait: 100,
        maxReconnectAttempts: -1,
        name: `instance-${i}`,
      });
      const writer = i === 0;
      const t = await startTestServer(backend, {
        store,
        ...(options.env ? { env: options.env } : {}),
        ...(options.clock ? { clock: options.clock } : {}),
        readModel: {
          nc,
          cluster: options.name ?? 'readmodel',
          shards: READ_MODEL_SHARDS,
          epochOf: writer ? () => 1 : () => undefined,
          ...(writer ? { owned: () => all } : {}),
          probe: { intervalMs: 200, withinMs: 3_000 },
        },
        // The followers own no shard: they take no command and fire no timer of what they adopt (instance 0's do).
        ...(writer
          ? {}
          : {
              routing: {
                shardOf: (key: string) => shardOf(key, READ_MODEL_SHARDS),
                epochOf: () => undefined,
                onTaken: () => () => undefined,
              },
            }),
      });
      instances.push({ t, nc, relay });
    }
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
  return { nats, store, instances, close };
}

/**
 * Resolves once every follower delivered every event committed so far: the stream's heads in PostgreSQL (each
 * shard's last committed event) against each follower's position. Call it after the writes' acknowledgements.
 */
export async function caughtUp(cluster: ReadModelCluster): Promise<void> {
  const [writer, ...followers] = cluster.instances;
  const heads = await readHeads(writer!.t.server.database.knex);
  for (const { t } of followers) {
    const subscriber = t.server.readModel!.subscriber;
    const behind = () => [...heads].filter(([shard, head]) => isAfter(head, subscriber.position(shard))).map(([shard]) => shard);
    await until(
      () => behind().length === 0,
      () => `instance ${t.url} delivers shards ${behind().join(', ')}`,
    );
  }
}
