/**
 * The tenures of this instance's shards, each from its take to its end: the lease taken, the host's `acquire`,
 * owned, then either a handoff (`beforeRelease`, bounded by the handoff timeout, then the release) or an end
 * without one (a loss, `fenced`, a stop without handoff: the lease released, `dropped` at once). The reconciler
 * (ownership.ts) decides which shards to take and which to hand off, and when; this module is what then happens
 * to one shard, so the per-shard life cycle and its hook calls can be read apart from the rounds that drive it.
 *
 * A shard is in the table from its take to the end of its tenure, which keeps it from being taken twice.
 */
import type { Logger } from '../log/logger.js';
import type { Clock } from '../scheduler/index.js';
import type { ShardLeases, ShardLoss } from './leases.js';
import type { ShardDropReason, ShardOwnershipHooks } from './ownershipHooks.js';
import type { RoutingChanges } from './routingChanges.js';
import { settleWithin } from './settleWithin.js';

type Phase = 'taking' | 'acquiring' | 'owned' | 'releasing';

export interface Tenure {
  readonly shard: number;
  phase: Phase;
  /** 0 while taking. */
  epoch: number;
  /** Set when the tenure ended without a handoff (delivered to the host at once, or when `acquire` settles). */
  lost: ShardDropReason | undefined;
}

export interface ShardTenuresOptions {
  readonly leases: ShardLeases;
  readonly hooks: ShardOwnershipHooks;
  readonly clock: Clock;
  readonly logger: Logger;
  readonly routing: RoutingChanges;
  readonly handoffTimeoutMs: number;
  /** Whether the reconciler still runs: a lease taken once it no longer does is released at once. */
  readonly running: () => boolean;
  /** Whether a shard whose `acquire` just resolved stays (not stopping, still desired); else it is handed off. */
  readonly keeps: (shard: number) => boolean;
  /** A shard was acquired and stays: every desired shard may be owned now. */
  readonly onOwned: () => void;
}

export class ShardTenures {
  readonly #leases: ShardLeases;
  readonly #hooks: ShardOwnershipHooks;
  readonly #clock: Clock;
  readonly #logger: Logger;
  readonly #routing: RoutingChanges;
  readonly #handoffTimeoutMs: number;
  readonly #running: () => boolean;
  readonly #keeps: (shard: number) => boolean;
  readonly #onOwned: () => void;
  readonly #tenures = new Map<number, Tenure>();
  /** Shards not to take before the next round (a failed acquire, a loss): no retry loop between rounds. */
  readonly #untilNextRound = new Set<number>();
  readonly #idleWaiters: (() => void)[] = [];

  constructor(options: ShardTenuresOptions) {
    this.#leases = options.leases;
    this.#hooks = options.hooks;
    this.#clock = options.clock;
    this.#logger = options.logger;
    this.#routing = options.routing;
    this.#handoffTimeoutMs = options.handoffTimeoutMs;
    this.#running = options.running;
    this.#keeps = options.keeps;
    this.#onOwned = options.onOwned;
  }

  get(shard: number): Tenure | undefined {
    return this.#tenures.get(shard);
  }

  /** The shards with a tenure here, in any phase. */
  shards(): IterableIterator<number> {
    return this.#tenures.keys();
  }

