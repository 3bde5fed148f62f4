/**
 * How delivery outcomes move a webhook's status, as pure functions (SPEC.md "Webhook status").
 *
 * - A delivery that used every attempt (or was refused by the address validator) counts one
 *   failure in a row; `ERROR_AFTER_EXHAUSTED_DELIVERIES` in a row move an ACTIVE webhook to ERROR.
 * - A successful delivery or test resets the count and moves ERROR back to ACTIVE.
 * - INACTIVE is the admin's choice and only an update changes it.
 * Each returns the new record, or null when nothing changes (so nothing is written).
 */
import { ERROR_AFTER_EXHAUSTED_DELIVERIES, type WebhookRecord } from './webhookRecord.js';

export function afterSuccess(webhook: WebhookRecord, at: number): WebhookRecord | null {
  if (webhook.consecutiveFailures === 0 && webhook.status !== 'ERROR') return null;
  if (webhook.status !== 'ERROR') return { ...webhook, consecutiveFailures: 0 };
  return { ...webhook, consecutiveFailures: 0, status: 'ACTIVE', statusReason: null, statusChangedAt: at };
}

export function afterExhausted(webhook: WebhookRecord, at: number, lastError: string): WebhookRecord {
  const failures = webhook.consecutiveFailures + 1;
  if (webhook.status !== 'ACTIVE' || failures < ERROR_AFTER_EXHAUSTED_DELIVERIES) return { ...webhook, consecutiveFailures: failures };
  return {
    ...webhook,
    consecutiveFailures: failures,
    status: 'ERROR',
    statusReason: `${failures} deliveries in a row failed after every retry; last error: ${lastError.slice(0, 300)}`,
    statusChangedAt: at,
  };
}

/** The receiver's backlog is over the cap: stop adding to it until an admin looks. */
export function afterBacklogFull(webhook: WebhookRecord, at: number, backlog: number): WebhookRecord | null {
  if (webhook.status !== 'ACTIVE') return null;
  return {
    ...webhook,
    status: 'ERROR',
    statusReason: `${backlog} deliveries are waiting for this receiver; new events are not queued until it is fixed (updateWebhook or a successful testWebhook)`,
    statusChangedAt: at,
  };
}
