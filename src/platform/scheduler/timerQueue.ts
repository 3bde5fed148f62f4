/**
 * The manual clock's pending timers in firing order: earliest due instant first, and among timers
 * due at the same instant, the one set first. A binary heap; a cleared timer is only marked and
 * dropped when it reaches the top (or when cleared ones are most of the heap), so clearing is O(1)
 * and a component that re-arms its timer on every call (the webhook dispatcher) does not make it
 * grow without bound.
 */
import { DueHeap } from './dueHeap.js';

export interface QueuedTimer {
  dueAt: number;
  /** Milliseconds between firings; null for a one-shot timer. */
  readonly periodMs: number | null;
  readonly callback: () => void;
  /** Order among timers due at the same instant. */
  sequence: number;
  /** False once fired (one-shot) or cleared. */
  pending: boolean;
}

export class TimerQueue {
  private readonly heap = new DueHeap<QueuedTimer>();
  private nextSequence = 0;
  private cleared = 0;

  /** Timers waiting to fire. */
  get size(): number {
    return this.heap.length - this.cleared;
  }

  add(timer: Omit<QueuedTimer, 'sequence' | 'pending'>): QueuedTimer {
    const queued: QueuedTimer = { ...timer, sequence: 0, pending: true };
    this.push(queued);
    return queued;
  }

  /** Puts a timer back with a new due instant (a repeating timer's next firing); it orders after those already due then. */
  reschedule(timer: QueuedTimer, dueAt: number): void {
    timer.dueAt = dueAt;
    this.push(timer);
  }

  clear(timer: QueuedTimer): void {
    if (!timer.pending) return;
    timer.pending = false;
    this.cleared += 1;
    if (this.cleared > 64 && this.cleared * 2 > this.heap.length) this.compact();
  }

  /** The next timer to fire, without taking it. */
  peek(): QueuedTimer | undefined {
    this.dropCleared();
    return this.heap.peek();
  }

  /** Takes the next timer out; the caller then `reschedule`s it (repeating) or marks it `done` before firing it. */
  take(): QueuedTimer | undefined {
    this.dropCleared();
    return this.heap.pop();
  }

  /** A taken one-shot timer fires now: clearing it from then on does nothing. */
  done(timer: QueuedTimer): void {
    timer.pending = false;
  }

  private push(timer: QueuedTimer): void {
    timer.sequence = this.nextSequence++;
    this.heap.push(timer);
  }

  private dropCleared(): void {
    while (this.heap.length > 0 && !this.heap.peek()!.pending) {
      this.heap.pop();
      this.cleared -= 1;
    }
  }

  /** Rebuilds the heap from the pending timers, keeping their order. */
  private compact(): void {
    this.heap.retain((t) => t.pending);
    this.cleared = 0;
  }
}
