/**
 * Membership: which instances of the cluster are alive, as keys of the `<name>_members` bucket. An instance
 * joins by `create` (refused while another live process holds its id), keeps its key fresh with a heartbeat
 * (`update` by revision) every renew interval, and leaves by `delete`. A killed instance stops writing and its
 * key is removed by the bucket's TTL; NATS 2.9 sends no watch event for that, so the live set is re-read
 * (`keys()`) on every heartbeat: a death is seen at most TTL + one renew interval after the last heartbeat.
 *
 * Membership decides nothing alone: placement (placement.ts) turns the live set into the shards each instance
 * should own, and leases (leases.ts) decide who does. An instance whose heartbeat lapsed (paused past the TTL)
 * joins again at its next heartbeat and meanwhile sees itself absent, so it desires no shards.
 */
import type { KV } from '@nats-io/kv';
import type { Logger } from '../log/logger.js';
import type { Clock, TimerHandle } from '../scheduler/index.js';
import { encodeRecord, isRefusedBySequence, memberOf, newIncarnation } from './records.js';
import type { LeaseTimings } from './timings.js';

export interface MembershipOptions {
  /** The cluster's `<name>_members` bucket (buckets.ts). */
  readonly kv: KV;
  readonly instanceId: string;
  /** Real time in production (systemClock): heartbeats pace I/O (docs/adr/0027). */
  readonly clock: Clock;
  readonly timings: LeaseTimings;
  readonly logger: Logger;
}

/** Another live process has this instance id (two instances configured with one SVC_INSTANCE_ID). */
export class InstanceIdInUseError extends Error {
  constructor(readonly instanceId: string) {
    super(`cluster: the instance id ${instanceId} is in use by another live instance; give each instance its own SVC_INSTANCE_ID`);
    this.name = 'InstanceIdInUseError';
  }
}

export class Membership {
  readonly instanceId: string;
  /** This process's incarnation: tells our record from a predecessor's under the same id. */
  readonly incarnation = newIncarnation();
  readonly #kv: KV;
  readonly #clock: Clock;
  readonly #timings: LeaseTimings;
  readonly #logger: Logger;
  #revision: number | undefined;
  #live: readonly string[] = [];
  readonly #listeners = new Set<(live: readonly string[]) => void>();
  #timer: TimerHandle | undefined;
  #ticking = false;

  constructor(options: MembershipOptions) {
    this.instanceId = options.instanceId;
    this.#kv = options.kv;
    this.#clock = options.clock;
    this.#timings = options.timings;
    this.#logger = options.logger;
  }

  /** Whether our record is in the bucket, as far as our last write knows. */
  get joined(): boolean {
    return this.#revision !== undefined;
  }

  /** The live instance ids at the last `refresh`, sorted. */
  get live(): readonly string[] {
    return this.#live;
  }

  /** Calls `listener` with the live ids whenever a refresh finds them changed; returns the unsubscribe. */
  onChange(listener: (live: readonly string[]) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Adds this instance. While another incarnation's record holds the id (a predecessor killed less than a TTL
   * ago, or a second process with the same id), tries again every renew interval for up to `waitMs` (default:
   * one TTL and one interval, long enough for a dead predecessor's record to expire), then throws
   * InstanceIdInUseError.
   */
  async join(waitMs = this.#timings.ttlMs + this.#timings.renewIntervalMs): Promise<void> {
    const deadline = this.#clock.now() + waitMs;
    for (;;) {
      if (await this.#tryJoin()) return;
      if (this.#clock.now() >= deadline) throw new InstanceIdInUseError(this.instanceId);
      await new Promise<void>((resolve) => this.#clock.setTimer(this.#timings.renewIntervalMs, resolve));
    }
  }

  /** One heartbeat: refreshes our record by revision, or joins again if it lapsed. */
  async heartbeat(): Promise<void> {
    if (this.#revision === undefined) {
      if (!(await this.#tryJoin()))
        this.#logger.warn('cluster: cannot rejoin, the instance id is held by another incarnation', { instanceId: this.instanceId });
      return;
    }
    try {
      this.#revision = await this.#kv.update(this.instanceId, this.#record(), this.#revision);
    } catch (error) {
      if (!isRefusedBySequence(error)) throw error;
      // The TTL removed our record (we were paused or cut off longer than it): join again.
      this.#revision = undefined;
      this.#logger.warn('cluster: our membership lapsed; joining again', { instanceId: this.instanceId });
      await this.heartbeat();
    }
  }

  /** Re-reads the live instances; notifies the listeners when they changed. */
  async refresh(): Promise<readonly string[]> {
    const ids: string[] = [];
    for await (const key of await this.#kv.keys()) ids.push(key);
    ids.sort();
    if (ids.length !== this.#live.length || ids.some((id, i) => id !== this.#live[i])) {
      this.#live = ids;
      for (const listener of this.#listeners) {
        try {
          listener(ids);
        } catch (error) {
          this.#logger.error('cluster: a membership listener failed', { error: String(error) });
        }
      }
    }
    return this.#live;
  }

  /** Heartbeat and refresh every renew interval until `stop` or `leave`; failures are logged, and tried again next time. */
  start(): void {
    if (this.#timer !== undefined) return;
    this.#timer = this.#clock.setRepeatingTimer(this.#timings.renewIntervalMs, () => {
      if (this.#ticking) return;
      this.#ticking = true;
      this.heartbeat()
        .then(() => this.refresh())
        .catch((error: unknown) => this.#logger.warn('cluster: membership heartbeat failed', { error: String(error) }))
        .finally(() => (this.#ticking = false));
    });
  }

  /** Stops the heartbeats; the record then expires after the TTL (as after a crash). */
  stop(): void {
    this.#clock.clearTimer(this.#timer);
    this.#timer = undefined;
  }

  /** Stops and removes our record at once, so the others rebalance without waiting for the TTL. */
  async leave(): Promise<void> {
    this.stop();
    const revision = this.#revision;
    this.#revision = undefined;
    if (revision === undefined) return;
    try {
      await this.#kv.delete(this.instanceId, { previousSeq: revision });
    } catch (error) {
      // Refused: the record is gone already, or a successor's. Otherwise it expires within the TTL.
      if (!isRefusedBySequence(error)) this.#logger.warn('cluster: could not remove our membership', { error: String(error) });
    }
  }

  #record(): string {
    return encodeRecord({ instanceId: this.instanceId, incarnation: this.incarnation });
  }

  /** Creates our record; true when it is ours (also when an earlier create of ours landed unseen). */
  async #tryJoin(): Promise<boolean> {
    try {
      this.#revision = await this.#kv.create(this.instanceId, this.#record());
      return true;
    } catch (error) {
      const current = memberOf(await this.#kv.get(this.instanceId));
      if (current?.incarnation === this.incarnation) {
        this.#revision = current.revision;
        return true;
      }
      if (isRefusedBySequence(error)) return false;
      throw error;
    }
  }
}
