/**
 * Reads the webhooks and the deliveries still owed at start (nothing is written back here).
 *
 * Owed: every delivery listed on an outbox page (webhook_outbox) that has no end state in
 * webhook_deliveries, with the attempts and due time of its `pending` row when it was tried
 * before; and `pending` rows listed on no page (written before outbox pages existed). A page
 * whose deliveries are all settled is returned for deletion. Deliveries of webhooks that no
 * longer exist are dropped: a webhook's delete does not rewrite the pages that list them.
 */
import type { Knex } from 'knex';
import { decodePage, ID_CHUNK } from './outboxPage.js';
import type { WebhookRegistry } from './webhookRegistry.js';
import { deliveryFromRow, webhookFromRow, type Delivery } from './webhookTables.js';

export interface HydratedWebhooks {
  readonly webhooks: number;
  readonly pending: Delivery[];
  /** Outbox pages with nothing left to send. */
  readonly settledPages: string[];
  /** Pending rows (not on a page) of unknown webhooks, left alone. */
  readonly orphaned: number;
}

export async function hydrateWebhooks(knex: Knex, registry: WebhookRegistry): Promise<HydratedWebhooks> {
  const rows: Record<string, unknown>[] = await knex('webhooks').select('*');
  for (const row of rows) registry.load(webhookFromRow(row));

  const tried = new Map<string, Delivery>();
  for (const row of (await knex('webhook_deliveries').where('state', 'pending').select('*')) as Record<string, unknown>[]) {
    const delivery = deliveryFromRow(row);
    tried.set(delivery.id, delivery);
  }
  const pages = (await knex('webhook_outbox').orderBy('created_at').select('id', 'deliveries')) as Array<{ id: string; deliveries: string }>;
  const listed = pages.flatMap((page) => decodePage(String(page.id), page.deliveries));
  const ended = await endedAmong(knex, listed.filter((d) => !tried.has(d.id)).map((d) => d.id));

  const pending: Delivery[] = [];
  const pagesWithWork = new Set<string>();
  for (const d of listed) {
    const previous = tried.get(d.id);
    tried.delete(d.id);
    if (ended.has(d.id) || !registry.get(d.webhookId)) continue;
    pending.push(previous ? { ...previous, pageId: d.pageId } : d);
    pagesWithWork.add(d.pageId!);
  }
  let orphaned = 0;
  for (const d of tried.values()) {
    if (registry.get(d.webhookId)) pending.push(d);
    else orphaned += 1;
  }
  pending.sort((a, b) => a.dueAt - b.dueAt || a.createdAt - b.createdAt);
  return { webhooks: rows.length, pending, settledPages: pages.map((p) => String(p.id)).filter((id) => !pagesWithWork.has(id)), orphaned };
}

/** Which of `ids` have a row in webhook_deliveries (so an end state: pending rows were read before). */
async function endedAmong(knex: Knex, ids: readonly string[]): Promise<Set<string>> {
  const ended = new Set<string>();
  for (let i = 0; i < ids.length; i += ID_CHUNK) {
    const found = (await knex('webhook_deliveries').whereIn('id', ids.slice(i, i + ID_CHUNK)).select('id')) as Array<{ id: string }>;
    for (const row of found) ended.add(String(row.id));
  }
  return ended;
}
