/**
 * Three (or n) in-process instances in cluster mode on ONE PostgreSQL schema and a test NATS server (natsServer.ts,
 * JetStream on free ports), each started with startTestServer exactly as main.ts starts one, with the cluster's
 * settings in its environment. Cluster mode needs PostgreSQL: `clusterDatabaseUrl()` is undefined without
 * SVC_TEST_DATABASE_URL, and the suites skip with a message naming it.
 *
 * The instances start one after another (each applies the migrations and hydrates, then joins); `settled()` waits
 * until the shards are spread: every instance ready, every shard owned by exactly the instance placement names.
 * The NATS server signs clients in: the cluster's user has exactly the permissions of permissions.ts, and
 * `intruder` may do anything on NATS except under the cluster's prefix (the bus-security tests).
 */
import { randomBytes } from 'node:crypto';
import { clusterNatsPermissions, inboxPrefix } from '../../src/platform/cluster/permissions.js';
import { ownerOf as placementOwnerOf } from '../../src/platform/cluster/placement.js';
import type { Clock } from '../../src/platform/scheduler/index.js';
import { postgresBackend, type TestStore } from './backends.js';
import { natsServerAvailable, startNatsServer, type NatsServer } from './natsServer.js';
import { until } from './polling.js';
import { startTestServer, type TestServer } from './testServer.js';

export const CLUSTER_DATABASE_SKIP =
  'cluster mode needs PostgreSQL: set SVC_TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)';
export const CLUSTER_USER = 'svc-cluster';
export const CLUSTER_PASSWORD = 'svc-cluster-password';
export const INTRUDER = 'intruder';
export const INTRUDER_PASSWORD = 'intruder-password';

export function clusterDatabaseUrl(): string | undefined {
  return process.env['SVC_TEST_DATABASE_URL'] || undefined;
}

/**
 * Why a cluster suite cannot run here (no nats-server, no PostgreSQL), or false: every suite of test/cluster
 * describes itself with `{ skip: CLUSTER_SKIP }`.
 */
export const CLUSTER_SKIP: string | false = !natsServerAvailable()
  ? 'nats-server is not installed (apt-get install -y nats-server)'
  : clusterDatabaseUrl() === undefined
    ? CLUSTER_DATABASE_SKIP
    : false;

export interface TestCluster {
  readonly name: string;
  readonly nats: NatsServer;
  readonly store: TestStore;
  readonly instances: TestServer[];
  readonly shards: number;
  /** The settings of one more instance of this cluster (with SVC_DATABASE_URL), for a child process (childServer.ts). */
  instanceEnv(instanceId: string): Record<string, string>;
  /** The instance that owns the shard of `key` now (by its routing), or undefined while it moves. */
  ownerOfKey(key: string): TestServer | undefined;
  /** Every instance ready and every shard owned by the instance placement gives it among the live ones. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export interface TestClusterOptions {
  readonly size?: number;
  readonly shards?: number;
  /** More settings for every instance (a known admin password: BOOTSTRAP_ENV). */
  readonly env?: Record<string, string>;
  /** Product time of every instance (one manual clock moves them all); leases keep real time. @default real time */
  readonly clock?: Clock;
  /**
   * Runs once the first instance is up, before the others start (and hydrate what it did from PostgreSQL): a
   * sign-in whose session every instance must know, while sessions are not yet replicated between instances.
   */
  readonly afterFirst?: (first: TestServer) => Promise<void>;
}

/** A cluster name (its subject prefix) no other test uses. */
export function newClusterName(): string {
  return `t${randomBytes(4).toString('hex')}`;
}

/**
 * A NATS server for the cluster `name`: its user has exactly the permissions of permissions.ts; `intruder` may do
 * anything except under the cluster's prefix.
 */
