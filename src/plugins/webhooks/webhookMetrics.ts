/**
 * The webhooks' metrics (`webhooksModule.metrics`, src/platform/metrics): the delivery queue's depth
 * and age, attempts by outcome, and the latency from an event's commit to its delivery. Read when
 * scraped from the dispatcher's own counts, except the latency, observed once per delivery.
 */
import type { Clock } from '../../platform/scheduler/index.js';
import { DURATION_BUCKETS, type MetricDeclaration } from '../../platform/metrics/metricDeclaration.js';
import type { Metrics } from '../../platform/metrics/metricsRegistry.js';
import type { Dispatcher } from './dispatcher.js';

export const WEBHOOK_METRICS: readonly MetricDeclaration[] = [
  {
    name: 'svc_webhook_queue_depth',
    kind: 'gauge',
    help: 'Webhook deliveries waiting (held in memory or on their outbox pages), not counting attempts in flight',
  },
  { name: 'svc_webhook_in_flight', kind: 'gauge', help: 'Webhook attempts under way' },
  {
    name: 'svc_webhook_oldest_pending_age_seconds',
    kind: 'gauge',
    help: 'Age of the oldest waiting webhook delivery (0 when none waits): a backlog that does not drain grows it',
  },
  {
    name: 'svc_webhook_attempts_total',
    kind: 'counter',
    help: 'Webhook attempts by outcome: success, retry (failed, tried again later), failed (no retry left: the delivery failed)',
    labels: { outcome: ['success', 'retry', 'failed'] },
  },
  {
    name: 'svc_webhook_delivery_latency_seconds',
    kind: 'histogram',
    help: "Seconds from an event's commit to its successful delivery (retries included)",
    buckets: [...DURATION_BUCKETS, 300, 900, 3600, 14400, 86400],
  },
];

/** The observer of successful deliveries, made before the dispatcher exists. */
export function deliveryLatency(metrics: Metrics): (seconds: number) => void {
  const histogram = metrics.histogram('svc_webhook_delivery_latency_seconds');
  return (seconds) => histogram.observe(seconds);
}

/** Readers over the dispatcher, once it exists. */
export function instrumentDispatcher(metrics: Metrics, dispatcher: Dispatcher, clock: Clock): void {
  metrics.collect('svc_webhook_queue_depth', () => dispatcher.pending);
  metrics.collect('svc_webhook_in_flight', () => dispatcher.inFlight);
  metrics.collect('svc_webhook_oldest_pending_age_seconds', () => {
    const oldest = dispatcher.oldestPendingAt();
    return oldest === null ? 0 : Math.max(0, clock.now() - oldest) / 1000;
  });
  const { stats } = dispatcher;
  metrics.collect('svc_webhook_attempts_total', () => [
    { labels: { outcome: 'success' }, value: stats.delivered },
    { labels: { outcome: 'retry' }, value: stats.retried },
    { labels: { outcome: 'failed' }, value: stats.failed },
  ]);
}
