/**
 * The delivery dispatcher: sends committed outbox deliveries, never on a request's path.
 *
 * Concurrency model: one event loop, no locks. Deliveries enter only after the commit that made
 * them (`accept`, from an after-commit effect) or from the database at start (`load`). The
 * DeliveryQueue caps attempts in flight, in total and per webhook; the pacer caps how fast attempts
 * start while requests keep the event loop busy (deliveries are background work). At most
 * `maxHeld` waiting deliveries are held in memory with their bodies; beyond that they wait on their
 * outbox pages (the backlog, outboxBacklog.ts) and are read back as the queue runs low.
 *
 * Timers (src/platform/scheduler/clock.ts): the earliest due delivery arms one timer on the injected clock,
 * product time, so a retry goes out when that clock reaches its due time (a manual clock fires it
 * as a test moves it). Pacing waits, the page sweep and the backlog read retry are real time
 * (`realTime`): they pace and batch database and network work, and a frozen manual clock must not
 * stop deliveries that are due.
 *
 * Invariants:
 * - every attempt writes an execution record and the delivery's new state in one commit; a
 *   delivery leaves memory (is `settle`d) only after the commit that marks it delivered, failed or
 *   cancelled, and its outbox page is deleted only after every delivery on it is settled, so a
 *   crash at any point leaves it owed in the database and it is sent again after a restart, with
 *   the same event id (`webhook-id`) and the same body bytes: receivers deduplicate on it;
 * - an attempt whose outcome could not be committed is tried again (same event id), not lost;
 * - an INACTIVE or deleted webhook gets nothing; in-flight attempts finish and are recorded.
 *
 * One attempt, from its checks to its committed record, is queuedAttempt.ts; the options the
 * composition gives, dispatcherOptions.ts.
 */
import { setMaxListeners } from 'node:events';
import { systemClock, type Clock, type TimerHandle } from '../../platform/scheduler/index.js';
import { startPacer, type Pacer } from './deliveryPacer.js';
import { DeliveryLedger } from './deliveryLedger.js';
import { DeliveryQueue } from './deliveryQueue.js';
import { DEFAULT_MAX_HELD, type DispatcherOptions } from './dispatcherOptions.js';
import { backloggedPart, OutboxBacklog, type BackloggedPage } from './outboxBacklog.js';
import { webhookOutboxTable } from './outboxPage.js';
import { attemptQueuedDelivery, type AttemptHost } from './queuedAttempt.js';
import type { Delivery } from './webhookTables.js';

/**
 * Settled outbox pages are deleted together at most this often: a batch with deletes runs as a
 * transaction (three round trips instead of one), so not one per commit that settles a delivery.
 */
const PAGE_SWEEP_MS = 1000;

/** A backlog read that failed is tried again after this long. */
const BACKLOG_RETRY_MS = 1000;

export class Dispatcher {
  private readonly queue: DeliveryQueue;
  private readonly realTime: Clock;
  /** On the injected clock: the earliest due delivery. */
  private dueTimer: TimerHandle | undefined;
  /** On real time: the pacer's next start while due deliveries wait for it. */
  private paceTimer: TimerHandle | undefined;
  private readonly pacer: Pacer | null;
  private stopped = false;
  private loaded = false;
  private pumpQueued = false;
  private readonly abort = new AbortController();
  private readonly running = new Set<Promise<void>>();
  private readonly ledger = new DeliveryLedger();
  private readonly backlog = new OutboxBacklog();
  private readonly maxHeld: number;
  private readingBacklog = false;
  private backlogRetry: TimerHandle | undefined;
  private pageSweep: TimerHandle | undefined;
  /** Since start (metrics, bench): attempts made, their outcomes (retried: failed, tried again later), and deliveries that waited in the backlog. */
  readonly stats = { attempts: 0, delivered: 0, retried: 0, failed: 0, backlogged: 0 };
  /** What each attempt (queuedAttempt.ts) may do to this dispatcher; its private steps stay out of the public surface. */
  private readonly attemptHost: AttemptHost;

