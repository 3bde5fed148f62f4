/**
 * The ownership reconciler: makes this instance own exactly the shards placement gives it among the live
 * members (docs/adr/0057). Every renew interval, on the injected clock, one round runs, in this order:
 *
 *   1. renew every held lease (before anything else: a lease lapses only when its owner stopped renewing);
 *   2. the membership heartbeat (after the renewals, so a dead member's leases are gone by the time its
 *      membership is, and the survivors that see it gone find its shards free in the same round);
 *   3. a reconcile pass: re-read the live members, compute the desired shards, hand off the owned ones no longer
 *      desired, and try to take every desired one not held (refused while another holds it: tried again at the
 *      next round and whenever a watch says it may have become free).
 *
 * Passes also run between rounds when the buckets' watches show a change worth acting on at once: a member
 * that joined or left, a lease that was deleted (a handoff). That is how a handoff completes in milliseconds
 * rather than a round. The TTL's expiries send no event (NATS 2.9): a pass a quarter round past a TTL after each
 * member's last heartbeat looks for a dead one, and the rounds catch what it misses, so a crashed member's shards
 * are taken within TTL + two renew intervals of the crash (typically TTL + a quarter round + one pass).
 *
 * Concurrency: one event loop. A round's renewals, its heartbeat and its pass are each gated on their own (a
 * renewal NATS has not answered yet is not sent again; a pass asked for while one runs runs once more after it),
 * so a slow pass or heartbeat never holds the next renewals back. Takes are awaited by the pass; the hooks
 * (`acquire`, `beforeRelease`) are not, so a slow host never delays a renewal either. What happens to each
 * shard from its take to its end (the hooks' calls, the release) is shardTenures.ts.
 */
import type { Logger } from '../log/logger.js';
import type { Clock, TimerHandle } from '../scheduler/index.js';
import { ClusterWatch } from './clusterWatch.js';
import { type ShardHolder, ShardLeases } from './leases.js';
import { Membership } from './membership.js';
import type { ShardOwnershipOptions, StopOptions } from './ownershipHooks.js';
import { desiredShards } from './placement.js';
import { RoutingChanges } from './routingChanges.js';
import { ShardTenures } from './shardTenures.js';
import type { LeaseTimings } from './timings.js';

/**
 * The renew interval's slices: each tick renews the held shards of one slice (`shard % slices`), so that an
 * instance's 85 renewals a second (and the 256 watch events each causes on every instance) come as ten small
 * bursts, not one that requests wait behind (docs/adr/0080). Every shard is still renewed once per interval.
 */
export const RENEWAL_SLICES = 10;

export type { ShardDropReason, ShardOwnershipHooks, ShardOwnershipOptions, StopOptions } from './ownershipHooks.js';

export class ShardOwnership {
  readonly instanceId: string;
  /** Resolves once every desired shard is owned at the same time (after `start`); rejects on a stop before. */
  readonly ready: Promise<void>;
  readonly #shards: number;
  readonly #clock: Clock;
  readonly #timings: LeaseTimings;
  readonly #logger: Logger;
  readonly #leases: ShardLeases;
  readonly #membership: Membership;
  readonly #watch: ClusterWatch;
  readonly #routing: RoutingChanges;
  readonly #tenures: ShardTenures;
  #desired = new Set<number>();
  #live = false;
  #state: 'new' | 'running' | 'stopping' | 'stopped' = 'new';
  #timer: TimerHandle | undefined;
  #renewing = false;
  readonly #slicesRenewing = new Set<number>();
  #beating = false;
  #pass: Promise<void> | undefined;
  #passAgain = false;
  #readiness: 'pending' | 'ready' | 'failed' = 'pending';
  #resolveReady!: () => void;
  #rejectReady!: (error: Error) => void;
  #stopping: Promise<void> | undefined;

