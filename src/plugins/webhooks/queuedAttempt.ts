/**
 * One attempt of a queued delivery, from its start to the commit of its outcome: the webhook's state
 * and the page's claim checked first, then the request (deliveryAttempt.ts), then its execution record
 * and the delivery's new state (delivered, pending until its retry, failed) staged with the webhook's
 * health move and committed together. The dispatcher (dispatcher.ts) decides which deliveries start
 * and when; this is what one of them leaves behind, and it holds the invariants that are the
 * attempt's own: the record and the new state commit together, an outcome that could not be committed
 * is sent again (same event id), an INACTIVE or deleted webhook gets nothing. testDelivery.ts is the
 * attempt outside the queue (testWebhook).
 */
import { attemptDeliveryTraced, classify, executionRecord } from './deliveryAttempt.js';
import type { DispatcherOptions } from './dispatcherOptions.js';
import { nextAttemptAt } from './retrySchedule.js';
import { afterExhausted, afterSuccess } from './webhookHealth.js';
import { deliveryRow, executionRow, webhookDeliveriesTable, webhookExecutionsTable, type Delivery } from './webhookTables.js';

/** The dispatcher's counts an attempt adds to (metrics, bench). */
export interface AttemptCounts {
  attempts: number;
  delivered: number;
  retried: number;
  failed: number;
}

/** The dispatcher as one attempt sees it: its options, its counts, and where the delivery goes next. */
export interface AttemptHost {
  readonly options: DispatcherOptions;
  /** Aborted when the dispatcher stops: the attempt in flight lets go. */
  readonly signal: AbortSignal;
  readonly stats: AttemptCounts;
  /** The dispatcher stopped: an outcome that comes now is not recorded (the delivery is still pending in the database). */
  stopped(): boolean;
  /** The attempt no longer counts against the queue's caps. */
  finished(webhookId: string): void;
  /** The delivery's end state (delivered, failed, cancelled, or its webhook deleted) is committed: it leaves the counts. */
  settle(deliveries: readonly Delivery[]): void;
  /** The delivery is to be sent (again): a retry, a failed outcome commit, a page checked. */
  enqueue(deliveries: readonly Delivery[]): void;
  /** The delivery's page is another instance's now: it leaves this one's counts without an end state. */
  forget(delivery: Delivery): void;
  /** Start what is due now that this attempt let go of its place. */
  pump(): void;
}

export async function attemptQueuedDelivery(host: AttemptHost, delivery: Delivery): Promise<void> {
  const { registry, writer, clock } = host.options;
  const webhook = registry.get(delivery.webhookId);
  if (!webhook || webhook.status === 'INACTIVE') {
    // Deleted: nothing to write. Deactivated: withdrawn deliveries are cancelled there; this one slipped in after.
    if (webhook) {
      writer.upsert(webhookDeliveriesTable, deliveryRow(delivery, 'cancelled', clock.now(), 'the webhook is INACTIVE'));
      writer.afterCommit(() => host.settle([delivery]));
    } else {
      host.settle([delivery]);
    }
    host.finished(delivery.webhookId);
    host.pump();
    return;
  }
  const { claims } = host.options;
  if (claims !== undefined && delivery.pageId !== null && claims.needsCheck(delivery.pageId)) {
    // The lease ran out since this page was loaded: it may be another instance's now.
    let mine: boolean;
    try {
      mine = await claims.holds(delivery.pageId);
    } catch {
      host.finished(delivery.webhookId);
      host.enqueue([{ ...delivery, dueAt: clock.now() + webhook.retryDelayMs }]);
      return;
    }
    host.finished(delivery.webhookId);
    if (!mine) {
      host.forget(delivery);
      return host.pump();
    }
    // Checked: attempted in its turn (the queue's caps were released above).
    host.enqueue([delivery]);
    return;
  }
  const at = clock.now();
  const attempt = delivery.attempts + 1;
  const result = await attemptDeliveryTraced(
    writer.tracing,
    { event: delivery.event, number: attempt },
    host.options.send,
    webhook,
    delivery.eventId,
    delivery.body,
    at,
    delivery.traceparent,
    host.signal,
  );
  host.finished(delivery.webhookId);
  if (host.stopped()) return; // shutting down: not recorded, still pending in the database
  host.stats.attempts += 1;
  const current = registry.get(delivery.webhookId);
  if (!current) {
    // Deleted while the attempt ran: nothing is recorded for a webhook that is gone.
    host.settle([delivery]);
    return host.pump();
  }
  const outcome = classify(result, webhook.url);
  const now = clock.now();
  writer.insert(
    webhookExecutionsTable,
    executionRow(
      executionRecord(
        host.options.newId(),
        { webhookId: current.id, deliveryId: delivery.id, eventId: delivery.eventId, event: delivery.event, attempt, at, test: false },
        outcome,
      ),
    ),
  );
  const tried: Delivery = { ...delivery, attempts: attempt };
  let retry: Delivery | null = null;
  if (outcome.status === 'SUCCESS') {
    host.stats.delivered += 1;
    host.options.onDelivered?.(Math.max(0, now - delivery.createdAt) / 1000);
    writer.upsert(webhookDeliveriesTable, deliveryRow(tried, 'delivered', now, null));
    const next = afterSuccess(current, now);
    if (next) registry.set({ ...next, updatedAt: now });
  } else {
    const dueAt = outcome.final ? null : nextAttemptAt(current, attempt, now);
    if (dueAt === null) {
      host.stats.failed += 1;
      writer.upsert(webhookDeliveriesTable, deliveryRow(tried, 'failed', now, outcome.error));
      registry.set({ ...afterExhausted(current, now, outcome.error ?? 'failed'), updatedAt: now });
    } else {
      host.stats.retried += 1;
      retry = { ...tried, dueAt };
      writer.upsert(webhookDeliveriesTable, deliveryRow(retry, 'pending', now, outcome.error));
    }
  }
  try {
    await writer.committed();
  } catch {
    // The outcome was not recorded; the row is still as before. Send again later, same event id.
    host.options.logger.warn('a webhook delivery outcome was not committed; the delivery is sent again', { delivery: delivery.id });
    host.enqueue([{ ...delivery, dueAt: clock.now() + current.retryDelayMs }]);
    return;
  }
  if (retry) {
    host.enqueue([retry]);
  } else {
    host.settle([delivery]);
    host.pump();
  }
}
