/**
 * testWebhook's one attempt: sent now, outside the queue and the retry policy. Stages the execution
 * record and, when it succeeded, the webhook's way back to ACTIVE; the caller waits for the commit.
 */
import type { Clock } from '../../platform/scheduler/index.js';
import type { OutboundRequest, OutboundResult } from '../../platform/outbound/outboundRequest.js';
import type { BatchWriter } from '../../platform/persistence/batchWriter.js';
import { attemptDeliveryTraced, classify, executionRecord } from './deliveryAttempt.js';
import { afterSuccess } from './webhookHealth.js';
import type { WebhookRecord } from './webhookRecord.js';
import type { WebhookRegistry } from './webhookRegistry.js';
import { executionRow, webhookExecutionsTable, type ExecutionRecord } from './webhookTables.js';

export interface TestDeliveryDeps {
  readonly send: (request: OutboundRequest) => Promise<OutboundResult>;
  readonly writer: BatchWriter;
  readonly registry: WebhookRegistry;
  readonly clock: Clock;
  readonly newId: () => string;
}

/** `signal`: the dispatcher's shutdown signal, so a stop does not wait for a slow receiver. */
export async function sendTestDelivery(
  deps: TestDeliveryDeps,
  webhook: WebhookRecord,
  eventId: string,
  event: string,
  body: string,
  signal: AbortSignal,
): Promise<ExecutionRecord> {
  const { clock, registry } = deps;
  const at = clock.now();
  // The testWebhook request's trace (null: the running request's).
  const result = await attemptDeliveryTraced(
    deps.writer.tracing,
    { event: 'test', number: 1 },
    deps.send,
    webhook,
    eventId,
    body,
    at,
    null,
    signal,
  );
  const outcome = classify(result, webhook.url);
  const execution = executionRecord(
    deps.newId(),
    { webhookId: webhook.id, deliveryId: null, eventId, event, attempt: 1, at, test: true },
    outcome,
  );
  deps.writer.insert(webhookExecutionsTable, executionRow(execution));
  const current = registry.get(webhook.id);
  if (current && outcome.status === 'SUCCESS') {
    const next = afterSuccess(current, clock.now());
    if (next) registry.set({ ...next, updatedAt: clock.now() });
  }
  return execution;
}
