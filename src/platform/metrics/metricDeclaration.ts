/**
 * A metric of the catalog, as its owner declares it (a module's `ProductModule.metrics`, or the platform's
 * own in platformMetrics.ts): its name, help, kind, and every label with every value it may take. The
 * catalog is fixed when the server listens and its size never follows the fleet: a label names a route
 * template, a status class, an entity type or an outcome, never a service, person, agent or ticket.
 */

export type MetricKind = 'counter' | 'gauge' | 'histogram';

export interface MetricDeclaration {
  /** `svc_<area>_<what>[_<base unit>]`: seconds and bytes, never milli-; a counter ends in `_total`. */
  readonly name: string;
  /** One line an operator reads in `# HELP`. */
  readonly help: string;
  readonly kind: MetricKind;
  /**
   * Each label and every value it may take: a value outside its list is refused when a handle is made, and
   * dropped (with one log line) when a reader returns it. So the series a metric can have are known here.
   */
  readonly labels?: Readonly<Record<string, readonly string[]>>;
  /** A histogram's upper bounds, ascending, in its base unit. @default DURATION_BUCKETS */
  readonly buckets?: readonly number[];
}

/** Seconds, from a millisecond to a minute: commits, deliveries, ticks, tasks. */
export const DURATION_BUCKETS: readonly number[] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** Counts of things in one unit of work (rows in a commit): powers of four up to the writer's batch cap and beyond. */
export const SIZE_BUCKETS: readonly number[] = [1, 4, 16, 64, 256, 1024, 4096, 16384];

/** The prefix every metric of the product carries (the runtime's keep the client library's standard names). */
export const METRIC_PREFIX = 'svc_';

const NAME = /^svc_[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
const LABEL = /^[a-z][a-z0-9_]*$/;
/** Suffixes Prometheus gives a histogram's series, and the units the conventions ask to be spelled out in base units. */
const RESERVED_SUFFIXES = ['_bucket', '_count', '_sum', '_created'];
const NOT_BASE_UNITS = ['_ms', '_milliseconds', '_microseconds', '_kb', '_kilobytes', '_mb', '_megabytes', '_percent', '_minutes'];

/** What is wrong with a declaration, each problem a sentence naming the metric; empty when it is sound. */
export function declarationProblems(declaration: MetricDeclaration): string[] {
  const { name, kind } = declaration;
  const problems: string[] = [];
  if (!NAME.test(name)) problems.push(`metric ${name}: a name is ${METRIC_PREFIX} and lower-case words joined by _`);
  if (kind === 'counter' && !name.endsWith('_total')) problems.push(`metric ${name}: a counter's name ends in _total`);
  if (kind !== 'counter' && name.endsWith('_total')) problems.push(`metric ${name}: only a counter's name ends in _total`);
  for (const suffix of RESERVED_SUFFIXES)
    if (name.endsWith(suffix)) problems.push(`metric ${name}: ${suffix} is a suffix Prometheus gives histogram series`);
  for (const unit of NOT_BASE_UNITS)
    if (name.endsWith(unit) || name.includes(`${unit}_`))
      problems.push(`metric ${name}: measure in base units (_seconds, _bytes, _ratio), not ${unit.slice(1)}`);
  if (declaration.help.trim() === '') problems.push(`metric ${name}: help is empty`);
  for (const [label, values] of Object.entries(declaration.labels ?? {})) {
    if (!LABEL.test(label) || label === 'le' || label === 'quantile')
      problems.push(`metric ${name}: label ${label} is not a usable label name`);
    if (values.length === 0) problems.push(`metric ${name}: label ${label} lists no values`);
    if (new Set(values).size !== values.length) problems.push(`metric ${name}: label ${label} lists a value twice`);
  }
  if (declaration.buckets !== undefined) {
    if (kind !== 'histogram') problems.push(`metric ${name}: only a histogram has buckets`);
    const b = declaration.buckets;
    if (b.length === 0 || b.some((v, i) => !Number.isFinite(v) || (i > 0 && v <= b[i - 1]!)))
      problems.push(`metric ${name}: buckets are finite and ascending`);
  }
  return problems;
}

/** The most series a metric can have: the product of its labels' value counts (times bucket lines for a histogram). */
export function seriesBound(declaration: MetricDeclaration): number {
  const labelSets = Object.values(declaration.labels ?? {}).reduce((n, values) => n * values.length, 1);
  if (declaration.kind !== 'histogram') return labelSets;
  return labelSets * ((declaration.buckets ?? DURATION_BUCKETS).length + 3);
}
