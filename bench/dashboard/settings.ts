/**
 * Sizes and switches of one dashboard bench run (bench/dashboard.ts):
 *
 * - BENCH_SMOKE=1: one short round at tiny size (CI); figures are not meaningful.
 * - BENCH_DATABASE_URL: PostgreSQL to use (default postgres://postgres@127.0.0.1:5432/test); the
 *   run gets a fresh schema, dropped afterwards.
 * - BENCH_SERVICES: services (default 50,000; 500 in a smoke run).
 * - BENCH_INTERVALS_PER_SERVICE: status intervals of each service in the month (default 9).
 * - BENCH_ROUNDS: measured rounds, each idle floor, main thread, pool (default 3; 1 in a smoke run).
 * - BENCH_WORKER_THREADS: threads of the pool (default: the product's default for this machine).
 * - BENCH_PAGE_BLOCKS: heap blocks of status intervals read per query (default: the product's for
 *   each database).
 * - BENCH_EMBEDDED=0|1: also run on an in-memory embedded database (PGlite), informational
 *   (default on in a full run, off in a smoke run).
 * - BENCH_ENFORCE_TARGETS=1: exit 3 when a target is missed.
 */
import { availableParallelism } from 'node:os';
import { defaultWorkerThreads } from '../../src/platform/config/config.js';
import { defaultPageBlocks } from '../../src/core/dashboard/uptimeQuery.js';
import { DEFAULT_DATABASE_URL } from '../lib/postgresSchema.js';

export interface DashboardBenchSettings {
  readonly smoke: boolean;
  readonly databaseUrl: string;
  readonly services: number;
  readonly intervalsPerService: number;
  readonly rounds: number;
  readonly workerThreads: number;
  /** Per database; the product's defaults unless BENCH_PAGE_BLOCKS pins both. */
  readonly pageBlocks: { readonly postgres: number; readonly embedded: number };
  readonly embedded: boolean;
  readonly enforceTargets: boolean;
  /** Event-loop delay sampling interval of monitorEventLoopDelay, ms. */
  readonly resolutionMs: number;
  /** The shortest idle (floor) window, ms. */
  readonly minFloorMs: number;
  readonly watchdogSeconds: number;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return value === '1' || value.toLowerCase() === 'true';
}

const positive = (value: string | undefined): number | undefined => (Number(value ?? '') > 0 ? Math.round(Number(value)) : undefined);

export function readDashboardSettings(env: NodeJS.ProcessEnv): DashboardBenchSettings {
  const smoke = flag(env['BENCH_SMOKE'], false);
  return {
    smoke,
    databaseUrl: env['BENCH_DATABASE_URL'] || DEFAULT_DATABASE_URL,
    services: positive(env['BENCH_SERVICES']) ?? (smoke ? 500 : 50_000),
    intervalsPerService: positive(env['BENCH_INTERVALS_PER_SERVICE']) ?? 9,
    rounds: positive(env['BENCH_ROUNDS']) ?? (smoke ? 1 : 3),
    workerThreads: positive(env['BENCH_WORKER_THREADS']) ?? defaultWorkerThreads(availableParallelism()),
    pageBlocks: {
      postgres: positive(env['BENCH_PAGE_BLOCKS']) ?? defaultPageBlocks('postgres'),
      embedded: positive(env['BENCH_PAGE_BLOCKS']) ?? defaultPageBlocks('embedded'),
    },
    embedded: flag(env['BENCH_EMBEDDED'], !smoke),
    enforceTargets: flag(env['BENCH_ENFORCE_TARGETS'], false),
    resolutionMs: 1,
    minFloorMs: smoke ? 200 : 1000,
    watchdogSeconds: smoke ? 120 : 900,
  };
}
