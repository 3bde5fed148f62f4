/**
 * Sizes and switches of one SLA bench run (bench/sla.ts):
 *
 * - BENCH_SMOKE=1: one short round at tiny size (CI); figures are not meaningful.
 * - BENCH_DATABASE_URL (else SVC_TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test):
 *   PostgreSQL for the SQL reference; the run gets a fresh schema, dropped afterwards. When it
 *   cannot be reached the SQL reference is skipped with a note (the run does not fail).
 * - BENCH_SERVICES: services (default 10,000; 200 in a smoke run).
 * - BENCH_ROUNDS: measured rounds of main thread, pool and SQL (default 3; 1 in a smoke run).
 * - BENCH_WARMUPS: uncounted computations first, on the main thread and on each pool (default 5; 1
 *   in a smoke run): V8 reaches its optimized code for the walk after a few calls, on each thread.
 * - BENCH_WORKER_THREADS: threads of the pool (default: the product's default for this machine, and
 *   2 as well when that default is 1, so a speed-up from parallel threads shows on two cores).
 * - BENCH_INCREMENTAL_BUCKETS: 5-minute buckets closed for the incremental figure (default 288, a
 *   day; 12 in a smoke run).
 * - BENCH_ENFORCE_TARGETS=1: exit 3 when a target is missed.
 */
import { availableParallelism } from 'node:os';
import { defaultWorkerThreads } from '../../src/platform/config/config.js';
import { DEFAULT_DATABASE_URL } from '../lib/postgresSchema.js';

export interface SlaBenchSettings {
  readonly smoke: boolean;
  readonly databaseUrl: string;
  readonly services: number;
  readonly rounds: number;
  readonly warmups: number;
  /** Pool sizes to measure; the first is the product's and carries the targets. */
  readonly workerThreads: readonly number[];
  readonly incrementalBuckets: number;
  readonly enforceTargets: boolean;
  /** Event-loop delay sampling interval of monitorEventLoopDelay, ms. */
  readonly resolutionMs: number;
  readonly watchdogSeconds: number;
}

const positive = (value: string | undefined): number | undefined => (Number(value ?? '') > 0 ? Math.round(Number(value)) : undefined);
const flag = (value: string | undefined): boolean => value === '1' || value?.toLowerCase() === 'true';

export function readSlaSettings(env: NodeJS.ProcessEnv): SlaBenchSettings {
  const smoke = flag(env['BENCH_SMOKE']);
  return {
    smoke,
    databaseUrl: env['BENCH_DATABASE_URL'] || env['SVC_TEST_DATABASE_URL'] || DEFAULT_DATABASE_URL,
    services: positive(env['BENCH_SERVICES']) ?? (smoke ? 200 : 10_000),
    rounds: positive(env['BENCH_ROUNDS']) ?? (smoke ? 1 : 3),
    warmups: positive(env['BENCH_WARMUPS']) ?? (smoke ? 1 : 5),
    workerThreads: poolSizes(positive(env['BENCH_WORKER_THREADS'])),
    incrementalBuckets: positive(env['BENCH_INCREMENTAL_BUCKETS']) ?? (smoke ? 12 : 288),
    enforceTargets: flag(env['BENCH_ENFORCE_TARGETS']),
    resolutionMs: 1,
    watchdogSeconds: smoke ? 120 : 900,
  };
}

function poolSizes(pinned: number | undefined): number[] {
  if (pinned !== undefined) return [pinned];
  const product = defaultWorkerThreads(availableParallelism());
  return product === 1 ? [1, 2] : [product];
}
