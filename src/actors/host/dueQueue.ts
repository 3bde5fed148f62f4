/**
 * The delayed events of every entity of one host, in firing order: earliest due time first, and
 * among those due at the same instant, the one queued first. A binary heap of small entries, so a
 * host with 100,000 armed entities holds 100,000 entries of about 80 B and ONE scheduler timer,
 * not a Node `Timeout`, a handle and closures per entity (400-850 B each, bench/README.md
 * "Tickets"). Entries are never removed when a timer is cancelled: the host checks at the top of
 * the queue whether the entity still waits for that timer, and `compact` drops the dead ones when
 * they outnumber the live ones.
 */
import type { PendingTimer } from './delayedEvents.js';

export interface DueEntry {
  readonly dueAt: number;
  readonly sequence: number;
  readonly id: string;
  readonly timer: PendingTimer;
}

export class DueQueue {
  private heap: DueEntry[] = [];
  private nextSequence = 0;

  get length(): number {
    return this.heap.length;
  }

  push(id: string, timer: PendingTimer): void {
    const heap = this.heap;
    heap.push({ dueAt: timer.dueAt, sequence: this.nextSequence++, id, timer });
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(heap[i]!, heap[parent]!)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  }

  peek(): DueEntry | undefined {
    return this.heap[0];
  }

  pop(): DueEntry | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (top === undefined || last === undefined || heap.length === 0) return top;
    heap[0] = last;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (left < heap.length && before(heap[left]!, heap[smallest]!)) smallest = left;
      if (right < heap.length && before(heap[right]!, heap[smallest]!)) smallest = right;
      if (smallest === i) break;
      [heap[i], heap[smallest]] = [heap[smallest]!, heap[i]!];
      i = smallest;
    }
    return top;
  }

  /** Keeps only the entries `live` accepts, in the same order (a sorted array is a valid heap). */
  compact(live: (entry: DueEntry) => boolean): void {
    this.heap = this.heap.filter(live).sort((a, b) => (before(a, b) ? -1 : 1));
  }

  clear(): void {
    this.heap = [];
  }
}

function before(a: DueEntry, b: DueEntry): boolean {
  return a.dueAt < b.dueAt || (a.dueAt === b.dueAt && a.sequence < b.sequence);
}
