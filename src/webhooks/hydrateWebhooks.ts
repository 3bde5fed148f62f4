/** Reads the webhooks and the pending deliveries at start (nothing is written back). */
import type { Knex } from 'knex';
import type { WebhookRegistry } from './webhookRegistry.js';
import { deliveryFromRow, webhookFromRow, type Delivery } from './webhookTables.js';

export async function hydrateWebhooks(knex: Knex, registry: WebhookRegistry): Promise<{ webhooks: number; pending: Delivery[]; orphaned: number }> {
  const rows: Record<string, unknown>[] = await knex('webhooks').select('*');
  for (const row of rows) registry.load(webhookFromRow(row));
  const deliveries: Record<string, unknown>[] = await knex('webhook_deliveries').where('state', 'pending').orderBy('next_attempt_at').select('*');
  const pending: Delivery[] = [];
  let orphaned = 0;
  for (const row of deliveries) {
    const delivery = deliveryFromRow(row);
    // A webhook's delete removes its pending rows in the same commit; any other orphan is left alone.
    if (registry.get(delivery.webhookId)) pending.push(delivery);
    else orphaned += 1;
  }
  return { webhooks: rows.length, pending, orphaned };
}
