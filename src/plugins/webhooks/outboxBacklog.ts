/**
 * The outbox backlog: deliveries that are committed and owed but not held in memory. When more
 * deliveries wait than the dispatcher holds (`maxHeld`), the ones that commit next stay only on
 * their outbox page in the database; the backlog keeps, per page and in commit order, how many of
 * the page's deliveries it holds and for which webhooks, and the dispatcher reads the pages back
 * (`ReadPages`) as its queue runs low.
 *
 * Why: at saturation the pacer holds deliveries back, and every push that owed one left a delivery
 * object and its body in memory until the load passed: tens of thousands of objects that every
 * garbage collection walked and copied, which cost push throughput by itself (the A/B run is in
 * bench/README.md, webhooks).
 *
 * Which deliveries of a page: the dispatcher hears of all of a page's deliveries in one turn of
 * the event loop (the after-commit effects of its batch), in the order they were listed on it; once
 * one of them goes to the backlog, every later one does too, and the backlog is read only in a
 * later turn. So the backlog's part of a page is one entry, the page's last `count` deliveries.
 * The webhook ids are kept to count what waits per webhook, and to check that rule.
 */
import type { Delivery } from './webhookTables.js';

/** The deliveries listed on each page found (as owed, not yet attempted); a page not found is missing from the map. */
export type ReadPages = (ids: readonly string[]) => Promise<ReadonlyMap<string, readonly Delivery[]>>;

export interface BackloggedPage {
  readonly id: string;
  /** Webhook of each delivery the backlog holds from this page, in page order (the page's last ones, unless `ids`). */
  readonly webhookIds: string[];
  /** Read at start: which of the page's deliveries, since after a restart they need not be its last ones. */
  readonly ids?: ReadonlySet<string>;
}

export class OutboxBacklog {
  private pages: BackloggedPage[] = [];
  private head = 0;
  private total = 0;
  private readonly perWebhook = new Map<string, number>();

  /** Deliveries in the backlog, pages being read back included. */
  get size(): number {
    return this.total;
  }

  /** No page waits to be read back (pages being read may still count in `size`). */
  get drained(): boolean {
    return this.head === this.pages.length;
  }

  countOf(webhookId: string): number {
    return this.perWebhook.get(webhookId) ?? 0;
  }

  /** Takes the deliveries into the backlog (their ids and webhooks only): they are the next on their page. */
  add(deliveries: readonly Delivery[]): void {
    for (const d of deliveries) {
      const last = this.head < this.pages.length ? this.pages[this.pages.length - 1] : undefined;
      if (last?.id === d.pageId) last.webhookIds.push(d.webhookId);
      else this.pages.push({ id: d.pageId!, webhookIds: [d.webhookId] });
      this.perWebhook.set(d.webhookId, (this.perWebhook.get(d.webhookId) ?? 0) + 1);
    }
    this.total += deliveries.length;
  }

  /** A page read at start, after every page already in the backlog. */
  addPage(page: BackloggedPage): void {
    if (this.head === this.pages.length) {
      this.pages = [];
      this.head = 0;
    }
    this.pages.push(page);
    for (const webhookId of page.webhookIds) this.perWebhook.set(webhookId, (this.perWebhook.get(webhookId) ?? 0) + 1);
    this.total += page.webhookIds.length;
  }

  /**
   * The next pages to read back, in commit order, until they hold at least `atLeast` deliveries
   * (one page at least). They still count until `release`d, or go back to the front with `putBack`.
   */
  take(atLeast: number): BackloggedPage[] {
    const taken: BackloggedPage[] = [];
    let count = 0;
    while (this.head < this.pages.length && (taken.length === 0 || count < atLeast)) {
      const page = this.pages[this.head++]!;
      taken.push(page);
      count += page.webhookIds.length;
    }
    if (this.head === this.pages.length) {
      this.pages = [];
      this.head = 0;
    }
    return taken;
  }

  /** Pages whose read failed: first in line again. */
  putBack(taken: readonly BackloggedPage[]): void {
    this.pages = [...taken, ...this.pages.slice(this.head)];
    this.head = 0;
  }

  /** Pages read back (their deliveries are in the queue now, or settled): they stop counting. */
  release(taken: readonly BackloggedPage[]): void {
    for (const page of taken) {
      for (const webhookId of page.webhookIds) {
        const left = (this.perWebhook.get(webhookId) ?? 0) - 1;
        if (left > 0) this.perWebhook.set(webhookId, left);
        else this.perWebhook.delete(webhookId);
      }
      this.total -= page.webhookIds.length;
    }
  }
}

/**
 * The backlog's deliveries of a page read back: its last `page.webhookIds.length` (or those in
 * `page.ids`), or null when they are not what the backlog counted (the page changed under it, or
 * the rule above broke).
 */
export function backloggedPart(page: BackloggedPage, listed: readonly Delivery[]): Delivery[] | null {
  const { ids } = page;
  const part = ids ? listed.filter((d) => ids.has(d.id)) : listed.slice(listed.length - page.webhookIds.length);
  if (part.length !== page.webhookIds.length) return null;
  for (let i = 0; i < part.length; i += 1) if (part[i]!.webhookId !== page.webhookIds[i]) return null;
  return part;
}
