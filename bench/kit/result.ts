/**
 * The JSON result of a run (`--out result.json`): what `report` renders and `compare` sets side by
 * side. Versioned; `readResult` refuses a file that is not one, naming what is wrong.
 */
import { readFileSync } from 'node:fs';
import type { OperationStats, SecondRow } from './recorder.js';
import type { ServerSample } from './serverMetrics.js';
import type { ThresholdFigures, ThresholdOutcome } from './thresholds.js';

export const RESULT_KIND = 'svc-bench-result';
export const RESULT_VERSION = 1;

export interface GeneratorFigures {
  /** The generator process's CPU over the run, in % of one core. */
  readonly cpuPercent: number;
  /** How late the generator's pump ran (ms): p99 and max. */
  readonly lagP99Ms: number;
  readonly lagMaxMs: number;
  /** Sends more than 10 ms after their due time while a connection was idle. */
  readonly lateSends: number;
  /** Due but never sent before the end (every connection was busy). */
  readonly unsent: number;
  /** Non-null when the generator, not the target, limited the run. */
  readonly warning: string | null;
}

export interface RunResult extends ThresholdFigures {
  readonly kind: typeof RESULT_KIND;
  readonly version: typeof RESULT_VERSION;
  readonly scenario: string;
  readonly target: string;
  readonly targetVersion: string;
  readonly startedAt: string;
  readonly durationSeconds: number;
  readonly model: 'open' | 'closed';
  /** Open model: the offered arrivals per second (after the ramp); closed model: null. */
  readonly offeredRate: number | null;
  readonly vus: number | null;
  /** Operations that came due (open model) or were sent (closed model). */
  readonly offered: number;
  readonly rampSeconds: number;
  readonly seed: number;
  readonly knobs: Readonly<Record<string, number>>;
  readonly operations: Readonly<Record<string, OperationStats>>;
  readonly all: OperationStats;
  readonly events: OperationStats;
  readonly errors: { readonly count: number; readonly rate: number };
  readonly errorKinds: Readonly<Record<string, number>>;
  readonly errorKindsByOperation: Readonly<Record<string, Readonly<Record<string, number>>>>;
  readonly subscribers: number;
  readonly timeline: readonly SecondRow[];
  readonly server: { readonly available: boolean; readonly problem: string | null; readonly samples: readonly ServerSample[] };
  readonly generator: GeneratorFigures;
  readonly thresholds: readonly ThresholdOutcome[];
  readonly passed: boolean;
}

export function readResult(path: string): RunResult {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`${path} cannot be read as JSON: ${(error as Error).message}`);
  }
  const result = json as Partial<RunResult>;
  if (result.kind !== RESULT_KIND) throw new Error(`${path} is not an svc-bench result (kind is ${JSON.stringify(result.kind)})`);
  if (result.version !== RESULT_VERSION)
    throw new Error(`${path} is an svc-bench result of version ${result.version}; this svc-bench reads version ${RESULT_VERSION}`);
  return result as RunResult;
}
