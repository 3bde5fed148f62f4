/**
 * The entity actor host: keeps each entity's XState *snapshot* (not a started actor), applies
 * events with the machine's pure transition, and runs the actions the transition returns through
 * injected I/O. Services and maintenance windows use it now; tickets and SLA groups later.
 *
 * Concurrency model: everything runs on the event loop and `send` is synchronous, so the host is
 * the single writer of each entity and events for one entity apply in the order they are sent.
 * A step's effects stage rows in the batch writer's open batch; the host tracks every change it
 * applied until that batch commits. If the batch fails, every entity changed in it (and in the
 * batch queued behind it) goes back to its last committed snapshot and timers, and `onRevert`
 * lets the owner fix its indexes: memory stays equal to the database.
 *
 * Time: delayed events (`after`, delayed `raise`) are queued with their due time, handed to
 * effects as `timers` so an entity type can persist them, and queued again by `load` at start (a
 * due time already past fires at once), so a timer survives a restart. The host keeps ONE timer on
 * the injected scheduler, for the earliest due time of its queue (dueQueue.ts), instead of one per
 * entity: 100,000 armed entities would otherwise hold 100,000 Node timers and their closures.
 *
 * Cluster mode (docs/adr/0067): the writer's routing says which shards this instance owns. `create`, `send` and
 * `remove` admit the entity's shard key first (`ChangeTracker.admit`), so a step for an entity owned elsewhere
 * throws `ShardElsewhereError` before anything changes, and an owned one touches its shard for the fence. Timers
 * fire only on the owner: a due timer of an entity owned elsewhere stays pending (its owner fires it), and is
 * queued again when this instance takes the shard.
 */
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import type { Clock, TimerHandle } from '../scheduler/index.js';
import type { StageHooks } from '../persistence/batchWriter.js';
import type { ShardRouting } from '../persistence/shardRouting.js';
import { isTimerAction, nextTimers, NO_TIMERS, type PendingTimer, type PendingTimers } from './delayedEvents.js';
import { SnapshotCompactor } from './compactSnapshot.js';
import type { SnapshotPacking } from './snapshotPacking.js';
import { DueQueue, type DueEntry } from './dueQueue.js';
import { createMachineStepper, type MachineStepper } from './machineStep.js';

/** What the host needs of the batch writer: hooks on the open batch, with or without a row. */
export interface ChangeTracker {
  track(hooks: StageHooks): void;
  /** Cluster mode: throws `ShardElsewhereError` unless `key`'s shard is owned here, else touches it (BatchWriter.admit). */
  admit?(key: string): void;
  /** Cluster mode's routing; undefined in a single process. */
  readonly routing?: ShardRouting | undefined;
}

/** One action of one step, as an effect sees it. */
export interface EffectStep<S, E> {
  readonly id: string;
  readonly before: S;
  readonly after: S;
  readonly event: E;
  readonly params: unknown;
  /** Delayed events the entity waits for after this step (persist them with it, if it has any). */
  readonly timers: PendingTimers;
}

export type Effect<S, E> = (step: EffectStep<S, E>) => void;

export interface EntityHostOptions<S extends AnyMachineSnapshot, E extends EventObject, K = S> {
  /** The entity type's machine: snapshots of type `S`, events of type `E`. */
  readonly machine: AnyStateMachine;
  readonly writer: ChangeTracker;
  /** Product time: delayed events follow the injected clock (a manual clock fires them in tests). */
  readonly scheduler: Clock;
  /** The I/O of the machine's named actions. An action without one is a definition error. */
  readonly effects: Readonly<Record<string, Effect<S, E>>>;
  /** The event a due timer delivers: the timer's own event, or one the owner builds from it (time, origin). */
  readonly timerEvent?: (id: string, timer: PendingTimer, at: number) => E;
  /**
   * A failed commit put `id` back: `restored` is its committed snapshot (undefined: it never
   * committed), `discarded` the one it replaced (undefined: it had been removed).
   */
  readonly onRevert?: (id: string, restored: S | undefined, discarded: S | undefined) => void;
  /** Effects and timer deliveries that throw are reported here; the host goes on. */
  readonly onError?: (error: unknown, where: string) => void;
  /**
   * Cluster mode: the key whose shard holds the entity (`ShardRouting.shardOf`). @default its id. A natural key
   * (a service's node path and name) lets a command that has no id yet (a first push) know its shard.
   */
  readonly shardKey?: (id: string, snapshot: S) => string;
  /** What the host keeps per entity, when an entity type keeps less than a snapshot (snapshotPacking.ts). */
  readonly packing?: SnapshotPacking<S, K>;
}

