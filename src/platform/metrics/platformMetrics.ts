/**
 * The platform's metrics: the HTTP and WebSocket edge, the group commit and its write queue, the
 * PostgreSQL pool and the worker pool. Everything is read at scrape time from counters those parts keep
 * for themselves (the writer's `stats`, the gateway's tallies, the pool's queue) except what happens once
 * per commit or per worker task, observed then. Nothing here runs per push on the ingest path but the
 * gateway's tally (requestStats.ts).
 */
import { RequestStats } from '../gateway/requestStats.js';
import { SocketStats } from '../gateway/socketStats.js';
import type { BatchWriter } from '../persistence/batchWriter.js';
import type { Database } from '../persistence/database.js';
import type { TaskMessage, WorkerPool } from '../workers/workerPool.js';
import { httpFamilies } from './httpMetrics.js';
import { DURATION_BUCKETS, SIZE_BUCKETS, type MetricDeclaration } from './metricDeclaration.js';
import type { MetricsRegistry } from './metricsRegistry.js';

const OUTCOME = ['ok', 'failed'];

export const PLATFORM_METRICS: readonly MetricDeclaration[] = [
  { name: 'svc_http_requests_in_flight', kind: 'gauge', help: 'HTTP requests received and not answered yet' },
  { name: 'svc_ws_connections', kind: 'gauge', help: 'WebSocket connections open now' },
  { name: 'svc_ws_connections_opened_total', kind: 'counter', help: 'WebSocket connections opened since start' },
  {
    name: 'svc_ws_frames_sent_total',
    kind: 'counter',
    help: 'Frames handed to the WebSocket layer (a topic publish counts once per subscriber)',
  },
  {
    name: 'svc_ws_frames_queued_total',
    kind: 'counter',
    help: 'Frames sent to a socket whose buffer was not empty (backpressure: the client reads slower than it is written to)',
  },
  {
    name: 'svc_ws_frames_dropped_total',
    kind: 'counter',
    help: 'Frames dropped because a socket was over its buffer limit (SVC_REALTIME_MAX_BUFFERED_BYTES); the socket is closed',
  },
  {
    name: 'svc_commit_batches_total',
    kind: 'counter',
    help: 'Group commits by outcome; a failed one answered its requests 503',
    labels: { outcome: ['committed', 'failed'] },
  },
  { name: 'svc_commit_rows_total', kind: 'counter', help: 'Rows written by committed group commits' },
  { name: 'svc_commit_duration_seconds', kind: 'histogram', help: 'Seconds a group commit was in flight', buckets: DURATION_BUCKETS },
  { name: 'svc_commit_batch_rows', kind: 'histogram', help: 'Rows in one group commit', buckets: SIZE_BUCKETS },
  { name: 'svc_commit_pending_rows', kind: 'gauge', help: 'Rows staged and not committed yet: the write queue' },
  {
    name: 'svc_commit_overloaded',
    kind: 'gauge',
    help: '1 while the write queue is over its cap and changes are refused with 503, else 0',
  },
  {
    name: 'svc_db_pool_connections',
    kind: 'gauge',
    help: 'PostgreSQL pool connections by state (absent on the embedded database)',
    labels: { state: ['used', 'idle'] },
  },
  {
    name: 'svc_db_pool_pending_acquires',
    kind: 'gauge',
    help: 'Callers waiting for a PostgreSQL pool connection (absent on the embedded database)',
  },
  { name: 'svc_db_pool_max_connections', kind: 'gauge', help: 'The PostgreSQL pool size (absent on the embedded database)' },
  { name: 'svc_worker_threads', kind: 'gauge', help: 'Worker threads the pool may run (0: tasks run on the main thread)' },
  { name: 'svc_worker_queued_tasks', kind: 'gauge', help: 'Worker tasks waiting for a free thread' },
  {
    name: 'svc_worker_utilization_ratio',
    kind: 'gauge',
    help: "Share of the worker threads' capacity spent running tasks since start, 0 to 1 (absent without threads)",
  },
  { name: 'svc_worker_tasks_total', kind: 'counter', help: 'Worker tasks finished, by outcome', labels: { outcome: OUTCOME } },
  {
    name: 'svc_worker_task_duration_seconds',
    kind: 'histogram',
    help: 'Seconds from a worker task handed to the pool to its result (queue wait included)',
    buckets: DURATION_BUCKETS,
  },
];

