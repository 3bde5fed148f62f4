/**
 * Pass/fail criteria for CI, k6-style: `push.p99<50ms`, `errors.rate<0.1%`, `events.p99<=200ms`,
 * `all.rate>100/s`. The left side is an operation's name (or `all` for every operation together,
 * `events` for subscribers' event delivery, `errors` for failed operations) and a statistic; the
 * right side a number with an optional unit. Parsed once (a bad one is refused before any load),
 * evaluated against a result (so `svc-bench report` can re-judge a saved run).
 */

export type Statistic = 'p50' | 'p90' | 'p99' | 'p99.9' | 'max' | 'mean' | 'rate' | 'count';

export interface Threshold {
  /** As written. */
  readonly text: string;
  readonly metric: string;
  readonly statistic: Statistic;
  readonly comparison: '<' | '<=' | '>' | '>=';
  /** In the result's own units: ms for latencies, a fraction for errors.rate, per second for rate. */
  readonly limit: number;
}

export interface ThresholdOutcome {
  readonly threshold: string;
  /** The measured value in the threshold's units, or null when the run has no such figure. */
  readonly value: number | null;
  readonly passed: boolean;
}

/** The figures a threshold can name, as a result holds them. */
export interface ThresholdFigures {
  readonly operations: Readonly<Record<string, LatencyFigures>>;
  readonly all: LatencyFigures;
  readonly events: LatencyFigures;
  readonly errors: { readonly count: number; readonly rate: number };
}

export interface LatencyFigures {
  readonly count: number;
  readonly ratePerSecond: number;
  readonly meanMs: number | null;
  readonly p50Ms: number | null;
  readonly p90Ms: number | null;
  readonly p99Ms: number | null;
  readonly p999Ms: number | null;
  readonly maxMs: number | null;
}

const PATTERN =
  /^\s*([A-Za-z0-9_.-]+?)\.(p50|p90|p99\.9|p999|p99|max|mean|rate|count)\s*(<=|>=|<|>)\s*([0-9]+(?:\.[0-9]+)?)\s*(ms|us|s|%|\/s)?\s*$/;
const LATENCY: readonly Statistic[] = ['p50', 'p90', 'p99', 'p99.9', 'max', 'mean'];

export function parseThreshold(text: string): Threshold {
  const match = PATTERN.exec(text);
  if (!match)
    throw new Error(
      `threshold ${JSON.stringify(text)} is not <metric>.<statistic><comparison><value>: e.g. 'push.p99<50ms', 'errors.rate<0.1%', 'all.rate>100/s' (statistics: p50 p90 p99 p99.9 max mean rate count)`,
    );
  const [, metric, rawStatistic, comparison, rawValue, unit] = match;
  const statistic = (rawStatistic === 'p999' ? 'p99.9' : rawStatistic) as Statistic;
  const value = Number(rawValue);
  let limit: number;
  if (LATENCY.includes(statistic)) {
    if (metric === 'errors') throw new Error(`threshold ${JSON.stringify(text)}: errors has rate and count, not ${statistic}`);
    if (unit !== undefined && unit !== 'ms' && unit !== 's' && unit !== 'us')
      throw new Error(`threshold ${JSON.stringify(text)}: a latency is in ms, s or us, not ${unit}`);
    limit = unit === 's' ? value * 1000 : unit === 'us' ? value / 1000 : value;
  } else if (statistic === 'rate' && metric === 'errors') {
    if (unit !== undefined && unit !== '%')
      throw new Error(`threshold ${JSON.stringify(text)}: errors.rate is a share: write it with % or as a fraction`);
    limit = unit === '%' ? value / 100 : value;
  } else if (statistic === 'rate') {
    if (unit !== undefined && unit !== '/s') throw new Error(`threshold ${JSON.stringify(text)}: a rate is per second (/s)`);
    limit = value;
  } else {
    if (unit !== undefined) throw new Error(`threshold ${JSON.stringify(text)}: a count has no unit`);
    limit = value;
  }
  return { text: text.trim(), metric: metric!, statistic, comparison: comparison as Threshold['comparison'], limit };
}

function measured(threshold: Threshold, figures: ThresholdFigures): number | null {
  if (threshold.metric === 'errors') return threshold.statistic === 'count' ? figures.errors.count : figures.errors.rate;
  const latency =
    threshold.metric === 'all' ? figures.all : threshold.metric === 'events' ? figures.events : figures.operations[threshold.metric];
  if (latency === undefined) return null;
  switch (threshold.statistic) {
    case 'p50':
      return latency.p50Ms;
    case 'p90':
      return latency.p90Ms;
    case 'p99':
      return latency.p99Ms;
    case 'p99.9':
      return latency.p999Ms;
    case 'max':
      return latency.maxMs;
    case 'mean':
      return latency.meanMs;
    case 'rate':
      return latency.ratePerSecond;
    case 'count':
      return latency.count;
  }
}

/** Every threshold judged; one the run has no figure for (an operation it never sent) fails. */
export function evaluateThresholds(thresholds: readonly Threshold[], figures: ThresholdFigures): ThresholdOutcome[] {
  return thresholds.map((threshold) => {
    const value = measured(threshold, figures);
    if (value === null) return { threshold: threshold.text, value: null, passed: false };
    const { limit } = threshold;
    const passed =
      threshold.comparison === '<'
        ? value < limit
        : threshold.comparison === '<='
          ? value <= limit
          : threshold.comparison === '>'
            ? value > limit
            : value >= limit;
    return { threshold: threshold.text, value, passed };
  });
}
