/**
 * The sampling decision for a trace this server starts (a request without a valid `traceparent`: most of them),
 * made on the drawn trace id's words before any hex is written or the SDK is asked. It is the configured sampler's
 * answer for a root span, computed as sdk-trace-base's `TraceIdRatioBasedSampler` computes it (the XOR of the id's
 * four 32-bit words against ratio × 0xffffffff), so when a sampled request's span is then started under the same
 * id, the SDK's own sampler call agrees (test/unit/platform/tracing/rootSampling.test.ts holds it to the SDK's
 * answers). A request that carries a caller's `traceparent` is decided by the SDK's sampler, as before.
 */
import type { TracesSampler } from '../config/tracingSettings.js';
import type { DrawnTraceId } from '../requestContext/traceparent.js';

/** Whether a root span with this trace id is recorded and sampled. */
export type RootDecision = (id: DrawnTraceId) => boolean;

const ALWAYS: RootDecision = () => true;
const NEVER: RootDecision = () => false;

export function rootDecision(sampler: TracesSampler, ratio: number): RootDecision {
  switch (sampler) {
    case 'always_on':
    case 'parentbased_always_on':
      return ALWAYS;
    case 'always_off':
    case 'parentbased_always_off':
      return NEVER;
    case 'traceidratio':
    case 'parentbased_traceidratio': {
      const bound = upperBound(ratio);
      return (id) => (id.w0 ^ id.w1 ^ id.w2 ^ id.w3) >>> 0 < bound;
    }
  }
}

/** The SDK's bound: the ratio clamped to [0, 1] (not a number: 0), all of 2^32 at 1. */
function upperBound(ratio: number): number {
  const clamped = Number.isNaN(ratio) ? 0 : Math.min(1, Math.max(0, ratio));
  return clamped === 1 ? 0x100000000 : Math.floor(clamped * 0xffffffff);
}
