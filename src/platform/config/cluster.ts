/**
 * Cluster mode's settings (src/platform/cluster, docs/adr/0054): off unless `SVC_CLUSTER_NATS_URL` is set, and
 * then nothing here costs a single process anything (`config.cluster` is undefined). Read and validated with the
 * platform's settings by `loadConfig`; problems name the setting and land in the same ConfigError.
 *
 * Credentials are `SecretValue`s: JSON, `util.inspect` and string conversion show `[redacted]`, so a logged
 * configuration never carries them. Credentials inside a URL are refused for the same reason (URLs get logged).
 */
import { randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import { hostname } from 'node:os';
import { inspect } from 'node:util';
import { DEFAULT_SHARD_COUNT, isShardCount, MAX_SHARD_COUNT } from '../cluster/shards.js';

/** A secret setting's value: only `reveal()` gives it; every way a value gets printed shows `[redacted]`. */
export class SecretValue {
  readonly #value: string;
  constructor(value: string) {
    this.#value = value;
  }
  reveal(): string {
    return this.#value;
  }
  toJSON(): string {
    return '[redacted]';
  }
  toString(): string {
    return '[redacted]';
  }
  [inspect.custom](): string {
    return '[redacted]';
  }
}

/** How an instance proves itself to NATS: at most one way (TLS client certificates may come with any). */
export type ClusterNatsCredentials =
  | { readonly kind: 'none' }
  | { readonly kind: 'userPassword'; readonly user: string; readonly password: SecretValue }
  | { readonly kind: 'token'; readonly token: SecretValue }
  /** A NATS credentials file (a user JWT and its NKey seed), as `nsc` writes it. */
  | { readonly kind: 'credsFile'; readonly path: string };

export interface ClusterTlsConfig {
  /** PEM file of the certificate authorities the server's certificate is checked against; undefined: the system's. */
  readonly caFile: string | undefined;
  /** A client certificate and its key (PEM files), both or neither. */
  readonly certFile: string | undefined;
  readonly keyFile: string | undefined;
}

export interface ClusterConfig {
  /** SVC_CLUSTER_NATS_URL: the NATS servers, `nats://` or `tls://` (a bare `host:port` is `nats://`). */
  readonly natsUrls: readonly string[];
  /** SVC_INSTANCE_ID: this instance's name among the members, a subject token. @default host name + `-` + 6 hex */
  readonly instanceId: string;
  /** SVC_CLUSTER_NAME: the prefix of the cluster's subjects and buckets, so clusters can share one NATS. @default svc */
  readonly name: string;
  /** SVC_CLUSTER_SHARDS: the fixed number of shards; the same on every instance for the life of the cluster. @default 256 */
  readonly shards: number;
  /** SVC_CLUSTER_NATS_REPLICAS: JetStream replicas of the cluster's buckets (1, 3 or 5; 3 on a three-server NATS). @default 1 */
  readonly replicas: number;
  readonly credentials: ClusterNatsCredentials;
  /** undefined: plain connections unless a URL is `tls://` (then TLS with the system's authorities). */
  readonly tls: ClusterTlsConfig | undefined;
}

export interface ClusterSettingsSource {
  /** The variable trimmed; undefined when unset or blank. */
  read(name: string): string | undefined;
  /** The variable as set (secrets). */
  raw(name: string): string | undefined;
}

/** A subject token and KV key that needs no escaping: letters, digits, `-` and `_`. */
const TOKEN = /^[A-Za-z0-9_-]+$/;
const MAX_INSTANCE_ID_LENGTH = 64;
const MAX_CLUSTER_NAME_LENGTH = 32;

/** Every cluster setting but the URL: set without cluster mode, each is a mistake worth stopping for. */
const CLUSTER_ONLY = [
  'SVC_CLUSTER_NAME',
  'SVC_CLUSTER_SHARDS',
  'SVC_CLUSTER_NATS_REPLICAS',
  'SVC_CLUSTER_NATS_USER',
  'SVC_CLUSTER_NATS_PASSWORD',
  'SVC_CLUSTER_NATS_TOKEN',
  'SVC_CLUSTER_NATS_CREDS_FILE',
  'SVC_CLUSTER_NATS_TLS_CA_FILE',
  'SVC_CLUSTER_NATS_TLS_CERT_FILE',
  'SVC_CLUSTER_NATS_TLS_KEY_FILE',
] as const;

/** The default instance id: the host name made a token (at most 57 characters), a dash and 6 random hex digits. */
export function defaultInstanceId(host: string = hostname()): string {
  const base =
    host
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 57) || 'instance';
  return `${base}-${randomBytes(3).toString('hex')}`;
}

