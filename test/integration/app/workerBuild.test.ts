/**
 * The release build (tsconfig.build.json, what `npm run build` emits into dist/) finds its worker
 * module: the product's pool, loaded from the compiled tree by plain node (no tsx), runs a task on a
 * thread. Guards the worker file's name and extension being taken from the running module's URL.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { REPO_ROOT } from '../../support/repoRoot.js';

const root = REPO_ROOT;
const run = promisify(execFile);

describe('worker pool in the release build', () => {
  let out: string;
  before(async () => {
    out = mkdtempSync(join(tmpdir(), 'svc-workers-build-'));
    await run(join(root, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.build.json', '--outDir', out], { cwd: root });
    writeFileSync(join(out, 'package.json'), JSON.stringify({ type: 'module' }));
    symlinkSync(join(root, 'node_modules'), join(out, 'node_modules'), 'dir');
  });
  after(() => rmSync(out, { recursive: true, force: true }));

  it('runs a dashboard task on a worker thread from the compiled files', async () => {
    const module = (name: string) => JSON.stringify(pathToFileURL(join(out, 'src', name)).href);
    const script = `
      import { createWorkerPool } from ${module('productWorker.js')};
      import { monthPeriod } from ${module('core/domain/periodArithmetic.js')};
      const now = Date.parse('2026-03-11T00:00:00Z');
      const period = monthPeriod(now);
      const pool = createWorkerPool({ threads: 1 });
      const result = await pool.run({
        type: 'dashboardStats', period, now, targets: Float64Array.of(99),
        intervals: { service: Uint32Array.of(0), seq: Int32Array.of(1), status: Uint8Array.of(1), startedAt: Float64Array.of(period.start), endedAt: Float64Array.of(NaN) },
      });
      await pool.close();
      process.stdout.write(JSON.stringify({ result, threads: pool.threads }));
    `;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], {
      cwd: out,
      env: { PATH: process.env['PATH'] ?? '' },
    });
    assert.deepEqual(JSON.parse(stdout), {
      threads: 1,
      result: { type: 'dashboardStats', servicesWithSla: 1, metCount: 1, atRiskCount: 0, breachedCount: 0, averageUptime: 100 },
    });
  });
});
