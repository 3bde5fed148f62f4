/**
 * The cluster fence in the group commit (docs/adr/0054-the-commit-fence.md). In cluster mode an instance
 * writes only the shards it holds, each at an epoch (its lease's revision). A lease alone is not mutual
 * exclusion: a paused owner wakes up still believing it holds its shards. So every commit that touches a
 * shard checks, in the same transaction as its writes, that the epoch stored for the shard
 * (`cluster_shard_epochs`, written by src/platform/cluster/fence.ts `claimShardEpoch`) is the one the
 * writer holds; if any is not, the database refuses the whole commit.
 *
 * The check is `cluster_shard_fence(shards, epochs)`, a function the cluster's migration creates from
 * `FENCE_FUNCTION_SQL`: it reads the shards' rows `for share` and raises SQLSTATE `SVF01` naming the stale
 * shards. The share lock is what orders a commit against a claim: the claim's update of the row waits for
 * a commit that read it, and a commit that reads it while a claim is updating it waits, then sees the new
 * epoch (READ COMMITTED re-reads a locked row's latest version) and is refused. So a commit is either
 * wholly before the epoch moved or refused.
 *
 * A batch without deletes stays ONE statement: its tables' statements become data-modifying CTEs and the
 * statement's own query is the fence call (run first; the CTEs run after it, to completion, and an error
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
 * The fence check as a function. `for share` (not `for key share`): a claim updates `epoch`, a non-key
 * column, which takes FOR NO KEY UPDATE, and only FOR SHARE conflicts with that. A shard without a row
 * (never claimed) is stale too.
 */
export const FENCE_FUNCTION_SQL = `create function cluster_shard_fence(shards integer[], epochs bigint[]) returns integer
language plpgsql as $$
declare
  stale text;
begin
  select string_agg(held.shard::text, ',' order by held.shard) into stale
  from unnest(shards, epochs) as held(shard, epoch)
  left join (select e.shard, e.epoch from ${SHARD_EPOCHS_TABLE} e where e.shard = any(shards) for share) stored
    on stored.shard = held.shard
  where stored.epoch is distinct from held.epoch;
  if stale is not null then
    raise exception using errcode = '${FENCE_SQLSTATE}', detail = stale,
      message = 'cluster fence: the epoch of shard ' || stale || ' moved; another instance owns it';
  end if;
  return 0;
end
$$`;

/** The fence on its own (a transaction's first statement); bindings: `fenceBindings`. */
export const FENCE_CALL = 'select cluster_shard_fence(?::integer[], ?::bigint[])';

/**
 * A batch's tables' statements and the fence as one statement: every table's statement a
 * data-modifying CTE, the fence the statement's query. Its bindings: the tables', then `fenceBindings`.
 */
export function fencedStatement(statements: readonly string[]): string {
  return `with ${statements.map((sql, i) => `t${i} as (${sql})`).join(', ')} ${FENCE_CALL}`;
}

/** The touched shards and their held epochs as the fence's two array parameters. */
export function fenceBindings(shards: ReadonlyMap<number, number>): [Knex.Value, Knex.Value] {
  return [`{${[...shards.keys()].join(',')}}`, `{${[...shards.values()].join(',')}}`];
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
