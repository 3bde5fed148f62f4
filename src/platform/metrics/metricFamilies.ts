/**
 * The catalog's metrics as prom-client's registry reads them (`name`, `help`, `type`, `get()`), with
 * their values kept the cheap way: a counter or histogram child is a plain object its owner holds
 * (made once, its labels checked once: no label hashing per event, which prom-client's own classes do),
 * and a collected metric is a function read at scrape time over counters its owner keeps anyway.
 * prom-client formats them (text or OpenMetrics, exposition.ts).
 */
import type { MetricDeclaration } from './metricDeclaration.js';
import { DURATION_BUCKETS } from './metricDeclaration.js';

export type Labels = Readonly<Record<string, string>>;

/** A value a reader returns: one series of its metric. */
export interface Sample {
  readonly labels?: Labels;
  readonly value: number;
}

/** Read at every scrape: a metric's one value, or its series; never blocks (no I/O). */
export type Reader = () => number | readonly Sample[];

/** One series as prom-client's formatter takes it. */
export interface SeriesValue {
  readonly value: number;
  readonly labels: Labels;
  readonly metricName?: string;
}

/** What prom-client's `Registry.registerMetric` and its formatter use of a metric. */
export interface ScrapedMetric {
  name: string;
  readonly help: string;
  readonly type: 'counter' | 'gauge' | 'histogram' | 'summary';
  get(): Promise<{ name: string; help: string; type: string; values: readonly SeriesValue[]; aggregator: string }>;
}

export interface CounterHandle {
  inc(by?: number): void;
}

export interface HistogramHandle {
  observe(value: number): void;
}

/** Checks label sets against a declaration: every declared label, each a listed value, nothing else. */
export class LabelCheck {
  private readonly names: readonly string[];
  private readonly allowed: ReadonlyMap<string, ReadonlySet<string>>;

  constructor(readonly declaration: MetricDeclaration) {
    const labels = declaration.labels ?? {};
    this.names = Object.keys(labels);
    this.allowed = new Map(Object.entries(labels).map(([name, values]) => [name, new Set(values)]));
  }

  /** Why `labels` is not one of the declaration's label sets, or null. */
  problem(labels: Labels | undefined): string | null {
    const given = labels ?? {};
    const keys = Object.keys(given);
    if (keys.length !== this.names.length || keys.some((k) => !this.allowed.has(k)))
      return `metric ${this.declaration.name} has the labels [${this.names.join(', ')}], got [${keys.join(', ')}]`;
    for (const key of keys)
      if (!this.allowed.get(key)!.has(given[key]!))
        return `metric ${this.declaration.name}: label ${key} may be ${[...this.allowed.get(key)!].join(', ')}, got "${given[key]}"`;
    return null;
  }

  /** Every label set the declaration allows, in declaration order (children made at start). */
  combinations(): Labels[] {
    let sets: Record<string, string>[] = [{}];
    for (const [name, values] of this.allowed) sets = sets.flatMap((set) => [...values].map((v) => ({ ...set, [name]: v })));
    return sets;
  }

  key(labels: Labels | undefined): string {
    return this.names.map((n) => labels?.[n] ?? '').join('\u0000');
  }
}

abstract class Family implements ScrapedMetric {
  name: string;
  readonly help: string;
  abstract readonly type: ScrapedMetric['type'];
  protected readonly check: LabelCheck;

  constructor(readonly declaration: MetricDeclaration) {
    this.name = declaration.name;
    this.help = declaration.help;
    this.check = new LabelCheck(declaration);
  }

  protected abstract values(): SeriesValue[];

  async get() {
    return { name: this.name, help: this.help, type: this.type, values: this.values(), aggregator: 'sum' };
  }
}

class CounterChild implements CounterHandle {
  value = 0;

  constructor(readonly labels: Labels) {}

  inc(by = 1): void {
    if (by > 0) this.value += by;
  }
}

/** A counter its owner increments through handles (made once per label set, every label set from the start at 0). */
export class CounterFamily extends Family {
  readonly type = 'counter' as const;
  private readonly children = new Map<string, CounterChild>();

