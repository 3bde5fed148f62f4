/**
 * The cluster fence in the group commit (docs/adr/0058-the-commit-fence.md). In cluster mode an instance
 * writes only the shards it holds, each at an epoch (its lease's revision). A lease alone is not mutual
 * exclusion: a paused owner wakes up still believing it holds its shards. So every commit that touches a
 * shard checks, in the same transaction as its writes, that the epoch stored for the shard
 * (`cluster_shard_epochs`, written by src/platform/cluster/fence.ts `claimShardEpoch`) is the one the
 * writer holds; if any is not, the database refuses the whole commit.
 *
 * The check (`FENCE_CALL`) reads the shards' rows `for share` and counts those at the held epoch; when one
 * is missing it calls `cluster_shard_fence_refused(shards, epochs)`, a function the cluster's migration
 * creates (src/platform/cluster/fenceMigration.ts), which raises SQLSTATE `SVF01` with the stale shards as
 * its DETAIL. The share lock is what orders a commit against a claim: the claim's update of the row waits
 * for a commit that read it, and a commit that reads it while a claim is updating it waits, then sees the
 * new epoch and is refused. So a commit is either wholly before the epoch moved or refused.
 *
 * A batch without deletes stays ONE statement: its tables' statements become data-modifying CTEs and the
 * statement's own query is the fence check (run first; the CTEs run after it, to completion, and an error
 * anywhere rolls the statement back). A batch with deletes calls the fence first in its transaction.
 * Without a fence (single-process mode) none of this runs: the batch's `shards` stays undefined.
 */
import type { Knex } from 'knex';

/** What the writer's owner is told when the fence refused a commit. */
export interface CommitFence {
  /**
   * The stored epoch of these shards (ascending) is not the one this instance holds: another instance
   * owns them. Drop them at once (stop taking commands for them, forget their entities). Runs after the
   * refused batch's and the queued batch's rollback hooks, before their waiters are rejected.
   */
  onFenced(shards: readonly number[]): void;
}

/** The SQLSTATE the fence function raises; its DETAIL lists the stale shards, comma-separated. */
export const FENCE_SQLSTATE = 'SVF01';

/** The table of held epochs: one row per shard ever claimed. */
export const SHARD_EPOCHS_TABLE = 'cluster_shard_epochs';

/**
 * The check: the touched shards' rows whose stored epoch is the held one, locked `for share`, must be as
 * many as the touched shards. `for share` (not `for key share`): a claim updates `epoch`, a non-key column,
 * which takes FOR NO KEY UPDATE, and only FOR SHARE conflicts with that. A row a claim is updating is waited
 * for, then re-read at its latest version (READ COMMITTED), whose new epoch no longer matches. A shard
 * without a row (never claimed) does not match either. Plain SQL, so a passing check costs a join of a few
 * rows; only a refusal calls the function, which names the stale shards and raises.
 */
export const FENCE_CALL = `select case when count(*) = ?::integer then 0 else cluster_shard_fence_refused(?::integer[], ?::bigint[]) end
from (select 1 from ${SHARD_EPOCHS_TABLE} stored join unnest(?::integer[], ?::bigint[]) as held(shard, epoch)
  on stored.shard = held.shard and stored.epoch = held.epoch for share of stored) as locked`;

/**
 * A batch's tables' statements and the fence as one statement: every table's statement a
 * data-modifying CTE, the fence the statement's query. Its bindings: the tables', then `fenceBindings`.
 */
export function fencedStatement(statements: readonly string[]): string {
  return `with ${statements.map((sql, i) => `t${i} as (${sql})`).join(', ')} ${FENCE_CALL}`;
}

/** The fence's parameters: how many shards are touched, then the shards and their held epochs as arrays, twice. */
export function fenceBindings(shards: ReadonlyMap<number, number>): Knex.Value[] {
  const touched = `{${[...shards.keys()].join(',')}}`;
  const held = `{${[...shards.values()].join(',')}}`;
  return [shards.size, touched, held, touched, held];
}

/**
 * Record that a batch touches `shard` at `epoch` (`shards`: the batch's map, shard to epoch). A shard
 * touched at two epochs in one batch keeps the lower: part of the batch was staged under an epoch the
 * writer no longer holds, and the stored epoch (at least the higher) then refuses the batch.
 */
export function touch(shards: Map<number, number>, shard: number, epoch: number): void {
  if (!Number.isInteger(shard) || shard < 0 || shard > 2_147_483_647) throw new Error(`touchShard: shard ${shard} is not a shard number`);
  if (!Number.isSafeInteger(epoch) || epoch <= 0) throw new Error(`touchShard: epoch ${epoch} is not a positive integer`);
  const held = shards.get(shard);
  if (held === undefined || epoch < held) shards.set(shard, epoch);
}

/** The shards a refused commit names, or undefined when `error` is not the fence's refusal. */
export function fencedShards(error: unknown): number[] | undefined {
  const { code, detail } = (error ?? {}) as { code?: unknown; detail?: unknown };
  if (code !== FENCE_SQLSTATE || typeof detail !== 'string') return undefined;
  return detail.split(',').map(Number);
}
