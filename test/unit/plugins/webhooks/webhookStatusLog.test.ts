import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createMemoryLogger } from '../../../../src/platform/log/logger.js';
import { createManualClock } from '../../../../src/platform/scheduler/index.js';
import type { WebhookRecord } from '../../../../src/plugins/webhooks/webhookRecord.js';
import {
  createWebhookStatusLog,
  WEBHOOK_HEALTHY_MESSAGE,
  WEBHOOK_UNHEALTHY_MESSAGE,
} from '../../../../src/plugins/webhooks/webhookStatusLog.js';

const record = (status: WebhookRecord['status'], statusReason: string | null = null): WebhookRecord => ({
  id: 'w1',
  name: 'pager',
  url: 'https://hooks.example.com/services/T000/SECRET-TOKEN?key=abc',
  method: 'POST',
  secret: null,
  headers: [],
  events: ['service.down'],
  filters: null,
  template: null,
  timeoutMs: 5000,
  retryMax: 0,
  retryDelayMs: 1000,
  retryBackoff: 'FIXED',
  status,
  statusReason,
  statusChangedAt: 0,
  consecutiveFailures: 0,
  createdAt: 0,
  updatedAt: 0,
  createdBy: null,
});

function setup() {
  const logger = createMemoryLogger();
  return { logger, moved: createWebhookStatusLog(logger, createManualClock()) };
}

describe('webhook status log', () => {
  it('names a webhook moved to ERROR by its receiver origin and the reason, never the URL path or query', () => {
    const { logger, moved } = setup();
    moved(record('ACTIVE'), record('ERROR', '3 deliveries in a row failed after every retry; last error: HTTP 503'));
    const [line] = logger.records;
    assert.deepEqual(
      [line?.['msg'], line?.['level'], line?.['webhook'], line?.['receiver']],
      [WEBHOOK_UNHEALTHY_MESSAGE, 'warn', 'pager', 'https://hooks.example.com'],
    );
    assert.match(String(line?.['reason']), /HTTP 503/);
    assert.equal(logger.lines[0]!.includes('SECRET-TOKEN'), false);
    assert.equal(logger.lines[0]!.includes('key=abc'), false);
  });

  it('says when it is back to ACTIVE', () => {
    const { logger, moved } = setup();
    moved(record('ERROR'), record('ACTIVE'));
    assert.deepEqual(
      logger.records.map((l) => [l['msg'], l['level']]),
      [[WEBHOOK_HEALTHY_MESSAGE, 'info']],
    );
  });

  it("leaves an admin's own moves (to and from INACTIVE) out", () => {
    const { logger, moved } = setup();
    moved(record('ACTIVE'), record('INACTIVE'));
    moved(record('INACTIVE'), record('ACTIVE'));
    assert.equal(logger.records.length, 0);
  });
});
