import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  createContextSlot,
  currentRequest,
  outgoingTraceparent,
  requestContextOf,
  runInRequest,
} from '../../../../src/platform/requestContext/requestContext.js';
import { parseTraceparent } from '../../../../src/platform/requestContext/traceparent.js';

const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('request context', () => {
  it('is the running request across awaits and timers, and none outside it', async () => {
    const request = requestContextOf({ 'x-request-id': 'req-1' });
    const seen = await runInRequest(request, async () => {
      await tick();
      const afterAwait = currentRequest()?.requestId;
      const inTimer = await new Promise<string | undefined>((resolve) => setTimeout(() => resolve(currentRequest()?.requestId), 1));
      return [afterAwait, inTimer];
    });
    assert.deepEqual(seen, ['req-1', 'req-1']);
    assert.equal(currentRequest(), undefined);
  });

  it('keeps two requests under way at once apart', async () => {
    const ids = await Promise.all(
      ['a', 'b'].map((id) =>
        runInRequest(requestContextOf({ 'x-request-id': id }), async () => {
          await tick();
          return currentRequest()?.requestId;
        }),
      ),
    );
    assert.deepEqual(ids, ['a', 'b']);
  });

  it("continues the caller's trace from its traceparent", () => {
    const request = requestContextOf({ traceparent: TRACEPARENT });
    assert.equal(request.trace.traceId, '4bf92f3577b34da6a3ce929d0e0e4736');
    assert.equal(request.trace.parentId, '00f067aa0ba902b7');
  });

  it("sends on the running request's trace with its own span as the parent", () => {
    const request = requestContextOf({ traceparent: TRACEPARENT });
    const sent = parseTraceparent(runInRequest(request, () => outgoingTraceparent()));
    assert.deepEqual(sent, { traceId: request.trace.traceId, parentId: request.trace.spanId, flags: '01' });
  });

  it('starts a new trace for what it sends outside any request', () => {
    const first = parseTraceparent(outgoingTraceparent());
    const second = parseTraceparent(outgoingTraceparent());
    assert.ok(first && second);
    assert.notEqual(first.traceId, second.traceId);
  });

  it('carries a slot inside a request without losing the request', async () => {
    const slot = createContextSlot<{ n: number }>('test');
    const request = requestContextOf({ 'x-request-id': 'req-slot' });
    const seen = await runInRequest(request, () =>
      slot.run({ n: 7 }, async () => {
        await tick();
        return [slot.get()?.n, currentRequest()?.requestId];
      }),
    );
    assert.deepEqual(seen, [7, 'req-slot']);
    assert.equal(slot.get(), undefined);
  });
});
