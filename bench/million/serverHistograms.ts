/**
 * The server's own view of a measured window, from its `/metrics` histograms (scraped at the window's start and
 * end): how long its group commits were in flight, and how long it took from a status sync's head to its answer.
 * Beside the client's sync latency these say where a slow sync waited: in the server's event loop and handlers,
 * in PostgreSQL's commit, or before the server read the request at all.
 */

export const BENCH_METRICS_TOKEN = 'bench-million-metrics-token-0123456789';

interface Histogram {
  readonly bounds: number[];
  readonly cumulative: number[];
}

export interface HistogramWindow {
  readonly count: number;
  /** The bucket bound the window's p99 falls under, seconds (Infinity past the last bound). */
  readonly p99AtMostS: number;
  /** Observations over 100 ms. */
  readonly over100ms: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;

function histogramOf(text: string, name: string, labels: Readonly<Record<string, string>>): Histogram {
  const buckets = new Map<number, number>();
  for (const line of text.split('\n')) {
    const match = SAMPLE.exec(line);
    if (!match || match[1] !== `${name}_bucket`) continue;
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/([a-zA-Z_]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).some(([key, value]) => found[key] !== value)) continue;
    const bound = found['le'] === '+Inf' ? Infinity : Number(found['le']);
    buckets.set(bound, (buckets.get(bound) ?? 0) + Number(match[3]));
  }
  const bounds = [...buckets.keys()].sort((a, b) => a - b);
  return { bounds, cumulative: bounds.map((bound) => buckets.get(bound)!) };
}

function windowOf(before: Histogram, after: Histogram): HistogramWindow {
  const counts = after.bounds.map((bound, i) => after.cumulative[i]! - (before.cumulative[before.bounds.indexOf(bound)] ?? 0));
  const count = counts.at(-1) ?? 0;
  const p99 = after.bounds.find((_, i) => counts[i]! >= 0.99 * count) ?? Infinity;
  const at100 = after.bounds.indexOf(0.1);
  return { count, p99AtMostS: p99, over100ms: at100 < 0 ? Number.NaN : count - counts[at100]! };
}

export interface ServerWindow {
  readonly commits: HistogramWindow;
  readonly syncs: HistogramWindow;
}

const SYNC_ROUTE = { route: '/api/v1/operator/status', method: 'POST' };

async function scrapeText(url: string): Promise<string> {
  const response = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } });
  if (response.status !== 200) throw new Error(`GET /metrics answered ${response.status}: is SVC_METRICS_TOKEN set?`);
  return response.text();
}

/** Opens a window on the server's histograms; `close` gives the commits and the syncs within it. */
export async function openServerWindow(url: string): Promise<{ close(): Promise<ServerWindow> }> {
  const before = await scrapeText(url);
  return {
    async close() {
      const after = await scrapeText(url);
      const commit = (text: string) => histogramOf(text, 'svc_commit_duration_seconds', {});
      const sync = (text: string) => histogramOf(text, 'svc_http_request_duration_seconds', SYNC_ROUTE);
      return { commits: windowOf(commit(before), commit(after)), syncs: windowOf(sync(before), sync(after)) };
    },
  };
}

/** "commits 2,310: p99 ≤ 0.25 s, 31 over 100 ms; syncs in the server 2,000: p99 ≤ 0.5 s, 40 over 100 ms" */
export function serverLine(window: ServerWindow): string {
  const one = (what: string, h: HistogramWindow) =>
    `${what} ${h.count.toLocaleString('en')}: p99 ≤ ${h.p99AtMostS} s, ${h.over100ms.toLocaleString('en')} over 100 ms`;
  return `${one('commits', window.commits)}; ${one('syncs, head to answer in the server', window.syncs)}`;
}
