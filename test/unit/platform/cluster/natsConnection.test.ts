/**
 * The cluster's NATS connection and buckets against real nats-servers: sign-in by user and password and by token,
 * TLS with a CA file, the permissions of permissions.ts (another cluster's user can neither read nor write ours),
 * and buckets that disagree with this instance (TTL, shard count) refused.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { jetstream } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { bucketNames, openClusterBuckets } from '../../../../src/platform/cluster/buckets.js';
import { ShardLeases } from '../../../../src/platform/cluster/leases.js';
import { Membership } from '../../../../src/platform/cluster/membership.js';
import { connectClusterNats, natsConnectionOptions, type ClusterNatsSettings } from '../../../../src/platform/cluster/natsConnection.js';
import { clusterNatsPermissions, inboxPrefix } from '../../../../src/platform/cluster/permissions.js';
import { checkLeaseTimings } from '../../../../src/platform/cluster/timings.js';
import { SecretValue } from '../../../../src/platform/config/cluster.js';
import { createLogger } from '../../../../src/platform/log/logger.js';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { natsServerAvailable, selfSignedCertificate, startNatsServer, type NatsServer } from '../../../support/natsServer.js';

const TIMINGS = checkLeaseTimings({ ttlMs: 1_000, renewIntervalMs: 250, safetyMarginMs: 200 });
const logger = createLogger({ level: 'error', write: () => undefined });
const settings = (url: string, more: Partial<ClusterNatsSettings> = {}): ClusterNatsSettings => ({
  natsUrls: [url],
  instanceId: 'web-1',
  name: 'alpha',
  credentials: { kind: 'none' },
  tls: undefined,
  ...more,
});

describe('the cluster connection options', () => {
  it('name the connection, reconnect forever and reply under the cluster prefix', () => {
    const options = natsConnectionOptions(settings('nats://n1:4222', { natsUrls: ['nats://n1:4222', 'nats://n2:4222'] }));
    assert.deepEqual(options.servers, ['nats://n1:4222', 'nats://n2:4222']);
    assert.equal(options.name, 'alpha/web-1');
    assert.equal(options.maxReconnectAttempts, -1);
    assert.equal(options.inboxPrefix, '_INBOX_alpha');
    assert.equal(options.tls, undefined);
    assert.equal(options.user ?? options.token ?? options.authenticator, undefined);
  });

  it('carry one way to sign in and the TLS files', () => {
    const user = natsConnectionOptions(
      settings('nats://n1:4222', { credentials: { kind: 'userPassword', user: 'svc', password: new SecretValue('pw') } }),
    );
    assert.deepEqual([user.user, user.pass], ['svc', 'pw']);
    assert.equal(
      natsConnectionOptions(settings('nats://n1:4222', { credentials: { kind: 'token', token: new SecretValue('tk') } })).token,
      'tk',
    );
    assert.equal(
      typeof natsConnectionOptions(settings('nats://n1:4222', { credentials: { kind: 'credsFile', path: '/x.creds' } })).authenticator,
      'function',
    );
    const tls = natsConnectionOptions(
      settings('nats://n1:4222', { tls: { caFile: '/ca.pem', certFile: '/c.pem', keyFile: '/k.pem' } }),
    ).tls;
    assert.deepEqual(tls, { caFile: '/ca.pem', certFile: '/c.pem', keyFile: '/k.pem' });
    assert.deepEqual(natsConnectionOptions(settings('tls://n1:4443')).tls, {}, 'a tls:// URL insists on TLS');
  });
});

describe('the cluster connection on NATS', {
  skip: natsServerAvailable() ? false : 'nats-server is not installed (apt-get install -y nats-server)',
}, () => {
  const servers: NatsServer[] = [];
  const connections: NatsConnection[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'svc-nats-tls-'));
  after(async () => {
    for (const nc of connections) await nc.close();
    for (const server of servers) await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const server = async (options: Parameters<typeof startNatsServer>[0]) => {
    const started = await startNatsServer(options);
    servers.push(started);
    return started;
  };
  const connected = async (s: ClusterNatsSettings) => {
    const nc = await connectClusterNats(s);
    connections.push(nc);
    return nc;
  };

  it('signs in with a user and password, and a wrong password fails naming the servers only', async () => {
    const nats = await server({ user: 'svc', password: 'right-password' });
    const nc = await connected(
      settings(nats.url, { credentials: { kind: 'userPassword', user: 'svc', password: new SecretValue('right-password') } }),
    );
    await openClusterBuckets(nc, { name: 'alpha', shards: 16, timings: TIMINGS });
    await assert.rejects(
      connectClusterNats(
        settings(nats.url, { credentials: { kind: 'userPassword', user: 'svc', password: new SecretValue('wrong-password') } }),
      ),
      (error: Error) => {
        assert.match(error.message, new RegExp(`^cluster: cannot connect to NATS at ${nats.url}: `));
        assert.doesNotMatch(`${error.message} ${String(error.cause)}`, /wrong-password|right-password/);
        return true;
      },
    );
  });

  it('signs in with a token', async () => {
    const nats = await server({ token: 'the-token' });
    const nc = await connected(settings(nats.url, { credentials: { kind: 'token', token: new SecretValue('the-token') } }));
    await openClusterBuckets(nc, { name: 'alpha', shards: 16, timings: TIMINGS });
    await assert.rejects(connectClusterNats(settings(nats.url, { credentials: { kind: 'token', token: new SecretValue('another') } })));
  });

  it('connects over TLS to a server whose certificate the CA file vouches for, and refuses it without', async () => {
    const certificate = selfSignedCertificate(dir);
    const nats = await server({ tls: certificate });
    const nc = await connected(settings(nats.url, { tls: { caFile: certificate.certFile, certFile: undefined, keyFile: undefined } }));
    await openClusterBuckets(nc, { name: 'alpha', shards: 16, timings: TIMINGS });
    await assert.rejects(connectClusterNats(settings(`tls://127.0.0.1:${nats.port}`)), /cannot connect to NATS/);
  });

  it("gives a cluster's user its leases and members, and another cluster's user no access to them", async () => {
    const user = (name: string) => {
      const { publish, subscribe } = clusterNatsPermissions(name);
      return `{ user: ${name}, password: ${name}-password, permissions: { publish: ${JSON.stringify(publish)}, subscribe: ${JSON.stringify(subscribe)} } }`;
    };
    const nats = await server({
      config: `authorization { users = [ ${user('alpha')}, ${user('beta')} ] }\n`,
      readyAs: { user: 'alpha', pass: 'alpha-password', inboxPrefix: inboxPrefix('alpha') },
    });
    const as = (name: string) =>
      settings(nats.url, { name, credentials: { kind: 'userPassword', user: name, password: new SecretValue(`${name}-password`) } });

    const alpha = await openClusterBuckets(await connected(as('alpha')), { name: 'alpha', shards: 16, timings: TIMINGS });
    const clock = createManualClock();
    const leases = new ShardLeases({ kv: alpha.leases, instanceId: 'web-1', shards: 16, clock, timings: TIMINGS, logger });
    const membership = new Membership({ kv: alpha.members, instanceId: 'web-1', clock, timings: TIMINGS, logger });
    const epoch = await leases.take(3);
    assert.ok(epoch !== undefined);
    assert.equal(await leases.renew(3), true);
    await membership.join();
    assert.deepEqual(await membership.refresh(), ['web-1']);

    const betaConnection = await connected(as('beta'));
    await openClusterBuckets(betaConnection, { name: 'beta', shards: 16, timings: TIMINGS });
    await assert.rejects(openClusterBuckets(betaConnection, { name: 'alpha', shards: 16, timings: TIMINGS }), /Permissions Violation/);
    await assert.rejects(
      jetstream(betaConnection).publish(`$KV.${bucketNames('alpha').leases}.3`, 'stolen', { timeout: 1_000 }),
      /Permissions Violation/,
    );
    assert.deepEqual(await leases.holderOf(3), { owner: 'web-1', epoch });
    await leases.release(3);
  });

  it('refuses buckets made with another TTL or another shard count', async () => {
    const nats = await server({});
    const nc = await connected(settings(nats.url));
    await openClusterBuckets(nc, { name: 'alpha', shards: 16, timings: TIMINGS });
    await assert.rejects(
      openClusterBuckets(nc, { name: 'alpha', shards: 32, timings: TIMINGS }),
      /^Error: cluster alpha has 16 shards \(NATS bucket alpha_leases\), this instance is configured with 32 \(SVC_CLUSTER_SHARDS\)/,
    );
    await assert.rejects(
      openClusterBuckets(nc, {
        name: 'alpha',
        shards: 16,
        timings: checkLeaseTimings({ ttlMs: 3_000, renewIntervalMs: 1_000, safetyMarginMs: 500 }),
      }),
      /the NATS bucket alpha_leases has a TTL of 1000 ms, this instance expects 3000 ms/,
    );
  });
});
