/**
 * SIGTERM of an instance in cluster mode, as a real process started by main.ts (docs/adr/0067): it joins, takes
 * its shards, and on SIGTERM drains, hands every shard over and exits 0; the instance that stays owns them all at
 * once (a handoff, not a lease expiring a TTL later). Runs only with SVC_TEST_DATABASE_URL (cluster mode needs
 * PostgreSQL).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { DEFAULT_LEASE_TIMINGS } from '../../src/platform/cluster/timings.js';
import { startChildServer, stopGracefully } from '../support/childServer.js';
import { eventually, until } from '../support/polling.js';
import { CLUSTER_SKIP, clusterDatabaseUrl, startTestCluster } from '../support/testCluster.js';

const databaseUrl = clusterDatabaseUrl();
const skip = CLUSTER_SKIP;

describe('cluster mode: SIGTERM', { skip }, () => {
  it('joins as a process, then hands its shards over on SIGTERM and exits 0', async () => {
    const cluster = await startTestCluster(databaseUrl!, { size: 1 });
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-cluster-child-'));
    let child: Awaited<ReturnType<typeof startChildServer>> | undefined;
    try {
      await cluster.settled();
      const stays = cluster.instances[0]!.server.cluster!;
      child = await startChildServer({ env: { SVC_DATA_DIR: dataDir }, dispose: async () => undefined }, cluster.instanceEnv('child'));
      await until(
        () => stays.ownership.live.includes('child') && stays.ownership.owned().size < cluster.shards,
        'the child joined and took shards',
        20_000,
      );
      await until(
        () => [...Array(cluster.shards).keys()].every((shard) => stays.ownership.ownerOf(shard) !== undefined),
        'every shard owned',
        20_000,
      );
      const childShards = cluster.shards - stays.ownership.owned().size;
      assert.ok(childShards > 0);
      const url = `${child.url}/readyz`;
      const ready = await eventually(async () => {
        const answer = await fetch(url);
        const body = (await answer.json()) as { checks: Record<string, { status: string; output?: string }[]> };
        return answer.status === 200 ? body : undefined;
      }, 'the child is ready');
      assert.equal(ready.checks['cluster']![0]!.status, 'pass');

      await stopGracefully(child);
      const exitedAt = performance.now();
      await until(() => stays.ownership.owned().size === cluster.shards, 'the staying instance owns every shard', 10_000);
      const ms = performance.now() - exitedAt;
      assert.ok(ms < DEFAULT_LEASE_TIMINGS.ttlMs, `taken ${Math.round(ms)} ms after the exit: handed over, not expired`);
      assert.deepEqual(stays.ownership.live, ['i1']);
      assert.ok(
        child.logs.some((record) => record['msg'] === 'cluster: ready'),
        'the child logged that it was ready',
      );
    } finally {
      // A failed assertion before the SIGTERM must not leave the process running (it would hold the test open).
      if (child !== undefined && child.process.exitCode === null && child.process.signalCode === null) {
        child.process.kill('SIGKILL');
        await child.exited;
      }
      await cluster.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
