/** SVC_METRICS, SVC_METRICS_TOKEN and SVC_METRICS_ADDRESS (docs/adr/0055): off unless something serves /metrics. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../../../../src/platform/config/config.js';
import { configProblems } from '../../../support/configProblems.js';

const TOKEN = 'a-metrics-token-0123456789';

const problemsOf = (env: Record<string, string>): string[] => configProblems(() => loadConfig(env));

describe('metrics settings', () => {
  it('are off by default: no token, no address', () => {
    assert.deepEqual(loadConfig({}).metrics, { enabled: false, token: undefined, address: undefined });
  });

  it('are on with a token, served on the main port behind it', () => {
    assert.deepEqual(loadConfig({ SVC_METRICS_TOKEN: TOKEN }).metrics, { enabled: true, token: TOKEN, address: undefined });
  });

  const addresses: Array<[string, { host: string; port: number }]> = [
    ['127.0.0.1:9464', { host: '127.0.0.1', port: 9464 }],
    ['0.0.0.0:9464', { host: '0.0.0.0', port: 9464 }],
    ['[::1]:9464', { host: '::1', port: 9464 }],
    ['localhost:0', { host: 'localhost', port: 0 }],
  ];
  for (const [value, address] of addresses) {
    it(`are on with the address ${value}, on a listener of its own`, () => {
      assert.deepEqual(loadConfig({ SVC_METRICS_ADDRESS: value }).metrics, { enabled: true, token: undefined, address });
    });
  }

  it('are off with SVC_METRICS=off whatever else is set', () => {
    assert.equal(
      loadConfig({ SVC_METRICS: 'off', SVC_METRICS_TOKEN: TOKEN, SVC_METRICS_ADDRESS: '127.0.0.1:9464' }).metrics.enabled,
      false,
    );
  });

  const refused: Array<[string, Record<string, string>, RegExp]> = [
    ['a short token', { SVC_METRICS_TOKEN: 'short' }, /^SVC_METRICS_TOKEN must be at least 16 characters/],
    [
      'a token with a space',
      { SVC_METRICS_TOKEN: 'a metrics token with spaces' },
      /^SVC_METRICS_TOKEN must be at least 16 characters without spaces/,
    ],
    ['an address without a port', { SVC_METRICS_ADDRESS: '127.0.0.1' }, /^SVC_METRICS_ADDRESS must be host:port/],
    ['a port out of range', { SVC_METRICS_ADDRESS: '127.0.0.1:70000' }, /^SVC_METRICS_ADDRESS must be host:port/],
    ['an IPv6 address without brackets', { SVC_METRICS_ADDRESS: '::1:9464' }, /^SVC_METRICS_ADDRESS must be host:port/],
    ['an unknown switch', { SVC_METRICS: 'yes' }, /^SVC_METRICS must be one of on, off/],
  ];
  for (const [what, env, message] of refused) {
    it(`refuses ${what}, naming the setting`, () => {
      const problems = problemsOf(env);
      assert.equal(problems.length, 1, problems.join('; '));
      assert.match(problems[0]!, message);
    });
  }
});