  constructor(options: ShardOwnershipOptions) {
    this.instanceId = options.instanceId;
    this.#shards = options.shards;
    this.#clock = options.clock;
    this.#timings = options.timings;
    this.#logger = options.logger;
    this.#routing = new RoutingChanges(options.logger);
    const common = { instanceId: options.instanceId, clock: options.clock, timings: options.timings, logger: options.logger };
    this.#leases = new ShardLeases({ ...common, kv: options.buckets.leases, shards: options.shards });
    this.#membership = new Membership({ ...common, kv: options.buckets.members });
    this.#tenures = new ShardTenures({
      leases: this.#leases,
      hooks: options.hooks,
      clock: options.clock,
      logger: options.logger,
      routing: this.#routing,
      handoffTimeoutMs: options.handoffTimeoutMs ?? options.timings.ttlMs,
      running: () => this.#state === 'running',
      keeps: (shard) => this.#state !== 'stopping' && this.#desired.has(shard),
      onOwned: () => this.#checkReady(),
    });
    this.#watch = new ClusterWatch({
      ...common,
      buckets: options.buckets,
      shards: options.shards,
      isLive: (id) => this.#membership.live.includes(id),
      onChange: () => this.#kick(),
      onHolderChange: () => this.#routing.emit(),
      // NATS removes a record a TTL after its last write, plus its expiry lag: look a quarter round later.
      expiryCheckMs: options.timings.ttlMs + options.timings.renewIntervalMs / 4,
    });
    this.#leases.onLost((loss) => this.#tenures.onLost(loss));
    this.#membership.onChange(() => this.#routing.emit());
    this.ready = new Promise<void>((resolve, reject) => {
      this.#resolveReady = resolve;
      this.#rejectReady = reject;
    });
    // A stop before readiness rejects `ready`; a host that never awaited it must not see an unhandled rejection.
    this.ready.catch(() => undefined);
  }

  /** Whether `ready` has resolved. */
  get isReady(): boolean {
    return this.#readiness === 'ready';
  }

  /** The live members at the last pass, sorted. */
  get live(): readonly string[] {
    return this.#membership.live;
  }

  /** The shards placement gives this instance among the live members, at the last pass. */
  desired(): ReadonlySet<number> {
    return this.#desired;
  }

  /** The shards this instance owns now: acquired, lease held (self-fenced on the clock), not lost. */
  owned(): ReadonlySet<number> {
    const owned = new Set<number>();
    for (const shard of this.#tenures.shards()) if (this.epochOf(shard) !== undefined) owned.add(shard);
    return owned;
  }

  /**
   * The epoch a commit of `shard` must carry, while this instance owns it (also while it hands it off, to
   * flush); undefined otherwise. Synchronous, from memory and the clock: ask it before every commit.
   */
  epochOf(shard: number): number | undefined {
    const tenure = this.#tenures.get(shard);
    if (tenure === undefined || tenure.lost !== undefined || (tenure.phase !== 'owned' && tenure.phase !== 'releasing')) return undefined;
    return this.#leases.held(shard) === tenure.epoch ? tenure.epoch : undefined;
  }

  /**
   * Who owns `shard`, for routing a command: this instance while `epochOf` answers, else the holder of its lease
   * as the watch last saw it, if that holder is a live member. Undefined while the shard moves (wait and retry).
   */
  ownerOf(shard: number): ShardHolder | undefined {
    const epoch = this.epochOf(shard);
    if (epoch !== undefined) return { owner: this.instanceId, epoch };
    const holder = this.#watch.holderOf(shard);
    if (holder === undefined || holder.owner === this.instanceId) return undefined;
    return this.#membership.live.includes(holder.owner) ? holder : undefined;
  }

  /**
   * Calls `listener` whenever `ownerOf` may answer otherwise for some shard (routingChanges.ts): a lease taken,
   * moved or released as the watch sees it, the live members changed, a tenure here acquired or ended. A forward
   * waiting for its shard's owner waits on this, not on a timer. Returns the unsubscribe.
   */
  onRoutingChange(listener: () => void): () => void {
    return this.#routing.on(listener);
  }

  /** Whether this instance holds `shard`'s lease and is loading it (`acquire` under way): owned in a moment. */
  acquiring(shard: number): boolean {
    const tenure = this.#tenures.get(shard);
    return tenure !== undefined && tenure.lost === undefined && (tenure.phase === 'taking' || tenure.phase === 'acquiring');
  }

  /**
   * Joins the cluster and starts the rounds: resolves after the first pass's takes (not their `acquire`s; await
   * `ready` for those). Throws when NATS cannot be reached or the instance id is in use (membership.ts).
   */
  async start(): Promise<void> {
    if (this.#state !== 'new') throw new Error('cluster: ownership was started already');
    this.#state = 'running';
    try {
      await this.#watch.start();
      await this.#membership.join();
    } catch (error) {
      await this.stop({ handoff: false });
      throw error;
    }
    // The renewals go in slices over the interval (one slice a tick); the rest of a round once per interval.
    let tick = 0;
    this.#timer = this.#clock.setRepeatingTimer(Math.max(1, Math.floor(this.#timings.renewIntervalMs / RENEWAL_SLICES)), () => {
      const slice = tick++ % RENEWAL_SLICES;
      this.#renewSlice(slice);
      if (slice !== RENEWAL_SLICES - 1) return;
      this.#roundRest().catch((error: unknown) => this.#logger.error('cluster: an ownership round failed', { error: String(error) }));
    });
    await this.#reconcile();
  }

  /**
   * One round now (the timer runs one every renew interval); resolves after its pass. A step still running from
   * an earlier round (a renewal or heartbeat NATS has not answered yet) is not started twice, and a slow pass
   * never holds the next round's renewals back.
   */
  async round(): Promise<void> {
    if (!this.#renewing) {
      this.#renewing = true;
      try {
        await this.#leases.renewAll();
      } catch (error) {
        this.#logger.warn('cluster: renewing leases failed', { error: String(error) });
      } finally {
        this.#renewing = false;
      }
    }
    await this.#roundRest();
  }

  /** One slice of the renewals (the timer's tick); a slice whose last renewals NATS has not answered yet is skipped. */
  #renewSlice(slice: number): void {
    if (this.#renewing || this.#slicesRenewing.has(slice)) return;
    this.#slicesRenewing.add(slice);
    this.#leases
      .renewSlice(slice, RENEWAL_SLICES)
      .catch((error: unknown) => this.#logger.warn('cluster: renewing leases failed', { error: String(error) }))
      .finally(() => this.#slicesRenewing.delete(slice));
  }

  /** A round's steps after the renewals: the heartbeat, a pass, the watch. */
  async #roundRest(): Promise<void> {
    this.#tenures.newRound();
    if (this.#state !== 'running') return; // stopping: renew what is still held, nothing more
    if (!this.#beating) {
      this.#beating = true;
      try {
        await this.#membership.heartbeat();
      } catch (error) {
        this.#logger.warn('cluster: membership heartbeat failed', { error: String(error) });
      } finally {
        this.#beating = false;
      }
    }
    await this.#reconcile();
    this.#watch.ensure();
  }

  /**
   * The commit path reports that PostgreSQL refused `shard`'s epoch (another instance recorded a higher one):
   * the shard is dropped at once (`dropped(shard, 'fenced')`) and its lease released; it is taken again at the
   * next round at the earliest, with a new, higher epoch. Give the epoch the refused commit carried, so a late
   * refusal of an earlier tenure's commit drops nothing. True when a tenure was ended.
   */
  fenced(shard: number, epoch?: number): boolean {
    const tenure = this.#tenures.get(shard);
    if (tenure === undefined || tenure.phase === 'taking' || tenure.lost !== undefined) return false;
    if (epoch !== undefined && tenure.epoch !== epoch) return false;
    this.#tenures.end(tenure, 'fenced');
    return true;
  }

  /** Stops: with a handoff (SIGTERM) or without (StopOptions). Resolves once no shard is held; idempotent. */
  stop(options: StopOptions = { handoff: true }): Promise<void> {
    this.#stopping ??= this.#stop(options.handoff);
    return this.#stopping;
  }

  async #stop(handoff: boolean): Promise<void> {
    const wasRunning = this.#state === 'running';
    this.#state = 'stopping';
    if (this.#readiness === 'pending') {
      this.#readiness = 'failed';
      this.#rejectReady(new Error('cluster: ownership stopped before it was ready'));
    }
    if (wasRunning) {
      if (handoff) {
        // Leave first: the others then desire our shards, and take each the moment its release is seen.
        await this.#membership.leave();
        for (const tenure of this.#tenures.all()) if (tenure.phase === 'owned') void this.#tenures.handOff(tenure);
      } else {
        for (const tenure of this.#tenures.all()) if (tenure.phase !== 'taking') this.#tenures.end(tenure, 'stopped');
        await this.#membership.leave();
      }
      // Takes under way end, acquires settle, handoffs finish; the rounds keep renewing what is still held.
      await this.#tenures.whenIdle();
    }
    this.#clock.clearTimer(this.#timer);
    this.#timer = undefined;
    this.#watch.stop();
    this.#state = 'stopped';
  }

  /** Runs a pass, or once more after the one running. */
  #reconcile(): Promise<void> {
    if (this.#pass !== undefined) {
      this.#passAgain = true;
      return this.#pass;
    }
    this.#pass = (async () => {
      do {
        this.#passAgain = false;
        await this.#reconcileOnce();
      } while (this.#passAgain && this.#state === 'running');
    })().finally(() => (this.#pass = undefined));
    return this.#pass;
  }

  async #reconcileOnce(): Promise<void> {
    if (this.#state !== 'running') return;
    let live: readonly string[];
    try {
      live = await this.#membership.refresh();
    } catch (error) {
      this.#logger.warn('cluster: cannot read the live members', { error: String(error) });
      live = this.#membership.live;
    }
    if (this.#state !== 'running') return;
    const desired = desiredShards(this.instanceId, live, this.#shards);
    this.#desired = new Set(desired);
    this.#live = live.includes(this.instanceId);
    for (const tenure of this.#tenures.all()) {
      if (tenure.phase === 'owned' && !this.#desired.has(tenure.shard)) void this.#tenures.handOff(tenure);
    }
    const free = desired.filter((shard) => this.#tenures.mayTake(shard));
    await Promise.all(free.map((shard) => this.#tenures.take(shard)));
    this.#checkReady();
  }

  #checkReady(): void {
    if (this.#readiness !== 'pending' || !this.#live || this.#state !== 'running') return;
    for (const shard of this.#desired) if (this.epochOf(shard) === undefined) return;
    this.#readiness = 'ready';
    this.#resolveReady();
  }

  #kick(): void {
    if (this.#state !== 'running') return;
    this.#reconcile().catch((error: unknown) => this.#logger.warn('cluster: a reconcile pass failed', { error: String(error) }));
  }
}
