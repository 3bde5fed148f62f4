/**
 * Sizes and switches of one bench run. The bench is a script (not the product), so it reads its
 * own environment here:
 *
 * - BENCH_SMOKE=1: a few-second run of every case (CI); figures are not meaningful.
 * - BENCH_DATABASE_URL: PostgreSQL to use (default postgres://postgres@127.0.0.1:5432/test); each
 *   server gets a fresh schema, dropped afterwards.
 * - BENCH_EMBEDDED=0|1: also run this server on its embedded database (informational). Default: on
 *   in a full run, off in a smoke run (the first open of a new PGlite data dir takes ~4-10 s).
 * - BENCH_BUILT=1: run this server from the compiled build (`npm run build`, `node dist/src/main.js`)
 *   instead of `node --import tsx src/main.ts`.
 * - BENCH_DURATION: seconds of each measured load phase (full run default 10).
 * - BENCH_RATE: pin the paced phase's rate (req/s) instead of 70 % of the reference's saturation,
 *   to compare two builds of this server at the same load (the reference's saturation varies from
 *   run to run with the disk's commit latency).
 * - BENCH_ENFORCE_TARGETS=1: exit 3 when a target is missed (otherwise targets are reported only).
 * - BENCH_NODE_FLAGS: node flags for this server instead of the ones it ships with (bench/lib/serverEnv.ts).
 * - BENCH_CPU_PROFILE=<dir>: this server runs with --cpu-prof into that directory (open the
 *   .cpuprofile in Chrome DevTools or speedscope).
 */
import { DEFAULT_DATABASE_URL } from './postgresSchema.js';
import { benchServerNodeFlags } from './serverEnv.js';

export interface BenchSettings {
  readonly smoke: boolean;
  readonly databaseUrl: string;
  readonly embedded: boolean;
  readonly built: boolean;
  readonly enforceTargets: boolean;
  /** Node flags of this server's process: the shipped ones (or BENCH_NODE_FLAGS), and BENCH_CPU_PROFILE's. */
  readonly serverNodeArgs: readonly string[];
  /** BENCH_RATE, when set. */
  readonly pinnedRate: number | undefined;
  readonly apiKey: string;
  readonly health: {
    /** Distinct services pushed (each push alternates its status, so every push is a change). */
    readonly services: number;
    /** Closed-loop connections of the warm-up and saturation phases (autocannon). */
    readonly connections: number;
    /** Connections available to the paced phase (caps requests in flight). */
    readonly pacedConnections: number;
    readonly warmupSeconds: number;
    readonly durationSeconds: number;
    /** Fixed-rate phase: this share of the reference's saturation rate. */
    readonly rateShare: number;
  };
  readonly sync: {
    readonly services: number;
    readonly changed: number;
    /** Measured requests per phase, and a time cap per phase. */
    readonly unchangedRequests: number;
    readonly changedRequests: number;
    readonly referenceRequests: number;
    readonly maxPhaseSeconds: number;
    readonly parseRepeats: number;
  };
  readonly writer: {
    readonly rows: number;
    readonly repeats: number;
    /** Rows per statement of the knex multi-row VALUES baseline. */
    readonly knexChunkRows: number;
  };
  /** The whole run is aborted (exit 1) after this long. */
  readonly watchdogSeconds: number;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return value === '1' || value.toLowerCase() === 'true';
}

export function readSettings(env: NodeJS.ProcessEnv): BenchSettings {
  const smoke = flag(env['BENCH_SMOKE'], false);
  const duration = Number(env['BENCH_DURATION'] ?? '') || (smoke ? 1 : 10);
  return {
    smoke,
    databaseUrl: env['BENCH_DATABASE_URL'] || DEFAULT_DATABASE_URL,
    embedded: flag(env['BENCH_EMBEDDED'], !smoke),
    built: flag(env['BENCH_BUILT'], false),
    enforceTargets: flag(env['BENCH_ENFORCE_TARGETS'], false),
    serverNodeArgs: [
      ...(env['BENCH_CPU_PROFILE'] ? ['--cpu-prof', `--cpu-prof-dir=${env['BENCH_CPU_PROFILE']}`] : []),
      ...benchServerNodeFlags(env),
    ],
    pinnedRate: Number(env['BENCH_RATE'] ?? '') > 0 ? Number(env['BENCH_RATE']) : undefined,
    apiKey: 'bench-operator-key-0123456789abcdef',
    health: {
      services: smoke ? 200 : 2000,
      connections: smoke ? 8 : 32,
      pacedConnections: smoke ? 16 : 64,
      warmupSeconds: smoke ? 1 : 3,
      durationSeconds: duration,
      rateShare: 0.7,
    },
    sync: {
      services: smoke ? 500 : 5000,
      changed: 50,
      unchangedRequests: smoke ? 3 : 60,
      changedRequests: smoke ? 2 : 60,
      referenceRequests: smoke ? 1 : 8,
      maxPhaseSeconds: smoke ? 10 : 30,
      parseRepeats: smoke ? 5 : 60,
    },
    writer: {
      rows: smoke ? 5000 : 100_000,
      repeats: smoke ? 1 : 3,
      knexChunkRows: 1000,
    },
    watchdogSeconds: smoke ? 180 : 1200,
  };
}