interface Committed<K> {
  readonly snapshot: K | undefined;
  readonly timers: PendingTimers;
}

/**
 * `K`: what is kept per entity, the snapshot itself unless a `packing` keeps a smaller value. `get` and `values` always
 * give snapshots; `peek` and `keptValues` give the kept values, for an owner that reads them without a rebuild.
 */
export class EntityHost<S extends AnyMachineSnapshot, E extends EventObject, K = S> {
  private readonly snapshots = new Map<string, K>();
  /** Pending delayed events per entity; only entities that wait for one have an entry. */
  private readonly timers = new Map<string, PendingTimers>();
  /** Every pending timer of every entity (and cancelled ones not yet dropped), earliest first. */
  private readonly queue = new DueQueue();
  /** Pending timers over all entities: the sum of the lengths in `timers`. */
  private live = 0;
  /** The one scheduler timer, armed for `armedAt` (the queue's earliest due time when armed). */
  private handle: TimerHandle | undefined;
  private armedAt = Infinity;
  /** True while due timers fire: arming waits until the queue is drained. */
  private draining = false;
  /** Last committed state of each entity with uncommitted changes. */
  private readonly base = new Map<string, Committed<K>>();
  private readonly versions = new Map<string, number>();
  private readonly stepper: MachineStepper<S, E>;
  private readonly compactor = new SnapshotCompactor();

  /** Shards taken since the last re-queue of their timers (cluster mode). */
  private readonly taken = new Set<number>();

  constructor(private readonly options: EntityHostOptions<S, E, K>) {
    this.stepper = createMachineStepper(options.machine) as unknown as MachineStepper<S, E>;
    options.writer.routing?.onTaken((shard) => {
      if (this.taken.size === 0) queueMicrotask(this.requeueTaken);
      this.taken.add(shard);
    });
  }

  private keyOf(id: string, snapshot: S): string {
    return this.options.shardKey ? this.options.shardKey(id, snapshot) : id;
  }

  /** The value kept for `snapshot`: the packing's when it keeps less, else the snapshot with its shared parts shared. */
  private keep(snapshot: S): K {
    const packed: unknown = this.options.packing ? this.options.packing.pack(snapshot) : snapshot;
    return (packed === snapshot ? this.compactor.compact(snapshot) : packed) as K;
  }

  private unpack(kept: K): S {
    return this.options.packing ? this.options.packing.unpack(kept) : (kept as unknown as S);
  }

  /** Cluster mode: refuse (ShardElsewhereError) before any change unless the entity's shard is owned here. */
  private admit(id: string, snapshot: S): void {
    if (this.options.writer.routing !== undefined) this.options.writer.admit?.(this.keyOf(id, snapshot));
  }

  /** Whether this instance fires `id`'s timers: always in a single process, only on the owner in a cluster. */
  private ownsTimers(id: string, snapshot: S): boolean {
    const routing = this.options.writer.routing;
    return routing === undefined || routing.epochOf(routing.shardOf(this.keyOf(id, snapshot))) !== undefined;
  }

  /** The timers of entities in the shards just taken go back on the queue (their due times as persisted). */
  private readonly requeueTaken = (): void => {
    const routing = this.options.writer.routing;
    if (routing === undefined) return;
    const shards = new Set(this.taken);
    this.taken.clear();
    for (const [id, timers] of this.timers) {
      const snapshot = this.get(id);
      if (snapshot === undefined || !shards.has(routing.shardOf(this.keyOf(id, snapshot)))) continue;
      for (const timer of timers) this.queue.push(id, timer);
    }
    if (!this.draining) this.armEarliest();
  };

  get(id: string): S | undefined {
    const kept = this.snapshots.get(id);
    return kept === undefined ? undefined : this.unpack(kept);
  }

  /** What is kept for `id` (`packing`): a reader that needs less than the snapshot rebuilds nothing. */
  peek(id: string): K | undefined {
    return this.snapshots.get(id);
  }

  has(id: string): boolean {
    return this.snapshots.has(id);
  }

  *values(): IterableIterator<S> {
    for (const kept of this.snapshots.values()) yield this.unpack(kept);
  }

  /** Every kept value (`peek` for all). */
  keptValues(): IterableIterator<K> {
    return this.snapshots.values();
  }

