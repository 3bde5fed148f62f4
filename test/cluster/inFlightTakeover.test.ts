/**
 * Requests under way to an owner that dies (issue 29: "a push in flight to the killed owner waits the whole 5 s
 * deadline"). Two in-process instances and a third as a real process (main.ts) on one PostgreSQL schema: the third
 * is paused (SIGSTOP), pushes for services in its shards are sent through the other two and forwarded to it, where
 * they wait unanswered; then it is killed (SIGKILL). Once another instance has taken each shard, every push is sent
 * there with the idempotency key it carried and answered 200 within the forward deadline, and each change is stored
 * once. Runs only with SVC_TEST_DATABASE_URL (cluster mode needs PostgreSQL).
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { serviceShardKey } from '../../src/core/domain/service.js';
import { FORWARD_DEADLINE_MS } from '../../src/platform/cluster/forwarder.js';
import { startChildServer, type ChildServer } from '../support/childServer.js';
import { until } from '../support/polling.js';
import { CLUSTER_SKIP, clusterDatabaseUrl, startTestCluster, type TestCluster } from '../support/testCluster.js';
import { TEST_API_KEY } from '../support/testServer.js';

const databaseUrl = clusterDatabaseUrl();
const skip = CLUSTER_SKIP;

const NODE = 'global/cluster/in-flight';
const VICTIM = 'victim';

describe('cluster mode: requests under way to an owner that is killed', { skip }, () => {
  let cluster: TestCluster;
  let victim: ChildServer | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'svc-in-flight-'));

  before(async () => {
    cluster = await startTestCluster(databaseUrl!, { size: 2 });
    await cluster.settled();
    // The victim takes pushes with the in-process instances' key: a forwarded push is authorised again by its owner.
    victim = await startChildServer(
      { env: { SVC_DATA_DIR: dataDir }, dispose: async () => undefined },
      { ...cluster.instanceEnv(VICTIM), SVC_SECURITY_OPERATOR_API_KEY: TEST_API_KEY },
    );
    const edges = cluster.instances.map((instance) => instance.server.cluster!);
    await until(
      () =>
        edges.every(
          (edge) =>
            edge.ownership.live.includes(VICTIM) &&
            [...Array(cluster.shards).keys()].every((shard) => edge.ownership.ownerOf(shard) !== undefined) &&
            [...Array(cluster.shards).keys()].some((shard) => edge.ownership.ownerOf(shard)?.owner === VICTIM),
        ),
      'the victim joined and owns shards, as both other instances see it',
      20_000,
    );
  });
  after(async () => {
    if (victim !== undefined && victim.process.exitCode === null && victim.process.signalCode === null) {
      victim.process.kill('SIGKILL');
      await victim.exited;
    }
    await cluster?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 200 to pushes under way when the owner is killed, once another instance has its shards, each stored once', async () => {
    const [first, second] = cluster.instances as [(typeof cluster.instances)[0], (typeof cluster.instances)[0]];
    const ownership = first.server.cluster!.ownership;
    const shardOf = (name: string) => first.server.cluster!.routing.shardOf(serviceShardKey(NODE, name));
    const names = Array.from({ length: 200 }, (_, i) => `svc-${i}`)
      .filter((name) => ownership.ownerOf(shardOf(name))?.owner === VICTIM)
      .slice(0, 6);
    assert.equal(names.length, 6, 'six services in the victim’s shards');
    for (const name of names) {
      const created = await first.call('POST', '/api/v1/health/report', { service: name, nodeId: NODE, status: 'OPERATIONAL' });
      assert.equal(created.status, 200, created.text);
    }

    victim!.process.kill('SIGSTOP');
    const edges = [first, second].map((instance) => instance.server.cluster!.forwarder);
    const sentBefore = edges.reduce((sum, edge) => sum + edge.stats.sent, 0);
    const resentBefore = edges.reduce((sum, edge) => sum + edge.stats.resent, 0);
    const started = performance.now();
    const answers = names.map(async (name, i) => {
      const answer = await (i % 2 === 0 ? first : second).call('POST', '/api/v1/health/report', {
        service: name,
        nodeId: NODE,
        status: 'DOWN',
        message: 'in flight',
      });
      return { name, status: answer.status, text: answer.text, ms: performance.now() - started };
    });
    // Every push went out to the paused owner (it holds them unanswered), then it dies.
    await until(() => edges.reduce((sum, edge) => sum + edge.stats.sent, 0) >= sentBefore + names.length, 'every push sent to the victim');
    victim!.process.kill('SIGKILL');
    await victim!.exited;

    const answered = await Promise.all(answers);
    for (const answer of answered) {
      assert.equal(answer.status, 200, `${answer.name}: ${answer.status} after ${Math.round(answer.ms)} ms: ${answer.text}`);
      assert.ok(answer.ms < FORWARD_DEADLINE_MS, `${answer.name} answered within the forward deadline (${Math.round(answer.ms)} ms)`);
    }
    assert.ok(
      edges.reduce((sum, edge) => sum + edge.stats.resent, 0) >= resentBefore + names.length,
      'each push was sent again to the new owner when the lease moved',
    );
    const knex = first.server.database.knex;
    for (const name of names) {
      const row = await first.serviceRow(NODE, name);
      assert.equal(row.status, 'DOWN', name);
      const intervals = await knex('status_intervals').where({ service_id: row.id }).orderBy('seq').select('status');
      assert.deepEqual(
        intervals.map((interval: { status: string }) => interval.status),
        ['OPERATIONAL', 'DOWN'],
        `${name}: the change stored once`,
      );
    }
  });
});
