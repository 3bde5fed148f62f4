/**
 * Outbox pages: the deliveries one commit owes, written as ONE row of `webhook_outbox` in that
 * commit (DESIGN.md durability rule), not as a row per delivery.
 *
 * Why: at saturation every push that owes a delivery paid PostgreSQL a heap row and two index
 * entries of its own, on a commit path that runs one commit at a time (bench/README.md, webhooks,
 * has the cost); one row per commit costs a fraction of that per delivery, and an event sent
 * to a thousand webhooks stores its body once instead of a thousand times.
 *
 * A page belongs to one batch of the writer (`writer.openBatch`): deliveries staged while that
 * batch is open are added to its page, the page's text is produced when the batch is serialized
 * (after it stopped taking stages), and a batch that fails takes its page with it. A delivery's
 * later state (attempted, retry due, delivered, failed, cancelled) is a `webhook_deliveries` row;
 * the dispatcher deletes a page once every delivery on it is settled.
 *
 * Page text, version 1: `{"v":1,"bodies":[...],"traces":[...],"deliveries":[[id, webhookId, eventId, event, bodyIndex, createdAtMs], ...]}`.
 * `traces[i]` is the `traceparent` of the deliveries of `bodies[i]` (one event's deliveries share both);
 * pages written before traces were kept have no `traces`, and their deliveries none.
 */
import type { Knex } from 'knex';
import type { BatchWriter, TableSpec } from '../../platform/persistence/batchWriter.js';
import { cols, iso } from '../../core/storage/tables.js';
import type { Delivery } from './webhookTables.js';

export const webhookOutboxTable: TableSpec = {
  name: 'webhook_outbox',
  key: ['id'],
  order: 405,
  mode: 'insert',
  // Its own parameters, not a row of the batch's JSON: the page text (most of a batch's bytes when
  // pushes owe deliveries) reaches the column as it is, not parsed as JSON by the cast and again by
  // json_to_recordset, which PostgreSQL would pay on every push that owes a delivery.
  bind: 'values',
  columns: cols({ id: 'uuid', deliveries: 'text', created_at: 'timestamptz', claimed_by: 'text' }),
};

type PageEntry = [id: string, webhookId: string, eventId: string, event: string, body: number, createdAt: number];

interface PageText {
  readonly v: 1;
  readonly bodies: string[];
  /** Absent on pages written before traces were kept. */
  readonly traces?: (string | null)[];
  readonly deliveries: PageEntry[];
}

/** The page text of `deliveries`; consecutive deliveries with the same body share it. */
export function encodePage(deliveries: readonly Delivery[]): string {
  return JSON.stringify(pageOf(deliveries));
}

function pageOf(deliveries: readonly Delivery[]): PageText {
  const bodies: string[] = [];
  const traces: (string | null)[] = [];
  const entries: PageEntry[] = [];
  let last: string | undefined;
  let lastTrace: string | null | undefined;
  for (const d of deliveries) {
    if (d.body !== last || d.traceparent !== lastTrace) {
      bodies.push(d.body);
      traces.push(d.traceparent);
      last = d.body;
      lastTrace = d.traceparent;
    }
    entries.push([d.id, d.webhookId, d.eventId, d.event, bodies.length - 1, d.createdAt]);
  }
  return { v: 1, bodies, traces, deliveries: entries };
}

/** The deliveries listed on a stored page, as owed and not yet attempted. Throws on a page it cannot read. */
export function decodePage(pageId: string, text: string): Delivery[] {
  const page = JSON.parse(text) as PageText;
  if (page.v !== 1 || !Array.isArray(page.bodies) || !Array.isArray(page.deliveries))
    throw new Error(`webhook outbox page ${pageId} has an unknown format`);
  return page.deliveries.map(([id, webhookId, eventId, event, body, createdAt]) => {
    const text = page.bodies[body];
    if (typeof text !== 'string') throw new Error(`webhook outbox page ${pageId}: delivery ${id} points at a missing body`);
    const trace = page.traces?.[body];
    const traceparent = typeof trace === 'string' ? trace : null;
    return { id, webhookId, eventId, event, body: text, attempts: 0, dueAt: createdAt, createdAt, pageId, traceparent };
  });
}

/** Ids per `where id in (...)`: well under the drivers' limit on bound parameters. */
export const ID_CHUNK = 1000;

/** Reads pages back by id (the dispatcher's backlog): each page found, decoded. */
export async function readOutboxPages(knex: Knex, ids: readonly string[]): Promise<Map<string, Delivery[]>> {
  const pages = new Map<string, Delivery[]>();
  for (let i = 0; i < ids.length; i += ID_CHUNK) {
    const rows = (await knex('webhook_outbox')
      .whereIn('id', ids.slice(i, i + ID_CHUNK))
      .select('id', 'deliveries')) as Array<{ id: string; deliveries: string }>;
    for (const row of rows) pages.set(String(row.id), decodePage(String(row.id), row.deliveries));
  }
  return pages;
}

/** The page of the writer's open batch, rendered when the batch is written. */
class OpenPage {
  readonly deliveries: Delivery[] = [];

  constructor(
    readonly id: string,
    readonly batch: object,
  ) {}

  /** Called by JSON.stringify when the batch is serialized, after the batch took its last stage. */
  toJSON(): PageText {
    return pageOf(this.deliveries);
  }
}

/**
 * Stages owed deliveries onto the page of the writer's open batch, opening one when needed. Once
 * the batch commits, `committed` gets the page's deliveries, all at once and in page order (one
 * after-commit effect per page, not one per push: at saturation that was measurable per push).
 */
export class OutboxPager {
  private page: OpenPage | undefined;

  constructor(
    private readonly writer: BatchWriter,
    private readonly newId: () => string,
    private readonly committed: (deliveries: readonly Delivery[]) => void,
    /** The instance whose commit writes the page: it claims it (deliveryClaims.ts). */
    private readonly instanceId: string | null = null,
  ) {}

  /** Lists the delivery on the open batch's page; the delivery commits with that batch or not at all. */
  stage(delivery: Omit<Delivery, 'pageId'>): Delivery {
    const batch = this.writer.openBatch;
    let page = this.page;
    if (page === undefined || page.batch !== batch) {
      const opened = (page = this.page = new OpenPage(this.newId(), batch));
      this.writer.insert(webhookOutboxTable, {
        id: opened.id,
        deliveries: opened,
        created_at: iso(delivery.createdAt),
        claimed_by: this.instanceId,
      });
      this.writer.afterCommit(() => this.committed(opened.deliveries));
    }
    // Field by field: a spread that adds a field is many times slower per delivery on V8, on the commit path.
    const staged: Delivery = {
      id: delivery.id,
      webhookId: delivery.webhookId,
      eventId: delivery.eventId,
      event: delivery.event,
      body: delivery.body,
      attempts: delivery.attempts,
      dueAt: delivery.dueAt,
      createdAt: delivery.createdAt,
      pageId: page.id,
      traceparent: delivery.traceparent,
    };
    page.deliveries.push(staged);
    return staged;
  }
}
