/**
 * Configuration: read once from the environment in `main.ts`, validated here into typed values,
 * then passed down as slices. Nothing below `main.ts` reads `process.env`.
 *
 * Every problem names the setting and what is wrong with it, and all problems are reported together
 * so an operator fixes a broken deployment in one pass.
 */
import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { parseAddressRange, type AddressRange } from '../gateway/addressRange.js';
import { urlPasswords } from '../log/redaction.js';
import { ConfigSecrets } from './configSecrets.js';
import { loadClusterConfig, type ClusterConfig } from './cluster.js';
import type { Environment, SettingsSlice } from './settings.js';
import { shutdownSettings } from './shutdownSettings.js';
import { loadTracingConfig, type TracingConfig } from './tracingSettings.js';

export type { Environment } from './settings.js';

export interface DatabaseConfig {
  /** `postgres://` URL, or `undefined` for the embedded PGlite database in `dataDir`. */
  readonly url: string | undefined;
  readonly dataDir: string;
  /** Least time between the starts of two group commits (see BatchWriter). @default 2 */
  readonly commitWindowMs: number;
}

export interface SecurityConfig {
  /** Empty string: machine endpoints are open (a warning is logged at start). */
  readonly operatorApiKey: string;
  readonly corsAllowedOrigins: readonly string[];
  readonly webhookHostAllowlist: readonly string[];
  readonly allowPrivateWebhooks: boolean;
  /** Peers whose `X-Forwarded-For` is believed. Anyone else is identified by the socket address. */
  readonly trustedProxies: readonly AddressRange[];
}

export interface RateLimitConfig {
  /** `0` disables the limiter; only allowed outside production. */
  readonly requestsPerSecond: number;
  readonly burst: number;
}

export interface RealtimeConfig {
  /** SVC_REALTIME_MAX_SUBSCRIPTIONS: open subscriptions per graphql-ws connection. @default 100 */
  readonly maxSubscriptionsPerConnection: number;
  /** SVC_REALTIME_MAX_BUFFERED_BYTES: unsent bytes before a slow client is disconnected. @default 1 MiB */
  readonly maxBufferedBytes: number;
}

export interface WorkersConfig {
  /**
   * SVC_WORKER_THREADS: threads for CPU work off the event loop (SLA arithmetic); started when work
   * arrives and stopped after a minute idle. `0` runs that work on the main thread.
   * @default max(1, min(2, CPUs - 1))
   */
  readonly threads: number;
}

/** The platform's settings; `Config` adds every module's slice. */
export interface PlatformConfig {
  readonly env: Environment;
  readonly host: string;
  readonly port: number;
  readonly database: DatabaseConfig;
  /** `undefined`: generated once into the data dir (see `secrets.ts`). */
  readonly jwtSecret: string | undefined;
  /**
   * SVC_AUTH_SECRET_KEY: the key secrets at rest are encrypted with (sign-in providers' LDAP bind
   * passwords and OIDC client secrets, webhooks' signing secrets), at least 32 characters.
   * `undefined`: generated once into the data dir (see `secrets.ts`).
   */
  readonly authSecretKey: string | undefined;
  /**
   * SVC_AUTH_SECRET_KEY_PREVIOUS: the key before the last rotation. Secrets sealed under it still
   * open, and are sealed again under the current key at start; unset once a start has done that.
   */
  readonly previousAuthSecretKey: string | undefined;
  readonly security: SecurityConfig;
  readonly rateLimit: RateLimitConfig;
  readonly bootstrapAdmin: {
    readonly username: string;
    /** `undefined`: generated and printed once. */
    readonly password: string | undefined;
    readonly email: string;
  };
  readonly logLevel: LogLevelSetting;
  readonly auth: AuthConfig;
  readonly realtime: RealtimeConfig;
  /**
   * SVC_GRAPHQL_EXECUTION, a benchmark/diagnostic switch: `compiled` (default) parses and validates
   * each distinct document once (cached) and runs it with graphql-jit; `plain` parses, validates and
   * executes every request with graphql-js and caches nothing. `plain` exists as the reference of
   * bench/graphql.ts and to rule out the compiler when diagnosing; it is slower and not meant for
   * production use.
   */
  readonly graphqlExecution: GraphQLExecutionMode;
  readonly workers: WorkersConfig;
  readonly console: ConsoleConfig;
  readonly metrics: MetricsConfig;
  /** OpenTelemetry tracing (tracingSettings.ts: the standard OTEL_* variables); undefined, the default: off, nothing loaded. */
  readonly tracing: TracingConfig | undefined;
  /** Cluster mode's settings (cluster.ts); undefined without SVC_CLUSTER_NATS_URL: one process, as ever. */
  readonly cluster: ClusterConfig | undefined;
  /**
   * The secret values among the settings (operator key, JWT secret, the key of secrets at rest and
   * the one before it, the first admin's password, the database URL's password, the metrics token,
   * the cluster's NATS password or token, and what module slices mark with `secret`): the log never
   * shows them (main.ts and startServer register them). Printed, it shows `[redacted]`.
   */
  readonly secrets: ConfigSecrets;
}

