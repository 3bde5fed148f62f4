/** The exposition's format by the scraper's Accept, and OpenMetrics beside the text format (src/platform/metrics/exposition.ts). */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { negotiateFormat } from '../../../../src/platform/metrics/exposition.js';
import { MetricsRegistry } from '../../../../src/platform/metrics/metricsRegistry.js';

describe('the exposition format', () => {
  const cases: Array<[string | undefined, 'prometheus' | 'openmetrics']> = [
    [undefined, 'prometheus'],
    ['*/*', 'prometheus'],
    ['text/plain;version=0.0.4', 'prometheus'],
    // Prometheus 2.x's scrape header.
    [
      'application/openmetrics-text;version=1.0.0,application/openmetrics-text;version=0.0.1;q=0.75,text/plain;version=0.0.4;q=0.5,*/*;q=0.1',
      'openmetrics',
    ],
    ['application/openmetrics-text; version=1.0.0', 'openmetrics'],
    ['text/plain;q=1, application/openmetrics-text;q=0.5', 'prometheus'],
    ['application/openmetrics-text;q=0', 'prometheus'],
    ['APPLICATION/OPENMETRICS-TEXT', 'openmetrics'],
  ];
  for (const [accept, format] of cases) {
    it(`is ${format} for Accept: ${accept ?? '(none)'}`, () => assert.equal(negotiateFormat(accept), format));
  }

  it('serves OpenMetrics without renaming the counters the text format shows', async () => {
    const metrics = new MetricsRegistry({ enabled: true, logger: createMemoryLogger('error') });
    metrics.declare([{ name: 'svc_test_pushes_total', kind: 'counter', help: 'pushes' }], 'test');
    metrics.collect('svc_test_pushes_total', () => 3);
    metrics.seal();
    const openMetrics = await metrics.exposition('openmetrics');
    assert.equal(openMetrics, '# HELP svc_test_pushes pushes\n# TYPE svc_test_pushes counter\nsvc_test_pushes_total 3\n# EOF\n');
    const text = await metrics.exposition('prometheus');
    assert.equal(text, '# HELP svc_test_pushes_total pushes\n# TYPE svc_test_pushes_total counter\nsvc_test_pushes_total 3\n');
  });
});
