import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { createRateLimitedLog } from '../../../../src/platform/log/rateLimitedLog.js';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';

const MINUTE = 60_000;

function setup() {
  const clock = createManualClock();
  const logger = createMemoryLogger();
  const log = createRateLimitedLog({ logger, clock, level: 'warn', message: 'something happened', countField: 'times' });
  const lines = () => logger.records.filter((r) => r['msg'] === 'something happened');
  return { clock, log, lines };
}

describe('rate-limited log', () => {
  it('writes the first occurrence at once and the rest of the minute as one count at the sweep', () => {
    const { clock, log, lines } = setup();
    for (let i = 0; i < 4; i += 1) log.note('k', { who: 'k' });
    assert.deepEqual(
      lines().map((l) => l['times']),
      [1],
    );
    clock.advance(MINUTE);
    assert.deepEqual(
      lines().map((l) => [l['times'], l['who'], l['level']]),
      [
        [1, 'k', 'warn'],
        [3, 'k', 'warn'],
      ],
    );
  });

  it("names a key by its latest occurrence's fields", () => {
    const { clock, log, lines } = setup();
    log.note('k', { attempt: 1 });
    log.note('k', { attempt: 2 });
    log.note('k', { attempt: 3 });
    clock.advance(MINUTE);
    assert.deepEqual(
      lines().map((l) => l['attempt']),
      [1, 3],
    );
  });

  it('holds no timer while nothing is owed', () => {
    const { clock, log } = setup();
    assert.equal(clock.pendingTimers, 0, 'none before the first occurrence');
    log.note('k');
    assert.equal(clock.pendingTimers, 1);
    clock.advance(2 * MINUTE);
    assert.equal(clock.pendingTimers, 0, 'disarmed once the key is forgotten');
  });
});
