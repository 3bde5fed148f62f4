import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { after, describe, it } from 'node:test';
import { loadConfig } from '../../../../src/platform/config/config.js';
import { defaultInstanceId } from '../../../../src/platform/config/cluster.js';
import { configProblems } from '../../../support/configProblems.js';

const PG = 'postgres://svc@db:5432/svc';
const CLUSTER = { SVC_CLUSTER_NATS_URL: 'nats://nats-1:4222', SVC_DATABASE_URL: PG };

const problemsOf = (env: Record<string, string>): string[] => configProblems(() => loadConfig(env));

const dir = mkdtempSync(join(tmpdir(), 'svc-cluster-config-'));
const file = (name: string): string => {
  const path = join(dir, name);
  writeFileSync(path, `-----BEGIN ${name}-----\n`);
  return path;
};
after(() => rmSync(dir, { recursive: true, force: true }));

describe('cluster settings', () => {
  it('leave cluster mode off without SVC_CLUSTER_NATS_URL', () => {
    assert.equal(loadConfig({}).cluster, undefined);
    assert.equal(loadConfig({ SVC_DATABASE_URL: PG, SVC_INSTANCE_ID: 'web.1 (unused by one process)' }).cluster, undefined);
  });

  it('turn cluster mode on with SVC_CLUSTER_NATS_URL, with the defaults', () => {
    const cluster = loadConfig({
      ...CLUSTER,
      SVC_CLUSTER_NATS_URL: 'nats://nats-1:4222, tls://nats-2.example.com:4443,nats-3:4222',
    }).cluster;
    assert.ok(cluster !== undefined);
    assert.deepEqual(cluster.natsUrls, ['nats://nats-1:4222', 'tls://nats-2.example.com:4443', 'nats://nats-3:4222']);
    assert.equal(cluster.name, 'svc');
    assert.equal(cluster.shards, 256);
    assert.equal(cluster.replicas, 1);
    assert.deepEqual(cluster.credentials, { kind: 'none' });
    assert.equal(cluster.tls, undefined);
    assert.match(cluster.instanceId, /^[A-Za-z0-9_-]+-[0-9a-f]{6}$/);
  });

  it('name an instance by its host name and a random suffix unless SVC_INSTANCE_ID says', () => {
    assert.match(defaultInstanceId('web-01.prod.example.com'), /^web-01-prod-example-com-[0-9a-f]{6}$/);
    assert.match(defaultInstanceId('...'), /^instance-[0-9a-f]{6}$/);
    assert.notEqual(defaultInstanceId('a'), defaultInstanceId('a'));
    assert.ok(defaultInstanceId(hostname()).length <= 64);
    assert.equal(loadConfig({ ...CLUSTER, SVC_INSTANCE_ID: 'web_1-a' }).cluster?.instanceId, 'web_1-a');
  });

  it('take the cluster name, shard count and replicas', () => {
    const cluster = loadConfig({
      ...CLUSTER,
      SVC_CLUSTER_NAME: 'ops-eu',
      SVC_CLUSTER_SHARDS: '512',
      SVC_CLUSTER_NATS_REPLICAS: '3',
    }).cluster;
    assert.deepEqual([cluster?.name, cluster?.shards, cluster?.replicas], ['ops-eu', 512, 3]);
  });

  it('refuse cluster mode on the embedded database', () => {
    const problems = problemsOf({ SVC_CLUSTER_NATS_URL: 'nats://nats-1:4222' });
    assert.equal(problems.length, 1);
    assert.match(problems[0]!, /^SVC_CLUSTER_NATS_URL \(cluster mode\) needs SVC_DATABASE_URL/);
  });

  it('take user and password, a token, or a credentials file', () => {
    const user = loadConfig({ ...CLUSTER, SVC_CLUSTER_NATS_USER: 'svc', SVC_CLUSTER_NATS_PASSWORD: ' s3cret ' }).cluster?.credentials;
    assert.ok(user?.kind === 'userPassword');
    assert.deepEqual([user.user, user.password.reveal()], ['svc', ' s3cret ']);
    const token = loadConfig({ ...CLUSTER, SVC_CLUSTER_NATS_TOKEN: 'tok-123' }).cluster?.credentials;
    assert.ok(token?.kind === 'token');
    assert.equal(token.token.reveal(), 'tok-123');
    const creds = file('creds');
    assert.deepEqual(loadConfig({ ...CLUSTER, SVC_CLUSTER_NATS_CREDS_FILE: creds }).cluster?.credentials, {
      kind: 'credsFile',
      path: creds,
    });
  });

  it('take TLS files', () => {
    const [ca, cert, key] = [file('ca'), file('cert'), file('key')];
    const env = { SVC_CLUSTER_NATS_TLS_CA_FILE: ca, SVC_CLUSTER_NATS_TLS_CERT_FILE: cert, SVC_CLUSTER_NATS_TLS_KEY_FILE: key };
    assert.deepEqual(loadConfig({ ...CLUSTER, ...env }).cluster?.tls, { caFile: ca, certFile: cert, keyFile: key });
    assert.deepEqual(loadConfig({ ...CLUSTER, SVC_CLUSTER_NATS_TLS_CA_FILE: ca }).cluster?.tls, {
      caFile: ca,
      certFile: undefined,
      keyFile: undefined,
    });
  });

  it('never show a password or token when the configuration is printed', () => {
    for (const env of [
      { SVC_CLUSTER_NATS_USER: 'svc', SVC_CLUSTER_NATS_PASSWORD: 'password-never-shown' },
      { SVC_CLUSTER_NATS_TOKEN: 'token-never-shown' },
    ]) {
      const config = loadConfig({ ...CLUSTER, ...env });
      for (const printed of [
        JSON.stringify(config),
        inspect(config, { depth: 20, showHidden: true }),
        `${JSON.stringify(config.cluster)}`,
      ]) {
        assert.doesNotMatch(printed, /never-shown/);
        assert.match(printed, /\[redacted\]/);
      }
    }
  });

  const invalid: ReadonlyArray<readonly [what: string, env: Record<string, string>, problem: RegExp]> = [
    ['an instance id with a dot', { SVC_INSTANCE_ID: 'web.1' }, /^SVC_INSTANCE_ID must be 1 to 64 letters, digits/],
    ['an instance id with a wildcard', { SVC_INSTANCE_ID: 'web*' }, /^SVC_INSTANCE_ID must be/],
    ['an instance id with a space', { SVC_INSTANCE_ID: 'web 1' }, /^SVC_INSTANCE_ID must be/],
    ['an instance id of 65 characters', { SVC_INSTANCE_ID: 'a'.repeat(65) }, /^SVC_INSTANCE_ID must be/],
    ['a cluster name with a dot', { SVC_CLUSTER_NAME: 'ops.eu' }, /^SVC_CLUSTER_NAME must be 1 to 32 letters/],
    ['a cluster name of 33 characters', { SVC_CLUSTER_NAME: 'c'.repeat(33) }, /^SVC_CLUSTER_NAME must be/],
    [
      'an http URL',
      { SVC_CLUSTER_NATS_URL: 'http://nats-1:4222' },
      /^SVC_CLUSTER_NATS_URL: "http:\/\/nats-1:4222" must be nats:\/\/ or tls:\/\//,
    ],
    [
      'a URL with credentials',
      { SVC_CLUSTER_NATS_URL: 'nats://svc:secret@nats-1:4222' },
      /^SVC_CLUSTER_NATS_URL: a URL carries credentials/,
    ],
    ['a URL with a path', { SVC_CLUSTER_NATS_URL: 'nats://nats-1:4222/x' }, /must be a server's address only/],
    ['a URL that is not one', { SVC_CLUSTER_NATS_URL: 'nats://nats 1' }, /is not a URL like nats:\/\/nats-1:4222/],
    ['no URL among commas', { SVC_CLUSTER_NATS_URL: ' , ,' }, /^SVC_CLUSTER_NATS_URL names no server/],
    ['no shards', { SVC_CLUSTER_SHARDS: '0' }, /^SVC_CLUSTER_SHARDS must be from 1 to 4096, got "0"/],
    ['too many shards', { SVC_CLUSTER_SHARDS: '5000' }, /^SVC_CLUSTER_SHARDS must be from 1 to 4096/],
    ['a shard count that is no number', { SVC_CLUSTER_SHARDS: 'many' }, /^SVC_CLUSTER_SHARDS must be from 1 to 4096/],
    ['two replicas', { SVC_CLUSTER_NATS_REPLICAS: '2' }, /^SVC_CLUSTER_NATS_REPLICAS must be 1, 3 or 5, got "2"/],
    ['a user without a password', { SVC_CLUSTER_NATS_USER: 'svc' }, /^SVC_CLUSTER_NATS_USER and SVC_CLUSTER_NATS_PASSWORD go together/],
    ['a password without a user', { SVC_CLUSTER_NATS_PASSWORD: 'p' }, /go together/],
    [
      'a token beside a user',
      { SVC_CLUSTER_NATS_USER: 'u', SVC_CLUSTER_NATS_PASSWORD: 'p', SVC_CLUSTER_NATS_TOKEN: 't' },
      /three ways to sign in to NATS: set one/,
    ],
    [
      'a missing credentials file',
      { SVC_CLUSTER_NATS_CREDS_FILE: '/nonexistent/svc.creds' },
      /^SVC_CLUSTER_NATS_CREDS_FILE: "\/nonexistent\/svc.creds" is not a readable file/,
    ],
    [
      'a missing CA file',
      { SVC_CLUSTER_NATS_TLS_CA_FILE: '/nonexistent/ca.pem' },
      /^SVC_CLUSTER_NATS_TLS_CA_FILE: "\/nonexistent\/ca.pem" is not a readable file/,
    ],
    [
      'a certificate without its key',
      { SVC_CLUSTER_NATS_TLS_CERT_FILE: file('lonely-cert') },
      /^SVC_CLUSTER_NATS_TLS_CERT_FILE and SVC_CLUSTER_NATS_TLS_KEY_FILE go together/,
    ],
  ];
  for (const [what, env, problem] of invalid) {
    it(`refuse ${what}, naming the setting`, () => {
      const problems = problemsOf({ ...CLUSTER, ...env });
      assert.equal(problems.length, 1, problems.join('\n'));
      assert.match(problems[0]!, problem);
    });
  }

  for (const name of ['SVC_CLUSTER_NAME', 'SVC_CLUSTER_SHARDS', 'SVC_CLUSTER_NATS_TOKEN', 'SVC_CLUSTER_NATS_TLS_CA_FILE']) {
    it(`refuse ${name} without SVC_CLUSTER_NATS_URL (a cluster setting that would do nothing)`, () => {
      const problems = problemsOf({ SVC_DATABASE_URL: PG, [name]: '1' });
      assert.equal(problems.length, 1);
      assert.match(problems[0]!, new RegExp(`^${name} is set but SVC_CLUSTER_NATS_URL is not: cluster mode is off`));
    });
  }

  it('report every bad cluster setting at once, with the platform', () => {
    const problems = problemsOf({ SVC_CLUSTER_NATS_URL: 'http://x', SVC_INSTANCE_ID: 'a.b', SVC_CLUSTER_SHARDS: '0', SVC_PORT: 'x' });
    assert.deepEqual(
      problems.map((p) => p.split(/[ :]/)[0]),
      ['SVC_PORT', 'SVC_CLUSTER_NATS_URL', 'SVC_CLUSTER_NATS_URL', 'SVC_INSTANCE_ID', 'SVC_CLUSTER_SHARDS'],
    );
  });
});
