/**
 * The registry: the catalog every owner declares into (the platform's metrics, each module's
 * `ProductModule.metrics`, which the composer declares), the one place values come from (a handle made
 * once, or a reader called at scrape time), and the exposition (exposition.ts). Declarations close when
 * the server listens (`seal`): from then on the catalog, and so the series the server can expose, are fixed.
 *
 * Off (`enabled: false`: SVC_METRICS=off, or nothing serves /metrics), the same declarations and checks run
 * (so a test that starts the server with metrics off still catches a metric nobody feeds, or a bad label),
 * but handles do nothing and readers are never called.
 */
import { Registry } from 'prom-client';
import type { Logger } from '../log/logger.js';
import { declarationProblems, type MetricDeclaration } from './metricDeclaration.js';
import {
  CollectedFamily,
  CounterFamily,
  HistogramFamily,
  LabelCheck,
  type CounterHandle,
  type HistogramHandle,
  type Labels,
  type Reader,
  type ScrapedMetric,
} from './metricFamilies.js';
import { openMetricsView, type ExpositionFormat } from './exposition.js';

export type { CounterHandle, HistogramHandle, Labels, Reader, Sample } from './metricFamilies.js';

/** What a module's `create` is handed (`ModuleKit.metrics`): the catalog's metrics, fed by their owner. */
export interface Metrics {
  /** Whether anything is counted; off, handles do nothing and readers are never called. */
  readonly enabled: boolean;
  /** A declared counter's series (`labels` one of its declared label sets), for events with no count of their own. */
  counter(name: string, labels?: Labels): CounterHandle;
  /** A declared histogram's series, observed in the metric's base unit. */
  histogram(name: string, labels?: Labels): HistogramHandle;
  /** A declared counter or gauge read when scraped: from counters its owner keeps anyway (preferred on hot paths). */
  collect(name: string, read: Reader): void;
}

const NO_COUNTER: CounterHandle = { inc: () => undefined };
const NO_HISTOGRAM: HistogramHandle = { observe: () => undefined };

interface Entry {
  readonly declaration: MetricDeclaration;
  readonly owner: string;
  /** How its values come; undefined until its owner says. */
  source: 'handles' | 'reader' | undefined;
  family: CounterFamily | HistogramFamily | undefined;
}

export interface MetricsRegistryOptions {
  readonly enabled: boolean;
  readonly logger: Logger;
}

export class MetricsRegistry implements Metrics {
  readonly enabled: boolean;
  private readonly entries = new Map<string, Entry>();
  /** prom-client's: formats the text exposition; holds the catalog's metrics, custom families and the runtime's. */
  readonly prometheus = new Registry();
  private openMetrics: Registry<'application/openmetrics-text; version=1.0.0; charset=utf-8'> | undefined;
  private sealed = false;

  constructor(private readonly options: MetricsRegistryOptions) {
    this.enabled = options.enabled;
  }

  /** Adds `declarations` of `owner` (a module's name, `platform`) to the catalog; throws naming every problem. */
  declare(declarations: readonly MetricDeclaration[], owner: string): void {
    if (this.sealed) throw new Error(`metrics of ${owner} are declared after the server started listening: the catalog is fixed by then`);
    const problems: string[] = [];
    for (const declaration of declarations) {
      problems.push(...declarationProblems(declaration));
      const existing = this.entries.get(declaration.name);
      if (existing) problems.push(`metric ${declaration.name} is declared by ${existing.owner} and by ${owner}`);
    }
    if (problems.length > 0) throw new Error(`metric declarations of ${owner}:\n  - ${problems.join('\n  - ')}`);
    for (const declaration of declarations)
      this.entries.set(declaration.name, { declaration, owner, source: undefined, family: undefined });
  }

  counter(name: string, labels?: Labels): CounterHandle {
    const entry = this.fed(this.entry(name, 'counter'), 'handles');
    if (!this.enabled) return this.checked(entry, labels, NO_COUNTER);
    entry.family ??= this.register(new CounterFamily(entry.declaration));
    return (entry.family as CounterFamily).child(labels);
  }

  histogram(name: string, labels?: Labels): HistogramHandle {
    const entry = this.fed(this.entry(name, 'histogram'), 'handles');
    if (!this.enabled) return this.checked(entry, labels, NO_HISTOGRAM);
    entry.family ??= this.register(new HistogramFamily(entry.declaration));
    return (entry.family as HistogramFamily).child(labels);
  }

  collect(name: string, read: Reader): void {
    const entry = this.entry(name, ['counter', 'gauge']);
    if (entry.source === 'reader') throw new Error(`metric ${name} already has a reader: one owner feeds a metric`);
    this.fed(entry, 'reader');
    if (!this.enabled) return;
    const { logger } = this.options;
    this.register(new CollectedFamily(entry.declaration, read, (message) => logger.error(message)));
  }

  /**
   * A metric outside the declared catalog that formats itself (the HTTP tallies, whose route label is
   * bounded by the router's templates, httpMetrics.ts). Only registered when metrics are on.
   */
  family(metric: ScrapedMetric): void {
    if (this.sealed) throw new Error(`metric ${metric.name} is registered after the server started listening`);
    if (this.entries.has(metric.name)) throw new Error(`metric ${metric.name} is in the catalog already`);
    if (this.enabled) this.register(metric);
  }

  /**
   * Closes the catalog (the server is about to listen). Throws when a declared metric has nobody feeding
   * it: a declaration its owner forgot to wire, or one left over from code that went.
   */
  seal(): void {
    const unfed = [...this.entries.values()].filter((e) => e.source === undefined);
    if (unfed.length > 0)
      throw new Error(
        `metrics declared but fed by nobody (no handle made, no reader): ${unfed.map((e) => `${e.declaration.name} (${e.owner})`).join(', ')}`,
      );
    this.sealed = true;
  }

  /** Every declared metric, in declaration order (docs, tests). */
  declarations(): MetricDeclaration[] {
    return [...this.entries.values()].map((e) => e.declaration);
  }

  /** The exposition of every metric in `format`. */
  async exposition(format: ExpositionFormat): Promise<string> {
    if (format === 'prometheus') return this.prometheus.metrics();
    // Built at the first OpenMetrics scrape, when every metric is registered (after `seal`).
    this.openMetrics ??= openMetricsView(this.prometheus);
    return this.openMetrics.metrics();
  }

  private register<M extends ScrapedMetric>(metric: M): M {
    this.prometheus.registerMetric(metric as unknown as Parameters<Registry['registerMetric']>[0]);
    return metric;
  }

  private entry(name: string, kind: string | readonly string[]): Entry {
    const entry = this.entries.get(name);
    if (!entry) throw new Error(`metric ${name} is not declared: declare it in its module's metrics (or the platform's)`);
    const kinds = typeof kind === 'string' ? [kind] : kind;
    if (!kinds.includes(entry.declaration.kind))
      throw new Error(`metric ${name} is a ${entry.declaration.kind}, not a ${kinds.join(' or ')}`);
    return entry;
  }

  private fed(entry: Entry, source: NonNullable<Entry['source']>): Entry {
    if (entry.source !== undefined && entry.source !== source)
      throw new Error(`metric ${entry.declaration.name} is fed both by handles and by a reader: one way only`);
    entry.source = source;
    return entry;
  }

  /** Off: the label set is still checked (so a bad one fails in every test), then a handle that does nothing. */
  private checked<H>(entry: Entry, labels: Labels | undefined, handle: H): H {
    const problem = new LabelCheck(entry.declaration).problem(labels);
    if (problem !== null) throw new Error(problem);
    return handle;
  }
}
