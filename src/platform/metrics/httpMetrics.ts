/**
 * HTTP requests and their latency by route template, method and status class, read at scrape time from
 * the gateway's tallies (src/platform/gateway/requestStats.ts): nothing but array increments on the
 * request's path. Outside the declared catalog because its `route` label's values are the router's
 * templates (plus `unmatched`), known only once the modules mounted their routes; still bounded by them.
 */
import { REQUEST_SECONDS_BUCKETS, STATUS_CLASSES, type RequestStats } from '../gateway/requestStats.js';
import { histogramSeries, type ScrapedMetric, type SeriesValue } from './metricFamilies.js';

export const HTTP_REQUESTS = 'svc_http_requests_total';
export const HTTP_DURATION = 'svc_http_request_duration_seconds';

/** The two HTTP families over `stats`: a series per (route, method, status class) answered at least once. */
export function httpFamilies(stats: RequestStats): ScrapedMetric[] {
  return [
    family(HTTP_REQUESTS, 'HTTP requests answered, by route template, method and status class', 'counter', () => {
      const out: SeriesValue[] = [];
      for (const tally of stats.tallies())
        STATUS_CLASSES.forEach((statusClass, k) => {
          if (tally.counts[k]! > 0)
            out.push({ labels: { route: tally.route, method: tally.method, status_class: statusClass }, value: tally.counts[k]! });
        });
      return out;
    }),
    family(HTTP_DURATION, 'Seconds from a request head to its answer, by route template, method and status class', 'histogram', () => {
      const out: SeriesValue[] = [];
      for (const tally of stats.tallies())
        STATUS_CLASSES.forEach((statusClass, k) => {
          if (tally.counts[k]! === 0) return;
          const labels = { route: tally.route, method: tally.method, status_class: statusClass };
          histogramSeries(out, HTTP_DURATION, labels, REQUEST_SECONDS_BUCKETS, tally.bucketsOf(k), tally.seconds[k]!, tally.counts[k]!);
        });
      return out;
    }),
  ];
}

function family(name: string, help: string, type: 'counter' | 'histogram', values: () => SeriesValue[]): ScrapedMetric {
  return {
    name,
    help,
    type,
    async get() {
      return { name: this.name, help, type, values: values(), aggregator: 'sum' };
    },
  };
}
