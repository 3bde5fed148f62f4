/**
 * The request a piece of work belongs to, across awaits: its id and its trace. The gateway runs each
 * request (and each WebSocket connection's messages) inside one; every log line written meanwhile
 * names it (src/platform/log), the audit record it causes keeps its id, and the webhook deliveries
 * it causes send its trace on.
 *
 * One AsyncLocalStorage for the process, on purpose: Node 20 pays for every active storage on every
 * promise created (an init hook per storage), so other per-request state rides in slots of this one
 * (`createContextSlot`, the audit scope) instead of a storage of its own. Work that no request
 * caused (timers, the SLA evaluation, start-up) runs outside any and has no id.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { formatTraceparent, newTrace, traceOf, type TraceContext } from './traceparent.js';
import { requestIdOf } from './requestId.js';

export interface RequestContext {
  readonly requestId: string;
  readonly trace: TraceContext;
  /** The caller's `traceparent` header as it came, when one did (tracing reads it without making a trace first). */
  readonly callerTraceparent?: string | undefined;
  /**
   * An `Idempotency-Key` the request carries that the instance forwarding it made for it and sends for the first
   * time (src/platform/cluster/forwarder.ts): nothing can be recorded under it, so its lookup is skipped.
   */
  readonly freshIdempotencyKey?: string | undefined;
}

/** What the storage holds: the request (when there is one) and the slots set inside it. */
interface Frame {
  readonly request: RequestContext | undefined;
  readonly slots: ReadonlyMap<symbol, unknown> | undefined;
}

const storage = new AsyncLocalStorage<Frame>();

/**
 * A request's context from its headers (`x-request-id`, `traceparent`; lower-case names). The trace
 * is made when first read (a log line, a webhook delivery): most requests never need it.
 */
export function requestContextOf(headers: Readonly<Record<string, string | undefined>>, freshIdempotencyKey?: string): RequestContext {
  return new HeaderContext(requestIdOf(headers['x-request-id']), headers['traceparent'], freshIdempotencyKey);
}

class HeaderContext implements RequestContext {
  private traced: TraceContext | undefined;

  constructor(
    readonly requestId: string,
    readonly callerTraceparent: string | undefined,
    readonly freshIdempotencyKey: string | undefined = undefined,
  ) {}

  get trace(): TraceContext {
    return (this.traced ??= traceOf(this.callerTraceparent));
  }
}

/** A context for work a request did not start (a test delivery made outside one): a new id and trace. */
export function newRequestContext(): RequestContext {
  return { requestId: requestIdOf(undefined), trace: newTrace() };
}

/** Runs `work` as part of `request`: every await inside it keeps it. */
export function runInRequest<T>(request: RequestContext, work: () => T): T {
  return storage.run({ request, slots: storage.getStore()?.slots }, work);
}

/** The request the running code belongs to, if any. */
export function currentRequest(): RequestContext | undefined {
  return storage.getStore()?.request;
}

/**
 * The `traceparent` a request this server sends now carries (a webhook delivery): the running
 * request's trace with this server's span as the parent, or a new trace when no request is running
 * (an event a timer caused).
 */
export function outgoingTraceparent(): string {
  return formatTraceparent(currentRequest()?.trace ?? newTrace());
}

/** A value of one kind carried with the running work (in the same storage as the request). */
export interface ContextSlot<T> {
  /** Runs `work` with the slot set to `value` (the request, if any, is kept). */
  run<R>(value: T, work: () => R): R;
  get(): T | undefined;
  /** The slot's value, else what `fromRequest` reads off the running request: one read of the storage for both. */
  getOr<R>(fromRequest: (request: RequestContext) => R | undefined): T | R | undefined;
}

export function createContextSlot<T>(name: string): ContextSlot<T> {
  const key = Symbol(name);
  return {
    run(value, work) {
      const frame = storage.getStore();
      const slots = new Map(frame?.slots);
      slots.set(key, value);
      return storage.run({ request: frame?.request, slots }, work);
    },
    get() {
      return storage.getStore()?.slots?.get(key) as T | undefined;
    },
    getOr(fromRequest) {
      const frame = storage.getStore();
      if (frame === undefined) return undefined;
      const value = frame.slots?.get(key) as T | undefined;
      if (value !== undefined) return value;
      return frame.request === undefined ? undefined : fromRequest(frame.request);
    },
  };
}