  constructor(private readonly options: DispatcherOptions) {
    this.queue = new DeliveryQueue(options.queue);
    this.maxHeld = options.maxHeld ?? DEFAULT_MAX_HELD;
    this.realTime = options.realTime ?? systemClock;
    // Every attempt in flight listens on the one shutdown signal (and lets go when it ends).
    setMaxListeners(0, this.abort.signal);
    const { writer } = options;
    this.pacer = options.requests
      ? startPacer(
          options.pacer ?? {},
          {
            requests: options.requests,
            commitBusyMs: () => writer.stats.busyMs,
            ...(options.requestsInFlight ? { requestsInFlight: options.requestsInFlight, writerBusy: () => writer.busy } : {}),
          },
          () => this.pump(),
          { timers: this.realTime },
        )
      : null;
    this.attemptHost = {
      options,
      signal: this.abort.signal,
      stats: this.stats,
      stopped: () => this.stopped,
      finished: (webhookId) => this.queue.finished(webhookId),
      settle: (deliveries) => this.settle(deliveries),
      enqueue: (deliveries) => this.enqueue(deliveries),
      forget: (delivery) => this.ledger.forget(delivery),
      pump: () => this.pump(),
    };
  }

  /** Deliveries waiting: held in the queue, or in the backlog. */
  get pending(): number {
    return this.queue.pending + this.backlog.size;
  }

  /** Waiting deliveries held in memory. */
  get held(): number {
    return this.queue.pending;
  }

  get inFlight(): number {
    return this.queue.inFlight;
  }

  /**
   * Creation time of the oldest delivery waiting in memory, or null. The backlog holds only deliveries
   * that came after the held ones (it is read back in order), so the oldest waiting one is held.
   */
  oldestPendingAt(): number | null {
    return this.queue.oldestCreatedAt();
  }

  pendingOf(webhookId: string): number {
    return this.queue.pendingOf(webhookId) + this.backlog.countOf(webhookId);
  }

  /** Deliveries owed and not yet settled (waiting, in flight, or waiting for their outcome's commit); all webhooks with null. */
  unsettledOf(webhookId: string | null): number {
    return this.ledger.unsettledOf(webhookId);
  }

  /**
   * What start read: the deliveries to hold, the pages whose owed deliveries wait in the backlog
   * (beyond `maxHeld`), and the pages whose deliveries are all settled.
   */
  load(deliveries: readonly Delivery[], settledPages: readonly string[] = [], backlogged: readonly BackloggedPage[] = []): void {
    this.loaded = true;
    this.ledger.trackAll(deliveries);
    for (const d of deliveries) this.queue.add(d);
    for (const page of backlogged) {
      this.ledger.trackAll(page.webhookIds.map((webhookId) => ({ webhookId, pageId: page.id })));
      this.backlog.addPage(page);
      this.stats.backlogged += page.webhookIds.length;
    }
    this.ledger.addSettledPages(settledPages);
    this.sweepSoon();
    this.pump();
  }

  /**
   * Deliveries whose outbox page just committed, in page order. Held in memory while fewer than
   * `maxHeld` wait; otherwise, and while anything waits in the backlog (order), they join it.
   */
  accept(deliveries: readonly Delivery[]): void {
    if (this.stopped) return; // still owed in the database: the next start sends them
    this.ledger.trackAll(deliveries);
    // The first ones while there is room (none while the backlog is not empty: order), the rest,
    // the page's last ones, in the backlog.
    const room = this.backlog.size === 0 ? Math.max(0, this.maxHeld - this.queue.pending) : 0;
    if (room >= deliveries.length) {
      this.enqueue(deliveries);
      return;
    }
    if (room > 0) this.enqueue(deliveries.slice(0, room));
    const rest = room > 0 ? deliveries.slice(room) : deliveries;
    this.backlog.add(rest);
    this.stats.backlogged += rest.length;
    // Not read at once: a page is read back only once the backlog lists all it will of it.
    this.pumpSoon();
  }

