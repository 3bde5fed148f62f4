/**
 * The two watches the ownership reconciler keeps on the cluster's buckets, and what they are for:
 *
 * - the leases bucket feeds the routing table (`holderOf`, leaseDirectory.ts), and a lease another instance
 *   deleted (a handoff, a stop) asks for a pass at once, so the new owner takes the shard in milliseconds rather
 *   than at its next round;
 * - the members bucket asks for a pass when a member appears or is deleted (a join, a leave), so placement
 *   follows at once; a heartbeat of a known member asks for nothing.
 *
 * Expiries by the buckets' TTL send nothing (NATS 2.9): the rounds find those. A watch that ended (the connection
 * was lost for good) is started again by `ensure`, at every round.
 */
import type { KvWatchEntry } from '@nats-io/kv';
import type { Logger } from '../log/logger.js';
import type { Clock, TimerHandle } from '../scheduler/index.js';
import type { ClusterBuckets } from './buckets.js';
import { BucketWatch } from './bucketWatch.js';
import { LeaseDirectory } from './leaseDirectory.js';
import type { ShardHolder } from './leases.js';

export interface ClusterWatchOptions {
  readonly buckets: ClusterBuckets;
  readonly instanceId: string;
  readonly shards: number;
  /** Whether `id` is in the live set as last read (membership.ts). */
  readonly isLive: (id: string) => boolean;
  /** Asks for a reconcile pass. */
  readonly onChange: () => void;
  /** The routing table changed: a shard's holder is another (or none) now. */
  readonly onHolderChange?: () => void;
  readonly clock: Clock;
  /** How long after a member's last write to look whether the TTL removed it (a little more than the TTL). */
  readonly expiryCheckMs: number;
  readonly logger: Logger;
}

export class ClusterWatch {
  readonly #options: ClusterWatchOptions;
  readonly #directory: LeaseDirectory;
  readonly #watches: readonly BucketWatch[];
  /** Per other member seen writing: the pass that looks whether it expired. */
  readonly #expiryChecks = new Map<string, TimerHandle>();

  constructor(options: ClusterWatchOptions) {
    this.#options = options;
    this.#directory = new LeaseDirectory(options.shards);
    this.#watches = [
      new BucketWatch(options.buckets.leases, 'leases', (entry) => this.#onLease(entry), options.logger),
      new BucketWatch(options.buckets.members, 'members', (entry) => this.#onMember(entry), options.logger),
    ];
  }

  /** The holder of the shard's lease as the watch last saw it (any instance, live or not). */
  holderOf(shard: number): ShardHolder | undefined {
    return this.#directory.get(shard);
  }

  /** Starts both watches; throws when NATS cannot create them. */
  async start(): Promise<void> {
    await Promise.all(this.#watches.map((watch) => watch.start()));
  }

  /** Starts again a watch that ended; failures are logged (the next round tries again). */
  ensure(): void {
    for (const watch of this.#watches) {
      if (!watch.running)
        watch.start().catch((error: unknown) => this.#options.logger.warn('cluster: cannot watch a bucket', { error: String(error) }));
    }
  }

  stop(): void {
    for (const watch of this.#watches) watch.stop();
    for (const timer of this.#expiryChecks.values()) this.#options.clock.clearTimer(timer);
    this.#expiryChecks.clear();
  }

  #onLease(entry: KvWatchEntry): void {
    const change = this.#directory.apply(entry);
    if (change !== undefined && (change.previous?.owner !== change.current?.owner || change.previous?.epoch !== change.current?.epoch))
      this.#options.onHolderChange?.();
    // A lease another instance deleted: take it now if placement gives it to us.
    if (change?.current === undefined && change?.previous !== undefined && change.previous.owner !== this.#options.instanceId)
      this.#options.onChange();
  }

  #onMember(entry: KvWatchEntry): void {
    const { clock, instanceId, expiryCheckMs, isLive, onChange } = this.#options;
    const present = entry.operation === 'PUT';
    if (entry.key !== instanceId) {
      clock.clearTimer(this.#expiryChecks.get(entry.key));
      if (present) {
        const timer = clock.setTimer(expiryCheckMs, () => {
          if (this.#expiryChecks.get(entry.key) === timer) this.#expiryChecks.delete(entry.key);
          onChange();
        });
        this.#expiryChecks.set(entry.key, timer);
      } else {
        this.#expiryChecks.delete(entry.key);
      }
    }
    if (isLive(entry.key) !== present) onChange();
  }
}
