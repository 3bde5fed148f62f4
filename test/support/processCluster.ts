/**
 * A cluster of real processes (main.ts, as `npm start` runs it) on ONE PostgreSQL schema and a test NATS server:
 * what the fault suite kills (SIGKILL), pauses (SIGSTOP / SIGCONT), stops (SIGTERM) and cuts off. Each instance
 * reaches PostgreSQL through one TCP relay (tcpRelay.ts) that the test can cut, which is what a database restart
 * looks like from the instances; NATS restarts for real (natsServer.ts `restart`, same port and store).
 *
 * Who owns what is read where it is recorded: the fence's table (`cluster_shard_epochs`, each shard's epoch and
 * owner, written by the new owner before it accepts a command), through a direct connection, not the relay.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory, { type Knex } from 'knex';
import { postgresBackend, type TestStore } from './backends.js';
import { startChildServer, type ChildServer } from './childServer.js';
import { BOOTSTRAP_ENV } from './graphql.js';
import type { NatsServer } from './natsServer.js';
import { eventually } from './polling.js';
import { relayPostgres, type TcpRelay } from './tcpRelay.js';
import { clusterInstanceEnv, newClusterName, startClusterNats } from './testCluster.js';

export interface ProcessCluster {
  readonly name: string;
  readonly nats: NatsServer;
  readonly shards: number;
  /** The relay every instance reaches PostgreSQL through (`cut` it: a database restart as they see it). */
  readonly postgres: TcpRelay;
  /** A direct connection to the cluster's schema (checks only). */
  readonly knex: Knex;
  /** The instances started and not yet seen to exit, by instance id. */
  readonly running: ReadonlyMap<string, ChildServer>;
  /** Starts an instance (an id used before: the same instance restarted). */
  start(instanceId: string): Promise<ChildServer>;
  /** Each shard's owner as the fence records it (`cluster_shard_epochs`). */
  owners(): Promise<Map<number, { readonly owner: string; readonly epoch: number }>>;
  /** Whether the instance's /readyz answers 200 (false when it does not answer within a second). */
  isReady(instanceId: string): Promise<boolean>;
  /** Every running instance ready, and every shard recorded as owned by one of them. */
  settled(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface ProcessClusterOptions {
  readonly databaseUrl: string;
  readonly shards?: number;
  /** More settings for every instance. */
  readonly env?: Record<string, string>;
}

export async function startProcessCluster(options: ProcessClusterOptions): Promise<ProcessCluster> {
  const shards = options.shards ?? 32;
  const name = newClusterName();
  const nats = await startClusterNats(name);
  const store: TestStore = await postgresBackend(options.databaseUrl).createStore();
  const postgres = await relayPostgres(store.url!);
  const knex = knexFactory({ client: 'pg', connection: store.url!, pool: { min: 0, max: 2 } });
  const running = new Map<string, ChildServer>();
  // Each instance's own data dir (blobs): instances share the database, not a disk.
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-process-cluster-'));

  const start = async (instanceId: string): Promise<ChildServer> => {
    const child = await startChildServer(
      { env: { SVC_DATA_DIR: join(dataDir, instanceId) }, dispose: async () => undefined },
      {
        ...clusterInstanceEnv(nats, name, shards, instanceId),
        ...BOOTSTRAP_ENV,
        SVC_DATABASE_URL: postgres.url,
        ...options.env,
      },
    );
    running.set(instanceId, child);
    void child.exited.then(() => {
      if (running.get(instanceId) === child) running.delete(instanceId);
    });
    return child;
  };
  const owners = async () => {
    const rows = (await knex('cluster_shard_epochs').select('shard', 'epoch', 'owner')) as {
      shard: number;
      epoch: string | number;
      owner: string;
    }[];
    return new Map(rows.map((row) => [Number(row.shard), { owner: row.owner, epoch: Number(row.epoch) }]));
  };
  const isReady = async (instanceId: string) => {
    const child = running.get(instanceId);
    if (child === undefined) return false;
    try {
      const answer = await fetch(`${child.url}/readyz`, { signal: AbortSignal.timeout(1_000) });
      await answer.arrayBuffer();
      return answer.status === 200;
    } catch {
      return false;
    }
  };
  const close = async () => {
    for (const child of running.values()) {
      if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill('SIGKILL');
    }
    await Promise.all([...running.values()].map((child) => child.exited));
    await knex.destroy();
    await postgres.relay.close();
    await store.dispose();
    await nats.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return {
    name,
    nats,
    shards,
    postgres: postgres.relay,
    knex,
    running,
    start,
    owners,
    isReady,
    async settled(timeoutMs = 30_000) {
      let last = '';
      await eventually(
        async () => {
          const ids = [...running.keys()];
          const ready = await Promise.all(ids.map(isReady));
          const recorded = await owners();
          const unowned = [...Array(shards).keys()].filter((shard) => !running.has(recorded.get(shard)?.owner ?? ''));
          last = `ready: ${ids.map((id, i) => `${id} ${ready[i]}`).join(', ')}; shards without a running owner: ${unowned.length}`;
          return ready.every(Boolean) && unowned.length === 0 ? true : undefined;
        },
        () => `the cluster settles (${last})`,
        timeoutMs,
      );
    },
    close,
  };
}

/** A GraphQL call to one instance of a process cluster (`url`); fails the test on any GraphQL error. */
export async function gqlAt(url: string, query: string, variables: Record<string, unknown> = {}, token?: string) {
  const answer = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await answer.json()) as { data?: any; errors?: unknown[] };
  assert.equal(body.errors, undefined, `${url}: ${JSON.stringify(body.errors)}`);
  return body.data;
}
