import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import { createThrottleLog, THROTTLE_LOG_MESSAGE } from '../../../../src/platform/gateway/throttleLog.js';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';

const MINUTE = 60_000;

function setup(maxSubjects?: number) {
  const clock = createManualClock();
  const logger = createMemoryLogger();
  const log = createThrottleLog({ logger, clock, ...(maxSubjects !== undefined ? { maxSubjects } : {}) });
  const lines = () => logger.records.filter((r) => r['msg'] === THROTTLE_LOG_MESSAGE);
  const refuse = (address: string, times = 1) => {
    for (let i = 0; i < times; i += 1) log.refused({ key: address, fields: { address } });
  };
  return { clock, log, lines, refuse };
}

describe('throttle log', () => {
  it('refusals in the minute after a line are written once, by the sweep, with their count', () => {
    const { clock, lines, refuse } = setup();
    refuse('a', 5);
    assert.deepEqual(
      lines().map((l) => l['refused']),
      [1],
    );
    clock.advance(MINUTE);
    assert.deepEqual(
      lines().map((l) => l['refused']),
      [1, 4],
    );
    clock.advance(10 * MINUTE);
    assert.equal(lines().length, 2, 'nothing owed: nothing written');
  });

  it('each subject has its own minute', () => {
    const { lines, refuse } = setup();
    refuse('a', 2);
    refuse('b', 2);
    assert.deepEqual(
      lines().map((l) => [l['address'], l['refused']]),
      [
        ['a', 1],
        ['b', 1],
      ],
    );
  });

  it('past its table bound, further subjects are summed into one line per sweep', () => {
    const { clock, lines, refuse } = setup(2);
    refuse('a');
    refuse('b');
    refuse('c', 3);
    refuse('d', 2);
    assert.equal(lines().length, 2);
    clock.advance(MINUTE);
    const summed = lines().at(-1)!;
    assert.deepEqual([summed['others'], summed['refused']], [2, 5]);
  });

  it('stop writes what is still owed and ends the sweep', () => {
    const { clock, log, lines, refuse } = setup();
    refuse('a', 3);
    log.stop();
    assert.deepEqual(
      lines().map((l) => l['refused']),
      [1, 2],
    );
    assert.equal(clock.pendingTimers, 0);
  });
});
