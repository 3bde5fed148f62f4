/**
 * What the host (the process that keeps the shards' entities in memory and commits their changes) gives the
 * ownership reconciler (ownership.ts), and when each hook is called. Per tenure of a shard (one epoch):
 *
 *     acquire(shard, epoch) ──throws──> (the lease is released; tried again at the next round)
 *            │ resolves
 *            ▼
 *     owned: epochOf(shard) answers the epoch; the host accepts commands for the shard
 *            │
 *            ├── no longer desired / stop({ handoff: true }) ──> beforeRelease(shard), then the lease is released
 *            └── lease lost, self-fenced, fenced(), stop({ handoff: false }) ──> dropped(shard, reason), at once
 *
 * Hooks of one shard never overlap, with one exception: `dropped` arrives at once even while `beforeRelease`
 * runs (the lease ended mid-flush: abandon the flush). A loss while `acquire` runs is delivered as `dropped`
 * right after `acquire` resolves (the host accepts nothing for a shard before then), and not at all when it
 * throws. Different shards' hooks run concurrently.
 */

import type { Logger } from '../log/logger.js';
import type { Clock } from '../scheduler/index.js';
import type { ClusterBuckets } from './buckets.js';
import type { LeaseTimings } from './timings.js';

export interface ShardOwnershipOptions {
  /** The cluster's buckets (buckets.ts), on this instance's own NATS connection. */
  readonly buckets: ClusterBuckets;
  readonly instanceId: string;
  /** The shard count: shards are 0 .. shards-1. */
  readonly shards: number;
  /** Real time in production (systemClock): the rounds pace I/O. Tests move a manual clock. */
  readonly clock: Clock;
  readonly timings: LeaseTimings;
  readonly logger: Logger;
  readonly hooks: ShardOwnershipHooks;
  /** How long a handoff waits for `beforeRelease` before it releases the lease anyway. @default the lease TTL */
  readonly handoffTimeoutMs?: number;
}

export interface StopOptions {
  /**
   * true: leave the membership, then hand every shard off (`beforeRelease`, release) so the others take them at
   * once (a SIGTERM). false: drop every shard at once (`dropped(shard, 'stopped')`), release the leases, leave.
   */
  readonly handoff: boolean;
}

/** Why a tenure ended without a handoff. */
export type ShardDropReason =
  /** The self-fence deadline passed before a renewal was confirmed (paused, NATS away or slow). */
  | 'expired'
  /** A renewal was refused: another instance holds the lease, or the TTL removed it. */
  | 'refused'
  /** The host's commit path reported that PostgreSQL refused the epoch (`fenced`). */
  | 'fenced'
  /** `stop({ handoff: false })`. */
  | 'stopped';

export interface ShardOwnershipHooks {
  /**
   * The lease of `shard` was taken with `epoch`. Record the epoch in PostgreSQL (the fence: refuse when a higher
   * one is there) and load the shard's entities (re-arm their timers); resolve once the shard can accept
   * commands. Throw to refuse the shard: the lease is released and taken again at the next round, with a new
   * epoch. Commits need `epochOf(shard)`, which answers only after this resolved. Not bounded here: until it settles
   * the lease is renewed and no other instance can take the shard, so bound the loading (and throw past it).
   */
  acquire(shard: number, epoch: number): Promise<void>;
  /**
   * The shard moves to another instance (a member joined, or this one stops gracefully). Stop accepting
   * commands for it (they wait and retry), commit what was accepted (epochOf still answers), then forget the
   * shard's entities; the lease is released when this settles, so the new owner can take it at once. Bounded
   * by the handoff timeout: past it the lease is released anyway, and a commit still on its way is refused by
   * the fence.
   */
  beforeRelease(shard: number): Promise<void>;
  /**
   * The tenure ended without a handoff: forget the shard's entities and fail what it accepted but did not
   * commit, at once, flushing nothing (its commits would be refused). Synchronous: called from the loss itself.
   */
  dropped(shard: number, reason: ShardDropReason): void;
}
