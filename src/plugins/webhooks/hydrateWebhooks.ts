/**
 * Reads the webhooks and the deliveries still owed at start (nothing is written back here).
 *
 * Owed: every delivery listed on an outbox page (webhook_outbox) that has no end state in
 * webhook_deliveries, with the attempts and due time of its `pending` row when it was tried
 * before; and `pending` rows listed on no page (written before outbox pages existed). A page
 * whose deliveries are all settled is returned for deletion. Deliveries of webhooks that no
 * longer exist are dropped: a webhook's delete does not rewrite the pages that list them.
 *
 * Memory: pages are read a few hundred at a time, in commit order. Deliveries tried before are
 * held (their state is in their row); of the others, the first `maxHeld` are held and the rest
 * go to the dispatcher's backlog as page ids, webhooks and delivery ids, read back as it runs
 * low, so a restart after a long outage does not load every owed body at once.
 */
import type { Knex } from 'knex';
import type { SecretBox } from '../../platform/config/secretBox.js';
import type { BackloggedPage } from './outboxBacklog.js';
import { decodePage, ID_CHUNK } from './outboxPage.js';
import type { WebhookRegistry } from './webhookRegistry.js';
import { deliveryFromRow, readWebhookRow, type Delivery } from './webhookTables.js';

export interface HydratedWebhooks {
  readonly webhooks: number;
  /** Deliveries to hold in memory: every one tried before, then page deliveries up to `maxHeld`. */
  readonly pending: Delivery[];
  /** Owed page deliveries beyond `maxHeld`: page ids, webhooks and delivery ids only (the dispatcher's backlog). */
  readonly backlog: BackloggedPage[];
  /** Outbox pages with nothing left to send. */
  readonly settledPages: string[];
  /** Pending rows (not on a page) of unknown webhooks, left alone. */
  readonly orphaned: number;
  /** Webhooks whose secret or header values were in clear (an older version's) or under the previous key, sealed under the current key at this start. */
  readonly sealedSecrets: number;
  /** Names of the webhooks whose secret or header values no key opens (they send nothing until they are set again). */
  readonly unreadableSecrets: string[];
}

/** Pages decoded at once: start-up never holds more than this many pages' bodies besides what it keeps. */
const PAGES_PER_READ = 200;

export interface HydrateOptions {
  /** Only the pages this instance claims (deliveryClaims.ts); every page without it. */
  readonly instanceId?: string;
  /** Also pending rows listed on no page (written before outbox pages existed): one process only. */
  readonly pageless?: boolean;
}

