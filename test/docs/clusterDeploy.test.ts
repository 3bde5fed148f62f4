/**
 * The cluster's deployment files (deploy/compose.yaml, deploy/kubernetes/, deploy/nats/, deploy/haproxy/) say only
 * what the server and NATS accept: every SVC_* variable is a setting the server takes, the probes they point at
 * exist, the stop waits long enough for the drain, and the NATS user may do exactly what clusterNatsPermissions gives
 * an instance. A renamed setting, a changed permission or a longer drain fails here, not in an operator's cluster.
 * Docker, Kubernetes and helm are not needed: the files are read, and the settings go through loadProductConfig.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { loadProductConfig } from '../../src/plugins/productModules.js';
import { BODY_LIMITS } from '../../src/core/rest/machineRoutes.js';
import { clusterNatsPermissions, type NatsPermissions } from '../../src/platform/cluster/permissions.js';
import { ConfigError, type EnvSource } from '../../src/platform/config/config.js';
import { PROBE_PATHS } from '../../src/platform/health/probeRoutes.js';
import { REPO_ROOT } from '../support/repoRoot.js';

const DEPLOY = join(REPO_ROOT, 'deploy');
const read = (path: string): string => readFileSync(join(DEPLOY, path), 'utf8');
/** Parsed YAML: the assertions that read it say what shape they expect. */
type Yaml = any;
const yamlOf = (path: string): Yaml => parse(read(path), { merge: true, uniqueKeys: true });

/** Every file under deploy/, relative to it. */
function deployFiles(dir = DEPLOY): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? deployFiles(path) : [relative(DEPLOY, path)];
  });
}

/** The settings docs/api/configuration.md lists; `SVC_A_USER` / `_PASSWORD` also names `SVC_A_PASSWORD`. */
function documentedSettings(): Set<string> {
  const names = new Set<string>();
  const doc = readFileSync(join(REPO_ROOT, 'docs/api/configuration.md'), 'utf8');
  for (const row of doc.split('\n').filter((line) => line.startsWith('| `SVC_'))) {
    const cell = row.split('|')[1]!;
    const [first, ...rest] = [...cell.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]!);
    names.add(first!);
    for (const suffix of rest) {
      if (suffix.startsWith('SVC_')) names.add(suffix);
      else
        names.add(
          first!
            .split('_')
            .slice(0, -suffix.split('_').length + 1)
            .join('_') + suffix,
        );
    }
  }
  return names;
}

/** The SVC_* settings the release image sets itself (the Dockerfile's last ENV). */
function imageEnvironment(): Record<string, string> {
  const dockerfile = readFileSync(join(REPO_ROOT, 'Dockerfile'), 'utf8');
  const lastEnv = [...dockerfile.matchAll(/^ENV ((?:.*\\\n)*.*)$/gm)].at(-1)![1]!;
  return Object.fromEntries([...lastEnv.matchAll(/\b(SVC_[A-Z0-9_]+)=(\S+)/g)].map((m) => [m[1]!, m[2]!]));
}

const random = (bytes: number): string => randomBytes(bytes).toString('base64url');

/** What an operator puts in deploy/.env (random values of the lengths the settings need). */
const OPERATOR_ENV: Readonly<Record<string, string>> = {
  POSTGRES_PASSWORD: random(24),
  NATS_SVC_PASSWORD: random(24),
  NATS_ROUTE_PASSWORD: random(24),
  SVC_JWT_SECRET: random(32),
  SVC_AUTH_SECRET_KEY: random(32),
  SVC_SECURITY_OPERATOR_API_KEY: random(24),
  SVC_BOOTSTRAP_ADMIN_PASSWORD: random(18),
};

/** Compose's interpolation of `${NAME}`, `${NAME:?message}` and `${NAME:-default}`; a missing value fails. */
function interpolate(value: string, env: Readonly<Record<string, string>>): string {
  return value.replace(/\$\{([A-Z0-9_]+)(?::([?-])([^}]*))?\}/g, (_, name: string, kind?: string, fallback?: string) => {
    const found = env[name];
    if (found !== undefined && found !== '') return found;
    if (kind === '-') return fallback!;
    throw new Error(`compose needs ${name} (${fallback ?? 'no message'})`);
  });
}

