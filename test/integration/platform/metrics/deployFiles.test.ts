/**
 * deploy/ (the Grafana dashboard, the Prometheus alert rules and their tests) names only metrics the server
 * exposes: renaming a metric without its dashboard and alerts fails here, not in an operator's silent panel.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse } from 'yaml';
import { testBackends } from '../../../support/backends.js';
import { METRICS_ENV, metricsOf } from '../../../support/metrics.js';
import { REPO_ROOT } from '../../../support/repoRoot.js';
import { startTestServer, type TestServer } from '../../../support/testServer.js';

/** Every metric name of the product and the runtime a file mentions (Prometheus' own `up`, `probe_success` aside). */
function metricNames(text: string): Set<string> {
  return new Set(text.match(/\b(?:svc|nodejs|process)_[a-z0-9_]+/g) ?? []);
}

const files = (dir: string) => readdirSync(join(REPO_ROOT, 'deploy', dir)).map((name) => join(REPO_ROOT, 'deploy', dir, name));

describe('deploy/', { timeout: 120_000 }, () => {
  const [backend] = testBackends();
  let t: TestServer;
  before(async () => {
    t = await startTestServer(backend!, { env: METRICS_ENV });
  });
  after(() => t?.close());

  it('names only metrics the server exposes, in the dashboard and in the alert rules', async () => {
    const exposed = new Set<string>();
    for (const family of (await metricsOf(t.url)).families) {
      exposed.add(family.name);
      if (family.type === 'HISTOGRAM') for (const suffix of ['_bucket', '_sum', '_count']) exposed.add(family.name + suffix);
    }
    // The embedded database has no pool: those families are declared but hold no series there.
    for (const name of ['svc_db_pool_connections', 'svc_db_pool_pending_acquires', 'svc_db_pool_max_connections']) exposed.add(name);
    const unknown: string[] = [];
    for (const file of [...files('grafana'), ...files('prometheus')]) {
      for (const name of metricNames(readFileSync(file, 'utf8'))) if (!exposed.has(name)) unknown.push(`${file}: ${name}`);
    }
    assert.deepEqual(unknown, []);
  });

  it('holds a dashboard Grafana can import and rule files Prometheus can load', () => {
    const dashboard = JSON.parse(readFileSync(join(REPO_ROOT, 'deploy/grafana/svc-overview.json'), 'utf8'));
    assert.equal(dashboard.uid, 'svc-overview');
    const targets = dashboard.panels.flatMap((p: { targets?: { expr: string }[] }) => p.targets ?? []);
    assert.ok(targets.length > 20 && targets.every((x: { expr: string }) => x.expr.length > 0));
    const rules = parse(readFileSync(join(REPO_ROOT, 'deploy/prometheus/svc-alerts.yml'), 'utf8'));
    const alerts = rules.groups.flatMap((g: { rules: { alert: string }[] }) => g.rules.map((r) => r.alert));
    for (const alert of ['SvcCommitsFailing', 'SvcWebhookBacklogAging', 'SvcEventLoopDelayHigh', 'SvcNotReady', 'SvcInstanceDown'])
      assert.ok(alerts.includes(alert), `alert ${alert}`);
  });
});
