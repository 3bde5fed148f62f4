/**
 * Cluster mode is configured but not available in this version (issue 29): an instance started with
 * SVC_CLUSTER_NATS_URL refuses to start instead of running as a lone writer beside the other instances
 * on the same PostgreSQL.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { loadProductConfig, startServer } from '../../../src/app.js';
import { CLUSTER_MODE_NOT_AVAILABLE } from '../../../src/platform/config/config.js';
import { createMemoryLogger } from '../../../src/platform/log/logger.js';
import { REPO_ROOT } from '../../support/repoRoot.js';

/** Settings a cluster instance would start with; nothing is contacted before the refusal. */
const CLUSTER_ENV = {
  SVC_CLUSTER_NATS_URL: 'nats://127.0.0.1:1',
  SVC_DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
  SVC_SECURITY_OPERATOR_API_KEY: 'cluster-refusal-operator-key-0123456789',
};

describe('cluster mode before it is available', () => {
  it('the server process exits 2 with the reason, before it opens the database or listens', () => {
    const child = spawnSync(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: REPO_ROOT,
      env: { PATH: process.env['PATH'] ?? '', ...CLUSTER_ENV },
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(child.status, 2, child.stderr);
    assert.equal(child.stderr.trim(), CLUSTER_MODE_NOT_AVAILABLE);
    assert.doesNotMatch(child.stdout, /listening/);
  });

  it('startServer refuses a configuration with cluster settings', async () => {
    const config = loadProductConfig({ ...CLUSTER_ENV, SVC_ENV: 'production' });
    await assert.rejects(startServer(config, { logger: createMemoryLogger('info'), version: 'test' }), (error: Error) => {
      assert.equal(error.name, 'ConfigError');
      assert.match(error.message, /cannot run as a cluster yet/);
      return true;
    });
  });
});
