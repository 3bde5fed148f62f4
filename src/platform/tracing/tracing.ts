/**
 * OpenTelemetry tracing as the rest of the server sees it: a tiny interface, and `startTracing`, which
 * loads the SDK only when tracing is configured (docs/adr/0069-opentelemetry-tracing.md). Off (the default:
 * no `OTEL_EXPORTER_OTLP_ENDPOINT`), it is `NO_TRACING`: nothing of OpenTelemetry is imported, and callers on
 * a hot path test `enabled` first, so a request pays one property read.
 *
 * The spans: a request (REST, GraphQL, the WebSocket upgrade; SERVER), a command (INTERNAL, inside it), the
 * group commit and the fan-out (work done once for many requests: a child of the first recorded one, linked
 * to the others), a webhook delivery attempt (CLIENT, continuing the trace stored with its outbox row; its
 * request's `traceparent` names it). Children are made only under a recorded span: an unsampled request
 * costs its own span decision and nothing more.
 */
import type { TracingConfig } from '../config/tracingSettings.js';
import type { Logger } from '../log/logger.js';
import type { RequestContext } from '../requestContext/requestContext.js';
import type { Clock } from '../scheduler/index.js';

/** Span attributes: OpenTelemetry's semantic names where one exists (`http.route`), `svc.*` for ours. */
export type SpanAttributes = Readonly<Record<string, string | number | boolean>>;

/** A recorded span a batch can hang from (opaque: only the tracing that made it reads it). */
export interface SpanParent {
  readonly spanParent: true;
}

/** A request's span, from its head to its answer. */
export interface RequestSpan {
  /** The request's context with the span's trace: what the request runs in (its logs, its webhooks' parent). */
  readonly context: RequestContext;
  /** Ends it: the answer's status (0: the client went away first); `route` (the template) is asked only when recorded. */
  end(status: number, route: () => string | undefined): void;
}

/** A span for work done once for many requests (a group commit, a fan-out). */
export interface BatchSpan {
  /** Runs `work` with this span current: what it starts (a fan-out after a commit) is its child. */
  run<T>(work: () => T): T;
  fail(error: unknown): void;
  end(attributes?: SpanAttributes): void;
}

/** An outgoing request's span (a webhook delivery attempt). */
export interface OutgoingSpan {
  /** The `traceparent` the request carries: this span as its parent. Null: none decided here (tracing off). */
  readonly traceparent: string | null;
  end(outcome: { readonly ok: boolean; readonly statusCode?: number | null; readonly error?: string | null }): void;
}

export interface Tracing {
  /** False: every method is a no-op; hot paths test this before doing anything else. */
  readonly enabled: boolean;
  /** A request's span (SERVER), continuing the caller's `traceparent` (parent-based sampling honours its flag). */
  request(context: RequestContext, method: string, kind: 'http' | 'websocket'): RequestSpan;
  /** Runs `work` in a command's span (INTERNAL), a child of the running span; as it is when that is not recorded. */
  command<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** The running span when it is recorded (a batch hangs from it), else undefined. */
  parent(): SpanParent | undefined;
  /** A span for `parents`' shared work: a child of the first, linked to the others. Undefined when there are none. */
  batch(name: string, parents: readonly SpanParent[], attributes?: SpanAttributes): BatchSpan | undefined;
  /** An outgoing request's span (CLIENT): a child of `traceparent` (stored with the work), or of the running span when null. */
  outgoing(name: string, traceparent: string | null, attributes?: SpanAttributes): OutgoingSpan;
  /** Exports what is still queued (bounded in time) and stops. */
  shutdown(): Promise<void>;
}

const NO_OUTGOING: OutgoingSpan = { traceparent: null, end: () => undefined };

/** Tracing off: nothing recorded, nothing loaded. */
export const NO_TRACING: Tracing = {
  enabled: false,
  request: (context) => ({ context, end: () => undefined }),
  command: (_name, work) => work(),
  parent: () => undefined,
  batch: () => undefined,
  outgoing: (_name, traceparent) => (traceparent === null ? NO_OUTGOING : { traceparent, end: NO_OUTGOING.end }),
  shutdown: () => Promise.resolve(),
};

export interface TracingDeps {
  readonly logger: Logger;
  readonly clock: Clock;
  /** The product's version (`service.version`). */
  readonly version: string;
}

/** Tracing as configured: `NO_TRACING` without settings (no import happens), else the SDK, loaded now. */
export async function startTracing(config: TracingConfig | undefined, deps: TracingDeps): Promise<Tracing> {
  if (config === undefined) return NO_TRACING;
  const { startOtelTracing } = await import('./otelTracing.js');
  return startOtelTracing(config, deps);
}
