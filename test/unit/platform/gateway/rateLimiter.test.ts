import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { createRateLimiter } from '../../../../src/platform/gateway/rateLimiter.js';

describe('rate limiter (token bucket)', () => {
  it('lets a burst through, then refuses with the seconds until the next token', () => {
    const clock = createManualClock();
    const limiter = createRateLimiter({ requestsPerSecond: 10, burst: 20, now: clock.now });
    for (let i = 0; i < 20; i += 1) assert.equal(limiter.take('a').allowed, true);
    assert.deepEqual(limiter.take('a'), { allowed: false, retryAfterSeconds: 1 });
  });

  it('refills at the configured rate', () => {
    const clock = createManualClock();
    const limiter = createRateLimiter({ requestsPerSecond: 10, burst: 20, now: clock.now });
    for (let i = 0; i < 20; i += 1) limiter.take('a');
    clock.advance(300);
    assert.equal(limiter.take('a').allowed, true);
    assert.equal(limiter.take('a').allowed, true);
    assert.equal(limiter.take('a').allowed, true);
    assert.equal(limiter.take('a').allowed, false);
  });

  it('keeps a separate bucket per client', () => {
    const limiter = createRateLimiter({ requestsPerSecond: 1, burst: 1, now: createManualClock().now });
    assert.equal(limiter.take('a').allowed, true);
    assert.equal(limiter.take('a').allowed, false);
    assert.equal(limiter.take('b').allowed, true);
  });

  it('bounds its table by forgetting the least recently seen client', () => {
    const limiter = createRateLimiter({ requestsPerSecond: 1, burst: 1, maxClients: 2, now: createManualClock().now });
    limiter.take('a');
    limiter.take('b');
    limiter.take('a');
    limiter.take('c');
    assert.equal(limiter.size, 2);
    assert.equal(limiter.take('a').allowed, false, 'a was recently seen and keeps its empty bucket');
    assert.equal(limiter.take('b').allowed, true, 'b was evicted, so it starts with a full bucket');
  });

  it('allows everything when the rate is 0 (development only)', () => {
    const limiter = createRateLimiter({ requestsPerSecond: 0, burst: 1, now: createManualClock().now });
    for (let i = 0; i < 100; i += 1) assert.equal(limiter.take('a').allowed, true);
  });

  it('a clock that steps backwards does not lock clients out', () => {
    let now = 1_000_000_000;
    const limiter = createRateLimiter({ requestsPerSecond: 10, burst: 2, now: () => now });
    assert.equal(limiter.take('a').allowed, true);
    now -= 25 * 3600_000;
    assert.equal(limiter.take('a').allowed, true, 'the token left is still there');
    now += 100;
    assert.equal(limiter.take('a').allowed, true, 'refill resumes from the stepped-back time');
  });

  it("a call's own budget replaces the limiter's for that bucket, and a lowered burst applies at once", () => {
    const clock = createManualClock();
    const limiter = createRateLimiter({ requestsPerSecond: 1, burst: 1, now: clock.now });
    for (let i = 0; i < 5; i += 1) assert.equal(limiter.take('key', { requestsPerSecond: 2, burst: 5 }).allowed, true);
    assert.deepEqual(limiter.take('key', { requestsPerSecond: 2, burst: 5 }), { allowed: false, retryAfterSeconds: 1 });
    clock.advance(60_000);
    assert.equal(limiter.take('key', { requestsPerSecond: 2, burst: 2 }).allowed, true);
    assert.equal(limiter.take('key', { requestsPerSecond: 2, burst: 2 }).allowed, true);
    assert.equal(
      limiter.take('key', { requestsPerSecond: 2, burst: 2 }).allowed,
      false,
      'the full bucket holds the new burst, not the old',
    );
  });
});
