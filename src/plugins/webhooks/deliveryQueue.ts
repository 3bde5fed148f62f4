/**
 * Which delivery goes out next: the dispatcher's scheduling, without I/O or timers, so it is
 * tested by itself.
 *
 * Every webhook has a lane: its pending deliveries ordered by due time (then arrival), and the
 * number of its attempts in flight. `take(now)` hands out due deliveries round-robin over the lanes
 * while fewer than `maxInFlight` attempts run in total and fewer than `maxInFlightPerWebhook` in the
 * lane, so one slow or dead receiver holds at most its own slots and never starves the others.
 * `nextDueAt()` tells the dispatcher when to look again.
 */
import type { Delivery } from './webhookTables.js';

export interface DeliveryQueueOptions {
  /** Attempts in flight at once, all webhooks together. @default 64 */
  readonly maxInFlight?: number;
  /** Attempts in flight at once for one webhook. @default 4 */
  readonly maxInFlightPerWebhook?: number;
}

/** A pending delivery and its arrival number (ties on due time go in arrival order). */
interface Entry {
  readonly delivery: Delivery;
  readonly seq: number;
}

interface Lane {
  readonly webhookId: string;
  readonly heap: Entry[];
  inFlight: number;
  /** In the ready ring now. */
  queued: boolean;
}

/** Min-heap order: due time, then arrival. */
const before = (a: Entry, b: Entry) => a.delivery.dueAt - b.delivery.dueAt || a.seq - b.seq;

/** Passed-over lanes at the front of the ring are dropped once they are this many and half of it (amortised O(1) per take). */
const COMPACT_AT = 64;

export class DeliveryQueue {
  private readonly lanes = new Map<string, Lane>();
  /** Lanes whose head may be due, in round-robin order. */
  private ready: Lane[] = [];
  private readyHead = 0;
  private nextSeq = 0;
  private inFlightTotal = 0;
  private pendingTotal = 0;
  readonly maxInFlight: number;
  readonly maxInFlightPerWebhook: number;

  constructor(options: DeliveryQueueOptions = {}) {
    this.maxInFlight = options.maxInFlight ?? 64;
    this.maxInFlightPerWebhook = options.maxInFlightPerWebhook ?? 4;
  }

  get pending(): number {
    return this.pendingTotal;
  }

  get inFlight(): number {
    return this.inFlightTotal;
  }

  pendingOf(webhookId: string): number {
    return this.lanes.get(webhookId)?.heap.length ?? 0;
  }

  add(delivery: Delivery): void {
    const lane = this.lane(delivery.webhookId);
    push(lane.heap, { delivery, seq: this.nextSeq++ }, before);
    this.pendingTotal += 1;
    this.enqueue(lane);
  }

  /** Removes and returns every pending delivery of a webhook (in-flight ones are not affected). */
  removeWebhook(webhookId: string): Delivery[] {
    const lane = this.lanes.get(webhookId);
    if (!lane) return [];
    const removed = lane.heap
      .splice(0)
      .sort(before)
      .map((entry) => entry.delivery);
    this.pendingTotal -= removed.length;
    this.forget(lane);
    return removed;
  }

  /**
   * Due deliveries that may start now (at most `budget`), each counted in flight until `finished`.
   * Round-robin over the lanes: each pass gives every lane with a due head one delivery.
   */
  take(now: number, budget = Infinity): Delivery[] {
    const out: Delivery[] = [];
    while (this.inFlightTotal < this.maxInFlight && out.length < budget && this.readyHead < this.ready.length) {
      const lane = this.ready[this.readyHead++]!;
      lane.queued = false;
      const head = lane.heap[0];
      if (head === undefined || lane.inFlight >= this.maxInFlightPerWebhook) {
        this.forget(lane);
        continue;
      }
      if (head.delivery.dueAt > now) continue; // looked at again through nextDueAt / wake
      pop(lane.heap, before);
      this.pendingTotal -= 1;
      lane.inFlight += 1;
      this.inFlightTotal += 1;
      out.push(head.delivery);
      this.enqueue(lane);
    }
    this.compact();
    return out;
  }

