/**
 * Cluster mode's question before a change (docs/adr/0067): is the entity's shard owned here, and at which
 * epoch? The writer asks it (`BatchWriter.admit`) before an entity is stepped, so a command for an entity
 * owned elsewhere fails with `ShardElsewhereError` before any state changes, and an owned one touches the
 * shard for the fence (batchFence.ts) in the same turn as its stages. Entities are named by a shard key (an
 * id, or a natural key such as a service's node path and name); the platform never reads it.
 * Single-process mode has no routing: `admit` is one property check and nothing else.
 */
export interface ShardRouting {
  /** The shard `key` is in (pure: every instance computes the same). */
  shardOf(key: string): number;
  /** The epoch this instance holds `shard` at and accepts commands for it; undefined: not here (forward or wait). */
  epochOf(shard: number): number | undefined;
  /**
   * Calls `listener(shard)` each time this instance starts accepting commands for a shard (timers due in it
   * fire here from then on). Returns the unsubscribe.
   */
  onTaken(listener: (shard: number) => void): () => void;
}

/**
 * Whether this instance owns `key`'s shard now, so that work which writes or sends because of a committed event
 * (heard on every instance in cluster mode, docs/adr/0071) runs here and nowhere else. Always true in a single
 * process (no routing).
 */
export function ownsKey(routing: ShardRouting | undefined, key: string): boolean {
  return routing === undefined || routing.epochOf(routing.shardOf(key)) !== undefined;
}
