/**
 * Cluster mode in the running server (docs/adr/0067): three instances on one PostgreSQL schema and a test NATS.
 * Every instance accepts every push; the owner of the service's shard applies it (one writer per entity), the
 * others forward the request as received and relay the owner's answer; a shard whose owner does not answer gives
 * 503 with Retry-After after 5 s, never a 500; the owner checks the caller again; nothing else on the NATS can
 * make an instance apply a command. Runs only with SVC_TEST_DATABASE_URL (cluster mode needs PostgreSQL).
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { serviceShardKey } from '../../src/core/domain/service.js';
import { decodeAnswer, encodeRequest, forwardSubject } from '../../src/platform/cluster/forwardWire.js';
import { inboxPrefix } from '../../src/platform/cluster/permissions.js';
import { BOOTSTRAP_ENV, gql, signInAdmin, type SignedIn } from '../support/graphql.js';
import { metricReaches, metricsOf, METRICS_ENV } from '../support/metrics.js';
import { until } from '../support/polling.js';
import {
  CLUSTER_SKIP,
  CLUSTER_PASSWORD,
  CLUSTER_USER,
  clusterDatabaseUrl,
  INTRUDER,
  INTRUDER_PASSWORD,
  startTestCluster,
  type TestCluster,
} from '../support/testCluster.js';
import { TEST_API_KEY, type TestServer } from '../support/testServer.js';

const databaseUrl = clusterDatabaseUrl();
const skip = CLUSTER_SKIP;

const NODE = 'global/cluster/tests';
const push = (instance: TestServer, service: string, status: string, headers: Record<string, string> = {}) =>
  instance.call('POST', '/api/v1/health/report', { service, nodeId: NODE, status, message: `now ${status}` }, headers);

describe('cluster mode: one writer per entity, requests forwarded to the owner', { skip }, () => {
  let cluster: TestCluster;
  let admin: SignedIn;

  before(async () => {
    // Signed in before the others start, so every instance hydrates the session (sessions are not replicated here).
    cluster = await startTestCluster(databaseUrl!, {
      env: { ...BOOTSTRAP_ENV, ...METRICS_ENV },
      afterFirst: async (first) => void (admin = await signInAdmin(first)),
    });
    await cluster.settled();
  });
  // Each test starts with every shard owned where placement puts it (a loaded machine can let a lease lapse between tests).
  beforeEach(() => cluster.settled());
  after(async () => {
    await cluster?.close();
  });

  const owner = (service: string) => {
    const found = cluster.ownerOfKey(serviceShardKey(NODE, service));
    assert.ok(found, `an owner for ${service}`);
    return found;
  };
  const notOwners = (service: string) => cluster.instances.filter((instance) => instance !== owner(service));

  it('applies pushes sent through every instance exactly once, on the owner', async () => {
    const services = Array.from({ length: 24 }, (_, i) => `svc-${i}`);
    const statuses = ['DOWN', 'DEGRADED', 'OPERATIONAL'];
    for (const [round, status] of statuses.entries()) {
      await Promise.all(
        services.map(async (service, i) => {
          const through = cluster.instances[(i + round) % cluster.instances.length]!;
          const answer = await push(through, service, status);
          assert.equal(answer.status, 200, `${service} via ${through.server.cluster!.instanceId}: ${answer.text}`);
          assert.equal(answer.json.status, status);
        }),
      );
    }
    const first = cluster.instances[0]!;
    const knex = first.server.database.knex;
    for (const service of services) {
      const row = await first.serviceRow(NODE, service);
      assert.equal(row.status, 'OPERATIONAL', service);
      // Each push applied once, by the owner: one status interval per change, none twice.
      const intervals = await knex('status_intervals').where({ service_id: row.id }).orderBy('seq').select('status');
      assert.deepEqual(
        intervals.map((interval: { status: string }) => interval.status),
        statuses,
        `${service}: each change applied once`,
      );
    }
    // Every instance's read model shows the owner's last commit (docs/adr/0065).
    await until(
      () =>
        cluster.instances.every((instance) =>
          services.every((service) => instance.server.fleet.services.find(NODE, service)?.status === 'OPERATIONAL'),
        ),
      'every instance shows every service OPERATIONAL',
    );
    const relayed = cluster.instances.reduce((sum, instance) => sum + instance.server.cluster!.forwarder.stats.relayed, 0);
    assert.ok(relayed >= (services.length * statuses.length * 2) / cluster.instances.length / 2, `requests were forwarded (${relayed})`);
  });

  it("relays the owner's answer as it is", async () => {
    const service = 'svc-answer';
    const [other] = notOwners(service);
    assert.equal((await push(owner(service), service, 'DOWN')).status, 200);
    const direct = await push(owner(service), service, 'DOWN');
    const forwarded = await push(other!, service, 'DOWN');
    assert.equal(forwarded.status, direct.status);
    assert.equal(forwarded.headers.get('content-type'), direct.headers.get('content-type'));
    assert.deepEqual({ ...forwarded.json, warnings: [] }, { ...direct.json, warnings: [] });
    assert.equal(forwarded.json.serviceId, (await owner(service).serviceRow(NODE, service)).id);
  });

  it('refuses a bad key at the edge and applies a retried Idempotency-Key once', async () => {
    const service = 'svc-keyed';
    const [other] = notOwners(service);
    const refused = await push(other!, service, 'DOWN', { 'x-api-key': 'wrong' });
    assert.equal(refused.status, 401);
    const headers = { 'idempotency-key': 'cluster-retry-1' };
    const firstAnswer = await push(other!, service, 'DOWN', headers);
    const retried = await push(cluster.instances.find((i) => i !== other && i !== owner(service))!, service, 'DOWN', headers);
    assert.equal(firstAnswer.status, 200);
    assert.equal(retried.status, 200);
    assert.equal(retried.headers.get('idempotent-replayed'), 'true');
    assert.equal(retried.text, firstAnswer.text);
    assert.equal((await cluster.instances[0]!.serviceRows(NODE, service)).length, 1);
  });

  it('forwards a GraphQL mutation whole to its owner, and answers a field owned elsewhere with a retryable error', async () => {
    const through = cluster.instances[0]!;
    const create = (alias: string, name: string) => `${alias}: createService(input: { name: "${name}", nodeId: "${NODE}" }) { id name }`;
    const elsewhere = ['gql-0', 'gql-1', 'gql-2', 'gql-3', 'gql-4', 'gql-5'].find((name) => owner(name) !== through)!;
    const forwarded = await gql(through, `mutation { ${create('created', elsewhere)} }`, undefined, admin.accessToken);
    assert.equal(forwarded.status, 200, forwarded.text);
    assert.equal(forwarded.errors, undefined, forwarded.text);
    assert.equal(forwarded.data.created.id, (await through.serviceRow(NODE, elsewhere)).id);

    const local = ['gql-l0', 'gql-l1', 'gql-l2', 'gql-l3', 'gql-l4', 'gql-l5', 'gql-l6', 'gql-l7'].find((name) => owner(name) === through)!;
    const remote = ['gql-r0', 'gql-r1', 'gql-r2', 'gql-r3', 'gql-r4', 'gql-r5'].find((name) => owner(name) !== through)!;
    const mixed = await gql(through, `mutation { ${create('here', local)} ${create('there', remote)} }`, undefined, admin.accessToken);
    // createService is non-null, so the refused second field nulls the whole data (GraphQL's rule); the first applied.
    assert.equal(mixed.data, null);
    assert.deepEqual(mixed.codes, ['UNAVAILABLE']);
    assert.deepEqual(mixed.errors![0].path, ['there']);
    assert.equal((await through.serviceRows(NODE, local)).length, 1, 'the field owned here was applied');
    assert.equal(mixed.errors![0].extensions.retryAfterSeconds, 1, mixed.text);
    assert.equal((await through.serviceRows(NODE, remote)).length, 0, 'the field owned elsewhere changed nothing');
  });

  it('answers 503 with Retry-After, not 500, when the owner does not answer within 5 s', async () => {
    const service = 'svc-unanswered';
    const home = owner(service);
    const [other] = notOwners(service);
    // The owner keeps its leases but stops answering forwarded requests (as if its NATS subscription wedged).
    await home.server.cluster!.forwardServer.stop();
    try {
      const started = performance.now();
      const answer = await push(other!, service, 'DOWN');
      const ms = performance.now() - started;
      assert.equal(answer.status, 503, answer.text);
      assert.equal(answer.headers.get('retry-after'), '1');
      assert.match(answer.json.error, /did not answer within 5 s/);
      assert.ok(ms >= 4_900 && ms < 8_000, `answered after ${Math.round(ms)} ms`);
      assert.equal((await other!.serviceRows(NODE, service)).length, 0, 'nothing was applied');
      assert.equal(answer.headers.get('idempotency-key'), null, 'nothing to retry with a key: it never reached the owner');
    } finally {
      home.server.cluster!.forwardServer.serve(ownerApplicationOf(home));
    }
  });

  it('forwards a batch whose services one other instance owns whole, and refuses one spanning two owners without applying any', async () => {
    const through = cluster.instances[0]!;
    const [second, third] = cluster.instances.slice(1) as [TestServer, TestServer];
    const candidates = Array.from({ length: 60 }, (_, i) => `batch-${i}`);
    const ownedBy = (instance: TestServer) => candidates.filter((name) => owner(name) === instance).slice(0, 3);
    const batch = (names: string[]) => ({ reports: names.map((service) => ({ service, nodeId: NODE, status: 'DEGRADED' })) });

    const oneOwner = ownedBy(second);
    const whole = await through.call('POST', '/api/v1/health/report/batch', batch(oneOwner));
    assert.equal(whole.status, 200, whole.text);
    for (const name of oneOwner) assert.equal((await through.serviceRow(NODE, name)).status, 'DEGRADED');

    const twoOwners = [...ownedBy(third), ...candidates.filter((name) => owner(name) === second).slice(3, 5)];
    assert.equal(twoOwners.length, 5);
    const refused = await through.call('POST', '/api/v1/health/report/batch', batch(twoOwners));
    assert.equal(refused.status, 503, refused.text);
    assert.equal(refused.headers.get('retry-after'), '1');
    assert.match(refused.json.error, /owned by 2 different instances .*send them in separate requests/);
    for (const name of twoOwners) assert.equal((await through.serviceRows(NODE, name)).length, 0, `${name} was not applied`);
  });

  it('mints new entity ids in shards the minting instance owns, so a new entity is created where it is asked for', () => {
    for (const instance of cluster.instances) {
      const { routing } = instance.server.cluster!;
      for (let i = 0; i < 50; i++) {
        const id = instance.server.cluster!.newId();
        assert.notEqual(routing.epochOf(routing.shardOf(id)), undefined, `${id} on ${instance.server.cluster!.instanceId}`);
      }
    }
  });

  it('shows the cluster in its metrics: shards owned, members, forwards, events from the others and their lag', async () => {
    const service = 'svc-metrics';
    const [other] = notOwners(service);
    assert.equal((await push(other!, service, 'DOWN')).status, 200);
    const scraped = await Promise.all(cluster.instances.map((instance) => metricsOf(instance.url)));
    const total = (name: string, labels: Record<string, string> = {}) =>
      scraped.reduce((sum, exposition) => sum + (exposition.value(name, labels) ?? 0), 0);
    assert.equal(total('svc_cluster_shards_owned'), cluster.shards, 'every shard owned once');
    for (const exposition of scraped) assert.equal(exposition.value('svc_cluster_members'), cluster.instances.length);
    assert.ok(total('svc_cluster_forwards_total', { outcome: 'relayed' }) >= 1, 'requests relayed from the edge');
    assert.ok(total('svc_cluster_forwarded_in_total', { outcome: 'answered' }) >= 1, 'forwarded requests answered by owners');
    assert.deepEqual(
      scraped.map((exposition) => exposition.value('svc_cluster_forward_resends_total')),
      cluster.instances.map((instance) => instance.server.cluster!.forwarder.stats.resent),
      'each instance shows the requests it sent again to a new owner',
    );
    assert.ok(total('svc_cluster_shard_changes_total', { change: 'taken' }) >= cluster.shards);
    const delivered = await Promise.all(
      cluster.instances.map((instance) => metricReaches(instance.url, 'svc_cluster_events_total', { how: 'delivered' }, 1)),
    );
    assert.ok(
      delivered.every((count) => count >= 1),
      `every instance heard the others' commits: ${delivered.join(', ')}`,
    );
    const lagCount = (await metricsOf(cluster.instances[0]!.url)).value('svc_cluster_event_lag_seconds_count');
    assert.ok((lagCount ?? 0) >= 1, `the bus lag observed (${lagCount})`);
  });

  describe('the bus is not a back door', () => {
    const request = (service: string, apiKey: string | undefined) =>
      encodeRequest({
        head: {
          method: 'POST',
          path: '/api/v1/health/report',
          query: '',
          headers: { 'content-type': 'application/json', ...(apiKey === undefined ? {} : { 'x-api-key': apiKey }) },
          peerAddress: '127.0.0.1',
        },
        body: Buffer.from(JSON.stringify({ service, nodeId: NODE, status: 'DOWN' })),
      });
    let member: NatsConnection;
    before(async () => {
      member = await connect({
        servers: cluster.nats.url,
        user: CLUSTER_USER,
        pass: CLUSTER_PASSWORD,
        inboxPrefix: inboxPrefix(cluster.name),
      });
    });
    after(async () => {
      await member?.close();
    });

    it("re-checks the caller's key on the owner: a forged or missing key is refused, a valid one applied", async () => {
      const service = 'svc-forged';
      const subject = forwardSubject(cluster.name, owner(service).server.cluster!.instanceId);
      for (const key of ['forged-key', undefined]) {
        const answer = decodeAnswer((await member.request(subject, request(service, key), { timeout: 5_000 })).data);
        assert.equal(answer.kind, 'reply');
        assert.equal(answer.kind === 'reply' && answer.status, 401, `key ${key ?? '(none)'}`);
      }
      assert.equal((await owner(service).serviceRows(NODE, service)).length, 0);
      const accepted = decodeAnswer((await member.request(subject, request(service, TEST_API_KEY), { timeout: 5_000 })).data);
      assert.equal(accepted.kind === 'reply' && accepted.status, 200);
      assert.equal((await owner(service).serviceRows(NODE, service)).length, 1);
    });

    it('applies a first attempt whose key the edge made without looking the key up, and answers its re-send from the record', async () => {
      const service = 'svc-fresh-key';
      const target = owner(service);
      const subject = forwardSubject(cluster.name, target.server.cluster!.instanceId);
      const head = {
        method: 'POST',
        path: '/api/v1/health/report',
        query: '',
        headers: { 'content-type': 'application/json', 'x-api-key': TEST_API_KEY, 'idempotency-key': 'fwd-fresh-1' },
        peerAddress: '127.0.0.1',
      };
      const body = Buffer.from(JSON.stringify({ service, nodeId: NODE, status: 'DOWN' }));
      const lookups: string[] = [];
      const knex = target.server.database.knex;
      const onQuery = (query: { sql: string }) => {
        if (/^select\b/i.test(query.sql) && query.sql.includes('idempotency_keys')) lookups.push(query.sql);
      };
      knex.on('query', onQuery);
      try {
        const first = decodeAnswer((await member.request(subject, encodeRequest({ head, body, freshKey: true }), { timeout: 5_000 })).data);
        assert.equal(first.kind === 'reply' && first.status, 200);
        assert.deepEqual(lookups, [], 'the fresh key was not looked up');
        const resent = decodeAnswer((await member.request(subject, encodeRequest({ head, body }), { timeout: 5_000 })).data);
        assert.ok(resent.kind === 'reply' && first.kind === 'reply');
        assert.equal(resent.headers['idempotent-replayed'], 'true', 'the re-send is answered from the record');
        assert.equal(Buffer.from(resent.body).toString(), Buffer.from(first.body).toString());
      } finally {
        knex.off('query', onQuery);
      }
      assert.equal((await target.serviceRows(NODE, service)).length, 1, 'applied once');
    });

    it("cannot be used by a client without the cluster's credentials or its prefix", async () => {
      const service = 'svc-intruded';
      const subject = forwardSubject(cluster.name, owner(service).server.cluster!.instanceId);
      await assert.rejects(connect({ servers: cluster.nats.url, reconnect: false }), /Authorization Violation/);
      const intruder = await connect({ servers: cluster.nats.url, user: INTRUDER, pass: INTRUDER_PASSWORD });
      try {
        await assert.rejects(
          intruder.request(subject, request(service, TEST_API_KEY), { timeout: 2_000 }),
          /Permissions Violation|timeout|TIMEOUT/i,
        );
        // Another cluster's prefix reaches no instance of this one.
        await assert.rejects(
          intruder.request(forwardSubject('other', owner(service).server.cluster!.instanceId), request(service, TEST_API_KEY), {
            timeout: 2_000,
          }),
          /no responders|503/i,
        );
      } finally {
        await intruder.close();
      }
      assert.equal((await owner(service).serviceRows(NODE, service)).length, 0, 'nothing was applied');
    });
  });
});

/** The application the instance serves forwarded requests with (restored after a test stopped it). */
function ownerApplicationOf(instance: TestServer) {
  return instance.server.cluster!.ownerApplication!;
}
