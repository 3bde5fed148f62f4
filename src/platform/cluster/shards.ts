/**
 * Shards: the unit of ownership in cluster mode. Every entity id maps to one of a fixed number of shards; each
 * shard has one owner at a time (placement.ts chooses it, leases.ts holds it). The count is fixed for the life
 * of a cluster (`SVC_CLUSTER_SHARDS`, the same on every instance, checked against the lease bucket at start):
 * changing it moves almost every entity to another shard.
 *
 * About ten times the largest cluster planned for: enough that a shard is a small part of one instance's load
 * (256 over 3 instances is 85 each, a moved shard is 0.4 % of the fleet), few enough that leasing every shard
 * costs little (one renewal per shard per renew interval across the cluster).
 */
import { hashString, reduce } from './hash.js';

export const DEFAULT_SHARD_COUNT = 256;
/** The largest count accepted: a lease (and a fence row) per shard must stay cheap to renew. */
export const MAX_SHARD_COUNT = 4096;

/**
 * The shard of an entity: `hashString(entityId)` (FNV-1a then murmur3's finalizer, hash.ts) reduced onto
 * `[0, count)` by multiply-shift. Stable across processes, versions and platforms (no seed, no `Math.random`),
 * cheap (one multiply per character, no allocation: under 0.2 µs for a UUID on the two-core development machine)
 * and as even as a random assignment over any set of ids (tested over 100,000 UUIDs).
 */
export function shardOf(entityId: string, count: number): number {
  return reduce(hashString(entityId), count);
}

/** A shard count as the cluster accepts it: a whole number from 1 to MAX_SHARD_COUNT. */
export function isShardCount(count: number): boolean {
  return Number.isInteger(count) && count >= 1 && count <= MAX_SHARD_COUNT;
}
