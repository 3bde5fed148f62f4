import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadProductConfig } from '../../../../src/plugins/productModules.js';
import { drainPlan, MAX_REQUEST_DRAIN_MS } from '../../../../src/platform/config/shutdownSettings.js';
import { configProblems } from '../../../support/configProblems.js';

const problemsOf = (env: Record<string, string>): string[] => configProblems(() => loadProductConfig(env));

describe('shutdown settings', () => {
  it('default to a 5 s delay, a 3 s WebSocket window and a 20 s deadline', () => {
    assert.deepEqual(loadProductConfig({}).shutdown, { delayMs: 5000, webSocketWindowMs: 3000, timeoutMs: 20_000 });
  });

  it('read SVC_SHUTDOWN_DELAY_MS, SVC_SHUTDOWN_WEBSOCKET_WINDOW_MS and SVC_SHUTDOWN_TIMEOUT_MS', () => {
    const config = loadProductConfig({
      SVC_SHUTDOWN_DELAY_MS: '0',
      SVC_SHUTDOWN_WEBSOCKET_WINDOW_MS: '500',
      SVC_SHUTDOWN_TIMEOUT_MS: '4000',
    });
    assert.deepEqual(config.shutdown, { delayMs: 0, webSocketWindowMs: 500, timeoutMs: 4000 });
  });

  const invalid: Array<{ env: Record<string, string>; problem: RegExp }> = [
    {
      env: { SVC_SHUTDOWN_DELAY_MS: '5s' },
      problem: /SVC_SHUTDOWN_DELAY_MS must be a whole number of milliseconds between 0 and 120000, got "5s"/,
    },
    { env: { SVC_SHUTDOWN_DELAY_MS: '-1' }, problem: /SVC_SHUTDOWN_DELAY_MS must be a whole number/ },
    { env: { SVC_SHUTDOWN_WEBSOCKET_WINDOW_MS: '999999' }, problem: /SVC_SHUTDOWN_WEBSOCKET_WINDOW_MS must be .* between 0 and 120000/ },
    { env: { SVC_SHUTDOWN_TIMEOUT_MS: '500' }, problem: /SVC_SHUTDOWN_TIMEOUT_MS must be .* between 1000 and 600000, got "500"/ },
    {
      env: { SVC_SHUTDOWN_DELAY_MS: '10000', SVC_SHUTDOWN_TIMEOUT_MS: '11000' },
      problem: /SVC_SHUTDOWN_TIMEOUT_MS \(11000\) must be at least SVC_SHUTDOWN_DELAY_MS \(10000\) \+ 2000 ms/,
    },
  ];
  for (const row of invalid) {
    it(`refuses ${JSON.stringify(row.env)}`, () => {
      const problems = problemsOf(row.env);
      assert.equal(problems.length, 1, problems.join('\n'));
      assert.match(problems[0]!, row.problem);
    });
  }

  it('plans SIGTERM with the delay, and the request drain inside what the deadline leaves', () => {
    assert.deepEqual(drainPlan({ delayMs: 5000, webSocketWindowMs: 3000, timeoutMs: 20_000 }, 'SIGTERM'), {
      delayMs: 5000,
      webSocketWindowMs: 3000,
      requestsTimeoutMs: MAX_REQUEST_DRAIN_MS,
    });
    assert.deepEqual(drainPlan({ delayMs: 5000, webSocketWindowMs: 3000, timeoutMs: 9000 }, 'SIGTERM'), {
      delayMs: 5000,
      webSocketWindowMs: 2000,
      requestsTimeoutMs: 2000,
    });
  });

  it('plans SIGINT (someone at a terminal) without the delay: no load balancer to tell', () => {
    assert.deepEqual(drainPlan({ delayMs: 5000, webSocketWindowMs: 3000, timeoutMs: 20_000 }, 'SIGINT'), {
      delayMs: 0,
      webSocketWindowMs: 3000,
      requestsTimeoutMs: MAX_REQUEST_DRAIN_MS,
    });
  });
});
