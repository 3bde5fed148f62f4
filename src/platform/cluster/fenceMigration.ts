/**
 * The cluster's table of held epochs and the function a refused commit calls (the check itself is in each
 * commit: src/platform/persistence/batchFence.ts). Created in every database, single-process ones included: it
 * stays empty there and nothing reads it, and a database that later serves a cluster needs no step of its own.
 * Its SQL is written out here, not built from constants: an applied migration never changes, and the test
 * template's key (test/support/backends.ts) is the migrations' own text.
 */
import type { Migration } from '../persistence/migration.js';

export const CLUSTER_NAMESPACE = 'cluster';

export const shardEpochsSchema: Migration = {
  namespace: CLUSTER_NAMESPACE,
  version: 1,
  name: 'cluster_shard_epochs',
  async up(trx) {
    // One row per shard ever claimed: who holds it, at which epoch (its lease's revision), since when.
    await trx.raw(`create table cluster_shard_epochs (
      shard integer primary key check (shard >= 0),
      epoch bigint not null check (epoch > 0),
      owner text not null,
      taken_at timestamptz not null)`);
    // Called only once a commit's check failed: names the touched shards whose stored epoch is not the held
    // one (all of them if it finds none, so a refusal never turns into a pass) and raises SVF01 (batchFence.ts
    // FENCE_SQLSTATE) with them as DETAIL. Volatile (plpgsql's default): the planner never runs it ahead of the
    // check. Its own statement: the body's semicolons at line ends would split it in runStatements.
    await trx.raw(`create function cluster_shard_fence_refused(shards integer[], epochs bigint[]) returns integer
language plpgsql as $$
declare
  stale text;
begin
  select string_agg(held.shard::text, ',' order by held.shard) into stale
  from unnest(shards, epochs) as held(shard, epoch)
  left join cluster_shard_epochs stored on stored.shard = held.shard
  where stored.epoch is distinct from held.epoch;
  stale := coalesce(stale, array_to_string(shards, ','));
  raise exception using errcode = 'SVF01', detail = stale,
    message = 'cluster fence: the epoch of shard ' || stale || ' moved; another instance owns it';
end
$$`);
  },
};
