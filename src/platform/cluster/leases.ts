/**
 * Shard leases: one key per shard in the `<name>_leases` bucket, taken by `create` (refused while the key
 * exists), renewed by `update` with the last revision and released by `delete` with it (compare-and-set: a
 * write by anyone else in between, or the TTL removing the key, makes ours fail). The revision of the `create`
 * that began a tenure is the shard's **epoch**: JetStream sequences only grow, so every tenure of a shard has a
 * higher epoch than the one before; renewals copy it into their record.
 *
 * A lease is not mutual exclusion on its own: this process may be paused past the TTL and wake up believing it
 * still owns a shard. So `held(shard)` self-fences on the injected clock (the last confirmed write's send time
 * + TTL - margin, timings.ts): it turns undefined strictly before anyone else can take the shard, and a timer
 * emits the loss at that instant. The fence in PostgreSQL (a commit checks the shard's epoch) covers what the
 * self-fence cannot: a commit that was already under way.
 *
 * Concurrency: the operations on one shard run one after another (a queue per shard); on different shards they
 * run in parallel. `release` stops counting the shard as held at once, before its delete is answered.
 */
import type { KV } from '@nats-io/kv';
import type { Logger } from '../log/logger.js';
import type { Clock, TimerHandle } from '../scheduler/index.js';
import { encodeRecord, isRefusedBySequence, leaseOf, newIncarnation } from './records.js';
import { validUntil, type LeaseTimings } from './timings.js';

export interface ShardLeasesOptions {
  /** The cluster's `<name>_leases` bucket (buckets.ts). */
  readonly kv: KV;
  readonly instanceId: string;
  /** The shard count: shards are 0 .. shards-1. */
  readonly shards: number;
  /** Real time in production (systemClock); tests move a manual clock. */
  readonly clock: Clock;
  readonly timings: LeaseTimings;
  readonly logger: Logger;
}

/** Why a held shard stopped being held (a release is no loss). */
export type ShardLossReason =
  /** The self-fence deadline passed before a renewal was confirmed. */
  | 'expired'
  /** A renewal was refused: the lease is someone else's, or the TTL removed it. */
  | 'refused';

export interface ShardLoss {
  readonly shard: number;
  readonly epoch: number;
  readonly reason: ShardLossReason;
}

/** A shard's lease as NATS has it, whoever holds it. */
export interface ShardHolder {
  readonly owner: string;
  readonly epoch: number;
}

interface Tenure {
  readonly shard: number;
  readonly epoch: number;
  /** The revision of our last write: the compare-and-set's expectation. */
  revision: number;
  /** The self-fence deadline on our clock. */
  validUntil: number;
  timer: TimerHandle | undefined;
}

export class ShardLeases {
  readonly instanceId: string;
  /** This process's incarnation: tells our leases from a predecessor's under the same instance id. */
  readonly incarnation = newIncarnation();
  readonly #kv: KV;
  readonly #shards: number;
  readonly #clock: Clock;
  readonly #timings: LeaseTimings;
  readonly #logger: Logger;
  readonly #held = new Map<number, Tenure>();
  readonly #queues = new Map<number, Promise<void>>();
  readonly #lossListeners = new Set<(loss: ShardLoss) => void>();
  #timer: TimerHandle | undefined;
  #renewing = false;

  constructor(options: ShardLeasesOptions) {
    this.instanceId = options.instanceId;
    this.#kv = options.kv;
    this.#shards = options.shards;
    this.#clock = options.clock;
    this.#timings = options.timings;
    this.#logger = options.logger;
  }

  /** The shard's epoch while this instance holds it (self-fenced on the clock); undefined otherwise. */
  held(shard: number): number | undefined {
    const tenure = this.#held.get(shard);
    return tenure !== undefined && this.#clock.now() < tenure.validUntil ? tenure.epoch : undefined;
  }

