/**
 * A trace started here is sampled or not before the SDK is asked (src/platform/tracing/rootSampling.ts): the answer
 * must be the configured SDK sampler's for the same trace id, or a sampled request's span would be started by the
 * SDK and then not recorded (or a trace the SDK would keep be dropped).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ROOT_CONTEXT, SpanKind } from '@opentelemetry/api';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  ParentBasedSampler,
  type Sampler,
  SamplingDecision,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace-base';
import { TRACES_SAMPLERS, type TracesSampler } from '../../../../src/platform/config/tracingSettings.js';
import { DrawnTraceId, drawTraceId } from '../../../../src/platform/requestContext/traceparent.js';
import { rootDecision } from '../../../../src/platform/tracing/rootSampling.js';

function sdkSampler(name: TracesSampler, ratio: number): Sampler {
  const root = new TraceIdRatioBasedSampler(ratio);
  return {
    always_on: () => new AlwaysOnSampler(),
    always_off: () => new AlwaysOffSampler(),
    traceidratio: () => root,
    parentbased_always_on: () => new ParentBasedSampler({ root: new AlwaysOnSampler() }),
    parentbased_always_off: () => new ParentBasedSampler({ root: new AlwaysOffSampler() }),
    parentbased_traceidratio: () => new ParentBasedSampler({ root }),
  }[name]();
}

const sdkSamples = (sampler: Sampler, traceId: string) =>
  sampler.shouldSample(ROOT_CONTEXT, traceId, 'POST', SpanKind.SERVER, {}, []).decision === SamplingDecision.RECORD_AND_SAMPLED;

describe('root sampling', () => {
  it("answers as the SDK's sampler does for every sampler name and ratio, on the same trace ids", () => {
    const ids = Array.from({ length: 4000 }, () => drawTraceId());
    for (const name of TRACES_SAMPLERS)
      for (const ratio of [0, 0.001, 0.01, 0.25, 0.5, 0.999, 1]) {
        const ours = rootDecision(name, ratio);
        const theirs = sdkSampler(name, ratio);
        for (const id of ids) assert.equal(ours(id), sdkSamples(theirs, id.toString()), `${name} at ${ratio}, trace ${id}`);
      }
  });

  it('agrees with the SDK at the edges of the ratio bound', () => {
    const edge = Math.floor(0.01 * 0xffffffff);
    for (const xor of [0, edge - 1, edge, edge + 1, 0xffffffff]) {
      // Words whose XOR is `xor`: the id's value as the ratio sampler reads it.
      const id = new DrawnTraceId(0x12345678, 0x9abcdef0, 0x0fedcba9, (0x12345678 ^ 0x9abcdef0 ^ 0x0fedcba9 ^ xor) >>> 0);
      assert.equal(rootDecision('traceidratio', 0.01)(id), sdkSamples(new TraceIdRatioBasedSampler(0.01), id.toString()), `xor ${xor}`);
    }
  });

  it('samples about the configured share of new traces', () => {
    const decide = rootDecision('parentbased_traceidratio', 0.1);
    let sampled = 0;
    for (let i = 0; i < 100_000; i += 1) if (decide(drawTraceId())) sampled += 1;
    assert.ok(sampled > 9_000 && sampled < 11_000, `${sampled} of 100,000 sampled at 0.1`);
  });

  it('writes a drawn trace id as 32 lower-case hex digits, never all zero', () => {
    for (let i = 0; i < 1000; i += 1) assert.match(drawTraceId().toString(), /^(?!0{32})[0-9a-f]{32}$/);
    assert.equal(new DrawnTraceId(1, 0xabcdef, 0, 0xffffffff).toString(), '0000000100abcdef00000000ffffffff');
  });
});