const compose = yamlOf('compose.yaml');
const services: Record<string, Yaml> = compose.services;
const instances = Object.entries(services).filter(([, s]) => s.build !== undefined);
const natsServers = Object.entries(services).filter(([, s]) => String(s.image).startsWith('nats:'));
const envOf = (service: Yaml): Record<string, string> =>
  Object.fromEntries(
    Object.entries(service.environment as Record<string, unknown>).map(([k, v]) => [k, interpolate(String(v), OPERATOR_ENV)]),
  );
const instanceEnv = (service: Yaml): EnvSource => ({ ...imageEnvironment(), ...envOf(service) });

/** The permissions of a NATS `permissions` block, in the shape of clusterNatsPermissions. */
function natsPermissionsOf(block: { publish: { allow: string[] }; subscribe: { allow: string[] } }): NatsPermissions {
  return { publish: block.publish.allow, subscribe: block.subscribe.allow };
}

/** A NATS size (`4MB`, `<< 4MB >>`) in bytes, with NATS's binary units. */
function natsBytes(text: string): number {
  const match = /(\d+)\s*(KB|MB|GB)?/i.exec(text);
  assert.ok(match, `a size: ${text}`);
  const unit = { KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[(match[2] ?? '').toUpperCase() as 'KB'] ?? 1;
  return Number(match[1]) * unit;
}

/** The largest body a request that may be forwarded carries, plus room for the forwarded head. */
const LARGEST_FORWARDED_FRAME = Math.max(...Object.values(BODY_LIMITS)) + 64 * 1024;

describe('deploy/compose.yaml', () => {
  it("runs three instances of this repository's image, three NATS servers, PostgreSQL and a load balancer", () => {
    assert.equal(instances.length, 3);
    for (const [, instance] of instances) assert.equal(instance.build.context, '..');
    assert.equal(natsServers.length, 3);
    assert.match(services['postgres'].image, /^postgres:\d+/);
    assert.match(services['haproxy'].image, /^haproxy:\d+\.\d+/);
  });

  it('gives every instance settings the server accepts, in cluster mode, each with its own instance id', () => {
    const ids = new Set<string>();
    for (const [name, instance] of instances) {
      const config = loadProductConfig(instanceEnv(instance));
      assert.ok(config.cluster, `${name} is in cluster mode`);
      assert.equal(config.cluster.instanceId, name);
      ids.add(config.cluster.instanceId);
      assert.deepEqual(
        config.cluster.natsUrls,
        natsServers.map(([server]) => `nats://${server}:4222`),
      );
      assert.equal(config.cluster.replicas, natsServers.length);
      assert.equal(config.cluster.credentials.kind, 'userPassword');
      assert.match(config.database.url ?? '', /@postgres:5432\//);
    }
    assert.equal(ids.size, instances.length);
  });

  it('asks for exactly the secrets deploy/.env.example lists, and names them all', () => {
    const asked = new Set([...read('compose.yaml').matchAll(/\$\{([A-Z0-9_]+)/g)].map((m) => m[1]!));
    const listed = new Set([...read('.env.example').matchAll(/^([A-Z0-9_]+)=/gm)].map((m) => m[1]!));
    assert.deepEqual([...asked].sort(), [...listed].sort());
    assert.deepEqual([...listed].sort(), Object.keys(OPERATOR_ENV).sort());
  });

  it("checks readiness on /readyz over HTTP/1.1, in the instances' health check and the load balancer", () => {
    for (const [, instance] of instances) assert.match(instance.healthcheck.test.join(' '), /\/readyz'/);
    const haproxy = read('haproxy/haproxy.cfg');
    assert.match(haproxy, /^\s*http-check send meth GET uri \/readyz ver HTTP\/1\.1\b/m);
    assert.ok(PROBE_PATHS.has('/readyz'));
    const backends = [...haproxy.matchAll(/^\s*server (\S+) (\S+):8080\s*$/gm)].map((m) => [m[1], m[2]]);
    assert.deepEqual(
      backends,
      instances.map(([name]) => [name, name]),
    );
  });

  it('believes X-Forwarded-For from the load balancer only', () => {
    const address = services['haproxy'].networks.svc.ipv4_address;
    for (const [, instance] of instances) assert.equal(envOf(instance)['SVC_TRUSTED_PROXIES'], address);
    assert.match(read('haproxy/haproxy.cfg'), /^\s*option forwardfor\b/m);
  });

  it('gives a stopping instance longer than its drain can take', () => {
    for (const [name, instance] of instances) {
      const config = loadProductConfig(instanceEnv(instance));
      const graceSeconds = Number(/^(\d+)s$/.exec(instance.stop_grace_period)?.[1]);
      assert.ok(graceSeconds * 1000 > config.shutdown.timeoutMs, `${name}: stop_grace_period above SVC_SHUTDOWN_TIMEOUT_MS`);
    }
  });
});

describe('deploy/nats', () => {
  const serverConf = read('nats/nats-server.conf');
  const clusterName = loadProductConfig(instanceEnv(instances[0]![1])).cluster!.name;

  it("allows the product's user exactly the permissions of an instance of the configured cluster", () => {
    const json = read('nats/svc-permissions.conf')
      .split('\n')
      .filter((line) => !line.startsWith('#'))
      .join('\n');
    assert.deepEqual(natsPermissionsOf(JSON.parse(json).INSTANCE_PERMISSIONS), clusterNatsPermissions(clusterName));
    assert.match(serverConf, /^include \.\/svc-permissions\.conf$/m);
    assert.match(serverConf, /\{ user: svc, password: \$NATS_SVC_PASSWORD, permissions: \$INSTANCE_PERMISSIONS \}/);
    for (const [, instance] of instances) assert.equal(envOf(instance)['SVC_CLUSTER_NATS_USER'], 'svc');
  });

  it('takes the largest request an instance forwards', () => {
    assert.ok(natsBytes(/^max_payload: (.+)$/m.exec(serverConf)![1]!) >= LARGEST_FORWARDED_FRAME);
  });

  it('runs JetStream on files, with routes between the three servers', () => {
    assert.match(serverConf, /^jetstream \{\n\s*store_dir: \/data\/jetstream$/m);
    assert.match(serverConf, /routes: \[\$NATS_ROUTE_1, \$NATS_ROUTE_2, \$NATS_ROUTE_3\]/);
    for (const [name, server] of natsServers) {
      const env = envOf(server);
      assert.equal(env['NATS_SERVER_NAME'], name);
      assert.deepEqual(
        [env['NATS_ROUTE_1'], env['NATS_ROUTE_2'], env['NATS_ROUTE_3']],
        natsServers.map(([peer]) => `nats://route:${OPERATOR_ENV['NATS_ROUTE_PASSWORD']}@${peer}:6222`),
      );
      assert.equal(env['NATS_SVC_PASSWORD'], envOf(instances[0]![1])['SVC_CLUSTER_NATS_PASSWORD']);
    }
  });
});

describe('deploy/kubernetes', () => {
  const kustomization = yamlOf('kubernetes/kustomization.yaml');
  const deployment = yamlOf('kubernetes/deployment.yaml');
  const configMap = yamlOf('kubernetes/configmap.yaml');
  const secret = yamlOf('kubernetes/secret.yaml');
  const pod = deployment.spec.template.spec;
  const container = pod.containers[0];
  const podEnv = (secrets: Record<string, string>): EnvSource => ({
    ...imageEnvironment(),
    ...configMap.data,
    ...secrets,
    SVC_INSTANCE_ID: 'svc-7d9f8b6c4-x2x9q',
  });
  const replaced = Object.fromEntries(
    Object.entries(secret.stringData as Record<string, string>).map(([k, v]) => [k, v.replace('CHANGE-ME', random(32))]),
  );

  it('lists every manifest in its kustomization; the NATS chart values are not one', () => {
    const manifests = readdirSync(join(DEPLOY, 'kubernetes')).filter(
      (name) => name.endsWith('.yaml') && name !== 'kustomization.yaml' && name !== 'nats-values.yaml',
    );
    assert.deepEqual([...kustomization.resources].sort(), manifests.sort());
  });

  it("runs three instances with readiness on /readyz, liveness on /livez and the pod's name as instance id", () => {
    assert.equal(deployment.spec.replicas, 3);
    assert.equal(container.readinessProbe.httpGet.path, '/readyz');
    assert.equal(container.livenessProbe.httpGet.path, '/livez');
    for (const probe of [container.readinessProbe, container.livenessProbe]) assert.ok(PROBE_PATHS.has(probe.httpGet.path));
    const instanceId = container.env.find((e: { name: string }) => e.name === 'SVC_INSTANCE_ID');
    assert.equal(instanceId.valueFrom.fieldRef.fieldPath, 'metadata.name');
    assert.deepEqual(
      container.envFrom.map((e: Yaml) => e.configMapRef?.name ?? e.secretRef?.name),
      [configMap.metadata.name, secret.metadata.name],
    );
  });

  it("sleeps in preStop as long as SVC_SHUTDOWN_DELAY_MS, and gives the stop more than the sleep and the drain's deadline", () => {
    const config = loadProductConfig(podEnv(replaced));
    const [command, seconds] = container.lifecycle.preStop.exec.command;
    assert.equal(command, 'sleep');
    assert.equal(Number(seconds) * 1000, config.shutdown.delayMs);
    assert.ok(Number(seconds) <= pod.terminationGracePeriodSeconds);
    assert.ok(Number(seconds) * 1000 + config.shutdown.timeoutMs < pod.terminationGracePeriodSeconds * 1000);
  });

  it('keeps at most one instance out in voluntary disruptions, and the budget and the Service select its pods', () => {
    const labels = deployment.spec.template.metadata.labels;
    const pdb = yamlOf('kubernetes/pdb.yaml');
    assert.equal(pdb.spec.maxUnavailable, 1);
    assert.deepEqual(pdb.spec.selector.matchLabels, labels);
    assert.deepEqual(deployment.spec.selector.matchLabels, labels);
    const service = yamlOf('kubernetes/service.yaml');
    assert.deepEqual(service.spec.selector, labels);
    assert.equal(service.spec.ports[0].targetPort, container.ports[0].name);
  });

  it("gives the instances settings the server accepts once the Secret's placeholders are replaced, and refuses the placeholders", () => {
    const config = loadProductConfig(podEnv(replaced));
    assert.ok(config.cluster);
    assert.equal(config.cluster.replicas, 3);
    assert.throws(
      () => loadProductConfig(podEnv(secret.stringData)),
      (error: unknown) =>
        error instanceof ConfigError &&
        ['SVC_JWT_SECRET', 'SVC_AUTH_SECRET_KEY', 'SVC_BOOTSTRAP_ADMIN_PASSWORD'].every((name) =>
          error.problems.some((problem) => problem.startsWith(name)),
        ),
    );
  });

  it("asks NATS's chart for three servers with JetStream on files, the instance's permissions and the payload", () => {
    const values = yamlOf('kubernetes/nats-values.yaml');
    assert.equal(values.config.cluster.enabled, true);
    assert.equal(values.config.cluster.replicas, 3);
    assert.equal(values.config.jetstream.fileStore.enabled, true);
    const config = loadProductConfig(podEnv(replaced));
    assert.equal(config.cluster!.replicas, values.config.cluster.replicas);
    const [user] = values.config.merge.authorization.users;
    assert.equal(user.user, configMap.data.SVC_CLUSTER_NATS_USER);
    assert.deepEqual(natsPermissionsOf(user.permissions), clusterNatsPermissions(config.cluster!.name));
    assert.equal(values.container.env.NATS_SVC_PASSWORD.valueFrom.secretKeyRef.key, 'SVC_CLUSTER_NATS_PASSWORD');
    assert.equal(values.container.env.NATS_SVC_PASSWORD.valueFrom.secretKeyRef.name, secret.metadata.name);
    assert.ok(natsBytes(values.config.merge.max_payload) >= LARGEST_FORWARDED_FRAME);
  });
});

describe('deploy/', () => {
  it('names only settings of docs/api/configuration.md', () => {
    const documented = documentedSettings();
    assert.ok(documented.has('SVC_CLUSTER_NATS_PASSWORD') && documented.has('SVC_BOOTSTRAP_ADMIN_PASSWORD'));
    const unknown = deployFiles().flatMap((file) =>
      [...read(file).matchAll(/\bSVC_[A-Z0-9_]*[A-Z0-9]\b/g)].flatMap((m) => (documented.has(m[0]) ? [] : [`${file}: ${m[0]}`])),
    );
    assert.deepEqual([...new Set(unknown)], []);
  });
});
