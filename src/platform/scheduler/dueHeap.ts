/**
 * A binary min-heap in firing order: earliest `dueAt` first, and among items due at the same
 * instant, the one with the lower `sequence` (pushed first). Shared by the manual clock's timer
 * queue (timerQueue.ts) and the actor host's queue of delayed events (src/platform/actorHost/dueQueue.ts);
 * each numbers its own items.
 */
export interface DueOrdered {
  readonly dueAt: number;
  readonly sequence: number;
}

export function dueBefore(a: DueOrdered, b: DueOrdered): boolean {
  return a.dueAt < b.dueAt || (a.dueAt === b.dueAt && a.sequence < b.sequence);
}

export class DueHeap<T extends DueOrdered> {
  private items: T[] = [];

  get length(): number {
    return this.items.length;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    const heap = this.items;
    heap.push(item);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!dueBefore(heap[i]!, heap[parent]!)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  }

  pop(): T | undefined {
    const heap = this.items;
    const top = heap[0];
    const last = heap.pop();
    if (top === undefined || last === undefined || heap.length === 0) return top;
    heap[0] = last;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (left < heap.length && dueBefore(heap[left]!, heap[smallest]!)) smallest = left;
      if (right < heap.length && dueBefore(heap[right]!, heap[smallest]!)) smallest = right;
      if (smallest === i) break;
      [heap[i], heap[smallest]] = [heap[smallest]!, heap[i]!];
      i = smallest;
    }
    return top;
  }

  /** Keeps only the items `keep` accepts, in firing order (a sorted array is a valid heap). */
  retain(keep: (item: T) => boolean): void {
    this.items = this.items.filter(keep).sort((a, b) => (dueBefore(a, b) ? -1 : 1));
  }

  clear(): void {
    this.items = [];
  }
}
