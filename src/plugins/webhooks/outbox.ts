/**
 * The transactional outbox (DESIGN.md durability rule). A staged bus handler: while a change is
 * being staged in the batch writer's open batch, every ACTIVE webhook subscribed to the event it
 * causes, whose filters match, gets a delivery listed on that batch's outbox page (outboxPage.ts),
 * so the delivery commits with the change or not at all. The dispatcher hears of the deliveries only after that
 * commit. The body is rendered here, once: every attempt, before and after a restart, sends the
 * same bytes with the same event id.
 *
 * Runs synchronously inside the request that caused the event, so it does no I/O, and an event
 * nobody subscribed to costs one map lookup.
 */
import type { Clock } from '../../platform/scheduler/index.js';
import type { DomainEvent } from '../../platform/events/domainEvents.js';
import type { BatchWriter } from '../../platform/persistence/batchWriter.js';
import { iso } from '../../core/storage/tables.js';
import { outgoingTraceparent } from '../../platform/requestContext/requestContext.js';
import type { Dispatcher } from './dispatcher.js';
import type { CatalogLookups, WebhookEventCatalog } from '../../platform/events/webhookEventCatalog.js';
import { defaultBody, renderTemplate, type Envelope } from './payloadTemplate.js';
import { afterBacklogFull } from './webhookHealth.js';
import type { WebhookRegistry } from './webhookRegistry.js';
import { OutboxPager } from './outboxPage.js';
import { deliveryRow, executionRow, webhookDeliveriesTable, webhookExecutionsTable, type Delivery } from './webhookTables.js';

/**
 * Deliveries one webhook may owe (waiting or being attempted); beyond it the webhook goes to ERROR rather than owe
 * more (docs/adr/0083). Sized for an outage storm at a million services: 10 % of the fleet down and back is 200,000
 * deliveries to a webhook that hears every change, and what it owes costs a few bytes each in memory (all but 4,096
 * wait on their outbox pages) and its body in the database. It was 10,000, which at a million dropped the events of
 * such a storm beyond the first few seconds' worth.
 */
export const MAX_OWED_PER_WEBHOOK = 250_000;

export interface OutboxOptions {
  readonly catalog: WebhookEventCatalog;
  readonly registry: WebhookRegistry;
  readonly dispatcher: Dispatcher;
  readonly writer: BatchWriter;
  readonly clock: Clock;
  readonly lookups: CatalogLookups;
  readonly newId: () => string;
  readonly maxBacklog?: number;
  /** The instance that claims the pages it writes (deliveryClaims.ts). */
  readonly instanceId?: string;
}

export function createOutboxHandler(options: OutboxOptions): (event: DomainEvent) => void {
  const { catalog, registry, dispatcher, writer, clock, lookups, newId } = options;
  const maxBacklog = options.maxBacklog ?? MAX_OWED_PER_WEBHOOK;
  const pager = new OutboxPager(writer, newId, (deliveries) => dispatcher.accept(deliveries), options.instanceId ?? null);
  const subscribed = (event: DomainEvent) => {
    for (const name of catalog.namesFor(event.type)) if (registry.hasSubscribers(name)) return true;
    return false;
  };

  return (event) => {
    if (!subscribed(event)) return;
    const translated = catalog.translate(event, lookups);
    if (translated === null) return;
    const ids = registry.candidates(translated.name, translated.data);
    if (ids.length === 0) return;
    const now = clock.now();
    let envelope: Envelope | undefined;
    let plainBody: string | undefined;
    // The request that caused the event (or a trace of its own), sent with every attempt of its deliveries.
    let traceparent: string | undefined;
    for (const id of ids) {
      const webhook = registry.get(id);
      const compiled = registry.compiledOf(id);
      if (!webhook || !compiled || webhook.status !== 'ACTIVE' || !compiled.matches(translated.data)) continue;
      const owed = dispatcher.unsettledOf(id);
      if (owed >= maxBacklog) {
        const stopped = afterBacklogFull(webhook, now, owed);
        if (stopped) registry.set({ ...stopped, updatedAt: now });
        continue;
      }
      envelope ??= { id: newId(), event: translated.name, timestamp: iso(translated.at)!, data: translated.data };
      traceparent ??= outgoingTraceparent();
      let body: string;
      if (compiled.template === null) {
        body = plainBody ??= defaultBody(envelope);
      } else {
        const rendered = renderTemplate(compiled.template, envelope);
        if (!rendered.ok) {
          // Nothing can be sent: recorded as a refused execution, and the delivery ends failed.
          const failed: Delivery = {
            id: newId(),
            webhookId: id,
            eventId: envelope.id,
            event: translated.name,
            body: '',
            attempts: 0,
            dueAt: now,
            createdAt: now,
            pageId: null,
            traceparent,
          };
          writer.upsert(webhookDeliveriesTable, deliveryRow(failed, 'failed', now, rendered.problem));
          writer.insert(
            webhookExecutionsTable,
            executionRow({
              id: newId(),
              webhookId: id,
              deliveryId: failed.id,
              eventId: envelope.id,
              event: translated.name,
              test: false,
              attempt: 0,
              status: 'ExecFailed',
              statusCode: null,
              durationMs: 0,
              responseExcerpt: null,
              error: rendered.problem,
              url: null,
              at: now,
            }),
          );
          continue;
        }
        body = rendered.body;
      }
      pager.stage({
        id: newId(),
        webhookId: id,
        eventId: envelope.id,
        event: translated.name,
        body,
        attempts: 0,
        dueAt: now,
        createdAt: now,
        traceparent,
      });
    }
  };
}
