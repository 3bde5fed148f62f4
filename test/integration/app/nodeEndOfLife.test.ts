/**
 * A start on a Node.js release line past its end of life logs a warning, judged by the injected
 * clock (src/platform/config/nodeRuntime.ts has the table; README.md, Runtime, the way forward).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NODE_END_OF_LIFE_MESSAGE } from '../../../src/platform/config/nodeRuntime.js';
import { createManualClock } from '../../../src/platform/scheduler/index.js';
import { embeddedBackend } from '../../support/backends.js';
import { startTestServer } from '../../support/testServer.js';

async function startWarnings(nodeVersion: string, day: string): Promise<Record<string, unknown>[]> {
  const t = await startTestServer(embeddedBackend, { nodeVersion, clock: createManualClock(Date.parse(`${day}T12:00:00Z`)) });
  try {
    return t.logs.filter((l) => l['msg'] === NODE_END_OF_LIFE_MESSAGE);
  } finally {
    await t.close();
  }
}

describe('the start-up warning on an end-of-life Node.js', () => {
  it('warns on Node.js 20 once its end of life (2026-04-30) has passed', async () => {
    const [warning, ...more] = await startWarnings('20.20.2', '2026-05-01');
    assert.equal(more.length, 0);
    assert.deepEqual([warning?.['level'], warning?.['node'], warning?.['endedOn']], ['warn', '20.20.2', '2026-04-30']);
  });

  it('does not warn on Node.js 20 before that day', async () => {
    assert.deepEqual(await startWarnings('20.20.2', '2026-04-29'), []);
  });

  it('does not warn on Node.js 24', async () => {
    assert.deepEqual(await startWarnings('24.22.3', '2026-11-29'), []);
  });
});
