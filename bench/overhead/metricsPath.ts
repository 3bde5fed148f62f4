/**
 * What metrics add to a health push's own path, in this process (CPU ns, median of rounds), independent of the
 * machine's load: the gateway's part per request (the head's `performance.now()`, the answer's, and the
 * application's `answered`: the route matched again and the tally recorded, as src/platform/gateway/gatewayApplication.ts
 * does it, over the real Router and RequestStats), and the writer's per group commit (`batchEnded`: two histogram
 * observes, from the real `instrumentPlatform`), each against the same loop without them. Not in it: the runtime's
 * observers (prom-client's GC observer and event-loop delay monitor, src/platform/metrics/runtimeMetrics.ts), which
 * run on their own, not per request; the server's CPU profile puts them and prom-client together under 0.2 % of
 * its busy time (bench/README.md, issue 30).
 */
import { createMemoryLogger } from '../../src/platform/log/logger.js';
import type { RequestHead } from '../../src/platform/gateway/http.js';
import { RequestStats } from '../../src/platform/gateway/requestStats.js';
import { type GatewayRoute, Router } from '../../src/platform/gateway/routes.js';
import { MetricsRegistry } from '../../src/platform/metrics/metricsRegistry.js';
import { instrumentPlatform } from '../../src/platform/metrics/platformMetrics.js';
import { HEALTH_PATH } from '../cases/healthPush.js';

export interface MetricsPathFigure {
  /** CPU ns the gateway's metrics add to one request. */
  readonly requestNs: number;
  /** CPU ns the writer's metrics add to one group commit (shared by the pushes it carries). */
  readonly commitNs: number;
}

const route = (method: 'GET' | 'POST', path: string): GatewayRoute => ({
  method,
  path,
  auth: 'none',
  rateLimited: true,
  bodyLimit: 1024,
  handle: () => Promise.reject(new Error('not called')),
});

const ROUTES = [
  route('POST', HEALTH_PATH),
  route('POST', '/api/v1/operator/status'),
  route('POST', '/graphql'),
  route('GET', '/health'),
  route('GET', '/api/v1/tickets/{ticketId}/attachments'),
  route('GET', '/app/*'),
];

const HEAD: RequestHead = { method: 'POST', path: HEALTH_PATH, query: '', headers: {}, peerAddress: '127.0.0.1' };

function cpuNs(run: () => void, count: number): number {
  const start = process.cpuUsage();
  for (let i = 0; i < count; i += 1) run();
  const used = process.cpuUsage(start);
  return ((used.user + used.system) * 1000) / count;
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

export function measureMetricsPath(smoke: boolean): MetricsPathFigure {
  const count = smoke ? 20_000 : 2_000_000;
  const rounds = smoke ? 1 : 5;
  const router = new Router(ROUTES);
  const stats = new RequestStats();
  // gatewayApplication.ts's `answered`, over the same router and tallies.
  const answered = (head: RequestHead, status: number, seconds: number) => {
    const match = router.match(head.method, head.path);
    stats.record(match !== undefined && 'route' in match ? match.route : undefined, head.method, status, seconds);
  };
  let sink = 0;
  const plainRequest = () => {
    sink += HEAD.path.length;
  };
  const measuredRequest = () => {
    // Exchange: `startedAt` at the head, then `timed` at the answer.
    const startedAt = performance.now();
    sink += HEAD.path.length;
    answered(HEAD, 200, (performance.now() - startedAt) / 1000);
  };
  const batchEnded = instrumentPlatform(new MetricsRegistry({ enabled: true, logger: createMemoryLogger('error') })).batchEnded!;
  let rows = 0;
  const plainCommit = () => {
    rows = (rows + 7) & 255;
    sink += rows;
  };
  const measuredCommit = () => {
    rows = (rows + 7) & 255;
    sink += rows;
    batchEnded(rows, rows / 100_000, true);
  };
  cpuNs(plainRequest, count / 10);
  cpuNs(measuredRequest, count / 10);
  cpuNs(plainCommit, count / 10);
  cpuNs(measuredCommit, count / 10);
  const request: number[] = [];
  const commit: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    request.push(cpuNs(measuredRequest, count) - cpuNs(plainRequest, count));
    commit.push(cpuNs(measuredCommit, count) - cpuNs(plainCommit, count));
  }
  if (sink === -1) throw new Error('unreachable');
  return { requestNs: Math.max(0, median(request)), commitNs: Math.max(0, median(commit)) };
}
