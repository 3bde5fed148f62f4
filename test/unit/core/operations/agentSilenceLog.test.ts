import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AgentRecord } from '../../../../src/core/fleet/agentRegistry.js';
import { AGENTS_BACK_MESSAGE, AGENTS_SILENT_MESSAGE, createAgentSilenceLog } from '../../../../src/core/operations/agentSilenceLog.js';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';

const START = Date.parse('2026-11-29T10:00:00Z');
const MINUTE = 60_000;

function setup(heartbeats: Record<string, number | null>) {
  const clock = createManualClock(START);
  const logger = createMemoryLogger();
  const agents = (): AgentRecord[] =>
    Object.entries(heartbeats).map(([nodeId, lastHeartbeatAt]) => ({
      nodeId,
      version: null,
      operatorVersion: null,
      watchedServices: null,
      healthyServices: null,
      unhealthyServices: null,
      lastHeartbeatAt,
      lastStatusSyncAt: null,
      createdAt: 0,
    }));
  const log = createAgentSilenceLog(agents, logger, clock);
  log.start();
  const lines = (msg: string) => logger.records.filter((r) => r['msg'] === msg);
  return { clock, log, lines, heartbeats };
}

describe('agent silence log', () => {
  it('names, in one line, the agents whose heartbeat stopped since the last check', () => {
    const { clock, lines, heartbeats } = setup({ 'eu/a': START, 'eu/b': START, 'eu/c': START });
    clock.advance(MINUTE);
    assert.equal(lines(AGENTS_SILENT_MESSAGE).length, 0, 'all three are within the online window');
    heartbeats['eu/c'] = clock.now();
    clock.advance(MINUTE);
    const [line] = lines(AGENTS_SILENT_MESSAGE);
    assert.deepEqual([line?.['level'], line?.['agents'], line?.['nodeIds'], line?.['silentNow']], ['warn', 2, ['eu/a', 'eu/b'], 2]);
    heartbeats['eu/c'] = clock.now();
    clock.advance(MINUTE);
    assert.equal(lines(AGENTS_SILENT_MESSAGE).length, 1, 'an agent is reported silent once');
  });

  it('says when a silent agent is heard from again', () => {
    const { clock, lines, heartbeats } = setup({ 'eu/a': START });
    clock.advance(2 * MINUTE);
    heartbeats['eu/a'] = clock.now();
    clock.advance(MINUTE);
    const [line] = lines(AGENTS_BACK_MESSAGE);
    assert.deepEqual([line?.['level'], line?.['nodeIds'], line?.['silentNow']], ['info', ['eu/a'], 0]);
  });

  it('does not report an agent that was already silent when the server started', () => {
    const { clock, lines } = setup({ 'eu/old': START - 3_600_000, 'eu/never': null });
    clock.advance(5 * MINUTE);
    assert.equal(lines(AGENTS_SILENT_MESSAGE).length, 0);
  });
});