  get size(): number {
    return this.snapshots.size;
  }

  /** The delayed events `id` waits for. */
  pendingTimers(id: string): PendingTimers {
    return this.timers.get(id) ?? NO_TIMERS;
  }

  /**
   * State read from the database at start: already committed, nothing is written. Its timers are
   * armed again from their due times.
   */
  load(id: string, snapshot: S, timers: PendingTimers = NO_TIMERS): void {
    this.snapshots.set(id, this.keep(snapshot));
    this.setTimers(id, timers);
  }

  /**
   * `load` of a value kept as it is: what the packing's `pack` gives for the entity's snapshot (a million services
   * loaded at start build no snapshot each only to pack it again).
   */
  loadKept(id: string, kept: K, timers: PendingTimers = NO_TIMERS): void {
    this.snapshots.set(id, kept);
    // A million loaded at rest wait for nothing: no lookup of timers they cannot have.
    if (timers.length > 0 || this.timers.has(id)) this.setTimers(id, timers);
  }

  /**
   * A snapshot committed elsewhere (cluster mode: another instance owns the entity, docs/adr/0065): it replaces
   * the entity's as it is, with the timers persisted with it. No action runs and nothing is staged; the timers
   * stay pending here, fired only by the owner (`fire` asks), so the instance that takes the shard over fires them
   * at their due times (a ticket's breach clocks, a window's end survive a failover).
   */
  adopt(id: string, snapshot: S, timers: PendingTimers = NO_TIMERS): void {
    this.snapshots.set(id, this.keep(snapshot));
    const sameTimers =
      this.pendingTimers(id).length === timers.length &&
      this.pendingTimers(id).every((t, i) => t.id === timers[i]!.id && t.dueAt === timers[i]!.dueAt);
    if (!sameTimers) this.setTimers(id, timers);
  }

  /** The entity went away elsewhere (cluster mode): forgotten here, nothing staged, its timers dropped. */
  forget(id: string): S | undefined {
    const snapshot = this.get(id);
    this.snapshots.delete(id);
    if (this.timers.has(id)) this.setTimers(id, NO_TIMERS);
    return snapshot;
  }

  /**
   * A new entity: `persist` stages its rows (the host tracks their commit); a failed commit
   * forgets it again. `timers`: delayed events it waits for from the start (the caller persists
   * them with it), so an entity type need not send a second event only to arm them.
   */
  create(id: string, snapshot: S, persist: () => void, timers: PendingTimers = NO_TIMERS): S {
    if (this.snapshots.has(id)) throw new Error(`entity ${id} exists`);
    this.admit(id, snapshot);
    const kept = this.keep(snapshot);
    this.track(id, kept, timers);
    this.snapshots.set(id, kept);
    persist();
    if (timers.length > 0) this.setTimers(id, timers);
    return snapshot;
  }

  /** Apply `event` to `id`'s snapshot and run the actions it asks for. Returns the snapshot after it. */
  send(id: string, event: E): S {
    const before = this.get(id);
    if (before === undefined) throw new Error(`no entity ${id}`);
    this.admit(id, before);
    return this.apply(id, before, event, this.pendingTimers(id));
  }

  /** Remove `id`: its timers stop, `stageDelete` stages the delete of its rows. */
  remove(id: string, stageDelete: () => void): S | undefined {
    const snapshot = this.get(id);
    if (snapshot === undefined) return undefined;
    this.admit(id, snapshot);
    this.track(id, undefined, NO_TIMERS);
    this.snapshots.delete(id);
    this.setTimers(id, NO_TIMERS);
    stageDelete();
    return snapshot;
  }

  private apply(id: string, before: S, event: E, timersBefore: PendingTimers): S {
    const { next: after, actions } = this.stepper.step(before, event);
    const timers = actions.length === 0 ? timersBefore : nextTimers(timersBefore, actions, this.options.scheduler.now());
    // `timersBefore` is not the entity's list when a timer fired: the fired one is gone from it.
    if (after === before && timers === this.pendingTimers(id)) return before;
    const kept = after === before ? this.snapshots.get(id)! : this.keep(after);
    this.track(id, kept, timers);
    this.snapshots.set(id, kept);
    for (const action of actions) {
      if (isTimerAction(action)) continue;
      const effect = this.options.effects[action.type];
      if (!effect) throw new Error(`entity ${id}: no effect for action "${action.type}"`);
      effect({ id, before, after, event, params: action.params, timers });
    }
    if (timers !== this.pendingTimers(id)) this.setTimers(id, timers);
    return after;
  }

