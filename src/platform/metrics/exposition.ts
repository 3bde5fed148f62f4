/**
 * The two formats `/metrics` speaks: Prometheus' text format (0.0.4), the default, and OpenMetrics 1.0
 * when the scraper's `Accept` ranks it first (Prometheus does, and prefers it: native `_total` handling,
 * `# EOF` so a cut answer is seen as cut). prom-client formats both.
 *
 * One prom-client quirk shapes this file: its registry, asked for OpenMetrics, renames every counter
 * it holds in place (`x_total` becomes `x`, and `_total` is added to each sample), so the same registry
 * would then serve counters without `_total` in the text format. The OpenMetrics registry therefore holds
 * views of the text registry's metrics, never the metrics themselves.
 */
import { Registry, type OpenMetricsContentType } from 'prom-client';

export type ExpositionFormat = 'prometheus' | 'openmetrics';

export const CONTENT_TYPES: Readonly<Record<ExpositionFormat, string>> = {
  prometheus: Registry.PROMETHEUS_CONTENT_TYPE,
  openmetrics: Registry.OPENMETRICS_CONTENT_TYPE,
};

/**
 * The format an `Accept` header asks for: OpenMetrics when it lists `application/openmetrics-text` with a
 * quality above 0 and at least that of anything else it would take (`text/plain`, `text/*`, `* /*`); the
 * text format otherwise, or without the header.
 */
export function negotiateFormat(accept: string | undefined): ExpositionFormat {
  if (accept === undefined) return 'prometheus';
  let openMetrics = 0;
  let text = 0;
  for (const range of accept.split(',')) {
    const [type = '', ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q)) continue;
    if (type === 'application/openmetrics-text') openMetrics = Math.max(openMetrics, q);
    else if (type === 'text/plain' || type === 'text/*' || type === '*/*') text = Math.max(text, q);
  }
  return openMetrics > 0 && openMetrics >= text ? 'openmetrics' : 'prometheus';
}

/** A metric as prom-client's registry holds and reads it (its typings leave out `get`). */
interface RegisteredMetric {
  readonly name: string;
  readonly help: string;
  readonly type: string;
  get(): Promise<object>;
}

/** An OpenMetrics registry whose entries are views of `text`'s metrics (see the file comment). */
export function openMetricsView(text: Registry): Registry<OpenMetricsContentType> {
  const view = new Registry<OpenMetricsContentType>();
  view.setContentType(Registry.OPENMETRICS_CONTENT_TYPE as OpenMetricsContentType);
  for (const metric of text.getMetricsAsArray() as unknown as RegisteredMetric[])
    view.registerMetric(viewOf(metric) as unknown as Parameters<Registry['registerMetric']>[0]);
  return view;
}

function viewOf(metric: RegisteredMetric) {
  const { type, help } = metric;
  // OpenMetrics names a counter's family without `_total`; its samples get it back (prom-client adds it).
  const name = type === 'counter' ? metric.name.replace(/_total$/, '') : metric.name;
  return {
    name,
    help,
    type,
    async get() {
      return { ...(await metric.get()), name };
    },
  };
}
