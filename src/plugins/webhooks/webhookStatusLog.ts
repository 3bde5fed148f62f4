/**
 * A receiver going unhealthy is what an operator of webhooks needs to hear about: the server moved
 * a webhook to ERROR (deliveries failed after every retry, or its backlog hit the cap), or back to
 * ACTIVE. One line per webhook at most once a minute, with the count of moves since (a receiver
 * that flaps), written after the move committed. The line names the webhook and its receiver's
 * origin only: a webhook's URL path or query often carries the receiver's own token (chat and
 * incident services put it there), so it is never logged.
 */
import type { Logger } from '../../platform/log/logger.js';
import { createRateLimitedLog } from '../../platform/log/rateLimitedLog.js';
import type { Clock } from '../../platform/scheduler/index.js';
import type { WebhookRecord } from './webhookRecord.js';

export const WEBHOOK_UNHEALTHY_MESSAGE = 'webhook endpoint unhealthy: deliveries to it stopped';
export const WEBHOOK_HEALTHY_MESSAGE = 'webhook endpoint healthy again';

/** Called with a webhook's record before and after a status move. */
export type WebhookStatusMove = (previous: WebhookRecord, next: WebhookRecord) => void;

export function createWebhookStatusLog(logger: Logger, clock: Clock): WebhookStatusMove {
  const unhealthy = createRateLimitedLog({ logger, clock, level: 'warn', message: WEBHOOK_UNHEALTHY_MESSAGE, countField: 'moves' });
  const healthy = createRateLimitedLog({ logger, clock, level: 'info', message: WEBHOOK_HEALTHY_MESSAGE, countField: 'moves' });
  return (previous, next) => {
    const fields = { webhookId: next.id, webhook: next.name, receiver: originOf(next.url) };
    if (next.status === 'ERROR' && previous.status !== 'ERROR') unhealthy.note(next.id, { ...fields, reason: next.statusReason });
    else if (previous.status === 'ERROR' && next.status === 'ACTIVE') healthy.note(next.id, fields);
  };
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '(not a URL)';
  }
}
