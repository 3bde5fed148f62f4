/**
 * The history the event stream's replay reads (eventStream.ts, docs/adr/0060): `cluster_events`, one row per
 * event a shard's owner committed, keyed by (shard, epoch, seq). Its rows are staged through the batch writer in
 * the same group commit as the change they announce, so a row exists if and only if its change committed.
 * Declared by `clusterEventsModule` in its own namespace; created in every database (single-process ones stay
 * empty). Its SQL is written out here: an applied migration never changes.
 */
import type { ProductModule } from '../modules/module.js';
import type { Migration } from '../persistence/migration.js';
import type { TableSpec } from '../persistence/tableSpec.js';

export const CLUSTER_EVENTS_NAMESPACE = 'clusterEvents';

export const clusterEventsSchema: Migration = {
  namespace: CLUSTER_EVENTS_NAMESPACE,
  version: 1,
  name: 'cluster_events',
  async up(trx) {
    // The primary key is the replay's index: `shard = $1 and (epoch, seq) > ($2, $3) order by epoch, seq` is a range
    // scan of it. `at` (the owner's clock at staging) is what pruning compares with its retention.
    await trx.raw(`create table cluster_events (
      shard integer not null check (shard >= 0),
      epoch bigint not null check (epoch > 0),
      seq bigint not null check (seq > 0),
      at timestamptz not null,
      payload jsonb not null,
      primary key (shard, epoch, seq))`);
  },
};

/**
 * Append-only rows. Last in a commit (no foreign keys): the module is in every product's list, whose tables all carry
 * their own order.
 */
export const clusterEventsTable: TableSpec = {
  name: 'cluster_events',
  key: ['shard', 'epoch', 'seq'],
  order: 1000,
  columns: [
    { name: 'shard', type: 'integer' },
    { name: 'epoch', type: 'bigint' },
    { name: 'seq', type: 'bigint' },
    { name: 'at', type: 'timestamptz' },
    { name: 'payload', type: 'jsonb' },
  ],
  mode: 'insert',
};

/**
 * The event history as a module: its migration and its table (so the writer knows its commit order). It adds
 * nothing at run time; the entry composes it in every product, so every database has the same schema (single-process
 * databases keep it empty: only cluster mode's read model writes it).
 */
// biome-ignore lint/complexity/noBannedTypes: {} is the empty service set: it needs nothing and provides nothing
export const clusterEventsModule: ProductModule<{}, {}> = {
  name: CLUSTER_EVENTS_NAMESPACE,
  migrations: [clusterEventsSchema],
  tables: [clusterEventsTable],
  create: () => ({ services: {} }),
};