/** What the entry point hands the platform's parts so they count, and the readers over them once they exist. */
export interface PlatformInstruments {
  /** The gateway's tallies (`GatewayOptions.requestStats`); undefined with metrics off. */
  readonly requests: RequestStats | undefined;
  /** The WebSocket edge's counts (`HttpServerOptions.sockets`); undefined with metrics off. */
  readonly sockets: SocketStats | undefined;
  /** `BatchWriterOptions.onBatchEnd`; undefined with metrics off. */
  readonly batchEnded: ((rows: number, seconds: number, ok: boolean) => void) | undefined;
  /** The pool with its tasks counted and timed (the pool itself with metrics off). */
  workers<In extends TaskMessage, Out extends TaskMessage>(pool: WorkerPool<In, Out>): WorkerPool<In, Out>;
  /** Readers over the parts, once the entry point has them. */
  watch(parts: PlatformParts): void;
}

export interface PlatformParts {
  readonly writer: BatchWriter;
  readonly database: Database;
  readonly workers: WorkerPool<TaskMessage, TaskMessage>;
  /** The HTTP server once it listens. */
  readonly inFlight: () => number;
}

export function instrumentPlatform(metrics: MetricsRegistry): PlatformInstruments {
  metrics.declare(PLATFORM_METRICS, 'platform');
  const on = metrics.enabled;
  const requests = on ? new RequestStats() : undefined;
  const sockets = on ? new SocketStats() : undefined;
  if (requests) for (const family of httpFamilies(requests)) metrics.family(family);

  const commitSeconds = metrics.histogram('svc_commit_duration_seconds');
  const commitRows = metrics.histogram('svc_commit_batch_rows');
  const tasksOk = metrics.counter('svc_worker_tasks_total', { outcome: 'ok' });
  const tasksFailed = metrics.counter('svc_worker_tasks_total', { outcome: 'failed' });
  const taskSeconds = metrics.histogram('svc_worker_task_duration_seconds');

  return {
    requests,
    sockets,
    batchEnded: on
      ? (rows, seconds) => {
          commitSeconds.observe(seconds);
          commitRows.observe(rows);
        }
      : undefined,
    workers<In extends TaskMessage, Out extends TaskMessage>(pool: WorkerPool<In, Out>): WorkerPool<In, Out> {
      if (!on) return pool;
      const timed = <T>(task: Promise<T>, started: number): Promise<T> => {
        task.then(
          () => (tasksOk.inc(), taskSeconds.observe((performance.now() - started) / 1000)),
          () => (tasksFailed.inc(), taskSeconds.observe((performance.now() - started) / 1000)),
        );
        return task;
      };
      return {
        threads: pool.threads,
        run: <I extends In>(input: I) => timed(pool.run(input), performance.now()),
        close: () => pool.close(),
        ...(pool.stats ? { stats: () => pool.stats!() } : {}),
      };
    },
    watch({ writer, database, workers, inFlight }) {
      metrics.collect('svc_http_requests_in_flight', inFlight);
      metrics.collect('svc_ws_connections', () => sockets?.open ?? 0);
      metrics.collect('svc_ws_connections_opened_total', () => sockets?.opened ?? 0);
      metrics.collect('svc_ws_frames_sent_total', () => sockets?.framesSent ?? 0);
      metrics.collect('svc_ws_frames_queued_total', () => sockets?.framesQueued ?? 0);
      metrics.collect('svc_ws_frames_dropped_total', () => sockets?.framesDropped ?? 0);
      metrics.collect('svc_commit_batches_total', () => [
        { labels: { outcome: 'committed' }, value: writer.stats.batches },
        { labels: { outcome: 'failed' }, value: writer.stats.failures },
      ]);
      metrics.collect('svc_commit_rows_total', () => writer.stats.rows);
      metrics.collect('svc_commit_pending_rows', () => writer.pendingRows);
      metrics.collect('svc_commit_overloaded', () => (writer.overloaded ? 1 : 0));
      metrics.collect('svc_db_pool_connections', () => {
        const pool = database.pool();
        return pool
          ? [
              { labels: { state: 'used' }, value: pool.used },
              { labels: { state: 'idle' }, value: pool.idle },
            ]
          : [];
      });
      const ofPool = (figure: 'pending' | 'max') => () => {
        const pool = database.pool();
        return pool ? [{ value: pool[figure] }] : [];
      };
      metrics.collect('svc_db_pool_pending_acquires', ofPool('pending'));
      metrics.collect('svc_db_pool_max_connections', ofPool('max'));
      metrics.collect('svc_worker_threads', () => workers.threads);
      metrics.collect('svc_worker_queued_tasks', () => workers.stats?.().queued ?? 0);
      metrics.collect('svc_worker_utilization_ratio', () => {
        const stats = workers.stats?.();
        return stats ? [{ value: stats.utilization }] : [];
      });
    },
  };
}
