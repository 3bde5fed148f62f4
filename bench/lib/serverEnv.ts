import { randomBytes } from 'node:crypto';
import { SERVER_NODE_FLAGS } from '../../src/platform/config/runtimeFlags.js';

/**
 * The node flags this server runs with in a bench: the ones it ships with (src/platform/config/runtimeFlags.ts),
 * or BENCH_NODE_FLAGS when set (space-separated; set and empty: node's defaults), to measure a flag.
 */
export function benchServerNodeFlags(env: NodeJS.ProcessEnv = process.env): readonly string[] {
  const override = env['BENCH_NODE_FLAGS'];
  return override === undefined ? SERVER_NODE_FLAGS : override.split(' ').filter(Boolean);
}

export interface BenchServerEnvOptions {
  readonly dataDir: string;
  /** Omitted: the embedded database in `dataDir`. */
  readonly databaseUrl?: string;
  readonly apiKey?: string;
  readonly adminPassword?: string;
  /** Servers that must accept each other's tokens share one; otherwise a fresh one. */
  readonly jwtSecret?: string;
  readonly logLevel: 'info' | 'warn';
}

/**
 * The SVC_* environment every bench starts this server with: production settings on loopback, a
 * port the OS chooses, and the per-address request limit set out of the way (production refuses
 * 0, and the default 10/s would cap a load generator that uses one address).
 */
export function benchServerEnv(options: BenchServerEnvOptions): Record<string, string> {
  return {
    SVC_ENV: 'production',
    SVC_HOST: '127.0.0.1',
    SVC_PORT: '0',
    SVC_DATA_DIR: options.dataDir,
    SVC_JWT_SECRET: options.jwtSecret ?? randomBytes(32).toString('hex'),
    SVC_RATE_LIMIT_RPS: '1000000',
    SVC_RATE_LIMIT_BURST: '1000000',
    SVC_LOG_LEVEL: options.logLevel,
    // No load balancer to wait for: a restart drains at once (bench/drain.ts sets its own).
    SVC_SHUTDOWN_DELAY_MS: '0',
    ...(options.databaseUrl !== undefined ? { SVC_DATABASE_URL: options.databaseUrl } : {}),
    ...(options.apiKey !== undefined ? { SVC_SECURITY_OPERATOR_API_KEY: options.apiKey } : {}),
    ...(options.adminPassword !== undefined ? { SVC_BOOTSTRAP_ADMIN_PASSWORD: options.adminPassword } : {}),
    ...benchMetricsEnv(),
  };
}

/**
 * BENCH_METRICS: `on` starts this server with metrics collected and GET /metrics behind a token (as an operator
 * who scrapes it runs it), `off` with SVC_METRICS=off; unset, neither is set, which is off too (the shipped default).
 * `BENCH_METRICS=on npm run bench:ingest` against `BENCH_METRICS=off npm run bench:ingest` measures what metrics cost.
 */
export function benchMetricsEnv(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const setting = env['BENCH_METRICS'];
  if (setting === undefined || setting === '') return {};
  if (setting === 'on') return { SVC_METRICS_TOKEN: randomBytes(24).toString('hex') };
  if (setting === 'off') return { SVC_METRICS: 'off' };
  throw new Error(`BENCH_METRICS must be on or off, got "${setting}"`);
}
