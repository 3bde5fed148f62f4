/**
 * The bundled release (scripts/startBuild/bundle.mjs, run by `npm run build` and `npm start` after
 * tsc): the server is one file with the packages it uses, run by the entry main.js from V8's code cache
 * (scripts/startBuild/codeCache.mjs), the worker threads' module a second file beside it. Run by plain node from a tree like the release image's (the compiled files, the
 * package's type and version, node_modules), it serves on both databases, and the pool's threads
 * load the bundled worker module.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { testBackends } from '../../support/backends.js';
import { CHILD_API_KEY, createChildStore, startChildServer, stopGracefully } from '../../support/childServer.js';
import { REPO_ROOT } from '../../support/repoRoot.js';
import { SERVER_NODE_FLAGS } from '../../../src/platform/config/runtimeFlags.js';

const root = REPO_ROOT;
const run = promisify(execFile);

describe('the bundled release build', { timeout: 180_000 }, () => {
  let out: string;
  before(async () => {
    out = mkdtempSync(join(tmpdir(), 'svc-bundle-'));
    await run(join(root, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.build.json', '--outDir', out], { cwd: root });
    await run(process.execPath, [join(root, 'scripts/startBuild/bundle.mjs'), out], { cwd: root });
    writeFileSync(join(out, 'package.json'), JSON.stringify({ type: 'module', version: '9.9.9' }));
    symlinkSync(join(root, 'node_modules'), join(out, 'node_modules'), 'dir');
  });
  after(() => rmSync(out, { recursive: true, force: true }));

  it('puts the server in one file that requires none of the compiled modules, run by main.js', () => {
    const bundle = readFileSync(join(out, 'src', 'main.bundle.cjs'), 'utf8');
    assert.doesNotMatch(bundle, /(from\s*|require\(\s*)["']\.\.?\//, 'no relative import is left');
    assert.match(bundle, /function startServer\(/, 'the composition root is inside');
    assert.match(bundle, /^\(function \([^)]*\) \{"use strict";\n/, 'one strict function expression, as its modules were strict');
    const entry = readFileSync(join(out, 'src', 'main.js'), 'utf8');
    assert.deepEqual(
      [...entry.matchAll(/from\s*'([^']+)'/g)].map((m) => m[1]),
      ['node:fs', 'node:module', 'node:path', 'node:url', 'node:vm'],
      'the entry imports node only',
    );
    assert.match(entry, /main\.bundle\.cjs/);
  });

  // The cache only saves time: without it the entry compiles. What must hold is that the one the build wrote is
  // accepted by a node running with the server's own flags, and refused (then compiled) under other flags.
  for (const [flags, rejected] of [
    [SERVER_NODE_FLAGS, false],
    [['--max-semi-space-size=1'], true],
  ] as const) {
    it(`its code cache is ${rejected ? 'refused under other V8 flags' : "accepted under the server's V8 flags"} (${flags.join(' ')})`, async () => {
      const script = `
        import { readFileSync } from 'node:fs';
        import { Script } from 'node:vm';
        const bundle = ${JSON.stringify(join(out, 'src', 'main.bundle.cjs'))};
        const script = new Script(readFileSync(bundle, 'utf8'), { filename: bundle, cachedData: readFileSync(bundle + '.cache') });
        process.stdout.write(JSON.stringify({ rejected: script.cachedDataRejected }));
      `;
      const { stdout } = await run(process.execPath, [...flags, '--input-type=module', '-e', script], { cwd: out });
      assert.deepEqual(JSON.parse(stdout), { rejected });
    });
  }

  for (const backend of testBackends()) {
    it(`serves on the ${backend.name} database: probes, a health report, the service list and its metrics`, async () => {
      const store = await createChildStore(backend);
      try {
        const metricsToken = 'bundle-metrics-token-0123456789';
        const server = await startChildServer(
          store,
          { SVC_METRICS_TOKEN: metricsToken },
          { cwd: out, args: [join(out, 'src', 'main.js')] },
        );
        try {
          assert.deepEqual(await (await fetch(`${server.url}/health`)).json(), { status: 'healthy', version: '9.9.9' });
          assert.equal((await fetch(`${server.url}/ready`)).status, 200);
          const headers = { 'x-api-key': CHILD_API_KEY, 'content-type': 'application/json' };
          const report = {
            service: 'bundled',
            nodeId: 'eu/prod/pool-1',
            status: 'DEGRADED',
            message: 'slow',
            criticality: 'high',
            tags: [],
          };
          const pushed = await fetch(`${server.url}/api/v1/health/report`, { method: 'POST', headers, body: JSON.stringify(report) });
          assert.equal(pushed.status, 200, await pushed.text());
          const list = (await (await fetch(`${server.url}/api/v1/operator/services?nodeId=eu`, { headers })).json()) as { count: number };
          assert.equal(list.count, 1);
          // prom-client is bundled too: its registry, formatter and default metrics work from the one file.
          const metrics = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
          const exposition = await metrics.text();
          assert.equal(metrics.status, 200, exposition);
          assert.match(exposition, /^svc_health_pushes_total 1$/m);
          assert.match(exposition, /^process_cpu_seconds_total /m);
        } finally {
          await stopGracefully(server);
        }
      } finally {
        await store.dispose();
      }
    });
  }

  it('runs a dashboard task on a worker thread from the bundled worker module', async () => {
    const module = (name: string) => JSON.stringify(pathToFileURL(join(out, 'src', name)).href);
    const script = `
      import { createPiscinaPool } from ${module('platform/workers/piscinaPool.js')};
      import { monthPeriod } from ${module('core/domain/periodArithmetic.js')};
      const now = Date.parse('2026-03-11T00:00:00Z');
      const period = monthPeriod(now);
      const pool = createPiscinaPool({ workerFile: new URL(${module('productWorker.js')}), threads: 1 });
      const result = await pool.run({
        type: 'dashboardStats', period, now, targets: Float64Array.of(99),
        intervals: { service: Uint32Array.of(0), seq: Int32Array.of(1), status: Uint8Array.of(1), startedAt: Float64Array.of(period.start), endedAt: Float64Array.of(NaN) },
      });
      await pool.close();
      process.stdout.write(JSON.stringify(result));
    `;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
      cwd: out,
      env: { PATH: process.env['PATH'] ?? '' },
    });
    assert.deepEqual(JSON.parse(stdout), {
      type: 'dashboardStats',
      servicesWithSla: 1,
      metCount: 1,
      atRiskCount: 0,
      breachedCount: 0,
      averageUptime: 100,
    });
  });
});
