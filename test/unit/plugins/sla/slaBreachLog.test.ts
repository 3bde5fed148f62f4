import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SlaStatusChangedEvent } from '../../../../src/plugins/sla/evaluation/slaStatusEvents.js';
import { createSlaBreachLog, SLA_BREACHED_MESSAGE } from '../../../../src/plugins/sla/evaluation/slaBreachLog.js';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';

const MINUTE = 60_000;

function statusChanged(status: 'BREACHED' | 'AT_RISK', definitionId: string, services: number): SlaStatusChangedEvent {
  return {
    type: 'sla.status_changed',
    webhook: status === 'BREACHED' ? 'sla.breached' : 'sla.at_risk',
    status,
    definition: { id: definitionId, name: `definition ${definitionId}`, targetPercent: 99.9, period: 'MONTHLY', timeZone: 'UTC' },
    period: { type: 'MONTHLY', start: 0, end: 1, key: '2026-11' },
    asOf: 0,
    definitionStatus: { previousStatus: 'MET', changed: true, result: {} },
    services: Array.from({ length: services }, (_, i) => ({
      id: `s${i}`,
      name: `service ${i}`,
      path: 'eu/prod',
      previousStatus: 'MET',
      targetPercent: 99.9,
      result: {},
    })),
    at: 0,
    origin: 'timer',
  } as unknown as SlaStatusChangedEvent;
}

describe('SLA breach log', () => {
  it('logs a breach per definition at most once a minute, naming the definition and how many services breached', () => {
    const clock = createManualClock();
    const logger = createMemoryLogger();
    const log = createSlaBreachLog(logger, clock);
    log(statusChanged('BREACHED', 'd1', 3));
    log(statusChanged('BREACHED', 'd1', 2));
    log(statusChanged('BREACHED', 'd2', 1));
    clock.advance(MINUTE);
    const lines = logger.records.filter((r) => r['msg'] === SLA_BREACHED_MESSAGE);
    assert.deepEqual(
      lines.map((l) => [l['level'], l['definitionId'], l['definition'], l['services'], l['breaches']]),
      [
        ['warn', 'd1', 'definition d1', 3, 1],
        ['warn', 'd2', 'definition d2', 1, 1],
        ['warn', 'd1', 'definition d1', 2, 1],
      ],
    );
  });

  it('leaves other status moves out', () => {
    const logger = createMemoryLogger();
    createSlaBreachLog(logger, createManualClock())(statusChanged('AT_RISK', 'd1', 3));
    assert.equal(logger.records.length, 0);
  });
});