/** The configuration: the platform's settings and the modules' slices, which augment it (settings.ts). */
export interface Config extends PlatformConfig {}

export interface ConsoleConfig {
  /**
   * SVC_CONSOLE_DIR: the console's build (index.html, assets/), served under /app/ (src/plugins/console).
   * An absolute path. `undefined`: no console here (no default was given: tests), /app/ answers 503.
   * @default the `web` directory beside the compiled server, or web/dist when running from sources (main.ts)
   */
  readonly dir: string | undefined;
}

export type GraphQLExecutionMode = 'compiled' | 'plain';

/** Where `GET /metrics` is served and who may read it (src/platform/metrics, docs/adr/0055). */
export interface MetricsConfig {
  /**
   * Metrics are collected and `/metrics` served: a token or an address is set and SVC_METRICS is not `off`.
   * Off, nothing is counted on a request's path and no `/metrics` exists. @default false
   */
  readonly enabled: boolean;
  /** SVC_METRICS_TOKEN: the bearer token `/metrics` asks for (at least 16 characters); undefined: none asked. */
  readonly token: string | undefined;
  /** SVC_METRICS_ADDRESS (`host:port`): `/metrics` on a listener of its own, and not on the main port. */
  readonly address: { readonly host: string; readonly port: number } | undefined;
}

export interface AuthConfig {
  /** Failed sign-ins per minute per client address, across accounts (`0`: no limit, development only). @default 30 */
  readonly loginAttemptsPerMinutePerAddress: number;
  /** Failed sign-ins per minute per account from one address (`0`: no limit, development only). @default 10 */
  readonly loginAttemptsPerMinutePerAccount: number;
  /**
   * log2 of scrypt's N for new password hashes (existing hashes keep theirs until the password changes).
   * Raising it slows every sign-in and password change; production refuses less than the default. @default 15
   */
  readonly passwordHashCost: number;
}

export type LogLevelSetting = 'debug' | 'info' | 'warn' | 'error';

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

export type EnvSource = Readonly<Record<string, string | undefined>>;

export interface ConfigDefaults {
  /** `npm start` runs production; `npm run dev` sets SVC_ENV=development. */
  readonly env: Environment;
  /** CPUs the default worker thread count is derived from. @default os.availableParallelism() */
  readonly cpus?: number;
  /** Where the console's build is when SVC_CONSOLE_DIR is not set (main.ts knows where it runs from). */
  readonly consoleDir?: string;
}

const MIN_JWT_SECRET_LENGTH = 32;
const MIN_METRICS_TOKEN_LENGTH = 16;
const MIN_ADMIN_PASSWORD_LENGTH = 12;
const MAX_WORKER_THREADS = 64;

/** One core stays for the event loop; two threads carry the batch jobs, more buys nothing but memory. */
export function defaultWorkerThreads(cpus: number): number {
  return Math.max(1, Math.min(2, cpus - 1));
}

/**
 * The platform's settings and every slice in `settings` (the modules', in module order, after the
 * platform's), all problems reported together. The product's list: `loadProductConfig` in app.ts.
 */
