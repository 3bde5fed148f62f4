/**
 * Sizes and switches of one GraphQL bench run (bench/graphql.ts). The same environment variables
 * as the ingest bench where they mean the same thing:
 *
 * - BENCH_SMOKE=1: a short run of every phase at tiny sizes (CI); figures are not meaningful.
 * - BENCH_DATABASE_URL: PostgreSQL to use (default postgres://postgres@127.0.0.1:5432/test).
 * - BENCH_BUILT=1: run the two child servers from `npm run build` output (`node dist/src/main.js`).
 * - BENCH_DURATION: seconds of each measured load phase (full run default 10).
 * - BENCH_RATE: pin the paced phase's rate (req/s) instead of 70 % of the plain reference's saturation.
 * - BENCH_SERVICES: services seeded (default 10,000; 300 in a smoke run).
 * - BENCH_LOGIN_RATE / BENCH_LOGIN_SECONDS: the paced login phase (default 20/s for 15 s).
 * - BENCH_ENFORCE_TARGETS=1: exit 3 when a target is missed.
 */
import { DEFAULT_DATABASE_URL } from './postgresSchema.js';

export interface GraphQLBenchSettings {
  readonly smoke: boolean;
  readonly databaseUrl: string;
  readonly built: boolean;
  readonly enforceTargets: boolean;
  readonly pinnedRate: number | undefined;
  readonly adminPassword: string;
  readonly query: {
    readonly services: number;
    /** Owners (users) and teams (groups) the services are spread over. */
    readonly users: number;
    readonly groups: number;
    /** Every tenth service has no dependencies; the others depend on this many of those. */
    readonly dependencies: number;
    /** Mutations in flight while seeding. */
    readonly seedConcurrency: number;
    readonly connections: number;
    readonly pacedConnections: number;
    readonly warmupSeconds: number;
    readonly durationSeconds: number;
    /** Saturation phases per server, interleaved (plain, ours, plain, ours...). */
    readonly rounds: number;
    /** Paced phase: this share of the plain reference's saturation rate. */
    readonly rateShare: number;
  };
  readonly login: {
    readonly rate: number;
    readonly seconds: number;
    /** Distinct accounts the logins rotate over. */
    readonly users: number;
    readonly idleSeconds: number;
    /** Hashes timed alone, one at a time. */
    readonly hashRepeats: number;
  };
  readonly watchdogSeconds: number;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return value === '1' || value.toLowerCase() === 'true';
}

const positive = (value: string | undefined): number | undefined => (Number(value ?? '') > 0 ? Number(value) : undefined);

export function readGraphQLSettings(env: NodeJS.ProcessEnv): GraphQLBenchSettings {
  const smoke = flag(env['BENCH_SMOKE'], false);
  const duration = positive(env['BENCH_DURATION']) ?? (smoke ? 1 : 10);
  return {
    smoke,
    databaseUrl: env['BENCH_DATABASE_URL'] || DEFAULT_DATABASE_URL,
    built: flag(env['BENCH_BUILT'], false),
    enforceTargets: flag(env['BENCH_ENFORCE_TARGETS'], false),
    pinnedRate: positive(env['BENCH_RATE']),
    adminPassword: 'bench-admin-password-0123',
    query: {
      services: Math.round(positive(env['BENCH_SERVICES']) ?? (smoke ? 300 : 10_000)),
      users: smoke ? 20 : 100,
      groups: smoke ? 5 : 25,
      dependencies: 3,
      seedConcurrency: 32,
      connections: smoke ? 4 : 16,
      pacedConnections: smoke ? 8 : 32,
      warmupSeconds: smoke ? 1 : 3,
      durationSeconds: duration,
      rounds: smoke ? 1 : 2,
      rateShare: 0.7,
    },
    login: {
      rate: positive(env['BENCH_LOGIN_RATE']) ?? 20,
      seconds: positive(env['BENCH_LOGIN_SECONDS']) ?? (smoke ? 2 : 15),
      users: smoke ? 3 : 10,
      idleSeconds: smoke ? 1 : 3,
      hashRepeats: smoke ? 2 : 10,
    },
    watchdogSeconds: smoke ? 120 : 900,
  };
}
