/**
 * What tracing adds to one request's own path, in this process (CPU ns, median of rounds), independent of the
 * machine's load: the calls the gateway, the command layer and the writer make per push (`request`, the command's
 * span, the writer's `parent()`, `end`) around an empty handler of two awaits, against the same handler without
 * tracing, at ratios 0, 0.01 and 1 (a sampled request includes its spans' trip into the batch processor; the
 * exporter points at a closed port and never runs within a round).
 */
import { requestContextOf, runInRequest } from '../../src/platform/requestContext/requestContext.js';
import { createMemoryLogger } from '../../src/platform/log/logger.js';
import { systemClock } from '../../src/platform/scheduler/index.js';
import { startTracing, type Tracing } from '../../src/platform/tracing/tracing.js';

export interface TracingPathFigure {
  readonly ratio: number;
  /** CPU ns per request with tracing at this ratio, and without, medians over the rounds. */
  readonly tracedNs: number;
  readonly plainNs: number;
}

const HEADERS: Readonly<Record<string, string>> = { 'x-request-id': 'bench-0123456789' };

async function handler(): Promise<void> {
  await Promise.resolve();
}

/** The command: an async function awaiting the commit (`commitChange`'s shape), with or without its span. */
async function command(): Promise<void> {
  await handler();
}

async function plain(): Promise<void> {
  await runInRequest(requestContextOf(HEADERS), command);
}

function traced(tracing: Tracing): () => Promise<void> {
  const tracedCommand = async () => {
    // What the writer's `acknowledge` asks.
    tracing.parent();
    await handler();
  };
  return async () => {
    const span = tracing.request(requestContextOf(HEADERS), 'POST', 'http');
    await runInRequest(span.context, () => tracing.command('command', tracedCommand));
    span.end(200, () => '/api/v1/health/report');
  };
}

async function cpuNsPer(run: () => Promise<void>, count: number): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < count; i += 1) await run();
  const used = process.cpuUsage(start);
  return ((used.user + used.system) * 1000) / count;
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

export async function measureTracingPath(smoke: boolean): Promise<TracingPathFigure[]> {
  const count = smoke ? 5_000 : 200_000;
  const rounds = smoke ? 1 : 5;
  const figures: TracingPathFigure[] = [];
  for (const ratio of [0, 0.01, 1]) {
    const tracing = await startTracing(
      {
        tracesUrl: 'http://127.0.0.1:9/v1/traces',
        headers: {},
        serviceName: 'bench',
        sampler: 'parentbased_traceidratio',
        ratio,
        scheduleDelayMs: 600_000,
        maxQueueSize: 1_000_000,
        maxExportBatchSize: 512,
        exportTimeoutMs: 1000,
      },
      { logger: createMemoryLogger('error'), clock: systemClock, version: 'bench' },
    );
    const withTracing = traced(tracing);
    await cpuNsPer(plain, count / 10);
    await cpuNsPer(withTracing, count / 10);
    const tracedNs: number[] = [];
    const plainNs: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      plainNs.push(await cpuNsPer(plain, count));
      tracedNs.push(await cpuNsPer(withTracing, count));
    }
    await tracing.shutdown();
    figures.push({ ratio, tracedNs: median(tracedNs), plainNs: median(plainNs) });
  }
  return figures;
}