export function loadConfig(
  source: EnvSource,
  defaults: ConfigDefaults = { env: 'production' },
  settings: readonly SettingsSlice[] = [],
): Config {
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const value = source[name];
    return value === undefined || value.trim() === '' ? undefined : value.trim();
  };

  const env = oneOf(read('SVC_ENV') ?? defaults.env, ['production', 'development'] as const, 'SVC_ENV', problems) ?? defaults.env;
  const port = integer(read('SVC_PORT'), 'SVC_PORT', { min: 0, max: 65535, fallback: 8080 }, problems);
  const host = read('SVC_HOST') ?? '0.0.0.0';
  const commitWindowMs = integer(read('SVC_DB_COMMIT_WINDOW_MS'), 'SVC_DB_COMMIT_WINDOW_MS', { min: 0, max: 1000, fallback: 2 }, problems);

  const url = read('SVC_DATABASE_URL');
  if (url !== undefined && !/^postgres(ql)?:\/\//.test(url)) {
    problems.push('SVC_DATABASE_URL must be a postgres:// or postgresql:// URL (unset it to use the embedded database)');
  }

  const jwtSecret = source['SVC_JWT_SECRET'];
  if (jwtSecret !== undefined && jwtSecret !== '' && jwtSecret.length < MIN_JWT_SECRET_LENGTH) {
    problems.push(
      `SVC_JWT_SECRET must be at least ${MIN_JWT_SECRET_LENGTH} characters (it has ${jwtSecret.length}); unset it to have one generated into the data dir`,
    );
  }

  const authSecretKey = source['SVC_AUTH_SECRET_KEY'];
  if (authSecretKey !== undefined && authSecretKey !== '' && authSecretKey.length < MIN_JWT_SECRET_LENGTH) {
    problems.push(
      `SVC_AUTH_SECRET_KEY must be at least ${MIN_JWT_SECRET_LENGTH} characters (it has ${authSecretKey.length}); unset it to have one generated into the data dir`,
    );
  }
  const previousAuthSecretKey = source['SVC_AUTH_SECRET_KEY_PREVIOUS'];
  if (previousAuthSecretKey !== undefined && previousAuthSecretKey !== '') {
    if (previousAuthSecretKey.length < MIN_JWT_SECRET_LENGTH) {
      problems.push(
        `SVC_AUTH_SECRET_KEY_PREVIOUS must be at least ${MIN_JWT_SECRET_LENGTH} characters (it has ${previousAuthSecretKey.length}): it is the SVC_AUTH_SECRET_KEY used before the rotation`,
      );
    } else if (previousAuthSecretKey === authSecretKey) {
      problems.push(
        'SVC_AUTH_SECRET_KEY_PREVIOUS is the same as SVC_AUTH_SECRET_KEY: set it to the key used before the rotation, or unset it',
      );
    }
  }

  const requestsPerSecond = integer(read('SVC_RATE_LIMIT_RPS'), 'SVC_RATE_LIMIT_RPS', { min: 0, max: 1_000_000, fallback: 10 }, problems);
  const burst = integer(read('SVC_RATE_LIMIT_BURST'), 'SVC_RATE_LIMIT_BURST', { min: 1, max: 1_000_000, fallback: 20 }, problems);
  if (env === 'production' && requestsPerSecond === 0) {
    problems.push('SVC_RATE_LIMIT_RPS=0 (limiter off) is refused in production; the rate limit is always on there');
  }

  const corsAllowedOrigins = list(read('SVC_SECURITY_CORS_ALLOWED_ORIGINS'));
  for (const origin of corsAllowedOrigins) {
    if (!isOrigin(origin)) {
      problems.push(
        `SVC_SECURITY_CORS_ALLOWED_ORIGINS: "${origin}" is not an origin like https://ops.example.com (credentials are allowed, so "*" is refused)`,
      );
    }
  }
  const allowPrivateWebhooks = boolean(read('SVC_SECURITY_ALLOW_PRIVATE_WEBHOOKS'), 'SVC_SECURITY_ALLOW_PRIVATE_WEBHOOKS', problems);
  if (allowPrivateWebhooks && env === 'production') {
    problems.push(
      'SVC_SECURITY_ALLOW_PRIVATE_WEBHOOKS=true is for development only; in production name the hosts in SVC_SECURITY_WEBHOOK_HOST_ALLOWLIST',
    );
  }
  const trustedProxies: AddressRange[] = [];
  for (const entry of list(read('SVC_TRUSTED_PROXIES'))) {
    const range = parseAddressRange(entry);
    if (range === undefined) problems.push(`SVC_TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
    else trustedProxies.push(range);
  }

  const adminPassword = read('SVC_BOOTSTRAP_ADMIN_PASSWORD');
  if (adminPassword !== undefined && adminPassword.length < MIN_ADMIN_PASSWORD_LENGTH) {
    problems.push(`SVC_BOOTSTRAP_ADMIN_PASSWORD must be at least ${MIN_ADMIN_PASSWORD_LENGTH} characters`);
  }
  const adminEmail = read('SVC_BOOTSTRAP_ADMIN_EMAIL') ?? 'admin@localhost';
  if (!/^[^\s@]+@[^\s@]+$/.test(adminEmail)) problems.push('SVC_BOOTSTRAP_ADMIN_EMAIL is not an e-mail address');

  const perAddress = integer(
    read('SVC_AUTH_LOGIN_RATE_PER_ADDRESS'),
    'SVC_AUTH_LOGIN_RATE_PER_ADDRESS',
    { min: 0, max: 1_000_000, fallback: 30 },
    problems,
  );
  const perAccount = integer(
    read('SVC_AUTH_LOGIN_RATE_PER_ACCOUNT'),
    'SVC_AUTH_LOGIN_RATE_PER_ACCOUNT',
    { min: 0, max: 1_000_000, fallback: 10 },
    problems,
  );
  const passwordHashCost = integer(
    read('SVC_AUTH_PASSWORD_HASH_COST'),
    'SVC_AUTH_PASSWORD_HASH_COST',
    { min: 10, max: 20, fallback: 15 },
    problems,
  );
  if (env === 'production' && passwordHashCost < 15) {
    problems.push(`SVC_AUTH_PASSWORD_HASH_COST=${passwordHashCost} is refused in production: at least 15 (scrypt N = 32,768)`);
  }
  if (env === 'production' && (perAddress === 0 || perAccount === 0)) {
    problems.push('SVC_AUTH_LOGIN_RATE_PER_ADDRESS / SVC_AUTH_LOGIN_RATE_PER_ACCOUNT = 0 (no sign-in limit) is refused in production');
  }

  const logLevel = oneOf(read('SVC_LOG_LEVEL') ?? 'info', ['debug', 'info', 'warn', 'error'] as const, 'SVC_LOG_LEVEL', problems) ?? 'info';
  const graphqlExecution =
    oneOf(read('SVC_GRAPHQL_EXECUTION') ?? 'compiled', ['compiled', 'plain'] as const, 'SVC_GRAPHQL_EXECUTION', problems) ?? 'compiled';

  const maxSubscriptions = integer(
    read('SVC_REALTIME_MAX_SUBSCRIPTIONS'),
    'SVC_REALTIME_MAX_SUBSCRIPTIONS',
    { min: 1, max: 10_000, fallback: 100 },
    problems,
  );
  const maxBufferedBytes = integer(
    read('SVC_REALTIME_MAX_BUFFERED_BYTES'),
    'SVC_REALTIME_MAX_BUFFERED_BYTES',
    { min: 16_384, max: 64 * 1024 * 1024, fallback: 1024 * 1024 },
    problems,
  );

  const workerThreads = integer(
    read('SVC_WORKER_THREADS'),
    'SVC_WORKER_THREADS',
    { min: 0, max: MAX_WORKER_THREADS, fallback: defaultWorkerThreads(defaults.cpus ?? availableParallelism()) },
    problems,
  );

  const consoleDirSetting = read('SVC_CONSOLE_DIR');
  if (consoleDirSetting !== undefined && !isDirectory(consoleDirSetting)) {
    problems.push(
      `SVC_CONSOLE_DIR: "${consoleDirSetting}" is not a directory; name the console's build (npm run build:web writes web/dist) or unset it for the build beside the server`,
    );
  }
  const consoleDir = consoleDirSetting ?? defaults.consoleDir;

  const metrics = metricsSettings(read, source, problems);
  const tracingSecrets: string[] = [];
  const tracing = loadTracingConfig(read, problems, (value) => void tracingSecrets.push(value));
  const cluster = loadClusterConfig({ read, raw: (name) => source[name] }, url, problems);

  const slices: Record<string, unknown> = {};
  const secrets: string[] = [];
  const secret = (value: string | undefined) => {
    if (value !== undefined && value !== '') secrets.push(value);
  };
  const reader = {
    read,
    raw: (name: string) => source[name],
    env,
    problem: (message: string) => void problems.push(message),
    secret,
  };
  // The platform's own slices first (shutdownSettings.ts), then the modules'.
  for (const slice of [shutdownSettings, ...settings]) slices[slice.key] = slice.load(reader);

  if (problems.length > 0) throw new ConfigError(problems);
  secret(source['SVC_SECURITY_OPERATOR_API_KEY']);
  secret(jwtSecret);
  secret(authSecretKey);
  secret(previousAuthSecretKey);
  secret(adminPassword);
  for (const password of urlPasswords(url)) secret(password);
  secret(metrics.token);
  for (const value of tracingSecrets) secret(value);
  if (cluster !== undefined) {
    const { credentials } = cluster;
    if (credentials.kind === 'userPassword') secret(credentials.password.reveal());
    if (credentials.kind === 'token') secret(credentials.token.reveal());
    for (const natsUrl of cluster.natsUrls) for (const password of urlPasswords(natsUrl)) secret(password);
  }

  const platform: PlatformConfig = {
    env,
    host,
    port,
    database: { url, dataDir: read('SVC_DATA_DIR') ?? './data', commitWindowMs },
    jwtSecret: jwtSecret === '' ? undefined : jwtSecret,
    authSecretKey: authSecretKey === '' ? undefined : authSecretKey,
    previousAuthSecretKey: previousAuthSecretKey === '' ? undefined : previousAuthSecretKey,
    security: {
      operatorApiKey: source['SVC_SECURITY_OPERATOR_API_KEY'] ?? '',
      corsAllowedOrigins,
      webhookHostAllowlist: list(read('SVC_SECURITY_WEBHOOK_HOST_ALLOWLIST')).map((h) => h.toLowerCase()),
      allowPrivateWebhooks,
      trustedProxies,
    },
    rateLimit: { requestsPerSecond, burst },
    bootstrapAdmin: {
      username: read('SVC_BOOTSTRAP_ADMIN_USERNAME') ?? 'admin',
      password: adminPassword,
      email: adminEmail,
    },
    logLevel,
    auth: { loginAttemptsPerMinutePerAddress: perAddress, loginAttemptsPerMinutePerAccount: perAccount, passwordHashCost },
    graphqlExecution,
    realtime: { maxSubscriptionsPerConnection: maxSubscriptions, maxBufferedBytes },
    workers: { threads: workerThreads },
    console: { dir: consoleDir === undefined ? undefined : resolve(consoleDir) },
    metrics,
    tracing,
    cluster,
    secrets: new ConfigSecrets(secrets),
  };
  for (const key of Object.keys(slices))
    if (key in platform) throw new Error(`the settings slice ${key} has the name of a platform setting`);
  return { ...platform, ...slices } as Config;
}