/**
 * Cluster mode's settings, or undefined when `SVC_CLUSTER_NATS_URL` is unset (single process). Pushes a problem
 * for each bad setting; `databaseUrl` is `SVC_DATABASE_URL` (cluster mode needs PostgreSQL, not the embedded one).
 */
export function loadClusterConfig(
  source: ClusterSettingsSource,
  databaseUrl: string | undefined,
  problems: string[],
): ClusterConfig | undefined {
  const urlSetting = source.read('SVC_CLUSTER_NATS_URL');
  if (urlSetting === undefined) {
    for (const name of CLUSTER_ONLY) {
      if (source.read(name) !== undefined) {
        problems.push(`${name} is set but SVC_CLUSTER_NATS_URL is not: cluster mode is off; set the URL or unset ${name}`);
      }
    }
    return undefined;
  }

  if (databaseUrl === undefined) {
    problems.push(
      'SVC_CLUSTER_NATS_URL (cluster mode) needs SVC_DATABASE_URL: the embedded database belongs to one process; point every instance at the same PostgreSQL',
    );
  }
  const natsUrls = natsServerUrls(urlSetting, problems);
  // Read only in cluster mode: a single process never uses it, so it never stops one from starting.
  const instanceSetting = source.read('SVC_INSTANCE_ID');
  if (instanceSetting !== undefined) token(instanceSetting, 'SVC_INSTANCE_ID', MAX_INSTANCE_ID_LENGTH, problems);

  const name = source.read('SVC_CLUSTER_NAME') ?? 'svc';
  token(name, 'SVC_CLUSTER_NAME', MAX_CLUSTER_NAME_LENGTH, problems);
  const shards = whole(
    source.read('SVC_CLUSTER_SHARDS'),
    'SVC_CLUSTER_SHARDS',
    DEFAULT_SHARD_COUNT,
    problems,
    isShardCount,
    `from 1 to ${MAX_SHARD_COUNT}`,
  );
  const replicas = whole(
    source.read('SVC_CLUSTER_NATS_REPLICAS'),
    'SVC_CLUSTER_NATS_REPLICAS',
    1,
    problems,
    (n) => n === 1 || n === 3 || n === 5,
    '1, 3 or 5',
  );

  const tls = tlsSettings(source, problems);
  return {
    natsUrls,
    instanceId: instanceSetting ?? defaultInstanceId(),
    name,
    shards,
    replicas,
    credentials: credentials(source, problems),
    tls,
  };
}

function natsServerUrls(setting: string, problems: string[]): string[] {
  const urls: string[] = [];
  for (const entry of setting
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')) {
    const withScheme = /^[a-z]+:\/\//i.test(entry) ? entry : `nats://${entry}`;
    let url: URL;
    try {
      url = new URL(withScheme);
    } catch {
      problems.push(`SVC_CLUSTER_NATS_URL: "${entry}" is not a URL like nats://nats-1:4222`);
      continue;
    }
    if (url.username !== '' || url.password !== '') {
      problems.push(
        'SVC_CLUSTER_NATS_URL: a URL carries credentials; put them in SVC_CLUSTER_NATS_USER and SVC_CLUSTER_NATS_PASSWORD (or _TOKEN, _CREDS_FILE), which are never logged',
      );
    } else if (url.protocol !== 'nats:' && url.protocol !== 'tls:') {
      problems.push(`SVC_CLUSTER_NATS_URL: "${entry}" must be nats:// or tls:// (or host:port)`);
    } else if (url.hostname === '' || (url.pathname !== '' && url.pathname !== '/') || url.search !== '' || url.hash !== '') {
      problems.push(`SVC_CLUSTER_NATS_URL: "${entry}" must be a server's address only, like nats://nats-1:4222`);
    } else {
      urls.push(`${url.protocol}//${url.host}`);
    }
  }
  if (urls.length === 0 && !problems.some((p) => p.startsWith('SVC_CLUSTER_NATS_URL'))) {
    problems.push('SVC_CLUSTER_NATS_URL names no server; give comma-separated URLs like nats://nats-1:4222,nats://nats-2:4222');
  }
  return urls;
}

