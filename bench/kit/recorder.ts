/**
 * What a run measured, as it happens: a histogram per operation (latency from the intended send
 * time), errors by kind (`http 503`, `graphql FORBIDDEN`, `timeout`, `connection`), the event
 * delivery latency of subscribers, and a timeline of one row per second (sent, answered, errors,
 * latency percentiles of that second, events). Everything in ms of `performance.now()`.
 */
import { Histogram, type HistogramJson } from './histogram.js';

export interface SecondRow {
  /** Seconds since the start. */
  readonly t: number;
  readonly sent: number;
  readonly ok: number;
  readonly errors: number;
  readonly p50Ms: number | null;
  readonly p90Ms: number | null;
  readonly p99Ms: number | null;
  readonly maxMs: number | null;
  readonly events: number;
  readonly eventP99Ms: number | null;
}

export interface OperationStats {
  readonly count: number;
  readonly ok: number;
  readonly errors: number;
  readonly ratePerSecond: number;
  readonly meanMs: number | null;
  readonly p50Ms: number | null;
  readonly p90Ms: number | null;
  readonly p99Ms: number | null;
  readonly p999Ms: number | null;
  readonly maxMs: number | null;
  readonly histogram: HistogramJson;
}

const orNull = (value: number) => (Number.isFinite(value) ? Math.round(value * 1000) / 1000 : null);

/** Percentiles of a histogram as a stats row. */
export function statsOf(histogram: Histogram, ok: number, errors: number, seconds: number): OperationStats {
  return {
    count: ok + errors,
    ok,
    errors,
    ratePerSecond: seconds > 0 ? Math.round((ok / seconds) * 100) / 100 : 0,
    meanMs: orNull(histogram.meanMs),
    p50Ms: orNull(histogram.percentileMs(0.5)),
    p90Ms: orNull(histogram.percentileMs(0.9)),
    p99Ms: orNull(histogram.percentileMs(0.99)),
    p999Ms: orNull(histogram.percentileMs(0.999)),
    maxMs: orNull(histogram.percentileMs(1)),
    histogram: histogram.toJSON(),
  };
}

function quantile(sorted: Float64Array, q: number): number | null {
  if (sorted.length === 0) return null;
  return orNull(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!);
}

class Second {
  sent = 0;
  ok = 0;
  errors = 0;
  latencies: number[] = [];
  events: number[] = [];
}

export class Recorder {
  private readonly operations = new Map<string, { histogram: Histogram; ok: number; errors: number }>();
  readonly errorKinds: Record<string, number> = {};
  /** Error kinds per operation, for the summary. */
  readonly errorKindsByOperation: Record<string, Record<string, number>> = {};
  readonly events = new Histogram();
  private readonly seconds: Second[] = [];

  constructor(private readonly startedAt: number) {}

  private second(at: number): Second {
    const index = Math.max(0, Math.floor((at - this.startedAt) / 1000));
    while (this.seconds.length <= index) this.seconds.push(new Second());
    return this.seconds[index]!;
  }

  private operation(name: string) {
    let entry = this.operations.get(name);
    if (!entry) {
      entry = { histogram: new Histogram(), ok: 0, errors: 0 };
      this.operations.set(name, entry);
    }
    return entry;
  }

  sent(at: number): void {
    this.second(at).sent += 1;
  }

  /** A 2xx answer (and not a GraphQL error) `latencyMs` after it was due. */
  ok(name: string, at: number, latencyMs: number): void {
    const entry = this.operation(name);
    entry.ok += 1;
    entry.histogram.recordMs(latencyMs);
    const second = this.second(at);
    second.ok += 1;
    second.latencies.push(latencyMs);
  }

  /** A failed operation, by kind; a late answer's latency still counts in the histogram when it is known. */
  error(name: string, kind: string, at: number, latencyMs?: number): void {
    const entry = this.operation(name);
    entry.errors += 1;
    if (latencyMs !== undefined) entry.histogram.recordMs(latencyMs);
    this.errorKinds[kind] = (this.errorKinds[kind] ?? 0) + 1;
    const byOperation = (this.errorKindsByOperation[name] ??= {});
    byOperation[kind] = (byOperation[kind] ?? 0) + 1;
    this.second(at).errors += 1;
  }

  /** A subscriber got an event `latencyMs` after the push that caused it was acknowledged. */
  event(at: number, latencyMs: number): void {
    this.events.recordMs(latencyMs);
    this.second(at).events.push(latencyMs);
  }

  get totals(): { ok: number; errors: number } {
    let ok = 0;
    let errors = 0;
    for (const entry of this.operations.values()) {
      ok += entry.ok;
      errors += entry.errors;
    }
    return { ok, errors };
  }

  /** The latency of every operation together, so far (the live line's p99). */
  all(): Histogram {
    const all = new Histogram();
    for (const entry of this.operations.values()) all.add(entry.histogram);
    return all;
  }

  operationStats(seconds: number): Record<string, OperationStats> {
    const result: Record<string, OperationStats> = {};
    for (const [name, entry] of [...this.operations].sort(([a], [b]) => (a < b ? -1 : 1)))
      result[name] = statsOf(entry.histogram, entry.ok, entry.errors, seconds);
    return result;
  }

  /** One row per second of the run (answers that came after the end count in the totals, not here). */
  timeline(durationSeconds: number): SecondRow[] {
    return this.seconds.slice(0, Math.ceil(durationSeconds)).map((second, t) => {
      const latencies = Float64Array.from(second.latencies).sort();
      const events = Float64Array.from(second.events).sort();
      return {
        t,
        sent: second.sent,
        ok: second.ok,
        errors: second.errors,
        p50Ms: quantile(latencies, 0.5),
        p90Ms: quantile(latencies, 0.9),
        p99Ms: quantile(latencies, 0.99),
        maxMs: quantile(latencies, 1),
        events: events.length,
        eventP99Ms: quantile(events, 0.99),
      };
    });
  }
}
