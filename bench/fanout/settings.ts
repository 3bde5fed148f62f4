/**
 * Sizes and switches of one fan-out bench run (bench/fanout.ts). The same environment variables as
 * the other benches where they mean the same thing:
 *
 * - BENCH_SMOKE=1: one tiny size (50 subscribers, a few events) through every variant (CI); the
 *   figures are not meaningful.
 * - BENCH_DATABASE_URL: PostgreSQL for this server (default postgres://postgres@127.0.0.1:5432/test);
 *   a fresh schema per run, dropped afterwards.
 * - BENCH_FANOUT_SIZES: subscriber counts, comma-separated (default 1000,10000; smoke 50).
 * - BENCH_FANOUT_VARIANTS: which servers, comma-separated, from raw,stock,ours (default all three).
 * - BENCH_FANOUT_IDS: shared | unique | both: subscription ids this server is measured with
 *   (default both in a full run, both in a smoke run). The raw floor and the stock reference run
 *   with shared ids only: neither groups by id, so the id scheme does not change their work.
 * - BENCH_FANOUT_CLIENTS: load-client processes (default 4; smoke 2).
 * - BENCH_FANOUT_EVENTS / BENCH_FANOUT_RATE: measured events per run and their rate per second, for
 *   every size (default: 200 at 10/s up to 2,000 subscribers, 100 at 5/s above).
 * - BENCH_ENFORCE_TARGETS=1: exit 3 when a target is missed.
 */
import { DEFAULT_DATABASE_URL } from '../lib/postgresSchema.js';

export type VariantName = 'raw' | 'stock' | 'ours';
export type IdMode = 'shared' | 'unique';

export interface SizePlan {
  readonly subscribers: number;
  /** Measured events and the paced rate they are published at. */
  readonly events: number;
  readonly ratePerSecond: number;
}

export interface FanoutSettings {
  readonly smoke: boolean;
  readonly databaseUrl: string;
  readonly enforceTargets: boolean;
  readonly variants: readonly VariantName[];
  readonly oursIdModes: readonly IdMode[];
  readonly sizes: readonly SizePlan[];
  readonly clientProcesses: number;
  /** Connections opened per second per client process, and handshakes in flight per client process. */
  readonly connectRatePerClient: number;
  readonly connectInFlight: number;
  /** Subscribers of the warm-up round (connected, probed, closed before the baseline). */
  readonly warmupSubscribers: number;
  readonly warmupEvents: number;
  /**
   * Events published to no subscriber at all, at the measured phase's rate: the cost of the publish
   * path alone. The same rate matters: at a few events a second every event pays the wake-up and
   * cold caches again, so a path measured faster would be cheaper than the one it is taken from.
   */
  readonly pathOnlyEvents: number;
  /** Wait after every subscriber got a probe event, before the idle memory reading. */
  readonly idleSeconds: number;
  /**
   * How long a memory reading may wait for V8 to give back its young generation (about 20-25 s idle
   * after a burst; serverHost.ts). The smoke run does not wait: its figures mean nothing, and three
   * waits per variant took it past its watchdog on a slower machine (CI, 2026-11-29).
   */
  readonly memorySettleLimitMs: number;
  /** After the last measured event: how long delivery may take before frames count as lost. */
  readonly drainTimeoutSeconds: number;
  readonly adminPassword: string;
  readonly apiKey: string;
  readonly watchdogSeconds: number;
}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return value === '1' || value.toLowerCase() === 'true';
}

const positive = (value: string | undefined): number | undefined => (Number(value ?? '') > 0 ? Number(value) : undefined);

function list<T extends string>(value: string | undefined, allowed: readonly T[], fallback: readonly T[], name: string): readonly T[] {
  if (value === undefined || value.trim() === '') return fallback;
  const items = value
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
  for (const item of items) {
    if (!(allowed as readonly string[]).includes(item)) throw new Error(`${name}: "${item}" is not one of ${allowed.join(', ')}`);
  }
  return items as T[];
}

/** The default plan of a size: enough frames for hundreds of CPU-clock ticks, no variant but stock saturated. */
function defaultPlan(subscribers: number, smoke: boolean, events: number | undefined, rate: number | undefined): SizePlan {
  if (smoke) return { subscribers, events: events ?? 5, ratePerSecond: rate ?? 10 };
  if (subscribers <= 2000) return { subscribers, events: events ?? 200, ratePerSecond: rate ?? 10 };
  return { subscribers, events: events ?? 100, ratePerSecond: rate ?? 5 };
}

export function readFanoutSettings(env: NodeJS.ProcessEnv): FanoutSettings {
  const smoke = flag(env['BENCH_SMOKE'], false);
  const sizes =
    (env['BENCH_FANOUT_SIZES'] ?? '').trim() === ''
      ? smoke
        ? [50]
        : [1000, 10_000]
      : env['BENCH_FANOUT_SIZES']!.split(',').map((s) => Number(s.trim()));
  for (const size of sizes) {
    if (!Number.isInteger(size) || size < 1 || size > 18_000)
      throw new Error(`BENCH_FANOUT_SIZES: ${size} is not a whole number from 1 to 18000 (ulimit -n is 20000 per process)`);
  }
  const ids = env['BENCH_FANOUT_IDS'] ?? 'both';
  if (!['shared', 'unique', 'both'].includes(ids)) throw new Error(`BENCH_FANOUT_IDS: "${ids}" is not shared, unique or both`);
  const events = positive(env['BENCH_FANOUT_EVENTS']);
  const rate = positive(env['BENCH_FANOUT_RATE']);
  return {
    smoke,
    databaseUrl: env['BENCH_DATABASE_URL'] || DEFAULT_DATABASE_URL,
    enforceTargets: flag(env['BENCH_ENFORCE_TARGETS'], false),
    variants: list<VariantName>(env['BENCH_FANOUT_VARIANTS'], ['raw', 'stock', 'ours'], ['raw', 'stock', 'ours'], 'BENCH_FANOUT_VARIANTS'),
    oursIdModes: ids === 'both' ? ['shared', 'unique'] : [ids as IdMode],
    sizes: sizes.map((n) => defaultPlan(n, smoke, events, rate)),
    clientProcesses: Math.round(positive(env['BENCH_FANOUT_CLIENTS']) ?? (smoke ? 2 : 4)),
    connectRatePerClient: smoke ? 200 : 400,
    connectInFlight: 32,
    warmupSubscribers: smoke ? 10 : 50,
    warmupEvents: smoke ? 3 : 20,
    pathOnlyEvents: smoke ? 5 : 100,
    idleSeconds: smoke ? 0.5 : 3,
    memorySettleLimitMs: smoke ? 0 : 60_000,
    drainTimeoutSeconds: smoke ? 10 : 120,
    adminPassword: 'bench-admin-password-0123',
    apiKey: 'bench-operator-key-0123456789abcdef',
    watchdogSeconds: smoke ? 180 : 3600,
  };
}
