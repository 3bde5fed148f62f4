/**
 * The target's own view over the run, when it exposes `/metrics` (docs/api/metrics.md): every
 * couple of seconds the generator scrapes it and keeps the server's CPU (share of a core, from
 * `process_cpu_seconds_total`), event-loop delay (`nodejs_eventloop_lag_p99_seconds`) and mean
 * group-commit time (`svc_commit_duration_seconds`) of the interval. A target without it (404, 401
 * without `--metrics-token`) leaves the panel out; the run goes on.
 */

export interface ServerSample {
  /** Seconds since the start. */
  readonly t: number;
  readonly cpuPercent: number | null;
  readonly eventLoopP99Ms: number | null;
  readonly commitMeanMs: number | null;
}

/** The value of an unlabelled series (or the sum over its labels) in Prometheus' text format; undefined when absent. */
export function metricValue(text: string, name: string): number | undefined {
  let found = false;
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const rest = line.slice(name.length);
    if (rest[0] !== ' ' && rest[0] !== '{') continue;
    const valuePart = rest[0] === '{' ? rest.slice(rest.lastIndexOf('}') + 1) : rest;
    const value = Number(valuePart.trim().split(' ')[0]);
    if (Number.isFinite(value)) {
      found = true;
      sum += value;
    }
  }
  return found ? sum : undefined;
}

export class ServerMetrics {
  readonly samples: ServerSample[] = [];
  private timer: NodeJS.Timeout | undefined;
  private previous: { at: number; cpu?: number; commitSum?: number; commitCount?: number } | undefined;
  available = false;
  problem: string | undefined;

  constructor(
    private readonly url: string,
    private readonly startedAt: number,
    private readonly token: string | undefined,
    private readonly everyMs = 2000,
  ) {}

  /** Scrapes once now (whether /metrics is there), then every interval. */
  async start(): Promise<void> {
    await this.scrape();
    if (this.available) this.timer = setInterval(() => void this.scrape(), this.everyMs);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.available) await this.scrape();
  }

  private async scrape(): Promise<void> {
    let text: string;
    try {
      const response = await fetch(this.url, {
        headers: this.token ? { authorization: `Bearer ${this.token}` } : {},
        signal: AbortSignal.timeout(5000),
      });
      text = await response.text();
      if (response.status !== 200) {
        this.problem = `/metrics answered ${response.status}${response.status === 401 ? ' (pass --metrics-token)' : ''}`;
        return;
      }
    } catch (error) {
      this.problem = `/metrics: ${(error as Error).message}`;
      return;
    }
    this.available = true;
    const at = performance.now();
    const cpu = metricValue(text, 'process_cpu_seconds_total');
    const commitSum = metricValue(text, 'svc_commit_duration_seconds_sum');
    const commitCount = metricValue(text, 'svc_commit_duration_seconds_count');
    const lag = metricValue(text, 'nodejs_eventloop_lag_p99_seconds');
    const previous = this.previous;
    this.previous = {
      at,
      ...(cpu !== undefined ? { cpu } : {}),
      ...(commitSum !== undefined ? { commitSum, commitCount: commitCount ?? 0 } : {}),
    };
    if (previous === undefined) return;
    const seconds = (at - previous.at) / 1000;
    const commits = commitCount !== undefined && previous.commitCount !== undefined ? commitCount - previous.commitCount : 0;
    this.samples.push({
      t: Math.round(((at - this.startedAt) / 1000) * 10) / 10,
      cpuPercent: cpu !== undefined && previous.cpu !== undefined ? Math.round(((cpu - previous.cpu) / seconds) * 1000) / 10 : null,
      eventLoopP99Ms: lag !== undefined ? Math.round(lag * 1e5) / 100 : null,
      commitMeanMs:
        commits > 0 && commitSum !== undefined && previous.commitSum !== undefined
          ? Math.round(((commitSum - previous.commitSum) / commits) * 1e5) / 100
          : null,
    });
  }
}
