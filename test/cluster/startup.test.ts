/**
 * Starting in cluster mode (docs/adr/0067): an instance whose NATS cannot be reached refuses to start with a
 * message naming the servers (and never a credential), and leaves nothing running; one that can joins and reports
 * `cluster` in its readiness, with nothing but the cluster settings (clusterInstanceEnv). Runs only with SVC_TEST_DATABASE_URL (cluster mode needs PostgreSQL).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { postgresBackend } from '../support/backends.js';
import { freePort } from '../support/natsServer.js';
import { CLUSTER_SKIP, clusterDatabaseUrl, startTestCluster } from '../support/testCluster.js';
import { startTestServer } from '../support/testServer.js';

const databaseUrl = clusterDatabaseUrl();
const skip = CLUSTER_SKIP;

describe('cluster mode: start-up', { skip }, () => {
  it('refuses to start when NATS cannot be reached, naming the servers and not the password', async () => {
    const port = await freePort();
    const backend = postgresBackend(databaseUrl!);
    const store = await backend.createStore();
    try {
      await assert.rejects(
        startTestServer(backend, {
          store,
          env: {
            SVC_CLUSTER_NATS_URL: `nats://127.0.0.1:${port}`,
            SVC_CLUSTER_NATS_USER: 'svc',
            SVC_CLUSTER_NATS_PASSWORD: 'very-secret-password',
          },
        }),
        (error: Error) =>
          error.message.includes(`cannot connect to NATS at nats://127.0.0.1:${port}`) && !error.message.includes('very-secret-password'),
      );
    } finally {
      await store.dispose();
    }
  });

  it('starts with the cluster settings alone (no acknowledgement that anything is per instance) and reports the cluster check in readiness once its shards are owned', async () => {
    const cluster = await startTestCluster(databaseUrl!, { size: 1 });
    try {
      await cluster.settled();
      const [only] = cluster.instances;
      const answer = await only!.call('GET', '/readyz');
      assert.equal(answer.status, 200, answer.text);
      assert.equal(answer.json.checks.cluster[0].status, 'pass');
      assert.equal(answer.json.checks.cluster[0].observedValue, cluster.shards);
    } finally {
      await cluster.close();
    }
  });
});
