/**
 * The writing side of the cluster fence: an instance that takes a shard's lease records the lease's
 * revision as the shard's epoch here before it loads or writes the shard's entities; from then on every
 * commit of the previous owner that touches the shard is refused (src/platform/persistence/batchFence.ts,
 * docs/adr/0058-the-commit-fence.md).
 */
import type { Knex } from 'knex';
import { SHARD_EPOCHS_TABLE } from '../persistence/batchFence.js';

export type ShardClaim =
  | { readonly claimed: true }
  /** Refused: the shard is held at `holder.epoch`, higher than the claim's, or equal and by another owner. */
  | { readonly claimed: false; readonly holder: ShardHolder };

export interface ShardHolder {
  readonly epoch: number;
  readonly owner: string;
  readonly takenAt: Date;
}

/**
 * Records that `owner` holds `shard` at `epoch`. Accepted when the stored epoch is lower (or the shard was
 * never claimed); claiming the epoch one already holds again is accepted and changes nothing (a retry after
 * an ambiguous answer). Refused, atomically, when the stored epoch is higher, or equal and another's: an
 * old owner cannot go back. The update waits for the commits that read the shard's row (`for share`) and
 * holds back those that come after it, so each of the previous owner's commits is wholly before the claim
 * or refused. `knex` may be a transaction (the claim then holds the row until it ends).
 * `taken_at` is the database's time of the claim: a record for people, read by no rule.
 */
export async function claimShardEpoch(knex: Knex, shard: number, epoch: number, owner: string): Promise<ShardClaim> {
  if (!Number.isInteger(shard) || shard < 0 || shard > 2_147_483_647)
    throw new Error(`claimShardEpoch: shard ${shard} is not a shard number`);
  if (!Number.isSafeInteger(epoch) || epoch <= 0) throw new Error(`claimShardEpoch: epoch ${epoch} is not a positive integer`);
  if (owner === '') throw new Error('claimShardEpoch: the owner is empty');
  const result = await knex.raw(
    `insert into ${SHARD_EPOCHS_TABLE} as held (shard, epoch, owner, taken_at) values (?, ?, ?, now())
     on conflict (shard) do update set epoch = excluded.epoch, owner = excluded.owner, taken_at = excluded.taken_at
     where held.epoch < excluded.epoch
     returning epoch`,
    [shard, epoch, owner],
  );
  if ((result.rows as unknown[]).length > 0) return { claimed: true };
  const holder = await readShardEpoch(knex, shard);
  if (holder === undefined) throw new Error(`claimShardEpoch: shard ${shard} has no row after its claim was refused`);
  return holder.epoch === epoch && holder.owner === owner ? { claimed: true } : { claimed: false, holder };
}

/** Who holds `shard` at which epoch, as stored; undefined for a shard never claimed. */
export async function readShardEpoch(knex: Knex, shard: number): Promise<ShardHolder | undefined> {
  const row = (await knex(SHARD_EPOCHS_TABLE).where({ shard }).first('epoch', 'owner', 'taken_at')) as
    | { epoch: number | string; owner: string; taken_at: Date | string }
    | undefined;
  return row === undefined ? undefined : { epoch: Number(row.epoch), owner: row.owner, takenAt: new Date(row.taken_at) };
}
