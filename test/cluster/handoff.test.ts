/**
 * A graceful stop in cluster mode (docs/adr/0067): the stopping instance finishes what it accepted, leaves, and
 * hands each shard over; the others take them at once. Pushes sent meanwhile through the instances that stay get
 * 200 or 503 with Retry-After, never another error, and every push answered 200 is in PostgreSQL once. Runs only
 * with SVC_TEST_DATABASE_URL (cluster mode needs PostgreSQL).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { until } from '../support/polling.js';
import { CLUSTER_SKIP, clusterDatabaseUrl, startTestCluster, type TestCluster } from '../support/testCluster.js';

const databaseUrl = clusterDatabaseUrl();
const skip = CLUSTER_SKIP;

const NODE = 'global/cluster/handoff';

describe('cluster mode: a graceful stop hands its shards over', { skip }, () => {
  let cluster: TestCluster;

  before(async () => {
    cluster = await startTestCluster(databaseUrl!);
    await cluster.settled();
  });
  after(async () => {
    await cluster?.close();
  });

  it('moves every shard of the stopping instance to the others while pushes keep being answered 200 or 503 with Retry-After', async () => {
    const [first, second, leaving] = cluster.instances as [
      (typeof cluster.instances)[0],
      (typeof cluster.instances)[0],
      (typeof cluster.instances)[0],
    ];
    const leavingShards = leaving.server.cluster!.ownership.owned().size;
    assert.ok(leavingShards > 0, 'the third instance owns shards before it stops');
    const answered: { service: string; status: number; retryAfter: string | null }[] = [];
    let pushing = true;
    let n = 0;
    const load = (async () => {
      while (pushing) {
        const batch = Array.from({ length: 8 }, () => `svc-${n++}`);
        await Promise.all(
          batch.map(async (service, i) => {
            const answer = await (i % 2 === 0 ? first : second).call('POST', '/api/v1/health/report', {
              service,
              nodeId: NODE,
              status: 'DOWN',
            });
            answered.push({ service, status: answer.status, retryAfter: answer.headers.get('retry-after') });
          }),
        );
      }
    })();
    const stopStarted = performance.now();
    await leaving.close();
    const stopMs = performance.now() - stopStarted;
    await cluster.settled();
    // Some more pushes after the shards settled: those of the moved shards now go to their new owners.
    const settledAt = n;
    await until(() => n >= settledAt + 40, 'forty more pushes after the handoff');
    pushing = false;
    await load;

    assert.ok(stopMs < 10_000, `the stop took ${Math.round(stopMs)} ms`);
    for (const instance of [first, second]) assert.equal(instance.server.cluster!.ownership.live.includes('i3'), false);
    const others = answered.filter((a) => a.status !== 200);
    for (const refused of others) {
      assert.equal(refused.status, 503, `${refused.service}: ${refused.status}`);
      assert.equal(refused.retryAfter, '1');
    }
    const accepted = answered.filter((a) => a.status === 200);
    assert.ok(accepted.length >= 40, `pushes were accepted (${accepted.length} of ${answered.length})`);
    const rows = await first.server.database.knex('services').where({ node_path: NODE }).select('name');
    const names = rows.map((row: { name: string }) => row.name).sort();
    assert.deepEqual(names, [...new Set(names)], 'no service twice');
    for (const { service } of accepted) assert.ok(names.includes(service), `${service} answered 200 is in PostgreSQL`);
  });
});
