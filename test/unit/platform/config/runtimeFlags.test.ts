import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_NODE_FLAGS } from '../../../../src/platform/config/runtimeFlags.js';
import { REPO_ROOT } from '../../../support/repoRoot.js';

const root = REPO_ROOT;

test('npm start passes the server runtime flags to node', () => {
  const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  assert.equal(scripts['start'], `node ${SERVER_NODE_FLAGS.join(' ')} scripts/start.mjs`);
});

test('the release image passes the server runtime flags to node', () => {
  const cmd = readFileSync(join(root, 'Dockerfile'), 'utf8')
    .split('\n')
    .find((line) => line.startsWith('CMD '));
  assert.equal(cmd, `CMD ${JSON.stringify(['node', ...SERVER_NODE_FLAGS, 'dist/src/main.js']).replaceAll(',', ', ')}`);
});