  /**
   * Deliveries of pages this instance just took over from one that died or stopped (deliveryClaims.ts), with their
   * attempts and due times, and those pages with nothing owed (to delete).
   */
  adopt(deliveries: readonly Delivery[], settledPages: readonly string[]): void {
    if (this.stopped) return; // the pages stay claimed by this instance's lease, which ends with it
    this.ledger.trackAll(deliveries);
    this.ledger.addSettledPages(settledPages);
    this.sweepSoon();
    this.enqueue(deliveries);
  }

  /** The lease holds again (it was renewed): start what is due. */
  resume(): void {
    this.pumpSoon();
  }

  /**
   * Deliveries whose end state (delivered, failed, cancelled, or their webhook deleted) is
   * committed: they leave the counts, and a page whose last delivery this was is deleted soon.
   */
  settle(deliveries: readonly Delivery[]): void {
    for (const d of deliveries) this.ledger.settle(d);
    this.sweepSoon();
  }

  /**
   * Reads the next backlog pages back once the queue is down to half of `maxHeld` (one read at a
   * time), so the queue refills before it runs dry. Deliveries of a webhook deleted meanwhile are
   * settled; the others join the queue (an INACTIVE webhook's are cancelled by their attempt).
   */
  private readBacklog(): void {
    if (this.readingBacklog || this.stopped || this.backlog.drained || this.backlogRetry !== undefined) return;
    if (this.queue.pending > this.maxHeld / 2) return;
    this.readingBacklog = true;
    const pages = this.backlog.take(this.maxHeld - this.queue.pending);
    const read = this.options.readPages(pages.map((p) => p.id)).then(
      (found) => {
        this.readingBacklog = false;
        if (this.stopped) return; // still owed in the database
        this.backlog.release(pages);
        this.fromBacklog(pages, found);
        this.readBacklog();
      },
      (error: unknown) => {
        this.readingBacklog = false;
        this.backlog.putBack(pages);
        if (this.stopped) return;
        this.options.logger.warn('webhook outbox pages could not be read back; trying again', { error, pages: pages.length });
        this.backlogRetry = this.realTime.setTimer(BACKLOG_RETRY_MS, () => {
          this.backlogRetry = undefined;
          this.readBacklog();
        });
      },
    );
    this.running.add(read);
    void read.finally(() => this.running.delete(read));
  }

  private fromBacklog(pages: readonly BackloggedPage[], found: ReadonlyMap<string, readonly Delivery[]>): void {
    const waiting: Delivery[] = [];
    const gone: Delivery[] = [];
    for (const page of pages) {
      const part = backloggedPart(page, found.get(page.id) ?? []);
      if (part === null) {
        // Cannot happen while only this server writes the outbox; the deliveries are still owed
        // in the database (a page is deleted only once all of it is settled), and a restart reads them.
        this.options.logger.error(
          'a webhook outbox page read back does not list what the backlog expected; its deliveries wait for the next start',
          { page: page.id, found: found.has(page.id) },
        );
        continue;
      }
      for (const d of part) (this.options.registry.get(d.webhookId) ? waiting : gone).push(d);
    }
    if (gone.length > 0) this.settle(gone);
    if (waiting.length > 0) this.enqueue(waiting);
  }

  private sweepSoon(): void {
    if (this.pageSweep !== undefined || this.stopped || !this.ledger.hasSettledPages) return;
    this.pageSweep = this.realTime.setTimer(PAGE_SWEEP_MS, () => {
      this.pageSweep = undefined;
      this.sweepPages();
    });
  }

  /** Deletes the settled pages in one commit; if it fails they are tried again. Also for tests. */
  sweepPages(): void {
    const pages = this.ledger.takeSettledPages();
    if (pages.length === 0) return;
    const retry = () => {
      this.ledger.addSettledPages(pages);
      this.sweepSoon();
    };
    for (const id of pages) this.options.writer.delete(webhookOutboxTable, { id }, { onRollback: retry });
  }

