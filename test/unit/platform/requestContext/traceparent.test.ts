import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  formatTraceparent,
  newSpanId,
  newTraceId,
  parseTraceparent,
  traceOf,
} from '../../../../src/platform/requestContext/traceparent.js';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN = '00f067aa0ba902b7';

describe('traceparent', () => {
  it('reads a version 00 header into its trace id, parent id and flags', () => {
    assert.deepEqual(parseTraceparent(`00-${TRACE}-${SPAN}-01`), { traceId: TRACE, parentId: SPAN, flags: '01' });
  });

  it('reads a later version by its first four fields', () => {
    assert.deepEqual(parseTraceparent(`cc-${TRACE}-${SPAN}-01-what-comes-later`), { traceId: TRACE, parentId: SPAN, flags: '01' });
  });

  const invalid: Array<[string, string | undefined]> = [
    ['absent', undefined],
    ['empty', ''],
    ['upper-case hex', `00-${TRACE.toUpperCase()}-${SPAN}-01`],
    ['an all-zero trace id', `00-${'0'.repeat(32)}-${SPAN}-01`],
    ['an all-zero parent id', `00-${TRACE}-${'0'.repeat(16)}-01`],
    ['version ff', `ff-${TRACE}-${SPAN}-01`],
    ['version 00 with more after it', `00-${TRACE}-${SPAN}-01-extra`],
    ['a short trace id', `00-${TRACE.slice(2)}-${SPAN}-01`],
    ['a non-hex character', `00-${TRACE.slice(0, 31)}g-${SPAN}-01`],
    ['a later version run into its next field', `cc-${TRACE}-${SPAN}-01x`],
    ['over 512 characters', `cc-${TRACE}-${SPAN}-01-${'a'.repeat(600)}`],
  ];
  for (const [what, header] of invalid) {
    it(`ignores a header with ${what}`, () => {
      assert.equal(parseTraceparent(header), undefined);
    });
  }

  it("continues a valid caller's trace under a span of its own", () => {
    const trace = traceOf(`00-${TRACE}-${SPAN}-01`);
    assert.equal(trace.traceId, TRACE);
    assert.equal(trace.parentId, SPAN);
    assert.equal(trace.flags, '01');
    assert.match(trace.spanId, /^[0-9a-f]{16}$/);
    assert.notEqual(trace.spanId, SPAN);
  });

  it('starts a new, unsampled trace when the header is invalid', () => {
    const trace = traceOf(`00-${'0'.repeat(32)}-${SPAN}-01`);
    assert.notEqual(trace.traceId, '0'.repeat(32));
    assert.match(trace.traceId, /^[0-9a-f]{32}$/);
    assert.equal(trace.parentId, undefined);
    assert.equal(trace.flags, '00');
  });

  it('writes what it sends as version 00 with its own span as the parent', () => {
    const header = formatTraceparent({ traceId: TRACE, spanId: SPAN, flags: '01' });
    assert.equal(header, `00-${TRACE}-${SPAN}-01`);
    assert.deepEqual(parseTraceparent(header), { traceId: TRACE, parentId: SPAN, flags: '01' });
  });

  it('makes distinct random ids of the right length', () => {
    const traces = new Set(Array.from({ length: 2000 }, () => newTraceId()));
    const spans = new Set(Array.from({ length: 2000 }, () => newSpanId()));
    assert.equal(traces.size, 2000);
    assert.equal(spans.size, 2000);
    for (const id of traces) assert.match(id, /^[0-9a-f]{32}$/);
    for (const id of spans) assert.match(id, /^[0-9a-f]{16}$/);
  });
});