/**
 * SVC_METRICS (`on`, `off`), SVC_METRICS_TOKEN and SVC_METRICS_ADDRESS. Metrics are on only when something
 * serves them: a token (then `/metrics` on the main port, behind it) or an address (a listener of its own).
 */
function metricsSettings(read: (name: string) => string | undefined, source: EnvSource, problems: string[]): MetricsConfig {
  const switched = oneOf(read('SVC_METRICS') ?? 'on', ['on', 'off'] as const, 'SVC_METRICS', problems) ?? 'on';
  const rawToken = source['SVC_METRICS_TOKEN'];
  const token = rawToken === undefined || rawToken === '' ? undefined : rawToken;
  if (token !== undefined && (token.length < MIN_METRICS_TOKEN_LENGTH || /\s/.test(token))) {
    problems.push(
      `SVC_METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN_LENGTH} characters without spaces (it is sent as "Authorization: Bearer <token>")`,
    );
  }
  const addressSetting = read('SVC_METRICS_ADDRESS');
  const address = addressSetting === undefined ? undefined : listenAddress(addressSetting);
  if (addressSetting !== undefined && address === undefined) {
    problems.push(`SVC_METRICS_ADDRESS must be host:port, such as 127.0.0.1:9464 or [::1]:9464, got "${addressSetting}"`);
  }
  return { enabled: switched === 'on' && (token !== undefined || address !== undefined), token, address };
}

