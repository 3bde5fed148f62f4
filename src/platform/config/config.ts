/**
 * Configuration: read once from the environment in `main.ts`, validated here into typed values,
 * then passed down as slices. Nothing below `main.ts` reads `process.env`.
 *
 * Every problem names the setting and what is wrong with it, and all problems are reported together
 * so an operator fixes a broken deployment in one pass.
 *
 * The groups of settings that belong together are read in modules of their own (databaseSettings.ts,
 * secretKeySettings.ts, securitySettings.ts, authSettings.ts, metricsSettings.ts, tracingSettings.ts,
 * cluster.ts); here are the `Config` type, the settings too small for a module of their own, and
 * `loadConfig`, which reads every group in a fixed order: the order its problems are reported in.
 */
import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { urlPasswords } from '../log/redaction.js';
import { authSettings, bootstrapAdminSettings, type AuthConfig, type BootstrapAdminConfig } from './authSettings.js';
import { ConfigSecrets } from './configSecrets.js';
import { loadClusterConfig, type ClusterConfig } from './cluster.js';
import { databaseSettings, type DatabaseConfig } from './databaseSettings.js';
import { metricsSettings, type MetricsConfig } from './metricsSettings.js';
import { secretKeySettings } from './secretKeySettings.js';
import { rateLimitSettings, securitySettings, type RateLimitConfig, type SecurityConfig } from './securitySettings.js';
import type { Environment, SettingsSlice } from './settings.js';
import { integer, oneOf, type EnvSource } from './settingValues.js';
import { shutdownSettings } from './shutdownSettings.js';
import { loadTracingConfig, type TracingConfig } from './tracingSettings.js';

export type { Environment } from './settings.js';
export type { AuthConfig, BootstrapAdminConfig } from './authSettings.js';
export type { DatabaseConfig } from './databaseSettings.js';
export type { MetricsConfig } from './metricsSettings.js';
export type { RateLimitConfig, SecurityConfig } from './securitySettings.js';
export type { EnvSource } from './settingValues.js';

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
  readonly bootstrapAdmin: BootstrapAdminConfig;
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

export type LogLevelSetting = 'debug' | 'info' | 'warn' | 'error';

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

export interface ConfigDefaults {
  /** `npm start` runs production; `npm run dev` sets SVC_ENV=development. */
  readonly env: Environment;
  /** CPUs the default worker thread count is derived from. @default os.availableParallelism() */
  readonly cpus?: number;
  /** Where the console's build is when SVC_CONSOLE_DIR is not set (main.ts knows where it runs from). */
  readonly consoleDir?: string;
}

const MAX_WORKER_THREADS = 64;

/** One core stays for the event loop; two threads carry the batch jobs, more buys nothing but memory. */
export function defaultWorkerThreads(cpus: number): number {
  return Math.max(1, Math.min(2, cpus - 1));
}

/**
 * The platform's settings and every slice in `settings` (the modules', in module order, after the
 * platform's), all problems reported together. The product's list: `loadProductConfig` in src/plugins/productModules.ts.
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
  const database = databaseSettings(read, problems);
  const { jwtSecret, authSecretKey, previousAuthSecretKey } = secretKeySettings(source, problems);
  const rateLimit = rateLimitSettings(read, env, problems);
  const security = securitySettings(read, source, env, problems);
  const bootstrapAdmin = bootstrapAdminSettings(read, problems);
  const auth = authSettings(read, env, problems);

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
  const cluster = loadClusterConfig({ read, raw: (name) => source[name] }, database.url, problems);

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
  secret(bootstrapAdmin.password);
  for (const password of urlPasswords(database.url)) secret(password);
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
    database,
    jwtSecret,
    authSecretKey,
    previousAuthSecretKey,
    security,
    rateLimit,
    bootstrapAdmin,
    logLevel,
    auth,
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

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