  /** Deliveries to send (again): retries, a failed outcome commit, withdrawn ones put back. */
  private enqueue(deliveries: readonly Delivery[]): void {
    if (this.stopped) return; // still pending in the database: the next start sends them
    for (const d of deliveries) this.queue.add(d);
    this.pumpSoon();
  }

  /**
   * One pump for everything enqueued in this turn of the loop: a commit of a busy batch runs one
   * after-commit effect per push that owed deliveries, and a pump per effect (take, clear and
   * re-arm the timer) was measurable per push at saturation.
   */
  private pumpSoon(): void {
    if (this.pumpQueued) return;
    this.pumpQueued = true;
    queueMicrotask(() => {
      this.pumpQueued = false;
      this.pump();
    });
  }

  /** Takes a webhook's pending deliveries out of the queue (deactivation, delete); `restore` puts them back. */
  withdraw(webhookId: string): Delivery[] {
    const withdrawn = this.queue.removeWebhook(webhookId);
    // The queue shrank: the backlog may be read now (its deliveries of this webhook end when read back).
    if (withdrawn.length > 0) this.pumpSoon();
    return withdrawn;
  }

  /** Puts withdrawn deliveries back (their withdrawal did not commit). */
  restore(deliveries: readonly Delivery[]): void {
    this.enqueue(deliveries);
  }

  /** The earliest due time came: look at due times again and start what is due. */
  private wake(): void {
    this.dueTimer = undefined;
    this.queue.rescan();
    this.pump();
  }

  /** Between `load` (the module's start) and `stop`: deliveries are being sent (readiness shows it). */
  get working(): boolean {
    return this.loaded && !this.stopped;
  }

  /** Aborted by `stop()`: attempts outside the queue (testWebhook) listen on it too. */
  get shutdownSignal(): AbortSignal {
    return this.abort.signal;
  }

  /** Stop starting attempts, abort those in flight (they stay pending in the database), wait for them. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.options.clock.clearTimer(this.dueTimer);
    this.realTime.clearTimer(this.paceTimer);
    this.realTime.clearTimer(this.pageSweep);
    this.realTime.clearTimer(this.backlogRetry);
    this.pacer?.stop();
    this.abort.abort();
    await Promise.allSettled([...this.running]);
  }

  private pump(): void {
    if (this.stopped) return;
    // Not while the lease is not known to hold: another instance may be taking these pages over. `resume` pumps again.
    if (this.options.claims && !this.options.claims.valid) return;
    const started = this.queue.take(this.options.clock.now(), this.pacer?.available() ?? Infinity);
    this.pacer?.spend(started.length);
    this.readBacklog();
    for (const delivery of started) {
      const run = attemptQueuedDelivery(this.attemptHost, delivery).catch((error: unknown) =>
        this.options.logger.error('webhook delivery attempt failed unexpectedly', { error, delivery: delivery.id }),
      );
      this.running.add(run);
      void run.finally(() => this.running.delete(run));
    }
    this.arm();
  }

  private arm(): void {
    const { clock } = this.options;
    clock.clearTimer(this.dueTimer);
    this.realTime.clearTimer(this.paceTimer);
    this.dueTimer = undefined;
    this.paceTimer = undefined;
    if (this.stopped) return;
    if (this.queue.hasReady()) {
      // Due work held back: by the global cap (the next attempt to finish pumps again) or by the
      // pacer. Only the pacer's wait needs a timer, and the lanes in the ring are still due then:
      // no rescan of every lane per paced attempt.
      if (this.queue.inFlight >= this.queue.maxInFlight) return;
      this.paceTimer = this.realTime.setTimer(this.pacer?.waitMs() ?? 0, () => {
        this.paceTimer = undefined;
        this.pump();
      });
    } else {
      const due = this.queue.nextDueAt();
      if (due === null) return;
      this.dueTimer = clock.setTimer(due - clock.now(), () => this.wake());
    }
  }
}