  /** Remember `id`'s committed state before its first uncommitted change, and hook the open batch. */
  private track(id: string, value: K | undefined, timers: PendingTimers): void {
    if (!this.base.has(id)) this.base.set(id, { snapshot: this.snapshots.get(id), timers: this.pendingTimers(id) });
    const version = (this.versions.get(id) ?? 0) + 1;
    this.versions.set(id, version);
    this.options.writer.track({ onCommit: () => this.committed(id, version, value, timers), onRollback: this.rollback });
  }

  private committed(id: string, version: number, snapshot: K | undefined, timers: PendingTimers): void {
    if (this.versions.get(id) === version) {
      this.base.delete(id);
      this.versions.delete(id);
    } else if (this.base.has(id)) {
      this.base.set(id, { snapshot, timers });
    }
  }

  private readonly rollback = (): void => {
    const reverted = [...this.base];
    this.base.clear();
    this.versions.clear();
    for (const [id, committed] of reverted) {
      const discarded = this.get(id);
      if (committed.snapshot === undefined) this.snapshots.delete(id);
      else this.snapshots.set(id, committed.snapshot);
      this.setTimers(id, committed.timers);
      this.options.onRevert?.(id, this.get(id), discarded);
    }
  };

  /** Make `timers` the delayed events `id` waits for: queue the new ones; the others are dropped when they reach the top. */
  private setTimers(id: string, timers: PendingTimers): void {
    const old = this.timers.get(id) ?? NO_TIMERS;
    if (timers.length === 0) this.timers.delete(id);
    else this.timers.set(id, timers);
    this.live += timers.length - old.length;
    if (this.live === 0) {
      // Nothing waits: every queued entry is dead.
      this.queue.clear();
      this.disarm();
      return;
    }
    for (const timer of timers) if (!old.includes(timer)) this.queue.push(id, timer);
    if (this.queue.length > 64 && this.queue.length > 2 * this.live) this.queue.compact(this.isLive);
    if (!this.draining) this.armEarliest();
  }

  private readonly isLive = (entry: DueEntry): boolean => this.timers.get(entry.id)?.includes(entry.timer) === true;

  /** The scheduler timer at the earliest live due time (dead entries at the top are dropped first). */
  private armEarliest(): void {
    let top = this.queue.peek();
    while (top !== undefined && !this.isLive(top)) {
      this.queue.pop();
      top = this.queue.peek();
    }
    if (top === undefined) {
      this.disarm();
      return;
    }
    if (this.handle !== undefined && this.armedAt <= top.dueAt) return;
    this.disarm();
    const scheduler = this.options.scheduler;
    this.armedAt = top.dueAt;
    this.handle = scheduler.setTimer(Math.max(0, top.dueAt - scheduler.now()), this.due);
  }

  private disarm(): void {
    if (this.handle === undefined) return;
    this.options.scheduler.clearTimer(this.handle);
    this.handle = undefined;
    this.armedAt = Infinity;
  }

  /** The scheduler timer fired: every timer due by now fires, in due order, then the next is armed. */
  private readonly due = (): void => {
    this.handle = undefined;
    this.armedAt = Infinity;
    this.draining = true;
    try {
      for (;;) {
        const top = this.queue.peek();
        if (top === undefined || top.dueAt > this.options.scheduler.now()) break;
        this.queue.pop();
        if (this.isLive(top)) this.fire(top.id, top.timer);
      }
    } finally {
      this.draining = false;
    }
    this.armEarliest();
  };

  private fire(id: string, timer: PendingTimer): void {
    const snapshot = this.get(id);
    const pending = this.pendingTimers(id);
    if (snapshot === undefined || !pending.includes(timer)) return;
    // Owned elsewhere: its owner fires it; it stays pending here and is queued again if this instance takes the shard.
    if (!this.ownsTimers(id, snapshot)) return;
    try {
      this.admit(id, snapshot);
      const at = this.options.scheduler.now();
      const event = this.options.timerEvent ? this.options.timerEvent(id, timer, at) : (timer.event as E);
      this.apply(
        id,
        snapshot,
        event,
        pending.filter((t) => t !== timer),
      );
    } catch (error) {
      this.options.onError?.(error, `timer ${timer.id} of entity ${id}`);
    }
  }
}