  constructor(declaration: MetricDeclaration) {
    super(declaration);
    for (const labels of this.check.combinations()) this.children.set(this.check.key(labels), new CounterChild(labels));
  }

  /** Throws when `labels` is not a declared label set. */
  child(labels: Labels | undefined): CounterHandle {
    const problem = this.check.problem(labels);
    if (problem !== null) throw new Error(problem);
    return this.children.get(this.check.key(labels))!;
  }

  protected values(): SeriesValue[] {
    return [...this.children.values()].map((c) => ({ value: c.value, labels: c.labels }));
  }
}

class HistogramChild implements HistogramHandle {
  /** Per bucket, not cumulative; the last is above every bound. */
  readonly counts: Float64Array;
  sum = 0;
  count = 0;

  constructor(
    readonly labels: Labels,
    private readonly bounds: readonly number[],
  ) {
    this.counts = new Float64Array(bounds.length + 1);
  }

  observe(value: number): void {
    if (!Number.isFinite(value)) return;
    let slot = 0;
    while (slot < this.bounds.length && value > this.bounds[slot]!) slot += 1;
    this.counts[slot]! += 1;
    this.sum += value;
    this.count += 1;
  }
}

/** A histogram its owner observes through handles (every label set from the start, empty). */
export class HistogramFamily extends Family {
  readonly type = 'histogram' as const;
  private readonly children = new Map<string, HistogramChild>();
  private readonly bounds: readonly number[];

  constructor(declaration: MetricDeclaration) {
    super(declaration);
    this.bounds = declaration.buckets ?? DURATION_BUCKETS;
    for (const labels of this.check.combinations()) this.children.set(this.check.key(labels), new HistogramChild(labels, this.bounds));
  }

  child(labels: Labels | undefined): HistogramHandle {
    const problem = this.check.problem(labels);
    if (problem !== null) throw new Error(problem);
    return this.children.get(this.check.key(labels))!;
  }

  protected values(): SeriesValue[] {
    const out: SeriesValue[] = [];
    for (const child of this.children.values())
      histogramSeries(out, this.name, child.labels, this.bounds, child.counts, child.sum, child.count);
    return out;
  }
}

/** A counter or gauge whose values its owner keeps and a reader returns when scraped. */
export class CollectedFamily extends Family {
  readonly type: 'counter' | 'gauge';
  private warned = false;

  constructor(
    declaration: MetricDeclaration,
    private readonly read: Reader,
    private readonly warn: (message: string) => void,
  ) {
    super(declaration);
    this.type = declaration.kind === 'counter' ? 'counter' : 'gauge';
  }

  protected values(): SeriesValue[] {
    const read = this.read();
    const samples: readonly Sample[] = typeof read === 'number' ? [{ value: read }] : read;
    const out: SeriesValue[] = [];
    for (const sample of samples) {
      const problem = this.check.problem(sample.labels);
      if (problem !== null) {
        // A series outside the declaration would make the catalog grow: dropped, said once.
        if (!this.warned) this.warn(`${problem}; the series is not exposed`);
        this.warned = true;
        continue;
      }
      out.push({ value: sample.value, labels: sample.labels ?? {} });
    }
    return out;
  }
}

/** A histogram's series as Prometheus names them: cumulative `_bucket{le}`, `_sum`, `_count`. */
export function histogramSeries(
  out: SeriesValue[],
  name: string,
  labels: Labels,
  bounds: readonly number[],
  counts: ArrayLike<number>,
  sum: number,
  count: number,
): void {
  let cumulative = 0;
  for (let i = 0; i < bounds.length; i += 1) {
    cumulative += counts[i]!;
    out.push({ metricName: `${name}_bucket`, labels: { ...labels, le: String(bounds[i]) }, value: cumulative });
  }
  out.push({ metricName: `${name}_bucket`, labels: { ...labels, le: '+Inf' }, value: count });
  out.push({ metricName: `${name}_sum`, labels, value: sum });
  out.push({ metricName: `${name}_count`, labels, value: count });
}
