/**
 * The delayed events of every entity of one host, in firing order: earliest due time first, and
 * among those due at the same instant, the one queued first. A binary heap of small entries, so a
 * host with 100,000 armed entities holds one small entry per entity and ONE scheduler timer,
 * not a Node `Timeout`, a handle and closures per entity, several times the size (the memory
 * figures are in bench/README.md, tickets-memory). Entries are never removed when a timer is cancelled: the host checks at the top of
 * the queue whether the entity still waits for that timer, and `compact` drops the dead ones when
 * they outnumber the live ones.
 */
import { DueHeap } from '../scheduler/dueHeap.js';
import type { PendingTimer } from './delayedEvents.js';

export interface DueEntry {
  readonly dueAt: number;
  readonly sequence: number;
  readonly id: string;
  readonly timer: PendingTimer;
}

export class DueQueue {
  private readonly heap = new DueHeap<DueEntry>();
  private nextSequence = 0;

  get length(): number {
    return this.heap.length;
  }

  push(id: string, timer: PendingTimer): void {
    this.heap.push({ dueAt: timer.dueAt, sequence: this.nextSequence++, id, timer });
  }

  peek(): DueEntry | undefined {
    return this.heap.peek();
  }

  pop(): DueEntry | undefined {
    return this.heap.pop();
  }

  /** Keeps only the entries `live` accepts, in the same order. */
  compact(live: (entry: DueEntry) => boolean): void {
    this.heap.retain(live);
  }

  clear(): void {
    this.heap.clear();
  }
}
