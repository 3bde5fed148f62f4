import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DRAINED_MESSAGE, logDrained } from '../../../../src/platform/log/drainLog.js';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';

describe('drain log', () => {
  it('ends a clean stop with one info line, stopped, carrying what was drained', () => {
    const logger = createMemoryLogger();
    logDrained(logger, {
      ms: 120,
      reason: 'SIGTERM',
      requestsInFlight: 3,
      requestsCut: 0,
      webSocketsClosed: 12,
      commitsFlushed: 2,
      rowsFlushed: 40,
    });
    assert.equal(logger.records.length, 1);
    const line = logger.records[0]!;
    assert.equal(line['msg'], DRAINED_MESSAGE);
    assert.equal(line['level'], 'info');
    assert.deepEqual(
      [line['ms'], line['reason'], line['requestsInFlight'], line['webSocketsClosed'], line['commitsFlushed'], line['rowsFlushed']],
      [120, 'SIGTERM', 3, 12, 2, 40],
    );
  });

  it('warns when the stop cut something short', () => {
    const cases = [{ requestsCut: 2 }, { timedOut: true }, { commitsFailed: 1 }];
    for (const cut of cases) {
      const logger = createMemoryLogger();
      logDrained(logger, { ms: 20_000, ...cut });
      assert.equal(logger.records[0]!['level'], 'warn', JSON.stringify(cut));
    }
  });
});