export function startClusterNats(name: string): Promise<NatsServer> {
  const { publish, subscribe } = clusterNatsPermissions(name);
  return startNatsServer({
    config:
      `authorization { users = [ ` +
      `{ user: ${CLUSTER_USER}, password: ${CLUSTER_PASSWORD}, permissions: { publish: ${JSON.stringify(publish)}, subscribe: ${JSON.stringify(subscribe)} } }, ` +
      `{ user: ${INTRUDER}, password: ${INTRUDER_PASSWORD}, permissions: { publish: { allow: [">"], deny: ${JSON.stringify([`${name}.>`, '$JS.>', '$KV.>'])} }, subscribe: { allow: [">"], deny: ${JSON.stringify([`${name}.>`, `${inboxPrefix(name)}.>`])} } } } ` +
      `] }\n`,
    readyAs: { user: CLUSTER_USER, pass: CLUSTER_PASSWORD, inboxPrefix: inboxPrefix(name) },
  });
}

/** The settings of an instance of cluster `name` on `nats`: what an operator sets, nothing more. */
export function clusterInstanceEnv(nats: NatsServer, name: string, shards: number, instanceId: string): Record<string, string> {
  return {
    SVC_CLUSTER_NATS_URL: nats.url,
    SVC_CLUSTER_NAME: name,
    SVC_CLUSTER_SHARDS: String(shards),
    SVC_CLUSTER_NATS_USER: CLUSTER_USER,
    SVC_CLUSTER_NATS_PASSWORD: CLUSTER_PASSWORD,
    SVC_INSTANCE_ID: instanceId,
  };
}

export async function startTestCluster(databaseUrl: string, options: TestClusterOptions = {}): Promise<TestCluster> {
  const size = options.size ?? 3;
  const shards = options.shards ?? 16;
  const name = newClusterName();
  const nats = await startClusterNats(name);
  const store = await postgresBackend(databaseUrl).createStore();
  const instances: TestServer[] = [];
  const instanceEnv = (instanceId: string): Record<string, string> => ({
    ...clusterInstanceEnv(nats, name, shards, instanceId),
    ...options.env,
  });
  const close = async (): Promise<void> => {
    for (const instance of instances.reverse()) await instance.close().catch(() => undefined);
    await store.dispose();
    await nats.stop();
  };
  try {
    for (let i = 1; i <= size; i++) {
      instances.push(
        await startTestServer(postgresBackend(databaseUrl), {
          store,
          env: instanceEnv(`i${i}`),
          ...(options.clock ? { clock: options.clock } : {}),
        }),
      );
      if (i === 1) await options.afterFirst?.(instances[0]!);
    }
  } catch (error) {
    await close();
    throw error;
  }
  const clusterOf = (instance: TestServer) => instance.server.cluster!;
  return {
    name,
    nats,
    store,
    instances,
    shards,
    instanceEnv: (instanceId) => ({ ...instanceEnv(instanceId), SVC_DATABASE_URL: store.url! }),
    ownerOfKey(key) {
      return instances.find((instance) => {
        const routing = clusterOf(instance).routing;
        return routing.epochOf(routing.shardOf(key)) !== undefined;
      });
    },
    async settled() {
      const open = () => instances.filter((instance) => !clusterOf(instance).nc.isClosed());
      await until(
        () => {
          const running = open();
          const live = running.map((instance) => clusterOf(instance).instanceId).sort();
          if (!running.every((instance) => clusterOf(instance).ownership.isReady)) return false;
          for (let shard = 0; shard < shards; shard++) {
            const owners = running.filter((instance) => clusterOf(instance).ownership.epochOf(shard) !== undefined);
            if (owners.length !== 1 || clusterOf(owners[0]!).instanceId !== placementOwnerOf(shard, live)) return false;
          }
          return true;
        },
        () =>
          `every shard is owned by its placed instance (${open()
            .map((instance) => `${clusterOf(instance).instanceId}: ${clusterOf(instance).ownership.owned().size}`)
            .join(', ')})`,
        20_000,
      );
    },
    close,
  };
}
