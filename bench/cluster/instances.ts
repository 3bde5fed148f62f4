/**
 * A cluster of real server processes for `bench:cluster`: its own nats-server (Debian's, on a free port, the cluster
 * user with exactly the permissions of src/platform/cluster/permissions.ts: test/support/testCluster.ts), one fresh
 * PostgreSQL schema, and instances started as `node --import tsx src/main.ts` (or the compiled `dist/src/main.js`)
 * in cluster mode with the bench's production settings (bench/lib/serverEnv.ts). Unlike the test suite's
 * processCluster.ts, the instances reach PostgreSQL directly (no relay in this process to pay for).
 *
 * Who owns what is read where the fence records it: `cluster_shard_epochs` (each shard's epoch and owner, written by
 * the new owner before it accepts a command).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ownerOf } from '../../src/platform/cluster/placement.js';
import { startChildServer, type ChildServer } from '../lib/childServer.js';
import { createSchema, type BenchSchema } from '../lib/postgresSchema.js';
import { benchServerEnv } from '../lib/serverEnv.js';
import type { NatsServer } from '../../test/support/natsServer.js';
import { clusterInstanceEnv, newClusterName, startClusterNats } from '../../test/support/testCluster.js';

export interface InstanceLaunch {
  readonly root: string;
  /** node's arguments before the entry (the shipped flags). */
  readonly nodeArgs: readonly string[];
  readonly built: boolean;
  readonly apiKey: string;
  readonly adminPassword: string;
  readonly jwtSecret: string;
}

export interface BenchCluster {
  readonly name: string;
  readonly nats: NatsServer;
  /** The nats-server's pid (its CPU is reported beside the instances'), when found. */
  readonly natsPid: number | undefined;
  readonly shards: number;
  readonly schema: BenchSchema;
  /** Running instances by id. */
  readonly running: ReadonlyMap<string, ChildServer>;
  start(instanceId: string): Promise<ChildServer>;
  /** SIGKILL, awaited. */
  kill(instanceId: string): Promise<void>;
  /** SIGTERM, awaited; the exit code. */
  terminate(instanceId: string): Promise<number | null>;
  /** Each shard's owner as the fence records it. */
  owners(): Promise<Map<number, string>>;
  /** Every running instance ready and every shard recorded as owned by the instance placement names among them. */
  settled(timeoutMs?: number): Promise<void>;
  /** Rows of a query on the cluster's schema. */
  query<T>(sql: string, values?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export function serverArgs(launch: InstanceLaunch): string[] {
  return [...launch.nodeArgs, ...(launch.built ? ['dist/src/main.js'] : ['--import', 'tsx', 'src/main.ts'])];
}

/** The env of this server for the bench: production settings, a known admin, one JWT secret for every instance. */
export function instanceEnv(launch: InstanceLaunch, dataDir: string, databaseUrl: string): Record<string, string> {
  return {
    ...benchServerEnv({
      dataDir,
      databaseUrl,
      apiKey: launch.apiKey,
      adminPassword: launch.adminPassword,
      jwtSecret: launch.jwtSecret,
      logLevel: 'info',
    }),
    // Secrets at rest are sealed with it: one for every instance (otherwise each generates its own).
    SVC_AUTH_SECRET_KEY: launch.jwtSecret,
  };
}

/** The pid of the nats-server listening on `port` (its command line names it), or undefined. */
function natsPidOf(port: number): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (args[0]?.endsWith('nats-server') && args.includes(String(port))) return Number(entry);
    } catch {
      // gone meanwhile
    }
  }
  return undefined;
}

async function readyz(url: string): Promise<boolean> {
  try {
    const answer = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1_000) });
    await answer.arrayBuffer();
    return answer.status === 200;
  } catch {
    return false;
  }
}

export async function startBenchCluster(launch: InstanceLaunch, databaseUrl: string, shards: number): Promise<BenchCluster> {
  const name = newClusterName();
  const nats = await startClusterNats(name);
  const schema = await createSchema(databaseUrl, 'bench_cluster');
  const pool = new pg.Pool({ connectionString: schema.url, max: 2 });
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-bench-cluster-'));
  const running = new Map<string, ChildServer>();

  const owners = async () => {
    const { rows } = await pool.query<{ shard: number; owner: string }>('select shard, owner from cluster_shard_epochs');
    return new Map(rows.map((row) => [Number(row.shard), row.owner]));
  };
  const settled = async (timeoutMs = 60_000) => {
    const deadline = performance.now() + timeoutMs;
    let last = '';
    while (performance.now() < deadline) {
      const ids = [...running.keys()];
      const ready = await Promise.all(ids.map((id) => readyz(running.get(id)!.url)));
      const recorded = await owners().catch(() => new Map<number, string>());
      let misplaced = 0;
      for (let shard = 0; shard < shards; shard++) if (recorded.get(shard) !== ownerOf(shard, ids)) misplaced += 1;
      if (ready.every(Boolean) && misplaced === 0) return;
      last = `ready: ${ids.map((id, i) => `${id} ${ready[i]}`).join(', ')}; shards not with their placed owner: ${misplaced}`;
      // Polling what the processes record (their readiness, the fence's table): nothing to await in this process.
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`the cluster did not settle within ${timeoutMs} ms (${last})`);
  };

  const cluster: BenchCluster = {
    name,
    nats,
    natsPid: natsPidOf(nats.port),
    shards,
    schema,
    running,
    async start(instanceId) {
      const child = await startChildServer({
        name: instanceId,
        cwd: launch.root,
        args: serverArgs(launch),
        env: {
          ...instanceEnv(launch, join(dataDir, instanceId), schema.url),
          ...clusterInstanceEnv(nats, name, shards, instanceId),
        },
        startTimeoutMs: 120_000,
      });
      running.set(instanceId, child);
      return child;
    },
    async kill(instanceId) {
      const child = running.get(instanceId);
      if (child === undefined) return;
      process.kill(child.pid, 'SIGKILL');
      await child.stop(0);
      running.delete(instanceId);
    },
    async terminate(instanceId) {
      const child = running.get(instanceId);
      if (child === undefined) return null;
      const code = await child.stop(30_000);
      running.delete(instanceId);
      return code;
    },
    owners,
    settled,
    async query<T>(sql: string, values: unknown[] = []) {
      return (await pool.query(sql, values)).rows as T[];
    },
    async close() {
      await Promise.all([...running.values()].map((child) => child.stop(5_000)));
      running.clear();
      await pool.end();
      await schema.drop();
      await nats.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return cluster;
}

/** The shards each running instance owns, from the fence's records. */
export function shardsBy(owners: ReadonlyMap<number, string>): Map<string, number[]> {
  const by = new Map<string, number[]>();
  for (const [shard, owner] of owners) by.set(owner, [...(by.get(owner) ?? []), shard]);
  return by;
}

/** The floor's process (eventListener.ts): receives and decodes the cluster's events, nothing else. */
export interface EventListener {
  readonly pid: number;
  /** SIGTERM; what it counted. */
  stop(): Promise<string>;
}

export async function startEventListener(launch: InstanceLaunch, cluster: BenchCluster): Promise<EventListener> {
  const env = clusterInstanceEnv(cluster.nats, cluster.name, cluster.shards, 'listener');
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/cluster/eventListener.ts'], {
    cwd: launch.root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8');
  const listening = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
      if (output.includes('listening')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the event listener exited (${code}) before it listened`)));
  });
  await listening;
  return {
    pid: child.pid!,
    async stop() {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
      return output.replace('listening\n', '').trim();
    },
  };
}
