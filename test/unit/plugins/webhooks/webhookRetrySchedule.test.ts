import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  attemptOffsets,
  MAX_RETRY_WAIT_MS,
  nextAttemptAt,
  retryWaitMs,
  type RetryPolicy,
} from '../../../../src/plugins/webhooks/retrySchedule.js';

const policy = (retryBackoff: RetryPolicy['retryBackoff'], retryMax = 4, retryDelayMs = 1000): RetryPolicy => ({
  retryBackoff,
  retryMax,
  retryDelayMs,
});

describe('webhook retry schedule', () => {
  it('waits before retry n: FIXED d, LINEAR d*n, EXPONENTIAL d*2^(n-1)', () => {
    assert.deepEqual(
      [1, 2, 3, 4].map((n) => retryWaitMs(policy('FIXED'), n)),
      [1000, 1000, 1000, 1000],
    );
    assert.deepEqual(
      [1, 2, 3, 4].map((n) => retryWaitMs(policy('LINEAR'), n)),
      [1000, 2000, 3000, 4000],
    );
    assert.deepEqual(
      [1, 2, 3, 4].map((n) => retryWaitMs(policy('EXPONENTIAL'), n)),
      [1000, 2000, 4000, 8000],
    );
  });

  it('attempt times from the first: the defaults (3 retries, 10 s, exponential) are 0, 10, 30, 70 s', () => {
    assert.deepEqual(attemptOffsets({ retryMax: 3, retryDelayMs: 10_000, retryBackoff: 'EXPONENTIAL' }), [0, 10_000, 30_000, 70_000]);
    assert.deepEqual(attemptOffsets(policy('LINEAR', 3)), [0, 1000, 3000, 6000]);
  });

  it('after the last allowed attempt there is no next one', () => {
    assert.equal(nextAttemptAt(policy('FIXED', 2), 1, 5000), 6000);
    assert.equal(nextAttemptAt(policy('FIXED', 2), 2, 5000), 6000);
    assert.equal(nextAttemptAt(policy('FIXED', 2), 3, 5000), null);
    assert.equal(nextAttemptAt(policy('FIXED', 0), 1, 5000), null);
  });

  it('a wait is capped at 24 hours', () => {
    assert.equal(retryWaitMs(policy('EXPONENTIAL', 10, 3_600_000), 10), MAX_RETRY_WAIT_MS);
  });
});