  /** Every tenure, copied: handing off or ending one while iterating is safe. */
  all(): Tenure[] {
    return [...this.#tenures.values()];
  }

  /** A round began: the shards held back until it may be taken again. */
  newRound(): void {
    this.#untilNextRound.clear();
  }

  /** Whether a pass may take `shard`: no tenure of it here, and none ended since the round began. */
  mayTake(shard: number): boolean {
    return !this.#tenures.has(shard) && !this.#untilNextRound.has(shard);
  }

  async take(shard: number): Promise<void> {
    const tenure: Tenure = { shard, phase: 'taking', epoch: 0, lost: undefined };
    this.#tenures.set(shard, tenure);
    let epoch: number | undefined;
    try {
      epoch = await this.#leases.take(shard);
    } catch (error) {
      this.#logger.warn('cluster: could not take a shard', { shard, error: String(error) });
    }
    if (epoch === undefined || !this.#running()) {
      if (epoch !== undefined) this.#release(tenure);
      this.#forget(tenure);
      return;
    }
    tenure.epoch = epoch;
    tenure.phase = 'acquiring';
    void this.#acquire(tenure);
  }

  async #acquire(tenure: Tenure): Promise<void> {
    const { shard, epoch } = tenure;
    try {
      await this.#hooks.acquire(shard, epoch);
    } catch (error) {
      this.#logger.warn('cluster: the host refused a shard; its lease is released and taken again later', {
        shard,
        epoch,
        error: String(error),
      });
      this.#untilNextRound.add(shard);
      this.#release(tenure);
      this.#forget(tenure);
      return;
    }
    if (tenure.lost !== undefined) {
      this.#release(tenure);
      this.#forget(tenure);
      this.#dropped(shard, tenure.lost);
      return;
    }
    tenure.phase = 'owned';
    this.#routing.emit();
    if (!this.#keeps(shard)) void this.handOff(tenure);
    else this.#onOwned();
  }

  /** beforeRelease (bounded by the handoff timeout), then the release: the new owner takes the shard on its delete. */
  async handOff(tenure: Tenure): Promise<void> {
    if (tenure.phase !== 'owned' || tenure.lost !== undefined) return;
    tenure.phase = 'releasing';
    const began = this.#clock.now();
    const flushed = Promise.resolve().then(() => this.#hooks.beforeRelease(tenure.shard));
    const outcome = await settleWithin(this.#clock, flushed, this.#handoffTimeoutMs);
    if (outcome === 'timeout')
      this.#logger.warn('cluster: beforeRelease did not finish in time; releasing the shard anyway', {
        shard: tenure.shard,
        timeoutMs: this.#handoffTimeoutMs,
      });
    else if (outcome instanceof Error)
      this.#logger.warn('cluster: beforeRelease failed; releasing the shard anyway', { shard: tenure.shard, error: String(outcome) });
    const released = this.#release(tenure);
    this.#forget(tenure);
    await released;
    this.#logger.debug('cluster: handed a shard off', { shard: tenure.shard, ms: this.#clock.now() - began });
  }

  onLost(loss: ShardLoss): void {
    const tenure = this.#tenures.get(loss.shard);
    if (tenure === undefined || tenure.phase === 'taking' || tenure.epoch !== loss.epoch || tenure.lost !== undefined) return;
    this.end(tenure, loss.reason);
  }

  /**
   * Ends a tenure without a handoff: not owned from here on, the lease released (a no-op when it is lost
   * already), the host told at once (after `acquire` when that still runs), no retake before the next round.
   */
  end(tenure: Tenure, reason: ShardDropReason): void {
    tenure.lost = reason;
    this.#untilNextRound.add(tenure.shard);
    if (tenure.phase === 'acquiring' || tenure.phase === 'taking') return; // #acquire delivers it
    this.#release(tenure);
    // While releasing, the tenure stays until beforeRelease settles, so the shard is not taken again meanwhile.
    if (tenure.phase === 'owned') this.#forget(tenure);
    this.#dropped(tenure.shard, reason);
  }

  /** Resolves once no tenure is left (takes ended, acquires settled, handoffs finished). */
  whenIdle(): Promise<void> {
    if (this.#tenures.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  /** Releases the lease (its synchronous part first: `held` turns undefined at the call). */
  #release(tenure: Tenure): Promise<void> {
    return this.#leases.release(tenure.shard).catch((error: unknown) => {
      this.#logger.warn('cluster: could not release a lease; it expires within the TTL', { shard: tenure.shard, error: String(error) });
    });
  }

  #forget(tenure: Tenure): void {
    if (this.#tenures.get(tenure.shard) === tenure) this.#tenures.delete(tenure.shard);
    this.#routing.emit();
    if (this.#tenures.size === 0) for (const waiter of this.#idleWaiters.splice(0)) waiter();
  }

  #dropped(shard: number, reason: ShardDropReason): void {
    try {
      this.#hooks.dropped(shard, reason);
    } catch (error) {
      this.#logger.error('cluster: the dropped hook failed', { shard, reason, error: String(error) });
    }
  }
}