  /** Every shard held now, with its epoch. */
  heldShards(): Map<number, number> {
    const now = this.#clock.now();
    const held = new Map<number, number>();
    for (const [shard, tenure] of this.#held) if (now < tenure.validUntil) held.set(shard, tenure.epoch);
    return held;
  }

  /** Calls `listener` when a held shard is lost (self-fenced or refused); returns the unsubscribe. */
  onLost(listener: (loss: ShardLoss) => void): () => void {
    this.#lossListeners.add(listener);
    return () => this.#lossListeners.delete(listener);
  }

  /**
   * Takes the shard's lease: its epoch, or undefined while another holds it. Held already: its epoch. Throws
   * when NATS cannot answer (the caller tries again at its next round).
   */
  take(shard: number): Promise<number | undefined> {
    this.#check(shard);
    return this.#serial(shard, () => this.#take(shard));
  }

  /** Renews a held shard's lease: true when renewed, false when not held, lost, or not answered (kept until its deadline). */
  renew(shard: number): Promise<boolean> {
    this.#check(shard);
    return this.#serial(shard, () => this.#renew(shard, true));
  }

  /** Renews every held shard, in parallel. */
  async renewAll(): Promise<void> {
    await Promise.all([...this.#held.keys()].map((shard) => this.renew(shard)));
  }

  /**
   * Renews the held shards of one slice (`shard % slices === slice`), in parallel: a round spread over the renew
   * interval in slices, so that no instance sends all its renewals (and every instance hears all of them on its
   * watch) in one burst that requests arriving meanwhile wait behind (docs/adr/0080).
   */
  async renewSlice(slice: number, slices: number): Promise<void> {
    const due = [...this.#held.keys()].filter((shard) => shard % slices === slice);
    await Promise.all(due.map((shard) => this.renew(shard)));
  }

  /** Gives the shard up: not held from this call on; its lease is deleted so another can take it at once. */
  release(shard: number): Promise<void> {
    this.#check(shard);
    const tenure = this.#held.get(shard);
    if (tenure === undefined) return Promise.resolve();
    this.#drop(tenure);
    return this.#serial(shard, async () => {
      await this.#delete(shard, tenure.revision);
    });
  }

  /** Releases every held shard (a graceful stop). */
  async releaseAll(): Promise<void> {
    await Promise.all([...this.#held.keys()].map((shard) => this.release(shard)));
  }

  /** Who holds the shard according to NATS (any instance), or undefined when nobody does. */
  async holderOf(shard: number): Promise<ShardHolder | undefined> {
    this.#check(shard);
    const lease = leaseOf(await this.#kv.get(key(shard)));
    return lease === undefined ? undefined : { owner: lease.owner, epoch: lease.epoch };
  }

  /** Renews every held shard every renew interval until `stop`; a round still running skips the next one. */
  start(): void {
    if (this.#timer !== undefined) return;
    this.#timer = this.#clock.setRepeatingTimer(this.#timings.renewIntervalMs, () => {
      if (this.#renewing) return;
      this.#renewing = true;
      this.renewAll()
        .catch((error: unknown) => this.#logger.warn('cluster: renewing leases failed', { error: String(error) }))
        .finally(() => (this.#renewing = false));
    });
  }

  /** Stops renewing. Held shards stay held until their deadlines (then lost), unless released. */
  stop(): void {
    this.#clock.clearTimer(this.#timer);
    this.#timer = undefined;
  }

  async #take(shard: number): Promise<number | undefined> {
    const epoch = this.held(shard);
    if (epoch !== undefined) return epoch;
    const stale = this.#held.get(shard);
    if (stale !== undefined) this.#lose(stale, 'expired');

    const sentAt = this.#clock.now();
    let unknownOutcome: unknown;
    try {
      const revision = await this.#kv.create(key(shard), this.#record());
      return await this.#begin(shard, revision, sentAt);
    } catch (error) {
      if (!isRefusedBySequence(error)) unknownOutcome = error;
    }
    const current = leaseOf(await this.#kv.get(key(shard)));
    if (current === undefined) {
      if (unknownOutcome !== undefined) throw unknownOutcome;
      return undefined; // freed since the refusal: taken at the next round
    }
    if (current.owner !== this.instanceId || current.incarnation !== this.incarnation) return undefined;
    // Ours but not held here: a create whose answer was lost, or a tenure the self-fence ended while NATS still
    // kept it. End it and begin anew, so that a new tenure always has a new epoch.
    if (!(await this.#delete(shard, current.revision))) return undefined;
    const sentAgain = this.#clock.now();
    try {
      return await this.#begin(shard, await this.#kv.create(key(shard), this.#record()), sentAgain);
    } catch (error) {
      if (isRefusedBySequence(error)) return undefined;
      throw error;
    }
  }

  /** A tenure whose first write was sent at `sentAt`; given back at once when its answer came too late to use. */
  async #begin(shard: number, revision: number, sentAt: number): Promise<number | undefined> {
    const deadline = validUntil(sentAt, this.#timings);
    if (this.#clock.now() >= deadline) {
      await this.#delete(shard, revision);
      return undefined;
    }
    const tenure: Tenure = { shard, epoch: revision, revision, validUntil: deadline, timer: undefined };
    this.#held.set(shard, tenure);
    this.#arm(tenure);
    return tenure.epoch;
  }

  async #renew(shard: number, retry: boolean): Promise<boolean> {
    const tenure = this.#held.get(shard);
    if (tenure === undefined) return false;
    if (this.#clock.now() >= tenure.validUntil) {
      this.#lose(tenure, 'expired');
      return false;
    }
    const sentAt = this.#clock.now();
    try {
      // No longer than the lease is still valid: an answer after that is of no use.
      const revision = await this.#kv.update(
        key(shard),
        this.#record(tenure.epoch),
        tenure.revision,
        Math.max(1, tenure.validUntil - sentAt),
      );
      if (this.#held.get(shard) !== tenure) {
        // Lost or released while the renewal was on its way: free the lease it just refreshed.
        await this.#delete(shard, revision);
        return false;
      }
      tenure.revision = revision;
      tenure.validUntil = Math.max(tenure.validUntil, validUntil(sentAt, this.#timings));
      this.#arm(tenure);
      return true;
    } catch (error) {
      if (this.#held.get(shard) !== tenure) return false;
      if (!isRefusedBySequence(error)) {
        // Unknown outcome (a time-out, NATS away): keep the shard until its deadline; the next round tries again.
        this.#logger.warn('cluster: a lease renewal went unanswered', { shard, error: String(error) });
        return false;
      }
      const current = leaseOf(await this.#kv.get(key(shard)).catch(() => null));
      if (retry && current?.incarnation === this.incarnation && current.owner === this.instanceId && current.epoch === tenure.epoch) {
        // An earlier renewal of ours landed unseen (its answer timed out): go on from its revision.
        tenure.revision = current.revision;
        return this.#renew(shard, false);
      }
      this.#lose(tenure, 'refused');
      return false;
    }
  }

  /** Deletes the lease if `revision` is still its last; true when deleted. Never throws: an undeleted lease expires. */
  async #delete(shard: number, revision: number): Promise<boolean> {
    try {
      await this.#kv.delete(key(shard), { previousSeq: revision });
      return true;
    } catch (error) {
      if (!isRefusedBySequence(error))
        this.#logger.warn('cluster: could not delete a lease; it expires within the TTL', { shard, error: String(error) });
      return false;
    }
  }

  #arm(tenure: Tenure): void {
    this.#clock.clearTimer(tenure.timer);
    tenure.timer = this.#clock.setTimer(tenure.validUntil - this.#clock.now(), () => {
      if (this.#held.get(tenure.shard) === tenure && this.#clock.now() >= tenure.validUntil) this.#lose(tenure, 'expired');
    });
  }

  #drop(tenure: Tenure): void {
    this.#clock.clearTimer(tenure.timer);
    tenure.timer = undefined;
    if (this.#held.get(tenure.shard) === tenure) this.#held.delete(tenure.shard);
  }

  #lose(tenure: Tenure, reason: ShardLossReason): void {
    this.#drop(tenure);
    const loss: ShardLoss = { shard: tenure.shard, epoch: tenure.epoch, reason };
    this.#logger.warn('cluster: lost a shard', { ...loss });
    for (const listener of this.#lossListeners) {
      try {
        listener(loss);
      } catch (error) {
        this.#logger.error('cluster: a shard-loss listener failed', { shard: tenure.shard, error: String(error) });
      }
    }
  }

  #record(epoch?: number): string {
    return encodeRecord({ owner: this.instanceId, incarnation: this.incarnation, ...(epoch === undefined ? {} : { epoch }) });
  }

  #check(shard: number): void {
    if (!Number.isInteger(shard) || shard < 0 || shard >= this.#shards)
      throw new RangeError(`shard ${shard} is not one of 0..${this.#shards - 1}`);
  }

  /** Runs `op` after the shard's earlier operations. */
  #serial<T>(shard: number, op: () => Promise<T>): Promise<T> {
    const previous = this.#queues.get(shard) ?? Promise.resolve();
    const result = previous.then(op);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    this.#queues.set(shard, settled);
    void settled.then(() => {
      if (this.#queues.get(shard) === settled) this.#queues.delete(shard);
    });
    return result;
  }
}

/** A shard's key in the leases bucket: its number. */
function key(shard: number): string {
  return String(shard);
}
