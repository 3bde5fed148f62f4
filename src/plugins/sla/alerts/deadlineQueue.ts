/**
 * Deadlines per key on one timer of the injected clock: the earliest deadline is armed, a key's
 * deadline can be moved or dropped at any time (a binary heap with stale entries skipped), and the
 * due keys are handed over in deadline order when the timer fires. One timer for any number of
 * keys, instead of one per service.
 */
import type { Clock, TimerHandle } from '../../../platform/scheduler/index.js';

interface Entry {
  readonly key: string;
  readonly dueAt: number;
  readonly version: number;
}

export class DeadlineQueue {
  private heap: Entry[] = [];
  private readonly current = new Map<string, { dueAt: number; version: number }>();
  private nextVersion = 0;
  private timer: TimerHandle | undefined;
  private armedAt: number | undefined;
  private running = false;

  constructor(
    private readonly clock: Clock,
    private readonly onDue: (key: string, dueAt: number) => void,
  ) {}

  /** Keys with a deadline. */
  get size(): number {
    return this.current.size;
  }

  dueAt(key: string): number | undefined {
    return this.current.get(key)?.dueAt;
  }

  /** Starts firing (deadlines set before are kept). */
  start(): void {
    this.running = true;
    this.arm();
  }

  stop(): void {
    this.running = false;
    this.clock.clearTimer(this.timer);
    this.timer = undefined;
    this.armedAt = undefined;
  }

  set(key: string, dueAt: number): void {
    if (this.current.get(key)?.dueAt === dueAt) return;
    const version = ++this.nextVersion;
    this.current.set(key, { dueAt, version });
    this.push({ key, dueAt, version });
    if (this.armedAt === undefined || dueAt < this.armedAt) this.arm();
  }

  delete(key: string): void {
    // Its heap entry goes stale and is skipped; the timer may fire for nothing once.
    this.current.delete(key);
    if (this.heap.length > 64 && this.heap.length > 2 * this.current.size) this.compact();
  }

  private arm(): void {
    if (!this.running) return;
    this.dropStale();
    const top = this.heap[0];
    if (top?.dueAt === this.armedAt && this.timer !== undefined) return;
    this.clock.clearTimer(this.timer);
    this.timer = undefined;
    this.armedAt = undefined;
    if (!top) return;
    this.armedAt = top.dueAt;
    this.timer = this.clock.setTimer(top.dueAt - this.clock.now(), () => this.fire());
  }

  private fire(): void {
    this.timer = undefined;
    this.armedAt = undefined;
    const now = this.clock.now();
    for (;;) {
      this.dropStale();
      const top = this.heap[0];
      if (!top || top.dueAt > now) break;
      this.pop();
      this.current.delete(top.key);
      this.onDue(top.key, top.dueAt);
    }
    this.arm();
  }

  private isStale(entry: Entry): boolean {
    return this.current.get(entry.key)?.version !== entry.version;
  }

  private dropStale(): void {
    while (this.heap.length > 0 && this.isStale(this.heap[0]!)) this.pop();
  }

  private compact(): void {
    const live = this.heap.filter((e) => !this.isStale(e));
    this.heap = [];
    for (const e of live) this.push(e);
  }

  private push(entry: Entry): void {
    const heap = this.heap;
    heap.push(entry);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent]!.dueAt <= entry.dueAt) break;
      heap[i] = heap[parent]!;
      i = parent;
    }
    heap[i] = entry;
  }

  private pop(): Entry | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length === 0 || last === undefined) return top;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= heap.length) break;
      const right = left + 1;
      const child = right < heap.length && heap[right]!.dueAt < heap[left]!.dueAt ? right : left;
      if (heap[child]!.dueAt >= last.dueAt) break;
      heap[i] = heap[child]!;
      i = child;
    }
    heap[i] = last;
    return top;
  }
}
