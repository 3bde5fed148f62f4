/**
 * The tracing of tracing.ts on the OpenTelemetry SDK (sdk-trace-base, OTLP over HTTP with JSON). Loaded by
 * `startTracing` only when tracing is configured; the packages themselves are imported here dynamically, so
 * the release bundle (scripts/startBuild/bundle.mjs keeps them outside) loads none of them when it is off.
 *
 * Context without a second AsyncLocalStorage: the running span is a slot of the request context's one
 * storage (src/platform/requestContext), and the request's own span rides on its context. Spans are started
 * with their parent given explicitly, so no global context manager or tracer provider is registered: the
 * process's global OpenTelemetry API (prom-client reads it) is left alone.
 */
import type * as Api from '@opentelemetry/api';
import type { IdGenerator, Sampler, SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { TracingConfig } from '../config/tracingSettings.js';
import { createRateLimitedLog } from '../log/rateLimitedLog.js';
import { createContextSlot, type RequestContext } from '../requestContext/requestContext.js';
import { systemClock, type TimerHandle } from '../scheduler/index.js';
import {
  type DrawnTraceId,
  drawTraceId,
  formatTraceparent,
  newSpanId,
  newTraceId,
  parseTraceparent,
  type TraceContext,
} from '../requestContext/traceparent.js';
import { type RootDecision, rootDecision } from './rootSampling.js';
import type { BatchSpan, OutgoingSpan, RequestSpan, SpanAttributes, SpanParent, Tracing, TracingDeps } from './tracing.js';

/** Links a batch span keeps (a group commit may serve thousands of requests; a trace backend shows a few). */
export const MAX_LINKS = 32;
/** How long a stop waits for the last export. */
const SHUTDOWN_TIMEOUT_MS = 2000;

type OtelSpan = Api.Span;

/** The running span when it is not the request's own (a command's, a commit's). */
const runningSpan = createContextSlot<OtelSpan>('tracing span');

/**
 * A request's context with its span (none when it is not sampled): what a request runs in while tracing is on. Its
 * trace is the span's, made when first read (most requests log nothing and cause no delivery); a trace started
 * here keeps its id as drawn (words) until then.
 */
class TracedRequest implements RequestContext {
  private made: TraceContext | undefined = undefined;

  constructor(
    readonly requestId: string,
    private readonly traceId: string | DrawnTraceId,
    private readonly parentId: string | undefined,
    readonly span: OtelSpan | undefined,
  ) {}

  get trace(): TraceContext {
    if (this.made !== undefined) return this.made;
    const own = this.span?.spanContext();
    this.made =
      own === undefined
        ? { traceId: this.traceId.toString(), spanId: newSpanId(), parentId: this.parentId, flags: '00' }
        : { traceId: own.traceId, spanId: own.spanId, parentId: this.parentId, flags: (own.traceFlags & 1) === 0 ? '00' : '01' };
    return this.made;
  }
}

const UNSAMPLED_END = () => undefined;

const NO_ATTRIBUTES: Api.Attributes = Object.freeze({});
const NO_LINKS: Api.Link[] = [];
/** `SamplingDecision.NOT_RECORD` (sdk-trace-base's enum, 0). */
const NOT_RECORD = 0;

/**
 * Span and trace ids from the request context's pooled random bytes (src/platform/requestContext/traceparent.ts),
 * and, once, a trace id chosen before the span is started (the one the sampler was asked about).
 */
class RequestIds implements IdGenerator {
  presetTraceId: string | undefined = undefined;

  generateTraceId(): string {
    const preset = this.presetTraceId;
    this.presetTraceId = undefined;
    return preset ?? newTraceId();
  }

  generateSpanId(): string {
    return newSpanId();
  }
}

const spanOfRequest = (request: RequestContext): OtelSpan | undefined => (request instanceof TracedRequest ? request.span : undefined);

/** The running span: a command's or a batch's, else the request's own (one read of the context's storage). */
function currentSpan(): OtelSpan | undefined {
  return runningSpan.getOr(spanOfRequest);
}

class OtelTracing implements Tracing {
  readonly enabled = true;

  constructor(
    private readonly api: typeof Api,
    private readonly tracer: Api.Tracer,
    private readonly sampler: Sampler,
    /** The sampler's answer for a trace started here, from the drawn id's words (rootSampling.ts). */
    private readonly sampleRoot: RootDecision,
    private readonly ids: RequestIds,
    private readonly stop: () => Promise<void>,
  ) {}

  /**
   * The request's span. The sampling decision comes first: for a trace started here (no valid `traceparent`), from
   * the drawn trace id's words (rootSampling.ts), with no hex written and no SDK call; for a caller's trace, from the
   * SDK's sampler. An unsampled request (most of them, at a ratio) gets no SDK span at all: it costs the decision
   * and its context. A sampled one is started by the SDK under the same trace id (`ids.presetTraceId`), so the SDK's
   * own sampler call agrees.
   */
  request(context: RequestContext, method: string, kind: 'http' | 'websocket'): RequestSpan {
    const { api } = this;
    const caller = parseTraceparent(context.callerTraceparent);
    if (caller === undefined) {
      const id = drawTraceId();
      if (!this.sampleRoot(id)) return { context: new TracedRequest(context.requestId, id, undefined, undefined), end: UNSAMPLED_END };
      const traceId = id.toString();
      this.ids.presetTraceId = traceId;
      return this.started(context, method, kind, api.ROOT_CONTEXT, traceId, undefined);
    }
    const parent = api.trace.setSpanContext(api.ROOT_CONTEXT, {
      traceId: caller.traceId,
      spanId: caller.parentId,
      traceFlags: Number.parseInt(caller.flags, 16) & api.TraceFlags.SAMPLED,
      isRemote: true,
    });
    if (this.sampler.shouldSample(parent, caller.traceId, method, api.SpanKind.SERVER, NO_ATTRIBUTES, NO_LINKS).decision === NOT_RECORD) {
      return { context: new TracedRequest(context.requestId, caller.traceId, caller.parentId, undefined), end: UNSAMPLED_END };
    }
    return this.started(context, method, kind, parent, caller.traceId, caller.parentId);
  }

  /** A sampled request's SDK span, ended with its answer. */
  private started(
    context: RequestContext,
    method: string,
    kind: 'http' | 'websocket',
    parent: Api.Context,
    traceId: string,
    parentId: string | undefined,
  ): RequestSpan {
    const { api } = this;
    const span = this.tracer.startSpan(method, { kind: api.SpanKind.SERVER }, parent);
    const recorded = span.isRecording();
    if (recorded) span.setAttributes({ 'http.request.method': method, 'svc.request.id': context.requestId, 'svc.request.kind': kind });
    return {
      context: new TracedRequest(context.requestId, traceId, parentId, span),
      end: (status, route) => {
        if (recorded) {
          const template = route();
          if (template !== undefined) {
            span.updateName(`${method} ${template}`);
            span.setAttribute('http.route', template);
          }
          if (status === 0) span.setAttribute('svc.request.aborted', true);
          else span.setAttribute('http.response.status_code', status);
          if (status >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR });
        }
        span.end();
      },
    };
  }

  command<T>(name: string, work: () => Promise<T>): Promise<T> {
    const parent = currentSpan();
    if (parent === undefined || !parent.isRecording()) return work();
    const span = this.tracer.startSpan(name, { kind: this.api.SpanKind.INTERNAL }, this.api.trace.setSpan(this.api.ROOT_CONTEXT, parent));
    return runningSpan.run(span, work).then(
      (value) => {
        span.end();
        return value;
      },
      (error: unknown) => {
        this.failed(span, error);
        span.end();
        throw error;
      },
    );
  }

  parent(): SpanParent | undefined {
    const span = currentSpan();
    return span?.isRecording() ? (span as unknown as SpanParent) : undefined;
  }

  batch(name: string, parents: readonly SpanParent[], attributes?: SpanAttributes): BatchSpan | undefined {
    const [first] = parents as unknown as readonly OtelSpan[];
    if (first === undefined) return undefined;
    const { api } = this;
    const links: Api.Link[] = [];
    for (let i = 1; i < parents.length && links.length < MAX_LINKS; i++) {
      links.push({ context: (parents[i] as unknown as OtelSpan).spanContext() });
    }
    const span = this.tracer.startSpan(
      name,
      { kind: api.SpanKind.INTERNAL, links, ...(attributes ? { attributes } : {}) },
      api.trace.setSpan(api.ROOT_CONTEXT, first),
    );
    if (parents.length > 1) span.setAttribute('svc.batch.requests', parents.length);
    return {
      run: (work) => runningSpan.run(span, work),
      fail: (error) => this.failed(span, error),
      end: (more) => {
        if (more) span.setAttributes(more);
        span.end();
      },
    };
  }

  outgoing(name: string, traceparent: string | null, attributes?: SpanAttributes): OutgoingSpan {
    const { api } = this;
    let parent: Api.Context = api.ROOT_CONTEXT;
    const stored = traceparent === null ? undefined : parseTraceparent(traceparent);
    if (stored !== undefined) {
      parent = api.trace.setSpanContext(api.ROOT_CONTEXT, {
        traceId: stored.traceId,
        spanId: stored.parentId,
        traceFlags: Number.parseInt(stored.flags, 16) & api.TraceFlags.SAMPLED,
        isRemote: true,
      });
    } else {
      const running = currentSpan();
      if (running !== undefined) parent = api.trace.setSpan(api.ROOT_CONTEXT, running);
    }
    const span = this.tracer.startSpan(name, { kind: api.SpanKind.CLIENT, ...(attributes ? { attributes } : {}) }, parent);
    const own = span.spanContext();
    return {
      traceparent: formatTraceparent({
        traceId: own.traceId,
        spanId: own.spanId,
        flags: (own.traceFlags & api.TraceFlags.SAMPLED) === 0 ? '00' : '01',
      }),
      end: (outcome) => {
        if (span.isRecording()) {
          if (outcome.statusCode !== undefined && outcome.statusCode !== null)
            span.setAttribute('http.response.status_code', outcome.statusCode);
          if (!outcome.ok) span.setStatus({ code: api.SpanStatusCode.ERROR, ...(outcome.error ? { message: outcome.error } : {}) });
        }
        span.end();
      },
    };
  }

  shutdown(): Promise<void> {
    return this.stop();
  }

  private failed(span: OtelSpan, error: unknown): void {
    if (!span.isRecording()) return;
    const message = error instanceof Error ? error.message : String(error);
    span.setStatus({ code: this.api.SpanStatusCode.ERROR, message });
    span.setAttribute('error.type', error instanceof Error ? error.name : typeof error);
  }
}

