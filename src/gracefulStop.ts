/**
 * The graceful stop of a running server (app.ts `close`, SIGTERM in main.ts): readiness fails at once; after
 * `plan.delayMs` the listen socket closes, requests under way finish (at most `plan.requestsTimeoutMs`) while
 * WebSocket clients are closed with 1012 over `plan.webSocketWindowMs`; cluster mode hands its shards over; then the
 * modules stop, the writer flushes, the store closes, and one line says what was drained. Without a plan (tests): no
 * delay, every WebSocket at once, requests waited for up to 10 s.
 */
import type { ClusterMode } from './platform/cluster/clusterMode.js';
import type { ReadModel } from './platform/cluster/readModel.js';
import type { DrainPlan } from './platform/config/shutdownSettings.js';
import { SERVICE_RESTART_CLOSE_CODE } from './platform/gateway/closeSpread.js';
import type { RequestThrottle } from './platform/gateway/requestThrottle.js';
import type { startHttpServer } from './platform/gateway/uws.js';
import type { startDatabaseCheck } from './platform/health/databaseCheck.js';
import type { Readiness } from './platform/health/readiness.js';
import { logDrained } from './platform/log/drainLog.js';
import type { Logger } from './platform/log/logger.js';
import type { MetricsEndpoint } from './platform/metrics/metricsEndpoint.js';
import type { BatchWriter } from './platform/persistence/batchWriter.js';
import type { Database } from './platform/persistence/database.js';
import { systemDeadlineClock, type TimerHandle } from './platform/scheduler/index.js';
import type { Tracing } from './platform/tracing/tracing.js';

const DRAIN_TIMEOUT_MS = 10_000;

/** What a stop closes, in the order it closes them. */
export interface StopParts {
  readonly readiness: Readiness;
  readonly server: Awaited<ReturnType<typeof startHttpServer>>;
  readonly metricsServed: MetricsEndpoint;
  readonly cluster: ClusterMode | undefined;
  readonly product: { stop(): Promise<void> };
  readonly throttle: RequestThrottle;
  readonly writer: BatchWriter;
  readonly readModel: ReadModel | undefined;
  readonly databaseCheck: ReturnType<typeof startDatabaseCheck>;
  readonly workers: { close(): Promise<void> };
  readonly database: Database;
  readonly tracing: Tracing;
  readonly logger: Logger;
}

export async function gracefulStop(parts: StopParts, plan: Partial<DrainPlan>): Promise<void> {
  const {
    readiness,
    server,
    metricsServed,
    cluster,
    product,
    throttle,
    writer,
    readModel,
    databaseCheck,
    workers,
    database,
    tracing,
    logger,
  } = parts;
  const stopStarted = performance.now();
  const commitsBefore = { ...writer.stats };
  // Synchronous, before the first await: the next probe fails (readiness within 100 ms of the signal).
  readiness.startDraining();
  // Real time (an I/O deadline, src/platform/scheduler/clock.ts): a manual clock must not hold up a stop.
  if (plan.delayMs) await new Promise<void>((resolve) => systemDeadlineClock.setTimer(plan.delayMs!, resolve));
  const requestsTimeoutMs = plan.requestsTimeoutMs ?? DRAIN_TIMEOUT_MS;
  const requestsInFlight = server.inFlight;
  server.stopAccepting();
  metricsServed.close();
  let webSocketsClosed = 0;
  const webSockets = server
    .closeWebSockets(
      SERVICE_RESTART_CLOSE_CODE,
      'the server is restarting; reconnect',
      Math.min(plan.webSocketWindowMs ?? 0, requestsTimeoutMs),
    )
    .then((closed) => void (webSocketsClosed = closed));
  let timer: TimerHandle | undefined;
  let timedOut = false;
  await Promise.race([
    Promise.all([server.drained(), webSockets]),
    new Promise<void>((resolve) => (timer = systemDeadlineClock.setTimer(requestsTimeoutMs, () => resolve(void (timedOut = true))))),
  ]);
  systemDeadlineClock.clearTimer(timer);
  const requestsCut = server.inFlight;
  // Accepted commands committed, then each shard handed to another instance (it takes it at once).
  await cluster?.handOff();
  // Modules stop in reverse order: realtime, webhooks (attempts in flight are aborted and stay pending), ...
  await product.stop();
  throttle.stop();
  await writer.flush();
  await readModel?.stop();
  await cluster?.close();
  server.closeConnections();
  await databaseCheck.stop();
  await workers.close();
  await database.close();
  // The spans of the stop's last commits go out too (bounded: a collector that does not answer is not waited for).
  await tracing.shutdown();
  // What was drained (src/platform/log/drainLog.ts): the stop's last line.
  logDrained(logger, {
    ms: Math.round(performance.now() - stopStarted),
    reason: 'close',
    requestsInFlight,
    requestsCut,
    webSocketsClosed,
    timedOut,
    commitsFlushed: writer.stats.batches - commitsBefore.batches,
    rowsFlushed: writer.stats.rows - commitsBefore.rows,
    commitsFailed: writer.stats.failures - commitsBefore.failures,
  });
}
