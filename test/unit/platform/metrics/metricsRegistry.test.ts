/**
 * The metrics registry's rules (src/platform/metrics): a declaration is checked against Prometheus'
 * naming conventions, a name has one owner and one source, a label value outside its declaration is
 * refused, a declared metric nobody feeds stops the start, nothing is declared after the catalog closed,
 * and with metrics off the same checks run while nothing is counted.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { declarationProblems, seriesBound, type MetricDeclaration } from '../../../../src/platform/metrics/metricDeclaration.js';
import { MetricsRegistry } from '../../../../src/platform/metrics/metricsRegistry.js';
import { readExposition } from '../../../support/metrics.js';

const registry = (enabled = true) => new MetricsRegistry({ enabled, logger: createMemoryLogger('error') });
const OUTCOME: MetricDeclaration = {
  name: 'svc_test_attempts_total',
  kind: 'counter',
  help: 'attempts',
  labels: { outcome: ['ok', 'failed'] },
};

describe('metric declarations', () => {
  const bad: Array<[string, MetricDeclaration, RegExp]> = [
    ['a name without the prefix', { name: 'test_things_total', kind: 'counter', help: 'h' }, /svc_ and lower-case words/],
    ['upper case', { name: 'svc_Things_total', kind: 'counter', help: 'h' }, /lower-case/],
    ['a counter without _total', { name: 'svc_things', kind: 'counter', help: 'h' }, /ends in _total/],
    ['a gauge with _total', { name: 'svc_things_total', kind: 'gauge', help: 'h' }, /only a counter/],
    ['milliseconds', { name: 'svc_commit_duration_ms', kind: 'histogram', help: 'h' }, /base units/],
    ['a histogram suffix', { name: 'svc_things_count', kind: 'gauge', help: 'h' }, /_count is a suffix/],
    ['no help', { name: 'svc_things', kind: 'gauge', help: ' ' }, /help is empty/],
    ['a label le', { name: 'svc_things', kind: 'gauge', help: 'h', labels: { le: ['1'] } }, /not a usable label/],
    ['a label with no values', { name: 'svc_things', kind: 'gauge', help: 'h', labels: { kind: [] } }, /lists no values/],
    ['a value twice', { name: 'svc_things', kind: 'gauge', help: 'h', labels: { kind: ['a', 'a'] } }, /a value twice/],
    ['buckets on a gauge', { name: 'svc_things', kind: 'gauge', help: 'h', buckets: [1] }, /only a histogram/],
    ['buckets out of order', { name: 'svc_things_seconds', kind: 'histogram', help: 'h', buckets: [1, 0.5] }, /ascending/],
  ];
  for (const [what, declaration, problem] of bad) {
    it(`refuses ${what}`, () => {
      const problems = declarationProblems(declaration);
      assert.ok(
        problems.some((p) => problem.test(p)),
        `${problems.join('; ')} names ${problem}`,
      );
    });
  }

  it('bounds a metric by its labels: the product of their values, times the lines of a histogram', () => {
    assert.equal(seriesBound(OUTCOME), 2);
    assert.equal(seriesBound({ name: 'svc_x_seconds', kind: 'histogram', help: 'h', buckets: [1, 2], labels: { a: ['x', 'y', 'z'] } }), 15);
  });
});

describe('the metrics registry', () => {
  it('refuses a name declared twice, naming both owners', () => {
    const metrics = registry();
    metrics.declare([OUTCOME], 'module a');
    assert.throws(() => metrics.declare([OUTCOME], 'module b'), /svc_test_attempts_total is declared by module a and by module b/);
  });

  it('refuses to feed a metric nobody declared', () => {
    assert.throws(() => registry().collect('svc_nothing', () => 1), /svc_nothing is not declared/);
  });

  it('refuses a label value outside the declaration, with metrics on and off', () => {
    for (const enabled of [true, false]) {
      const metrics = registry(enabled);
      metrics.declare([OUTCOME], 'test');
      assert.throws(() => metrics.counter('svc_test_attempts_total', { outcome: 'maybe' }), /label outcome may be ok, failed, got "maybe"/);
      assert.throws(() => metrics.counter('svc_test_attempts_total'), /has the labels \[outcome\]/);
    }
  });

  it('refuses a metric fed both by handles and by a reader, and a second reader', () => {
    const metrics = registry();
    metrics.declare([OUTCOME, { name: 'svc_test_depth', kind: 'gauge', help: 'h' }], 'test');
    metrics.counter('svc_test_attempts_total', { outcome: 'ok' });
    assert.throws(() => metrics.collect('svc_test_attempts_total', () => 1), /both by handles and by a reader/);
    metrics.collect('svc_test_depth', () => 1);
    assert.throws(() => metrics.collect('svc_test_depth', () => 2), /already has a reader/);
  });

  it('will not close the catalog while a declared metric has nobody feeding it', () => {
    const metrics = registry(false);
    metrics.declare([OUTCOME], 'module a');
    assert.throws(() => metrics.seal(), /fed by nobody.*svc_test_attempts_total \(module a\)/);
  });

  it('refuses declarations once the catalog is closed', () => {
    const metrics = registry();
    metrics.seal();
    assert.throws(() => metrics.declare([OUTCOME], 'late'), /after the server started listening/);
  });

  it('exposes every label set of a counter from the start, at 0, and what the handles counted', async () => {
    const metrics = registry();
    metrics.declare([OUTCOME], 'test');
    const ok = metrics.counter('svc_test_attempts_total', { outcome: 'ok' });
    ok.inc();
    ok.inc(2);
    const exposition = readExposition(await metrics.exposition('prometheus'));
    assert.equal(exposition.value('svc_test_attempts_total', { outcome: 'ok' }), 3);
    assert.equal(exposition.value('svc_test_attempts_total', { outcome: 'failed' }), 0);
  });

  it('exposes a histogram with cumulative buckets, sum and count', async () => {
    const metrics = registry();
    metrics.declare([{ name: 'svc_test_seconds', kind: 'histogram', help: 'h', buckets: [0.1, 1] }], 'test');
    const histogram = metrics.histogram('svc_test_seconds');
    for (const value of [0.05, 0.5, 0.7, 3]) histogram.observe(value);
    const exposition = readExposition(await metrics.exposition('prometheus'));
    assert.deepEqual(
      ['0.1', '1', '+Inf'].map((le) => exposition.value('svc_test_seconds_bucket', { le })),
      [1, 3, 4],
    );
    assert.equal(exposition.value('svc_test_seconds_count'), 4);
    assert.equal(exposition.value('svc_test_seconds_sum'), 4.25);
  });

  it('reads a collected metric at each scrape and drops a series outside its declaration, logging it once', async () => {
    const logger = createMemoryLogger('error');
    const metrics = new MetricsRegistry({ enabled: true, logger });
    metrics.declare([OUTCOME], 'test');
    let failed = 1;
    metrics.collect('svc_test_attempts_total', () => [
      { labels: { outcome: 'failed' }, value: failed },
      { labels: { outcome: 'a-service-id' }, value: 7 },
    ]);
    assert.equal(readExposition(await metrics.exposition('prometheus')).value('svc_test_attempts_total', { outcome: 'failed' }), 1);
    failed = 5;
    const second = readExposition(await metrics.exposition('prometheus'));
    assert.equal(second.value('svc_test_attempts_total', { outcome: 'failed' }), 5);
    assert.equal(second.value('svc_test_attempts_total', { outcome: 'a-service-id' }), undefined);
    assert.equal(logger.records.length, 1, 'said once');
    assert.match(String(logger.records[0]!['msg']), /label outcome may be ok, failed, got "a-service-id"; the series is not exposed/);
  });

  it('counts nothing and reads nothing with metrics off', async () => {
    const metrics = registry(false);
    metrics.declare([OUTCOME, { name: 'svc_test_depth', kind: 'gauge', help: 'h' }], 'test');
    metrics.counter('svc_test_attempts_total', { outcome: 'ok' }).inc();
    metrics.collect('svc_test_depth', () => assert.fail('a reader is never called with metrics off'));
    metrics.seal();
    assert.equal(await metrics.exposition('prometheus'), '\n');
  });
});
