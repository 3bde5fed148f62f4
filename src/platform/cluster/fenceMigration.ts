/**
 * The cluster's table of held epochs and the fence function commits call (src/platform/persistence/batchFence.ts).
 * Created in every database, single-process ones included: it stays empty there and nothing reads it, and a
 * database that later serves a cluster needs no step of its own.
 */
import { FENCE_FUNCTION_SQL, SHARD_EPOCHS_TABLE } from '../persistence/batchFence.js';
import type { Migration } from '../persistence/migration.js';

export const CLUSTER_NAMESPACE = 'cluster';

export const shardEpochsSchema: Migration = {
  namespace: CLUSTER_NAMESPACE,
  version: 1,
  name: 'cluster_shard_epochs',
  async up(trx) {
    // One row per shard ever claimed: who holds it, at which epoch (its lease's revision), since when.
    await trx.raw(`create table ${SHARD_EPOCHS_TABLE} (
      shard integer primary key check (shard >= 0),
      epoch bigint not null check (epoch > 0),
      owner text not null,
      taken_at timestamptz not null)`);
    // Its own statement: the function's body has semicolons at line ends, which runStatements would split on.
    await trx.raw(FENCE_FUNCTION_SQL);
  },
};