export async function hydrateWebhooks(
  knex: Knex,
  registry: WebhookRegistry,
  box: SecretBox,
  maxHeld: number,
  options: HydrateOptions = { pageless: true },
): Promise<HydratedWebhooks> {
  const rows: Record<string, unknown>[] = await knex('webhooks').select('*');
  let sealed = 0;
  const unreadable: string[] = [];
  for (const row of rows) {
    const { record, reseal } = readWebhookRow(row, box);
    registry.load(record);
    if (record.secretError !== undefined || record.headersError !== undefined) unreadable.push(record.name);
    // Secret or header values in clear (an older version) or under the previous key: sealed now under the current one (the first commit writes it).
    if (reseal) {
      registry.set(record);
      sealed += 1;
    }
  }

  const pending: Delivery[] = [];
  const backlog: BackloggedPage[] = [];
  const settledPages: string[] = [];
  let heldFromPages = 0;
  for (let offset = 0; ; offset += PAGES_PER_READ) {
    let query = knex('webhook_outbox')
      .orderBy([{ column: 'created_at' }, { column: 'id' }])
      .offset(offset)
      .limit(PAGES_PER_READ);
    if (options.instanceId !== undefined) query = query.where({ claimed_by: options.instanceId });
    const pages = (await query.select('id', 'deliveries')) as Array<{ id: string; deliveries: string }>;
    if (pages.length === 0) break;
    const decoded = pages.map((page) => ({ id: String(page.id), listed: decodePage(String(page.id), page.deliveries) }));
    const { ended, tried } = await statesOf(
      knex,
      decoded.flatMap((page) => page.listed.map((d) => d.id)),
    );
    for (const { id, listed } of decoded) {
      let owed = false;
      let rest: { id: string; webhookIds: string[]; ids: Set<string> } | undefined;
      for (const d of listed) {
        const previous = tried.get(d.id);
        const webhook = registry.get(d.webhookId);
        if (ended.has(d.id) || !webhook) continue;
        owed = true;
        if (previous) {
          pending.push({ ...previous, pageId: id, traceparent: d.traceparent });
        } else if (backlog.length === 0 && rest === undefined && heldFromPages < maxHeld) {
          pending.push(d);
          heldFromPages += 1;
        } else {
          // The registry's id string, not the page's copy: the backlog keeps one per delivery.
          rest ??= { id, webhookIds: [], ids: new Set() };
          rest.webhookIds.push(webhook.id);
          rest.ids.add(d.id);
        }
      }
      if (rest) backlog.push(rest);
      if (!owed) settledPages.push(id);
    }
  }
  let orphaned = 0;
  if (options.pageless) {
    // Pending rows listed on no page (written before outbox pages existed).
    const result = await knex.raw(
      `select * from webhook_deliveries d where d.state = 'pending' and not exists (
         select 1 from webhook_outbox o, jsonb_array_elements(o.deliveries::jsonb -> 'deliveries') listed where listed ->> 0 = d.id::text)`,
    );
    for (const row of result.rows as Record<string, unknown>[]) {
      const d = deliveryFromRow(row);
      if (registry.get(d.webhookId)) pending.push(d);
      else orphaned += 1;
    }
  }
  pending.sort((a, b) => a.dueAt - b.dueAt || a.createdAt - b.createdAt);
  return { webhooks: rows.length, sealedSecrets: sealed, unreadableSecrets: unreadable, pending, backlog, settledPages, orphaned };
}

/**
 * What is owed on pages this instance just took over (deliveryClaims.ts): every delivery listed and not ended,
 * with the attempts and due time of its `pending` row when it was tried before; pages with nothing owed.
 */
export async function owedOnPages(
  knex: Knex,
  registry: WebhookRegistry,
  pages: ReadonlyArray<{ id: string; deliveries: string }>,
): Promise<{ owed: Delivery[]; settledPages: string[] }> {
  const owed: Delivery[] = [];
  const settledPages: string[] = [];
  const decoded = pages.map((page) => ({ id: page.id, listed: decodePage(page.id, page.deliveries) }));
  const { ended, tried } = await statesOf(
    knex,
    decoded.flatMap((page) => page.listed.map((d) => d.id)),
  );
  for (const { id, listed } of decoded) {
    let any = false;
    for (const d of listed) {
      if (ended.has(d.id) || !registry.get(d.webhookId)) continue;
      any = true;
      const previous = tried.get(d.id);
      owed.push(previous ? { ...previous, pageId: id, traceparent: d.traceparent } : d);
    }
    if (!any) settledPages.push(id);
  }
  owed.sort((a, b) => a.dueAt - b.dueAt || a.createdAt - b.createdAt);
  return { owed, settledPages };
}

/** The rows of `ids` in webhook_deliveries: which have an end state, and the pending ones (tried before) as deliveries. */
async function statesOf(knex: Knex, ids: readonly string[]): Promise<{ ended: Set<string>; tried: Map<string, Delivery> }> {
  const ended = new Set<string>();
  const tried = new Map<string, Delivery>();
  for (let i = 0; i < ids.length; i += ID_CHUNK) {
    const rows = (await knex('webhook_deliveries')
      .whereIn('id', ids.slice(i, i + ID_CHUNK))
      .select('*')) as Record<string, unknown>[];
    for (const row of rows) {
      if (row['state'] === 'pending') {
        const delivery = deliveryFromRow(row);
        tried.set(delivery.id, delivery);
      } else ended.add(String(row['id']));
    }
  }
  return { ended, tried };
}
