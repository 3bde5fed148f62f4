/** The standard OTEL_* variables (docs/adr/0069): tracing off unless an OTLP endpoint is set, parent-based sampling by ratio. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../../../../src/platform/config/config.js';
import { configProblems } from '../../../support/configProblems.js';

const ENDPOINT = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
const problemsOf = (env: Record<string, string>): string[] => configProblems(() => loadConfig(env));

describe('tracing settings', () => {
  it('are off by default', () => {
    assert.equal(loadConfig({}).tracing, undefined);
  });

  it('are on with OTEL_EXPORTER_OTLP_ENDPOINT: traces to its /v1/traces, every trace of a caller that samples, all roots', () => {
    assert.deepEqual(loadConfig(ENDPOINT).tracing, {
      tracesUrl: 'http://collector:4318/v1/traces',
      headers: {},
      serviceName: 'svc-ops-monitor',
      sampler: 'parentbased_always_on',
      ratio: 1,
      scheduleDelayMs: 5000,
      maxQueueSize: 2048,
      maxExportBatchSize: 512,
      exportTimeoutMs: 10_000,
    });
  });

  it('take the traces endpoint as it is, and the service name, sampler and ratio given', () => {
    const tracing = loadConfig({
      ...ENDPOINT,
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://otlp.example.com/custom/traces',
      OTEL_SERVICE_NAME: 'ops-eu-1',
      OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
      OTEL_TRACES_SAMPLER_ARG: '0.01',
    }).tracing;
    assert.equal(tracing?.tracesUrl, 'https://otlp.example.com/custom/traces');
    assert.equal(tracing?.serviceName, 'ops-eu-1');
    assert.equal(tracing?.sampler, 'parentbased_traceidratio');
    assert.equal(tracing?.ratio, 0.01);
  });

  it('read headers as key=value pairs, percent-decoded, the traces ones winning, and keep their values out of the log', () => {
    const config = loadConfig({
      ...ENDPOINT,
      OTEL_EXPORTER_OTLP_HEADERS: 'Authorization=Bearer%20general-secret-0123,x-tenant=eu',
      OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'x-tenant=traces',
    });
    assert.deepEqual({ ...config.tracing?.headers }, { authorization: 'Bearer general-secret-0123', 'x-tenant': 'traces' });
    assert.ok([...config.secrets].includes('Bearer general-secret-0123'));
  });

  for (const [what, env] of [
    ['OTEL_SDK_DISABLED=true', { OTEL_SDK_DISABLED: 'true' }],
    ['OTEL_TRACES_EXPORTER=none', { OTEL_TRACES_EXPORTER: 'none' }],
  ] as const) {
    it(`are off with ${what} even with an endpoint`, () => {
      assert.equal(loadConfig({ ...ENDPOINT, ...env }).tracing, undefined);
    });
  }

  const refused: Array<[string, Record<string, string>, RegExp]> = [
    ['an endpoint that is not a URL', { OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }, /^OTEL_EXPORTER_OTLP_ENDPOINT must be an http/],
    ['a gRPC-style endpoint', { OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://collector:4317' }, /^OTEL_EXPORTER_OTLP_ENDPOINT must be an http/],
    ['a password in the endpoint', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://u:secret-pw@collector:4318' }, /must not carry a password/],
    ['an unknown sampler', { ...ENDPOINT, OTEL_TRACES_SAMPLER: 'ratio' }, /^OTEL_TRACES_SAMPLER must be one of always_on/],
    ['a ratio above 1', { ...ENDPOINT, OTEL_TRACES_SAMPLER_ARG: '1.5' }, /^OTEL_TRACES_SAMPLER_ARG must be a ratio between 0 and 1/],
    ['a ratio that is not a number', { ...ENDPOINT, OTEL_TRACES_SAMPLER_ARG: 'one percent' }, /^OTEL_TRACES_SAMPLER_ARG must be a ratio/],
    [
      'a header without =',
      { ...ENDPOINT, OTEL_EXPORTER_OTLP_HEADERS: 'Authorization' },
      /^OTEL_EXPORTER_OTLP_HEADERS must be key=value pairs/,
    ],
    ['an exporter other than otlp', { ...ENDPOINT, OTEL_TRACES_EXPORTER: 'zipkin' }, /^OTEL_TRACES_EXPORTER must be otlp or none/],
    ['a schedule delay of 0', { ...ENDPOINT, OTEL_BSP_SCHEDULE_DELAY: '0' }, /^OTEL_BSP_SCHEDULE_DELAY must be a whole number between 1/],
    ['OTEL_SDK_DISABLED not a boolean', { ...ENDPOINT, OTEL_SDK_DISABLED: 'yes' }, /^OTEL_SDK_DISABLED must be true or false/],
  ];
  for (const [what, env, message] of refused) {
    it(`refuses ${what}, naming the setting`, () => {
      const problems = problemsOf(env);
      assert.equal(problems.length, 1, problems.join('; '));
      assert.match(problems[0]!, message);
    });
  }

  it('does not echo a malformed header, which likely holds a credential', () => {
    const [problem] = problemsOf({ ...ENDPOINT, OTEL_EXPORTER_OTLP_HEADERS: 'Authorization Bearer s3cr3t-token' });
    assert.doesNotMatch(problem!, /s3cr3t/);
  });
});