function credentials(source: ClusterSettingsSource, problems: string[]): ClusterNatsCredentials {
  const secret = (name: string): string | undefined => {
    const value = source.raw(name);
    return value === undefined || value.trim() === '' ? undefined : value;
  };
  const user = source.read('SVC_CLUSTER_NATS_USER');
  const password = secret('SVC_CLUSTER_NATS_PASSWORD');
  const tokenValue = secret('SVC_CLUSTER_NATS_TOKEN');
  const credsFile = source.read('SVC_CLUSTER_NATS_CREDS_FILE');

  const ways = [user !== undefined || password !== undefined, tokenValue !== undefined, credsFile !== undefined].filter(Boolean).length;
  if (ways > 1) {
    problems.push(
      'SVC_CLUSTER_NATS_USER/_PASSWORD, SVC_CLUSTER_NATS_TOKEN and SVC_CLUSTER_NATS_CREDS_FILE are three ways to sign in to NATS: set one',
    );
    return { kind: 'none' };
  }
  if (user !== undefined || password !== undefined) {
    if (user === undefined || password === undefined) {
      problems.push('SVC_CLUSTER_NATS_USER and SVC_CLUSTER_NATS_PASSWORD go together: set both or neither');
      return { kind: 'none' };
    }
    return { kind: 'userPassword', user, password: new SecretValue(password) };
  }
  if (tokenValue !== undefined) return { kind: 'token', token: new SecretValue(tokenValue) };
  if (credsFile !== undefined) {
    if (!isFile(credsFile)) problems.push(`SVC_CLUSTER_NATS_CREDS_FILE: "${credsFile}" is not a readable file (a NATS .creds file)`);
    return { kind: 'credsFile', path: credsFile };
  }
  return { kind: 'none' };
}

function tlsSettings(source: ClusterSettingsSource, problems: string[]): ClusterTlsConfig | undefined {
  const file = (name: string): string | undefined => {
    const path = source.read(name);
    if (path !== undefined && !isFile(path)) problems.push(`${name}: "${path}" is not a readable file (PEM)`);
    return path;
  };
  const caFile = file('SVC_CLUSTER_NATS_TLS_CA_FILE');
  const certFile = file('SVC_CLUSTER_NATS_TLS_CERT_FILE');
  const keyFile = file('SVC_CLUSTER_NATS_TLS_KEY_FILE');
  if ((certFile === undefined) !== (keyFile === undefined)) {
    problems.push('SVC_CLUSTER_NATS_TLS_CERT_FILE and SVC_CLUSTER_NATS_TLS_KEY_FILE go together: a client certificate needs its key');
  }
  return caFile === undefined && certFile === undefined && keyFile === undefined ? undefined : { caFile, certFile, keyFile };
}

function token(value: string, name: string, maxLength: number, problems: string[]): void {
  if (!TOKEN.test(value) || value.length > maxLength) {
    problems.push(`${name} must be 1 to ${maxLength} letters, digits, "-" or "_" (it names NATS subjects and keys), got "${value}"`);
  }
}

function whole(
  value: string | undefined,
  name: string,
  fallback: number,
  problems: string[],
  ok: (n: number) => boolean,
  allowed: string,
): number {
  if (value === undefined) return fallback;
  const n = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!ok(n)) {
    problems.push(`${name} must be ${allowed}, got "${value}"`);
    return fallback;
  }
  return n;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
