/**
 * What the dispatcher owes: deliveries accepted and not yet settled (an end state committed), per
 * webhook and per outbox page, and the pages whose deliveries are all settled, to be deleted.
 * Counts only, no I/O: the dispatcher decides when to delete.
 */
import type { Delivery } from './webhookTables.js';

export class DeliveryLedger {
  private readonly unsettled = new Map<string, number>();
  /** Outbox pages with unsettled deliveries: how many each. */
  private readonly openPages = new Map<string, number>();
  private settledPages: string[] = [];

  /** Deliveries listed in page order: a page is looked up once per run of its deliveries, not once per delivery. */
  trackAll(deliveries: readonly Pick<Delivery, 'webhookId' | 'pageId'>[]): void {
    let i = 0;
    while (i < deliveries.length) {
      const pageId = deliveries[i]!.pageId;
      let run = 0;
      for (; i < deliveries.length && deliveries[i]!.pageId === pageId; i += 1, run += 1) {
        const { webhookId } = deliveries[i]!;
        this.unsettled.set(webhookId, (this.unsettled.get(webhookId) ?? 0) + 1);
      }
      if (pageId !== null) this.openPages.set(pageId, (this.openPages.get(pageId) ?? 0) + run);
    }
  }

  /** The delivery's end state is committed: a page whose last delivery this was becomes deletable. */
  settle(d: Delivery): void {
    const left = (this.unsettled.get(d.webhookId) ?? 0) - 1;
    if (left > 0) this.unsettled.set(d.webhookId, left);
    else this.unsettled.delete(d.webhookId);
    if (d.pageId === null) return;
    const onPage = (this.openPages.get(d.pageId) ?? 0) - 1;
    if (onPage > 0) {
      this.openPages.set(d.pageId, onPage);
    } else {
      this.openPages.delete(d.pageId);
      this.settledPages.push(d.pageId);
    }
  }

  /** The delivery is another instance's now (its page was taken over): it leaves the counts, its page is not deleted here. */
  forget(d: Delivery): void {
    const left = (this.unsettled.get(d.webhookId) ?? 0) - 1;
    if (left > 0) this.unsettled.set(d.webhookId, left);
    else this.unsettled.delete(d.webhookId);
    if (d.pageId === null) return;
    const onPage = (this.openPages.get(d.pageId) ?? 0) - 1;
    if (onPage > 0) this.openPages.set(d.pageId, onPage);
    else this.openPages.delete(d.pageId);
  }

  /** Unsettled deliveries of a webhook; of all webhooks with null. */
  unsettledOf(webhookId: string | null): number {
    if (webhookId !== null) return this.unsettled.get(webhookId) ?? 0;
    let total = 0;
    for (const n of this.unsettled.values()) total += n;
    return total;
  }

  get hasSettledPages(): boolean {
    return this.settledPages.length > 0;
  }

  /** Pages to delete (read at start, or whose delete did not commit). */
  addSettledPages(ids: readonly string[]): void {
    this.settledPages.push(...ids);
  }

  /** The pages to delete now; they are no longer listed here. */
  takeSettledPages(): string[] {
    const pages = this.settledPages;
    this.settledPages = [];
    return pages;
  }
}