/** `host:port`, `[v6]:port`; port 0 lets the system choose (tests). */
function listenAddress(value: string): { host: string; port: number } | undefined {
  const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([^:[\]\s]+)):(\d{1,5})$/.exec(value);
  if (!match) return undefined;
  const port = Number(match[3]);
  if (port > 65535) return undefined;
  return { host: match[1] ?? match[2]!, port };
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function list(value: string | undefined): string[] {
  return value === undefined
    ? []
    : value
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '');
}

function integer(
  value: string | undefined,
  name: string,
  range: { min: number; max: number; fallback: number },
  problems: string[],
): number {
  if (value === undefined) return range.fallback;
  if (!/^\d+$/.test(value)) {
    problems.push(`${name} must be a whole number, got "${value}"`);
    return range.fallback;
  }
  const n = Number(value);
  if (n < range.min || n > range.max) {
    problems.push(`${name} must be between ${range.min} and ${range.max}, got ${n}`);
    return range.fallback;
  }
  return n;
}

function boolean(value: string | undefined, name: string, problems: string[]): boolean {
  if (value === undefined) return false;
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  problems.push(`${name} must be true or false, got "${value}"`);
  return false;
}

function oneOf<const T extends string>(value: string, allowed: readonly T[], name: string, problems: string[]): T | undefined {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  problems.push(`${name} must be one of ${allowed.join(', ')}, got "${value}"`);
  return undefined;
}

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === value.replace(/\/$/, '');
  } catch {
    return false;
  }
}