/** The SDK as configured: a tracer provider with the configured sampler, a batch processor and the OTLP/HTTP exporter. */
export async function startOtelTracing(config: TracingConfig, deps: TracingDeps): Promise<Tracing> {
  const [api, sdk, otlp, resources] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
  ]);
  const ratio = new sdk.TraceIdRatioBasedSampler(config.ratio);
  const sampler = {
    always_on: () => new sdk.AlwaysOnSampler(),
    always_off: () => new sdk.AlwaysOffSampler(),
    traceidratio: () => ratio,
    parentbased_always_on: () => new sdk.ParentBasedSampler({ root: new sdk.AlwaysOnSampler() }),
    parentbased_always_off: () => new sdk.ParentBasedSampler({ root: new sdk.AlwaysOffSampler() }),
    parentbased_traceidratio: () => new sdk.ParentBasedSampler({ root: ratio }),
  }[config.sampler]();
  const exporter = new otlp.OTLPTraceExporter({
    url: config.tracesUrl,
    headers: { ...config.headers },
    timeoutMillis: config.exportTimeoutMs,
  });
  const failures = createRateLimitedLog({
    logger: deps.logger,
    clock: deps.clock,
    level: 'warn',
    message: 'trace export failed',
    countField: 'failedExports',
  });
  const reported: SpanExporter = {
    export(spans, done) {
      exporter.export(spans, (result) => {
        // The collector's URL is named by its origin only: a path may hold a token.
        if (result.code !== 0) failures.note('export', { collector: new URL(config.tracesUrl).origin, error: result.error?.message });
        done(result);
      });
    },
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush(),
  };
  const ids = new RequestIds();
  const provider = new sdk.BasicTracerProvider({
    idGenerator: ids,
    resource: resources.resourceFromAttributes({ 'service.name': config.serviceName, 'service.version': deps.version }),
    sampler,
    spanProcessors: [
      new sdk.BatchSpanProcessor(reported, {
        scheduledDelayMillis: config.scheduleDelayMs,
        maxQueueSize: config.maxQueueSize,
        maxExportBatchSize: Math.min(config.maxExportBatchSize, config.maxQueueSize),
        exportTimeoutMillis: config.exportTimeoutMs,
      }),
    ],
  });
  deps.logger.info('tracing on', {
    collector: new URL(config.tracesUrl).origin,
    serviceName: config.serviceName,
    sampler: config.sampler,
    ...(config.sampler.endsWith('traceidratio') ? { ratio: config.ratio } : {}),
  });
  const stop = async () => {
    let timer: TimerHandle | undefined;
    // Real time (src/platform/scheduler/clock.ts): a stop must not wait on a collector that does not answer.
    await Promise.race([
      provider.shutdown().catch(() => undefined),
      new Promise<void>((resolve) => (timer = systemClock.setTimer(SHUTDOWN_TIMEOUT_MS, resolve))),
    ]);
    systemClock.clearTimer(timer);
    failures.stop();
  };
  return new OtelTracing(
    api,
    provider.getTracer('svc-ops-monitor', deps.version),
    sampler,
    rootDecision(config.sampler, config.ratio),
    ids,
    stop,
  );
}