  /** An attempt of `webhookId` ended (whatever its outcome); its lane may go again. */
  finished(webhookId: string): void {
    const lane = this.lanes.get(webhookId);
    if (!lane) return;
    lane.inFlight -= 1;
    this.inFlightTotal -= 1;
    this.enqueue(lane);
    this.forget(lane);
  }

  /** Lanes wait in the ring: due work held back by the global cap or the caller's budget. */
  hasReady(): boolean {
    return this.readyHead < this.ready.length;
  }

  /** Creation time of the oldest waiting delivery (metrics: a walk of what is held, at most `maxHeld`), or null. */
  oldestCreatedAt(): number | null {
    let oldest: number | null = null;
    for (const lane of this.lanes.values())
      for (const { delivery } of lane.heap) if (oldest === null || delivery.createdAt < oldest) oldest = delivery.createdAt;
    return oldest;
  }

  /** Earliest due time of a lane that has a free slot, or null. */
  nextDueAt(): number | null {
    let earliest: number | null = null;
    for (const lane of this.lanes.values()) {
      const head = lane.heap[0];
      if (head === undefined || lane.inFlight >= this.maxInFlightPerWebhook) continue;
      if (earliest === null || head.delivery.dueAt < earliest) earliest = head.delivery.dueAt;
    }
    return earliest;
  }

  /** Put every lane with a head back in the ring (after time moved, the heads may be due). */
  rescan(): void {
    for (const lane of this.lanes.values()) this.enqueue(lane);
  }

  private lane(webhookId: string): Lane {
    let lane = this.lanes.get(webhookId);
    if (!lane) this.lanes.set(webhookId, (lane = { webhookId, heap: [], inFlight: 0, queued: false }));
    return lane;
  }

  private enqueue(lane: Lane): void {
    if (lane.queued || lane.heap.length === 0 || lane.inFlight >= this.maxInFlightPerWebhook) return;
    lane.queued = true;
    this.ready.push(lane);
  }

  private forget(lane: Lane): void {
    if (lane.heap.length === 0 && lane.inFlight === 0 && !lane.queued) this.lanes.delete(lane.webhookId);
  }

  /**
   * Drops the lanes already passed from the front of the ring. Lanes passed over because their head
   * was not due stay out of the ring until rescan. Copying the rest on every take cost O(lanes) per
   * attempt when the pacer lets one attempt out at a time, so the copy waits until the passed part
   * is at least half the ring.
   */
  private compact(): void {
    if (this.readyHead === 0) return;
    if (this.readyHead >= this.ready.length) {
      this.ready = [];
      this.readyHead = 0;
    } else if (this.readyHead >= COMPACT_AT && this.readyHead * 2 >= this.ready.length) {
      this.ready = this.ready.slice(this.readyHead);
      this.readyHead = 0;
    }
  }
}

function push<T>(heap: T[], item: T, less: (a: T, b: T) => number): void {
  heap.push(item);
  let i = heap.length - 1;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (less(heap[i]!, heap[parent]!) >= 0) break;
    [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
    i = parent;
  }
}

function pop<T>(heap: T[], less: (a: T, b: T) => number): T | undefined {
  const top = heap[0];
  const last = heap.pop();
  if (heap.length === 0 || last === undefined) return top;
  heap[0] = last;
  let i = 0;
  for (;;) {
    const l = 2 * i + 1;
    const r = l + 1;
    let smallest = i;
    if (l < heap.length && less(heap[l]!, heap[smallest]!) < 0) smallest = l;
    if (r < heap.length && less(heap[r]!, heap[smallest]!) < 0) smallest = r;
    if (smallest === i) break;
    [heap[i], heap[smallest]] = [heap[smallest]!, heap[i]!];
    i = smallest;
  }
  return top;
}
